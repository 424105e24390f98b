// Border making of the simulated VPC (acldvppVpcMakeBorderAsync and the border stage of
// acldvppVpcBatchCropResizeMakeBorderAsync): the picture surrounded by top / bottom / left /
// right rows and columns, filled as OpenCV's copyMakeBorder does for its four types.
//
// Owns: nothing. Thread safety: pure functions.
// Failure: err::kInvalidParam for a format other than YUV400, YUV/YVU420SP, RGB888 and
// BGR888, a bad layout, an output whose size is not the input's plus the borders, or odd
// borders on a 4:2:0 picture.
#pragma once

#include <array>
#include <cstdint>

#include "base/status.h"
#include "runtime/dvpp/image.h"

namespace asim::dvpp {

// acldvppBorderType values.
enum class BorderType : uint32_t { kConstant = 0, kReplicate = 1, kReflect = 2, kReflect101 = 3 };

struct Border {
  uint32_t top = 0, bottom = 0, left = 0, right = 0;
  BorderType type = BorderType::kConstant;
  // kConstant: the value of each component in memory order (Y, U, V for the YUV formats;
  // the three bytes of a packed RGB / BGR pixel), rounded and clamped to [0, 255].
  std::array<double, 4> value{};
};

// Source index of output index i in a border of `before` samples around n source samples.
// kReplicate: aaa|abcd|ddd, kReflect: cba|abcd|dcb, kReflect101: dcb|abcd|cba (repeated for
// borders wider than the picture). kConstant is not mapped (returns -1 outside).
int64_t BorderSource(int64_t i, int64_t before, int64_t n, BorderType type);

Status MakeBorder(const Image& in, const Image& out, const Border& border);

}  // namespace asim::dvpp
