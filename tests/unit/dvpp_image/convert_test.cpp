// vpc_transform.h ConvertColor (every input format to every output format with known colours,
// exact reordering inside the RGB family, odd sizes, refusals) and PyrDown (constant pictures
// stay constant; patterns match a direct 25-tap reference with reflected borders exactly).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "runtime/dvpp/vpc_transform.h"
#include "tests/unit/dvpp_image/test_images.h"

namespace asim::dvpp {
namespace {

using test::HostImage;
using test::Rgba;
using test::Yuv;

const PixelFormat kYuvInputs[] = {PixelFormat::kYuv400,   PixelFormat::kYuv420sp,    PixelFormat::kYvu420sp,
                                  PixelFormat::kYuv422sp, PixelFormat::kYvu422sp,    PixelFormat::kYuv444sp,
                                  PixelFormat::kYvu444sp, PixelFormat::kYuv440sp,    PixelFormat::kYvu440sp,
                                  PixelFormat::kYuyv422,  PixelFormat::kUyvy422,     PixelFormat::kYvyu422,
                                  PixelFormat::kVyuy422,  PixelFormat::kYuv444packed};
const PixelFormat kRgbFormats[] = {PixelFormat::kRgb888,   PixelFormat::kBgr888,   PixelFormat::kArgb8888,
                                   PixelFormat::kAbgr8888, PixelFormat::kRgba8888, PixelFormat::kBgra8888};

std::string Name(PixelFormat f) {
  return PixelFormatName(static_cast<uint32_t>(f));
}

HostImage Make(PixelFormat f, uint32_t w, uint32_t h, uint8_t fill = 0) {
  const uint32_t ws = test::AlignUp((w + (w & 1)) * LumaBytesPerPixel(f), 16);
  return HostImage(f, w, h, ws, h + (h & 1), fill);
}

TEST(DvppConvert, YuvInputsToRgbOutputsGiveTheColour) {
  // Y/U/V of pure red and pure blue (BT.601 limited range) back to RGB within 3.
  struct Case {
    Yuv yuv;
    Rgba rgb;
  };
  const Case cases[] = {
      {{81, 90, 240}, {255, 0, 0, 255}}, {{41, 240, 110}, {0, 0, 255, 255}}, {{145, 54, 34}, {0, 255, 0, 255}}};
  for (PixelFormat in_f : kYuvInputs) {
    for (PixelFormat out_f : kRgbFormats) {
      for (const Case& c : cases) {
        SCOPED_TRACE(Name(in_f) + " -> " + Name(out_f) + " Y=" + std::to_string(c.yuv.y));
        HostImage in = Make(in_f, 17, 9);
        test::FillYuv(&in, [&](uint32_t, uint32_t) { return c.yuv; });
        HostImage out = Make(out_f, 17, 9, 0x77);
        const Status st = ConvertColor(in.image, out.image);
        ASSERT_TRUE(st.ok()) << st.message();
        for (uint32_t y = 0; y < 9; y += 4) {
          for (uint32_t x = 0; x < 17; x += 8) {
            const Rgba got = test::ReadRgb(out, x, y);
            if (in_f == PixelFormat::kYuv400) {  // gray: R = G = B from Y alone
              const int g = static_cast<int>((c.yuv.y - 16) * 255.0 / 219.0 + 0.5);
              EXPECT_NEAR(got.r, g, 3);
              EXPECT_NEAR(got.g, g, 3);
              EXPECT_NEAR(got.b, g, 3);
            } else {
              EXPECT_NEAR(got.r, c.rgb.r, 3);
              EXPECT_NEAR(got.g, c.rgb.g, 3);
              EXPECT_NEAR(got.b, c.rgb.b, 3);
            }
            EXPECT_EQ(got.a, 255);
          }
        }
        // The padding bytes past the picture's rows are untouched.
        EXPECT_EQ(out.luma_row(0)[out.image.width_stride - 1], 0x77);
      }
    }
  }
}

TEST(DvppConvert, RgbFamilyReordersExactlyAndKeepsAlpha) {
  std::mt19937 rng(5);
  for (PixelFormat in_f : kRgbFormats) {
    HostImage in = Make(in_f, 13, 7);
    std::vector<Rgba> pixels;
    for (int i = 0; i < 13 * 7; ++i) {
      pixels.push_back({static_cast<uint8_t>(rng()), static_cast<uint8_t>(rng()), static_cast<uint8_t>(rng()),
                        static_cast<uint8_t>(rng())});
    }
    test::FillRgb(&in, [&](uint32_t x, uint32_t y) { return pixels[y * 13 + x]; });
    const bool in_alpha = LumaBytesPerPixel(in_f) == 4;
    for (PixelFormat out_f : kRgbFormats) {
      SCOPED_TRACE(Name(in_f) + " -> " + Name(out_f));
      HostImage out = Make(out_f, 13, 7);
      ASSERT_TRUE(ConvertColor(in.image, out.image).ok());
      for (uint32_t y = 0; y < 7; ++y) {
        for (uint32_t x = 0; x < 13; ++x) {
          const Rgba got = test::ReadRgb(out, x, y), want = pixels[y * 13 + x];
          ASSERT_EQ(got.r, want.r);
          ASSERT_EQ(got.g, want.g);
          ASSERT_EQ(got.b, want.b);
          if (LumaBytesPerPixel(out_f) == 4) {
            ASSERT_EQ(got.a, in_alpha ? want.a : 255);
          }
        }
      }
    }
  }
}

TEST(DvppConvert, ToSemiPlanarAndGray) {
  // RGB red -> NV12/NV21/YUV400; NV12 -> NV21 exactly; 422SP -> YUV400 keeps luma exactly.
  for (PixelFormat in_f : kRgbFormats) {
    HostImage in = Make(in_f, 33, 17);
    test::FillRgb(&in, [](uint32_t, uint32_t) { return Rgba{255, 0, 0, 9}; });
    for (PixelFormat out_f : {PixelFormat::kYuv420sp, PixelFormat::kYvu420sp, PixelFormat::kYuv400}) {
      SCOPED_TRACE(Name(in_f) + " -> " + Name(out_f));
      HostImage out = Make(out_f, 33, 17);
      ASSERT_TRUE(ConvertColor(in.image, out.image).ok());
      EXPECT_NEAR(out.Y(32, 16), 81, 2);
      if (out_f != PixelFormat::kYuv400) {
        EXPECT_NEAR(out.U(32, 16), 90, 2);
        EXPECT_NEAR(out.V(32, 16), 240, 2);
      }
    }
  }
  HostImage nv12 = Make(PixelFormat::kYuv420sp, 33, 17);
  test::FillYuv(&nv12, [](uint32_t x, uint32_t y) {
    return Yuv{static_cast<uint8_t>(x * 7 + y), static_cast<uint8_t>(x * 3), static_cast<uint8_t>(200 - y * 5)};
  });
  HostImage nv21 = Make(PixelFormat::kYvu420sp, 33, 17);
  ASSERT_TRUE(ConvertColor(nv12.image, nv21.image).ok());
  for (uint32_t y = 0; y < 17; ++y) {
    for (uint32_t x = 0; x < 33; ++x) {
      ASSERT_EQ(nv21.Y(x, y), nv12.Y(x, y));
      ASSERT_EQ(nv21.U(x, y), nv12.U(x, y));
      ASSERT_EQ(nv21.V(x, y), nv12.V(x, y));
    }
  }
  HostImage sp422 = Make(PixelFormat::kYuv422sp, 32, 8);
  test::FillYuv(&sp422, [](uint32_t x, uint32_t y) { return Yuv{static_cast<uint8_t>(x + 9 * y), 1, 2}; });
  HostImage gray = Make(PixelFormat::kYuv400, 32, 8);
  ASSERT_TRUE(ConvertColor(sp422.image, gray.image).ok());
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 32; ++x) ASSERT_EQ(gray.Y(x, y), x + 9 * y);
  }
}

