// Resize against a plain transcription of the ONNX reference implementation
// (onnx/reference/ops/op_resize.py: per-axis 1-D interpolation with edge-padded
// neighbours, applied recursively over the axes): every mode, coordinate mode,
// nearest_mode, cubic_coeff_a, exclude_outside, antialias, tf_crop_and_resize with roi
// and extrapolation, scales and sizes (with axes and keep_aspect_ratio_policy), every
// engine and dtype; plus where the AI Core refuses.
#include <algorithm>
#include <cmath>

#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

struct Opts {
  std::string mode = "nearest", coord = "half_pixel", nearest = "round_prefer_floor";
  double a = -0.75;
  bool exclude_outside = false, antialias = false;
  double extrapolation = 0;
};

AttrMap AttrsOf(const Opts& o) {
  AttrMap m;
  m.Set("mode", o.mode);
  m.Set("coordinate_transformation_mode", o.coord);
  m.Set("nearest_mode", o.nearest);
  m.Set("cubic_coeff_a", static_cast<float>(o.a));
  m.Set("exclude_outside", int64_t{o.exclude_outside});
  m.Set("antialias", int64_t{o.antialias});
  m.Set("extrapolation_value", static_cast<float>(o.extrapolation));
  return m;
}

std::vector<double> Coeffs(const Opts& o, double ratio, double scale) {
  if (o.mode == "nearest") {
    if (ratio == std::floor(ratio)) return {0, 1};
    if (o.nearest == "round_prefer_floor") return {double(ratio <= 0.5), double(ratio > 0.5)};
    if (o.nearest == "round_prefer_ceil") return {double(ratio < 0.5), double(ratio >= 0.5)};
    if (o.nearest == "floor") return {1, 0};
    return {0, 1};
  }
  if (o.mode == "linear" && !o.antialias) return {1 - ratio, ratio};
  if (o.mode == "linear") {
    const double s = std::min(scale, 1.0);
    const int64_t start = static_cast<int64_t>(std::floor(-1 / s) + 1), footprint = 2 - 2 * start;
    std::vector<double> c;
    double sum = 0;
    for (int64_t i = start; i < start + footprint; ++i) {
      c.push_back(std::clamp(1 - std::fabs((static_cast<double>(i) - ratio) * s), 0.0, 1.0));
      sum += c.back();
    }
    for (auto& v : c) v /= sum;
    return c;
  }
  const double A = o.a;
  if (!o.antialias) {
    return {((A * (ratio + 1) - 5 * A) * (ratio + 1) + 8 * A) * (ratio + 1) - 4 * A,
            ((A + 2) * ratio - (A + 3)) * ratio * ratio + 1,
            ((A + 2) * (1 - ratio) - (A + 3)) * (1 - ratio) * (1 - ratio) + 1,
            ((A * ((1 - ratio) + 1) - 5 * A) * ((1 - ratio) + 1) + 8 * A) * ((1 - ratio) + 1) - 4 * A};
  }
  const double s = std::min(scale, 1.0);
  auto coeff = [&](double x) {
    x = std::fabs(x);
    if (x <= 1) return (A + 2) * x * x * x - (A + 3) * x * x + 1;
    if (x < 2) return A * x * x * x - 5 * A * x * x + 8 * A * x - 4 * A;
    return 0.0;
  };
  const int64_t start = static_cast<int64_t>(std::floor(-2 / s) + 1), end = 2 - start;
  std::vector<double> c;
  double sum = 0;
  for (int64_t i = start; i < end; ++i) {
    c.push_back(coeff(s * (static_cast<double>(i) - ratio)));
    sum += c.back();
  }
  for (auto& v : c) v /= sum;
  return c;
}

