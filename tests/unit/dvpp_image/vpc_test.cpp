// vpc_transform.h CropResizePaste: NV12/NV21 resize against host references (nearest: exact,
// the library's documented pixel-centre mapping; bilinear: within kBilinearTolerance levels of
// a straightforward bilinear with libyuv's sample positions, see BilinearRef), crop exactness,
// odd crop offsets, paste leaving every other byte alone, every input format's conversion with
// solid colours, the RGB-family and YUV400 outputs, and the refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/dvpp/vpc_transform.h"
#include "tests/unit/dvpp_image/test_images.h"

namespace asim::dvpp {
namespace {

using test::HostImage;
using test::Rgba;
using test::Yuv;

// libyuv's bilinear uses 16.16 positions (reproduced by Position below) and 7-8 bit weights:
// 1 level of rounding difference on x86, allow 2. It special-cases a 3/4 shrink with its own
// 3:1 filter taps (up to 3 levels off on the smooth test pattern), allow 4 there.
constexpr int kBilinearTolerance = 2;
constexpr int kBilinearTolerance34 = 4;
constexpr uint8_t kSentinel = 0xEE;

struct Plane {
  int w = 0, h = 0;
  std::vector<int> px;
  int at(int x, int y) const { return px[static_cast<size_t>(y) * w + x]; }
};

Yuv Pattern(uint32_t x, uint32_t y) {
  const double fx = x, fy = y;
  return {static_cast<uint8_t>(128 + 100 * std::sin(fx / 5) * std::cos(fy / 7)),
          static_cast<uint8_t>(128 + 60 * std::sin((fx + fy) / 9)),
          static_cast<uint8_t>(128 + 60 * std::cos(fx / 6 - fy / 11))};
}

HostImage MakeNv12(uint32_t w, uint32_t h, PixelFormat f = PixelFormat::kYuv420sp) {
  HostImage image(f, w, h, test::AlignUp(w, 16) + 16, test::AlignUp(h, 2) + 2, 0x11);
  test::FillYuv(&image, Pattern);
  return image;
}

// Plane c (0 Y, 1 U, 2 V) of a crop of a 420SP picture with even left/top, as I420 sees it.
Plane CropPlane(const HostImage& in, const Rect& crop, int c) {
  Plane p;
  const int cw = static_cast<int>(crop.width()), ch = static_cast<int>(crop.height());
  p.w = c == 0 ? cw : (cw + 1) / 2;
  p.h = c == 0 ? ch : (ch + 1) / 2;
  for (int y = 0; y < p.h; ++y) {
    for (int x = 0; x < p.w; ++x) {
      const uint32_t sx = c == 0 ? crop.left + x : crop.left + 2 * x;
      const uint32_t sy = c == 0 ? crop.top + y : crop.top + 2 * y;
      p.px.push_back(c == 0 ? in.Y(sx, sy) : c == 1 ? in.U(sx, sy) : in.V(sx, sy));
    }
  }
  return p;
}

Plane NearestRef(const Plane& s, int dw, int dh) {
  Plane d{dw, dh, {}};
  for (int y = 0; y < dh; ++y) {
    for (int x = 0; x < dw; ++x) {
      const int sx = static_cast<int>(std::floor((x + 0.5) * s.w / dw));
      const int sy = static_cast<int>(std::floor((y + 0.5) * s.h / dh));
      d.px.push_back(s.at(sx, sy));
    }
  }
  return d;
}

// Source position of destination index i along one axis, as libyuv's bilinear places it:
// pixel centres aligned when shrinking (step s/d, start step/2 - 1/2), end points aligned when
// enlarging (step (s-1)/(d-1), start 0), in libyuv's 16.16 fixed point.
double Position(int i, int s, int d) {
  int64_t step = 0, start = 0;
  if (d < s) {
    step = (int64_t{s} << 16) / d;
    start = (step >> 1) - 32768;
  } else if (d > s) {
    step = d > 1 ? ((int64_t{s} << 16) - 0x00010001) / (d - 1) : 0;
  } else {
    step = int64_t{1} << 16;
  }
  const double p = static_cast<double>(start + i * step) / 65536.0;
  return std::clamp(p, 0.0, static_cast<double>(s - 1));
}

Plane BilinearRef(const Plane& s, int dw, int dh) {
  Plane d{dw, dh, {}};
  for (int y = 0; y < dh; ++y) {
    const double py = Position(y, s.h, dh);
    const int y0 = static_cast<int>(py), y1 = std::min(y0 + 1, s.h - 1);
    const double fy = py - y0;
    for (int x = 0; x < dw; ++x) {
      const double px = Position(x, s.w, dw);
      const int x0 = static_cast<int>(px), x1 = std::min(x0 + 1, s.w - 1);
      const double fx = px - x0;
      const double top = s.at(x0, y0) * (1 - fx) + s.at(x1, y0) * fx;
      const double bottom = s.at(x0, y1) * (1 - fx) + s.at(x1, y1) * fx;
      d.px.push_back(static_cast<int>(std::lround(top * (1 - fy) + bottom * fy)));
    }
  }
  return d;
}

// Plane c of the paste rectangle of a 420SP output.
Plane PastedPlane(const HostImage& out, const Rect& paste, int c) {
  Plane p;
  const int pw = static_cast<int>(paste.width()), ph = static_cast<int>(paste.height());
  p.w = c == 0 ? pw : pw / 2;
  p.h = c == 0 ? ph : ph / 2;
  for (int y = 0; y < p.h; ++y) {
    for (int x = 0; x < p.w; ++x) {
      const uint32_t ox = c == 0 ? paste.left + x : paste.left + 2 * x;
      const uint32_t oy = c == 0 ? paste.top + y : paste.top + 2 * y;
      p.px.push_back(c == 0 ? out.Y(ox, oy) : c == 1 ? out.U(ox, oy) : out.V(ox, oy));
    }
  }
  return p;
}

int MaxDiff(const Plane& a, const Plane& b) {
  EXPECT_EQ(a.px.size(), b.px.size());
  int worst = 0;
  for (size_t i = 0; i < std::min(a.px.size(), b.px.size()); ++i) worst = std::max(worst, std::abs(a.px[i] - b.px[i]));
  return worst;
}

Rect R(uint32_t left, uint32_t top, uint32_t w, uint32_t h) {
  return {left, left + w - 1, top, top + h - 1};
}

struct ResizeCase {
  Rect crop;
  uint32_t pw, ph;
};

const ResizeCase kResizes[] = {
    {R(0, 0, 64, 48), 40, 30}, {R(0, 0, 64, 48), 100, 70}, {R(0, 0, 64, 48), 32, 24},
    {R(0, 0, 64, 48), 48, 36}, {R(0, 0, 64, 48), 22, 96},  {R(8, 6, 30, 20), 64, 48},
    {R(2, 4, 50, 40), 18, 10}, {R(0, 0, 64, 48), 64, 24},  {R(10, 2, 16, 16), 16, 48},
};

TEST(DvppVpc, NearestResizeIsExact) {
  const HostImage in = MakeNv12(64, 48);
  for (const ResizeCase& rc : kResizes) {
    for (PixelFormat of : {PixelFormat::kYuv420sp, PixelFormat::kYvu420sp}) {
      SCOPED_TRACE(std::to_string(rc.crop.width()) + "x" + std::to_string(rc.crop.height()) + " -> " +
                   std::to_string(rc.pw) + "x" + std::to_string(rc.ph));
      HostImage out(of, 128, 112, 128, 112, kSentinel);
      const Rect paste = R(4, 6, rc.pw, rc.ph);
      ASSERT_TRUE(CropResizePaste(in.image, rc.crop, out.image, paste, Interpolation::kNearest).ok());
      for (int c = 0; c < 3; ++c) {
        const Plane src = CropPlane(in, rc.crop, c);
        const Plane want = NearestRef(src, c == 0 ? rc.pw : rc.pw / 2, c == 0 ? rc.ph : rc.ph / 2);
        EXPECT_EQ(MaxDiff(PastedPlane(out, paste, c), want), 0) << "plane " << c;
      }
    }
  }
}

TEST(DvppVpc, BilinearResizeWithinToleranceOfReference) {
  const HostImage in = MakeNv12(64, 48);
  for (const ResizeCase& rc : kResizes) {
    SCOPED_TRACE(std::to_string(rc.crop.width()) + "x" + std::to_string(rc.crop.height()) + " -> " +
                 std::to_string(rc.pw) + "x" + std::to_string(rc.ph));
    HostImage out(PixelFormat::kYuv420sp, 128, 112, 128, 112, kSentinel);
    const Rect paste = R(0, 2, rc.pw, rc.ph);
    ASSERT_TRUE(CropResizePaste(in.image, rc.crop, out.image, paste, Interpolation::kBilinear).ok());
    for (int c = 0; c < 3; ++c) {
      const Plane src = CropPlane(in, rc.crop, c);
      const Plane want = BilinearRef(src, c == 0 ? rc.pw : rc.pw / 2, c == 0 ? rc.ph : rc.ph / 2);
      const bool three_quarters = 4 * rc.pw == 3 * rc.crop.width() && 4 * rc.ph == 3 * rc.crop.height();
      EXPECT_LE(MaxDiff(PastedPlane(out, paste, c), want), three_quarters ? kBilinearTolerance34 : kBilinearTolerance)
          << "plane " << c;
    }
  }
}

TEST(DvppVpc, CropWithoutResizeCopiesExactly) {
  const HostImage in = MakeNv12(64, 48);
  for (Interpolation interp : {Interpolation::kBilinear, Interpolation::kNearest}) {
    for (PixelFormat of : {PixelFormat::kYuv420sp, PixelFormat::kYvu420sp}) {
      HostImage out(of, 64, 48, 64, 48, kSentinel);
      const Rect crop = R(10, 4, 30, 22);
      const Rect paste = R(20, 12, 30, 22);
      ASSERT_TRUE(CropResizePaste(in.image, crop, out.image, paste, interp).ok());
      for (uint32_t y = 0; y < 22; ++y) {
        for (uint32_t x = 0; x < 30; ++x) {
          ASSERT_EQ(out.Y(20 + x, 12 + y), in.Y(10 + x, 4 + y));
          ASSERT_EQ(out.U(20 + x, 12 + y), in.U(10 + x, 4 + y));
          ASSERT_EQ(out.V(20 + x, 12 + y), in.V(10 + x, 4 + y));
        }
      }
    }
  }
}

TEST(DvppVpc, OddCropOffsetsKeepLumaExact) {
  // Documented: luma exact; the chroma of output pair j is the input chroma block holding the
  // crop's pixel (left + 2j - left % 2, ...), i.e. the block of the even-aligned region.
  const HostImage in = MakeNv12(33, 17);
  HostImage out(PixelFormat::kYuv420sp, 16, 12, 16, 12, kSentinel);
  const Rect crop = R(3, 5, 10, 8);
  ASSERT_TRUE(CropResizePaste(in.image, crop, out.image, R(2, 2, 10, 8), Interpolation::kNearest).ok());
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 10; ++x) {
      ASSERT_EQ(out.Y(2 + x, 2 + y), in.Y(3 + x, 5 + y));
      ASSERT_EQ(out.U(2 + x, 2 + y), in.U(2 + x, 4 + y));
      ASSERT_EQ(out.V(2 + x, 2 + y), in.V(2 + x, 4 + y));
    }
  }
  // The crop may end at the last column/row of an odd-sized picture.
  HostImage edge(PixelFormat::kYuv420sp, 64, 64, 64, 64, kSentinel);
  EXPECT_TRUE(CropResizePaste(in.image, R(1, 1, 32, 16), edge.image, R(0, 0, 64, 32), Interpolation::kBilinear).ok());
  EXPECT_TRUE(CropResizePaste(in.image, R(0, 0, 33, 17), edge.image, R(0, 0, 34, 18), Interpolation::kNearest).ok());
}

