// Pixel-format names and picture layout arithmetic (see image.h).
//
// Owns: nothing. Thread safety: pure functions. Failure: Status values, never exceptions.
#include "runtime/dvpp/image.h"

#include <string>

namespace asim::dvpp {
namespace {

struct FormatName {
  PixelFormat format;
  const char* name;
};

constexpr FormatName kNames[] = {
    {PixelFormat::kYuv400, "PIXEL_FORMAT_YUV_400"},
    {PixelFormat::kYuv420sp, "PIXEL_FORMAT_YUV_SEMIPLANAR_420"},
    {PixelFormat::kYvu420sp, "PIXEL_FORMAT_YVU_SEMIPLANAR_420"},
    {PixelFormat::kYuv422sp, "PIXEL_FORMAT_YUV_SEMIPLANAR_422"},
    {PixelFormat::kYvu422sp, "PIXEL_FORMAT_YVU_SEMIPLANAR_422"},
    {PixelFormat::kYuv444sp, "PIXEL_FORMAT_YUV_SEMIPLANAR_444"},
    {PixelFormat::kYvu444sp, "PIXEL_FORMAT_YVU_SEMIPLANAR_444"},
    {PixelFormat::kYuyv422, "PIXEL_FORMAT_YUYV_PACKED_422"},
    {PixelFormat::kUyvy422, "PIXEL_FORMAT_UYVY_PACKED_422"},
    {PixelFormat::kYvyu422, "PIXEL_FORMAT_YVYU_PACKED_422"},
    {PixelFormat::kVyuy422, "PIXEL_FORMAT_VYUY_PACKED_422"},
    {PixelFormat::kYuv444packed, "PIXEL_FORMAT_YUV_PACKED_444"},
    {PixelFormat::kRgb888, "PIXEL_FORMAT_RGB_888"},
    {PixelFormat::kBgr888, "PIXEL_FORMAT_BGR_888"},
    {PixelFormat::kArgb8888, "PIXEL_FORMAT_ARGB_8888"},
    {PixelFormat::kAbgr8888, "PIXEL_FORMAT_ABGR_8888"},
    {PixelFormat::kRgba8888, "PIXEL_FORMAT_RGBA_8888"},
    {PixelFormat::kBgra8888, "PIXEL_FORMAT_BGRA_8888"},
    {PixelFormat::kYuv440sp, "PIXEL_FORMAT_YUV_SEMIPLANAR_440"},
    {PixelFormat::kYvu440sp, "PIXEL_FORMAT_YVU_SEMIPLANAR_440"},
};

Status Invalid(const char* what, const std::string& detail) {
  return Status(err::kInvalidParam, std::string(what) + ": " + detail);
}

uint64_t RoundUpEven(uint64_t v) {
  return (v + 1) & ~uint64_t{1};
}

}  // namespace

std::string PixelFormatName(uint32_t format) {
  for (const FormatName& entry : kNames) {
    if (static_cast<uint32_t>(entry.format) == format) return entry.name;
  }
  if (format == static_cast<uint32_t>(PixelFormat::kUnknown)) return "PIXEL_FORMAT_UNKNOWN";
  return "acldvppPixelFormat " + std::to_string(format);
}

bool IsKnownFormat(uint32_t format) {
  for (const FormatName& entry : kNames) {
    if (static_cast<uint32_t>(entry.format) == format) return true;
  }
  return false;
}

bool IsSemiPlanar(PixelFormat f) {
  switch (f) {
    case PixelFormat::kYuv420sp:
    case PixelFormat::kYvu420sp:
    case PixelFormat::kYuv422sp:
    case PixelFormat::kYvu422sp:
    case PixelFormat::kYuv444sp:
    case PixelFormat::kYvu444sp:
    case PixelFormat::kYuv440sp:
    case PixelFormat::kYvu440sp: return true;
    default: return false;
  }
}

bool IsPacked422(PixelFormat f) {
  return f == PixelFormat::kYuyv422 || f == PixelFormat::kUyvy422 || f == PixelFormat::kYvyu422 ||
         f == PixelFormat::kVyuy422;
}

uint32_t LumaBytesPerPixel(PixelFormat f) {
  if (f == PixelFormat::kYuv400 || IsSemiPlanar(f)) return 1;
  if (IsPacked422(f)) return 2;
  switch (f) {
    case PixelFormat::kYuv444packed:
    case PixelFormat::kRgb888:
    case PixelFormat::kBgr888: return 3;
    case PixelFormat::kArgb8888:
    case PixelFormat::kAbgr8888:
    case PixelFormat::kRgba8888:
    case PixelFormat::kBgra8888: return 4;
    default: return 0;
  }
}

uint64_t ImageBytes(PixelFormat f, uint32_t width_stride, uint32_t height_stride) {
  if (!IsKnownFormat(static_cast<uint32_t>(f))) return 0;
  // Both factors are below 2^32, so the plane fits 64 bits; its multiple may not.
  const uint64_t plane = uint64_t{width_stride} * height_stride;
  uint64_t chroma = 0;
  switch (f) {
    case PixelFormat::kYuv420sp:
    case PixelFormat::kYvu420sp:
      chroma = plane / 2;  // plane * 3 / 2 rounded down, without the overflowing product
      break;
    case PixelFormat::kYuv422sp:
    case PixelFormat::kYvu422sp:
    case PixelFormat::kYuv440sp:
    case PixelFormat::kYvu440sp: chroma = plane; break;
    case PixelFormat::kYuv444sp:
    case PixelFormat::kYvu444sp:
      if (plane > UINT64_MAX / 2) return 0;
      chroma = 2 * plane;
      break;
    default: break;
  }
  if (chroma > UINT64_MAX - plane) return 0;
  return plane + chroma;
}

Status CheckImageLayout(const Image& image, const char* what) {
  const uint32_t format = static_cast<uint32_t>(image.format);
  if (!IsKnownFormat(format)) return Invalid(what, "unsupported pixel format " + PixelFormatName(format));
  if (image.width == 0 || image.height == 0) {
    return Invalid(what, "width and height must be positive (got " + std::to_string(image.width) + "x" +
                             std::to_string(image.height) + ")");
  }
  if (image.width_stride > kMaxStride || image.height_stride > kMaxStride) {
    return Invalid(what, "widthStride " + std::to_string(image.width_stride) + " or heightStride " +
                             std::to_string(image.height_stride) + " exceeds " + std::to_string(kMaxStride));
  }
  const PixelFormat f = image.format;
  const bool h_sub = f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp || f == PixelFormat::kYuv422sp ||
                     f == PixelFormat::kYvu422sp || IsPacked422(f);
  const bool v_sub = f == PixelFormat::kYuv420sp || f == PixelFormat::kYvu420sp || f == PixelFormat::kYuv440sp ||
                     f == PixelFormat::kYvu440sp;
  const uint64_t row_pixels = h_sub ? RoundUpEven(image.width) : image.width;
  const uint64_t min_stride = row_pixels * LumaBytesPerPixel(f);
  if (image.width_stride < min_stride) {
    return Invalid(what, "widthStride " + std::to_string(image.width_stride) + " is less than the " +
                             std::to_string(min_stride) + " bytes a row of width " + std::to_string(image.width) +
                             " needs in " + PixelFormatName(format));
  }
  const uint64_t min_rows = v_sub ? RoundUpEven(image.height) : image.height;
  if (image.height_stride < min_rows) {
    return Invalid(what, "heightStride " + std::to_string(image.height_stride) + " is less than the " +
                             std::to_string(min_rows) + " rows height " + std::to_string(image.height) + " needs in " +
                             PixelFormatName(format));
  }
  const uint64_t bytes = ImageBytes(f, image.width_stride, image.height_stride);
  if (bytes == 0) return Invalid(what, "picture size overflows");
  if (image.size < bytes) {
    return Invalid(what, "buffer of " + std::to_string(image.size) + " bytes is smaller than the " +
                             std::to_string(bytes) + " bytes the layout needs");
  }
  if (image.data == nullptr) return Invalid(what, "data is null");
  return Status::Ok();
}

}  // namespace asim::dvpp
