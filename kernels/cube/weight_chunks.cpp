// Weight chunks for the fused blocked convolution (see weight_chunks.h). The fractal moves
// are compiled per vector target (Highway) and dispatched at run time.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/weight_chunks.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>

#include "kernels/cube/simd-inl.h"
#include "kernels/cube/weight_chunks.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

simd::V16 LoadRow(const FilterTensor& f, int64_t at) {
  return f.dtype == DataType::kFloat16 ? simd::LoadHalf(static_cast<const uint16_t*>(f.data) + at)
                                       : simd::LoadU(static_cast<const float*>(f.data) + at);
}

// One 16x16 fractal (16 output channels x 16 input channels; rows from `rows` on are
// zero) -> 16 rows of 16 output channels, one per input channel, `row` floats apart.
void MoveFractal(const FilterTensor& f, int64_t at, int64_t s_row, int64_t rows, float* dst, int64_t row) {
  simd::V16 v[16];
  for (int r = 0; r < 16; ++r) v[r] = r < rows ? LoadRow(f, at + r * s_row) : simd::Zero();
  simd::Transpose16(v);
  for (int c = 0; c < 16; ++c) simd::Store(dst + c * row, v[c]);
}

// NCHW rows hold [ci][tap]: 16 rows x 16*taps columns, moved as `taps` fractals whose
// column f is (ci0 = f / taps, tap = f % taps); dst is [tap][ci0][row].
void MoveTapsInner(const WeightChunkSource& s, int64_t at, int64_t taps, int64_t rows, float* dst, int64_t row) {
  for (int64_t q = 0; q < taps; ++q) {
    simd::V16 v[16];
    for (int r = 0; r < 16; ++r) v[r] = r < rows ? LoadRow(s.f, at + r * s.s_row + q * 16) : simd::Zero();
    simd::Transpose16(v);
    for (int c = 0; c < 16; ++c) {
      const int64_t f = q * 16 + c;
      simd::Store(dst + ((f % taps) * 16 + f / taps) * row, v[c]);
    }
  }
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(MoveFractal);
HWY_EXPORT(MoveTapsInner);

namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

float Read(const FilterTensor& f, int64_t i) {
  return f.dtype == DataType::kFloat16 ? HalfToFloat(static_cast<const uint16_t*>(f.data)[i])
                                       : static_cast<const float*>(f.data)[i];
}

}  // namespace

WeightChunkSource MakeWeightChunkSource(const FilterTensor& f, int64_t co_begin, int64_t co_count, int64_t ob) {
  WeightChunkSource s;
  s.f = f;
  s.co_begin = co_begin;
  s.co_count = co_count;
  s.ob = ob;
  const int64_t taps = f.kh * f.kw;
  if (!FastWeightChunks(f, co_begin, co_count)) return s;
  s.fractal = true;
  if (f.format == Format::kHwcn) {
    s.rows_are_ci = true;
  } else if (f.format == Format::kFractalZ) {  // padding rows and lanes are zeros
    const int64_t n1 = CeilDiv(f.cout, 16);
    s.s_block = 256;
    s.s_tap = n1 * 256;
    s.s_ci1 = taps * s.s_tap;
    s.s_row = 16;
  } else {  // NCHW: row co holds [ci][tap]
    s.taps_inner = true;
    s.s_row = f.cin_g * taps;
    s.s_block = 16 * s.s_row;
    s.s_ci1 = 16 * taps;
  }
  return s;
}

bool FastWeightChunks(const FilterTensor& f, int64_t co_begin, int64_t co_count) {
  // Whole blocks of output channels, or the tensor's last channels (the rest stays zero).
  const bool rows = co_begin % 16 == 0 && (co_count % 16 == 0 || co_begin + co_count == f.cout);
  if (f.format == Format::kFractalZ) return rows;
  if (f.format == Format::kHwcn) return rows && f.dtype == DataType::kFloat;
  return (f.format == Format::kNchw || f.format == Format::kNd) && f.cin_g % 16 == 0 && rows;
}

const float* PackWeightChunk(const void* source, int64_t g, int64_t ci1_first, int64_t ci1_count, float* dst) {
  const WeightChunkSource& s = *static_cast<const WeightChunkSource*>(source);
  const FilterTensor& f = s.f;
  const int64_t taps = f.kh * f.kw, row = s.ob * 16;
  for (int64_t b = 0; b < s.ob; ++b) {
    const int64_t j = g * s.ob + b;  // output block within the group
    const int64_t valid_co = std::clamp<int64_t>(s.co_count - j * 16, 0, 16);
    for (int64_t c = 0; c < ci1_count; ++c) {
      const int64_t ci1 = ci1_first + c;
      const int64_t valid_ci = std::clamp<int64_t>(f.cin_g - ci1 * 16, 0, 16);
      for (int64_t t = 0; t < taps; ++t) {
        float* d = dst + (c * taps + t) * 16 * row + b * 16;
        if (valid_co == 0) {
          for (int64_t ci0 = 0; ci0 < 16; ++ci0) std::fill(d + ci0 * row, d + ci0 * row + 16, 0.0f);
        } else if (s.rows_are_ci) {  // HWCN fp32: rows of output channels, copied
          const float* src =
              static_cast<const float*>(f.data) + (t * f.cin_g + ci1 * 16) * f.cout + s.co_begin + j * 16;
          for (int64_t ci0 = 0; ci0 < 16; ++ci0) {
            float* out = d + ci0 * row;
            if (ci0 >= valid_ci) {
              std::fill(out, out + 16, 0.0f);
            } else if (valid_co == 16) {
              std::copy(src + ci0 * f.cout, src + ci0 * f.cout + 16, out);
            } else {
              std::copy(src + ci0 * f.cout, src + ci0 * f.cout + valid_co, out);
              std::fill(out + valid_co, out + 16, 0.0f);
            }
          }
        } else if (s.taps_inner) {
          if (t == 0) {  // all taps at once
            HWY_DYNAMIC_DISPATCH(MoveTapsInner)
            (s, (s.co_begin / 16 + j) * s.s_block + ci1 * s.s_ci1, taps, valid_co, dst + c * taps * 16 * row + b * 16,
             row);
          }
        } else if (s.fractal) {
          HWY_DYNAMIC_DISPATCH(MoveFractal)
          (f, (s.co_begin / 16 + j) * s.s_block + ci1 * s.s_ci1 + t * s.s_tap, s.s_row,
           f.format == Format::kFractalZ ? 16 : valid_co, d, row);
        } else {
          const int64_t ky = t / f.kw, kx = t % f.kw;
          for (int64_t ci0 = 0; ci0 < 16; ++ci0) {
            for (int64_t co0 = 0; co0 < 16; ++co0) {
              d[ci0 * row + co0] = ci0 < valid_ci && co0 < valid_co
                                       ? Read(f, FilterOffset(f, s.co_begin + j * 16 + co0, ci1 * 16 + ci0, ky, kx))
                                       : 0.0f;
            }
          }
        }
      }
    }
  }
  return dst;
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
