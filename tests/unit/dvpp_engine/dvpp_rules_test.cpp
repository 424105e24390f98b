// Unit tests of runtime/dvpp/engine/dvpp_rules: the DVPP V1 hardware rules per generation,
// without a device (the conformance suites drive them through the public API).
#include "runtime/dvpp/engine/dvpp_rules.h"

#include <gtest/gtest.h>

#include "device_sim/soc/soc_spec.h"

namespace asim::dvpp::rules {
namespace {

sim::SocSpec Spec(const char* soc) {
  sim::SocSpec spec;
  EXPECT_TRUE(sim::LoadSocSpec(soc, &spec).ok()) << soc;
  return spec;
}

PictureDesc Nv12(uint32_t w, uint32_t h, uint32_t ws, uint32_t hs) {
  PictureDesc p;
  static uint8_t dummy;
  p.data = &dummy;
  p.format = static_cast<uint32_t>(PixelFormat::kYuv420sp);
  p.width = w;
  p.height = h;
  p.width_stride = ws;
  p.height_stride = hs;
  p.size = ws * hs * 3 / 2;
  return p;
}

TEST(DvppRules, GenerationsOfTheShippedSocs) {
  EXPECT_FALSE(IsV200(Spec("Ascend310")));
  EXPECT_FALSE(IsV200(Spec("Ascend910")));
  EXPECT_TRUE(IsV200(Spec("Ascend310P3")));
  EXPECT_EQ(Spec("Ascend310").dvpp.jpegd_width_stride_align, 128u);
  EXPECT_EQ(Spec("Ascend310P3").dvpp.jpegd_width_stride_align, 64u);
  EXPECT_EQ(MaxInterpolation(Spec("Ascend310")), 4u);
  EXPECT_EQ(MaxInterpolation(Spec("Ascend310P3")), 2u);
}

TEST(DvppRules, VpcPictureStridesSizesAndRanges) {
  const sim::SocSpec s = Spec("Ascend310");
  EXPECT_TRUE(CheckVpcPicture(s, "in", Nv12(64, 48, 64, 48), false).ok());
  EXPECT_EQ(CheckVpcPicture(s, "in", Nv12(64, 48, 72, 48), false).code(), err::kInvalidParam);      // 72 % 16
  EXPECT_EQ(CheckVpcPicture(s, "in", Nv12(16, 48, 16, 48), false).code(), err::kInvalidParam);      // < 32
  EXPECT_EQ(CheckVpcPicture(s, "in", Nv12(64, 48, 64, 47), false).code(), err::kInvalidParam);      // odd hs
  EXPECT_EQ(CheckVpcPicture(s, "in", Nv12(63, 48, 64, 48), false).code(), err::kInvalidParam);      // odd width
  EXPECT_EQ(CheckVpcPicture(s, "in", Nv12(8, 48, 32, 48), false).code(), err::kInvalidParam);       // < 10 wide
  EXPECT_TRUE(CheckVpcPicture(s, "in", Nv12(6000, 48, 6000, 48), false).ok());                      // input <= 8192
  EXPECT_EQ(CheckVpcPicture(s, "out", Nv12(6000, 48, 6000, 48), true).code(), err::kInvalidParam);  // out <= 4096
  PictureDesc small = Nv12(64, 48, 64, 48);
  small.size -= 1;
  EXPECT_EQ(CheckVpcPicture(s, "in", small, false).code(), err::kInvalidParam);
  // A YUV400 input needs the 4:2:0 size on the v100, its own size on the v200.
  PictureDesc gray = Nv12(64, 48, 64, 48);
  gray.format = static_cast<uint32_t>(PixelFormat::kYuv400);
  gray.size = 64 * 48;
  EXPECT_EQ(CheckVpcPicture(s, "in", gray, false).code(), err::kInvalidParam);
  EXPECT_TRUE(CheckVpcPicture(Spec("Ascend310P3"), "in", gray, false).ok());
  // Packed RGB: the width stride counts bytes.
  PictureDesc rgb = Nv12(40, 30, 128, 30);
  rgb.format = static_cast<uint32_t>(PixelFormat::kRgb888);
  rgb.size = 128 * 30;
  EXPECT_TRUE(CheckVpcPicture(s, "in", rgb, false).ok());
  rgb.width = 50;  // 150 bytes > 128
  EXPECT_EQ(CheckVpcPicture(s, "in", rgb, false).code(), err::kInvalidParam);
}

TEST(DvppRules, FormatsPerGeneration) {
  const uint32_t rgb = static_cast<uint32_t>(PixelFormat::kRgb888);
  EXPECT_EQ(CheckVpcOutputFormat(Spec("Ascend310"), "out", rgb).code(), err::kFormatNotMatch);
  EXPECT_TRUE(CheckVpcOutputFormat(Spec("Ascend310P3"), "out", rgb).ok());
  const uint32_t yuv440 = static_cast<uint32_t>(PixelFormat::kYuv440sp);
  EXPECT_EQ(CheckVpcInputFormat(Spec("Ascend310"), "in", yuv440).code(), err::kFormatNotMatch);
  EXPECT_TRUE(CheckVpcInputFormat(Spec("Ascend310P3"), "in", yuv440).ok());
  EXPECT_EQ(CheckVpcInputFormat(Spec("Ascend310"), "in", 18).code(), err::kFormatNotMatch);  // 10-bit
}

TEST(DvppRules, RectanglesAndScale) {
  const PictureDesc pic = Nv12(64, 48, 64, 48);
  EXPECT_TRUE(CheckCrop("crop", Rect{0, 31, 0, 23}, pic).ok());
  EXPECT_EQ(CheckCrop("crop", Rect{1, 31, 0, 23}, pic).code(), err::kInvalidParam);  // odd left
  EXPECT_EQ(CheckCrop("crop", Rect{0, 30, 0, 23}, pic).code(), err::kInvalidParam);  // even right
  EXPECT_EQ(CheckCrop("crop", Rect{0, 31, 0, 48}, pic).code(), err::kInvalidParam);  // outside
  EXPECT_EQ(CheckCrop("crop", Rect{0, 7, 0, 23}, pic).code(), err::kInvalidParam);   // 8 wide < 10
  EXPECT_EQ(CheckCrop("crop", Rect{31, 0, 0, 23}, pic).code(), err::kInvalidParam);  // empty
  EXPECT_EQ(CheckCrop("crop", Rect{0, 70001, 0, 23}, pic).code(), err::kInvalidParam);
  Rect placed;
  ASSERT_TRUE(CheckPaste("paste", Rect{20, 63, 0, 23}, pic, &placed).ok());
  EXPECT_EQ(placed.left, 32u);
  EXPECT_EQ(placed.right, 63u);
  EXPECT_EQ(CheckPaste("paste", Rect{50, 63, 0, 23}, pic, &placed).code(), err::kInvalidParam);  // 64 > 63
  EXPECT_TRUE(CheckScale("s", 320, 240, 10, 8).ok());
  EXPECT_EQ(CheckScale("s", 321, 240, 10, 8).code(), err::kInvalidParam);  // 10 * 32 < 321
  EXPECT_TRUE(CheckScale("s", 10, 6, 160, 96).ok());
  EXPECT_EQ(CheckScale("s", 10, 6, 161, 96).code(), err::kInvalidParam);
}

TEST(DvppRules, InterpolationJpegdAndJpege) {
  Interpolation mode = Interpolation::kBilinear;
  ASSERT_TRUE(ResolveInterpolation(Spec("Ascend310"), 4, &mode).ok());
  EXPECT_EQ(mode, Interpolation::kNearest);
  EXPECT_EQ(ResolveInterpolation(Spec("Ascend310P3"), 3, &mode).code(), err::kFeatureUnsupported);
  uint32_t w = 99, h = 65;
  JpegdOutputSize(Spec("Ascend310"), PixelFormat::kYuv420sp, &w, &h);
  EXPECT_EQ(w, 100u);
  EXPECT_EQ(h, 66u);
  w = 99, h = 65;
  JpegdOutputSize(Spec("Ascend310P3"), PixelFormat::kYuv420sp, &w, &h);
  EXPECT_EQ(w, 98u);
  EXPECT_EQ(h, 64u);
  w = 99, h = 65;
  JpegdOutputSize(Spec("Ascend310"), PixelFormat::kYuv444sp, &w, &h);
  EXPECT_EQ(w, 99u);
  EXPECT_EQ(JpegdOutputFormat(static_cast<uint32_t>(PixelFormat::kUnknown), 0), PixelFormat::kYvu444sp);
  EXPECT_EQ(JpegdOutputFormat(static_cast<uint32_t>(PixelFormat::kUnknown), 3), PixelFormat::kYuv420sp);
  EXPECT_EQ(JpegePredictSize(Nv12(1920, 1080, 1920, 1080)), 4194304u);
  EXPECT_EQ(JpegePredictSize(Nv12(64, 48, 64, 48)), 2097152u);
  EXPECT_TRUE(CheckJpegeLevel(Spec("Ascend310"), 0).ok());
  EXPECT_EQ(CheckJpegeLevel(Spec("Ascend310P3"), 0).code(), err::kInvalidParam);
  EXPECT_EQ(CheckJpegeLevel(Spec("Ascend310"), 101).code(), err::kInvalidParam);
  PictureDesc odd = Nv12(64, 48, 64, 50);  // height stride neither the height nor a multiple of 16
  EXPECT_EQ(CheckJpegeInput(Spec("Ascend310"), odd).code(), err::kInvalidParam);
  EXPECT_TRUE(CheckJpegeInput(Spec("Ascend310"), Nv12(64, 48, 64, 64)).ok());
}

}  // namespace
}  // namespace asim::dvpp::rules
