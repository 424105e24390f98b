// Conformance: acl/ops/acl_dvpp.h JPEG — acldvppJpegGetImageInfo(V2), the size predictors,
// JPEGD into every semi-planar layout against libjpeg-turbo's own decode (bit-exact where the
// sampling matches), JPEGE round trips, and every error: at the call (descriptors, memory
// kinds, alignment) and at execution (unsupported or corrupt JPEGs, too-small pictures),
// which the stream reports and the picture's ret code records. Default SoC: Ascend310.
//
// PUBLIC API ONLY: acl/... headers, standard headers, GoogleTest and libjpeg-turbo.
#include <cmath>

#include "dvpp_test_util.h"

namespace {

using dvpptest::AlignUp;
using dvpptest::Channel;
using dvpptest::DvppBuffer;
using dvpptest::MakeJpeg;
using dvpptest::PicDesc;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

TEST(DvppJpegInfo, ReportsSizeComponentsAndSampling) {
  for (int samp : {TJSAMP_444, TJSAMP_422, TJSAMP_420, TJSAMP_GRAY, TJSAMP_440, TJSAMP_411}) {
    const std::vector<uint8_t> jpeg = MakeJpeg(99, 65, samp);
    ASSERT_FALSE(jpeg.empty());
    uint32_t w = 0, h = 0;
    int32_t comps = 0;
    acldvppJpegFormat format = ACL_JPEG_CSS_UNKNOWN;
    ASSERT_ACL_OK(acldvppJpegGetImageInfo(jpeg.data(), static_cast<uint32_t>(jpeg.size()), &w, &h, &comps));
    EXPECT_EQ(w, 99u);
    EXPECT_EQ(h, 65u);
    EXPECT_EQ(comps, samp == TJSAMP_GRAY ? 1 : 3);
    ASSERT_ACL_OK(acldvppJpegGetImageInfoV2(jpeg.data(), static_cast<uint32_t>(jpeg.size()), &w, &h, &comps, &format));
    EXPECT_EQ(static_cast<int>(format), samp) << "TJSAMP " << samp;
  }
}

TEST(DvppJpegInfo, RefusesWhatIsNotAJpegAndReportsProgressive) {
  const std::vector<uint8_t> junk(200, 0x42);
  uint32_t w = 0, h = 0;
  int32_t c = 0;
  EXPECT_ACL_ERROR(acldvppJpegGetImageInfo(nullptr, 10, &w, &h, &c), ACL_ERROR_INVALID_PARAM, "data");
  EXPECT_ACL_ERROR(acldvppJpegGetImageInfo(junk.data(), 0, &w, &h, &c), ACL_ERROR_INVALID_PARAM, "size");
  EXPECT_EQ(acldvppJpegGetImageInfo(junk.data(), static_cast<uint32_t>(junk.size()), &w, &h, &c),
            ACL_ERROR_INVALID_PARAM);
  const std::vector<uint8_t> progressive = MakeJpeg(64, 48, TJSAMP_420, TJFLAG_PROGRESSIVE);
  EXPECT_ACL_ERROR(acldvppJpegGetImageInfo(progressive.data(), static_cast<uint32_t>(progressive.size()), &w, &h, &c),
                   ACL_ERROR_UNSUPPORTED_JPEG, "progressive");
  EXPECT_EQ(w, 64u);  // the outputs are filled all the same
  const std::vector<uint8_t> good = MakeJpeg(64, 48, TJSAMP_420);
  EXPECT_EQ(acldvppJpegGetImageInfo(good.data(), 40, &w, &h, &c), ACL_ERROR_INVALID_PARAM);  // truncated
}

// The information and size calls parse the picture on the host: the JPEG's device copy (made
// for the decoder) or an unmapped address is refused with a message, not read (it crashed).
TEST(DvppJpegInfo, APictureInDeviceMemoryOrUnmappedIsRefused) {
  const std::vector<uint8_t> jpeg = MakeJpeg(64, 48, TJSAMP_420);
  DvppBuffer dev(jpeg.data(), jpeg.size());
  ASSERT_NE(dev.get(), nullptr);
  const uint32_t n = static_cast<uint32_t>(jpeg.size());
  uint32_t w = 0, h = 0, size = 0;
  int32_t c = 0;
  acldvppJpegFormat format = ACL_JPEG_CSS_UNKNOWN;
  for (const void* data : {static_cast<const void*>(dev.get()), reinterpret_cast<const void*>(uintptr_t{0x1000})}) {
    const char* why = data == dev.get() ? "device memory" : "mapped host memory";
    EXPECT_ACL_ERROR(acldvppJpegGetImageInfo(data, n, &w, &h, &c), ACL_ERROR_INVALID_PARAM, why);
    EXPECT_ACL_ERROR(acldvppJpegGetImageInfoV2(data, n, &w, &h, &c, &format), ACL_ERROR_INVALID_PARAM, why);
    EXPECT_ACL_ERROR(acldvppJpegPredictDecSize(data, n, PIXEL_FORMAT_YUV_SEMIPLANAR_420, &size),
                     ACL_ERROR_INVALID_PARAM, why);
    EXPECT_ACL_ERROR(acldvppPngGetImageInfo(data, n, &w, &h, &c), ACL_ERROR_INVALID_PARAM, why);
    EXPECT_ACL_ERROR(acldvppPngPredictDecSize(data, n, PIXEL_FORMAT_RGB_888, &size), ACL_ERROR_INVALID_PARAM, why);
  }
}

TEST(DvppJpegPredict, DecodedSizeFollowsTheAlignmentAndFormat) {
  const std::vector<uint8_t> j420 = MakeJpeg(99, 65, TJSAMP_420);
  const std::vector<uint8_t> j444 = MakeJpeg(99, 65, TJSAMP_444);
  const std::vector<uint8_t> j422 = MakeJpeg(99, 65, TJSAMP_422);
  const uint32_t area = 128 * 80;  // 99 -> 128, 65 -> 80
  uint32_t size = 0;
  ASSERT_ACL_OK(acldvppJpegPredictDecSize(j420.data(), static_cast<uint32_t>(j420.size()),
                                          PIXEL_FORMAT_YUV_SEMIPLANAR_420, &size));
  EXPECT_EQ(size, area * 3 / 2);
  ASSERT_ACL_OK(
      acldvppJpegPredictDecSize(j444.data(), static_cast<uint32_t>(j444.size()), PIXEL_FORMAT_UNKNOWN, &size));
  EXPECT_EQ(size, area * 3);
  ASSERT_ACL_OK(
      acldvppJpegPredictDecSize(j422.data(), static_cast<uint32_t>(j422.size()), PIXEL_FORMAT_UNKNOWN, &size));
  EXPECT_EQ(size, area * 2);
  ASSERT_ACL_OK(acldvppJpegPredictDecSize(j444.data(), static_cast<uint32_t>(j444.size()),
                                          PIXEL_FORMAT_YVU_SEMIPLANAR_420, &size));
  EXPECT_EQ(size, area * 3 / 2);
  EXPECT_ACL_ERROR(
      acldvppJpegPredictDecSize(j420.data(), static_cast<uint32_t>(j420.size()), PIXEL_FORMAT_RGB_888, &size),
      ACL_ERROR_FORMAT_NOT_MATCH, "PIXEL_FORMAT_RGB_888");
  const std::vector<uint8_t> tiny = MakeJpeg(16, 16, TJSAMP_420);
  EXPECT_ACL_ERROR(acldvppJpegPredictDecSize(tiny.data(), static_cast<uint32_t>(tiny.size()),
                                             PIXEL_FORMAT_YUV_SEMIPLANAR_420, &size),
                   ACL_ERROR_INVALID_PARAM, "32x32");
}

// Decodes `jpeg` on the device into a picture of `format` with the 310's strides.
struct Decoded {
  aclError call = ACL_SUCCESS, sync = ACL_SUCCESS;
  uint32_t ret_code = 0;
  uint32_t ws = 0, hs = 0;
  std::vector<uint8_t> bytes;
};
Decoded DecodeOnDevice(const std::vector<uint8_t>& jpeg, acldvppPixelFormat format, uint32_t w, uint32_t h,
                       uint32_t hs_override = 0) {
  Decoded d;
  Channel ch;
  DvppBuffer in(jpeg.data(), jpeg.size());
  d.ws = AlignUp(w, 128);
  d.hs = hs_override != 0 ? hs_override : AlignUp(h, 16);
  const uint32_t size = d.ws * d.hs * 3;
  DvppBuffer out(size);
  out.Fill(0xEE);
  PicDesc pic(out.get(), size, format, w, h, d.ws, d.hs);
  d.call = acldvppJpegDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(jpeg.size()), pic.desc, ch.stream());
  d.sync = ch.Sync();
  d.ret_code = acldvppGetPicDescRetCode(pic.desc);
  d.bytes = out.Read();
  return d;
}