// _interpolate_1d_with_x, literally.
double Interpolate1D(const std::vector<double>& data, double scale, int64_t out_len, double x, const Opts& o,
                     double roi_start, double roi_end) {
  const double in = static_cast<double>(data.size()), out = static_cast<double>(out_len);
  double xo = 0;
  if (o.coord == "align_corners")
    xo = out == 1 ? 0 : x * (in - 1) / (out - 1);
  else if (o.coord == "asymmetric")
    xo = x / scale;
  else if (o.coord == "tf_half_pixel_for_nn")
    xo = (x + 0.5) / scale;
  else if (o.coord == "pytorch_half_pixel")
    xo = out > 1 ? (x + 0.5) / scale - 0.5 : 0;
  else if (o.coord == "half_pixel_symmetric") {
    const double adjustment = out / (scale * in), offset = in / 2 * (1 - adjustment);
    xo = offset + (x + 0.5) / scale - 0.5;
  } else if (o.coord == "tf_crop_and_resize") {
    xo = out == 1 ? (roi_end - roi_start) * (in - 1) / 2 : x * (roi_end - roi_start) * (in - 1) / (out - 1);
    xo += roi_start * (in - 1);
    if (xo < 0 || xo > in - 1) return o.extrapolation;
  } else {
    xo = (x + 0.5) / scale - 0.5;
  }
  const double ratio = xo == std::floor(xo) ? 1.0 : xo - std::floor(xo);
  std::vector<double> c = Coeffs(o, ratio, scale);
  const int64_t n = static_cast<int64_t>(c.size());
  // _get_neighbor: edge-pad by ceil(n/2), take the n indices nearest to x (ties: lower).
  const int64_t pad = (n + 1) / 2;
  const double xp = xo + static_cast<double>(pad);
  std::vector<int64_t> all;
  for (int64_t i = 0; i < static_cast<int64_t>(data.size()) + 2 * pad; ++i) all.push_back(i);
  std::stable_sort(all.begin(), all.end(), [&](int64_t p, int64_t q) {
    return std::fabs(xp - static_cast<double>(p)) < std::fabs(xp - static_cast<double>(q));
  });
  all.resize(static_cast<size_t>(n));
  std::sort(all.begin(), all.end());
  double sum = 0, csum = 0;
  for (int64_t k = 0; k < n; ++k) {
    const int64_t idx = all[static_cast<size_t>(k)] - pad;
    if (o.exclude_outside && (idx < 0 || idx >= static_cast<int64_t>(data.size()))) c[static_cast<size_t>(k)] = 0;
    csum += c[static_cast<size_t>(k)];
  }
  for (int64_t k = 0; k < n; ++k) {
    const int64_t idx =
        std::clamp<int64_t>(all[static_cast<size_t>(k)] - pad, 0, static_cast<int64_t>(data.size()) - 1);
    sum += (o.exclude_outside ? c[static_cast<size_t>(k)] / csum : c[static_cast<size_t>(k)]) *
           data[static_cast<size_t>(idx)];
  }
  return sum;
}

// interpolate_nd_with_x, recursively over the axes.
double InterpolateNd(const std::vector<double>& data, const std::vector<int64_t>& dims,
                     const std::vector<double>& scales, const std::vector<int64_t>& out, const std::vector<int64_t>& x,
                     const Opts& o, const std::vector<double>& roi, size_t axis) {
  const size_t rank = dims.size();
  const int64_t inner = Count(std::vector<int64_t>(dims.begin() + static_cast<std::ptrdiff_t>(axis) + 1, dims.end()));
  std::vector<double> line;
  for (int64_t i = 0; i < dims[axis]; ++i) {
    if (axis + 1 == rank) {
      line.push_back(data[static_cast<size_t>(i)]);
    } else {
      std::vector<double> sub(data.begin() + i * inner, data.begin() + (i + 1) * inner);
      line.push_back(InterpolateNd(sub, dims, scales, out, x, o, roi, axis + 1));
    }
  }
  return Interpolate1D(line, scales[axis], out[axis], static_cast<double>(x[axis]), o, roi[axis], roi[rank + axis]);
}

std::vector<double> Reference(const std::vector<double>& data, const std::vector<int64_t>& dims,
                              const std::vector<double>& scales, const std::vector<int64_t>& out, const Opts& o,
                              std::vector<double> roi = {}) {
  if (roi.empty()) {
    roi.assign(dims.size(), 0.0);
    roi.insert(roi.end(), dims.size(), 1.0);
  }
  std::vector<double> y;
  for (int64_t i = 0; i < Count(out); ++i)
    y.push_back(InterpolateNd(data, dims, scales, out, Unravel(i, out), o, roi, 0));
  return y;
}

bool IsFloat(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kBf16 || t == DataType::kDouble;
}

