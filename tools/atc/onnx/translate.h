// The translation table: ONNX op type (default domain) -> the function that maps one node
// onto kernel-registry ops (docs/atc.md, "Operators").
//
// Owns the op-by-op rules, split by family: ops_direct.cpp (ONNX ops the registry
// implements under the same name, inputs and attribute names, opset differences handled
// by the kernels: Clip, Slice, Pad, Squeeze / Unsqueeze, Reduce*, Split ...) and
// ops_special.cpp (Constant, Identity, Dropout, Cast, Softmax before opset 13,
// BatchNormalization, MaxPool's indices, Upsample and Resize-10, Reshape-1, TopK-1,
// Scatter, ConstantOfShape, EyeLike ...) and ops_quant.cpp (QuantizeLinear, DequantizeLinear,
// MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv on float kernels) and
// ops_sequence.cpp (sequences as conversion-time lists of tensors) and ops_legacy.cpp (the
// semantics of opsets before 7: broadcast / axis, Concat-1, Tile-1). Control flow
// (If, Loop, Scan: control_flow.h) and ops ONNX defines as functions are translated by the
// importer.
// Thread safety: the table is immutable. Failure: each function returns the Status of
// NodeContext (EZ3003 no kernel, E16007 unsupported construct).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "tools/atc/onnx/node_context.h"

namespace asim::atc::onnx_import {

using TranslateFn = Status (*)(NodeContext& ctx);

// nullptr when the op type has no translation.
TranslateFn FindTranslator(const std::string& op_type);
// Sorted, for docs and messages.
std::vector<std::string> TranslatedOpTypes();

// Families (each file registers its ops).
void AddDirectOps(std::vector<std::pair<std::string, TranslateFn>>* table);
// The kernel registry's op types that are not ONNX ops (emitted by the converter itself).
const std::set<std::string>& InternalOpTypes();
void AddSpecialOps(std::vector<std::pair<std::string, TranslateFn>>* table);
void AddQuantOps(std::vector<std::pair<std::string, TranslateFn>>* table);
void AddSequenceOps(std::vector<std::pair<std::string, TranslateFn>>* table);
void AddLegacyOps(std::vector<std::pair<std::string, TranslateFn>>* table);  // opset < 7 semantics
// Cast-1's `to` type name ("FLOAT", "INT32" ...) as its TensorProto number; -1 if unknown.
int32_t LegacyCastType(const std::string& name);

// Emits `type` with the node's inputs (trailing absent ones dropped) and plain attributes.
Status TranslateDirect(NodeContext& c, const std::string& type);

}  // namespace asim::atc::onnx_import
