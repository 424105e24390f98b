// Histograms and look-up tables (see hist_lut.h).
#include "runtime/dvpp/hist_lut.h"

#include <string>

namespace asim::dvpp {
namespace {

bool Supported(PixelFormat f) {
  return f == PixelFormat::kYuv400 || f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp;
}

Status CheckPicture(const Image& image, const char* what) {
  if (!Supported(image.format)) {
    return Status(err::kInvalidParam, std::string(what) + ": " + PixelFormatName(static_cast<uint32_t>(image.format)) +
                                          " is not a histogram / LUT format (YUV400, YUV420SP, YVU420SP)");
  }
  return CheckImageLayout(image, what);
}

// The chroma plane and the byte offsets of U and V in a pair.
const uint8_t* Chroma(const Image& image, int* u_offset) {
  *u_offset = image.format == PixelFormat::kYvu420sp ? 1 : 0;
  return image.data + static_cast<size_t>(image.width_stride) * image.height_stride;
}

}  // namespace

Status CalcHist(const Image& in, Histogram* hist) {
  ASIM_RETURN_IF_ERROR(CheckPicture(in, "histogram input"));
  for (auto& channel : *hist) channel.fill(0);
  for (uint32_t y = 0; y < in.height; ++y) {
    const uint8_t* row = in.data + static_cast<size_t>(y) * in.width_stride;
    for (uint32_t x = 0; x < in.width; ++x) ++(*hist)[0][row[x]];
  }
  if (in.format == PixelFormat::kYuv400) return Status::Ok();
  int u = 0;
  const uint8_t* chroma = Chroma(in, &u);
  for (uint32_t y = 0; y < in.height / 2; ++y) {
    const uint8_t* row = chroma + static_cast<size_t>(y) * in.width_stride;
    for (uint32_t x = 0; x < in.width / 2; ++x) {
      ++(*hist)[1][row[2 * x + u]];
      ++(*hist)[2][row[2 * x + 1 - u]];
    }
  }
  return Status::Ok();
}

Status ApplyLut(const Image& in, const Image& out, const LutMap& lut) {
  ASIM_RETURN_IF_ERROR(CheckPicture(in, "LUT input"));
  ASIM_RETURN_IF_ERROR(CheckPicture(out, "LUT output"));
  if (in.format != out.format || in.width != out.width || in.height != out.height) {
    return Status(err::kInvalidParam, "LUT: the output must have the input's format and size");
  }
  for (uint32_t y = 0; y < in.height; ++y) {
    const uint8_t* src = in.data + static_cast<size_t>(y) * in.width_stride;
    uint8_t* dst = out.data + static_cast<size_t>(y) * out.width_stride;
    for (uint32_t x = 0; x < in.width; ++x) dst[x] = lut[0][src[x]];
  }
  if (in.format == PixelFormat::kYuv400) return Status::Ok();
  int u = 0;
  const uint8_t* src_chroma = Chroma(in, &u);
  uint8_t* dst_chroma = out.data + static_cast<size_t>(out.width_stride) * out.height_stride;
  for (uint32_t y = 0; y < in.height / 2; ++y) {
    const uint8_t* src = src_chroma + static_cast<size_t>(y) * in.width_stride;
    uint8_t* dst = dst_chroma + static_cast<size_t>(y) * out.width_stride;
    for (uint32_t x = 0; x < in.width / 2; ++x) {
      dst[2 * x + u] = lut[1][src[2 * x + u]];
      dst[2 * x + 1 - u] = lut[2][src[2 * x + 1 - u]];
    }
  }
  return Status::Ok();
}

}  // namespace asim::dvpp