// Runs Resize with `scales` on `engine` for every declared dtype (or only `only`).
void Check(Engine engine, const std::vector<int64_t>& dims, const std::vector<double>& scales, const Opts& o,
           std::vector<DataType> only = {}) {
  std::vector<int64_t> out;
  for (size_t k = 0; k < dims.size(); ++k) out.push_back(static_cast<int64_t>(std::floor(dims[k] * scales[k])));
  const std::vector<float> sf(scales.begin(), scales.end());
  for (DataType dt : only.empty() ? DeclaredTypes("Resize", engine) : only) {
    std::vector<double> values;
    for (float f :
         RandomFloats(static_cast<size_t>(Count(dims)), IsFloat(dt) ? -3.0f : 0.0f, IsFloat(dt) ? 3.0f : 100.0f, 7)) {
      values.push_back(IsFloat(dt) ? StoredAs(dt, f) : std::floor(f));
    }
    RunResult r =
        RunOpOn(engine, "Resize",
                {Numbers(dt, dims, values), Absent(),
                 HostTensor::FromValues<float>(DataType::kFloat, {static_cast<int64_t>(sf.size())}, sf).AsConstant()},
                AttrsOf(o));
    const std::string what = o.mode + "/" + o.coord + "/" + o.nearest + " " + DataTypeName(dt);
    ASSERT_TRUE(r.status.ok()) << what << ": " << r.status.message();
    ASSERT_EQ(r.outputs[0].spec.dims, out) << what;
    std::vector<double> want = Reference(values, dims, scales, out, o);
    for (auto& w : want) w = StoredAs(dt, w);
    const bool exact = o.mode == "nearest";
    const double rtol = exact ? 0 : (dt == DataType::kFloat16 ? 2e-3 : dt == DataType::kBf16 ? 1.6e-2 : 1e-5);
    const double atol = exact ? 0 : (IsFloat(dt) ? 1e-4 : 1.0);
    EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), want, rtol, atol)) << what;
  }
}

const std::vector<std::string> kCoords = {"half_pixel",    "half_pixel_symmetric", "pytorch_half_pixel",
                                          "align_corners", "asymmetric",           "tf_half_pixel_for_nn"};

TEST(Resize, NearestEveryNearestModeAndCoordinateModeUpAndDown) {
  for (const std::string nearest : {"round_prefer_floor", "round_prefer_ceil", "floor", "ceil"}) {
    for (const auto& coord : kCoords) {
      Opts o;
      o.nearest = nearest;
      o.coord = coord;
      for (const std::vector<double>& s : {std::vector<double>{1, 1, 2, 1.5}, std::vector<double>{1, 1, 0.5, 0.75}}) {
        Check(Engine::kAiCpu, {1, 2, 4, 6}, s, o, {DataType::kFloat});
        Check(Engine::kAiCore, {1, 2, 4, 6}, s, o, {DataType::kFloat16});
      }
    }
  }
}

TEST(Resize, LinearEveryCoordinateModeAndNdScales) {
  for (const auto& coord : kCoords) {
    Opts o;
    o.mode = "linear";
    o.coord = coord;
    Check(Engine::kAiCpu, {2, 3, 5}, {1.5, 2, 0.6}, o, {DataType::kFloat});
    Check(Engine::kAiCore, {1, 2, 3, 5}, {1, 1, 2.5, 0.8}, o);
  }
}

TEST(Resize, CubicWithCoefficientsAndExcludeOutside) {
  for (double a : {-0.75, -0.5}) {
    for (bool exclude : {false, true}) {
      for (const auto& coord : {std::string("half_pixel"), std::string("align_corners"), std::string("asymmetric")}) {
        Opts o;
        o.mode = "cubic";
        o.coord = coord;
        o.a = a;
        o.exclude_outside = exclude;
        Check(Engine::kAiCpu, {1, 1, 5, 7}, {1, 1, 1.6, 0.5}, o, {DataType::kFloat});
      }
    }
  }
}

TEST(Resize, AntialiasWhenDownscaling) {
  for (const std::string mode : {"linear", "cubic"}) {
    Opts o;
    o.mode = mode;
    o.antialias = true;
    Check(Engine::kAiCpu, {1, 1, 8, 9}, {1, 1, 0.5, 0.34}, o, {DataType::kFloat, DataType::kDouble});
    Check(Engine::kAiCpu, {1, 1, 4, 4}, {1, 1, 1.5, 2}, o, {DataType::kFloat});  // upscaling: no effect
  }
}

TEST(Resize, EveryDtypeOnEveryEngine) {
  for (const std::string mode : {"nearest", "linear"}) {
    Opts o;
    o.mode = mode;
    Check(Engine::kAiCore, {1, 2, 3, 4}, {1, 1, 2, 0.5}, o);
    Check(Engine::kAiCpu, {2, 3, 4}, {1, 2, 1.5}, o);
  }
}