TEST(DvppJpegDecode, Nv12AndNv21MatchLibjpegTurboBitExactly) {
  const uint32_t w = 99, h = 65;
  const std::vector<uint8_t> jpeg = MakeJpeg(w, h, TJSAMP_420);
  const dvpptest::Planes ref = dvpptest::ReferenceDecode(jpeg);
  for (acldvppPixelFormat format : {PIXEL_FORMAT_YUV_SEMIPLANAR_420, PIXEL_FORMAT_YVU_SEMIPLANAR_420}) {
    const Decoded d = DecodeOnDevice(jpeg, format, w, h);
    ASSERT_EQ(d.call, ACL_SUCCESS) << conformance::RecentMsg();
    ASSERT_EQ(d.sync, ACL_SUCCESS);
    EXPECT_EQ(d.ret_code, 0u);
    size_t luma_diff = 0, chroma_diff = 0;
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) luma_diff += d.bytes[size_t{y} * d.ws + x] != ref.y[size_t{y} * w + x];
    }
    const uint8_t* uv = d.bytes.data() + size_t{d.ws} * d.hs;
    const bool nv12 = format == PIXEL_FORMAT_YUV_SEMIPLANAR_420;
    for (uint32_t y = 0; y < ref.ch; ++y) {
      for (uint32_t x = 0; x < ref.cw; ++x) {
        const uint8_t u = uv[size_t{y} * d.ws + 2 * x + (nv12 ? 0 : 1)];
        const uint8_t v = uv[size_t{y} * d.ws + 2 * x + (nv12 ? 1 : 0)];
        chroma_diff += u != ref.u[size_t{y} * ref.cw + x];
        chroma_diff += v != ref.v[size_t{y} * ref.cw + x];
      }
    }
    EXPECT_EQ(luma_diff, 0u);
    EXPECT_EQ(chroma_diff, 0u);
    // Beyond the (even-rounded) picture, inside the stride: untouched.
    EXPECT_EQ(d.bytes[100], 0xEE);
    EXPECT_EQ(d.bytes[size_t{70} * d.ws + 10], 0xEE);
  }
}

