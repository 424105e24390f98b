// Packing for the blocked convolution engine (see conv_pack.h). The 16x16 channel/pixel
// transposes are compiled per vector target (Highway) and dispatched at run time.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/conv_pack.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstring>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"
#include "kernels/cube/conv_pack.h"
#include "kernels/cube/simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

// 16 channel rows (`plane` elements apart, from `at`) x 16 pixels -> 16 pixel vectors.
void PlanesToPixels(const void* p, DataType dt, int64_t at, int64_t plane, float* dst) {
  simd::V16 v[16];
  for (int k = 0; k < 16; ++k) {
    v[k] = dt == DataType::kFloat16 ? simd::LoadHalf(static_cast<const uint16_t*>(p) + at + k * plane)
                                    : simd::LoadU(static_cast<const float*>(p) + at + k * plane);
  }
  simd::Transpose16(v);
  for (int x = 0; x < 16; ++x) simd::Store(dst + x * 16, v[x]);
}

// The inverse: 16 pixel vectors -> 16 channel rows.
void PixelsToPlanes(const float* src, void* p, DataType dt, int64_t at, int64_t plane) {
  simd::V16 v[16];
  for (int x = 0; x < 16; ++x) v[x] = simd::Load(src + x * 16);
  simd::Transpose16(v);
  for (int k = 0; k < 16; ++k) {
    if (dt == DataType::kFloat16) {
      simd::StoreHalf(static_cast<uint16_t*>(p) + at + k * plane, v[k]);
    } else {
      simd::StoreU(static_cast<float*>(p) + at + k * plane, v[k]);
    }
  }
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(PlanesToPixels);
HWY_EXPORT(PixelsToPlanes);

namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

inline float Read(const void* p, DataType dt, int64_t i) {
  return dt == DataType::kFloat16 ? HalfToFloat(static_cast<const uint16_t*>(p)[i]) : static_cast<const float*>(p)[i];
}

inline void Write(void* p, DataType dt, int64_t i, float v) {
  if (dt == DataType::kFloat16) {
    static_cast<uint16_t*>(p)[i] = FloatToHalf(v);
  } else {
    static_cast<float*>(p)[i] = v;
  }
}

// Copies `count` contiguous values of `dt` at element `i` of `p` into fp32 `dst`.
void ReadRun(const void* p, DataType dt, int64_t i, int64_t count, float* dst) {
  if (dt == DataType::kFloat16) {
    HalfToFloat(static_cast<const uint16_t*>(p) + i, dst, static_cast<size_t>(count));
  } else {
    std::memcpy(dst, static_cast<const float*>(p) + i, static_cast<size_t>(count) * sizeof(float));
  }
}

void WriteRun(const float* src, int64_t count, void* p, DataType dt, int64_t i) {
  if (dt == DataType::kFloat16) {
    FloatToHalf(src, static_cast<uint16_t*>(p) + i, static_cast<size_t>(count));
  } else {
    std::memcpy(static_cast<float*>(p) + i, src, static_cast<size_t>(count) * sizeof(float));
  }
}

}  // namespace

int64_t FilterOffset(const FilterTensor& f, int64_t co, int64_t ci, int64_t ky, int64_t kx) {
  switch (f.format) {
    case Format::kNhwc: return ((co * f.kh + ky) * f.kw + kx) * f.cin_g + ci;
    case Format::kHwcn: return ((ky * f.kw + kx) * f.cin_g + ci) * f.cout + co;
    case Format::kFractalZ: {
      const int64_t n1 = CeilDiv(f.cout, 16);
      return ((((ci / 16) * f.kh + ky) * f.kw + kx) * n1 + co / 16) * 256 + (co % 16) * 16 + ci % 16;
    }
    case Format::kFractalZC04: {  // the reduction axis is (ky, kx, ci < 4) in 16-blocks
      const int64_t n1 = CeilDiv(f.cout, 16), k = (ky * f.kw + kx) * 4 + ci;
      return ((k / 16) * n1 + co / 16) * 256 + (co % 16) * 16 + k % 16;
    }
    default: return ((co * f.cin_g + ci) * f.kh + ky) * f.kw + kx;
  }
}

