// Work descriptions of the data-movement kernels. On the AI Core a movement kernel is
// mostly MTE traffic: MTE2 brings what it reads from global memory into the Unified
// Buffer, MTE3 writes the result back; the vector unit only rearranges (transposes,
// selects, fills) and the scalar unit computes addresses. On the AI CPU the same work is
// scalar element operations plus the bytes touched.
//
// Owner: the movement / shape kernel family. Thread safety: pure functions. Failure: none.
#pragma once

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

enum class MoveReads {
  kAllInputs,   // the whole of every input is read (Transpose, Concat, Pad ...)
  kOutputSized  // only what lands in the output is read from input 0, plus every other input
                // whole (Gather, Slice, GatherND: indices drive scattered reads)
};

// AI Core: MTE2 / MTE3 bytes, `vector_ops_per_elem` and `scalar_ops_per_elem` per output
// element (plus a fixed tiling cost per block), block_dim from the output size.
CostFn AiCoreMoveCost(MoveReads reads, double vector_ops_per_elem, double scalar_ops_per_elem);

// AI CPU: `ops_per_elem` per element of the larger of input 0 and the outputs; the bytes of
// every input and output.
CostFn AiCpuMoveCost(double ops_per_elem);

}  // namespace asim::kernels