// The public vpc_resnet50 sample's way: the output descriptor has only data, format and size;
// JPEGD chooses the strides and the application reads the decoded geometry back after the
// stream synchronizes.
TEST(DvppJpegDecode, TheDecoderWritesTheGeometryBack) {
  const uint32_t w = 99, h = 65;
  const std::vector<uint8_t> jpeg = MakeJpeg(w, h, TJSAMP_420);
  uint32_t size = 0;
  ASSERT_ACL_OK(acldvppJpegPredictDecSize(jpeg.data(), static_cast<uint32_t>(jpeg.size()),
                                          PIXEL_FORMAT_YUV_SEMIPLANAR_420, &size));
  Channel ch;
  DvppBuffer in(jpeg.data(), jpeg.size());
  DvppBuffer out(size);
  acldvppPicDesc* pic = acldvppCreatePicDesc();
  ASSERT_ACL_OK(acldvppSetPicDescData(pic, out.get()));
  ASSERT_ACL_OK(acldvppSetPicDescFormat(pic, PIXEL_FORMAT_YUV_SEMIPLANAR_420));
  ASSERT_ACL_OK(acldvppSetPicDescSize(pic, size));
  ASSERT_ACL_OK(acldvppJpegDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(jpeg.size()), pic, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  EXPECT_EQ(acldvppGetPicDescWidth(pic), 100u);  // even-rounded
  EXPECT_EQ(acldvppGetPicDescHeight(pic), 66u);
  EXPECT_EQ(acldvppGetPicDescWidthStride(pic), 128u);
  EXPECT_EQ(acldvppGetPicDescHeightStride(pic), 80u);
  const dvpptest::Planes ref = dvpptest::ReferenceDecode(jpeg);
  const std::vector<uint8_t> r = out.Read();
  for (uint32_t y = 0; y < h; ++y) ASSERT_EQ(std::memcmp(&r[size_t{y} * 128], &ref.y[size_t{y} * w], w), 0) << y;
  EXPECT_ACL_OK(acldvppDestroyPicDesc(pic));
}

TEST(DvppJpegDecode, GrayAnd444SourcesBecomeYuv420) {
  const uint32_t w = 64, h = 48;
  const std::vector<uint8_t> gray = MakeJpeg(w, h, TJSAMP_GRAY);
  const dvpptest::Planes gref = dvpptest::ReferenceDecode(gray);
  Decoded d = DecodeOnDevice(gray, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h);
  ASSERT_EQ(d.sync, ACL_SUCCESS);
  EXPECT_EQ(std::memcmp(d.bytes.data(), gref.y.data(), w), 0);
  EXPECT_EQ(d.bytes[size_t{d.ws} * d.hs], 128);
  EXPECT_EQ(d.bytes[size_t{d.ws} * d.hs + 1], 128);

  const std::vector<uint8_t> j444 = MakeJpeg(w, h, TJSAMP_444);
  const dvpptest::Planes ref = dvpptest::ReferenceDecode(j444);
  d = DecodeOnDevice(j444, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h);
  ASSERT_EQ(d.sync, ACL_SUCCESS);
  int worst = 0;
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      worst = std::max(worst, std::abs(d.bytes[size_t{y} * d.ws + x] - ref.y[size_t{y} * w + x]));
    }
  }
  EXPECT_EQ(worst, 0);
  // Chroma: the 2x2 average of the 4:4:4 planes, within rounding.
  const uint8_t* uv = d.bytes.data() + size_t{d.ws} * d.hs;
  for (uint32_t y = 0; y < h / 2; ++y) {
    for (uint32_t x = 0; x < w / 2; ++x) {
      const int sum = ref.u[(2 * y) * w + 2 * x] + ref.u[(2 * y) * w + 2 * x + 1] + ref.u[(2 * y + 1) * w + 2 * x] +
                      ref.u[(2 * y + 1) * w + 2 * x + 1];
      ASSERT_LE(std::abs(uv[size_t{y} * d.ws + 2 * x] - sum / 4.0), 1.0) << x << "," << y;
    }
  }
}

