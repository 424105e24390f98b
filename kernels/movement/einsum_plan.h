// Einsum equations (ONNX opset 12): parsing "ab,bc->ac" / "...ij,...jk->...ik" / implicit
// outputs ("ij,jk" = letters used once, in ASCII order, after the broadcast dims) into a
// plan: every label's size, the output labels, the summed labels and, per operand, the
// element stride of each label (repeated labels add up: "ii->i" is the diagonal; size-1
// broadcast dims under "..." get stride 0).
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: kOpAttrNotMatch naming what is wrong with the equation; kOpInputNotMatch for
// operand shapes that do not fit it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::kernels {

struct EinsumPlan {
  std::vector<int64_t> size;                  // per label id
  std::vector<int> out_labels;                // output dims, in order
  std::vector<int> sum_labels;                // contracted
  std::vector<std::vector<int64_t>> strides;  // [operand][label id]
  std::vector<int64_t> out_dims;
};

// `shapes` are the operands' dims; unknown (-1) dims make the matching output dims -1.
Status PlanEinsum(const std::string& equation, const std::vector<std::vector<int64_t>>& shapes, EinsumPlan* plan);

}  // namespace asim::kernels
