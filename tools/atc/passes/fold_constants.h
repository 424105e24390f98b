// Constant folding: nodes whose every present input is a constant are run on the host
// with the kernels (ir::EvaluateNode) and their outputs become constants; Shape and Size of
// a value with static, gear-independent dims fold from the dims alone (the data is not
// needed). Importers call TryFoldNode as they add nodes, so later translations can read
// shape-like inputs (Reshape's shape, Slice's starts ...) that a subgraph computes.
//
// Owns the folding rules: nothing folds whose outputs would exceed `max_output_bytes` in
// total (an Expand or Tile of a constant stays an op instead of inflating the weights),
// nothing gear-dependent folds, and a node the kernels cannot evaluate simply stays.
// Thread safety: not synchronised (mutates the graph). Failure: none — folding is an
// optimisation; a node that cannot fold is left as it is.
#pragma once

#include <cstddef>

#include "kernels/framework/chip.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::ir {

struct FoldOptions {
  size_t max_output_bytes = size_t{64} << 20;
};

// Folds node `index` if it can; true when its outputs are now constants (the node is dead).
bool TryFoldNode(Graph& graph, int index, const kernels::ChipTraits& chip, const FoldOptions& options = {});

// TryFoldNode over every live node in order, then drops dead nodes; returns how many folded.
size_t FoldConstants(Graph& graph, const kernels::ChipTraits& chip, const FoldOptions& options = {});

}  // namespace asim::atc::ir