TEST(DvppJpegDecode, UnsupportedAndCorruptJpegsFailOnTheStream) {
  const std::vector<uint8_t> progressive = MakeJpeg(64, 48, TJSAMP_420, TJFLAG_PROGRESSIVE);
  Decoded d = DecodeOnDevice(progressive, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48);
  EXPECT_EQ(d.call, ACL_SUCCESS);  // found when the engine reads the data, as on the chip
  EXPECT_EQ(d.sync, ACL_ERROR_UNSUPPORTED_JPEG);
  EXPECT_EQ(d.ret_code, static_cast<uint32_t>(ACL_ERROR_UNSUPPORTED_JPEG));

  std::vector<uint8_t> corrupt = MakeJpeg(64, 48, TJSAMP_420);
  corrupt.resize(corrupt.size() / 3);
  d = DecodeOnDevice(corrupt, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48);
  EXPECT_NE(d.sync, ACL_SUCCESS);
  EXPECT_NE(d.ret_code, 0u);

  // A picture whose height stride cannot hold the image.
  const std::vector<uint8_t> big = MakeJpeg(64, 48, TJSAMP_420);
  d = DecodeOnDevice(big, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 32);
  EXPECT_EQ(d.sync, ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(d.ret_code, 0u);
  EXPECT_NE(conformance::RecentMsg().find("heightStride"), std::string::npos) << conformance::LastMsg();

  // The stream works again after a failure.
  d = DecodeOnDevice(big, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48);
  EXPECT_EQ(d.sync, ACL_SUCCESS);
  EXPECT_EQ(d.ret_code, 0u);
}

TEST(DvppJpegDecode, CallErrorsNameTheArgument) {
  Channel ch;
  const std::vector<uint8_t> jpeg = MakeJpeg(64, 48, TJSAMP_420);
  DvppBuffer in(jpeg.data(), jpeg.size());
  DvppBuffer out(128 * 48 * 3 / 2);
  const auto n = static_cast<uint32_t>(jpeg.size());
  PicDesc pic(out.get(), 128 * 48 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 64, 48, 128, 48);

  void* plain = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&plain, jpeg.size(), ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), plain, n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "acldvppMalloc");
  ASSERT_ACL_OK(aclrtFree(plain));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), jpeg.data(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "not device memory");
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), n + 4096, pic.desc, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "past the end");
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), 0, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "size");
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(nullptr, in.get(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "channelDesc");
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), n, nullptr, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "outputDesc");

  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(pic.desc, 100));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "multiple of 128");
  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(pic.desc, 128));
  ASSERT_ACL_OK(acldvppSetPicDescHeightStride(pic.desc, 40));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "multiple of 16");
  ASSERT_ACL_OK(acldvppSetPicDescHeightStride(pic.desc, 48));
  ASSERT_ACL_OK(acldvppSetPicDescFormat(pic.desc, PIXEL_FORMAT_RGB_888));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(ch.desc(), in.get(), n, pic.desc, ch.stream()), ACL_ERROR_FORMAT_NOT_MATCH,
                   "PIXEL_FORMAT_RGB_888");
  ASSERT_ACL_OK(acldvppSetPicDescFormat(pic.desc, PIXEL_FORMAT_YUV_SEMIPLANAR_420));

  // A channel descriptor without a channel, and a destroyed channel.
  acldvppChannelDesc* idle = acldvppCreateChannelDesc();
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(idle, in.get(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "acldvppCreateChannel");
  EXPECT_ACL_OK(acldvppDestroyChannelDesc(idle));
  EXPECT_ACL_ERROR(acldvppJpegDecodeAsync(idle, in.get(), n, pic.desc, ch.stream()), ACL_ERROR_INVALID_PARAM,
                   "not live");
  EXPECT_ACL_OK(ch.Sync());
}

