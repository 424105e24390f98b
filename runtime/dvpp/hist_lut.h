// Histograms and look-up tables of the simulated VPC (acldvppVpcCalcHistAsync,
// acldvppVpcEqualizeHistAsync) on YUV400 and YUV/YVU420SP pictures.
//
// Owns: nothing. Thread safety: pure functions. Failure: err::kInvalidParam for a format
// other than YUV400 / YUV420SP / YVU420SP, a bad layout, or pictures of different size or format.
#pragma once

#include <array>
#include <cstdint>

#include "base/status.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

// Y, U, V: 256 bins each.
using Histogram = std::array<std::array<uint32_t, 256>, 3>;
using LutMap = std::array<std::array<uint8_t, 256>, 3>;

// Counts the luma of every pixel and the U and V of every chroma sample (each 2x2 block has
// one); a YUV400 picture leaves the U and V bins 0. `hist` is overwritten.
Status CalcHist(const Image& in, Histogram* hist);

// out = lut[c][in] per component (Y with table 0, U with 1, V with 2); `out` has `in`'s
// format and size (its own strides).
Status ApplyLut(const Image& in, const Image& out, const LutMap& lut);

}  // namespace asim::dvpp