void PackActivations(const ActTensor& src, int64_t c_begin, int64_t c_count, int64_t pt, int64_t pb, int64_t pl,
                     int64_t pr, float* dst) {
  const int64_t c1g = CeilDiv(c_count, 16), hp = src.h + pt + pb, wp = src.w + pl + pr;
  const int64_t src_c1 = CeilDiv(src.c, 16);
  if (src.format == Format::kNchw && pt + pb + pl + pr == 0 && c_count % 16 == 0) {
    // Unpadded whole blocks: each channel plane is one run of H*W pixels.
    const int64_t pixels = src.h * src.w;
    ParallelFor(src.n * c1g, 1, [&](int64_t begin, int64_t end) {
      for (int64_t item = begin; item < end; ++item) {
        const int64_t cb = item % c1g, in = item / c1g;
        const int64_t at = (in * src.c + c_begin + cb * 16) * pixels;
        float* d = dst + item * pixels * 16;
        int64_t x = 0;
        for (; x + 16 <= pixels; x += 16)
          HWY_DYNAMIC_DISPATCH(PlanesToPixels)(src.data, src.dtype, at + x, pixels, d + x * 16);
        for (; x < pixels; ++x) {
          for (int64_t k = 0; k < 16; ++k) d[x * 16 + k] = Read(src.data, src.dtype, at + k * pixels + x);
        }
      }
    });
    return;
  }
  // Rows outermost, blocks innermost: the workers split the image by rows, as the convolution
  // reading it does at batch 1 (blocked_conv.cpp, spatial order).
  ParallelFor(src.n * c1g * hp, 4, [&](int64_t begin, int64_t end) {
    for (int64_t unit = begin; unit < end; ++unit) {
      const int64_t cb = unit % c1g, yp = (unit / c1g) % hp, in = unit / (hp * c1g);
      float* d = dst + ((in * c1g + cb) * hp + yp) * wp * 16;
      const int64_t y = yp - pt;
      if (y < 0 || y >= src.h) {
        std::memset(d, 0, static_cast<size_t>(wp * 16) * sizeof(float));
        continue;
      }
      std::memset(d, 0, static_cast<size_t>(pl * 16) * sizeof(float));
      std::memset(d + (pl + src.w) * 16, 0, static_cast<size_t>(pr * 16) * sizeof(float));
      float* di = d + pl * 16;
      const int64_t cnt = std::min<int64_t>(16, c_count - cb * 16);
      const int64_t c0 = c_begin + cb * 16;
      if (src.format == Format::kNc1hwc0) {
        if (c0 % 16 == 0 && (cnt == 16 || c0 + cnt >= src.c)) {  // whole blocks: padding lanes are zero
          ReadRun(src.data, src.dtype, ((in * src_c1 + c0 / 16) * src.h + y) * src.w * 16, src.w * 16, di);
        } else {
          for (int64_t x = 0; x < src.w; ++x) {
            for (int64_t k = 0; k < 16; ++k) {
              const int64_t ch = c0 + k;
              di[x * 16 + k] = k < cnt ? Read(src.data, src.dtype,
                                              ((in * src_c1 + ch / 16) * src.h + y) * src.w * 16 + x * 16 + ch % 16)
                                       : 0.0f;
            }
          }
        }
      } else if (src.format == Format::kNc1hwc0C04) {  // [N, 1, H, W, 4]: at most 4 channels
        const int64_t at = (in * src.h + y) * src.w * 4;
        for (int64_t x = 0; x < src.w; ++x) {
          for (int64_t k = 0; k < 16; ++k) {
            const int64_t ch = c0 + k;
            di[x * 16 + k] = k < cnt && ch < 4 ? Read(src.data, src.dtype, at + x * 4 + ch) : 0.0f;
          }
        }
      } else if (src.format == Format::kNhwc) {
        for (int64_t x = 0; x < src.w; ++x) {
          ReadRun(src.data, src.dtype, ((in * src.h + y) * src.w + x) * src.c + c0, cnt, di + x * 16);
          for (int64_t k = cnt; k < 16; ++k) di[x * 16 + k] = 0.0f;
        }
      } else {  // NCHW
        int64_t x0 = 0;
        if (cnt == 16) {  // whole 16x16 tiles by register transposes
          const int64_t at = ((in * src.c + c0) * src.h + y) * src.w;
          for (; x0 + 16 <= src.w; x0 += 16)
            HWY_DYNAMIC_DISPATCH(PlanesToPixels)(src.data, src.dtype, at + x0, src.h * src.w, di + x0 * 16);
        }
        for (int64_t k = 0; k < 16; ++k) {
          if (k >= cnt) {
            for (int64_t x = x0; x < src.w; ++x) di[x * 16 + k] = 0.0f;
            continue;
          }
          const int64_t plane = ((in * src.c + c0 + k) * src.h + y) * src.w;
          if (src.dtype == DataType::kFloat) {
            const float* s = static_cast<const float*>(src.data) + plane;
            for (int64_t x = x0; x < src.w; ++x) di[x * 16 + k] = s[x];
          } else {
            for (int64_t x = x0; x < src.w; ++x) di[x * 16 + k] = Read(src.data, src.dtype, plane + x);
          }
        }
      }
    }
  });
}

