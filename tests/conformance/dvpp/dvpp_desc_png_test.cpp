// Conformance: acl/ops/acl_dvpp.h descriptors (pictures, batches, ROIs, configs, channels,
// bitstreams: every setter and getter, stale and NULL handles), DVPP memory, and PNG
// (acldvppPngGetImageInfo, acldvppPngPredictDecSize, PNGD exact against the source pixels).
// Default SoC: Ascend310 (DVPP v100, the chip with a V1 PNGD).
//
// PUBLIC API ONLY: acl/... headers, standard headers, GoogleTest and libpng.
#include "dvpp_png_test.h"
#include "dvpp_test_util.h"

namespace {

using dvpptest::AlignUp;
using dvpptest::Channel;
using dvpptest::DvppBuffer;
using dvpptest::PicDesc;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

TEST(DvppMemory, MallocFreeAndTheirErrors) {
  void* p = nullptr;
  ASSERT_ACL_OK(acldvppMalloc(&p, 1000));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 128, 0u);
  EXPECT_ACL_OK(aclrtMemset(p, 1000, 0, 1000));
  EXPECT_ACL_OK(acldvppFree(p));
  EXPECT_ACL_ERROR(acldvppFree(p), ACL_ERROR_INVALID_PARAM, "");
  EXPECT_ACL_ERROR(acldvppFree(nullptr), ACL_ERROR_INVALID_PARAM, "devPtr");
  EXPECT_ACL_ERROR(acldvppMalloc(nullptr, 16), ACL_ERROR_INVALID_PARAM, "devPtr");
  int host = 0;
  EXPECT_ACL_ERROR(acldvppFree(&host), ACL_ERROR_INVALID_PARAM, "acldvppMalloc");
  EXPECT_ACL_ERROR(acldvppMalloc(&p, SIZE_MAX - 8), ACL_ERROR_INVALID_PARAM, "overflows");
}

