// The AI Core's int8 convolution (see conv_int8.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/conv_int8.h"

#include <cstring>

#include "kernels/common/host/parallel.h"

namespace asim::kernels {

void RunConvInt8(const ConvParams& p, KernelContext& ctx) {
  const int8_t* x = ctx.in(0).as<const int8_t>();
  const int8_t* w = ctx.in(1).as<const int8_t>();
  const int32_t* bias = ctx.has_input(2) ? ctx.in(2).as<const int32_t>() : nullptr;
  int32_t* y = ctx.out(0).as<int32_t>();
  const int64_t h = p.in[0], wd = p.in[1], oh = p.out[0], ow = p.out[1];
  const int64_t kh = p.kernel[0], kw = p.kernel[1];
  const int64_t x_c1 = (p.cin + 31) / 32, y_c1 = (p.cout + 15) / 16, n1 = (p.cout + 15) / 16;
  const int64_t cin_g = p.cin_g(), cout_g = p.cout_g();
  std::memset(y, 0, ctx.out(0).Bytes());  // padding lanes of the last block
  ParallelFor(p.n * p.cout, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t co = item % p.cout, n = item / p.cout;
      const int64_t g = co / cout_g;
      for (int64_t oy = 0; oy < oh; ++oy) {
        for (int64_t ox = 0; ox < ow; ++ox) {
          int32_t acc = bias != nullptr ? bias[co] : 0;
          for (int64_t ky = 0; ky < kh; ++ky) {
            const int64_t iy = oy * p.stride[0] - p.pad_begin[0] + ky * p.dilation[0];
            if (iy < 0 || iy >= h) continue;
            for (int64_t kx = 0; kx < kw; ++kx) {
              const int64_t ix = ox * p.stride[1] - p.pad_begin[1] + kx * p.dilation[1];
              if (ix < 0 || ix >= wd) continue;
              for (int64_t ci = 0; ci < cin_g; ++ci) {
                const int64_t c = g * cin_g + ci;
                const int32_t xv = x[((n * x_c1 + c / 32) * h + iy) * wd * 32 + ix * 32 + c % 32];
                const int32_t wv =
                    w[((((ci / 32) * kh + ky) * kw + kx) * n1 + co / 16) * 16 * 32 + (co % 16) * 32 + ci % 32];
                acc += xv * wv;
              }
            }
          }
          y[((n * y_c1 + co / 16) * oh + oy) * ow * 16 + ox * 16 + co % 16] = acc;
        }
      }
    }
  });
}

}  // namespace asim::kernels