void UnpackActivations(const float* src, int64_t c_count, const ActTensor& dst, int64_t c_begin) {
  const int64_t co1 = CeilDiv(c_count, 16), dst_c1 = CeilDiv(dst.c, 16);
  if (dst.format == Format::kNchw && c_count % 16 == 0) {  // each channel plane is one run of pixels
    const int64_t pixels = dst.h * dst.w;
    ParallelFor(dst.n * co1, 1, [&](int64_t begin, int64_t end) {
      for (int64_t item = begin; item < end; ++item) {
        const int64_t cb = item % co1, in = item / co1;
        const int64_t at = (in * dst.c + c_begin + cb * 16) * pixels;
        const float* s = src + item * pixels * 16;
        int64_t x = 0;
        for (; x + 16 <= pixels; x += 16)
          HWY_DYNAMIC_DISPATCH(PixelsToPlanes)(s + x * 16, dst.data, dst.dtype, at + x, pixels);
        for (; x < pixels; ++x) {
          for (int64_t k = 0; k < 16; ++k) Write(dst.data, dst.dtype, at + k * pixels + x, s[x * 16 + k]);
        }
      }
    });
    return;
  }
  ParallelFor(dst.n * co1 * dst.h, 4, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t y = row % dst.h, cb = (row / dst.h) % co1, in = row / (dst.h * co1);
      const float* s = src + row * dst.w * 16;
      const int64_t cnt = std::min<int64_t>(16, c_count - cb * 16);
      const int64_t c0 = c_begin + cb * 16;
      if (dst.format == Format::kNc1hwc0) {
        if (c0 % 16 == 0 && (cnt == 16 || c0 + cnt >= dst.c)) {
          WriteRun(s, dst.w * 16, dst.data, dst.dtype, ((in * dst_c1 + c0 / 16) * dst.h + y) * dst.w * 16);
        } else {
          for (int64_t x = 0; x < dst.w; ++x) {
            for (int64_t k = 0; k < cnt; ++k) {
              const int64_t ch = c0 + k;
              Write(dst.data, dst.dtype, ((in * dst_c1 + ch / 16) * dst.h + y) * dst.w * 16 + x * 16 + ch % 16,
                    s[x * 16 + k]);
            }
          }
        }
      } else if (dst.format == Format::kNhwc) {
        for (int64_t x = 0; x < dst.w; ++x) {
          WriteRun(s + x * 16, cnt, dst.data, dst.dtype, ((in * dst.h + y) * dst.w + x) * dst.c + c0);
        }
      } else {  // NCHW
        int64_t x0 = 0;
        if (cnt == 16) {  // whole 16x16 tiles by register transposes
          const int64_t at = ((in * dst.c + c0) * dst.h + y) * dst.w;
          for (; x0 + 16 <= dst.w; x0 += 16)
            HWY_DYNAMIC_DISPATCH(PixelsToPlanes)(s + x0 * 16, dst.data, dst.dtype, at + x0, dst.h * dst.w);
        }
        for (int64_t k = 0; k < cnt; ++k) {
          const int64_t plane = ((in * dst.c + c0 + k) * dst.h + y) * dst.w;
          if (dst.dtype == DataType::kFloat) {
            float* d = static_cast<float*>(dst.data) + plane;
            for (int64_t x = x0; x < dst.w; ++x) d[x] = s[x * 16 + k];
          } else {
            for (int64_t x = x0; x < dst.w; ++x) Write(dst.data, dst.dtype, plane + x, s[x * 16 + k]);
          }
        }
      }
    }
  });
}