TEST(DvppConvert, Refusals) {
  HostImage in = Make(PixelFormat::kYuv420sp, 32, 16);
  HostImage other_size = Make(PixelFormat::kRgb888, 32, 14);
  EXPECT_EQ(ConvertColor(in.image, other_size.image).code(), err::kInvalidParam);
  HostImage sp422 = Make(PixelFormat::kYuv422sp, 32, 16);
  EXPECT_EQ(ConvertColor(in.image, sp422.image).code(), err::kInvalidParam);
  HostImage rgb = Make(PixelFormat::kRgb888, 32, 16);
  rgb.image.size -= 1;
  EXPECT_EQ(ConvertColor(in.image, rgb.image).code(), err::kInvalidParam);
  Image bad = in.image;
  bad.format = PixelFormat::kUnknown;
  HostImage ok = Make(PixelFormat::kRgb888, 32, 16);
  EXPECT_EQ(ConvertColor(bad, ok.image).code(), err::kInvalidParam);
}

// Direct 5x5 reference with reflect-101 borders.
int Reflect(int i, int n) {
  if (n == 1) return 0;
  while (i < 0 || i >= n) i = i < 0 ? -i : 2 * n - 2 - i;
  return i;
}

std::vector<uint8_t> PyrRef(const std::vector<uint8_t>& src, int w, int h) {
  static const int k[5] = {1, 4, 6, 4, 1};
  const int ow = (w + 1) / 2, oh = (h + 1) / 2;
  std::vector<uint8_t> out;
  for (int y = 0; y < oh; ++y) {
    for (int x = 0; x < ow; ++x) {
      int sum = 0;
      for (int j = 0; j < 5; ++j) {
        for (int i = 0; i < 5; ++i) sum += k[i] * k[j] * src[Reflect(2 * y + j - 2, h) * w + Reflect(2 * x + i - 2, w)];
      }
      out.push_back(static_cast<uint8_t>((sum + 128) / 256));
    }
  }
  return out;
}

