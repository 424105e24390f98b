// Histograms, LUTs and borders of the simulated VPC (runtime/dvpp/hist_lut, make_border)
// against straightforward host references.
#include <gtest/gtest.h>

#include "runtime/dvpp/hist_lut.h"
#include "runtime/dvpp/make_border.h"
#include "tests/unit/dvpp_image/test_images.h"

namespace asim::dvpp {
namespace {

using test::HostImage;

HostImage Nv12Pattern(PixelFormat format, uint32_t w, uint32_t h, uint32_t ws, uint32_t hs) {
  HostImage img(format, w, h, ws, hs, 0xEE);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) img.luma_row(y)[x] = static_cast<uint8_t>(x * 7 + y * 3);
  }
  if (format != PixelFormat::kYuv400) {
    for (uint32_t y = 0; y < h / 2; ++y) {
      for (uint32_t x = 0; x < w; ++x) img.chroma()[y * ws + x] = static_cast<uint8_t>(100 + (x % 2) * 50 + y);
    }
  }
  return img;
}

TEST(DvppHist, CountsLumaAndChromaSamples) {
  HostImage img = Nv12Pattern(PixelFormat::kYuv420sp, 6, 4, 16, 4);
  Histogram hist;
  ASSERT_TRUE(CalcHist(img.image, &hist).ok());
  uint64_t y_total = 0, u_total = 0, v_total = 0;
  for (int i = 0; i < 256; ++i) y_total += hist[0][i], u_total += hist[1][i], v_total += hist[2][i];
  EXPECT_EQ(y_total, 24u);
  EXPECT_EQ(u_total, 6u);
  EXPECT_EQ(v_total, 6u);
  EXPECT_EQ(hist[0][0], 1u);    // (0, 0)
  EXPECT_EQ(hist[1][100], 3u);  // U of chroma row 0
  EXPECT_EQ(hist[2][151], 3u);  // V of chroma row 1
  HostImage nv21 = Nv12Pattern(PixelFormat::kYvu420sp, 6, 4, 16, 4);
  ASSERT_TRUE(CalcHist(nv21.image, &hist).ok());
  EXPECT_EQ(hist[2][100], 3u);  // NV21: the first byte of a pair is V
  HostImage gray = Nv12Pattern(PixelFormat::kYuv400, 6, 4, 16, 4);
  ASSERT_TRUE(CalcHist(gray.image, &hist).ok());
  EXPECT_EQ(hist[1][100], 0u);
  HostImage rgb(PixelFormat::kRgb888, 4, 4, 16, 4);
  EXPECT_EQ(CalcHist(rgb.image, &hist).code(), err::kInvalidParam);
}

TEST(DvppLut, MapsEachComponentThroughItsTable) {
  HostImage in = Nv12Pattern(PixelFormat::kYuv420sp, 6, 4, 16, 4);
  HostImage out(PixelFormat::kYuv420sp, 6, 4, 32, 4, 0x11);
  LutMap lut;
  for (int i = 0; i < 256; ++i) {
    lut[0][i] = static_cast<uint8_t>(255 - i);
    lut[1][i] = static_cast<uint8_t>(i / 2);
    lut[2][i] = static_cast<uint8_t>(i ^ 0x0F);
  }
  ASSERT_TRUE(ApplyLut(in.image, out.image, lut).ok());
  for (uint32_t y = 0; y < 4; ++y) {
    for (uint32_t x = 0; x < 6; ++x) ASSERT_EQ(out.luma_row(y)[x], 255 - in.luma_row(y)[x]);
    EXPECT_EQ(out.luma_row(y)[6], 0x11);  // beyond the width: untouched
  }
  EXPECT_EQ(out.U(0, 0), in.U(0, 0) / 2);
  EXPECT_EQ(out.V(2, 2), in.V(2, 2) ^ 0x0F);
  HostImage small(PixelFormat::kYuv420sp, 4, 4, 16, 4);
  EXPECT_EQ(ApplyLut(in.image, small.image, lut).code(), err::kInvalidParam);
}

