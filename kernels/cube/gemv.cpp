// Skinny GEMM as dot products (see gemv.h), one copy per vector target.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/gemv.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cmath>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"
#include "kernels/cube/gemv.h"
#include "kernels/cube/simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

HWY_INLINE simd::V16 Load16(const float* p) {
  return simd::LoadU(p);
}
HWY_INLINE simd::V16 Load16(const uint16_t* p) {
  return simd::LoadHalf(p);
}
inline float Value(float v) {
  return v;
}
inline float Value(uint16_t v) {
  return HalfToFloat(v);
}

// Rows [j0, j1) of B against every row of A. Four rows of B at a time, each dotted with one
// row of A after another: the four rows (4 * k elements) stay in L1 while A's rows pass, so B
// streams from memory once per call, whatever m is. Sixteen lanes whatever the target's
// vector width (simd-inl.h): lane l sums the terms p = l (mod 16) in order, the tail included,
// and the lanes are added in one fixed order, so every target sums alike. fp16 (T uint16_t)
// widens exactly to fp32 first.
template <typename T>
void GemvRows(const T* a, int64_t m, const T* b, int64_t k, int64_t n, int64_t j0, int64_t j1, float* out) {
  const int64_t body = k / 16 * 16;
  for (int64_t j = j0; j < j1; j += 4) {
    const int64_t rows = std::min<int64_t>(4, j1 - j);
    const T* bj[4];
    for (int64_t r = 0; r < 4; ++r) bj[r] = b + (j + std::min(r, rows - 1)) * k;
    for (int64_t i = 0; i < m; ++i) {
      const T* x = a + i * k;
      simd::V16 s0 = simd::Zero(), s1 = simd::Zero(), s2 = simd::Zero(), s3 = simd::Zero();
      for (int64_t p = 0; p < body; p += 16) {
        const simd::V16 xv = Load16(x + p);
        simd::Fma(xv, Load16(bj[0] + p), s0);
        simd::Fma(xv, Load16(bj[1] + p), s1);
        simd::Fma(xv, Load16(bj[2] + p), s2);
        simd::Fma(xv, Load16(bj[3] + p), s3);
      }
      alignas(64) float lanes[4][16];
      simd::Store(lanes[0], s0);
      simd::Store(lanes[1], s1);
      simd::Store(lanes[2], s2);
      simd::Store(lanes[3], s3);
      for (int64_t r = 0; r < rows; ++r) {
        for (int64_t p = body; p < k; ++p) {
          lanes[r][p - body] = std::fma(Value(x[p]), Value(bj[r][p]), lanes[r][p - body]);
        }
        float sum = 0.0f;
        for (int l = 0; l < 16; ++l) sum += lanes[r][l];
        out[i * n + j + r] = sum;
      }
    }
  }
}

void GemvRowsF32Target(const float* a, int64_t m, const float* b, int64_t k, int64_t n, int64_t j0, int64_t j1,
                       float* out) {
  GemvRows(a, m, b, k, n, j0, j1, out);
}

void GemvRowsF16Target(const uint16_t* a, int64_t m, const uint16_t* b, int64_t k, int64_t n, int64_t j0, int64_t j1,
                       float* out) {
  GemvRows(a, m, b, k, n, j0, j1, out);
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(GemvRowsF32Target);
HWY_EXPORT(GemvRowsF16Target);

void RunGemvTransB(const void* a, const void* b, DataType dtype, int64_t m, int64_t n, int64_t k, float* out) {
  if (m <= 0 || n <= 0) return;
  // Grains of 64 rows of B (a multiple of the 4-row step): 16 for ResNet's 1000 classes.
  ParallelFor(n, 64, [&](int64_t begin, int64_t end) {
    if (dtype == DataType::kFloat16) {
      HWY_DYNAMIC_DISPATCH(GemvRowsF16Target)
      (static_cast<const uint16_t*>(a), m, static_cast<const uint16_t*>(b), k, n, begin, end, out);
    } else {
      HWY_DYNAMIC_DISPATCH(GemvRowsF32Target)
      (static_cast<const float*>(a), m, static_cast<const float*>(b), k, n, begin, end, out);
    }
  });
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
