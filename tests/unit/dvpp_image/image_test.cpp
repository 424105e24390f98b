// image.h: format names, bytes per pixel, ImageBytes for every format, CheckImageLayout's
// refusals (strides, odd sizes, overflow, short buffers).
#include "runtime/dvpp/image.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace asim::dvpp {
namespace {

struct FormatCase {
  PixelFormat format;
  uint32_t bpp;
  uint64_t bytes_64x32;  // ImageBytes at width_stride 64 (times bpp), height_stride 32
};

const FormatCase kFormats[] = {
    {PixelFormat::kYuv400, 1, 64 * 32},           {PixelFormat::kYuv420sp, 1, 64 * 32 * 3 / 2},
    {PixelFormat::kYvu420sp, 1, 64 * 32 * 3 / 2}, {PixelFormat::kYuv422sp, 1, 64 * 32 * 2},
    {PixelFormat::kYvu422sp, 1, 64 * 32 * 2},     {PixelFormat::kYuv444sp, 1, 64 * 32 * 3},
    {PixelFormat::kYvu444sp, 1, 64 * 32 * 3},     {PixelFormat::kYuyv422, 2, 128 * 32},
    {PixelFormat::kUyvy422, 2, 128 * 32},         {PixelFormat::kYvyu422, 2, 128 * 32},
    {PixelFormat::kVyuy422, 2, 128 * 32},         {PixelFormat::kYuv444packed, 3, 192 * 32},
    {PixelFormat::kRgb888, 3, 192 * 32},          {PixelFormat::kBgr888, 3, 192 * 32},
    {PixelFormat::kArgb8888, 4, 256 * 32},        {PixelFormat::kAbgr8888, 4, 256 * 32},
    {PixelFormat::kRgba8888, 4, 256 * 32},        {PixelFormat::kBgra8888, 4, 256 * 32},
    {PixelFormat::kYuv440sp, 1, 64 * 32 * 2},     {PixelFormat::kYvu440sp, 1, 64 * 32 * 2},
};

Image Layout(PixelFormat f, uint32_t w, uint32_t h, uint32_t ws, uint32_t hs, std::vector<uint8_t>* storage) {
  storage->assign(ImageBytes(f, ws, hs), 0);
  Image image;
  image.data = storage->data();
  image.size = storage->size();
  image.format = f;
  image.width = w;
  image.height = h;
  image.width_stride = ws;
  image.height_stride = hs;
  return image;
}

TEST(DvppImage, NamesAndKnownFormats) {
  EXPECT_EQ(PixelFormatName(1), "PIXEL_FORMAT_YUV_SEMIPLANAR_420");
  EXPECT_EQ(PixelFormatName(1001), "PIXEL_FORMAT_YVU_SEMIPLANAR_440");
  EXPECT_EQ(PixelFormatName(17), "PIXEL_FORMAT_BGRA_8888");
  EXPECT_EQ(PixelFormatName(18), "acldvppPixelFormat 18");
  EXPECT_EQ(PixelFormatName(10000), "PIXEL_FORMAT_UNKNOWN");
  EXPECT_EQ(PixelFormatName(9999), "acldvppPixelFormat 9999");
  for (const FormatCase& c : kFormats) EXPECT_TRUE(IsKnownFormat(static_cast<uint32_t>(c.format)));
  EXPECT_FALSE(IsKnownFormat(18));
  EXPECT_FALSE(IsKnownFormat(999));
  EXPECT_FALSE(IsKnownFormat(10000));
  EXPECT_TRUE(IsSemiPlanar(PixelFormat::kYvu440sp));
  EXPECT_FALSE(IsSemiPlanar(PixelFormat::kYuv400));
  EXPECT_TRUE(IsPacked422(PixelFormat::kVyuy422));
  EXPECT_FALSE(IsPacked422(PixelFormat::kYuv422sp));
}

TEST(DvppImage, BytesPerPixelAndImageBytesForEveryFormat) {
  for (const FormatCase& c : kFormats) {
    SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(c.format)));
    EXPECT_EQ(LumaBytesPerPixel(c.format), c.bpp);
    EXPECT_EQ(ImageBytes(c.format, 64 * c.bpp, 32), c.bytes_64x32);
  }
  EXPECT_EQ(ImageBytes(PixelFormat::kUnknown, 64, 32), 0u);
  EXPECT_EQ(ImageBytes(static_cast<PixelFormat>(18), 64, 32), 0u);
  EXPECT_EQ(LumaBytesPerPixel(PixelFormat::kUnknown), 0u);
}

TEST(DvppImage, ImageBytesOverflowGivesZero) {
  // (2^32-1)^2 fits 64 bits; times 3 (444SP), 2 (422SP) or 3/2 (420SP) does not.
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv444sp, UINT32_MAX, UINT32_MAX), 0u);
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv422sp, UINT32_MAX, UINT32_MAX), 0u);
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv420sp, UINT32_MAX, UINT32_MAX), 0u);
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv420sp, 1u << 31, 1u << 31), (uint64_t{1} << 62) * 3 / 2);
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv420sp, 3, 3), 13u);  // 9 * 3 / 2 rounded down
  EXPECT_EQ(ImageBytes(PixelFormat::kRgb888, UINT32_MAX, UINT32_MAX), uint64_t{UINT32_MAX} * UINT32_MAX);
  EXPECT_EQ(ImageBytes(PixelFormat::kYuv420sp, 1u << 16, 1u << 16), (uint64_t{1} << 32) * 3 / 2);
}

