// Shapes of the matrix-multiplication ops (see matmul_shape.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/matmul_shape.h"

#include <algorithm>
#include <string>

#include "kernels/framework/tensor.h"

namespace asim::kernels {
namespace {

Status Mismatch(const std::vector<int64_t>& a, const std::vector<int64_t>& b, const std::string& why) {
  return Status(err::kOpInputNotMatch, "matmul of " + DimsToString(a) + " and " + DimsToString(b) + ": " + why);
}

}  // namespace

int64_t MatMulShape::BatchCount() const {
  int64_t count = 1;
  for (int64_t d : batch) count *= d < 0 ? 0 : d;
  return count;
}

void MatMulShape::Offsets(int64_t index, int64_t* a, int64_t* b) const {
  int64_t a_off = 0, b_off = 0, a_stride = 1, b_stride = 1;
  const size_t r = batch.size();
  for (size_t i = r; i-- > 0;) {
    const int64_t idx = index % batch[i];
    index /= batch[i];
    const size_t ai = i + a_batch.size() - r, bi = i + b_batch.size() - r;  // wraps when absent
    if (i + a_batch.size() >= r) {
      if (a_batch[ai] != 1) a_off += idx * a_stride;
      a_stride *= a_batch[ai];
    }
    if (i + b_batch.size() >= r) {
      if (b_batch[bi] != 1) b_off += idx * b_stride;
      b_stride *= b_batch[bi];
    }
  }
  *a = a_off;
  *b = b_off;
}

Status InferMatMulShape(const std::vector<int64_t>& a_in, const std::vector<int64_t>& b_in, bool trans_a, bool trans_b,
                        MatMulShape* out) {
  if (a_in.empty() || b_in.empty()) return Mismatch(a_in, b_in, "scalars cannot be multiplied as matrices");
  MatMulShape s;
  std::vector<int64_t> a = a_in, b = b_in;
  if (a.size() == 1) {
    if (trans_a) return Mismatch(a_in, b_in, "a 1-D A cannot be transposed");
    a.insert(a.begin(), 1);
    s.a_vector = true;
  }
  if (b.size() == 1) {
    if (trans_b) return Mismatch(a_in, b_in, "a 1-D B cannot be transposed");
    b.push_back(1);
    s.b_vector = true;
  }
  const int64_t ar = a[a.size() - 2], ac = a.back(), br = b[b.size() - 2], bc = b.back();
  s.m = trans_a ? ac : ar;
  s.k = trans_a ? ar : ac;
  const int64_t kb = trans_b ? bc : br;
  s.n = trans_b ? br : bc;
  if (s.k >= 0 && kb >= 0 && s.k != kb) {
    return Mismatch(a_in, b_in, "K differs (" + std::to_string(s.k) + " vs " + std::to_string(kb) + ")");
  }
  if (s.k < 0) s.k = kb;
  s.a_batch.assign(a.begin(), a.end() - 2);
  s.b_batch.assign(b.begin(), b.end() - 2);
  const size_t rank = std::max(s.a_batch.size(), s.b_batch.size());
  s.batch.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i + s.a_batch.size() >= rank ? s.a_batch[i + s.a_batch.size() - rank] : 1;
    const int64_t db = i + s.b_batch.size() >= rank ? s.b_batch[i + s.b_batch.size() - rank] : 1;
    if (da == db || db == 1) {
      s.batch[i] = da;
    } else if (da == 1) {
      s.batch[i] = db;
    } else if (da < 0 || db < 0) {
      s.batch[i] = da < 0 ? db : da;
    } else {
      return Mismatch(a_in, b_in, "batch axes do not broadcast");
    }
  }
  s.out_dims = s.batch;
  if (!s.a_vector) s.out_dims.push_back(s.m);
  if (!s.b_vector) s.out_dims.push_back(s.n);
  *out = std::move(s);
  return Status::Ok();
}

}  // namespace asim::kernels