TEST(DvppVpc, PasteLeavesEverythingElseUntouched) {
  const HostImage in = MakeNv12(64, 48);
  for (Interpolation interp : {Interpolation::kBilinear, Interpolation::kNearest}) {
    HostImage out(PixelFormat::kYvu420sp, 60, 40, 80, 44, kSentinel);
    const Rect paste = R(10, 6, 20, 12);
    ASSERT_TRUE(CropResizePaste(in.image, R(0, 0, 64, 48), out.image, paste, interp).ok());
    for (uint32_t y = 0; y < 44; ++y) {
      for (uint32_t x = 0; x < 80; ++x) {
        const bool inside = x >= 10 && x < 30 && y >= 6 && y < 18;
        if (!inside) {
          ASSERT_EQ(out.luma_row(y)[x], kSentinel) << x << "," << y;
        }
      }
    }
    for (uint32_t y = 0; y < 22; ++y) {
      for (uint32_t b = 0; b < 80; ++b) {
        const bool inside = b >= 10 && b < 30 && y >= 3 && y < 9;
        if (!inside) {
          ASSERT_EQ(out.chroma()[y * 80 + b], kSentinel) << b << "," << y;
        }
      }
    }
  }
}

// Every input format, solid colour, to NV12 without resize: YUV sources keep the colour exactly.
TEST(DvppVpc, EveryYuvInputFormatConvertsSolidColourExactly) {
  const PixelFormat formats[] = {PixelFormat::kYuv400,   PixelFormat::kYuv420sp,    PixelFormat::kYvu420sp,
                                 PixelFormat::kYuv422sp, PixelFormat::kYvu422sp,    PixelFormat::kYuv444sp,
                                 PixelFormat::kYvu444sp, PixelFormat::kYuv440sp,    PixelFormat::kYvu440sp,
                                 PixelFormat::kYuyv422,  PixelFormat::kUyvy422,     PixelFormat::kYvyu422,
                                 PixelFormat::kVyuy422,  PixelFormat::kYuv444packed};
  for (PixelFormat f : formats) {
    SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(f)));
    const uint32_t w = 34, h = 18;
    HostImage in(f, w, h, test::AlignUp(w * LumaBytesPerPixel(f), 16), h, 0x33);
    test::FillYuv(&in, [](uint32_t, uint32_t) { return Yuv{81, 90, 240}; });
    HostImage out(PixelFormat::kYuv420sp, w, h, 48, h, kSentinel);
    const Status st = CropResizePaste(in.image, R(0, 0, w, h), out.image, R(0, 0, w, h), Interpolation::kBilinear);
    ASSERT_TRUE(st.ok()) << st.message();
    const bool gray = f == PixelFormat::kYuv400;
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) {
        ASSERT_EQ(out.Y(x, y), 81);
        ASSERT_EQ(out.U(x, y), gray ? 128 : 90);
        ASSERT_EQ(out.V(x, y), gray ? 128 : 240);
      }
    }
    // Scaled too, from an odd crop offset.
    HostImage scaled(PixelFormat::kYvu420sp, 20, 10, 32, 10, kSentinel);
    ASSERT_TRUE(
        CropResizePaste(in.image, R(1, 1, 31, 15), scaled.image, R(0, 0, 20, 10), Interpolation::kBilinear).ok());
    EXPECT_EQ(scaled.Y(7, 7), 81);
    EXPECT_EQ(scaled.U(7, 7), gray ? 128 : 90);
    EXPECT_EQ(scaled.V(7, 7), gray ? 128 : 240);
  }
}

