// Unit tests of base/format_shape: shapes across tensor layouts.
#include "base/format_shape.h"

#include <gtest/gtest.h>

namespace asim {
namespace {

std::vector<int64_t> Shape(DataType t, Format src, std::vector<int64_t> dims, Format dst) {
  std::vector<int64_t> out;
  Status st = TransformShape(t, src, dims, dst, &out);
  EXPECT_TRUE(st.ok()) << st.message();
  return out;
}

TEST(FormatShape, PlainLayoutsPermute) {
  EXPECT_EQ(Shape(DataType::kFloat, Format::kNchw, {1, 3, 224, 225}, Format::kNhwc),
            (std::vector<int64_t>{1, 224, 225, 3}));
  EXPECT_EQ(Shape(DataType::kFloat, Format::kNhwc, {1, 224, 225, 3}, Format::kHwcn),
            (std::vector<int64_t>{224, 225, 3, 1}));
  EXPECT_EQ(Shape(DataType::kFloat, Format::kHwcn, {7, 7, 3, 64}, Format::kNchw), (std::vector<int64_t>{64, 3, 7, 7}));
}

TEST(FormatShape, Nc1hwc0UsesC0OfTheType) {
  EXPECT_EQ(Shape(DataType::kFloat16, Format::kNchw, {2, 3, 4, 5}, Format::kNc1hwc0),
            (std::vector<int64_t>{2, 1, 4, 5, 16}));
  EXPECT_EQ(Shape(DataType::kFloat16, Format::kNchw, {2, 17, 4, 5}, Format::kNc1hwc0),
            (std::vector<int64_t>{2, 2, 4, 5, 16}));
  EXPECT_EQ(Shape(DataType::kInt8, Format::kNchw, {2, 33, 4, 5}, Format::kNc1hwc0),
            (std::vector<int64_t>{2, 2, 4, 5, 32}));
}

TEST(FormatShape, FractalZAndNz) {
  // Weights [64, 3, 7, 7] fp16: C1*H*W = 49, N1 = 4.
  EXPECT_EQ(Shape(DataType::kFloat16, Format::kNchw, {64, 3, 7, 7}, Format::kFractalZ),
            (std::vector<int64_t>{49, 4, 16, 16}));
  // ND [batch, M, N] -> [batch, N1, M1, 16, 16].
  EXPECT_EQ(Shape(DataType::kFloat16, Format::kNd, {8, 33, 40}, Format::kFractalNz),
            (std::vector<int64_t>{8, 3, 3, 16, 16}));
  EXPECT_EQ(Shape(DataType::kFloat16, Format::kNd, {20}, Format::kFractalNz), (std::vector<int64_t>{2, 1, 16, 16}));
}

TEST(FormatShape, UndefinedConversionsExplainThemselves) {
  std::vector<int64_t> out;
  Status st = TransformShape(DataType::kFloat, Format::kNchw, {1, 3, 4}, Format::kNhwc, &out);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("4-D"), std::string::npos);
  st = TransformShape(DataType::kFloat, Format::kNchw, {1, -1, 4, 4}, Format::kNc1hwc0, &out);
  EXPECT_NE(st.message().find("unknown"), std::string::npos);
  st = TransformShape(DataType::kFloat, Format::kFractalNz, {1, 1, 16, 16}, Format::kNchw, &out);
  EXPECT_NE(st.message().find("not supported"), std::string::npos);
}

}  // namespace
}  // namespace asim
