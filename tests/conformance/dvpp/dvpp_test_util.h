// Shared helpers of the DVPP conformance suites: test pictures made on the host (JPEGs with
// libjpeg-turbo, PNGs with libpng), DVPP buffers filled from and read back to the host, and
// host references (libjpeg-turbo's own decode, nearest-neighbour resize).
//
// PUBLIC API ONLY (plus the codec libraries the application side would use): acl/...
// headers, standard headers, GoogleTest, turbojpeg.h and png.h.
#pragma once

#ifndef ENABLE_DVPP_INTERFACE
#define ENABLE_DVPP_INTERFACE
#endif

#include <gtest/gtest.h>
#include <png.h>
#include <turbojpeg.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_dvpp.h"
#include "conformance_util.h"

namespace dvpptest {

inline uint32_t AlignUp(uint32_t v, uint32_t a) {
  return (v + a - 1) / a * a;
}

// A w x h RGB picture with smooth gradients and some texture (deterministic).
inline std::vector<uint8_t> TestRgb(uint32_t w, uint32_t h) {
  std::vector<uint8_t> rgb(size_t{w} * h * 3);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      uint8_t* p = &rgb[(size_t{y} * w + x) * 3];
      p[0] = static_cast<uint8_t>((x * 255) / (w > 1 ? w - 1 : 1));
      p[1] = static_cast<uint8_t>((y * 255) / (h > 1 ? h - 1 : 1));
      p[2] = static_cast<uint8_t>(((x / 8 + y / 8) % 2) * 160 + 40);
    }
  }
  return rgb;
}

// JPEG of TestRgb(w, h) with TJSAMP_* subsampling `samp`; `flags` e.g. TJFLAG_PROGRESSIVE.
inline std::vector<uint8_t> MakeJpeg(uint32_t w, uint32_t h, int samp, int flags = 0, int quality = 90) {
  const std::vector<uint8_t> rgb = TestRgb(w, h);
  tjhandle tj = tjInitCompress();
  unsigned char* out = nullptr;
  unsigned long size = 0;
  std::vector<uint8_t> jpeg;
  if (samp == TJSAMP_GRAY) {
    std::vector<uint8_t> gray(size_t{w} * h);
    for (size_t i = 0; i < gray.size(); ++i) gray[i] = rgb[i * 3 + 1];
    if (tjCompress2(tj, gray.data(), static_cast<int>(w), 0, static_cast<int>(h), TJPF_GRAY, &out, &size, samp, quality,
                    flags) == 0) {
      jpeg.assign(out, out + size);
    }
  } else if (tjCompress2(tj, rgb.data(), static_cast<int>(w), 0, static_cast<int>(h), TJPF_RGB, &out, &size, samp,
                         quality, flags) == 0) {
    jpeg.assign(out, out + size);
  }
  tjFree(out);
  tjDestroy(tj);
  return jpeg;
}

// libjpeg-turbo's own planar decode (Y, U, V planes at the JPEG's subsampling).
struct Planes {
  int samp = 0;
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> y, u, v;
  uint32_t cw = 0, ch = 0;  // chroma plane size
};
inline Planes ReferenceDecode(const std::vector<uint8_t>& jpeg) {
  Planes p;
  tjhandle tj = tjInitDecompress();
  int w = 0, h = 0, samp = 0, cs = 0;
  tjDecompressHeader3(tj, jpeg.data(), jpeg.size(), &w, &h, &samp, &cs);
  p.samp = samp;
  p.width = static_cast<uint32_t>(w);
  p.height = static_cast<uint32_t>(h);
  p.y.resize(tjPlaneSizeYUV(0, w, 0, h, samp));
  unsigned char* planes[3] = {p.y.data(), nullptr, nullptr};
  int strides[3] = {w, 0, 0};
  if (samp != TJSAMP_GRAY) {
    p.cw = static_cast<uint32_t>(tjPlaneWidth(1, w, samp));
    p.ch = static_cast<uint32_t>(tjPlaneHeight(1, h, samp));
    p.u.resize(size_t{p.cw} * p.ch);
    p.v.resize(size_t{p.cw} * p.ch);
    planes[1] = p.u.data();
    planes[2] = p.v.data();
    strides[1] = strides[2] = static_cast<int>(p.cw);
  }
  tjDecompressToYUVPlanes(tj, jpeg.data(), jpeg.size(), planes, w, strides, h, 0);
  tjDestroy(tj);
  return p;
}

// A DVPP buffer that frees itself.
class DvppBuffer {
 public:
  explicit DvppBuffer(size_t size) : size_(size) {
    EXPECT_EQ(acldvppMalloc(&ptr_, size), ACL_SUCCESS) << conformance::RecentMsg();
  }
  DvppBuffer(const void* host, size_t size) : DvppBuffer(size) {
    if (ptr_ != nullptr) {
      EXPECT_EQ(aclrtMemcpy(ptr_, size, host, size, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
  }
  ~DvppBuffer() {
    if (ptr_ != nullptr) (void)acldvppFree(ptr_);
  }
  DvppBuffer(const DvppBuffer&) = delete;
  DvppBuffer& operator=(const DvppBuffer&) = delete;
  void* get() const { return ptr_; }
  size_t size() const { return size_; }
  std::vector<uint8_t> Read() const {
    std::vector<uint8_t> host(size_);
    EXPECT_EQ(aclrtMemcpy(host.data(), size_, ptr_, size_, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return host;
  }
  void Fill(uint8_t value) { EXPECT_EQ(aclrtMemset(ptr_, size_, value, size_), ACL_SUCCESS); }

 private:
  void* ptr_ = nullptr;
  size_t size_ = 0;
};

// A picture descriptor that destroys itself.
struct PicDesc {
  acldvppPicDesc* desc = acldvppCreatePicDesc();
  PicDesc() = default;
  PicDesc(void* data, uint32_t size, acldvppPixelFormat format, uint32_t w, uint32_t h, uint32_t ws, uint32_t hs) {
    acldvppSetPicDescData(desc, data);
    acldvppSetPicDescSize(desc, size);
    acldvppSetPicDescFormat(desc, format);
    acldvppSetPicDescWidth(desc, w);
    acldvppSetPicDescHeight(desc, h);
    acldvppSetPicDescWidthStride(desc, ws);
    acldvppSetPicDescHeightStride(desc, hs);
  }
  ~PicDesc() { acldvppDestroyPicDesc(desc); }
  PicDesc(const PicDesc&) = delete;
  PicDesc& operator=(const PicDesc&) = delete;
};

// A created channel (and stream) for a test.
class Channel {
 public:
  Channel() {
    desc_ = acldvppCreateChannelDesc();
    EXPECT_NE(desc_, nullptr);
    EXPECT_EQ(acldvppCreateChannel(desc_), ACL_SUCCESS) << conformance::RecentMsg();
    EXPECT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  }
  ~Channel() {
    (void)aclrtDestroyStream(stream_);
    (void)acldvppDestroyChannel(desc_);
    (void)acldvppDestroyChannelDesc(desc_);
  }
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;
  acldvppChannelDesc* desc() const { return desc_; }
  aclrtStream stream() const { return stream_; }
  aclError Sync() const { return aclrtSynchronizeStream(stream_); }

 private:
  acldvppChannelDesc* desc_ = nullptr;
  aclrtStream stream_ = nullptr;
};

}  // namespace dvpptest
