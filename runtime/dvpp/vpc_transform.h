// The pixel work of the simulated VPC (vision preprocessing core): crop, resize, paste, colour
// conversion and pyramid down-sampling between strided pictures. libyuv does the scaling and
// the format conversions it has; the rest is written here.
//
// Owns: scratch buffers inside each call only. Thread safety: every function is reentrant.
// Arguments are assumed already validated against the hardware's rules by the caller
// (alignment, ranges); these functions only check what they need for memory safety (the
// rectangles inside the pictures, the pictures' layouts) and return err::kInvalidParam.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

enum class Interpolation : uint32_t {
  kBilinear = 0,  // acldvppResizeConfig interpolation 0 (default) and 1
  kNearest = 2,   // interpolation 2
};

// Takes `crop` of `in` (any input format of image.h), resizes it to `paste`'s size with
// `interp` and writes it at `paste` in `out`. Pixels of `out` outside `paste` are left as
// they are (that is how CropAndPaste composes several crops into one picture).
// Outputs: YUV420SP / YVU420SP (the crop converted to I420 and scaled plane by plane),
// YUV400 (the luma plane scaled), RGB888 / BGR888 / the 8888 formats (the crop as packed
// B,G,R,A, scaled channel by channel: RGB-family inputs keep their values exactly when not
// scaled, whatever the byte order). Colour conversion uses BT.601 limited range (libyuv's).
// For 420 outputs the paste rectangle's left/top are even and its width/height even (the
// caller's rules guarantee it; odd values are refused here). A crop may start at an odd
// column/row of a chroma-subsampled input for YUV outputs: luma stays exact and each chroma
// sample comes from the input block of the even-aligned region (no interpolation across
// blocks); RGB outputs from a YUV input need an even crop start. Scaling:
// kBilinear is libyuv's bilinear plane scaler (centres aligned when shrinking, end points when
// enlarging); kNearest takes source index floor((i + 0.5) * src / dst) per axis, per plane.
Status CropResizePaste(const Image& in, const Rect& crop, const Image& out, const Rect& paste, Interpolation interp);

// Converts the whole of `in` to `out`'s format at the same width/height (acldvppVpcConvertColorAsync):
// any input format of image.h to YUV420SP, YVU420SP, YUV400, RGB888, BGR888, RGBA8888,
// BGRA8888, ARGB8888, ABGR8888 (BT.601 limited range both ways).
Status ConvertColor(const Image& in, const Image& out);

// Gaussian pyramid down (acldvppVpcPyrDownAsync): 5x5 [1 4 6 4 1]^2/256 kernel, reflected
// borders (edge sample not repeated: ... 2 1 | 0 1 2 ...), rounded to nearest, output
// (w+1)/2 x (h+1)/2; YUV400 or YUV420SP/YVU420SP (luma filtered, chroma filtered per plane)
// in and out, same format.
Status PyrDown(const Image& in, const Image& out);

}  // namespace asim::dvpp
