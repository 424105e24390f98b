// Loops shared by the normalisation kernels: statistics of a contiguous chunk (two-pass
// mean and population variance, accumulated in double so results do not depend on chunk
// length or thread count) and the per-lane affine map y = x * a + b that applies a
// normalisation once its coefficients are known.
// Owner: normalisation family. Thread safety: re-entrant. Failure: none.
#pragma once

#include <algorithm>
#include <cmath>

#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/values/numeric_types.h"

namespace asim::kernels {

struct MeanVar {
  double mean = 0, var = 0;
};

// Mean and population variance of n contiguous elements (n == 0: zeros).
template <class S>
MeanVar ChunkMeanVar(const S* x, int64_t n) {
  using C = ComputeOf<S>;
  MeanVar r;
  if (n <= 0) return r;
  C buf[kWidenBlock];
  double sum = 0;
  for (int64_t off = 0; off < n; off += kWidenBlock) {
    const int64_t m = std::min(kWidenBlock, n - off);
    const C* p = ew_detail::Widen(x + off, 1, m, buf);
    for (int64_t i = 0; i < m; ++i) sum += static_cast<double>(p[i]);
  }
  r.mean = sum / static_cast<double>(n);
  double sq = 0;
  for (int64_t off = 0; off < n; off += kWidenBlock) {
    const int64_t m = std::min(kWidenBlock, n - off);
    const C* p = ew_detail::Widen(x + off, 1, m, buf);
    for (int64_t i = 0; i < m; ++i) {
      const double d = static_cast<double>(p[i]) - r.mean;
      sq += d * d;
    }
  }
  r.var = sq / static_cast<double>(n);
  return r;
}

// y[i] = x[i] * a[i % lanes] + b[i % lanes] over n elements (n a multiple of lanes).
template <class S>
void AffineLanes(const S* x, S* y, int64_t n, const ComputeOf<S>* a, const ComputeOf<S>* b, int64_t lanes) {
  using C = ComputeOf<S>;
  const int64_t block = std::max<int64_t>(1, kWidenBlock / lanes) * lanes;
  C xb[kWidenBlock];
  C yb[kWidenBlock];
  for (int64_t off = 0; off < n; off += block) {
    const int64_t m = std::min(block, n - off);
    const C* px = ew_detail::Widen(x + off, 1, m, xb);
    C* py;
    if constexpr (Storage<S>::kDirect) {
      py = y + off;
    } else {
      py = yb;
    }
    if (lanes == 1) {
      const C a0 = a[0], b0 = b[0];
      for (int64_t i = 0; i < m; ++i) py[i] = px[i] * a0 + b0;
    } else {
      for (int64_t p = 0; p < m; p += lanes) {
        for (int64_t l = 0; l < lanes; ++l) py[p + l] = px[p + l] * a[l] + b[l];
      }
    }
    if constexpr (!Storage<S>::kDirect) Storage<S>::StoreBlock(yb, y + off, m);
  }
}

}  // namespace asim::kernels