TEST(DvppDesc, PictureSettersAndGetters) {
  acldvppPicDesc* pic = acldvppCreatePicDesc();
  ASSERT_NE(pic, nullptr);
  int data = 0;
  EXPECT_ACL_OK(acldvppSetPicDescData(pic, &data));
  EXPECT_ACL_OK(acldvppSetPicDescSize(pic, 1234));
  EXPECT_ACL_OK(acldvppSetPicDescFormat(pic, PIXEL_FORMAT_YVU_SEMIPLANAR_420));
  EXPECT_ACL_OK(acldvppSetPicDescWidth(pic, 33));
  EXPECT_ACL_OK(acldvppSetPicDescHeight(pic, 44));
  EXPECT_ACL_OK(acldvppSetPicDescWidthStride(pic, 48));
  EXPECT_ACL_OK(acldvppSetPicDescHeightStride(pic, 46));
  EXPECT_ACL_OK(acldvppSetPicDescRetCode(pic, 7));
  EXPECT_EQ(acldvppGetPicDescData(pic), &data);
  EXPECT_EQ(acldvppGetPicDescSize(pic), 1234u);
  EXPECT_EQ(acldvppGetPicDescFormat(pic), PIXEL_FORMAT_YVU_SEMIPLANAR_420);
  EXPECT_EQ(acldvppGetPicDescWidth(pic), 33u);
  EXPECT_EQ(acldvppGetPicDescHeight(pic), 44u);
  EXPECT_EQ(acldvppGetPicDescWidthStride(pic), 48u);
  EXPECT_EQ(acldvppGetPicDescHeightStride(pic), 46u);
  EXPECT_EQ(acldvppGetPicDescRetCode(pic), 7u);
  EXPECT_ACL_OK(acldvppDestroyPicDesc(pic));
  // Stale and NULL handles: an error, a 0 / NULL getter.
  EXPECT_ACL_ERROR(acldvppSetPicDescWidth(pic, 1), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_EQ(acldvppGetPicDescWidth(pic), 0u);
  EXPECT_RECENT_MSG_HAS("picDesc");
  EXPECT_EQ(acldvppGetPicDescData(nullptr), nullptr);
  EXPECT_ACL_ERROR(acldvppDestroyPicDesc(nullptr), ACL_ERROR_INVALID_PARAM, "picDesc");
  EXPECT_ACL_ERROR(acldvppDestroyPicDesc(pic), ACL_ERROR_INVALID_PARAM, "not live");
}

TEST(DvppDesc, RoiResizeJpegeAndStreamDescriptors) {
  EXPECT_EQ(acldvppCreateRoiConfig(0, 70000, 0, 10), nullptr);
  EXPECT_RECENT_MSG_HAS("65535");
  acldvppRoiConfig* roi = acldvppCreateRoiConfig(0, 9, 0, 5);
  ASSERT_NE(roi, nullptr);
  EXPECT_ACL_OK(acldvppSetRoiConfigLeft(roi, 2));
  EXPECT_ACL_OK(acldvppSetRoiConfigRight(roi, 11));
  EXPECT_ACL_OK(acldvppSetRoiConfigTop(roi, 4));
  EXPECT_ACL_OK(acldvppSetRoiConfigBottom(roi, 9));
  EXPECT_ACL_ERROR(acldvppSetRoiConfigBottom(roi, 65536), ACL_ERROR_INVALID_PARAM, "65535");
  EXPECT_ACL_ERROR(acldvppSetRoiConfig(roi, 0, 1, 2, 70000), ACL_ERROR_INVALID_PARAM, "bottom");
  EXPECT_ACL_OK(acldvppDestroyRoiConfig(roi));
  EXPECT_ACL_ERROR(acldvppDestroyRoiConfig(roi), ACL_ERROR_INVALID_PARAM, "not live");

  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  EXPECT_EQ(acldvppGetResizeConfigInterpolation(resize), 0u);
  EXPECT_ACL_OK(acldvppSetResizeConfigInterpolation(resize, 2));
  EXPECT_EQ(acldvppGetResizeConfigInterpolation(resize), 2u);
  EXPECT_ACL_OK(acldvppDestroyResizeConfig(resize));

  acldvppJpegeConfig* jpege = acldvppCreateJpegeConfig();
  EXPECT_ACL_OK(acldvppSetJpegeConfigLevel(jpege, 30));
  EXPECT_EQ(acldvppGetJpegeConfigLevel(jpege), 30u);
  EXPECT_ACL_OK(acldvppDestroyJpegeConfig(jpege));
  EXPECT_EQ(acldvppGetJpegeConfigLevel(jpege), 0u);

  acldvppStreamDesc* sd = acldvppCreateStreamDesc();
  int data = 0;
  EXPECT_ACL_OK(acldvppSetStreamDescData(sd, &data));
  EXPECT_ACL_OK(acldvppSetStreamDescSize(sd, 99));
  EXPECT_ACL_OK(acldvppSetStreamDescTimestamp(sd, 123456789ull));
  EXPECT_ACL_OK(acldvppSetStreamDescEos(sd, 1));
  EXPECT_ACL_OK(acldvppSetStreamDescFormat(sd, H264_MAIN_LEVEL));
  EXPECT_ACL_OK(acldvppSetStreamDescRetCode(sd, 5));
  EXPECT_EQ(acldvppGetStreamDescData(sd), &data);
  EXPECT_EQ(acldvppGetStreamDescSize(sd), 99u);
  EXPECT_EQ(acldvppGetStreamDescTimestamp(sd), 123456789ull);
  EXPECT_EQ(acldvppGetStreamDescEos(sd), 1);
  EXPECT_EQ(acldvppGetStreamDescFormat(sd), H264_MAIN_LEVEL);
  EXPECT_EQ(acldvppGetStreamDescRetCode(sd), 5u);
  EXPECT_ACL_OK(acldvppDestroyStreamDesc(sd));

  EXPECT_EQ(acldvppCreateBatchPicDesc(0), nullptr);
}

TEST(DvppDesc, ChannelsAndTheirParameters) {
  acldvppChannelDesc* desc = acldvppCreateChannelDesc();
  ASSERT_NE(desc, nullptr);
  uint32_t matrix = ACL_DVPP_CSC_MATRIX_BT709_WIDE;
  EXPECT_ACL_OK(acldvppSetChannelDescParam(desc, ACL_DVPP_CSC_MATRIX_UINT32, sizeof(matrix), &matrix));
  uint32_t got = 0;
  size_t ret_size = 0;
  EXPECT_ACL_OK(acldvppGetChannelDescParam(desc, ACL_DVPP_CSC_MATRIX_UINT32, sizeof(got), &ret_size, &got));
  EXPECT_EQ(got, matrix);
  EXPECT_EQ(ret_size, sizeof(uint32_t));
  EXPECT_ACL_ERROR(acldvppSetChannelDescParam(desc, ACL_DVPP_CSC_MATRIX_UINT32, 8, &matrix), ACL_ERROR_INVALID_PARAM,
                   "length");
  ASSERT_ACL_OK(acldvppCreateChannel(desc));
  const uint64_t id = acldvppGetChannelDescChannelId(desc);
  uint64_t id_param = 99;
  EXPECT_ACL_OK(acldvppGetChannelDescParam(desc, ACL_DVPP_CHANNEL_ID_UINT64, sizeof(id_param), &ret_size, &id_param));
  EXPECT_EQ(id_param, id);
  EXPECT_ACL_ERROR(acldvppCreateChannel(desc), ACL_ERROR_INVALID_PARAM, "already");
  EXPECT_ACL_ERROR(acldvppDestroyChannelDesc(desc), ACL_ERROR_INVALID_PARAM, "acldvppDestroyChannel");
  EXPECT_ACL_OK(acldvppDestroyChannel(desc));
  EXPECT_ACL_ERROR(acldvppDestroyChannel(desc), ACL_ERROR_INVALID_PARAM, "no channel");
  EXPECT_ACL_OK(acldvppDestroyChannelDesc(desc));
}

TEST(DvppPng, ImageInfoAndPrediction) {
  uint32_t w = 0, h = 0, size = 0;
  int32_t c = 0;
  for (int channels : {1, 2, 3, 4}) {
    const std::vector<uint8_t> png = dvpptest::MakePng(40, 33, channels);
    ASSERT_ACL_OK(acldvppPngGetImageInfo(png.data(), static_cast<uint32_t>(png.size()), &w, &h, &c));
    EXPECT_EQ(w, 40u);
    EXPECT_EQ(h, 33u);
    EXPECT_EQ(c, channels);
  }
  const std::vector<uint8_t> rgb = dvpptest::MakePng(40, 33, 3);
  ASSERT_ACL_OK(acldvppPngPredictDecSize(rgb.data(), static_cast<uint32_t>(rgb.size()), PIXEL_FORMAT_RGB_888, &size));
  EXPECT_EQ(size, 128u * 3 * 48);
  ASSERT_ACL_OK(acldvppPngPredictDecSize(rgb.data(), static_cast<uint32_t>(rgb.size()), PIXEL_FORMAT_UNKNOWN, &size));
  EXPECT_EQ(size, 128u * 4 * 48);
  // PNGD writes 8 bits per channel whatever the PNG's depth: a 1-, 2- or 4-bit gray picture
  // needs the 8-bit size.
  for (int bits : {1, 2, 4}) {
    const std::vector<uint8_t> low = dvpptest::MakeLowBitGrayPng(100, 60, bits);
    ASSERT_ACL_OK(acldvppPngPredictDecSize(low.data(), static_cast<uint32_t>(low.size()), PIXEL_FORMAT_RGB_888, &size));
    EXPECT_EQ(size, 128u * 3 * 64) << bits << "-bit";
  }
  EXPECT_ACL_ERROR(acldvppPngPredictDecSize(rgb.data(), static_cast<uint32_t>(rgb.size()), PIXEL_FORMAT_BGR_888, &size),
                   ACL_ERROR_FORMAT_NOT_MATCH, "PIXEL_FORMAT_BGR_888");
  const std::vector<uint8_t> palette = dvpptest::MakePng(40, 33, 1, true);
  EXPECT_ACL_ERROR(acldvppPngGetImageInfo(palette.data(), static_cast<uint32_t>(palette.size()), &w, &h, &c),
                   ACL_ERROR_FORMAT_NOT_MATCH, "palette");
  const std::vector<uint8_t> junk(64, 7);
  EXPECT_ACL_ERROR(acldvppPngGetImageInfo(junk.data(), 64, &w, &h, &c), ACL_ERROR_INVALID_PARAM, "signature");
  EXPECT_ACL_ERROR(acldvppPngGetImageInfo(rgb.data(), 20, &w, &h, &c), ACL_ERROR_INVALID_PARAM, "too small");
  const std::vector<uint8_t> tiny = dvpptest::MakePng(20, 20, 3);
  EXPECT_ACL_ERROR(
      acldvppPngPredictDecSize(tiny.data(), static_cast<uint32_t>(tiny.size()), PIXEL_FORMAT_RGB_888, &size),
      ACL_ERROR_INVALID_PARAM, "32x32");
}

TEST(DvppPng, DecodeGivesTheSourcePixels) {
  const uint32_t w = 40, h = 33, ws = AlignUp(w, 128) * 3, hs = AlignUp(h, 16);
  Channel ch;
  for (int channels : {1, 3, 4}) {
    const std::vector<uint8_t> png = dvpptest::MakePng(w, h, channels);
    DvppBuffer in(png.data(), png.size());
    DvppBuffer out(size_t{ws} * hs * 4 / 3);
    PicDesc pic(out.get(), ws * hs * 4 / 3, PIXEL_FORMAT_RGB_888, w, h, ws, hs);
    ASSERT_ACL_OK(acldvppPngDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(png.size()), pic.desc, ch.stream()));
    ASSERT_ACL_OK(ch.Sync());
    const std::vector<uint8_t> r = out.Read();
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) {
        for (uint32_t c = 0; c < 3; ++c) {
          const uint8_t want = dvpptest::Sample(x, y, channels == 1 ? 0 : c);
          ASSERT_EQ(r[size_t{y} * ws + x * 3 + c], want) << channels << " channels at " << x << "," << y << "," << c;
        }
      }
    }
  }
  const std::vector<uint8_t> png = dvpptest::MakePng(w, h, 3);
  DvppBuffer in(png.data(), png.size());
  DvppBuffer out(size_t{ws} * hs);
  PicDesc pic(out.get(), ws * hs, PIXEL_FORMAT_RGBA_8888, w, h, ws, hs);
  EXPECT_ACL_ERROR(acldvppPngDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(png.size()), pic.desc, ch.stream()),
                   ACL_ERROR_FORMAT_NOT_MATCH, "outputDesc");
  // A palette PNG is refused when the decode runs, as acldvppPngGetImageInfo refuses it.
  const std::vector<uint8_t> palette = dvpptest::MakePng(w, h, 1, true);
  DvppBuffer pal_in(palette.data(), palette.size());
  DvppBuffer pal_out(size_t{ws} * hs);
  PicDesc pal_pic(pal_out.get(), ws * hs, PIXEL_FORMAT_RGB_888, w, h, ws, hs);
  ASSERT_ACL_OK(
      acldvppPngDecodeAsync(ch.desc(), pal_in.get(), static_cast<uint32_t>(palette.size()), pal_pic.desc, ch.stream()));
  EXPECT_ACL_ERROR(ch.Sync(), ACL_ERROR_FORMAT_NOT_MATCH, "palette");
}

}  // namespace
