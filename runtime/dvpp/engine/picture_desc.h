// The engine-side state behind the DVPP descriptors the application fills in
// (acldvppPicDesc, acldvppRoiConfig, acldvppChannelDesc ...), free of acl/ types.
//
// Owns: plain values, plus the completion code a task writes back (shared with the task, so
// destroying a descriptor while its task is queued is safe).
// Thread safety: a descriptor is not synchronized (as in AscendCL, the application must not
// change one from two threads at once); `ret_code` is atomic because the engine's worker
// writes it. Failure: none here.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "runtime/dvpp/hist_lut.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

struct PictureDesc {
  void* data = nullptr;  // device address (acldvppMalloc memory)
  uint32_t size = 0;     // bytes at data
  uint32_t format = static_cast<uint32_t>(PixelFormat::kUnknown);
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t width_stride = 0;
  uint32_t height_stride = 0;
  // 0 until a task that wrote this picture failed; then that task's error code.
  std::shared_ptr<std::atomic<uint32_t>> ret_code = std::make_shared<std::atomic<uint32_t>>(0);

  // The descriptor's width, height and strides as the application sees them (acldvppGetPicDesc*):
  // set with the setters, and written back by a decoder task (JPEGD, PNGD) with the decoded
  // picture's geometry, which the application reads after the stream synchronizes, as on the
  // chip. The plain fields above are a snapshot taken when a call is made.
  struct Geometry {
    std::atomic<uint32_t> width{0}, height{0}, width_stride{0}, height_stride{0};
  };
  std::shared_ptr<Geometry> geometry = std::make_shared<Geometry>();

  void StoreGeometry() const {
    geometry->width.store(width);
    geometry->height.store(height);
    geometry->width_stride.store(width_stride);
    geometry->height_stride.store(height_stride);
  }
  void LoadGeometry() {
    width = geometry->width.load();
    height = geometry->height.load();
    width_stride = geometry->width_stride.load();
    height_stride = geometry->height_stride.load();
  }
};

// acldvppChannelDesc / the channel behind it.
struct ChannelState {
  uint32_t mode = 0;  // DVPP_CHNMODE_* bits; 0 = every engine
  uint32_t csc_matrix = 0;
  uint32_t jpegd_precision_mode = 0;
  uint32_t width = 0, height = 0;  // ACL_DVPP_CHANNEL_WIDTH/HEIGHT_UINT32 (informational)
  uint64_t channel_id = 0;         // assigned by acldvppCreateChannel
  bool created = false;
  int32_t device_id = -1;  // the device whose engines the channel uses
};

// DVPP_CHNMODE_* (acl_dvpp.h acldvppChannelMode).
inline constexpr uint32_t kModeVpc = 1, kModeJpegd = 2, kModeJpege = 4, kModePngd = 8;

// One crop -> resize -> paste of a VPC call (the batch calls give several).
struct VpcItem {
  PictureDesc in;
  Rect crop;
  PictureDesc out;
  Rect paste;
  bool has_paste = false;  // false: the whole output picture
  uint32_t interpolation = 0;
};

// acldvppHist: the bins a CalcHist task fills (read by the application after the stream
// synchronizes, as on the chip) and that task's completion code.
struct HistState {
  Histogram bins{};
  std::atomic<uint32_t> ret_code{0};
};

}  // namespace asim::dvpp
