// Conformance: acl/ops/acl_dvpp.h on a DVPP v200 chip (Ascend310P3, chosen in acl.json's
// "sim" section): the 64-byte JPEGD stride, colour conversion, pyramid down-sampling, RGB
// VPC outputs, interpolation 0..2, channel modes, and the V1 PNGD it does not have.
//
// PUBLIC API ONLY: acl/... headers, standard headers, GoogleTest and libjpeg-turbo / libpng.
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

}  // namespace
