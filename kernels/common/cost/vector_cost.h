// Work descriptions for vector kernels whose work is not one op per output element:
// reductions, normalisations and pools (data-free: from shapes and attributes only).
//
// Owns: the rule that a vector kernel moves every input byte GM -> UB (MTE2) and every
// output byte UB -> GM (MTE3) once, runs `vector_ops` element operations at fp32 lane width
// (these kernels accumulate in fp32 on the AI Core), and splits across at most
// ai_core_count blocks (fewer when the data is small); on the AI CPU the same ops are
// scalar ops over the bytes touched.
// Thread safety: pure functions. Failure: none.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

uint64_t SpecsBytes(const std::vector<TensorSpec>& specs);

// Vector work on the AI Core: `parallel_units` independent pieces (output rows, planes).
WorkDesc VectorWork(uint64_t in_bytes, uint64_t out_bytes, double vector_ops, int64_t parallel_units,
                    const ChipTraits& chip);
// Scalar work on the AI CPU.
WorkDesc AiCpuWork(uint64_t bytes, double ops);

// CostFn for `engine`: ops = ops_per_input * elements of input 0 + ops_per_output *
// elements of output 0; parallel over the output elements.
CostFn StreamingCost(Engine engine, double ops_per_input, double ops_per_output);

}  // namespace asim::kernels
