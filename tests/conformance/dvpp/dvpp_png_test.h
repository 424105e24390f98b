// PNG test pictures written in memory with libpng (for the DVPP conformance suites).
#pragma once

#include <png.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace dvpptest {

// The test pictures' sample c of pixel (x, y).
inline uint8_t Sample(uint32_t x, uint32_t y, uint32_t c) {
  return static_cast<uint8_t>(x * 5 + y * 3 + c * 60);
}

// A PNG of the given header whose row y is fill(y, row) (row_bytes bytes); `palette` colours
// for colour type 3.
inline std::vector<uint8_t> WritePng(uint32_t w, uint32_t h, int bit_depth, int color_type, size_t row_bytes,
                                     const std::function<void(uint32_t, uint8_t*)>& fill,
                                     const std::vector<png_color>& palette = {}) {
  std::vector<uint8_t> out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  png_set_write_fn(
      png, &out,
      [](png_structp p, png_bytep data, png_size_t n) {
        auto* v = static_cast<std::vector<uint8_t>*>(png_get_io_ptr(p));
        v->insert(v->end(), data, data + n);
      },
      nullptr);
  png_set_IHDR(png, info, w, h, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (!palette.empty()) png_set_PLTE(png, info, palette.data(), static_cast<int>(palette.size()));
  png_write_info(png, info);
  std::vector<uint8_t> row(row_bytes);
  for (uint32_t y = 0; y < h; ++y) {
    fill(y, row.data());
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

// A w x h gray PNG of 1, 2 or 4 bits per pixel, every pixel 0.
inline std::vector<uint8_t> MakeLowBitGrayPng(uint32_t w, uint32_t h, int bit_depth) {
  return WritePng(w, h, bit_depth, PNG_COLOR_TYPE_GRAY, (size_t{w} * bit_depth + 7) / 8, [](uint32_t, uint8_t*) {});
}

// A w x h PNG of `channels` 8-bit samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA) whose pixel
// (x, y) is Sample(x, y, c), or a 4-colour palette PNG (palette = true).
inline std::vector<uint8_t> MakePng(uint32_t w, uint32_t h, int channels, bool palette = false) {
  static const int kTypes[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                               PNG_COLOR_TYPE_RGB_ALPHA};
  const int type = palette ? PNG_COLOR_TYPE_PALETTE : kTypes[channels];
  const std::vector<png_color> colors =
      palette ? std::vector<png_color>{{0, 0, 0}, {255, 0, 0}, {0, 255, 0}, {0, 0, 255}} : std::vector<png_color>{};
  const int bpp = palette ? 1 : channels;
  return WritePng(
      w, h, 8, type, size_t{w} * bpp,
      [&](uint32_t y, uint8_t* row) {
        for (uint32_t x = 0; x < w; ++x) {
          for (int c = 0; c < bpp; ++c) {
            row[size_t{x} * bpp + c] = palette ? static_cast<uint8_t>((x + y) % 4) : Sample(x, y, c);
          }
        }
      },
      colors);
}

}  // namespace dvpptest