// The simulated device time of a JPEGD task comes from the chip's published rate: 256 1080p
// frames per second on the 310 (3.9 ms a frame), measured between two events on the stream.
TEST(DvppJpegDecode, DeviceTimeFollowsThePublishedRate) {
  const uint32_t w = 1920, h = 1080;
  const std::vector<uint8_t> jpeg = MakeJpeg(w, h, TJSAMP_420, 0, 80);
  Channel ch;
  DvppBuffer in(jpeg.data(), jpeg.size());
  const uint32_t ws = AlignUp(w, 128), hs = AlignUp(h, 16);
  DvppBuffer out(size_t{ws} * hs * 3 / 2);
  PicDesc pic(out.get(), ws * hs * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, ws, hs);
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEvent(&end));
  ASSERT_ACL_OK(aclrtRecordEvent(start, ch.stream()));
  ASSERT_ACL_OK(acldvppJpegDecodeAsync(ch.desc(), in.get(), static_cast<uint32_t>(jpeg.size()), pic.desc, ch.stream()));
  ASSERT_ACL_OK(aclrtRecordEvent(end, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  float ms = 0;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
  const double frame_ms = 1000.0 * (double(ws) * hs) / (1920.0 * 1080.0 * 256.0);
  EXPECT_GT(ms, frame_ms);
  EXPECT_LT(ms, frame_ms + 0.1) << "the strides' area at 256 fps plus the task launch";
  EXPECT_ACL_OK(aclrtDestroyEvent(start));
  EXPECT_ACL_OK(aclrtDestroyEvent(end));
}

double Psnr(const uint8_t* a, size_t a_stride, const uint8_t* b, size_t b_stride, uint32_t w, uint32_t h) {
  double se = 0;
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      const double d = double(a[y * a_stride + x]) - double(b[y * b_stride + x]);
      se += d * d;
    }
  }
  const double mse = se / (double(w) * h);
  return mse == 0 ? 99.0 : 10.0 * std::log10(255.0 * 255.0 / mse);
}

