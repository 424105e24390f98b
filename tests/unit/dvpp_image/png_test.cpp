// png_codec.h: PNGs written in memory with libpng's write API (RGB, RGBA, gray, gray+alpha,
// low-bit gray, palettes with and without tRNS, 16-bit, Adam7), probed and decoded into
// strided RGB888 / RGBA8888 and compared exactly with the written pixels; bytes outside the
// picture untouched; truncated, corrupt and foreign data refused without crashing.
#include <gtest/gtest.h>
#include <png.h>

#include <array>
#include <csetjmp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "runtime/dvpp/png_codec.h"
#include "tests/unit/dvpp_image/test_images.h"

namespace asim::dvpp {
namespace {

using test::HostImage;

constexpr uint8_t kSentinel = 0x5A;

// What to write: samples (of bit_depth bits, 16-bit big-endian, packed low depths) per row.
struct PngSpec {
  uint32_t width = 0, height = 0;
  int color_type = PNG_COLOR_TYPE_RGB;
  int bit_depth = 8;
  bool interlace = false;
  std::vector<png_color> palette;
  std::vector<uint8_t> trns;  // palette alpha
  std::vector<std::vector<uint8_t>> rows;
};

struct Sink {
  std::vector<uint8_t>* bytes;
};

void WriteToVector(png_structp png, png_bytep data, size_t length) {
  auto* sink = static_cast<Sink*>(png_get_io_ptr(png));
  sink->bytes->insert(sink->bytes->end(), data, data + length);
}

void FlushNothing(png_structp) {}

int WritePngRaw(png_structp png, png_infop info, const PngSpec* spec, png_bytepp rows) {
  if (setjmp(png_jmpbuf(png))) return 1;
  png_set_IHDR(png, info, spec->width, spec->height, spec->bit_depth, spec->color_type,
               spec->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (!spec->palette.empty()) {
    png_set_PLTE(png, info, spec->palette.data(), static_cast<int>(spec->palette.size()));
  }
  if (!spec->trns.empty()) {
    png_set_tRNS(png, info, spec->trns.data(), static_cast<int>(spec->trns.size()), nullptr);
  }
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  return 0;
}

std::vector<uint8_t> WritePng(const PngSpec& spec) {
  std::vector<uint8_t> bytes;
  Sink sink{&bytes};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png_create_info_struct(png);
  png_set_write_fn(png, &sink, WriteToVector, FlushNothing);
  std::vector<png_bytep> rows;
  for (const auto& row : spec.rows) rows.push_back(const_cast<png_bytep>(row.data()));
  const int rc = WritePngRaw(png, info, &spec, rows.data());
  png_destroy_write_struct(&png, &info);
  EXPECT_EQ(rc, 0);
  return bytes;
}

// Expected decoded pixel (r, g, b, a) at (x, y).
using Rgba = std::array<uint8_t, 4>;

uint32_t Sample(const std::vector<uint8_t>& row, int depth, uint32_t index) {
  if (depth == 8) return row[index];
  if (depth == 16) return (uint32_t{row[2 * index]} << 8) | row[2 * index + 1];
  const uint32_t per_byte = 8 / depth;
  const uint32_t byte = row[index / per_byte];
  const uint32_t shift = 8 - depth * (index % per_byte + 1);
  return (byte >> shift) & ((1u << depth) - 1);
}

uint8_t To8(uint32_t v, int depth) {
  if (depth == 16) return static_cast<uint8_t>(v >> 8);  // png_set_strip_16 keeps the high byte
  if (depth == 8) return static_cast<uint8_t>(v);
  return static_cast<uint8_t>(v * 255 / ((1u << depth) - 1));  // low-bit gray scaled to 0..255
}

Rgba Expected(const PngSpec& s, uint32_t x, uint32_t y) {
  const auto& row = s.rows[y];
  switch (s.color_type) {
    case PNG_COLOR_TYPE_GRAY: {
      const uint8_t g = To8(Sample(row, s.bit_depth, x), s.bit_depth);
      return {g, g, g, 255};
    }
    case PNG_COLOR_TYPE_GRAY_ALPHA: {
      const uint8_t g = To8(Sample(row, s.bit_depth, 2 * x), s.bit_depth);
      return {g, g, g, To8(Sample(row, s.bit_depth, 2 * x + 1), s.bit_depth)};
    }
    case PNG_COLOR_TYPE_RGB:
      return {To8(Sample(row, s.bit_depth, 3 * x), s.bit_depth), To8(Sample(row, s.bit_depth, 3 * x + 1), s.bit_depth),
              To8(Sample(row, s.bit_depth, 3 * x + 2), s.bit_depth), 255};
    case PNG_COLOR_TYPE_RGB_ALPHA:
      return {To8(Sample(row, s.bit_depth, 4 * x), s.bit_depth), To8(Sample(row, s.bit_depth, 4 * x + 1), s.bit_depth),
              To8(Sample(row, s.bit_depth, 4 * x + 2), s.bit_depth),
              To8(Sample(row, s.bit_depth, 4 * x + 3), s.bit_depth)};
    default: {
      const uint32_t index = Sample(row, s.bit_depth, x);
      const png_color c = s.palette[index];
      return {c.red, c.green, c.blue, index < s.trns.size() ? s.trns[index] : uint8_t{255}};
    }
  }
}

int Channels(int color_type) {
  switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: return 1;
    case PNG_COLOR_TYPE_GRAY_ALPHA: return 2;
    case PNG_COLOR_TYPE_RGB: return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA: return 4;
    default: return 1;
  }
}

PngSpec MakeSpec(uint32_t w, uint32_t h, int color_type, int depth, bool interlace, uint32_t seed) {
  PngSpec s;
  s.width = w;
  s.height = h;
  s.color_type = color_type;
  s.bit_depth = depth;
  s.interlace = interlace;
  std::mt19937 rng(seed);
  if (color_type == PNG_COLOR_TYPE_PALETTE) {
    const uint32_t entries = 1u << depth;
    for (uint32_t i = 0; i < entries; ++i) {
      s.palette.push_back({static_cast<png_byte>(rng()), static_cast<png_byte>(rng()), static_cast<png_byte>(rng())});
    }
  }
  const size_t row_bits = static_cast<size_t>(w) * Channels(color_type) * depth;
  for (uint32_t y = 0; y < h; ++y) {
    std::vector<uint8_t> row((row_bits + 7) / 8);
    for (auto& b : row) b = static_cast<uint8_t>(rng());
    if (color_type == PNG_COLOR_TYPE_PALETTE && depth == 8) {
      for (auto& b : row) b = static_cast<uint8_t>(b % s.palette.size());
    }
    s.rows.push_back(row);
  }
  return s;
}

void DecodeAndCompare(const PngSpec& spec, PixelFormat format) {
  const auto png = WritePng(spec);
  ASSERT_FALSE(png.empty());
  const uint32_t bpp = format == PixelFormat::kRgba8888 ? 4 : 3;
  const uint32_t ws = test::AlignUp(spec.width * bpp, 64) + 16, hs = spec.height + 3;
  HostImage out(format, spec.width, spec.height, ws, hs, kSentinel);
  const Status st = DecodePng(png.data(), png.size(), out.image);
  ASSERT_TRUE(st.ok()) << st.message();
  for (uint32_t y = 0; y < hs; ++y) {
    const uint8_t* row = out.luma_row(y);
    for (uint32_t b = 0; b < ws; ++b) {
      if (y < spec.height && b < spec.width * bpp) {
        const Rgba want = Expected(spec, b / bpp, y);
        ASSERT_EQ(row[b], want[b % bpp]) << "pixel " << b / bpp << "," << y << " channel " << b % bpp;
      } else {
        ASSERT_EQ(row[b], kSentinel) << "padding byte " << b << " row " << y;
      }
    }
  }
}

struct TypeCase {
  int color_type, depth;
  bool trns;
  int components;
  const char* name;
};

const TypeCase kTypes[] = {
    {PNG_COLOR_TYPE_RGB, 8, false, 3, "rgb8"},
    {PNG_COLOR_TYPE_RGB_ALPHA, 8, false, 4, "rgba8"},
    {PNG_COLOR_TYPE_GRAY, 8, false, 1, "gray8"},
    {PNG_COLOR_TYPE_GRAY, 1, false, 1, "gray1"},
    {PNG_COLOR_TYPE_GRAY, 2, false, 1, "gray2"},
    {PNG_COLOR_TYPE_GRAY, 4, false, 1, "gray4"},
    {PNG_COLOR_TYPE_GRAY_ALPHA, 8, false, 2, "ga8"},
    {PNG_COLOR_TYPE_PALETTE, 8, false, 3, "palette8"},
    {PNG_COLOR_TYPE_PALETTE, 4, false, 3, "palette4"},
    {PNG_COLOR_TYPE_PALETTE, 8, true, 4, "palette8+trns"},
    {PNG_COLOR_TYPE_PALETTE, 2, true, 4, "palette2+trns"},
    {PNG_COLOR_TYPE_RGB, 16, false, 3, "rgb16"},
    {PNG_COLOR_TYPE_RGB_ALPHA, 16, false, 4, "rgba16"},
    {PNG_COLOR_TYPE_GRAY, 16, false, 1, "gray16"},
    {PNG_COLOR_TYPE_GRAY_ALPHA, 16, false, 2, "ga16"},
};

PngSpec SpecFor(const TypeCase& t, uint32_t w, uint32_t h, bool interlace) {
  PngSpec s = MakeSpec(w, h, t.color_type, t.depth, interlace, w * 31 + h);
  if (t.trns) {
    for (size_t i = 0; i + 1 < s.palette.size(); ++i) s.trns.push_back(static_cast<uint8_t>(i * 37));
  }
  return s;
}

TEST(DvppPng, EveryColourTypeDecodesExactlyToRgbAndRgba) {
  for (const TypeCase& t : kTypes) {
    for (bool interlace : {false, true}) {
      for (auto size : {std::pair<uint32_t, uint32_t>{37, 23}, {1, 1}, {9, 70}}) {
        SCOPED_TRACE(std::string(t.name) + (interlace ? " adam7 " : " ") + std::to_string(size.first) + "x" +
                     std::to_string(size.second));
        const PngSpec spec = SpecFor(t, size.first, size.second, interlace);
        DecodeAndCompare(spec, PixelFormat::kRgb888);
        DecodeAndCompare(spec, PixelFormat::kRgba8888);
      }
    }
  }
}

TEST(DvppPng, ProbeReportsHeader) {
  for (const TypeCase& t : kTypes) {
    SCOPED_TRACE(t.name);
    const auto png = WritePng(SpecFor(t, 21, 5, t.depth == 8));
    PngInfo info;
    const Status st = ProbePng(png.data(), png.size(), &info);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(info.width, 21u);
    EXPECT_EQ(info.height, 5u);
    EXPECT_EQ(info.components, t.components);
    EXPECT_EQ(info.bit_depth, t.depth);
    EXPECT_EQ(info.interlaced, t.depth == 8);
  }
}

TEST(DvppPng, BrokenDataIsRefused) {
  const auto png = WritePng(MakeSpec(40, 30, PNG_COLOR_TYPE_RGB, 8, true, 3));
  HostImage out(PixelFormat::kRgb888, 40, 30, 128, 30);
  PngInfo info;
  EXPECT_EQ(ProbePng(png.data(), 7, &info).code(), err::kInvalidFile);
  EXPECT_EQ(ProbePng(nullptr, 0, &info).code(), err::kInvalidParam);
  EXPECT_EQ(ProbePng(png.data(), png.size(), nullptr).code(), err::kInvalidParam);
  auto bad_sig = png;
  bad_sig[1] = 'X';
  EXPECT_EQ(ProbePng(bad_sig.data(), bad_sig.size(), &info).code(), err::kInvalidFile);
  EXPECT_EQ(DecodePng(bad_sig.data(), bad_sig.size(), out.image).code(), err::kInvalidFile);
  // Every truncation fails with kInvalidFile and names the problem.
  for (size_t n = 8; n < png.size(); n += 3) {
    const Status st = DecodePng(png.data(), n, out.image);
    ASSERT_EQ(st.code(), err::kInvalidFile) << n;
    ASSERT_FALSE(st.message().empty());
  }
  // A corrupted IHDR byte breaks its CRC.
  auto bad_crc = png;
  bad_crc[18] ^= 0x01;
  const Status crc = ProbePng(bad_crc.data(), bad_crc.size(), &info);
  EXPECT_EQ(crc.code(), err::kInvalidFile);
  EXPECT_NE(crc.message().find("PNG"), std::string::npos);
  // Random flips in the body: never a crash.
  std::mt19937 rng(11);
  for (int iter = 0; iter < 300; ++iter) {
    auto data = png;
    for (int f = 0; f < 4; ++f) data[8 + rng() % (data.size() - 8)] ^= static_cast<uint8_t>(1u << (rng() % 8));
    if (ProbePng(data.data(), data.size(), &info).ok()) (void)DecodePng(data.data(), data.size(), out.image);
  }
}

TEST(DvppPng, OutputMustMatch) {
  const auto png = WritePng(MakeSpec(40, 30, PNG_COLOR_TYPE_RGB, 8, false, 3));
  HostImage wrong_size(PixelFormat::kRgb888, 40, 29, 128, 30);
  EXPECT_EQ(DecodePng(png.data(), png.size(), wrong_size.image).code(), err::kInvalidParam);
  HostImage wrong_format(PixelFormat::kBgr888, 40, 30, 128, 30);
  EXPECT_EQ(DecodePng(png.data(), png.size(), wrong_format.image).code(), err::kInvalidParam);
  HostImage short_buffer(PixelFormat::kRgba8888, 40, 30, 160, 30);
  short_buffer.image.size -= 1;
  EXPECT_EQ(DecodePng(png.data(), png.size(), short_buffer.image).code(), err::kInvalidParam);
  HostImage ok(PixelFormat::kRgba8888, 40, 30, 160, 30);
  EXPECT_TRUE(DecodePng(png.data(), png.size(), ok.image).ok());
}

}  // namespace
}  // namespace asim::dvpp