// The RGB family to NV12: solid red and blue (alpha 0x40 so that a misplaced alpha byte shows)
// give BT.601 limited-range Y/U/V within 2.
TEST(DvppVpc, EveryRgbInputFormatConvertsKnownColours) {
  const PixelFormat formats[] = {PixelFormat::kRgb888,   PixelFormat::kBgr888,   PixelFormat::kArgb8888,
                                 PixelFormat::kAbgr8888, PixelFormat::kRgba8888, PixelFormat::kBgra8888};
  const Rgba colours[] = {{255, 0, 0, 0x40}, {0, 0, 255, 0x40}, {0, 255, 0, 0x40}, {200, 120, 40, 0x40}};
  for (PixelFormat f : formats) {
    for (const Rgba& c : colours) {
      SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(f)) + " " + std::to_string(c.r) + "," + std::to_string(c.g) +
                   "," + std::to_string(c.b));
      HostImage in(f, 16, 8, 16 * LumaBytesPerPixel(f) + 8, 8);
      test::FillRgb(&in, [&](uint32_t, uint32_t) { return c; });
      HostImage out(PixelFormat::kYuv420sp, 16, 8, 16, 8);
      ASSERT_TRUE(CropResizePaste(in.image, R(0, 0, 16, 8), out.image, R(0, 0, 16, 8), Interpolation::kNearest).ok());
      int y, u, v;
      test::RgbToYuv601(c.r, c.g, c.b, &y, &u, &v);
      EXPECT_NEAR(out.Y(5, 5), y, 2);
      EXPECT_NEAR(out.U(5, 5), u, 2);
      EXPECT_NEAR(out.V(5, 5), v, 2);
    }
  }
  int y, u, v;  // the brief's anchor: pure red
  test::RgbToYuv601(255, 0, 0, &y, &u, &v);
  EXPECT_EQ(y, 81);
  EXPECT_EQ(u, 90);
  EXPECT_EQ(v, 240);
}

