// The TensorFlow translation table: op type -> the function that maps one node onto
// kernel-registry ops (docs/atc.md, "TensorFlow ops").
//
// Owns the node-by-node rules, split by family: ops_nn.cpp (Conv2D, DepthwiseConv2dNative,
// Conv2DBackpropInput, BiasAdd, FusedBatchNorm*, MaxPool, AvgPool, LRN, Softmax, LogSoftmax,
// MatMul, BatchMatMul*, ResizeBilinear, ResizeNearestNeighbor, TopKV2), ops_math.cpp
// (activations and unary math, binary arithmetic and comparisons with broadcasting, AddN,
// reductions, ArgMax / ArgMin, Cast) and ops_shape.cpp (Identity and its kin, Pad*, ConcatV2,
// Pack, Unpack, Split*, Reshape, Squeeze, ExpandDims, Transpose, Shape, StridedSlice, Slice,
// Gather*, Fill, Tile, ZerosLike / OnesLike). Placeholder and Const are the importer's.
// Thread safety: the table is immutable. Failure: each function returns NodeContext's
// statuses (E19011 malformed node, E16007 unsupported attr or non-constant shape input,
// EZ3003 no kernel).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/atc/tensorflow/node_context.h"

namespace asim::atc::tf_import {

using TranslateFn = Status (*)(NodeContext& c);

// nullptr when the op has no translation.
TranslateFn FindOpTranslator(const std::string& op);
// Sorted, for docs and messages (Placeholder and Const included).
std::vector<std::string> TranslatedOps();

using Table = std::vector<std::pair<std::string, TranslateFn>>;
void AddNnOps(Table* table);
void AddMathOps(Table* table);
void AddShapeOps(Table* table);

// Negative axes count from the end; E19011 when out of range.
Status NormalizeAxis(const NodeContext& c, int64_t axis, size_t rank, const std::string& what, size_t* out);

// The two operands of a broadcasting elementwise op in one layout: both as stored NCHW when
// either is (the other, of rank <= 4, is aligned from the right as TensorFlow broadcasts, then
// transposed), else both logical. *nchw says which.
Status AlignPair(NodeContext& c, TfValue a, TfValue b, int* ia, int* ib, bool* nchw);

// For an op that removes the (sorted, logical) `axes` of a value stored NCHW: the axes it
// removes in storage order (*physical), and after it the transpose (maybe none: empty *perm)
// that puts the remaining axes back in logical order.
void RemovedAxesNchw(const std::vector<size_t>& axes, std::vector<int64_t>* physical, std::vector<int64_t>* perm);

}  // namespace asim::atc::tf_import
