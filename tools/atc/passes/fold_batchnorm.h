// BatchNorm folding: an inference BatchNormalization that reads a Conv's output is merged
// into the Conv's weights and bias (W' = W * s, b' = (b - mean) * s + beta with
// s = scale / sqrt(var + epsilon), per output channel), so the pair runs as one convolution.
//
// Owns the pattern's conditions: the Conv (ONNX attribute style) has a constant filter and
// a constant or absent bias; its output has no other reader and is not a graph output; the
// BatchNormalization has constant scale, B, mean and var of the filter's channel count, is
// not in training mode and only its first output is read. Arithmetic is in double, results
// in the filter's dtype (fp32, fp16 or double).
// Thread safety: not synchronised (mutates the graph). Failure: none — a pair that does not
// qualify is left alone.
#pragma once

#include <cstddef>

#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

// Returns how many BatchNormalization nodes were folded (then dropped by Compact).
size_t FoldBatchNormIntoConv(Graph& graph);

}  // namespace asim::atc::ir
