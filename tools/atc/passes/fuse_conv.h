// Conv fusion (ATC's UB fusion of a convolution with its vector epilogue): Conv -> Relu,
// Conv -> Add(residual), and Conv -> Add(residual) -> Relu become one Conv node whose
// kernel applies the residual Add and the activation before writing its output
// (kernels/cube/conv_epilogue.h: input 3 "residual", attribute "fused_activation").
//
// Owns the pattern's conditions: the Conv (ONNX attribute style) output and the Add output
// each have exactly one reader and are not graph outputs; the Add's other operand has the
// Conv output's dtype and dims (no broadcasting); at most one Add and one Relu are folded,
// in that order. The fused node takes the place (and the position in the order) of the
// last node it absorbs, so the residual is computed before it runs; it keeps the Conv's name
// and lists the absorbed nodes in "_datadump_original_op_names" (what aclmdlGetOpAttr and
// dumps report, as on CANN).
// Thread safety: not synchronised (mutates the graph). Failure: none — a chain that does
// not qualify is left alone.
#pragma once

#include <cstddef>

#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

// Returns how many Conv nodes absorbed an epilogue (absorbed nodes are dropped by Compact).
size_t FuseConvEpilogues(Graph& graph);

}  // namespace asim::atc::ir
