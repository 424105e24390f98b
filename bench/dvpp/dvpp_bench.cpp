// dvpp_bench: host time of the simulated DVPP engines through the public API, as an
// application sees it (the call plus aclrtSynchronizeStream): JPEGD of a 1920x1080 4:2:0 JPEG
// into NV12, VPC resize of the decoded 1080p picture to 224x224, and JPEGE of the 1080p
// picture. Reports the median of --iterations runs after one warm-up, and libjpeg-turbo's own
// decode of the same JPEG in the same run as the reference (the ratio is the simulator's
// overhead over the codec it uses). The simulated (device) time is a different thing: see
// docs/dvpp.md; this measures what a test suite waits for.
//
// Usage: dvpp_bench [--iterations N]. Owner: bench/dvpp. Failure: exit 1 when a call fails.
#ifndef ENABLE_DVPP_INTERFACE
#define ENABLE_DVPP_INTERFACE
#endif

#include <turbojpeg.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_dvpp.h"

namespace {

constexpr uint32_t kW = 1920, kH = 1080;

#define CHECK_ACL(expr)                                                                                         \
  do {                                                                                                          \
    const aclError rc_ = (expr);                                                                                \
    if (rc_ != ACL_SUCCESS) {                                                                                   \
      std::fprintf(stderr, "%s failed: %d %s\n", #expr, rc_, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : ""); \
      std::exit(1);                                                                                             \
    }                                                                                                           \
  } while (0)

double MedianMs(int iterations, const std::function<void()>& body) {
  body();  // warm-up
  std::vector<double> ms;
  for (int i = 0; i < iterations; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

std::vector<uint8_t> PhotoLikeJpeg() {
  std::vector<uint8_t> rgb(size_t{kW} * kH * 3);
  uint32_t seed = 12345;
  for (uint32_t y = 0; y < kH; ++y) {
    for (uint32_t x = 0; x < kW; ++x) {
      seed = seed * 1103515245u + 12345u;
      uint8_t* p = &rgb[(size_t{y} * kW + x) * 3];
      p[0] = static_cast<uint8_t>((x * 255 / kW + (seed >> 28)) & 0xFF);
      p[1] = static_cast<uint8_t>((y * 255 / kH + (seed >> 26)) & 0xFF);
      p[2] = static_cast<uint8_t>(((x ^ y) & 0x3F) * 3);
    }
  }
  tjhandle tj = tjInitCompress();
  unsigned char* out = nullptr;
  unsigned long size = 0;
  tjCompress2(tj, rgb.data(), kW, 0, kH, TJPF_RGB, &out, &size, TJSAMP_420, 90, 0);
  std::vector<uint8_t> jpeg(out, out + size);
  tjFree(out);
  tjDestroy(tj);
  return jpeg;
}

}  // namespace

int main(int argc, char** argv) {
  int iterations = 20;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) iterations = std::max(1, std::atoi(argv[++i]));
  }
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  acldvppChannelDesc* channel = acldvppCreateChannelDesc();
  CHECK_ACL(acldvppCreateChannel(channel));

  const std::vector<uint8_t> jpeg = PhotoLikeJpeg();
  void* in = nullptr;
  CHECK_ACL(acldvppMalloc(&in, jpeg.size()));
  CHECK_ACL(aclrtMemcpy(in, jpeg.size(), jpeg.data(), jpeg.size(), ACL_MEMCPY_HOST_TO_DEVICE));
  uint32_t dec_size = 0;
  CHECK_ACL(acldvppJpegPredictDecSize(jpeg.data(), static_cast<uint32_t>(jpeg.size()), PIXEL_FORMAT_YUV_SEMIPLANAR_420,
                                      &dec_size));
  void* decoded = nullptr;
  CHECK_ACL(acldvppMalloc(&decoded, dec_size));
  const uint32_t ws = (kW + 127) / 128 * 128, hs = (kH + 15) / 16 * 16;
  acldvppPicDesc* dec = acldvppCreatePicDesc();
  acldvppSetPicDescData(dec, decoded);
  acldvppSetPicDescSize(dec, dec_size);
  acldvppSetPicDescFormat(dec, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(dec, kW);
  acldvppSetPicDescHeight(dec, kH);
  acldvppSetPicDescWidthStride(dec, ws);
  acldvppSetPicDescHeightStride(dec, hs);

  const double jpegd = MedianMs(iterations, [&] {
    CHECK_ACL(acldvppJpegDecodeAsync(channel, in, static_cast<uint32_t>(jpeg.size()), dec, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
  });

  std::vector<uint8_t> y(size_t{kW} * kH), u(size_t{kW / 2} * (kH / 2)), v(u.size());
  tjhandle tj = tjInitDecompress();
  const double reference = MedianMs(iterations, [&] {
    unsigned char* planes[3] = {y.data(), u.data(), v.data()};
    int strides[3] = {static_cast<int>(kW), static_cast<int>(kW / 2), static_cast<int>(kW / 2)};
    tjDecompressToYUVPlanes(tj, jpeg.data(), jpeg.size(), planes, kW, strides, kH, 0);
  });
  tjDestroy(tj);

  const uint32_t ow = 224, oh = 224;
  void* resized = nullptr;
  CHECK_ACL(acldvppMalloc(&resized, ow * oh * 3 / 2));
  acldvppPicDesc* small = acldvppCreatePicDesc();
  acldvppSetPicDescData(small, resized);
  acldvppSetPicDescSize(small, ow * oh * 3 / 2);
  acldvppSetPicDescFormat(small, PIXEL_FORMAT_YUV_SEMIPLANAR_420);
  acldvppSetPicDescWidth(small, ow);
  acldvppSetPicDescHeight(small, oh);
  acldvppSetPicDescWidthStride(small, ow);
  acldvppSetPicDescHeightStride(small, oh);
  acldvppResizeConfig* resize = acldvppCreateResizeConfig();
  const double vpc = MedianMs(iterations, [&] {
    CHECK_ACL(acldvppVpcResizeAsync(channel, dec, small, resize, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
  });

  acldvppJpegeConfig* jpege = acldvppCreateJpegeConfig();
  acldvppSetJpegeConfigLevel(jpege, 90);
  uint32_t enc_size = 0;
  CHECK_ACL(acldvppJpegPredictEncSize(dec, jpege, &enc_size));
  void* encoded = nullptr;
  CHECK_ACL(acldvppMalloc(&encoded, enc_size));
  const double jpege_ms = MedianMs(iterations, [&] {
    uint32_t size = enc_size;
    CHECK_ACL(acldvppJpegEncodeAsync(channel, dec, encoded, &size, jpege, stream));
    CHECK_ACL(aclrtSynchronizeStream(stream));
  });

  std::printf("dvpp_bench: median of %d runs, host wall time per call + aclrtSynchronizeStream\n", iterations);
  std::printf("  JPEGD 1920x1080 4:2:0 -> NV12        %8.2f ms  (libjpeg-turbo alone %.2f ms, ratio %.2fx)\n", jpegd,
              reference, jpegd / reference);
  std::printf("  VPC resize 1920x1080 -> 224x224 NV12 %8.2f ms\n", vpc);
  std::printf("  JPEGE 1920x1080 NV12, level 90       %8.2f ms\n", jpege_ms);

  acldvppDestroyJpegeConfig(jpege);
  acldvppDestroyResizeConfig(resize);
  acldvppDestroyPicDesc(small);
  acldvppDestroyPicDesc(dec);
  acldvppFree(encoded);
  acldvppFree(resized);
  acldvppFree(decoded);
  acldvppFree(in);
  acldvppDestroyChannel(channel);
  acldvppDestroyChannelDesc(channel);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