TEST(DvppImage, CheckImageLayoutAcceptsTightLayoutsOfEveryFormat) {
  std::vector<uint8_t> storage;
  for (const FormatCase& c : kFormats) {
    SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(c.format)));
    const Image image = Layout(c.format, 64, 32, 64 * c.bpp, 32, &storage);
    EXPECT_TRUE(CheckImageLayout(image, "desc").ok()) << CheckImageLayout(image, "desc").message();
  }
}

TEST(DvppImage, CheckImageLayoutRefusals) {
  std::vector<uint8_t> storage;
  const Image good = Layout(PixelFormat::kYuv420sp, 64, 32, 64, 32, &storage);
  ASSERT_TRUE(CheckImageLayout(good, "desc").ok());

  Image bad = good;
  bad.format = PixelFormat::kUnknown;
  Status st = CheckImageLayout(bad, "outputDesc");
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("outputDesc"), std::string::npos) << st.message();

  bad = good;
  bad.width = 0;
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
  bad = good;
  bad.height = 0;
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
  bad = good;
  bad.width = 65;  // wider than the stride
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
  bad = good;
  bad.height = 33;
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
  bad = good;
  bad.size -= 1;
  st = CheckImageLayout(bad, "d");
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("smaller"), std::string::npos) << st.message();
  bad = good;
  bad.data = nullptr;
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
  bad = good;
  bad.width_stride = UINT32_MAX;
  bad.height_stride = UINT32_MAX;
  bad.width = 16;
  EXPECT_EQ(CheckImageLayout(bad, "d").code(), err::kInvalidParam);
}

TEST(DvppImage, CheckImageLayoutRgbStrideCountsBytes) {
  std::vector<uint8_t> storage;
  Image rgb = Layout(PixelFormat::kRgb888, 10, 4, 30, 4, &storage);
  EXPECT_TRUE(CheckImageLayout(rgb, "d").ok());
  rgb = Layout(PixelFormat::kRgb888, 10, 4, 29, 4, &storage);
  EXPECT_EQ(CheckImageLayout(rgb, "d").code(), err::kInvalidParam);
  Image argb = Layout(PixelFormat::kArgb8888, 10, 4, 39, 4, &storage);
  EXPECT_EQ(CheckImageLayout(argb, "d").code(), err::kInvalidParam);
}

TEST(DvppImage, OddSizesNeedRoomForTheLastChromaBlock) {
  std::vector<uint8_t> storage;
  // 420SP 33x17: needs width_stride >= 34 and height_stride >= 18.
  EXPECT_EQ(CheckImageLayout(Layout(PixelFormat::kYuv420sp, 33, 17, 33, 18, &storage), "d").code(), err::kInvalidParam);
  EXPECT_EQ(CheckImageLayout(Layout(PixelFormat::kYuv420sp, 33, 17, 34, 17, &storage), "d").code(), err::kInvalidParam);
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuv420sp, 33, 17, 34, 18, &storage), "d").ok());
  // 422SP: width only; 440SP: height only; 444SP and YUV400: neither.
  EXPECT_EQ(CheckImageLayout(Layout(PixelFormat::kYuv422sp, 33, 17, 33, 17, &storage), "d").code(), err::kInvalidParam);
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuv422sp, 33, 17, 34, 17, &storage), "d").ok());
  EXPECT_EQ(CheckImageLayout(Layout(PixelFormat::kYuv440sp, 33, 17, 33, 17, &storage), "d").code(), err::kInvalidParam);
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuv440sp, 33, 17, 33, 18, &storage), "d").ok());
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuv444sp, 33, 17, 33, 17, &storage), "d").ok());
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuv400, 33, 17, 33, 17, &storage), "d").ok());
  // Packed 4:2:2: 2 bytes per pixel of the even-rounded width.
  EXPECT_EQ(CheckImageLayout(Layout(PixelFormat::kYuyv422, 33, 17, 66, 17, &storage), "d").code(), err::kInvalidParam);
  EXPECT_TRUE(CheckImageLayout(Layout(PixelFormat::kYuyv422, 33, 17, 68, 17, &storage), "d").ok());
}

TEST(DvppImage, StridesAboveTheLimitAreRefused) {
  Image image;
  std::vector<uint8_t> small(16);
  image.data = small.data();
  image.size = UINT64_MAX;  // a lying size must not matter
  image.format = PixelFormat::kYuv400;
  image.width = 1;
  image.height = 1;
  image.width_stride = kMaxStride + 1;
  image.height_stride = 1;
  EXPECT_EQ(CheckImageLayout(image, "d").code(), err::kInvalidParam);
  image.width_stride = 1;
  image.height_stride = kMaxStride + 1;
  EXPECT_EQ(CheckImageLayout(image, "d").code(), err::kInvalidParam);
}

TEST(DvppImage, RectSize) {
  Rect r{2, 9, 4, 5};
  EXPECT_EQ(r.width(), 8u);
  EXPECT_EQ(r.height(), 2u);
}

}  // namespace
}  // namespace asim::dvpp
