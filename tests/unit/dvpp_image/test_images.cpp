// Test helpers (see test_images.h).
#include "tests/unit/dvpp_image/test_images.h"

#include <turbojpeg.h>

#include <cmath>

namespace asim::dvpp::test {

HostImage::HostImage(PixelFormat format, uint32_t width, uint32_t height, uint32_t width_stride, uint32_t height_stride,
                     uint8_t fill) {
  bytes.assign(ImageBytes(format, width_stride, height_stride), fill);
  image.data = bytes.data();
  image.size = bytes.size();
  image.format = format;
  image.width = width;
  image.height = height;
  image.width_stride = width_stride;
  image.height_stride = height_stride;
}

uint8_t HostImage::Y(uint32_t x, uint32_t y) const {
  return image.data[static_cast<size_t>(y) * image.width_stride + x];
}

uint8_t HostImage::U(uint32_t x, uint32_t y) const {
  const size_t base = static_cast<size_t>(image.width_stride) * image.height_stride +
                      static_cast<size_t>(y / 2) * image.width_stride + (x / 2) * 2;
  return image.data[base + (image.format == PixelFormat::kYvu420sp ? 1 : 0)];
}

uint8_t HostImage::V(uint32_t x, uint32_t y) const {
  const size_t base = static_cast<size_t>(image.width_stride) * image.height_stride +
                      static_cast<size_t>(y / 2) * image.width_stride + (x / 2) * 2;
  return image.data[base + (image.format == PixelFormat::kYvu420sp ? 0 : 1)];
}

uint32_t AlignUp(uint32_t v, uint32_t a) {
  return (v + a - 1) / a * a;
}

std::vector<uint8_t> MakeRgb(uint32_t width, uint32_t height, int noise, uint32_t seed) {
  std::vector<uint8_t> rgb(static_cast<size_t>(width) * height * 3);
  uint32_t state = seed * 2654435761u + 12345u;
  for (uint32_t y = 0; y < height; ++y) {
    for (uint32_t x = 0; x < width; ++x) {
      state = state * 1664525u + 1013904223u;
      const int n = noise == 0 ? 0 : static_cast<int>((state >> 24) % static_cast<uint32_t>(2 * noise + 1)) - noise;
      const int base[3] = {static_cast<int>(40 + 170 * x / (width > 1 ? width - 1 : 1)),
                           static_cast<int>(30 + 190 * y / (height > 1 ? height - 1 : 1)),
                           static_cast<int>(200 - 150 * (x + y) / (width + height))};
      for (int c = 0; c < 3; ++c) {
        const int value = base[c] + n;
        rgb[(static_cast<size_t>(y) * width + x) * 3 + c] = static_cast<uint8_t>(value < 0     ? 0
                                                                                 : value > 255 ? 255
                                                                                               : value);
      }
    }
  }
  return rgb;
}

std::vector<uint8_t> CompressRgb(const std::vector<uint8_t>& rgb, int width, int height, int tj_subsamp, int quality,
                                 int flags) {
  tjhandle handle = tjInitCompress();
  unsigned char* buffer = nullptr;
  unsigned long size = 0;
  std::vector<uint8_t> out;
  if (tjCompress2(handle, rgb.data(), width, 0, height, TJPF_RGB, &buffer, &size, tj_subsamp, quality, flags) == 0) {
    out.assign(buffer, buffer + size);
  }
  tjFree(buffer);
  tjDestroy(handle);
  return out;
}

bool TjDecodePlanes(const std::vector<uint8_t>& jpeg, TjPlanes* out) {
  tjhandle handle = tjInitDecompress();
  int cs = 0;
  bool ok = tjDecompressHeader3(handle, jpeg.data(), jpeg.size(), &out->width, &out->height, &out->subsamp, &cs) == 0;
  if (ok) {
    unsigned char* pointers[3] = {nullptr, nullptr, nullptr};
    int strides[3] = {0, 0, 0};
    const int planes = out->subsamp == TJSAMP_GRAY ? 1 : 3;
    for (int c = 0; c < planes; ++c) {
      out->plane_width[c] = tjPlaneWidth(c, out->width, out->subsamp);
      out->plane_height[c] = tjPlaneHeight(c, out->height, out->subsamp);
      out->plane[c].assign(static_cast<size_t>(out->plane_width[c]) * out->plane_height[c], 0);
      pointers[c] = out->plane[c].data();
      strides[c] = out->plane_width[c];
    }
    ok = tjDecompressToYUVPlanes(handle, jpeg.data(), jpeg.size(), pointers, out->width, strides, out->height, 0) == 0;
  }
  tjDestroy(handle);
  return ok;
}

double Psnr(const uint8_t* a, const uint8_t* b, size_t count) {
  double sum = 0;
  for (size_t i = 0; i < count; ++i) {
    const double d = static_cast<double>(a[i]) - b[i];
    sum += d * d;
  }
  if (sum == 0) return 99.0;
  return 10.0 * std::log10(255.0 * 255.0 / (sum / static_cast<double>(count)));
}

void RgbToYuv601(int r, int g, int b, int* y, int* u, int* v) {
  *y = static_cast<int>(std::lround(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255.0));
  *u = static_cast<int>(std::lround(128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255.0));
  *v = static_cast<int>(std::lround(128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255.0));
}

namespace {

// Byte offsets of R, G, B, A (A = -1: none) of the RGB-family formats, written out per format
// here independently of the library's table.
void RgbOffsets(PixelFormat f, int* bpp, int* r, int* g, int* b, int* a) {
  switch (f) {
    case PixelFormat::kRgb888: *bpp = 3, *r = 0, *g = 1, *b = 2, *a = -1; break;
    case PixelFormat::kBgr888: *bpp = 3, *b = 0, *g = 1, *r = 2, *a = -1; break;
    case PixelFormat::kArgb8888: *bpp = 4, *a = 0, *r = 1, *g = 2, *b = 3; break;
    case PixelFormat::kAbgr8888: *bpp = 4, *a = 0, *b = 1, *g = 2, *r = 3; break;
    case PixelFormat::kRgba8888: *bpp = 4, *r = 0, *g = 1, *b = 2, *a = 3; break;
    case PixelFormat::kBgra8888: *bpp = 4, *b = 0, *g = 1, *r = 2, *a = 3; break;
    default: *bpp = 0, *r = *g = *b = *a = -1; break;
  }
}

}  // namespace

void FillYuv(HostImage* image, const std::function<Yuv(uint32_t, uint32_t)>& pixel) {
  const Image& im = image->image;
  const PixelFormat f = im.format;
  const size_t ws = im.width_stride;
  uint8_t* chroma = image->chroma();
  int sx = 1, sy = 1, cstride_mul = 2;
  bool vu = false;
  switch (f) {
    case PixelFormat::kYvu420sp: vu = true; [[fallthrough]];
    case PixelFormat::kYuv420sp: sx = 2, sy = 2, cstride_mul = 1; break;
    case PixelFormat::kYvu422sp: vu = true; [[fallthrough]];
    case PixelFormat::kYuv422sp: sx = 2, sy = 1, cstride_mul = 1; break;
    case PixelFormat::kYvu444sp: vu = true; [[fallthrough]];
    case PixelFormat::kYuv444sp: sx = 1, sy = 1, cstride_mul = 2; break;
    case PixelFormat::kYvu440sp: vu = true; [[fallthrough]];
    case PixelFormat::kYuv440sp: sx = 1, sy = 2, cstride_mul = 2; break;
    default: break;
  }
  for (uint32_t y = 0; y < im.height; ++y) {
    for (uint32_t x = 0; x < im.width; ++x) {
      const Yuv p = pixel(x, y);
      uint8_t* row = image->luma_row(y);
      if (f == PixelFormat::kYuv400) {
        row[x] = p.y;
      } else if (IsSemiPlanar(f)) {
        row[x] = p.y;
        if (x % sx == 0 && y % sy == 0) {
          uint8_t* c = chroma + (y / sy) * ws * cstride_mul + (x / sx) * 2;
          c[vu ? 1 : 0] = p.u;
          c[vu ? 0 : 1] = p.v;
        }
      } else if (IsPacked422(f)) {
        uint8_t* m = row + (x / 2) * 4;
        int y0 = 0, u = 1, y1 = 2, v = 3;
        if (f == PixelFormat::kUyvy422) u = 0, y0 = 1, v = 2, y1 = 3;
        if (f == PixelFormat::kYvyu422) y0 = 0, v = 1, y1 = 2, u = 3;
        if (f == PixelFormat::kVyuy422) v = 0, y0 = 1, u = 2, y1 = 3;
        m[x % 2 == 0 ? y0 : y1] = p.y;
        if (x % 2 == 0) m[u] = p.u, m[v] = p.v;
      } else {  // YUV packed 444: Y, U, V
        row[3 * x] = p.y, row[3 * x + 1] = p.u, row[3 * x + 2] = p.v;
      }
    }
  }
}

void FillRgb(HostImage* image, const std::function<Rgba(uint32_t, uint32_t)>& pixel) {
  int bpp, r, g, b, a;
  RgbOffsets(image->image.format, &bpp, &r, &g, &b, &a);
  for (uint32_t y = 0; y < image->image.height; ++y) {
    for (uint32_t x = 0; x < image->image.width; ++x) {
      const Rgba p = pixel(x, y);
      uint8_t* px = image->luma_row(y) + static_cast<size_t>(x) * bpp;
      px[r] = p.r, px[g] = p.g, px[b] = p.b;
      if (a >= 0) px[a] = p.a;
    }
  }
}

Rgba ReadRgb(const HostImage& image, uint32_t x, uint32_t y) {
  int bpp, r, g, b, a;
  RgbOffsets(image.image.format, &bpp, &r, &g, &b, &a);
  const uint8_t* px =
      image.image.data + static_cast<size_t>(y) * image.image.width_stride + static_cast<size_t>(x) * bpp;
  return {px[r], px[g], px[b], a >= 0 ? px[a] : uint8_t{255}};
}

}  // namespace asim::dvpp::test
