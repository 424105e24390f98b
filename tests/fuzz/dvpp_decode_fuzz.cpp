// libFuzzer target: the simulated JPEGD / PNGD's decoders (runtime/dvpp) on arbitrary bytes.
// The first byte chooses the decoder and the output format; the rest is the file. The probe
// runs on everything; a decode runs when the probe accepts the picture and it is at most
// 1024x1024 (bounded memory), into an output with the hardware's strides and a guard band
// that must stay untouched. Any crash, sanitizer report or guard write is a finding.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "runtime/dvpp/image.h"
#include "runtime/dvpp/jpeg_codec.h"
#include "runtime/dvpp/png_codec.h"

namespace {

using asim::dvpp::Image;
using asim::dvpp::PixelFormat;

constexpr uint32_t kMaxSide = 1024;
constexpr uint8_t kGuard = 0xA5;

void DecodeInto(PixelFormat format, uint32_t w, uint32_t h, const uint8_t* data, size_t size, bool jpeg) {
  const uint32_t ws = (w * asim::dvpp::LumaBytesPerPixel(format) + 127) / 128 * 128;
  const uint32_t hs = (h + 15) / 16 * 16;
  const uint64_t bytes = asim::dvpp::ImageBytes(format, ws, hs);
  std::vector<uint8_t> out(bytes + 64, kGuard);
  Image image;
  image.data = out.data();
  image.size = bytes;
  image.format = format;
  image.width = w;
  image.height = h;
  image.width_stride = ws;
  image.height_stride = hs;
  if (jpeg) {
    (void)asim::dvpp::DecodeJpeg(data, size, image);
  } else {
    (void)asim::dvpp::DecodePng(data, size, image);
  }
  for (size_t i = bytes; i < out.size(); ++i) {
    if (out[i] != kGuard) std::abort();  // wrote past the picture
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const uint8_t selector = data[0];
  ++data;
  --size;
  if ((selector & 1) == 0) {
    asim::dvpp::JpegInfo info;
    if (!asim::dvpp::ProbeJpeg(data, size, &info).ok()) return 0;
    if (info.width == 0 || info.height == 0 || info.width > kMaxSide || info.height > kMaxSide) return 0;
    static const PixelFormat kOut[] = {PixelFormat::kYuv420sp, PixelFormat::kYvu420sp, PixelFormat::kYuv422sp,
                                       PixelFormat::kYuv444sp, PixelFormat::kYuv400,   PixelFormat::kYuv440sp};
    const PixelFormat format = kOut[(selector >> 1) % 6];
    const bool even_w =
        format == PixelFormat::kYuv420sp || format == PixelFormat::kYvu420sp || format == PixelFormat::kYuv422sp;
    const bool even_h = format == PixelFormat::kYuv420sp || format == PixelFormat::kYvu420sp;
    DecodeInto(format, even_w ? (info.width + 1) / 2 * 2 : info.width, even_h ? (info.height + 1) / 2 * 2 : info.height,
               data, size, true);
  } else {
    asim::dvpp::PngInfo info;
    if (!asim::dvpp::ProbePng(data, size, &info).ok()) return 0;
    if (info.width == 0 || info.height == 0 || info.width > kMaxSide || info.height > kMaxSide) return 0;
    const PixelFormat format = (selector & 2) ? PixelFormat::kRgba8888 : PixelFormat::kRgb888;
    DecodeInto(format, info.width, info.height, data, size, false);
  }
  return 0;
}
