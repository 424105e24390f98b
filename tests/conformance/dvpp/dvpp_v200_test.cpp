// Conformance: acl/ops/acl_dvpp.h on a DVPP v200 chip (Ascend310P3, chosen in acl.json's
// "sim" section): the 64-byte JPEGD stride, colour conversion, pyramid down-sampling, RGB
// VPC outputs, interpolation 0..2, channel modes, and the V1 PNGD it does not have.
//
// PUBLIC API ONLY: acl/... headers, standard headers, GoogleTest and libjpeg-turbo / libpng.
#include <tuple>

#include "dvpp_png_test.h"
#include "dvpp_test_util.h"

namespace {

using dvpptest::AlignUp;
using dvpptest::Channel;
using dvpptest::DvppBuffer;
using dvpptest::PicDesc;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment(R"({"sim": {"soc_version": "Ascend310P3"}})"));

TEST(DvppV200, JpegdTakesTheSixtyFourByteStride) {
  const uint32_t w = 80, h = 50;
  const std::vector<uint8_t> jpeg = dvpptest::MakeJpeg(w, h, TJSAMP_420);
  const dvpptest::Planes ref = dvpptest::ReferenceDecode(jpeg);
  const uint32_t ws = AlignUp(w, 64), hs = AlignUp(h, 16);
  Channel ch;
  DvppBuffer in(jpeg.data(), jpeg.size());
  DvppBuffer out(size_t{ws} * hs * 3 / 2);
  PicDesc pic(out.get(), ws * hs * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, ws, hs);
  ASSERT_ACL_OK(acldvppJpegDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(jpeg.size()), pic.desc, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r = out.Read();
  for (uint32_t y = 0; y < h; ++y) ASSERT_EQ(std::memcmp(&r[size_t{y} * ws], &ref.y[size_t{y} * w], w), 0) << y;
  // The predictor still aligns to 128 x 16.
  uint32_t size = 0;
  ASSERT_ACL_OK(acldvppJpegPredictDecSize(jpeg.data(), static_cast<uint32_t>(jpeg.size()),
                                          PIXEL_FORMAT_YUV_SEMIPLANAR_420, &size));
  EXPECT_EQ(size, 128u * 64 * 3 / 2);
}

TEST(DvppV200, JpegdRoundsAnOddSizeDownToEven) {
  // A 321x241 photo decodes to 320x240 on v200 (the last column and row dropped), whether the
  // application sets strides or leaves them 0; 4:2:2 rounds only the width.
  for (const int samp : {TJSAMP_420, TJSAMP_422}) {
    for (const bool zero_strides : {false, true}) {
      const uint32_t w = 321, h = 241;
      const std::vector<uint8_t> jpeg = dvpptest::MakeJpeg(w, h, samp);
      const dvpptest::Planes ref = dvpptest::ReferenceDecode(jpeg);
      const uint32_t ws = AlignUp(w, 64), hs = AlignUp(h, 16);
      Channel ch;
      DvppBuffer in(jpeg.data(), jpeg.size());
      DvppBuffer out(size_t{ws} * hs * 3);
      const acldvppPixelFormat fmt =
          samp == TJSAMP_420 ? PIXEL_FORMAT_YUV_SEMIPLANAR_420 : PIXEL_FORMAT_YUV_SEMIPLANAR_422;
      PicDesc pic(out.get(), ws * hs * 3, fmt, w, h, zero_strides ? 0 : ws, zero_strides ? 0 : hs);
      ASSERT_ACL_OK(
          acldvppJpegDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(jpeg.size()), pic.desc, ch.stream()));
      ASSERT_ACL_OK(ch.Sync());
      const uint32_t out_w = 320, out_h = samp == TJSAMP_420 ? 240 : 241;
      EXPECT_EQ(acldvppGetPicDescWidth(pic.desc), out_w);
      EXPECT_EQ(acldvppGetPicDescHeight(pic.desc), out_h);
      const uint32_t stride = acldvppGetPicDescWidthStride(pic.desc);
      EXPECT_EQ(stride, zero_strides ? AlignUp(out_w, 64) : ws);
      const std::vector<uint8_t> r = out.Read();
      for (uint32_t y = 0; y < out_h; ++y) {
        ASSERT_EQ(std::memcmp(&r[size_t{y} * stride], &ref.y[size_t{y} * w], out_w), 0) << samp << " row " << y;
      }
    }
  }
}

