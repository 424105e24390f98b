// Emission: one lowered graph -> an om::Graph with its memory plan.
//
// Owns: which lowered values become tensors (those a node, a graph input or output, or the
// dynamic tensor refers to), where each tensor lives — graph inputs in the caller's input
// buffers (kInput), graph outputs in the output buffers (kOutput), weights at their packed
// offsets (kWeight), everything else and every node workspace in the work memory (kWork),
// planned by liveness over the execution order (memory_plan.h) at om::kWorkAlignment.
// Thread safety: pure. Failure: none (the lowered graph is consistent by construction;
// Model::Validate checks the result).
#pragma once

#include <cstddef>

#include "compiler/lowering.h"
#include "compiler/weight_table.h"
#include "om/model.h"

namespace asim::atc {

// `weights` must be packed. `data_inputs` is the io_index of the dynamic tensor.
void EmitGraph(const LoweredGraph& graph, const WeightTable& weights, size_t data_inputs, om::Graph* out);

// The descriptor of a kernel tensor spec.
om::TensorDesc DescOf(const kernels::TensorSpec& spec);

}  // namespace asim::atc
