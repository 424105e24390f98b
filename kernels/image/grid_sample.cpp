// GridSample (ONNX opset 16; 4-D): Y[n, c, h, w] samples X[n, c] at the location grid[n, h, w]
// = (x, y) in [-1, 1] normalised coordinates, as PyTorch's grid_sample (which ONNX's test
// data comes from):
//   unnormalise: align_corners ? (v + 1) / 2 * (size - 1) : ((v + 1) * size - 1) / 2;
//   padding_mode border clamps the coordinate to [0, size - 1]; reflection reflects it about
//   the edges ([0, size - 1] with align_corners, [-0.5, size - 0.5] without) and then clamps;
//   zeros leaves it, and taps outside the image read 0;
//   mode nearest rounds half to even; bilinear weights the 4 neighbours; bicubic (A = -0.75)
//   weights 4 x 4 neighbours, each tap's index passing through the padding rule itself.
// Owner: the image family. AI CPU only (the chip's AI Core has no gather of this kind).
// Thread safety: re-entrant. Failure: kOpInputNotMatch for inputs that are not [N, C, H, W]
// and [N, Hout, Wout, 2]; kOpAttrNotMatch for an unknown mode or padding_mode.
#include <cmath>
#include <vector>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

enum class Mode { kNearest, kBilinear, kBicubic };
enum class Padding { kZeros, kBorder, kReflection };

struct Options {
  Mode mode = Mode::kBilinear;
  Padding padding = Padding::kZeros;
  bool align_corners = false;
};

Status ParseOptions(const AttrMap& attrs, Options* o) {
  const std::string mode = attrs.GetString("mode", "bilinear");
  const std::string padding = attrs.GetString("padding_mode", "zeros");
  if (mode == "nearest") {
    o->mode = Mode::kNearest;
  } else if (mode == "bilinear" || mode == "linear") {
    o->mode = Mode::kBilinear;
  } else if (mode == "bicubic" || mode == "cubic") {
    o->mode = Mode::kBicubic;
  } else {
    return Status(err::kOpAttrNotMatch, "GridSample: mode '" + mode + "' is not nearest, bilinear or bicubic");
  }
  if (padding == "zeros") {
    o->padding = Padding::kZeros;
  } else if (padding == "border") {
    o->padding = Padding::kBorder;
  } else if (padding == "reflection") {
    o->padding = Padding::kReflection;
  } else {
    return Status(err::kOpAttrNotMatch,
                  "GridSample: padding_mode '" + padding + "' is not zeros, border or reflection");
  }
  o->align_corners = attrs.GetInt("align_corners", 0) != 0;
  return Status::Ok();
}

Status Check(const std::vector<TensorSpec>& in) {
  const auto& x = in[0].dims;
  const auto& g = in[1].dims;
  if (x.size() != 4 || g.size() != 4 || g[3] != 2 || (x[0] >= 0 && g[0] >= 0 && x[0] != g[0])) {
    return Status(err::kOpInputNotMatch, "GridSample: X " + DimsToString(x) + " must be [N, C, H, W] and grid " +
                                             DimsToString(g) + " [N, Hout, Wout, 2] (4-D only)");
  }
  return Status::Ok();
}

Status GridSampleInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  ASIM_RETURN_IF_ERROR(Check(inputs));
  Options o;
  ASIM_RETURN_IF_ERROR(ParseOptions(attrs, &o));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = {inputs[0].dims[0], inputs[0].dims[1], inputs[1].dims[1], inputs[1].dims[2]};
  outputs->assign(1, y);
  return Status::Ok();
}