void PackWeights(const FilterTensor& f, int64_t co_begin, int64_t co_count, int64_t ob, float* dst) {
  const int64_t c1 = CeilDiv(f.cin_g, 16), taps = f.kh * f.kw;
  const int64_t blocks = CeilDiv(CeilDiv(co_count, 16), ob) * ob;  // output blocks incl. the zero ones
  const int64_t row = ob * 16;                                     // floats per (tap, ci) in the packed layout
  ParallelFor(blocks * c1, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t c1i = item % c1, j = item / c1;
      const int64_t valid_co = std::clamp<int64_t>(co_count - j * 16, 0, 16);
      const int64_t valid_ci = std::min<int64_t>(16, f.cin_g - c1i * 16);
      float* block = dst + ((j / ob) * c1 + c1i) * taps * 16 * row + (j % ob) * 16;
      const int64_t co_first = co_begin + j * 16;
      if (f.format == Format::kFractalZ && co_first % 16 == 0 && valid_co == 16 && valid_ci == 16) {
        // The common case (a model's filter, every full 16x16 fractal): transposed without
        // the zero fill, row by row of the destination so its writes stay contiguous.
        const int64_t n1 = CeilDiv(f.cout, 16);
        float fractal[256];
        for (int64_t t = 0; t < taps; ++t) {
          const int64_t s = ((c1i * taps + t) * n1 + co_first / 16) * 256;
          ReadRun(f.data, f.dtype, s, 256, fractal);
          float* d = block + t * 16 * row;
          for (int64_t ci0 = 0; ci0 < 16; ++ci0) {
            for (int64_t co0 = 0; co0 < 16; ++co0) d[ci0 * row + co0] = fractal[co0 * 16 + ci0];
          }
        }
        continue;
      }
      for (int64_t t = 0; t < taps; ++t) {
        float* d = block + t * 16 * row;
        for (int64_t ci0 = 0; ci0 < 16; ++ci0) std::fill(d + ci0 * row, d + ci0 * row + 16, 0.0f);
      }
      if (valid_co == 0) continue;
      if (f.format == Format::kFractalZ && co_first % 16 == 0) {
        // One 16x16 fractal per tap: [co0][ci0] -> [ci0][co0].
        const int64_t n1 = CeilDiv(f.cout, 16);
        for (int64_t t = 0; t < taps; ++t) {
          const int64_t s = ((c1i * taps + t) * n1 + co_first / 16) * 256;
          float* d = block + t * 16 * row;
          for (int64_t co0 = 0; co0 < valid_co; ++co0) {
            for (int64_t ci0 = 0; ci0 < valid_ci; ++ci0) d[ci0 * row + co0] = Read(f.data, f.dtype, s + co0 * 16 + ci0);
          }
        }
      } else if (f.format == Format::kNchw || f.format == Format::kNd) {
        for (int64_t co0 = 0; co0 < valid_co; ++co0) {
          const int64_t s = ((co_first + co0) * f.cin_g + c1i * 16) * taps;  // [ci][tap] contiguous
          for (int64_t ci0 = 0; ci0 < valid_ci; ++ci0) {
            for (int64_t t = 0; t < taps; ++t)
              block[(t * 16 + ci0) * row + co0] = Read(f.data, f.dtype, s + ci0 * taps + t);
          }
        }
      } else if (f.format == Format::kHwcn) {  // [tap][ci][co]: output channels contiguous
        for (int64_t t = 0; t < taps; ++t) {
          for (int64_t ci0 = 0; ci0 < valid_ci; ++ci0) {
            ReadRun(f.data, f.dtype, (t * f.cin_g + c1i * 16 + ci0) * f.cout + co_first, valid_co,
                    block + (t * 16 + ci0) * row);
          }
        }
      } else {
        for (int64_t t = 0; t < taps; ++t) {
          const int64_t ky = t / f.kw, kx = t % f.kw;
          for (int64_t ci0 = 0; ci0 < valid_ci; ++ci0) {
            for (int64_t co0 = 0; co0 < valid_co; ++co0) {
              block[(t * 16 + ci0) * row + co0] =
                  Read(f.data, f.dtype, FilterOffset(f, co_first + co0, c1i * 16 + ci0, ky, kx));
            }
          }
        }
      }
    }
  });
}

void PackDepthwiseWeights(const FilterTensor& f, float* dst) {
  const int64_t taps = f.kh * f.kw, c1 = CeilDiv(f.cout, 16);
  std::fill(dst, dst + c1 * taps * 16, 0.0f);
  for (int64_t co = 0; co < f.cout; ++co) {
    for (int64_t t = 0; t < taps; ++t) {
      dst[((co / 16) * taps + t) * 16 + co % 16] = Read(f.data, f.dtype, FilterOffset(f, co, 0, t / f.kw, t % f.kw));
    }
  }
}

void PackBias(const void* bias, DataType dtype, int64_t begin, int64_t count, int64_t padded, float* dst) {
  std::fill(dst, dst + padded, 0.0f);
  if (bias == nullptr) return;
  for (int64_t i = 0; i < count; ++i) dst[i] = Read(bias, dtype, begin + i);
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
