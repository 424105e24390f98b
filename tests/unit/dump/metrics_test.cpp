// msaccucmp's metrics against values computed by hand (x = my output, y = ground truth).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "base/fp16.h"
#include "dumpfmt/dump_types.h"
#include "tools/dump/metrics.h"

namespace asim::dumptool {
namespace {

TEST(Metrics, HandComputedValues) {
  const std::vector<double> x = {1, 2, 3}, y = {1, 2, 4};
  const Metrics m = ComputeMetrics(x, y);
  EXPECT_NEAR(m.cosine, 17.0 / std::sqrt(14.0 * 21.0), 1e-15);  // 0.99146013...
  EXPECT_DOUBLE_EQ(m.max_abs, 1.0);
  EXPECT_DOUBLE_EQ(m.accumulated_relative, 0.25);  // |3/4 - 1|
  EXPECT_NEAR(m.relative_euclidean, std::sqrt(1.0 / 21.0), 1e-15);
  // p = y min-max scaled [0, 1/3, 1] (0 clamped to FLT_EPSILON), q likewise from x, each
  // normalised to sum 1; sum p ln(p/q).
  EXPECT_NEAR(m.kl, 0.01641675775808625, 1e-12);
  EXPECT_EQ(m.standard_deviation, "(2.000;0.816),(2.333;1.247)");
  EXPECT_NEAR(m.mean_abs, 1.0 / 3.0, 1e-15);
  EXPECT_NEAR(m.rmse, std::sqrt(1.0 / 3.0), 1e-15);
  EXPECT_DOUBLE_EQ(m.max_relative, 0.25);
  EXPECT_NEAR(m.mean_relative, 0.25 / 3.0, 1e-15);  // over every element, as msaccucmp
  EXPECT_TRUE(m.reasons.empty());
  EXPECT_EQ(m.Cells(),
            (std::vector<std::string>{"0.991460", "1.000000", "0.250000", "0.218218", "0.016417",
                                      "(2.000;0.816),(2.333;1.247)", "0.333333", "0.577350", "0.250000", "0.083333"}));
}

TEST(Metrics, IdenticalTensorsArePerfect) {
  const std::vector<double> x = {-1.5, 0.25, 3, 8};
  const Metrics m = ComputeMetrics(x, x);
  EXPECT_DOUBLE_EQ(m.cosine, 1.0);
  EXPECT_DOUBLE_EQ(m.max_abs, 0);
  EXPECT_DOUBLE_EQ(m.relative_euclidean, 0);
  EXPECT_DOUBLE_EQ(m.kl, 0);
  EXPECT_DOUBLE_EQ(m.rmse, 0);
  EXPECT_DOUBLE_EQ(m.mean_relative, 0);
}

TEST(Metrics, ZeroGroundTruthRules) {
  // Relative errors skip |y| <= eps; RED is 0 when |y| is 0; cosine is NaN with a reason.
  const std::vector<double> x = {1, 2}, y = {0, 0};
  const Metrics m = ComputeMetrics(x, y);
  EXPECT_TRUE(std::isnan(m.cosine));
  ASSERT_FALSE(m.reasons.empty());
  EXPECT_NE(m.reasons[0].find("ground truth"), std::string::npos);
  EXPECT_DOUBLE_EQ(m.relative_euclidean, 0);
  EXPECT_DOUBLE_EQ(m.accumulated_relative, 0);
  EXPECT_DOUBLE_EQ(m.max_relative, 0);
  EXPECT_DOUBLE_EQ(m.max_abs, 2);
  // Both all zero: cosine 1.
  const std::vector<double> z = {0, 0};
  EXPECT_DOUBLE_EQ(ComputeMetrics(z, z).cosine, 1.0);
  // Mine all zero: NaN naming my output.
  const Metrics mz = ComputeMetrics(z, x);
  EXPECT_TRUE(std::isnan(mz.cosine));
  EXPECT_NE(mz.reasons[0].find("my output"), std::string::npos);
}

TEST(Metrics, OppositeVectorsAndScalars) {
  const std::vector<double> x = {1, -2}, y = {-1, 2};
  EXPECT_DOUBLE_EQ(ComputeMetrics(x, y).cosine, -1.0);
  const std::vector<double> a = {3}, b = {3};
  EXPECT_DOUBLE_EQ(ComputeMetrics(a, b).cosine, 1.0);
  EXPECT_EQ(ComputeMetrics(a, b).standard_deviation, "(3.000;0.000),(3.000;0.000)");
}

TEST(Metrics, EmptyOrMismatchedIsNaNWithAReason) {
  const Metrics m = ComputeMetrics(std::vector<double>{}, std::vector<double>{});
  EXPECT_TRUE(std::isnan(m.cosine));
  EXPECT_EQ(m.Cells()[0], "NaN");
  EXPECT_FALSE(m.reasons.empty());
}

TEST(Metrics, FormatsLikeMsaccucmp) {
  EXPECT_EQ(FormatMetric(0.1234564), "0.123456");
  EXPECT_EQ(FormatMetric(NAN), "NaN");
  EXPECT_EQ(FormatMetric(INFINITY), "inf");
  EXPECT_EQ(FormatMetric(1e-9), "0.000000");
}

TEST(Metrics, ValuesWidenFromEveryDumpType) {
  std::vector<double> v;
  const uint16_t h[2] = {FloatToHalf(1.5f), FloatToHalf(-2.0f)};
  std::vector<uint8_t> bytes(4);
  std::memcpy(bytes.data(), h, 4);
  ASSERT_TRUE(ToDoubles(dump::kDtFloat16, bytes, &v).ok());
  EXPECT_EQ(v, (std::vector<double>{1.5, -2.0}));
  const uint16_t b[2] = {FloatToBf16(1.5f), FloatToBf16(-2.0f)};
  std::memcpy(bytes.data(), b, 4);
  ASSERT_TRUE(ToDoubles(dump::kDtBf16, bytes, &v).ok());
  EXPECT_EQ(v, (std::vector<double>{1.5, -2.0}));
  const int8_t i8[4] = {-1, 2, -3, 4};
  std::memcpy(bytes.data(), i8, 4);
  ASSERT_TRUE(ToDoubles(dump::kDtInt8, bytes, &v).ok());
  EXPECT_EQ(v, (std::vector<double>{-1, 2, -3, 4}));
  EXPECT_EQ(ToDoubles(dump::kDtFloat, bytes, &v).code(), err::kOk);
  EXPECT_EQ(ToDoubles(13 /* DT_STRING */, bytes, &v).code(), err::kUnsupportedDataType);
}

}  // namespace
}  // namespace asim::dumptool