Rgba RgbPattern(uint32_t x, uint32_t y) {
  const Yuv p = Pattern(x, y);
  return {p.y, p.u, p.v, 255};
}

TEST(DvppVpc, RgbToRgbCropResize) {
  for (PixelFormat in_f : {PixelFormat::kRgb888, PixelFormat::kBgr888}) {
    HostImage in(in_f, 50, 40, 160, 40);
    test::FillRgb(&in, RgbPattern);
    for (PixelFormat out_f : {PixelFormat::kRgb888, PixelFormat::kBgr888}) {
      SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(in_f)) + " -> " +
                   PixelFormatName(static_cast<uint32_t>(out_f)));
      // Crop without resize: exact, channel order converted, the rest untouched.
      HostImage out(out_f, 40, 30, 128, 32, kSentinel);
      ASSERT_TRUE(CropResizePaste(in.image, R(3, 5, 21, 13), out.image, R(7, 9, 21, 13), Interpolation::kNearest).ok());
      for (uint32_t y = 0; y < 32; ++y) {
        for (uint32_t b = 0; b < 128; ++b) {
          const bool inside = y >= 9 && y < 22 && b >= 21 && b < 84;
          if (!inside) {
            ASSERT_EQ(out.luma_row(y)[b], kSentinel);
          }
        }
      }
      for (uint32_t y = 0; y < 13; ++y) {
        for (uint32_t x = 0; x < 21; ++x) {
          const Rgba got = test::ReadRgb(out, 7 + x, 9 + y), want = test::ReadRgb(in, 3 + x, 5 + y);
          ASSERT_EQ(got.r, want.r);
          ASSERT_EQ(got.g, want.g);
          ASSERT_EQ(got.b, want.b);
        }
      }
      // Resize: nearest exact, bilinear within tolerance, per channel.
      for (Interpolation interp : {Interpolation::kNearest, Interpolation::kBilinear}) {
        HostImage scaled(out_f, 70, 25, 224, 25, kSentinel);
        const Rect crop = R(2, 1, 45, 36), paste = R(1, 0, 67, 25);
        ASSERT_TRUE(CropResizePaste(in.image, crop, scaled.image, paste, interp).ok());
        for (int ch = 0; ch < 3; ++ch) {
          Plane src{45, 36, {}}, got{67, 25, {}};
          for (int y = 0; y < 36; ++y) {
            for (int x = 0; x < 45; ++x) {
              const Rgba p = test::ReadRgb(in, 2 + x, 1 + y);
              src.px.push_back(ch == 0 ? p.r : ch == 1 ? p.g : p.b);
            }
          }
          for (int y = 0; y < 25; ++y) {
            for (int x = 0; x < 67; ++x) {
              const Rgba p = test::ReadRgb(scaled, 1 + x, y);
              got.px.push_back(ch == 0 ? p.r : ch == 1 ? p.g : p.b);
            }
          }
          if (interp == Interpolation::kNearest) {
            EXPECT_EQ(MaxDiff(got, NearestRef(src, 67, 25)), 0) << "channel " << ch;
          } else {
            EXPECT_LE(MaxDiff(got, BilinearRef(src, 67, 25)), kBilinearTolerance) << "channel " << ch;
          }
        }
      }
    }
  }
}

