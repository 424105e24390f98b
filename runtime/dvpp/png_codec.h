// PNG for the simulated PNGD engine: header probing and decoding into packed RGB888 / RGBA8888
// with the hardware's strides. libpng does the decoding.
//
// Owns: nothing between calls. Thread safety: every function is reentrant (libpng's longjmp
// error handling is contained inside each call).
// Failure: err::kInvalidParam for bad arguments or layouts, err::kInvalidFile for data that is
// not a readable PNG (bad signature, truncated, CRC error: libpng's message is included).
// A failed decode may have written part of the output.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

struct PngInfo {
  uint32_t width = 0;
  uint32_t height = 0;
  // What acldvppPngGetImageInfo reports: 1 gray, 2 gray+alpha, 3 RGB (and palette without
  // transparency), 4 RGBA (and palette with tRNS).
  int32_t components = 0;
  int32_t bit_depth = 8;
  bool interlaced = false;
};

Status ProbePng(const uint8_t* data, size_t size, PngInfo* info);

// Decodes into `out` (RGB888 or RGBA8888; out.width/out.height equal to the image's): 16-bit
// samples are reduced to 8 bits, palettes and gray expanded, alpha added (255) or dropped as
// the output format needs, interlacing handled. Bytes between the image and the strides are
// left as they are.
Status DecodePng(const uint8_t* data, size_t size, const Image& out);

}  // namespace asim::dvpp