TEST(DvppV200, ConvertColorAndRgbOutputs) {
  const uint32_t w = 32, h = 16;
  // Pure red in BT.601 limited range: Y 81, U 90, V 240.
  std::vector<uint8_t> nv12(size_t{w} * h * 3 / 2, 81);
  for (size_t i = size_t{w} * h; i < nv12.size(); i += 2) {
    nv12[i] = 90;
    nv12[i + 1] = 240;
  }
  Channel ch;
  DvppBuffer in(nv12.data(), nv12.size());
  DvppBuffer out(size_t{w} * 3 * h);
  PicDesc src(in.get(), w * h * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, w, h);
  PicDesc dst(out.get(), w * 3 * h, PIXEL_FORMAT_RGB_888, w, h, w * 3, h);
  ASSERT_ACL_OK(acldvppVpcConvertColorAsync(ch.desc(), src.desc, dst.desc, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  std::vector<uint8_t> r = out.Read();
  EXPECT_NEAR(r[0], 255, 3);
  EXPECT_NEAR(r[1], 0, 3);
  EXPECT_NEAR(r[2], 0, 3);
  // A resize straight into an RGB picture.
  out.Fill(0);
  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  PicDesc half(out.get(), 16 * 3 * 8, PIXEL_FORMAT_BGR_888, 16, 8, 48, 8);
  ASSERT_ACL_OK(acldvppVpcResizeAsync(ch.desc(), src.desc, half.desc, resize, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  r = out.Read();
  EXPECT_NEAR(r[0], 0, 3);  // BGR: blue first
  EXPECT_NEAR(r[2], 255, 3);
  EXPECT_ACL_ERROR(acldvppSetResizeConfigInterpolation(resize, 3), ACL_ERROR_INVALID_PARAM, "interpolation");
  EXPECT_ACL_OK(acldvppDestroyResizeConfig(resize));
}

// Single-plane outputs (RGB, BGR, YUV400): a paste anywhere inside a buffer of exactly the
// layout's size, an odd output size that still reaches the source's edge, and a byte-order
// change between RGB formats that keeps every value.
TEST(DvppV200, SinglePlaneOutputsPasteAnywhereKeepEdgesAndByteOrder) {
  Channel ch;
  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  // RGB888 -> BGR888 at the same size: exactly the bytes swapped.
  const uint32_t w = 64, h = 32;
  std::vector<uint8_t> rgb(size_t{w} * 3 * h);
  for (size_t i = 0; i < rgb.size(); i += 3) {
    const bool red = (i / 3) % 2 == 0;
    rgb[i] = red ? 255 : 0;
    rgb[i + 1] = static_cast<uint8_t>(i % 251);
    rgb[i + 2] = red ? 0 : 255;
  }
  DvppBuffer rgb_in(rgb.data(), rgb.size());
  DvppBuffer bgr_out(rgb.size());
  PicDesc rgb_src(rgb_in.get(), w * 3 * h, PIXEL_FORMAT_RGB_888, w, h, w * 3, h);
  PicDesc bgr_dst(bgr_out.get(), w * 3 * h, PIXEL_FORMAT_BGR_888, w, h, w * 3, h);
  ASSERT_ACL_OK(acldvppVpcResizeAsync(ch.desc(), rgb_src.desc, bgr_dst.desc, resize, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> bgr = bgr_out.Read();
  for (size_t i = 0; i < rgb.size(); i += 3) {
    ASSERT_EQ(bgr[i], rgb[i + 2]) << i;
    ASSERT_EQ(bgr[i + 1], rgb[i + 1]) << i;
    ASSERT_EQ(bgr[i + 2], rgb[i]) << i;
  }
  // NV12 whose luma rises 4 per column -> YUV400 33x25: the last column is the source's edge.
  const uint32_t sw = 64, sh = 48;
  std::vector<uint8_t> nv12(size_t{sw} * sh * 3 / 2, 128);
  for (uint32_t y = 0; y < sh; ++y) {
    for (uint32_t x = 0; x < sw; ++x) nv12[size_t{y} * sw + x] = static_cast<uint8_t>(4 * x);
  }
  DvppBuffer yuv_in(nv12.data(), nv12.size());
  PicDesc yuv_src(yuv_in.get(), sw * sh * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, sw, sh, sw, sh);
  DvppBuffer gray_out(size_t{48} * 26);
  PicDesc gray_dst(gray_out.get(), 48 * 26, PIXEL_FORMAT_YUV_400, 33, 25, 48, 26);
  ASSERT_ACL_OK(acldvppVpcResizeAsync(ch.desc(), yuv_src.desc, gray_dst.desc, resize, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> gray = gray_out.Read();
  EXPECT_NEAR(gray[0], 2, 2);
  EXPECT_GE(gray[32], 248);  // 4 * 63 = 252 at the source's last column
  // Crop-and-paste at (16, 0) into an RGB888 picture of exactly stride x height bytes.
  const uint32_t ow = 64, oh = 32, ows = 192;
  DvppBuffer rgb_out(size_t{ows} * oh);
  rgb_out.Fill(0xEE);
  PicDesc paste_dst(rgb_out.get(), ows * oh, PIXEL_FORMAT_RGB_888, ow, oh, ows, oh);
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(0, 31, 0, 31);
  acldvppRoiConfig* paste = acldvppCreateRoiConfig(16, 47, 0, 31);
  ASSERT_ACL_OK(acldvppVpcCropAndPasteAsync(ch.desc(), yuv_src.desc, paste_dst.desc, crop, paste, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> pasted = rgb_out.Read();
  for (uint32_t y = 0; y < oh; ++y) {
    for (uint32_t b = 0; b < ows; ++b) {
      const bool inside = b >= 16 * 3 && b < 48 * 3;
      if (!inside) {
        ASSERT_EQ(pasted[size_t{y} * ows + b], 0xEE) << y << "," << b;
      }
    }
  }
  EXPECT_NE(pasted[16 * 3], 0xEE);
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(crop));
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(paste));
  EXPECT_ACL_OK(acldvppDestroyResizeConfig(resize));
}

TEST(DvppV200, PyrDownHalvesAFlatPicture) {
  const uint32_t w = 64, h = 48;
  std::vector<uint8_t> gray(size_t{w} * h, 77);
  Channel ch;
  DvppBuffer in(gray.data(), gray.size());
  DvppBuffer out(size_t{32} * 24);
  PicDesc src(in.get(), w * h, PIXEL_FORMAT_YUV_400, w, h, w, h);
  PicDesc dst(out.get(), 32 * 24, PIXEL_FORMAT_YUV_400, 32, 24, 32, 24);
  ASSERT_ACL_OK(acldvppVpcPyrDownAsync(ch.desc(), src.desc, dst.desc, nullptr, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  for (uint8_t v : out.Read()) ASSERT_EQ(v, 77);
  PicDesc wrong(out.get(), 32 * 24, PIXEL_FORMAT_YUV_400, 30, 24, 32, 24);
  EXPECT_ACL_ERROR(acldvppVpcPyrDownAsync(ch.desc(), src.desc, wrong.desc, nullptr, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "32x24");
}

TEST(DvppV200, ChannelModesAndNoV1Pngd) {
  acldvppChannelDesc* desc = acldvppCreateChannelDesc();
  EXPECT_ACL_OK(acldvppSetChannelDescMode(desc, DVPP_CHNMODE_JPEGD));
  EXPECT_ACL_ERROR(acldvppSetChannelDescMode(desc, 9), ACL_ERROR_INVALID_PARAM, "mode");
  ASSERT_ACL_OK(acldvppCreateChannel(desc));
  // Neither setter changes the engines of a created channel.
  const uint32_t vpc = DVPP_CHNMODE_VPC;
  EXPECT_ACL_ERROR(acldvppSetChannelDescParam(desc, ACL_DVPP_MODE_UINT32, sizeof(vpc), &vpc), ACL_ERROR_INVALID_PARAM,
                   "before acldvppCreateChannel");
  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  // A JPEGD-only channel refuses VPC work.
  DvppBuffer buf(64 * 48 * 3 / 2);
  PicDesc a(buf.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  PicDesc b(buf.get(), 64 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 64, 48);
  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  EXPECT_ACL_ERROR(acldvppVpcResizeAsync(desc, a.desc, b.desc, resize, stream), ACL_ERROR_INVALID_PARAM,
                   "DVPP_CHNMODE_VPC");
  const std::vector<uint8_t> png = dvpptest::MakePng(40, 40, 3);
  uint32_t w = 0, h = 0;
  int32_t c = 0;
  EXPECT_ACL_ERROR(acldvppPngGetImageInfo(png.data(), static_cast<uint32_t>(png.size()), &w, &h, &c),
                   ACL_ERROR_FEATURE_UNSUPPORTED, "V2");
  EXPECT_ACL_OK(acldvppDestroyResizeConfig(resize));
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
  EXPECT_ACL_OK(acldvppDestroyChannel(desc));
  EXPECT_ACL_OK(acldvppDestroyChannelDesc(desc));
}

TEST(DvppV200, LutMapAndEqualizeHist) {
  const uint32_t w = 64, h = 48;
  std::vector<uint8_t> nv12(size_t{w} * h * 3 / 2);
  for (size_t i = 0; i < nv12.size(); ++i) nv12[i] = static_cast<uint8_t>(i * 13);
  Channel ch;
  DvppBuffer in(nv12.data(), nv12.size());
  DvppBuffer out(nv12.size());
  PicDesc src(in.get(), w * h * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, w, h);
  PicDesc dst(out.get(), w * h * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, w, h);
  acldvppLutMap* lut = acldvppCreateLutMap();
  ASSERT_NE(lut, nullptr) << conformance::RecentMsg();
  EXPECT_EQ(acldvppGetLutMapDims(lut), 3u);
  uint8_t* table = nullptr;
  uint32_t len = 0;
  ASSERT_ACL_OK(acldvppGetLutMapData(lut, 0, &table, &len));
  ASSERT_EQ(len, 256u);
  EXPECT_EQ(table[77], 77);  // a new map is the identity
  for (uint32_t i = 0; i < len; ++i) table[i] = static_cast<uint8_t>(255 - i);
  EXPECT_ACL_ERROR(acldvppGetLutMapData(lut, 3, &table, &len), ACL_ERROR_INVALID_PARAM, "dim");
  ASSERT_ACL_OK(acldvppVpcEqualizeHistAsync(ch.desc(), src.desc, dst.desc, lut, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  const std::vector<uint8_t> r = out.Read();
  for (size_t i = 0; i < size_t{w} * h; ++i) ASSERT_EQ(r[i], 255 - nv12[i]) << i;
  for (size_t i = size_t{w} * h; i < nv12.size(); ++i) ASSERT_EQ(r[i], nv12[i]) << i;
  EXPECT_ACL_OK(acldvppDestroyLutMap(lut));
}

TEST(DvppV200, CalcHistCountsEveryPixel) {
  const uint32_t w = 64, h = 48;
  std::vector<uint8_t> gray(size_t{w} * h, 77);
  gray[5] = 3;
  Channel ch;
  DvppBuffer in(gray.data(), gray.size());
  PicDesc src(in.get(), w * h, PIXEL_FORMAT_YUV_400, w, h, w, h);
  acldvppHist* hist = acldvppCreateHist();
  ASSERT_NE(hist, nullptr);
  EXPECT_EQ(acldvppGetHistDims(hist), 3u);
  ASSERT_ACL_OK(acldvppVpcCalcHistAsync(ch.desc(), src.desc, hist, nullptr, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  uint32_t* bins = nullptr;
  uint16_t len = 0;
  ASSERT_ACL_OK(acldvppGetHistData(hist, 0, &bins, &len));
  ASSERT_EQ(len, 256);
  EXPECT_EQ(bins[77], w * h - 1);
  EXPECT_EQ(bins[3], 1u);
  EXPECT_EQ(acldvppGetHistRetCode(hist), 0u);
  ASSERT_ACL_OK(acldvppClearHist(hist));
  EXPECT_EQ(bins[77], 0u);
  EXPECT_ACL_OK(acldvppDestroyHist(hist));
}

TEST(DvppV200, MakeBorderAndBatchCropResizeMakeBorder) {
  const uint32_t w = 64, h = 48;
  std::vector<uint8_t> nv12(size_t{w} * h * 3 / 2, 200);
  for (size_t i = size_t{w} * h; i < nv12.size(); ++i) nv12[i] = 60;
  Channel ch;
  DvppBuffer in(nv12.data(), nv12.size());
  const uint32_t ow = 80, oh = 52;  // 8 columns each side, 2 rows top and bottom
  DvppBuffer out(size_t{ow} * oh * 3 / 2);
  PicDesc src(in.get(), w * h * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, w, h);
  PicDesc dst(out.get(), ow * oh * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, ow, oh, ow, oh);
  acldvppBorderConfig* border = acldvppCreateBorderConfig();
  ASSERT_NE(border, nullptr);
  ASSERT_ACL_OK(acldvppSetBorderConfigBorderType(border, BORDER_CONSTANT));
  ASSERT_ACL_OK(acldvppSetBorderConfigValue(border, 0, 16));
  ASSERT_ACL_OK(acldvppSetBorderConfigValue(border, 1, 128));
  ASSERT_ACL_OK(acldvppSetBorderConfigValue(border, 2, 128));
  ASSERT_ACL_OK(acldvppSetBorderConfigTop(border, 2));
  ASSERT_ACL_OK(acldvppSetBorderConfigBottom(border, 2));
  ASSERT_ACL_OK(acldvppSetBorderConfigLeft(border, 8));
  ASSERT_ACL_OK(acldvppSetBorderConfigRight(border, 8));
  EXPECT_EQ(acldvppGetBorderConfigLeft(border), 8u);
  EXPECT_EQ(acldvppGetBorderConfigValue(border, 1), 128.0);
  EXPECT_EQ(acldvppGetBorderConfigBorderType(border), BORDER_CONSTANT);
  ASSERT_ACL_OK(acldvppVpcMakeBorderAsync(ch.desc(), src.desc, dst.desc, border, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  std::vector<uint8_t> r = out.Read();
  EXPECT_EQ(r[0], 16);
  EXPECT_EQ(r[2 * ow + 8], 200);
  EXPECT_EQ(r[size_t{ow} * oh], 128);          // U of the top-left chroma sample: border
  EXPECT_EQ(r[size_t{ow} * oh + ow + 8], 60);  // chroma row 1, column 4: the picture
  ASSERT_ACL_OK(acldvppSetBorderConfigTop(border, 4));
  EXPECT_ACL_ERROR(acldvppVpcMakeBorderAsync(ch.desc(), src.desc, dst.desc, border, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "borders");
  ASSERT_ACL_OK(acldvppSetBorderConfigTop(border, 2));

  // Crop the centre, resize it into the 64x48 space left by the borders.
  acldvppBatchPicDesc* srcs = acldvppCreateBatchPicDesc(1);
  acldvppBatchPicDesc* dsts = acldvppCreateBatchPicDesc(1);
  acldvppPicDesc* s0 = acldvppGetPicDesc(srcs, 0);
  acldvppPicDesc* d0 = acldvppGetPicDesc(dsts, 0);
  for (auto [pic, data, pw, ph] : {std::tuple{s0, in.get(), w, h}, std::tuple{d0, out.get(), ow, oh}}) {
    ASSERT_ACL_OK(acldvppSetPicDescData(pic, data));
    ASSERT_ACL_OK(acldvppSetPicDescSize(pic, pw * ph * 3 / 2));
    ASSERT_ACL_OK(acldvppSetPicDescFormat(pic, PIXEL_FORMAT_YUV_SEMIPLANAR_420));
    ASSERT_ACL_OK(acldvppSetPicDescWidth(pic, pw));
    ASSERT_ACL_OK(acldvppSetPicDescHeight(pic, ph));
    ASSERT_ACL_OK(acldvppSetPicDescWidthStride(pic, pw));
    ASSERT_ACL_OK(acldvppSetPicDescHeightStride(pic, ph));
  }
  acldvppRoiConfig* crop = acldvppCreateRoiConfig(16, 47, 8, 39);
  acldvppRoiConfig* crops[1] = {crop};
  acldvppBorderConfig* borders[1] = {border};
  uint32_t roi_nums[1] = {1};
  out.Fill(0);
  ASSERT_ACL_OK(acldvppVpcBatchCropResizeMakeBorderAsync(ch.desc(), srcs, roi_nums, 1, dsts, crops, borders, nullptr,
                                                         ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  r = out.Read();
  EXPECT_EQ(r[0], 16);
  EXPECT_EQ(r[10 * ow + 40], 200);
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(crop));
  EXPECT_ACL_OK(acldvppDestroyBatchPicDesc(srcs));
  EXPECT_ACL_OK(acldvppDestroyBatchPicDesc(dsts));
  EXPECT_ACL_OK(acldvppDestroyBorderConfig(border));
}

}  // namespace
