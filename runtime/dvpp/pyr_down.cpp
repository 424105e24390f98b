// Gaussian pyramid down-sampling of the VPC (see vpc_transform.h): 5x5 kernel
// [1 4 6 4 1] x [1 4 6 4 1] / 256 evaluated at the even source columns/rows, borders reflected
// without repeating the edge sample (OpenCV's BORDER_REFLECT_101: ... 2 1 | 0 1 2 ... ),
// result rounded to nearest. Chroma planes of YUV/YVU420SP are filtered as two separate planes.
//
// Owns: one row buffer per call. Thread safety: reentrant. Failure: err::kInvalidParam for
// formats or sizes that do not match; std::bad_alloc becomes err::kBadAlloc.
#include <new>
#include <string>
#include <vector>

#include "runtime/dvpp/vpc_transform.h"

namespace asim::dvpp {
namespace {

constexpr uint32_t kTaps[5] = {1, 4, 6, 4, 1};

int64_t Reflect101(int64_t i, int64_t n) {
  if (n == 1) return 0;
  while (i < 0 || i >= n) {
    if (i < 0) i = -i;
    if (i >= n) i = 2 * n - 2 - i;
  }
  return i;
}

// One plane of `w` x `h` samples, `step` bytes apart in a row (1, or 2 for an interleaved
// chroma plane), rows `stride` bytes apart.
struct PlaneRef {
  uint8_t* data;
  size_t stride;
  size_t step;
  uint32_t w, h;
};

void PyrDownPlane(const PlaneRef& src, const PlaneRef& dst) {
  // Horizontal pass at the even columns for every source row, then the vertical pass.
  std::vector<uint32_t> rows(static_cast<size_t>(src.h) * dst.w);
  for (uint32_t y = 0; y < src.h; ++y) {
    const uint8_t* row = src.data + y * src.stride;
    for (uint32_t x = 0; x < dst.w; ++x) {
      uint32_t sum = 0;
      for (int k = 0; k < 5; ++k) {
        const int64_t sx = Reflect101(int64_t{2} * x + k - 2, src.w);
        sum += kTaps[k] * row[static_cast<size_t>(sx) * src.step];
      }
      rows[static_cast<size_t>(y) * dst.w + x] = sum;
    }
  }
  for (uint32_t y = 0; y < dst.h; ++y) {
    uint8_t* out = dst.data + y * dst.stride;
    for (uint32_t x = 0; x < dst.w; ++x) {
      uint32_t sum = 0;
      for (int k = 0; k < 5; ++k) {
        const int64_t sy = Reflect101(int64_t{2} * y + k - 2, src.h);
        sum += kTaps[k] * rows[static_cast<size_t>(sy) * dst.w + x];
      }
      out[x * dst.step] = static_cast<uint8_t>((sum + 128) >> 8);
    }
  }
}

Status PyrDownImpl(const Image& in, const Image& out) {
  ASIM_RETURN_IF_ERROR(CheckImageLayout(in, "PyrDown input"));
  ASIM_RETURN_IF_ERROR(CheckImageLayout(out, "PyrDown output"));
  const PixelFormat f = in.format;
  if (f != PixelFormat::kYuv400 && f != PixelFormat::kYuv420sp && f != PixelFormat::kYvu420sp) {
    return Status(err::kInvalidParam,
                  "PyrDown: format " + PixelFormatName(static_cast<uint32_t>(f)) + " (YUV400 or YUV/YVU420SP only)");
  }
  if (out.format != f) return Status(err::kInvalidParam, "PyrDown: output format differs from the input's");
  const uint32_t ow = (in.width + 1) / 2, oh = (in.height + 1) / 2;
  if (out.width != ow || out.height != oh) {
    return Status(err::kInvalidParam, "PyrDown: output is " + std::to_string(out.width) + "x" +
                                          std::to_string(out.height) + ", expected " + std::to_string(ow) + "x" +
                                          std::to_string(oh));
  }
  PyrDownPlane({in.data, in.width_stride, 1, in.width, in.height},
               {out.data, out.width_stride, 1, out.width, out.height});
  if (f == PixelFormat::kYuv400) return Status::Ok();
  uint8_t* in_uv = in.data + static_cast<size_t>(in.width_stride) * in.height_stride;
  uint8_t* out_uv = out.data + static_cast<size_t>(out.width_stride) * out.height_stride;
  const uint32_t icw = (in.width + 1) / 2, ich = (in.height + 1) / 2;
  const uint32_t ocw = (ow + 1) / 2, och = (oh + 1) / 2;
  for (int c = 0; c < 2; ++c) {
    PyrDownPlane({in_uv + c, in.width_stride, 2, icw, ich}, {out_uv + c, out.width_stride, 2, ocw, och});
  }
  return Status::Ok();
}

}  // namespace

Status PyrDown(const Image& in, const Image& out) {
  try {
    return PyrDownImpl(in, out);
  } catch (const std::bad_alloc&) {
    return Status(err::kBadAlloc, "PyrDown: out of host memory");
  }
}

}  // namespace asim::dvpp
