// Work descriptions of reductions, normalisations and pools (see vector_cost.h): MTE2 /
// MTE3 bytes, vector ops at fp32 width, block_dim bounded by cores, data and pieces.
// Owner: reduction / normalisation / pooling families (kernels/common, shared).
// Thread safety: pure functions. Failure: none.
#include "kernels/common/cost/vector_cost.h"

#include <algorithm>
#include <cmath>

namespace asim::kernels {

uint64_t SpecsBytes(const std::vector<TensorSpec>& specs) {
  uint64_t total = 0;
  for (const auto& s : specs) total += s.Bytes();
  return total;
}

WorkDesc VectorWork(uint64_t in_bytes, uint64_t out_bytes, double vector_ops, int64_t parallel_units,
                    const ChipTraits& chip) {
  WorkDesc w;
  w.mte2_bytes = in_bytes;
  w.mte3_bytes = out_bytes;
  w.vector_ops = static_cast<uint64_t>(std::ceil(std::max(0.0, vector_ops)));
  w.vector_elem_bytes = 4;
  // One block per 32 KiB of input, at most one per core and per independent piece.
  const int64_t by_size = std::max<int64_t>(1, static_cast<int64_t>((in_bytes + 32767) / 32768));
  const int64_t cores = std::max<int64_t>(1, chip.ai_core_count);
  w.block_dim = static_cast<uint32_t>(std::clamp<int64_t>(std::min(by_size, parallel_units), 1, cores));
  w.scalar_ops = 64 * w.block_dim;
  return w;
}

WorkDesc AiCpuWork(uint64_t bytes, double ops) {
  WorkDesc w;
  w.on_ai_cpu = true;
  w.aicpu_ops = static_cast<uint64_t>(std::ceil(std::max(0.0, ops)));
  w.aicpu_bytes = bytes;
  return w;
}

CostFn StreamingCost(Engine engine, double ops_per_input, double ops_per_output) {
  return [engine, ops_per_input, ops_per_output](const std::vector<TensorSpec>& inputs,
                                                 const std::vector<TensorSpec>& outputs, const AttrMap&,
                                                 const ChipTraits& chip) {
    const int64_t in_elems = inputs.empty() ? 0 : inputs[0].ElementCount();
    const int64_t out_elems = outputs.empty() ? 0 : outputs[0].ElementCount();
    const double ops = ops_per_input * static_cast<double>(in_elems) + ops_per_output * static_cast<double>(out_elems);
    if (engine == Engine::kAiCpu) return AiCpuWork(SpecsBytes(inputs) + SpecsBytes(outputs), ops);
    return VectorWork(SpecsBytes(inputs), SpecsBytes(outputs), ops, std::max<int64_t>(1, out_elems), chip);
  };
}

}  // namespace asim::kernels
