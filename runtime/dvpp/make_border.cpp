// Border making (see make_border.h).
#include "runtime/dvpp/make_border.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace asim::dvpp {
namespace {

uint8_t ByteOf(double v) {
  return static_cast<uint8_t>(std::clamp(std::lround(v), 0L, 255L));
}

// One plane of `elem` interleaved bytes per sample: w x h samples in, bordered out.
void BorderPlane(const uint8_t* src, size_t src_stride, int64_t w, int64_t h, uint8_t* dst, size_t dst_stride,
                 int64_t top, int64_t bottom, int64_t left, int64_t right, int elem, BorderType type,
                 const uint8_t* constant) {
  const int64_t ow = w + left + right, oh = h + top + bottom;
  for (int64_t y = 0; y < oh; ++y) {
    const int64_t sy = BorderSource(y, top, h, type);
    uint8_t* out = dst + static_cast<size_t>(y) * dst_stride;
    for (int64_t x = 0; x < ow; ++x) {
      const int64_t sx = BorderSource(x, left, w, type);
      for (int k = 0; k < elem; ++k) {
        out[x * elem + k] = sy < 0 || sx < 0 ? constant[k] : src[static_cast<size_t>(sy) * src_stride + sx * elem + k];
      }
    }
  }
}

}  // namespace

int64_t BorderSource(int64_t i, int64_t before, int64_t n, BorderType type) {
  int64_t s = i - before;
  if (s >= 0 && s < n) return s;
  if (type == BorderType::kConstant) return -1;
  if (type == BorderType::kReplicate || n == 1) return std::clamp<int64_t>(s, 0, n - 1);
  const bool r101 = type == BorderType::kReflect101;
  while (s < 0 || s >= n) {
    if (s < 0) s = r101 ? -s : -s - 1;
    if (s >= n) s = r101 ? 2 * n - s - 2 : 2 * n - s - 1;
  }
  return s;
}

Status MakeBorder(const Image& in, const Image& out, const Border& b) {
  const PixelFormat f = in.format;
  const bool yuv420 = f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp;
  if (f != PixelFormat::kYuv400 && !yuv420 && f != PixelFormat::kRgb888 && f != PixelFormat::kBgr888) {
    return Status(err::kInvalidParam, "make border: " + PixelFormatName(static_cast<uint32_t>(f)) +
                                          " is not supported (YUV400, YUV/YVU420SP, RGB888, BGR888)");
  }
  if (out.format != f) return Status(err::kInvalidParam, "make border: the output must have the input's format");
  ASIM_RETURN_IF_ERROR(CheckImageLayout(in, "make border input"));
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "make border output"));
  if (static_cast<uint64_t>(out.width) != uint64_t{in.width} + b.left + b.right ||
      static_cast<uint64_t>(out.height) != uint64_t{in.height} + b.top + b.bottom) {
    return Status(err::kInvalidParam, "make border: the output is " + std::to_string(out.width) + "x" +
                                          std::to_string(out.height) + ", the input with its borders " +
                                          std::to_string(uint64_t{in.width} + b.left + b.right) + "x" +
                                          std::to_string(uint64_t{in.height} + b.top + b.bottom));
  }
  if (yuv420 && ((b.top | b.bottom | b.left | b.right) & 1) != 0) {
    return Status(err::kInvalidParam, "make border: borders of a 4:2:0 picture are even");
  }
  const int elem = f == PixelFormat::kRgb888 || f == PixelFormat::kBgr888 ? 3 : 1;
  const uint8_t luma[3] = {ByteOf(b.value[0]), ByteOf(b.value[1]), ByteOf(b.value[2])};
  BorderPlane(in.data, in.width_stride, in.width, in.height, out.data, out.width_stride, b.top, b.bottom, b.left,
              b.right, elem, b.type, luma);
  if (!yuv420) return Status::Ok();
  const bool vu = f == PixelFormat::kYvu420sp;
  const uint8_t chroma[2] = {vu ? luma[2] : luma[1], vu ? luma[1] : luma[2]};
  BorderPlane(in.data + static_cast<size_t>(in.width_stride) * in.height_stride, in.width_stride, in.width / 2,
              in.height / 2, out.data + static_cast<size_t>(out.width_stride) * out.height_stride, out.width_stride,
              b.top / 2, b.bottom / 2, b.left / 2, b.right / 2, 2, b.type, chroma);
  return Status::Ok();
}

}  // namespace asim::dvpp