TEST(Resize, TfCropAndResizeWithRoiAndExtrapolation) {
  for (const std::string mode : {"nearest", "linear", "cubic"}) {
    Opts o;
    o.mode = mode;
    o.coord = "tf_crop_and_resize";
    o.extrapolation = 7.25;
    const std::vector<int64_t> dims = {1, 1, 4, 5}, out = {1, 1, 3, 6};
    const std::vector<double> roi = {0, 0, 0.2, -0.3, 1, 1, 0.9, 1.2};
    std::vector<double> values;
    for (float f : RandomFloats(20, -1, 1, 9)) values.push_back(f);
    const std::vector<float> roi_f(roi.begin(), roi.end());
    RunResult r =
        RunOpOn(Engine::kAiCpu, "Resize",
                {Numbers(DataType::kFloat, dims, values), HostTensor::FromValues<float>(DataType::kFloat, {8}, roi_f),
                 Absent(), I64s(out).AsConstant()},
                AttrsOf(o));
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    std::vector<double> scales;
    for (size_t k = 0; k < 4; ++k) scales.push_back(static_cast<double>(out[k]) / static_cast<double>(dims[k]));
    std::vector<double> want = Reference(values, dims, scales, out, o, roi);
    for (auto& w : want) w = StoredAs(DataType::kFloat, w);
    EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), want, 1e-5, 1e-5)) << mode;
    EXPECT_NE(std::count(want.begin(), want.end(), StoredAs(DataType::kFloat, 7.25)), 0) << "some points extrapolate";
  }
}

TEST(Resize, SizesWithAxesAndKeepAspectRatioPolicies) {
  const std::vector<int64_t> dims = {1, 1, 4, 6};
  HostTensor x = Numbers(DataType::kFloat, dims, std::vector<double>(24, 1.0));
  const std::vector<std::tuple<std::string, std::vector<int64_t>>> cases = {
      {"stretch", {1, 1, 3, 9}}, {"not_larger", {1, 1, 3, 5}}, {"not_smaller", {1, 1, 6, 9}}};
  for (const auto& [policy, want] : cases) {
    AttrMap a;
    a.Set("axes", std::vector<int64_t>{2, -1});
    a.Set("keep_aspect_ratio_policy", policy);
    RunResult r = RunOp("Resize", {x, Absent(), Absent(), I64s({3, 9}).AsConstant()}, a);
    ASSERT_TRUE(r.status.ok()) << policy << ": " << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, want) << policy;
    EXPECT_EQ(AsDoubles(r.outputs[0]), std::vector<double>(static_cast<size_t>(Count(want)), 1.0));
  }
}

TEST(Resize, WhatTheAiCoreRefuses) {
  HostTensor x = HostTensor::Make(DataType::kFloat16, {1, 2, 4, 4});
  auto scales = [](std::vector<float> s) {
    return HostTensor::FromValues<float>(DataType::kFloat, {static_cast<int64_t>(s.size())}, s).AsConstant();
  };
  AttrMap cubic;
  cubic.Set("mode", std::string("cubic"));
  RunResult r = RunOp("Resize", {x, Absent(), scales({1, 1, 2, 2})}, cubic);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  r = RunOpOn(Engine::kAiCore, "Resize", {x, Absent(), scales({1, 2, 2, 2})});
  EXPECT_NE(r.status.message().find("H and W only"), std::string::npos) << r.status.message();
  r = RunOpOn(Engine::kAiCore, "Resize", {HostTensor::Make(DataType::kFloat16, {4, 4}), Absent(), scales({2, 2})});
  EXPECT_NE(r.status.message().find("4-D"), std::string::npos) << r.status.message();
  r = RunOpOn(Engine::kAiCore, "Resize",
              {x, Absent(), HostTensor::FromValues<float>(DataType::kFloat, {4}, {1, 1, 2, 2})});
  EXPECT_NE(r.status.message().find("'scales' must be a constant"), std::string::npos) << r.status.message();
  r = RunOp("Resize", {x, Absent(), scales({1, 1, 2, 2}), I64s({1, 2, 8, 8}).AsConstant()});
  EXPECT_NE(r.status.message().find("exactly one of"), std::string::npos) << r.status.message();
}

}  // namespace
}  // namespace asim::kernels::testing