// YUV400 outputs: the crop's luma scaled to the paste size itself (odd sizes included), the
// rest of the picture untouched.
TEST(DvppVpc, Yuv400OutputScalesTheLumaToAnOddPaste) {
  HostImage in = MakeNv12(64, 48);
  HostImage out(PixelFormat::kYuv400, 50, 30, 64, 30, kSentinel);
  const Rect crop = R(4, 2, 40, 40), paste = R(3, 1, 33, 25);
  ASSERT_TRUE(CropResizePaste(in.image, crop, out.image, paste, Interpolation::kNearest).ok());
  const Plane want = NearestRef(CropPlane(in, crop, 0), 33, 25);
  Plane got{33, 25, {}};
  for (int y = 0; y < 25; ++y) {
    for (int x = 0; x < 33; ++x) got.px.push_back(out.luma_row(1 + y)[3 + x]);
  }
  EXPECT_EQ(MaxDiff(got, want), 0);
  for (uint32_t y = 0; y < 30; ++y) {
    for (uint32_t x = 0; x < 64; ++x) {
      if (y < 1 || y > 25 || x < 3 || x > 35) {
        ASSERT_EQ(out.luma_row(y)[x], kSentinel) << x << "," << y;
      }
    }
  }
}

// 8888 outputs from YUV: opaque after scaling too (alpha is a scaled channel like the others).
TEST(DvppVpc, RgbaOutputFromYuvIsOpaqueWhenScaled) {
  HostImage in = MakeNv12(64, 48);
  HostImage out(PixelFormat::kRgba8888, 20, 10, 80, 10, 0);
  ASSERT_TRUE(CropResizePaste(in.image, R(0, 0, 64, 48), out.image, R(0, 0, 20, 10), Interpolation::kBilinear).ok());
  for (uint32_t y = 0; y < 10; ++y) {
    for (uint32_t x = 0; x < 20; ++x) ASSERT_EQ(out.luma_row(y)[4 * x + 3], 255) << x << "," << y;
  }
}

