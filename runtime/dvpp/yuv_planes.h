// Private to runtime/dvpp: moving pictures of any image.h format in and out of the two working
// representations of the VPC code, I420 planes and packed B,G,R,A pixels (libyuv's "ARGB"),
// plus a nearest-neighbour scaler.
//
// Owns: the Planes / vector buffers the caller passes in. Thread safety: pure functions on the
// caller's buffers. Failure: none reported; the preconditions (layouts checked with
// CheckImageLayout, regions inside the picture) are the caller's. std::bad_alloc may escape
// from the allocations and is turned into a Status by the public entry points.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/dvpp/image.h"

namespace asim::dvpp::internal {

// RGB888, BGR888 and the four 8888 formats.
bool IsRgbFamily(PixelFormat f);

// Three tightly packed 8-bit planes: luma width x height, chroma chroma_width x chroma_height.
struct Planes {
  int width = 0, height = 0;
  int chroma_width = 0, chroma_height = 0;
  std::vector<uint8_t> y, u, v;
  // Sizes the planes for chroma subsampled by (sx, sy), each 1 or 2 (incomplete blocks round up).
  void Allocate(int w, int h, int sx, int sy);
};

// A rectangle given by its first column/row and its size, inside the picture it refers to.
struct Region {
  uint32_t left = 0, top = 0, width = 0, height = 0;
};

// I420 of `region` of `in` (BT.601 limited range for the RGB formats, libyuv's). region.left
// and region.top must be even.
void RegionToI420(const Image& in, const Region& region, Planes* out);

// I444 of `region` of a YUV-family picture (chroma replicated over its block; YUV400 gets 128).
// region.left/top must be even.
void RegionToI444(const Image& in, const Region& region, Planes* out);

// Packed B,G,R,A pixels of `region` (4 * region.width bytes per row). RGB-family inputs are
// reordered exactly (alpha 255 when the input has none); YUV inputs go through I444 and
// libyuv's BT.601 limited-range conversion. region.left/top must be even for YUV inputs.
void RegionToArgb(const Image& in, const Region& region, std::vector<uint8_t>* argb);

// Writes a w x h I420 picture (w, h even) into a YUV420SP/YVU420SP picture at column x, row y
// (both even).
void WriteI420ToSemiPlanar(const uint8_t* y_plane, int y_stride, const uint8_t* u_plane, const uint8_t* v_plane,
                           int uv_stride, int w, int h, const Image& out, uint32_t x, uint32_t y);

// Writes w x h B,G,R,A pixels into an RGB-family picture at column x, row y (alpha dropped for
// the 888 formats).
void WriteArgb(const uint8_t* argb, int argb_stride, int w, int h, const Image& out, uint32_t x, uint32_t y);

// Nearest-neighbour scaling of pixels of `bpp` bytes: destination column i takes source column
// floor((i + 0.5) * src_w / dst_w), rows likewise (pixel centres aligned).
void ScaleNearest(const uint8_t* src, int src_stride, int src_w, int src_h, uint8_t* dst, int dst_stride, int dst_w,
                  int dst_h, int bpp);

}  // namespace asim::dvpp::internal
