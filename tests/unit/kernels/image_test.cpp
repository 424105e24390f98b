// AI CPU image kernels against hand-computed values: GridSample (every mode and padding
// rule, align_corners both ways) and RoiAlign (avg and max, both coordinate modes), every
// declared dtype; bad shapes, attributes and batch indices get the kernel's error.
// (ONNX's own backend cases for both run in tests/onnx_conformance.)
#include <cmath>

#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

HostTensor F32(std::vector<int64_t> dims, const std::vector<float>& v) {
  return HostTensor::FromValues<float>(DataType::kFloat, std::move(dims), v);
}

// X = [[0, 1, 2], [3, 4, 5]] (1 x 1 x 2 x 3); each grid point (x, y) in [-1, 1].
const HostTensor kImage = F32({1, 1, 2, 3}, {0, 1, 2, 3, 4, 5});

std::vector<double> Sample(const std::vector<float>& grid_xy, const AttrMap& attrs, DataType dt = DataType::kFloat) {
  const int64_t points = static_cast<int64_t>(grid_xy.size() / 2);
  std::vector<double> img = {0, 1, 2, 3, 4, 5};
  std::vector<double> g(grid_xy.begin(), grid_xy.end());
  RunResult r = RunOp("GridSample", {Numbers(dt, {1, 1, 2, 3}, img), Numbers(dt, {1, 1, points, 2}, g)}, attrs);
  EXPECT_TRUE(r.status.ok()) << r.status.message();
  if (!r.status.ok()) return {};
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 1, points}));
  return AsDoubles(r.outputs[0]);
}

TEST(GridSample, BilinearZerosPaddingBothCornerConventions) {
  // align_corners = 1: -1 and 1 are the centres of the edge pixels.
  EXPECT_EQ(Sample({-1, -1, 1, 1, 0, 0}, Attrs({{"align_corners", int64_t{1}}})), (std::vector<double>{0, 5, 2.5}));
  // align_corners = 0: -1 and 1 are the outer edges; (-1, -1) is the corner, a quarter of
  // pixel (0, 0) and three quarters zeros; (0, 0) is the centre of the image: x = 1, y = 0.5.
  const auto v = Sample({-1, -1, 0, 0}, Attrs({}));
  ASSERT_EQ(v.size(), 2u);
  EXPECT_DOUBLE_EQ(v[0], 0.0);
  EXPECT_DOUBLE_EQ(v[1], 2.5);
  const auto w = Sample({1, 1}, Attrs({}));  // x = 2.5, y = 1.5: a quarter of pixel (1, 2) = 5
  EXPECT_DOUBLE_EQ(w[0], 1.25);
}

TEST(GridSample, BorderAndReflectionPadding) {
  // Grid x = 5/3 under align_corners = 0 is pixel x = ((5/3 + 1) * 3 - 1) / 2 = 3.5, outside
  // the 3 columns; grid y = 0 is pixel y = 0.5, between the two rows.
  const float gx = 5.0f / 3.0f;
  // border: x clamps to 2 -> (2 + 5) / 2.
  EXPECT_NEAR(Sample({gx, 0}, Attrs({{"padding_mode", std::string("border")}}))[0], 3.5, 1e-6);
  // reflection about x = 2.5: 3.5 -> 1.5 -> (1 + 2 + 4 + 5) / 4; grid x = -5/3 is pixel
  // x = -1.5, reflected about -0.5 to 0.5 -> (0 + 1 + 3 + 4) / 4.
  EXPECT_NEAR(Sample({gx, 0}, Attrs({{"padding_mode", std::string("reflection")}}))[0], 3.0, 1e-6);
  EXPECT_NEAR(Sample({-gx, 0}, Attrs({{"padding_mode", std::string("reflection")}}))[0], 2.0, 1e-6);
  // zeros: every tap of x = 3.5 is outside.
  EXPECT_NEAR(Sample({gx, 0}, Attrs({}))[0], 0.0, 1e-6);
}

