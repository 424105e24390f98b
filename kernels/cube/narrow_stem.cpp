// The narrow stem's packing (see narrow_stem.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/narrow_stem.h"

#include <algorithm>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

bool NarrowStemApplies(int64_t cin, int64_t groups, int64_t dw, Format x_format, DataType x_dtype) {
  return groups == 1 && cin >= 1 && cin <= 4 && dw == 1 &&
         (x_format == Format::kNc1hwc0 || x_format == Format::kNc1hwc0C04 || x_format == Format::kNchw) &&
         (x_dtype == DataType::kFloat || x_dtype == DataType::kFloat16);
}

int64_t NarrowStemBlocks(const NarrowStemShape& s) {
  return CeilDiv(s.kw * s.cin, 16);
}

int64_t NarrowStemInputFloats(const NarrowStemShape& s) {
  return s.n * s.hp * s.wp * s.cin;
}

int64_t NarrowStemWeightFloats(const NarrowStemShape& s) {
  return s.ocg * NarrowStemBlocks(s) * s.kh * 16 * s.ob * 16;
}

void PackNarrowStemInput(const NarrowStemShape& s, const ActTensor& x, float* dst) {
  const bool half = x.dtype == DataType::kFloat16;
  const int64_t c0 = x.format == Format::kNc1hwc0 ? 16 : x.format == Format::kNc1hwc0C04 ? 4 : 0;  // 0: NCHW
  const int64_t row_floats = s.wp * s.cin;
  ParallelFor(s.n * s.hp, 16, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t in = row / s.hp, y = row % s.hp - s.pt;
      float* out = dst + row * row_floats;
      if (y < 0 || y >= s.h) {
        std::fill(out, out + row_floats, 0.0f);
        continue;
      }
      std::fill(out, out + s.pl * s.cin, 0.0f);
      std::fill(out + (s.pl + s.w) * s.cin, out + row_floats, 0.0f);
      float* px = out + s.pl * s.cin;
      for (int64_t c = 0; c < s.cin; ++c) {
        // Element (in, c, y, x) is at from + x * step.
        const int64_t from = c0 != 0 ? ((in * CeilDiv(x.c, c0) + c / c0) * s.h + y) * s.w * c0 + c % c0
                                     : ((in * x.c + c) * s.h + y) * s.w;
        const int64_t step = c0 != 0 ? c0 : 1;
        if (half) {
          const auto* src = static_cast<const uint16_t*>(x.data) + from;
          for (int64_t ix = 0; ix < s.w; ++ix) px[ix * s.cin + c] = HalfToFloat(src[ix * step]);
        } else {
          const auto* src = static_cast<const float*>(x.data) + from;
          for (int64_t ix = 0; ix < s.w; ++ix) px[ix * s.cin + c] = src[ix * step];
        }
      }
    }
  });
}

void PackNarrowStemWeights(const NarrowStemShape& s, const FilterTensor& f, float* dst) {
  const int64_t blocks = NarrowStemBlocks(s), steps = s.kw * s.cin, row = s.ob * 16;
  for (int64_t g = 0; g < s.ocg; ++g) {
    for (int64_t b = 0; b < blocks; ++b) {
      for (int64_t ky = 0; ky < s.kh; ++ky) {
        for (int64_t k0 = 0; k0 < 16; ++k0) {
          const int64_t k = b * 16 + k0, kx = k / s.cin, ci = k % s.cin;
          float* d = dst + (((g * blocks + b) * s.kh + ky) * 16 + k0) * row;
          for (int64_t co0 = 0; co0 < row; ++co0) {
            const int64_t co = g * row + co0;
            float v = 0.0f;
            if (k < steps && co < s.cout) {
              const int64_t at = FilterOffset(f, co, ci, ky, kx);
              v = f.dtype == DataType::kFloat16 ? HalfToFloat(static_cast<const uint16_t*>(f.data)[at])
                                                : static_cast<const float*>(f.data)[at];
            }
            d[co0] = v;
          }
        }
      }
    }
  }
}

}  // namespace asim::kernels