TEST(DvppPyrDown, ConstantStaysConstant) {
  for (PixelFormat f : {PixelFormat::kYuv400, PixelFormat::kYuv420sp, PixelFormat::kYvu420sp}) {
    SCOPED_TRACE(Name(f));
    HostImage in = Make(f, 40, 30);
    test::FillYuv(&in, [](uint32_t, uint32_t) { return Yuv{77, 99, 201}; });
    HostImage out = Make(f, 20, 15, 0x01);
    ASSERT_TRUE(PyrDown(in.image, out.image).ok());
    for (uint32_t y = 0; y < 15; ++y) {
      for (uint32_t x = 0; x < 20; ++x) {
        ASSERT_EQ(out.Y(x, y), 77);
        if (f != PixelFormat::kYuv400) {
          ASSERT_EQ(out.U(x, y), 99);
          ASSERT_EQ(out.V(x, y), 201);
        }
      }
    }
  }
}

TEST(DvppPyrDown, PatternMatchesDirectReference) {
  struct Size {
    uint32_t w, h;
  };
  std::mt19937 rng(3);
  for (const Size s : {Size{40, 30}, Size{33, 17}, Size{1, 1}, Size{2, 3}, Size{5, 2}, Size{64, 9}}) {
    for (PixelFormat f : {PixelFormat::kYuv400, PixelFormat::kYuv420sp, PixelFormat::kYvu420sp}) {
      SCOPED_TRACE(Name(f) + " " + std::to_string(s.w) + "x" + std::to_string(s.h));
      HostImage in = Make(f, s.w, s.h);
      const uint32_t cw = (s.w + 1) / 2, ch = (s.h + 1) / 2;
      std::vector<uint8_t> ys(s.w * s.h), us(cw * ch), vs(cw * ch);
      for (auto& b : ys) b = static_cast<uint8_t>(rng());
      for (auto& b : us) b = static_cast<uint8_t>(rng());
      for (auto& b : vs) b = static_cast<uint8_t>(rng());
      test::FillYuv(&in, [&](uint32_t x, uint32_t y) {
        return Yuv{ys[y * s.w + x], us[(y / 2) * cw + x / 2], vs[(y / 2) * cw + x / 2]};
      });
      const uint32_t ow = (s.w + 1) / 2, oh = (s.h + 1) / 2;
      HostImage out = Make(f, ow, oh, 0xCD);
      const Status st = PyrDown(in.image, out.image);
      ASSERT_TRUE(st.ok()) << st.message();
      const auto want_y = PyrRef(ys, static_cast<int>(s.w), static_cast<int>(s.h));
      for (uint32_t y = 0; y < oh; ++y) {
        for (uint32_t x = 0; x < ow; ++x) ASSERT_EQ(out.Y(x, y), want_y[y * ow + x]) << x << "," << y;
        for (uint32_t x = ow; x < out.image.width_stride; ++x) ASSERT_EQ(out.luma_row(y)[x], 0xCD);
      }
      if (f == PixelFormat::kYuv400) continue;
      const auto want_u = PyrRef(us, static_cast<int>(cw), static_cast<int>(ch));
      const auto want_v = PyrRef(vs, static_cast<int>(cw), static_cast<int>(ch));
      const uint32_t ocw = (ow + 1) / 2;
      for (uint32_t y = 0; y < oh; y += 2) {
        for (uint32_t x = 0; x < ow; x += 2) {
          ASSERT_EQ(out.U(x, y), want_u[(y / 2) * ocw + x / 2]);
          ASSERT_EQ(out.V(x, y), want_v[(y / 2) * ocw + x / 2]);
        }
      }
    }
  }
}

TEST(DvppPyrDown, Refusals) {
  HostImage in = Make(PixelFormat::kYuv420sp, 40, 30);
  HostImage wrong_size = Make(PixelFormat::kYuv420sp, 20, 16);
  EXPECT_EQ(PyrDown(in.image, wrong_size.image).code(), err::kInvalidParam);
  HostImage wrong_format = Make(PixelFormat::kYvu420sp, 20, 15);
  EXPECT_EQ(PyrDown(in.image, wrong_format.image).code(), err::kInvalidParam);
  HostImage rgb_in = Make(PixelFormat::kRgb888, 40, 30);
  HostImage rgb_out = Make(PixelFormat::kRgb888, 20, 15);
  EXPECT_EQ(PyrDown(rgb_in.image, rgb_out.image).code(), err::kInvalidParam);
  HostImage ok = Make(PixelFormat::kYuv420sp, 20, 15);
  ok.image.size = 10;
  EXPECT_EQ(PyrDown(in.image, ok.image).code(), err::kInvalidParam);
}

}  // namespace
}  // namespace asim::dvpp
