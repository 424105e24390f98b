// The input and output transforms of the Winograd convolution (see winograd_conv.h), compiled
// for every vector target and dispatched at run time: sixteen channels per vector, the
// one-dimensional transforms applied along x, then along y. Each tile first asks for the next
// tile's lines (prefetch.h), the ones it writes for writing: in the three phases the lines of
// V, M and the output were last held by the other core (it read them in the phase or layer
// before), and without the hints each store waited for its line to come back from there.
// Measured on a 2-vCPU AMD EPYC VM (vCPUs ~220 ns apart one way; avx512 target), in
// executions alternating with and without: ResNet-50 2.7% faster at batch 1 (fp16 outputs
// 2.2%), 1.7% at batch 8, 0.3% on one thread. (Without them, a 28x28 layer's input transform
// took 102 us on two threads, and 45 us when run a second time over the same lines.)
// Owner: the cube kernels. Thread safety and failure: as winograd_conv.h says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/winograd_transform.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>

#include "kernels/common/host/prefetch.h"
#include "kernels/cube/simd-inl.h"
#include "kernels/cube/winograd_conv.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {
namespace {

namespace hn = hwy::HWY_NAMESPACE;
using simd::V16;

HWY_INLINE V16 Sub(const V16& a, const V16& b) {
  V16 v;
  for (int i = 0; i < simd::kParts; ++i) v.p[i] = hn::Sub(a.p[i], b.p[i]);
  return v;
}
// a + k * b
HWY_INLINE V16 AddScaled(const V16& a, float k, const V16& b) {
  V16 v;
  const simd::Vec kv = hn::Set(simd::D(), k);
  for (int i = 0; i < simd::kParts; ++i) v.p[i] = hn::MulAdd(kv, b.p[i], a.p[i]);
  return v;
}

// The one-dimensional transforms of F(M, 3): B^T d (A = M + 2 values in and out) and A^T m
// (A values in, M out).
template <int M>
struct Transforms;

template <>
struct Transforms<2> {
  static constexpr int kA = 4;
  HWY_INLINE static void In(const V16* d, V16* t) {
    t[0] = Sub(d[0], d[2]);
    t[1] = simd::Add(d[1], d[2]);
    t[2] = Sub(d[2], d[1]);
    t[3] = Sub(d[1], d[3]);
  }
  HWY_INLINE static void Out(const V16* m, V16* y) {
    y[0] = simd::Add(simd::Add(m[0], m[1]), m[2]);
    y[1] = Sub(Sub(m[1], m[2]), m[3]);
  }
};

template <>
struct Transforms<4> {
  static constexpr int kA = 6;
  HWY_INLINE static void In(const V16* d, V16* t) {
    t[0] = AddScaled(AddScaled(d[4], 4.0f, d[0]), -5.0f, d[2]);
    const V16 d12 = simd::Add(d[1], d[2]), d34 = simd::Add(d[3], d[4]);
    t[1] = AddScaled(d34, -4.0f, d12);
    const V16 d1m2 = Sub(d[1], d[2]), d4m3 = Sub(d[4], d[3]);
    t[2] = AddScaled(d4m3, 4.0f, d1m2);
    const V16 d4m2 = Sub(d[4], d[2]), d3m1 = Sub(d[3], d[1]);
    t[3] = AddScaled(d4m2, 2.0f, d3m1);
    t[4] = AddScaled(d4m2, -2.0f, d3m1);
    t[5] = AddScaled(AddScaled(d[5], 4.0f, d[1]), -5.0f, d[3]);
  }
  HWY_INLINE static void Out(const V16* m, V16* y) {
    const V16 s12 = simd::Add(m[1], m[2]), d12 = Sub(m[1], m[2]);
    const V16 s34 = simd::Add(m[3], m[4]), d34 = Sub(m[3], m[4]);
    y[0] = simd::Add(simd::Add(m[0], s12), s34);
    y[1] = AddScaled(d12, 2.0f, d34);
    y[2] = AddScaled(s12, 4.0f, s34);
    y[3] = simd::Add(AddScaled(d12, 8.0f, d34), m[5]);
  }
};

template <int M>
void InputTransform(const WinogradConvArgs& a, float* v, const WinogradRows& rows, int64_t begin, int64_t end) {
  using T = Transforms<M>;
  constexpr int A = T::kA;
  const int64_t th = (a.oh + M - 1) / M, tw = (a.ow + M - 1) / M;
  const int64_t tiles16 = rows.count * tw * 16;
  const int64_t pos_stride = a.c1 * tiles16;  // floats between positions
  for (int64_t unit = begin; unit < end; ++unit) {
    const int64_t local = unit % rows.count, c = unit / rows.count;
    const int64_t row = rows.first + local, ty = row % th, in = row / th;
    const int64_t block = in * a.in_n + c * a.in_c1;
    const float* src32 = static_cast<const float*>(a.in) + block;
    const uint16_t* src16 = static_cast<const uint16_t*>(a.in) + block;
    const int64_t y0 = ty * M - a.pad_top;
    float* dst = v + c * tiles16 + local * tw * 16;
    for (int64_t tx = 0; tx < tw; ++tx, dst += 16) {
      const int64_t x0 = tx * M - a.pad_left;
      if (tx + 1 < tw) {  // the next tile's lines: its (M+2)^2 outputs and its M new input columns
        for (int p = 0; p < A * A; ++p) PrefetchForWrite(dst + 16 + p * pos_stride);
        for (int i = 0; i < A; ++i) {
          const int64_t y = y0 + i;
          for (int j = A - M; j < A && y >= 0 && y < a.in_h; ++j) {
            const int64_t x = x0 + M + j;
            if (x < 0 || x >= a.in_w) continue;
            const int64_t off = y * a.in_row + x * 16;
            PrefetchForRead(a.in_f16 ? static_cast<const void*>(src16 + off) : static_cast<const void*>(src32 + off));
          }
        }
      }
      const bool inside = y0 >= 0 && x0 >= 0 && y0 + A <= a.in_h && x0 + A <= a.in_w;
      V16 rows[A][A];  // rows[i] = row i transformed along x
      for (int i = 0; i < A; ++i) {
        V16 d[A];
        const int64_t y = y0 + i;
        for (int j = 0; j < A; ++j) {
          const int64_t x = x0 + j;
          if (!inside && (y < 0 || y >= a.in_h || x < 0 || x >= a.in_w)) {
            d[j] = simd::Zero();
          } else {
            const int64_t off = y * a.in_row + x * 16;
            d[j] = a.in_f16 ? simd::LoadHalf(src16 + off) : simd::LoadU(src32 + off);
          }
        }
        T::In(d, rows[i]);
      }
      for (int j = 0; j < A; ++j) {
        V16 col[A], t[A];
        for (int i = 0; i < A; ++i) col[i] = rows[i][j];
        T::In(col, t);
        for (int i = 0; i < A; ++i) simd::Store(dst + (i * A + j) * pos_stride, t[i]);
      }
    }
  }
}

template <int M>
void OutputTransform(const WinogradConvArgs& a, const float* m, const WinogradRows& rows, int64_t begin, int64_t end) {
  using T = Transforms<M>;
  constexpr int A = T::kA;
  const int64_t th = (a.oh + M - 1) / M, tw = (a.ow + M - 1) / M;
  const int64_t tiles16 = rows.count * tw * 16;
  const int64_t pos_stride = a.out_blocks * tiles16;
  for (int64_t unit = begin; unit < end; ++unit) {
    const int64_t local = unit % rows.count, b = unit / rows.count;
    const int64_t row = rows.first + local, ty = row % th, in = row / th;
    const V16 bias = a.bias != nullptr ? simd::Load(a.bias + b * 16) : simd::Zero();
    const float* src = m + b * tiles16 + local * tw * 16;
    const int64_t out_base = in * a.out_n + b * a.out_c1;
    const int64_t y0 = ty * M, rows_here = std::min<int64_t>(M, a.oh - y0);
    for (int64_t tx = 0; tx < tw; ++tx, src += 16) {
      const int64_t x0 = tx * M, cols_here = std::min<int64_t>(M, a.ow - x0);
      if (tx + 1 < tw) {  // the next tile's lines: its (M+2)^2 products and its outputs
        for (int p = 0; p < A * A; ++p) PrefetchForRead(src + 16 + p * pos_stride);
        for (int r = 0; r < rows_here; ++r) {
          for (int64_t x = x0 + M; x < std::min<int64_t>(x0 + 2 * M, a.ow); ++x) {
            const int64_t off = out_base + (y0 + r) * a.out_row + x * 16;
            if (a.out_f16) {
              PrefetchForWrite(static_cast<uint16_t*>(a.out) + off);
            } else {
              PrefetchForWrite(static_cast<float*>(a.out) + off);
              if (a.residual != nullptr) PrefetchForRead(a.residual + off);
            }
          }
        }
      }
      V16 rows[A][M];  // rows[i] = frequency row i transformed along x
      for (int i = 0; i < A; ++i) {
        V16 mv[A];
        for (int j = 0; j < A; ++j) mv[j] = simd::Load(src + (i * A + j) * pos_stride);
        T::Out(mv, rows[i]);
      }
      for (int x = 0; x < cols_here; ++x) {
        V16 col[A], y[M];
        for (int i = 0; i < A; ++i) col[i] = rows[i][x];
        T::Out(col, y);
        for (int r = 0; r < rows_here; ++r) {
          V16 value = simd::Add(y[r], bias);
          const int64_t off = out_base + (y0 + r) * a.out_row + (x0 + x) * 16;
          if (a.out_f16) {
            simd::StoreHalf(static_cast<uint16_t*>(a.out) + off, value);
          } else {
            if (a.residual != nullptr) value = simd::Add(value, simd::LoadU(a.residual + off));
            if (a.relu) value = simd::Relu(value);
            simd::StoreU(static_cast<float*>(a.out) + off, value);
          }
        }
      }
    }
  }
}

}  // namespace