// Reflects `v` into [twice_low / 2, twice_high / 2] (PyTorch's reflect_coordinates).
double Reflect(double v, double twice_low, double twice_high) {
  if (twice_low == twice_high) return 0;
  const double lo = twice_low / 2, span = (twice_high - twice_low) / 2;
  v = std::fabs(v - lo);
  const double extra = std::fmod(v, span);
  const auto flips = static_cast<int64_t>(std::floor(v / span));
  return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

double Clamp(double v, int64_t size) {
  return std::fmin(static_cast<double>(size - 1), std::fmax(v, 0.0));
}

// The padding rule on a continuous coordinate (PyTorch's compute_coordinates).
double Pad(double v, int64_t size, const Options& o) {
  if (o.padding == Padding::kBorder) return Clamp(v, size);
  if (o.padding == Padding::kReflection) {
    v = o.align_corners ? Reflect(v, 0, 2.0 * static_cast<double>(size - 1))
                        : Reflect(v, -1, 2.0 * static_cast<double>(size) - 1);
    return Clamp(v, size);
  }
  return v;
}

double Unnormalize(double v, int64_t size, bool align_corners) {
  return align_corners ? (v + 1) / 2 * static_cast<double>(size - 1) : ((v + 1) * static_cast<double>(size) - 1) / 2;
}

// One image plane (H x W of doubles) with the zero-outside read.
struct Plane {
  const double* data;
  int64_t h, w;
  double At(int64_t y, int64_t x) const { return (y < 0 || y >= h || x < 0 || x >= w) ? 0.0 : data[y * w + x]; }
};

double CubicNear(double t, double a) {  // |t| <= 1
  return ((a + 2) * t - (a + 3)) * t * t + 1;
}
double CubicFar(double t, double a) {  // 1 < |t| < 2
  return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a;
}
double Cubic(double p0, double p1, double p2, double p3, double t) {
  constexpr double kA = -0.75;
  return p0 * CubicFar(t + 1, kA) + p1 * CubicNear(t, kA) + p2 * CubicNear(1 - t, kA) + p3 * CubicFar(2 - t, kA);
}

double Sample(const Plane& p, double gx, double gy, const Options& o) {
  if (o.mode == Mode::kBicubic) {
    const double x = Unnormalize(gx, p.w, o.align_corners), y = Unnormalize(gy, p.h, o.align_corners);
    const double x0 = std::floor(x), y0 = std::floor(y);
    const double tx = x - x0, ty = y - y0;
    // Every tap's index goes through the padding rule, then reads 0 outside.
    auto tap = [&](double yy, double xx) {
      const double px = Pad(xx, p.w, o), py = Pad(yy, p.h, o);
      return p.At(static_cast<int64_t>(std::floor(py)), static_cast<int64_t>(std::floor(px)));
    };
    double rows[4];
    for (int i = 0; i < 4; ++i) {
      const double yy = y0 - 1 + i;
      rows[i] = Cubic(tap(yy, x0 - 1), tap(yy, x0), tap(yy, x0 + 1), tap(yy, x0 + 2), tx);
    }
    return Cubic(rows[0], rows[1], rows[2], rows[3], ty);
  }
  const double x = Pad(Unnormalize(gx, p.w, o.align_corners), p.w, o);
  const double y = Pad(Unnormalize(gy, p.h, o.align_corners), p.h, o);
  if (o.mode == Mode::kNearest) {
    return p.At(static_cast<int64_t>(std::nearbyint(y)), static_cast<int64_t>(std::nearbyint(x)));
  }
  const double x0 = std::floor(x), y0 = std::floor(y);
  const double fx = x - x0, fy = y - y0;
  const auto ix = static_cast<int64_t>(x0), iy = static_cast<int64_t>(y0);
  return p.At(iy, ix) * (1 - fx) * (1 - fy) + p.At(iy, ix + 1) * fx * (1 - fy) + p.At(iy + 1, ix) * (1 - fx) * fy +
         p.At(iy + 1, ix + 1) * fx * fy;
}

Status GridSampleCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "GridSample"));
  Options o;
  ASIM_RETURN_IF_ERROR(ParseOptions(*ctx.attrs, &o));
  const TensorView& x = ctx.in(0);
  const TensorView& grid = ctx.in(1);
  const int64_t n = x.dims()[0], c = x.dims()[1], h = x.dims()[2], w = x.dims()[3];
  const int64_t oh = grid.dims()[1], ow = grid.dims()[2];
  if (grid.dims()[0] != n) {
    return Status(err::kOpInputNotMatch, "GridSample: grid batch " + std::to_string(grid.dims()[0]) +
                                             " differs from X's " + std::to_string(n));
  }
  TensorView& y = ctx.out(0);
  if (y.ElementCount() == 0) return Status::Ok();
  const std::vector<double> xv = ViewDoubles(x);
  const std::vector<double> gv = ViewDoubles(grid);
  return DispatchNumeric(y.dtype(), "GridSample", [&](auto tag) {
    using T = decltype(tag);
    T* out = y.as<T>();
    ParallelFor(n * c, 1, [&](int64_t begin, int64_t end) {
      for (int64_t plane = begin; plane < end; ++plane) {
        const Plane p{xv.data() + plane * h * w, h, w};
        const double* g = gv.data() + (plane / c) * oh * ow * 2;
        T* dst = out + plane * oh * ow;
        for (int64_t i = 0; i < oh * ow; ++i) dst[i] = FromDouble<T>(Sample(p, g[2 * i], g[2 * i + 1], o));
      }
    });
    return Status::Ok();
  });
}

}  // namespace

KernelDef BuildGridSample_AiCpu() {
  const std::vector<DataType> floats = {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kBf16};
  return KernelBuilder("GridSample", Engine::kAiCpu)
      .Input("X", floats)
      .Input("grid", floats)
      .Output("Y", floats)
      .SameDtypeAs(0)
      .Attr("align_corners", int64_t{0})
      .Attr("mode", std::string("bilinear"))
      .Attr("padding_mode", std::string("zeros"))
      .InferShape(GridSampleInfer)
      .Compute(GridSampleCompute)
      .Cost(AiCpuMoveCost(24))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
