// Tests of base/format: enumerator values (aclFormat numbers), names, validity.
// Owner: base. Thread safety: single-threaded test. Failure: gtest assertions.
#include "base/format.h"

#include <gtest/gtest.h>

namespace asim {
namespace {

TEST(Format, ValuesMatchAclFormat) {
  EXPECT_EQ(static_cast<int32_t>(Format::kUndefined), -1);
  EXPECT_EQ(static_cast<int32_t>(Format::kNchw), 0);
  EXPECT_EQ(static_cast<int32_t>(Format::kNhwc), 1);
  EXPECT_EQ(static_cast<int32_t>(Format::kNd), 2);
  EXPECT_EQ(static_cast<int32_t>(Format::kNc1hwc0), 3);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalZ), 4);
  EXPECT_EQ(static_cast<int32_t>(Format::kNc1hwc0C04), 12);
  EXPECT_EQ(static_cast<int32_t>(Format::kHwcn), 16);
  EXPECT_EQ(static_cast<int32_t>(Format::kNdhwc), 27);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNz), 29);
  EXPECT_EQ(static_cast<int32_t>(Format::kNcdhw), 30);
  EXPECT_EQ(static_cast<int32_t>(Format::kNdc1hwc0), 32);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalZ3d), 33);
  EXPECT_EQ(static_cast<int32_t>(Format::kNc), 35);
  EXPECT_EQ(static_cast<int32_t>(Format::kNcl), 47);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNzC0_16), 50);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNzC0_32), 51);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNzC0_2), 52);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNzC0_4), 53);
  EXPECT_EQ(static_cast<int32_t>(Format::kFractalNzC0_8), 54);
}

TEST(Format, Validity) {
  for (int32_t v : {-1, 0, 1, 2, 3, 4, 12, 16, 27, 29, 30, 32, 33, 35, 47, 50, 51, 52, 53, 54}) {
    EXPECT_TRUE(IsValidFormat(v)) << v;
  }
  for (int32_t v : {-2, 5, 11, 13, 28, 31, 34, 36, 46, 48, 49, 55, INT32_MAX}) {
    EXPECT_FALSE(IsValidFormat(v)) << v;
  }
  // FRACTAL_Z_C04 (atc --enable_small_channel's filters) is known to models, not an aclFormat.
  EXPECT_TRUE(IsKnownFormat(13));
  EXPECT_STREQ(FormatName(Format::kFractalZC04), "FRACTAL_Z_C04");
  EXPECT_FALSE(IsKnownFormat(14));
}

TEST(Format, Names) {
  EXPECT_STREQ(FormatName(Format::kNchw), "NCHW");
  EXPECT_STREQ(FormatName(Format::kFractalNz), "FRACTAL_NZ");
  EXPECT_STREQ(FormatName(Format::kFractalZ3d), "FRACTAL_Z_3D");
  EXPECT_STREQ(FormatName(Format::kNc1hwc0C04), "NC1HWC0_C04");
  EXPECT_STREQ(FormatName(Format::kUndefined), "UNDEFINED");
  EXPECT_STREQ(FormatName(static_cast<Format>(5)), "INVALID");
  for (int32_t v = -1; v <= 54; ++v) {
    if (!IsValidFormat(v)) continue;
    const auto format = static_cast<Format>(v);
    auto back = FormatFromName(FormatName(format));
    ASSERT_TRUE(back.has_value()) << v;
    EXPECT_EQ(*back, format);
  }
  EXPECT_FALSE(FormatFromName("nchw").has_value());
  EXPECT_FALSE(FormatFromName("INVALID").has_value());
}

}  // namespace
}  // namespace asim
