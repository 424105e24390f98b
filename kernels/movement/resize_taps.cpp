// Implementation of kernels/movement/resize_taps.h; ownership, thread safety and failure modes are
// described there. Owner: the movement / shape kernel family.
#include "kernels/movement/resize_taps.h"

#include <algorithm>
#include <cmath>

namespace asim::kernels {
namespace {

template <typename E>
bool Pick(const std::string& value, std::initializer_list<std::pair<const char*, E>> table, E* out) {
  for (const auto& [name, e] : table) {
    if (value == name) {
      *out = e;
      return true;
    }
  }
  return false;
}

// The input coordinate output coordinate `x` maps to; sets *outside for tf_crop_and_resize
// coordinates beyond the input.
double SourceCoordinate(const ResizeOptions& opt, double x, int64_t in_len, int64_t out_len, double scale,
                        double roi_start, double roi_end, bool* outside) {
  const double in = static_cast<double>(in_len), out = static_cast<double>(out_len);
  switch (opt.coord) {
    case ResizeCoord::kHalfPixel: return (x + 0.5) / scale - 0.5;
    case ResizeCoord::kHalfPixelSymmetric: {
      const double adjustment = out / (scale * in);
      const double offset = in / 2 * (1 - adjustment);
      return offset + (x + 0.5) / scale - 0.5;
    }
    case ResizeCoord::kPytorchHalfPixel: return out_len > 1 ? (x + 0.5) / scale - 0.5 : 0.0;
    case ResizeCoord::kAlignCorners: return out_len == 1 ? 0.0 : x * (in - 1) / (out - 1);
    case ResizeCoord::kAsymmetric: return x / scale;
    case ResizeCoord::kTfHalfPixelForNn: return (x + 0.5) / scale;
    case ResizeCoord::kTfCropAndResize: {
      const double c = out_len > 1 ? roi_start * (in - 1) + x * (roi_end - roi_start) * (in - 1) / (out - 1)
                                   : 0.5 * (roi_start + roi_end) * (in - 1);
      *outside = c < 0 || c > in - 1;
      return c;
    }
  }
  return x;
}

int64_t NearestIndex(NearestMode mode, double x) {
  const double f = std::floor(x);
  const double r = x - f;
  switch (mode) {
    case NearestMode::kRoundPreferFloor: return static_cast<int64_t>(r <= 0.5 ? f : f + 1);
    case NearestMode::kRoundPreferCeil: return static_cast<int64_t>(r < 0.5 ? f : f + 1);
    case NearestMode::kFloor: return static_cast<int64_t>(f);
    case NearestMode::kCeil: return static_cast<int64_t>(std::ceil(x));
  }
  return static_cast<int64_t>(f);
}

double CubicKernel(double x, double a) {
  x = std::fabs(x);
  if (x <= 1) return ((a + 2) * x - (a + 3)) * x * x + 1;
  if (x < 2) return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
  return 0.0;
}

}  // namespace

Status ParseResizeOptions(const AttrMap& attrs, ResizeOptions* out) {
  ResizeOptions o;
  const std::string mode = attrs.GetString("mode", "nearest");
  const std::string coord = attrs.GetString("coordinate_transformation_mode", "half_pixel");
  const std::string nearest = attrs.GetString("nearest_mode", "round_prefer_floor");
  if (!Pick<ResizeMode>(
          mode, {{"nearest", ResizeMode::kNearest}, {"linear", ResizeMode::kLinear}, {"cubic", ResizeMode::kCubic}},
          &o.mode)) {
    return Status(err::kOpAttrNotMatch, "Resize: mode '" + mode + "' is not nearest, linear or cubic");
  }
  if (!Pick<ResizeCoord>(coord,
                         {{"half_pixel", ResizeCoord::kHalfPixel},
                          {"half_pixel_symmetric", ResizeCoord::kHalfPixelSymmetric},
                          {"pytorch_half_pixel", ResizeCoord::kPytorchHalfPixel},
                          {"align_corners", ResizeCoord::kAlignCorners},
                          {"asymmetric", ResizeCoord::kAsymmetric},
                          {"tf_half_pixel_for_nn", ResizeCoord::kTfHalfPixelForNn},
                          {"tf_crop_and_resize", ResizeCoord::kTfCropAndResize}},
                         &o.coord)) {
    return Status(err::kOpAttrNotMatch, "Resize: coordinate_transformation_mode '" + coord + "' is not supported");
  }
  if (!Pick<NearestMode>(nearest,
                         {{"round_prefer_floor", NearestMode::kRoundPreferFloor},
                          {"round_prefer_ceil", NearestMode::kRoundPreferCeil},
                          {"floor", NearestMode::kFloor},
                          {"ceil", NearestMode::kCeil}},
                         &o.nearest)) {
    return Status(err::kOpAttrNotMatch, "Resize: nearest_mode '" + nearest + "' is not supported");
  }
  o.cubic_a = attrs.GetFloat("cubic_coeff_a", -0.75f);
  o.exclude_outside = attrs.GetInt("exclude_outside", 0) != 0;
  o.antialias = attrs.GetInt("antialias", 0) != 0;
  o.extrapolation_value = attrs.GetFloat("extrapolation_value", 0.0f);
  *out = o;
  return Status::Ok();
}

AxisTaps ResizeAxisTaps(const ResizeOptions& opt, int64_t in_len, int64_t out_len, double scale, double roi_start,
                        double roi_end) {
  AxisTaps t;
  t.outside.assign(static_cast<size_t>(out_len), 0);
  // Kernel support: the taps are x0 + (1 - n/2) ... x0 + n/2 around x0 = floor(x).
  const double s = opt.antialias ? std::min(scale, 1.0) : 1.0;
  int64_t start = 0;
  if (opt.mode == ResizeMode::kLinear) start = static_cast<int64_t>(std::floor(-1 / s) + 1);
  if (opt.mode == ResizeMode::kCubic) start = static_cast<int64_t>(std::floor(-2 / s) + 1);
  t.taps = opt.mode == ResizeMode::kNearest ? 1 : 2 - 2 * start;
  t.index.assign(static_cast<size_t>(out_len * t.taps), 0);
  t.weight.assign(static_cast<size_t>(out_len * t.taps), 0.0);
  for (int64_t o = 0; o < out_len; ++o) {
    bool outside = false;
    const double x =
        SourceCoordinate(opt, static_cast<double>(o), in_len, out_len, scale, roi_start, roi_end, &outside);
    t.outside[static_cast<size_t>(o)] = outside;
    int64_t* idx = &t.index[static_cast<size_t>(o * t.taps)];
    double* w = &t.weight[static_cast<size_t>(o * t.taps)];
    if (opt.mode == ResizeMode::kNearest) {
      idx[0] = std::clamp<int64_t>(NearestIndex(opt.nearest, x), 0, in_len - 1);
      w[0] = 1.0;
      continue;
    }
    // ONNX takes the pixel left of x: an integral x counts as x0 = x - 1, ratio 1.
    double x0 = std::floor(x);
    double ratio = x - x0;
    if (ratio == 0.0) {
      x0 -= 1;
      ratio = 1.0;
    }
    double sum = 0;
    for (int64_t k = 0; k < t.taps; ++k) {
      const int64_t offset = start + k;
      const double arg = s * (static_cast<double>(offset) - ratio);
      double c = opt.mode == ResizeMode::kLinear ? std::max(0.0, 1 - std::fabs(arg)) : CubicKernel(arg, opt.cubic_a);
      const int64_t at = static_cast<int64_t>(x0) + offset;
      if (opt.exclude_outside && (at < 0 || at >= in_len)) c = 0;
      idx[k] = std::clamp<int64_t>(at, 0, in_len - 1);
      w[k] = c;
      sum += c;
    }
    if ((opt.antialias || opt.exclude_outside) && sum != 0) {
      for (int64_t k = 0; k < t.taps; ++k) w[k] /= sum;
    }
  }
  return t;
}

}  // namespace asim::kernels
