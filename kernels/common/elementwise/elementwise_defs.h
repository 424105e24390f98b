// Declaration helpers for elementwise-style kernels (activations, unary math, binary
// arithmetic, comparisons, logical ops): the parts every such KernelDef repeats.
//
// Owns: builders pre-filled with the inputs, the shape inference (same shape, or numpy
// broadcasting that tolerates unknown dims), the engine rules (AI Core: static shapes and
// vector cost; AI CPU: scalar cost) and the source path. Callers add attributes and
// Build(). Also the shape-inference functions on their own.
// Thread safety: pure. Failure: the inference functions return kOpInputNotMatch for shapes
// that do not broadcast; the layout constraint refuses a blocked-format input (NC1HWC0,
// FRACTAL_*) combined with a differently laid-out input that is not a scalar.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// One output: input 0's spec, with dtype `out_dtype` unless that is kUndefined.
InferShapeFn SameShapeInfer(DataType out_dtype = DataType::kUndefined);
// One output: the broadcast of every present input's dims; dtype of the input at
// `dtype_from` (or `out_dtype`); format shared by the inputs, else the blocked one.
InferShapeFn BroadcastInfer(DataType out_dtype = DataType::kUndefined, size_t dtype_from = 0);

// The plain layouts (dims in the order the op's axes refer to). Kernels whose semantics
// depend on axes (reductions, softmax, layer norms) accept only these, so an input in a
// blocked layout (NC1HWC0 ...) is converted back by the selection first. NCHW comes first:
// it is the plain format TransData produces from NC1HWC0.
std::vector<Format> PlainFormats();

// Refuses mixing a blocked layout with another layout unless the other tensor is a scalar
// (numpy broadcasting over blocked dims would pair the wrong elements).
ConstraintFn SameLayoutOrScalar();

// x -> y of the same shape. `ops` is vector (AI Core) or scalar (AI CPU) ops per element.
KernelBuilder UnaryBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                           double ops, const std::string& source, DataType out_dtype = DataType::kUndefined);
// (A, B) -> C broadcast; B must have A's dtype. `names` are the ONNX input names.
KernelBuilder BinaryBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                            double ops, const std::string& source, DataType out_dtype = DataType::kUndefined,
                            const std::pair<std::string, std::string>& names = {"A", "B"});
// (x0, x1, ...) -> y broadcast over every input; all of x0's dtype.
KernelBuilder VariadicBuilder(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                              double ops, const std::string& source);
// Adds the engine rules (static shapes and vector cost on AI Core, scalar cost on AI CPU).
KernelBuilder& EngineRules(KernelBuilder& b, Engine engine, double ops);

}  // namespace asim::kernels
