// Shapes of MatMul / BatchMatMul / Gemm, shared by both engines: numpy matmul semantics
// (a 1-D A is a row vector, a 1-D B a column vector, the added axis is dropped from the
// output; batch axes broadcast), optional transposes of the last two axes (CANN
// transpose_x1/x2, adj_x1/x2; Gemm transA/transB), and the per-batch matrix offsets.
// Unknown sizes (-1) broadcast against anything and give unknown output sizes.
//
// Owner: the cube kernels. Thread safety: pure functions. Failure: kOpInputNotMatch naming
// both shapes when K differs or the batch axes do not broadcast.
#pragma once

#include <cstdint>
#include <vector>

#include "base/status.h"

namespace asim::kernels {

struct MatMulShape {
  std::vector<int64_t> a_batch, b_batch, batch;  // operand batch axes, right-aligned to `batch`
  int64_t m = 0, k = 0, n = 0;
  bool a_vector = false, b_vector = false;
  std::vector<int64_t> out_dims;

  int64_t BatchCount() const;
  // Matrix indices of A and B feeding output batch `index` (0 .. BatchCount()-1).
  void Offsets(int64_t index, int64_t* a, int64_t* b) const;
};

Status InferMatMulShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b, bool trans_a, bool trans_b,
                        MatMulShape* out);

}  // namespace asim::kernels