TEST(DvppBorder, SourceIndexPerType) {
  // n = 4 samples abcd, 3 before.
  const int64_t replicate[] = {0, 0, 0, 0, 1, 2, 3, 3, 3, 3};
  const int64_t reflect[] = {2, 1, 0, 0, 1, 2, 3, 3, 2, 1};
  const int64_t reflect101[] = {3, 2, 1, 0, 1, 2, 3, 2, 1, 0};
  for (int64_t i = 0; i < 10; ++i) {
    EXPECT_EQ(BorderSource(i, 3, 4, BorderType::kReplicate), replicate[i]) << i;
    EXPECT_EQ(BorderSource(i, 3, 4, BorderType::kReflect), reflect[i]) << i;
    EXPECT_EQ(BorderSource(i, 3, 4, BorderType::kReflect101), reflect101[i]) << i;
  }
  EXPECT_EQ(BorderSource(0, 3, 4, BorderType::kConstant), -1);
  EXPECT_EQ(BorderSource(3, 3, 4, BorderType::kConstant), 0);
  EXPECT_EQ(BorderSource(20, 3, 2, BorderType::kReflect101), BorderSource(20 - 2 * 1, 3, 2, BorderType::kReflect101));
}

TEST(DvppBorder, ConstantAndReplicateOnNv12AndRgb) {
  HostImage in = Nv12Pattern(PixelFormat::kYuv420sp, 6, 4, 16, 4);
  HostImage out(PixelFormat::kYuv420sp, 10, 8, 16, 8);
  Border b;
  b.top = 2, b.bottom = 2, b.left = 2, b.right = 2;
  b.value = {16, 128, 200, 0};
  ASSERT_TRUE(MakeBorder(in.image, out.image, b).ok());
  EXPECT_EQ(out.luma_row(0)[0], 16);
  EXPECT_EQ(out.luma_row(2)[2], in.luma_row(0)[0]);
  EXPECT_EQ(out.luma_row(5)[7], in.luma_row(3)[5]);
  EXPECT_EQ(out.U(0, 0), 128);
  EXPECT_EQ(out.V(0, 0), 200);
  EXPECT_EQ(out.U(2, 2), in.U(0, 0));
  b.type = BorderType::kReplicate;
  ASSERT_TRUE(MakeBorder(in.image, out.image, b).ok());
  EXPECT_EQ(out.luma_row(0)[0], in.luma_row(0)[0]);
  EXPECT_EQ(out.luma_row(7)[9], in.luma_row(3)[5]);
  EXPECT_EQ(out.V(9, 7), in.V(5, 3));
  b.left = 1;
  EXPECT_EQ(MakeBorder(in.image, out.image, b).code(), err::kInvalidParam);  // odd on 4:2:0

  HostImage rgb(PixelFormat::kRgb888, 2, 2, 16, 2);
  for (int i = 0; i < 12; ++i) rgb.image.data[(i / 6) * 16 + i % 6] = static_cast<uint8_t>(i + 1);
  HostImage rgb_out(PixelFormat::kRgb888, 4, 2, 16, 2);
  Border side;
  side.left = 1, side.right = 1;
  side.value = {9, 8, 7, 0};
  ASSERT_TRUE(MakeBorder(rgb.image, rgb_out.image, side).ok());
  const uint8_t row0[12] = {9, 8, 7, 1, 2, 3, 4, 5, 6, 9, 8, 7};
  for (int i = 0; i < 12; ++i) EXPECT_EQ(rgb_out.image.data[i], row0[i]) << i;
  HostImage wrong(PixelFormat::kRgb888, 5, 2, 16, 2);
  EXPECT_EQ(MakeBorder(rgb.image, wrong.image, side).code(), err::kInvalidParam);
}

}  // namespace
}  // namespace asim::dvpp
