// The pictures DVPP works on: pixel formats (the acldvppPixelFormat values), the layout of a
// strided picture in memory, and the byte size a layout needs.
//
// Owns: nothing; an Image is a view of bytes someone else owns (the simulator's view of DVPP
// memory, or a test's host buffer).
// Layouts, as the DVPP hardware stores them (width_stride is in BYTES per row of the first
// plane, height_stride in rows):
//   - semi-planar YUV (YUV/YVU 420SP, 422SP, 444SP, 440SP): a luma plane of
//     width_stride x height_stride bytes, then one interleaved chroma plane (UV for YUV, VU for
//     YVU): 420SP holds height_stride/2 chroma rows of width_stride bytes, 422SP
//     height_stride rows of width_stride bytes, 444SP height_stride rows of 2*width_stride
//     bytes, 440SP (full horizontal, half vertical chroma resolution) height_stride/2 rows of
//     2*width_stride bytes. YUV400 is the luma plane alone.
//   - packed 4:2:2 (YUYV, UYVY, YVYU, VYUY): one plane, 2 bytes per pixel;
//   - packed RGB/BGR 888 and YUV packed 444 (bytes Y, U, V): 3 bytes per pixel; the 8888
//     formats 4 bytes, named in memory order (RGBA8888 is R, G, B, A at increasing addresses).
// A chroma sample covers the pixels of its 2x2 (420), 2x1 (422) or 1x2 (440) block; for an odd
// width or height the last block is incomplete but still has its chroma sample.
// Thread safety: plain values and pure functions.
// Failure: functions return a Status (err::kInvalidParam with a message naming the field).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/status.h"

namespace asim::dvpp {

// acldvppPixelFormat values (acl/ops/acl_dvpp.h); only the ones DVPP V1 engines handle here.
enum class PixelFormat : uint32_t {
  kYuv400 = 0,
  kYuv420sp = 1,  // NV12
  kYvu420sp = 2,  // NV21
  kYuv422sp = 3,
  kYvu422sp = 4,
  kYuv444sp = 5,
  kYvu444sp = 6,
  kYuyv422 = 7,
  kUyvy422 = 8,
  kYvyu422 = 9,
  kVyuy422 = 10,
  kYuv444packed = 11,
  kRgb888 = 12,
  kBgr888 = 13,
  kArgb8888 = 14,
  kAbgr8888 = 15,
  kRgba8888 = 16,
  kBgra8888 = 17,
  kYuv440sp = 1000,
  kYvu440sp = 1001,
  kUnknown = 10000,
};

// "PIXEL_FORMAT_YUV_SEMIPLANAR_420" for 1, ...; "acldvppPixelFormat <n>" for other values.
std::string PixelFormatName(uint32_t format);
// True for the values listed in PixelFormat except kUnknown.
bool IsKnownFormat(uint32_t format);
bool IsSemiPlanar(PixelFormat f);  // 420/422/444/440 SP (not 400)
bool IsPacked422(PixelFormat f);
// Bytes per pixel in the first plane's rows: 1 for YUV400 and the SP formats, 2 for packed
// 4:2:2, 3 for RGB/BGR 888 and YUV packed 444, 4 for the 8888 formats.
uint32_t LumaBytesPerPixel(PixelFormat f);

// Bytes a picture of this format with these strides occupies (width_stride in bytes, as the
// hardware's), or 0 for an unknown format or an overflowing product.
// 420SP: ws*hs*3/2, 422SP and 440SP: ws*hs*2, 444SP: ws*hs*3, YUV400: ws*hs,
// packed formats: ws*hs.
uint64_t ImageBytes(PixelFormat f, uint32_t width_stride, uint32_t height_stride);

inline constexpr uint32_t kMaxStride = 1u << 28;

struct Image {
  uint8_t* data = nullptr;  // first byte of the luma (or only) plane
  uint64_t size = 0;        // bytes available at data
  PixelFormat format = PixelFormat::kUnknown;
  uint32_t width = 0;          // pixels
  uint32_t height = 0;         // rows
  uint32_t width_stride = 0;   // bytes per row of the first plane
  uint32_t height_stride = 0;  // rows of the first plane
};

// Checks that the picture is self-consistent: known format, width/height > 0, width_stride
// at least width * LumaBytesPerPixel, height_stride >= height, size >= ImageBytes, data set
// unless size is 0 (which then fails), and room for the last, incomplete chroma block of an
// odd-sized picture: width_stride >= width rounded up to even (times 2 for packed 4:2:2) for
// the horizontally subsampled formats (420SP, 422SP, packed 4:2:2), height_stride >= height
// rounded up to even for the vertically subsampled ones (420SP, 440SP); and both strides at
// most kMaxStride (so that every plane offset fits the int arithmetic of the codecs).
// `what` names the picture in messages ("outputDesc").
Status CheckImageLayout(const Image& image, const char* what);

// An inclusive rectangle, as acldvppRoiConfig holds it (right/bottom are the last column/row).
struct Rect {
  uint32_t left = 0, right = 0, top = 0, bottom = 0;
  uint32_t width() const { return right - left + 1; }
  uint32_t height() const { return bottom - top + 1; }
};

}  // namespace asim::dvpp