TEST(DvppVpc, Refusals) {
  const HostImage in = MakeNv12(64, 48);
  HostImage out(PixelFormat::kYuv420sp, 64, 48, 64, 48);
  const Rect whole = R(0, 0, 64, 48);
  const auto run = [&](const Rect& crop, const Rect& paste) {
    return CropResizePaste(in.image, crop, out.image, paste, Interpolation::kBilinear).code();
  };
  EXPECT_EQ(run(whole, whole), err::kOk);
  EXPECT_EQ(run(R(1, 0, 64, 48), whole), err::kInvalidParam);    // crop past the right edge
  EXPECT_EQ(run(R(0, 0, 64, 49), whole), err::kInvalidParam);    // past the bottom
  EXPECT_EQ(run(Rect{10, 9, 0, 5}, whole), err::kInvalidParam);  // right < left
  EXPECT_EQ(run(Rect{0, UINT32_MAX, 0, 5}, whole), err::kInvalidParam);
  EXPECT_EQ(run(whole, R(1, 0, 62, 48)), err::kInvalidParam);  // odd paste left
  EXPECT_EQ(run(whole, R(0, 1, 62, 46)), err::kInvalidParam);  // odd paste top
  EXPECT_EQ(run(whole, R(0, 0, 63, 48)), err::kInvalidParam);  // odd paste width
  EXPECT_EQ(run(whole, R(0, 0, 62, 47)), err::kInvalidParam);  // odd paste height
  EXPECT_EQ(run(whole, R(2, 2, 64, 48)), err::kInvalidParam);  // paste past the edges
  EXPECT_EQ(CropResizePaste(in.image, whole, out.image, whole, static_cast<Interpolation>(1)).code(),
            err::kInvalidParam);
  HostImage yuv422(PixelFormat::kYuv422sp, 64, 48, 64, 48);
  EXPECT_EQ(CropResizePaste(in.image, whole, yuv422.image, whole, Interpolation::kNearest).code(), err::kInvalidParam);
  HostImage rgb(PixelFormat::kRgb888, 64, 48, 192, 48);
  EXPECT_EQ(CropResizePaste(in.image, R(1, 0, 62, 48), rgb.image, R(0, 0, 62, 48), Interpolation::kNearest).code(),
            err::kInvalidParam);  // an RGB output from YUV needs an even crop start
  HostImage small(PixelFormat::kYuv420sp, 64, 48, 64, 48);
  small.image.size = 64 * 48;  // no room for chroma
  EXPECT_EQ(CropResizePaste(in.image, whole, small.image, whole, Interpolation::kNearest).code(), err::kInvalidParam);
  Image bad_in = in.image;
  bad_in.width_stride = 8;
  EXPECT_EQ(CropResizePaste(bad_in, whole, out.image, whole, Interpolation::kNearest).code(), err::kInvalidParam);
}

}  // namespace
}  // namespace asim::dvpp
