// PNG test pictures written in memory with libpng (for the DVPP conformance suites).
#pragma once

#include <png.h>

#include <cstdint>
#include <vector>

namespace dvpptest {

// A w x h PNG of `channels` 8-bit samples (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA) or a palette
// PNG (palette = true) whose pixel (x, y) is Sample(x, y, c).
inline uint8_t Sample(uint32_t x, uint32_t y, uint32_t c) {
  return static_cast<uint8_t>(x * 5 + y * 3 + c * 60);
}

// A w x h gray PNG of 1, 2 or 4 bits per pixel, every pixel 0.
inline std::vector<uint8_t> MakeLowBitGrayPng(uint32_t w, uint32_t h, int bit_depth) {
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
  png_set_IHDR(png, info, w, h, bit_depth, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  std::vector<uint8_t> row((size_t{w} * bit_depth + 7) / 8, 0);
  for (uint32_t y = 0; y < h; ++y) png_write_row(png, row.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

inline std::vector<uint8_t> MakePng(uint32_t w, uint32_t h, int channels, bool palette = false) {
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
  static const int kTypes[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                               PNG_COLOR_TYPE_RGB_ALPHA};
  const int type = palette ? PNG_COLOR_TYPE_PALETTE : kTypes[channels];
  png_set_IHDR(png, info, w, h, 8, type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_color colors[4] = {{0, 0, 0}, {255, 0, 0}, {0, 255, 0}, {0, 0, 255}};
  if (palette) png_set_PLTE(png, info, colors, 4);
  png_write_info(png, info);
  const int bpp = palette ? 1 : channels;
  std::vector<uint8_t> row(size_t{w} * bpp);
  for (uint32_t y = 0; y < h; ++y) {
    for (uint32_t x = 0; x < w; ++x) {
      for (int c = 0; c < bpp; ++c) row[size_t{x} * bpp + c] = palette ? (x + y) % 4 : Sample(x, y, c);
    }
    png_write_row(png, row.data());
  }
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return out;
}

}  // namespace dvpptest
