// Test helpers for the DVPP pixel library: host pictures that own their bytes, synthetic
// RGB content, and libjpeg-turbo used directly (to build test JPEGs and as the decode
// reference).
//
// Owns: the buffers of the HostImage / vectors it returns. Thread safety: none needed (tests).
// Failure: gtest assertions inside the helpers; empty results on libjpeg-turbo errors.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "runtime/dvpp/image.h"

namespace asim::dvpp::test {

// A picture with its own storage, pre-filled with `fill`.
struct HostImage {
  std::vector<uint8_t> bytes;
  Image image;

  HostImage(PixelFormat format, uint32_t width, uint32_t height, uint32_t width_stride, uint32_t height_stride,
            uint8_t fill = 0);
  uint8_t* luma_row(uint32_t y) { return image.data + static_cast<size_t>(y) * image.width_stride; }
  uint8_t* chroma() { return image.data + static_cast<size_t>(image.width_stride) * image.height_stride; }
  // Luma and the U / V sample covering pixel (x, y) of a YUV/YVU420SP picture.
  uint8_t Y(uint32_t x, uint32_t y) const;
  uint8_t U(uint32_t x, uint32_t y) const;
  uint8_t V(uint32_t x, uint32_t y) const;
};

uint32_t AlignUp(uint32_t v, uint32_t a);

// Interleaved R,G,B of width x height: smooth gradients plus a deterministic pseudo-random
// texture of amplitude `noise` (0 for a pure gradient).
std::vector<uint8_t> MakeRgb(uint32_t width, uint32_t height, int noise, uint32_t seed = 1);

// tjCompress2 of an R,G,B picture with a TJSAMP_* subsampling and TJFLAG_* flags.
std::vector<uint8_t> CompressRgb(const std::vector<uint8_t>& rgb, int width, int height, int tj_subsamp,
                                 int quality = 90, int flags = 0);

// libjpeg-turbo's own decode to planes (tjDecompressToYUVPlanes, scale 1, no flags).
struct TjPlanes {
  int width = 0, height = 0, subsamp = -1;
  std::vector<uint8_t> plane[3];
  int plane_width[3] = {0, 0, 0}, plane_height[3] = {0, 0, 0};
  uint8_t at(int c, int x, int y) const { return plane[c][static_cast<size_t>(y) * plane_width[c] + x]; }
};
bool TjDecodePlanes(const std::vector<uint8_t>& jpeg, TjPlanes* out);

// Peak signal-to-noise ratio of two equally long byte ranges, in dB (99 when identical).
double Psnr(const uint8_t* a, const uint8_t* b, size_t count);

struct Yuv {
  uint8_t y, u, v;
};
struct Rgba {
  uint8_t r, g, b, a;
};

// Writes every pixel of a YUV-family picture (YUV400, the SP formats, packed 4:2:2 and 4:4:4)
// from `pixel`; a subsampled chroma sample takes the value of the first pixel of its block.
void FillYuv(HostImage* image, const std::function<Yuv(uint32_t x, uint32_t y)>& pixel);
// Writes every pixel of an RGB-family picture (RGB/BGR888, the 8888 formats) from `pixel`.
void FillRgb(HostImage* image, const std::function<Rgba(uint32_t x, uint32_t y)>& pixel);
// Reads pixel (x, y) of an RGB-family picture (a = 255 for the 888 formats).
Rgba ReadRgb(const HostImage& image, uint32_t x, uint32_t y);

// BT.601 limited-range colour of an R,G,B triple, rounded (the reference for the solid-colour
// tests; libyuv uses 8-bit fixed-point coefficients, so allow +-2).
void RgbToYuv601(int r, int g, int b, int* y, int* u, int* v);

}  // namespace asim::dvpp::test