TEST(GridSample, NearestRoundsHalfToEvenAndBicubicIsExactOnALine) {
  // align_corners = 1: x = 0.5 * 2 = 1.0 exactly, y = 0.25 -> rounds to 0 -> pixel (0, 1).
  EXPECT_EQ(Sample({0, -0.5f}, Attrs({{"mode", std::string("nearest")}, {"align_corners", int64_t{1}}})),
            (std::vector<double>{1}));
  // x = 0.5 (half): rounds to 0 (even) -> pixel (0, 0); y = 0 -> row 0.
  EXPECT_EQ(Sample({-0.5f, -1}, Attrs({{"mode", std::string("nearest")}, {"align_corners", int64_t{1}}})),
            (std::vector<double>{0}));
  // Bicubic reproduces a linear function inside the image (rows differ by 3, columns by 1)
  // where all 16 taps are inside: use a 4 x 4 image, centre point.
  std::vector<double> img(16);
  for (int i = 0; i < 16; ++i) img[static_cast<size_t>(i)] = (i / 4) * 3 + (i % 4);
  RunResult r = RunOp("GridSample", {Numbers(DataType::kFloat, {1, 1, 4, 4}, img), F32({1, 1, 1, 2}, {0, 0})},
                      Attrs({{"mode", std::string("bicubic")}, {"align_corners", int64_t{1}}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_NEAR(AsDoubles(r.outputs[0])[0], 1.5 * 3 + 1.5, 1e-5);
}

TEST(GridSample, EveryDeclaredDtypeAndErrors) {
  for (DataType dt : DeclaredTypes("GridSample", Engine::kAiCpu)) {
    EXPECT_EQ(Sample({-1, -1, 1, 1}, Attrs({{"align_corners", int64_t{1}}}), dt), (std::vector<double>{0, 5}))
        << DataTypeName(dt);
  }
  RunResult r = RunOp("GridSample", {kImage, F32({1, 1, 1, 3}, {0, 0, 0})});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("[N, Hout, Wout, 2]"), std::string::npos) << r.status.message();
  r = RunOp("GridSample", {kImage, F32({1, 1, 1, 2}, {0, 0})}, Attrs({{"mode", std::string("area")}}));
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("'area'"), std::string::npos) << r.status.message();
  r = RunOp("GridSample", {kImage, F32({1, 1, 1, 2}, {0, 0})}, Attrs({{"padding_mode", std::string("wrap")}}));
  EXPECT_FALSE(r.status.ok());
}

// ---- RoiAlign --------------------------------------------------------------------------

// X: 1 x 1 x 4 x 4 with value = 10 * row + column.
HostTensor Ramp() {
  std::vector<float> v(16);
  for (int i = 0; i < 16; ++i) v[static_cast<size_t>(i)] = static_cast<float>((i / 4) * 10 + (i % 4));
  return F32({1, 1, 4, 4}, v);
}

TEST(RoiAlign, AverageOfBilinearSamplesBothCoordinateModes) {
  const HostTensor idx = HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {0});
  // output_half_pixel: region (0, 0)-(2, 2), 1 x 1 bin, 2 x 2 samples at 0.5 and 1.5:
  // the mean of the ramp there is 10 * 1 + 1 = 11.
  RunResult r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0, 0, 2, 2}), idx},
                      Attrs({{"coordinate_transformation_mode", std::string("output_half_pixel")}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 1, 1}));
  EXPECT_NEAR(AsDoubles(r.outputs[0])[0], 11.0, 1e-5);
  // half_pixel shifts by -0.5: samples at 0 and 1 -> mean 10 * 0.5 + 0.5 = 5.5.
  r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0, 0, 2, 2}), idx});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_NEAR(AsDoubles(r.outputs[0])[0], 5.5, 1e-5);
  // 2 x 2 bins with one sample each (sampling_ratio 1), spatial_scale 0.5 on a region given
  // in twice the resolution: bins centred at 0.5 and 1.5 (output_half_pixel).
  r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0, 0, 4, 4}), idx},
            Attrs({{"coordinate_transformation_mode", std::string("output_half_pixel")},
                   {"output_height", int64_t{2}},
                   {"output_width", int64_t{2}},
                   {"sampling_ratio", int64_t{1}},
                   {"spatial_scale", 0.5f}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const auto v = AsDoubles(r.outputs[0]);
  ASSERT_EQ(v.size(), 4u);
  EXPECT_NEAR(v[0], 5.5, 1e-5);
  EXPECT_NEAR(v[1], 6.5, 1e-5);
  EXPECT_NEAR(v[2], 15.5, 1e-5);
  EXPECT_NEAR(v[3], 16.5, 1e-5);
}

TEST(RoiAlign, MaxModeTakesTheLargestWeightedNeighbour) {
  const HostTensor idx = HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {0});
  // One sample at (1, 1) exactly (output_half_pixel, region (0.5, 0.5)-(1.5, 1.5)): weight 1 on
  // pixel (1, 1) = 11, the other neighbours weigh 0.
  RunResult r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0.5f, 0.5f, 1.5f, 1.5f}), idx},
                      Attrs({{"coordinate_transformation_mode", std::string("output_half_pixel")},
                             {"mode", std::string("max")},
                             {"sampling_ratio", int64_t{1}}}));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_NEAR(AsDoubles(r.outputs[0])[0], 11.0, 1e-5);
}

TEST(RoiAlign, EveryDeclaredDtypeAndErrors) {
  const HostTensor idx = HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {0});
  for (DataType dt : DeclaredTypes("RoiAlign", Engine::kAiCpu)) {
    std::vector<double> img(16);
    for (int i = 0; i < 16; ++i) img[static_cast<size_t>(i)] = (i / 4) * 10 + (i % 4);
    RunResult r = RunOp("RoiAlign", {Numbers(dt, {1, 1, 4, 4}, img), Numbers(dt, {1, 4}, {0, 0, 2, 2}), idx},
                        Attrs({{"coordinate_transformation_mode", std::string("output_half_pixel")}}));
    ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
    EXPECT_NEAR(AsDoubles(r.outputs[0])[0], 11.0, dt == DataType::kBf16 ? 0.1 : 1e-2) << DataTypeName(dt);
  }
  RunResult r = RunOp("RoiAlign",
                      {Ramp(), F32({1, 4}, {0, 0, 2, 2}), HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {3})});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("batch_indices[0] = 3"), std::string::npos) << r.status.message();
  r = RunOp("RoiAlign", {Ramp(), F32({1, 3}, {0, 0, 2}), idx});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("[R, 4]"), std::string::npos) << r.status.message();
  r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0, 0, 2, 2}), idx}, Attrs({{"mode", std::string("sum")}}));
  EXPECT_FALSE(r.status.ok());
  r = RunOp("RoiAlign", {Ramp(), F32({1, 4}, {0, 0, 2, 2}), idx}, Attrs({{"output_height", int64_t{0}}}));
  EXPECT_FALSE(r.status.ok());
}

}  // namespace
}  // namespace asim::kernels::testing
