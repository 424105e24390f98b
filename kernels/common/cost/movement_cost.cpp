// Implementation of kernels/common/cost/movement_cost.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/common/cost/movement_cost.h"

#include <algorithm>
#include <cmath>

#include "kernels/common/cost/cost_utils.h"

namespace asim::kernels {
namespace {

uint64_t BytesOf(const std::vector<TensorSpec>& specs, size_t from) {
  uint64_t total = 0;
  for (size_t i = from; i < specs.size(); ++i) total += specs[i].Bytes();
  return total;
}

int64_t ElementsOf(const std::vector<TensorSpec>& specs) {
  int64_t total = 0;
  for (const auto& s : specs) total += s.ElementCount();
  return total;
}

}  // namespace

CostFn AiCoreMoveCost(MoveReads reads, double vector_ops_per_elem, double scalar_ops_per_elem) {
  return [=](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
             const ChipTraits& chip) {
    WorkDesc w;
    const int64_t out_elems = ElementsOf(outputs);
    const size_t elem = outputs.empty() ? 1 : std::max<size_t>(1, DataTypeSize(outputs[0].dtype));
    w.mte3_bytes = BytesOf(outputs, 0);
    w.mte2_bytes = reads == MoveReads::kAllInputs ? BytesOf(inputs, 0) : w.mte3_bytes + BytesOf(inputs, 1);
    w.vector_elem_bytes = static_cast<uint32_t>(std::min<size_t>(4, elem));
    w.vector_ops = static_cast<uint64_t>(std::ceil(static_cast<double>(out_elems) * vector_ops_per_elem));
    w.block_dim = ElementwiseBlockDim(out_elems, elem, chip);
    w.scalar_ops =
        64 * w.block_dim + static_cast<uint64_t>(std::ceil(static_cast<double>(out_elems) * scalar_ops_per_elem));
    return w;
  };
}

CostFn AiCpuMoveCost(double ops_per_elem) {
  return [=](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
             const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    const int64_t in0 = inputs.empty() ? 0 : inputs[0].ElementCount();
    const int64_t n = std::max(in0, ElementsOf(outputs));
    w.aicpu_ops = static_cast<uint64_t>(std::ceil(static_cast<double>(n) * ops_per_elem));
    w.aicpu_bytes = BytesOf(inputs, 0) + BytesOf(outputs, 0);
    return w;
  };
}

}  // namespace asim::kernels
