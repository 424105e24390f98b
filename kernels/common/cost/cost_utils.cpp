#include "kernels/common/cost/cost_utils.h"

#include <algorithm>
#include <cmath>

namespace asim::kernels {

uint32_t ElementwiseBlockDim(int64_t elements, size_t elem_bytes, const ChipTraits& chip) {
  const int64_t bytes = elements * static_cast<int64_t>(elem_bytes);
  const int64_t per_block = 32 * 1024;
  const int64_t blocks = std::max<int64_t>(1, (bytes + per_block - 1) / per_block);
  return static_cast<uint32_t>(std::min<int64_t>(blocks, std::max<uint32_t>(1, chip.ai_core_count)));
}

namespace {
uint64_t TotalBytes(const std::vector<TensorSpec>& specs) {
  uint64_t total = 0;
  for (const auto& s : specs) total += s.Bytes();
  return total;
}
}  // namespace

CostFn VectorElementwiseCost(double ops_per_element) {
  return [ops_per_element](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                           const AttrMap&, const ChipTraits& chip) {
    WorkDesc w;
    const TensorSpec& out = outputs.empty() ? inputs.at(0) : outputs[0];
    const int64_t elements = out.ElementCount();
    const size_t elem_bytes = std::max<size_t>(1, DataTypeSize(out.dtype));
    w.vector_elem_bytes = static_cast<uint32_t>(std::min<size_t>(4, elem_bytes));
    w.vector_ops = static_cast<uint64_t>(std::ceil(static_cast<double>(elements) * ops_per_element));
    w.mte2_bytes = TotalBytes(inputs);
    w.mte3_bytes = TotalBytes(outputs);
    w.block_dim = ElementwiseBlockDim(elements, elem_bytes, chip);
    w.scalar_ops = 64 * w.block_dim;  // tiling and loop control
    return w;
  };
}

CostFn AiCpuElementwiseCost(double ops_per_element) {
  return [ops_per_element](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                           const AttrMap&, const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    const TensorSpec& out = outputs.empty() ? inputs.at(0) : outputs[0];
    w.aicpu_ops = static_cast<uint64_t>(std::ceil(static_cast<double>(out.ElementCount()) * ops_per_element));
    w.aicpu_bytes = TotalBytes(inputs) + TotalBytes(outputs);
    return w;
  };
}

}  // namespace asim::kernels