TEST(DvppJpegEncode, RoundTripKeepsThePicture) {
  const uint32_t w = 96, h = 64;
  const std::vector<uint8_t> src = MakeJpeg(w, h, TJSAMP_420, 0, 98);
  const Decoded d = DecodeOnDevice(src, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h);
  ASSERT_EQ(d.sync, ACL_SUCCESS);
  Channel ch;
  DvppBuffer picture(d.bytes.data(), size_t{d.ws} * d.hs * 3 / 2);
  PicDesc in(picture.get(), d.ws * d.hs * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, w, h, d.ws, d.hs);
  acldvppJpegeConfig* config = acldvppCreateJpegeConfig();
  ASSERT_ACL_OK(acldvppSetJpegeConfigLevel(config, 95));
  EXPECT_EQ(acldvppGetJpegeConfigLevel(config), 95u);
  uint32_t predicted = 0;
  ASSERT_ACL_OK(acldvppJpegPredictEncSize(in.desc, config, &predicted));
  EXPECT_EQ(predicted, 2u << 20);  // the picture + 768 bytes, rounded up to 2 MiB
  DvppBuffer out(predicted);
  uint32_t size = predicted;
  ASSERT_ACL_OK(acldvppJpegEncodeAsync(ch.desc(), in.desc, out.get(), &size, config, ch.stream()));
  ASSERT_ACL_OK(ch.Sync());
  ASSERT_GT(size, 100u);
  ASSERT_LT(size, predicted);
  std::vector<uint8_t> jpeg = out.Read();
  jpeg.resize(size);
  const dvpptest::Planes back = dvpptest::ReferenceDecode(jpeg);
  ASSERT_EQ(back.width, w);
  ASSERT_EQ(back.height, h);
  EXPECT_GT(Psnr(back.y.data(), w, d.bytes.data(), d.ws, w, h), 35.0);

  // Too small a buffer: the task fails and *size is left alone.
  uint32_t small = 64;
  ASSERT_ACL_OK(acldvppJpegEncodeAsync(ch.desc(), in.desc, out.get(), &small, config, ch.stream()));
  EXPECT_EQ(ch.Sync(), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(small, 64u);
  EXPECT_NE(acldvppGetPicDescRetCode(in.desc), 0u);

  ASSERT_ACL_OK(acldvppSetJpegeConfigLevel(config, 101));  // stored as given
  EXPECT_ACL_ERROR(acldvppJpegEncodeAsync(ch.desc(), in.desc, out.get(), &size, config, ch.stream()),
                   ACL_ERROR_INVALID_PARAM, "level");
  EXPECT_ACL_OK(acldvppDestroyJpegeConfig(config));
}

TEST(DvppJpegEncode, PredictAndStrideRules) {
  acldvppJpegeConfig* config = acldvppCreateJpegeConfig();
  DvppBuffer buf(1920 * 1080 * 2);
  PicDesc hd(buf.get(), 1920 * 1080 * 3 / 2, PIXEL_FORMAT_YUV_SEMIPLANAR_420, 1920, 1080, 1920, 1080);
  uint32_t size = 0;
  ASSERT_ACL_OK(acldvppJpegPredictEncSize(hd.desc, config, &size));
  EXPECT_EQ(size, 4194304u);  // 1920 x 1080 x 3/2 + 768 -> 2 MiB multiple
  PicDesc packed(buf.get(), 1920 * 1080 * 2, PIXEL_FORMAT_YUYV_PACKED_422, 1920, 1080, 1920, 1080);
  EXPECT_ACL_ERROR(acldvppJpegPredictEncSize(packed.desc, config, &size), ACL_ERROR_INVALID_PARAM, "3840");
  ASSERT_ACL_OK(acldvppSetPicDescWidthStride(packed.desc, 3840));
  EXPECT_ACL_OK(acldvppJpegPredictEncSize(packed.desc, config, &size));
  ASSERT_ACL_OK(acldvppSetPicDescHeightStride(hd.desc, 1090));
  EXPECT_ACL_ERROR(acldvppJpegPredictEncSize(hd.desc, config, &size), ACL_ERROR_INVALID_PARAM, "heightStride");
  ASSERT_ACL_OK(acldvppSetPicDescFormat(hd.desc, PIXEL_FORMAT_RGB_888));
  EXPECT_ACL_ERROR(acldvppJpegPredictEncSize(hd.desc, config, &size), ACL_ERROR_FORMAT_NOT_MATCH, "inputDesc");
  EXPECT_ACL_OK(acldvppDestroyJpegeConfig(config));
}

}  // namespace
