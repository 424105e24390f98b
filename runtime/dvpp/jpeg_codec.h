// JPEG for the simulated JPEGD / JPEGE engines: header probing, decoding into the hardware's
// semi-planar YUV layouts, encoding from them. libjpeg-turbo does the entropy coding and IDCT.
//
// Owns: nothing between calls (each call creates and frees its libjpeg-turbo handle).
// Thread safety: every function is reentrant.
// Failure: Status err::kInvalidParam for bad arguments or layouts (message names what),
// err::kUnsupportedJpeg (148052, ACL_ERROR_UNSUPPORTED_JPEG) for JPEGs the JPEGD hardware
// refuses (progressive, arithmetic coding, lossless/hierarchical, more than 3 components or
// CMYK, 12-bit samples), err::kInvalidFile for data that is not a readable JPEG (truncated,
// corrupt: the libjpeg-turbo message is included). A failed decode may have written part of the output.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

// acldvppJpegFormat values.
enum class JpegSubsampling : int32_t {
  k444 = 0,
  k422 = 1,
  k420 = 2,
  kGray = 3,
  k440 = 4,
  k411 = 5,
  kUnknown = 1000,
};

struct JpegInfo {
  uint32_t width = 0;
  uint32_t height = 0;
  int32_t components = 0;  // 1 (gray) or 3
  JpegSubsampling subsampling = JpegSubsampling::kUnknown;
  bool progressive = false;   // SOF2 / SOF6 / SOF10 / SOF14
  bool arithmetic = false;    // SOF9..SOF11, SOF13..SOF15
  bool lossless = false;      // SOF3 / SOF7 / SOF11 / SOF15
  bool hierarchical = false;  // SOF5..SOF7, SOF13..SOF15 (differential frames)
  int32_t precision = 8;      // sample bits from the SOF
};

// Reads the markers up to the first SOF (own marker walk, no decoding): dimensions,
// components, sampling factors -> subsampling, coding process. err::kInvalidFile when there
// is no SOI or no SOF before the data ends.
Status ProbeJpeg(const uint8_t* data, size_t size, JpegInfo* info);

// Returns err::kUnsupportedJpeg with a message for what the JPEGD hardware does not decode
// (see the header comment), else Ok. Size limits are the caller's (they depend on the chip).
Status CheckJpegdSupports(const JpegInfo& info);

// Decodes into `out` (format YUV420SP, YVU420SP, YUV422SP, YVU422SP, YUV444SP, YVU444SP,
// YUV440SP, YVU440SP or YUV400; out.width/out.height must equal the image's dimensions, the
// width rounded up to even for 420/422 outputs and the height for 420/440 outputs). Luma is exactly libjpeg-turbo's
// decode (tjDecompressToYUVPlanes at scale 1); chroma is libjpeg-turbo's chroma planes when the source subsampling
// matches the output format's, else resampled (averaging 2x2 / 2x1 blocks going down, replicating going up; gray
// sources get 128). Rows/columns between the image and the strides are left as they are.
Status DecodeJpeg(const uint8_t* data, size_t size, const Image& out);

// Encodes `in` (YUV420SP, YVU420SP, or packed YUYV/UYVY/YVYU/VYUY 4:2:2) at quality 1..100
// (DVPP level 0 is mapped by the caller). Appends the JPEG stream to `jpeg` (cleared first).
Status EncodeJpeg(const Image& in, int quality, std::vector<uint8_t>* jpeg);

// Upper bound of EncodeJpeg's output size for a picture of this size, as tjBufSize gives it
// for the picture's subsampling.
uint64_t JpegEncodeBound(uint32_t width, uint32_t height, PixelFormat format);

}  // namespace asim::dvpp
