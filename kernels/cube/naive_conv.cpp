// Direct loop-nest convolutions on the AI CPU (see naive_conv.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/naive_conv.h"

#include <array>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"

namespace asim::kernels {
namespace {

double Read(const TensorView& t, int64_t i) {
  switch (t.dtype()) {
    case DataType::kFloat16: return HalfToFloat(t.as<const uint16_t>()[i]);
    case DataType::kDouble: return t.as<const double>()[i];
    default: return t.as<const float>()[i];
  }
}

void Write(TensorView& t, int64_t i, double v) {
  switch (t.dtype()) {
    case DataType::kFloat16: t.as<uint16_t>()[i] = FloatToHalf(static_cast<float>(v)); break;
    case DataType::kDouble: t.as<double>()[i] = v; break;
    default: t.as<float>()[i] = static_cast<float>(v); break;
  }
}

// The three spatial axes with leading unused ones set to 1 (so every loop nest is 3-D).
struct Axes3 {
  std::array<int64_t, 3> in, k, s, d, pb, out;
};

Axes3 ToAxes3(const ConvParams& p) {
  Axes3 a{};
  const int lead = 3 - p.spatial;
  for (int i = 0; i < 3; ++i) {
    const bool used = i >= lead;
    const size_t j = static_cast<size_t>(i - lead);
    const size_t o = static_cast<size_t>(i);
    a.in[o] = used ? p.in[j] : 1;
    a.k[o] = used ? p.kernel[j] : 1;
    a.s[o] = used ? p.stride[j] : 1;
    a.d[o] = used ? p.dilation[j] : 1;
    a.pb[o] = used ? p.pad_begin[j] : 0;
    a.out[o] = used ? p.out[j] : 1;
  }
  return a;
}

int64_t Volume(const std::array<int64_t, 3>& v) {
  return v[0] * v[1] * v[2];
}

}  // namespace

void NaiveConv(const ConvParams& p, const TensorView& x, const TensorView& w, const TensorView* bias, TensorView& y) {
  const Axes3 a = ToAxes3(p);
  const int64_t in_vol = Volume(a.in), k_vol = Volume(a.k), out_vol = Volume(a.out);
  const int64_t cin_g = p.cin_g(), cout_g = p.cout_g();
  ParallelFor(p.n * p.cout, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t co = item % p.cout, n = item / p.cout, g = co / cout_g;
      const double b = bias != nullptr ? Read(*bias, co) : 0.0;
      for (int64_t o = 0; o < out_vol; ++o) {
        const int64_t oz = o / (a.out[1] * a.out[2]), oy = (o / a.out[2]) % a.out[1], ox = o % a.out[2];
        double acc = b;
        for (int64_t ci = 0; ci < cin_g; ++ci) {
          const int64_t x_base = (n * p.cin + g * cin_g + ci) * in_vol;
          const int64_t w_base = (co * cin_g + ci) * k_vol;
          for (int64_t kz = 0; kz < a.k[0]; ++kz) {
            const int64_t iz = oz * a.s[0] - a.pb[0] + kz * a.d[0];
            if (iz < 0 || iz >= a.in[0]) continue;
            for (int64_t ky = 0; ky < a.k[1]; ++ky) {
              const int64_t iy = oy * a.s[1] - a.pb[1] + ky * a.d[1];
              if (iy < 0 || iy >= a.in[1]) continue;
              for (int64_t kx = 0; kx < a.k[2]; ++kx) {
                const int64_t ix = ox * a.s[2] - a.pb[2] + kx * a.d[2];
                if (ix < 0 || ix >= a.in[2]) continue;
                acc += Read(x, x_base + (iz * a.in[1] + iy) * a.in[2] + ix) *
                       Read(w, w_base + (kz * a.k[1] + ky) * a.k[2] + kx);
              }
            }
          }
        }
        Write(y, (n * p.cout + co) * out_vol + o, acc);
      }
    }
  });
}

void NaiveConvTranspose(const ConvParams& p, const TensorView& x, const TensorView& w, const TensorView* bias,
                        TensorView& y) {
  // Gather form: output position o takes input i where o = i*s - pad + k*d.
  const Axes3 a = ToAxes3(p);
  const int64_t in_vol = Volume(a.in), k_vol = Volume(a.k), out_vol = Volume(a.out);
  const int64_t cin_g = p.cin_g(), cout_g = p.cout_g();
  auto source = [](int64_t o, int64_t k, int64_t s, int64_t d, int64_t pb, int64_t in, int64_t* i) {
    const int64_t t = o + pb - k * d;
    if (t < 0 || t % s != 0 || t / s >= in) return false;
    *i = t / s;
    return true;
  };
  ParallelFor(p.n * p.cout, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t co = item % p.cout, n = item / p.cout, g = co / cout_g;
      const double b = bias != nullptr ? Read(*bias, co) : 0.0;
      for (int64_t o = 0; o < out_vol; ++o) {
        const int64_t oz = o / (a.out[1] * a.out[2]), oy = (o / a.out[2]) % a.out[1], ox = o % a.out[2];
        double acc = b;
        for (int64_t ci = 0; ci < cin_g; ++ci) {
          const int64_t c = g * cin_g + ci;
          const int64_t x_base = (n * p.cin + c) * in_vol;
          const int64_t w_base = (c * cout_g + co % cout_g) * k_vol;  // filter [Cin, Cout/g, k...]
          for (int64_t kz = 0; kz < a.k[0]; ++kz) {
            int64_t iz;
            if (!source(oz, kz, a.s[0], a.d[0], a.pb[0], a.in[0], &iz)) continue;
            for (int64_t ky = 0; ky < a.k[1]; ++ky) {
              int64_t iy;
              if (!source(oy, ky, a.s[1], a.d[1], a.pb[1], a.in[1], &iy)) continue;
              for (int64_t kx = 0; kx < a.k[2]; ++kx) {
                int64_t ix;
                if (!source(ox, kx, a.s[2], a.d[2], a.pb[2], a.in[2], &ix)) continue;
                acc += Read(x, x_base + (iz * a.in[1] + iy) * a.in[2] + ix) *
                       Read(w, w_base + (kz * a.k[1] + ky) * a.k[2] + kx);
              }
            }
          }
        }
        Write(y, (n * p.cout + co) * out_vol + o, acc);
      }
    }
  });
}

}  // namespace asim::kernels