void WinogradInputTransformTarget(const WinogradConvArgs& a, float* v, const WinogradRows& rows, int64_t begin,
                                  int64_t end) {
  if (a.m == 2) {
    InputTransform<2>(a, v, rows, begin, end);
  } else {
    InputTransform<4>(a, v, rows, begin, end);
  }
}

void WinogradOutputTransformTarget(const WinogradConvArgs& a, const float* m, const WinogradRows& rows, int64_t begin,
                                   int64_t end) {
  if (a.m == 2) {
    OutputTransform<2>(a, m, rows, begin, end);
  } else {
    OutputTransform<4>(a, m, rows, begin, end);
  }
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(WinogradInputTransformTarget);
HWY_EXPORT(WinogradOutputTransformTarget);

void WinogradInputTransform(const WinogradConvArgs& a, float* v, const WinogradRows& rows, int64_t begin, int64_t end) {
  HWY_DYNAMIC_DISPATCH(WinogradInputTransformTarget)(a, v, rows, begin, end);
}

void WinogradOutputTransform(const WinogradConvArgs& a, const float* m, const WinogradRows& rows, int64_t begin,
                             int64_t end) {
  HWY_DYNAMIC_DISPATCH(WinogradOutputTransformTarget)(a, m, rows, begin, end);
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
