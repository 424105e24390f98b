// jpeg_codec.h: ProbeJpeg on every subsampling and on crafted headers, CheckJpegdSupports'
// refusals, DecodeJpeg into strided semi-planar outputs against libjpeg-turbo's own
// tjDecompressToYUVPlanes (luma bit-exact, chroma bit-exact when the subsampling matches, the
// documented block average otherwise), bytes outside the picture untouched, truncated and
// corrupt streams, and the EncodeJpeg round trip.
#include <gtest/gtest.h>
#include <turbojpeg.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "runtime/dvpp/jpeg_codec.h"
#include "tests/unit/dvpp_image/test_images.h"

namespace asim::dvpp {
namespace {

using test::AlignUp;
using test::CompressRgb;
using test::HostImage;
using test::MakeRgb;
using test::TjDecodePlanes;
using test::TjPlanes;

constexpr uint8_t kSentinel = 0xA5;

struct SubsampCase {
  int tj;
  JpegSubsampling expected;
  const char* name;
};

const SubsampCase kSubsamps[] = {
    {TJSAMP_444, JpegSubsampling::k444, "444"}, {TJSAMP_422, JpegSubsampling::k422, "422"},
    {TJSAMP_420, JpegSubsampling::k420, "420"}, {TJSAMP_GRAY, JpegSubsampling::kGray, "gray"},
    {TJSAMP_440, JpegSubsampling::k440, "440"}, {TJSAMP_411, JpegSubsampling::k411, "411"},
};

struct Size {
  int w, h;
};
const Size kSizes[] = {{33, 17}, {64, 48}, {17, 33}, {1, 1}, {7, 130}};

// Offset of the first SOFn marker byte (the n), or 0.
size_t FindSof(const std::vector<uint8_t>& jpeg) {
  for (size_t i = 2; i + 1 < jpeg.size(); ++i) {
    if (jpeg[i] == 0xFF && (jpeg[i + 1] == 0xC0 || jpeg[i + 1] == 0xC2)) return i + 1;
  }
  return 0;
}

TEST(DvppJpeg, ProbeReportsEverySubsamplingAndOddSizes) {
  for (const SubsampCase& s : kSubsamps) {
    for (const Size& size : kSizes) {
      SCOPED_TRACE(std::string(s.name) + " " + std::to_string(size.w) + "x" + std::to_string(size.h));
      const auto jpeg = CompressRgb(MakeRgb(size.w, size.h, 20), size.w, size.h, s.tj);
      ASSERT_FALSE(jpeg.empty());
      JpegInfo info;
      ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
      EXPECT_EQ(info.width, static_cast<uint32_t>(size.w));
      EXPECT_EQ(info.height, static_cast<uint32_t>(size.h));
      EXPECT_EQ(info.components, s.tj == TJSAMP_GRAY ? 1 : 3);
      EXPECT_EQ(info.subsampling, s.expected);
      EXPECT_FALSE(info.progressive);
      EXPECT_FALSE(info.arithmetic);
      EXPECT_FALSE(info.lossless);
      EXPECT_EQ(info.precision, 8);
      EXPECT_TRUE(CheckJpegdSupports(info).ok());
    }
  }
}

TEST(DvppJpeg, ProgressiveIsRefused) {
  const auto jpeg = CompressRgb(MakeRgb(40, 24, 10), 40, 24, TJSAMP_420, 90, TJFLAG_PROGRESSIVE);
  ASSERT_FALSE(jpeg.empty());
  JpegInfo info;
  ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
  EXPECT_TRUE(info.progressive);
  EXPECT_EQ(info.subsampling, JpegSubsampling::k420);
  const Status st = CheckJpegdSupports(info);
  EXPECT_EQ(st.code(), err::kUnsupportedJpeg);
  EXPECT_NE(st.message().find("progressive"), std::string::npos) << st.message();
  HostImage out(PixelFormat::kYuv420sp, 40, 24, 128, 32);
  EXPECT_EQ(DecodeJpeg(jpeg.data(), jpeg.size(), out.image).code(), err::kUnsupportedJpeg);
}

TEST(DvppJpeg, CodingProcessesPrecisionAndComponentsFromPatchedSof) {
  const auto base = CompressRgb(MakeRgb(16, 16, 0), 16, 16, TJSAMP_420);
  const size_t sof = FindSof(base);
  ASSERT_GT(sof, 0u);
  struct Patch {
    uint8_t marker;
    bool progressive, arithmetic, lossless, hierarchical;
    const char* word;
  };
  const Patch patches[] = {
      {0xC1, false, false, false, false, nullptr},  // extended sequential: supported
      {0xC3, false, false, true, false, "lossless"},   {0xC5, false, false, false, true, "hierarchical"},
      {0xC6, true, false, false, true, "progressive"}, {0xC7, false, false, true, true, "lossless"},
      {0xC9, false, true, false, false, "arithmetic"}, {0xCA, true, true, false, false, "progressive"},
      {0xCB, false, true, true, false, "arithmetic"},  {0xCD, false, true, false, true, "arithmetic"},
      {0xCE, true, true, false, true, "progressive"},  {0xCF, false, true, true, true, "arithmetic"},
  };
  for (const Patch& p : patches) {
    SCOPED_TRACE(p.marker);
    auto jpeg = base;
    jpeg[sof] = p.marker;
    JpegInfo info;
    ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
    EXPECT_EQ(info.progressive, p.progressive);
    EXPECT_EQ(info.arithmetic, p.arithmetic);
    EXPECT_EQ(info.lossless, p.lossless);
    EXPECT_EQ(info.hierarchical, p.hierarchical);
    const Status st = CheckJpegdSupports(info);
    if (p.word == nullptr) {
      EXPECT_TRUE(st.ok()) << st.message();
    } else {
      EXPECT_EQ(st.code(), err::kUnsupportedJpeg);
      EXPECT_NE(st.message().find(p.word), std::string::npos) << st.message();
    }
  }
  // SOF body: length(2) P(1) Y(2) X(2) Nf(1) then Ci, HiVi, Tqi.
  auto twelve_bit = base;
  twelve_bit[sof + 3] = 12;
  JpegInfo info;
  ASSERT_TRUE(ProbeJpeg(twelve_bit.data(), twelve_bit.size(), &info).ok());
  EXPECT_EQ(info.precision, 12);
  EXPECT_EQ(CheckJpegdSupports(info).code(), err::kUnsupportedJpeg);
  auto odd_factors = base;
  odd_factors[sof + 10] = 0x31;  // luma 3x1: no standard subsampling
  ASSERT_TRUE(ProbeJpeg(odd_factors.data(), odd_factors.size(), &info).ok());
  EXPECT_EQ(info.subsampling, JpegSubsampling::kUnknown);
  EXPECT_EQ(CheckJpegdSupports(info).code(), err::kUnsupportedJpeg);
}

TEST(DvppJpeg, ProbeOfHandMadeHeaders) {
  // SOI, fill bytes, an APP0 segment, fill bytes, SOF0 with 4 components (CMYK) 300x200.
  std::vector<uint8_t> cmyk = {0xFF, 0xD8, 0xFF, 0xFF, 0xE0, 0x00, 0x04, 0x12, 0x34, 0xFF, 0xFF,
                               0xFF, 0xC0, 0x00, 0x14, 0x08, 0x00, 0xC8, 0x01, 0x2C, 0x04, 0x01,
                               0x11, 0x00, 0x02, 0x11, 0x00, 0x03, 0x11, 0x00, 0x04, 0x11, 0x00};
  JpegInfo info;
  ASSERT_TRUE(ProbeJpeg(cmyk.data(), cmyk.size(), &info).ok());
  EXPECT_EQ(info.width, 300u);
  EXPECT_EQ(info.height, 200u);
  EXPECT_EQ(info.components, 4);
  EXPECT_EQ(info.subsampling, JpegSubsampling::kUnknown);
  Status st = CheckJpegdSupports(info);
  EXPECT_EQ(st.code(), err::kUnsupportedJpeg);
  EXPECT_NE(st.message().find("4 components"), std::string::npos) << st.message();
  // Every shorter prefix lacks a complete SOF.
  for (size_t n = 0; n < cmyk.size(); ++n) {
    const Status prefix = ProbeJpeg(cmyk.data(), n, &info);
    EXPECT_FALSE(prefix.ok()) << n;
    if (n > 0) {
      EXPECT_EQ(prefix.code(), err::kInvalidFile) << n;
    }
  }
  // No SOI; EOI before SOF; a zero-length segment; SOF with a zero height (DNL).
  const std::vector<uint8_t> no_soi = {0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00};
  EXPECT_EQ(ProbeJpeg(no_soi.data(), no_soi.size(), &info).code(), err::kInvalidFile);
  const std::vector<uint8_t> eoi = {0xFF, 0xD8, 0xFF, 0xD9, 0xFF, 0xC0, 0x00, 0x0B, 0x08,
                                    0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00};
  EXPECT_EQ(ProbeJpeg(eoi.data(), eoi.size(), &info).code(), err::kInvalidFile);
  const std::vector<uint8_t> zero_len = {0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xC0};
  EXPECT_EQ(ProbeJpeg(zero_len.data(), zero_len.size(), &info).code(), err::kInvalidFile);
  const std::vector<uint8_t> dnl = {0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00,
                                    0x00, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00};
  EXPECT_EQ(ProbeJpeg(dnl.data(), dnl.size(), &info).code(), err::kInvalidFile);
  // A SOF whose length does not cover its components.
  const std::vector<uint8_t> short_sof = {0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x10,
                                          0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x00};
  EXPECT_EQ(ProbeJpeg(short_sof.data(), short_sof.size(), &info).code(), err::kInvalidFile);
  EXPECT_EQ(ProbeJpeg(nullptr, 10, &info).code(), err::kInvalidParam);
  EXPECT_EQ(ProbeJpeg(cmyk.data(), cmyk.size(), nullptr).code(), err::kInvalidParam);
}

// Reference chroma for an output with factors (ox, oy): the source planes replicated to full
// resolution, then averaged over each output block.
uint8_t ReferenceChroma(const TjPlanes& src, int c, int cx, int cy, int ox, int oy) {
  if (src.subsamp == TJSAMP_GRAY) return 128;
  const int sx = tjMCUWidth[src.subsamp] / 8, sy = tjMCUHeight[src.subsamp] / 8;
  int sum = 0;
  for (int py = cy * oy; py < (cy + 1) * oy; ++py) {
    for (int px = cx * ox; px < (cx + 1) * ox; ++px) {
      sum += src.at(c, std::min(px / sx, src.plane_width[c] - 1), std::min(py / sy, src.plane_height[c] - 1));
    }
  }
  const int n = ox * oy;
  return static_cast<uint8_t>((sum + n / 2) / n);
}

struct OutCase {
  PixelFormat format;
  int ox, oy;  // chroma factors; 0 = no chroma
  bool vu;
};

const OutCase kOutputs[] = {
    {PixelFormat::kYuv420sp, 2, 2, false}, {PixelFormat::kYvu420sp, 2, 2, true},  {PixelFormat::kYuv422sp, 2, 1, false},
    {PixelFormat::kYvu422sp, 2, 1, true},  {PixelFormat::kYuv444sp, 1, 1, false}, {PixelFormat::kYvu444sp, 1, 1, true},
    {PixelFormat::kYuv400, 0, 0, false},   {PixelFormat::kYuv440sp, 1, 2, false}, {PixelFormat::kYvu440sp, 1, 2, true},
};

void CheckDecode(const std::vector<uint8_t>& jpeg, const OutCase& oc) {
  TjPlanes ref;
  ASSERT_TRUE(TjDecodePlanes(jpeg, &ref));
  const uint32_t w = static_cast<uint32_t>(ref.width), h = static_cast<uint32_t>(ref.height);
  const uint32_t ow = oc.ox == 2 ? w + (w & 1) : w;
  const uint32_t oh = oc.oy == 2 ? h + (h & 1) : h;
  const uint32_t ws = AlignUp(ow, 128), hs = AlignUp(oh, 16);
  HostImage out(oc.format, ow, oh, ws, hs, kSentinel);
  const Status st = DecodeJpeg(jpeg.data(), jpeg.size(), out.image);
  ASSERT_TRUE(st.ok()) << st.message();
  // Luma: libjpeg-turbo's, the padding column/row a copy of the last image column/row.
  for (uint32_t y = 0; y < hs; ++y) {
    for (uint32_t x = 0; x < ws; ++x) {
      const uint8_t got = out.luma_row(y)[x];
      if (x < ow && y < oh) {
        const uint8_t want = ref.at(0, static_cast<int>(std::min(x, w - 1)), static_cast<int>(std::min(y, h - 1)));
        ASSERT_EQ(got, want) << "luma " << x << "," << y;
      } else {
        ASSERT_EQ(got, kSentinel) << "luma padding " << x << "," << y;
      }
    }
  }
  if (oc.ox == 0) {
    ASSERT_EQ(out.bytes.size(), static_cast<size_t>(ws) * hs);
    return;
  }
  const uint32_t cstride = oc.ox == 1 ? 2 * ws : ws;
  const uint32_t crows = oc.oy == 2 ? hs / 2 : hs;
  const uint32_t cw = ow / oc.ox, ch = oh / oc.oy;
  for (uint32_t y = 0; y < crows; ++y) {
    const uint8_t* row = out.chroma() + static_cast<size_t>(y) * cstride;
    for (uint32_t b = 0; b < cstride; ++b) {
      if (y < ch && b < 2 * cw) {
        const int c = ((b & 1) != 0) != oc.vu ? 2 : 1;
        const uint8_t want = ReferenceChroma(ref, c, static_cast<int>(b / 2), static_cast<int>(y), oc.ox, oc.oy);
        ASSERT_EQ(row[b], want) << "chroma byte " << b << " row " << y;
      } else {
        ASSERT_EQ(row[b], kSentinel) << "chroma padding byte " << b << " row " << y;
      }
    }
  }
}

TEST(DvppJpeg, DecodeEverySubsamplingIntoEveryOutputWithStrides) {
  for (const SubsampCase& s : kSubsamps) {
    for (const Size& size : kSizes) {
      const auto jpeg = CompressRgb(MakeRgb(size.w, size.h, 30, size.w), size.w, size.h, s.tj);
      for (const OutCase& oc : kOutputs) {
        SCOPED_TRACE(std::string(s.name) + " " + std::to_string(size.w) + "x" + std::to_string(size.h) + " -> " +
                     PixelFormatName(static_cast<uint32_t>(oc.format)));
        CheckDecode(jpeg, oc);
      }
    }
  }
}

TEST(DvppJpeg, MatchingSubsamplingCopiesLibjpegTurboChromaExactly) {
  // The block-average reference degenerates to a copy when the factors match; check the copy
  // against the raw planes too, so that the test cannot pass with a wrong shared reference.
  const auto jpeg = CompressRgb(MakeRgb(33, 17, 40), 33, 17, TJSAMP_420);
  TjPlanes ref;
  ASSERT_TRUE(TjDecodePlanes(jpeg, &ref));
  HostImage out(PixelFormat::kYvu420sp, 34, 18, 128, 32, kSentinel);
  ASSERT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), out.image).ok());
  for (int y = 0; y < 9; ++y) {
    for (int x = 0; x < 17; ++x) {
      ASSERT_EQ(out.V(2 * x, 2 * y), ref.at(2, x, y));
      ASSERT_EQ(out.U(2 * x, 2 * y), ref.at(1, x, y));
    }
  }
}

TEST(DvppJpeg, DecodeRefusesMismatchedOutputs) {
  const auto jpeg = CompressRgb(MakeRgb(33, 17, 0), 33, 17, TJSAMP_420);
  HostImage exact(PixelFormat::kYuv420sp, 34, 18, 128, 32);
  ASSERT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), exact.image).ok());
  HostImage odd(PixelFormat::kYuv420sp, 33, 17, 128, 32);  // must be rounded up to even
  EXPECT_EQ(DecodeJpeg(jpeg.data(), jpeg.size(), odd.image).code(), err::kInvalidParam);
  HostImage gray(PixelFormat::kYuv400, 33, 17, 128, 32);  // YUV400 keeps the image size
  EXPECT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), gray.image).ok());
  HostImage rgb(PixelFormat::kRgb888, 33, 17, 128, 32);
  EXPECT_EQ(DecodeJpeg(jpeg.data(), jpeg.size(), rgb.image).code(), err::kInvalidParam);
  HostImage small(PixelFormat::kYuv420sp, 34, 18, 128, 32);
  small.image.size -= 1;
  EXPECT_EQ(DecodeJpeg(jpeg.data(), jpeg.size(), small.image).code(), err::kInvalidParam);
  EXPECT_EQ(DecodeJpeg(nullptr, 0, exact.image).code(), err::kInvalidParam);
}

TEST(DvppJpeg, TruncatedStreamsFailCleanly) {
  const auto jpeg = CompressRgb(MakeRgb(48, 40, 30), 48, 40, TJSAMP_420);
  HostImage out(PixelFormat::kYuv420sp, 48, 40, 128, 48);
  for (size_t n = 1; n + 2 < jpeg.size(); ++n) {
    const Status st = DecodeJpeg(jpeg.data(), n, out.image);
    ASSERT_FALSE(st.ok()) << "prefix of " << n << " bytes decoded";
    ASSERT_TRUE(st.code() == err::kInvalidFile) << n << ": " << st.message();
  }
}

TEST(DvppJpeg, GarbageAndBitFlipsNeverCrash) {
  const auto jpeg = CompressRgb(MakeRgb(40, 24, 30), 40, 24, TJSAMP_422);
  std::mt19937 rng(7);
  HostImage out(PixelFormat::kYuv420sp, 40, 24, 128, 32);
  int failures = 0;
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<uint8_t> data = jpeg;
    const int flips = 1 + static_cast<int>(rng() % 8);
    for (int f = 0; f < flips; ++f) data[2 + rng() % (data.size() - 2)] ^= static_cast<uint8_t>(1u << (rng() % 8));
    JpegInfo info;
    if (ProbeJpeg(data.data(), data.size(), &info).ok()) (void)CheckJpegdSupports(info);
    if (!DecodeJpeg(data.data(), data.size(), out.image).ok()) ++failures;
  }
  for (int iter = 0; iter < 400; ++iter) {
    std::vector<uint8_t> data(1 + rng() % 300);
    for (auto& b : data) b = static_cast<uint8_t>(rng());
    if (iter % 2 == 0 && data.size() >= 2) {
      data[0] = 0xFF;
      data[1] = 0xD8;
    }
    JpegInfo info;
    (void)ProbeJpeg(data.data(), data.size(), &info);
    EXPECT_FALSE(DecodeJpeg(data.data(), data.size(), out.image).ok());
  }
  EXPECT_GT(failures, 0);
}

// NV12/NV21 pictures from libjpeg-turbo's decode of a 420 JPEG of a smooth image (odd sizes:
// decoded at the even size, then described with the odd one).
HostImage MakeNv(PixelFormat f, uint32_t w, uint32_t h) {
  const auto jpeg = CompressRgb(MakeRgb(w, h, 3), static_cast<int>(w), static_cast<int>(h), TJSAMP_420, 100);
  HostImage image(f, w + (w & 1), h + (h & 1), AlignUp(w, 16), AlignUp(h, 2));
  EXPECT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), image.image).ok());
  image.image.width = w;
  image.image.height = h;
  return image;
}

double PlanePsnr(const HostImage& a, const HostImage& b, int which) {
  std::vector<uint8_t> va, vb;
  for (uint32_t y = 0; y < a.image.height; ++y) {
    for (uint32_t x = 0; x < a.image.width; ++x) {
      va.push_back(which == 0 ? a.Y(x, y) : which == 1 ? a.U(x, y) : a.V(x, y));
      vb.push_back(which == 0 ? b.Y(x, y) : which == 1 ? b.U(x, y) : b.V(x, y));
    }
  }
  return test::Psnr(va.data(), vb.data(), va.size());
}

TEST(DvppJpeg, EncodeSemiPlanarRoundTrip) {
  for (PixelFormat f : {PixelFormat::kYuv420sp, PixelFormat::kYvu420sp}) {
    SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(f)));
    HostImage src = MakeNv(f, 96, 64);
    std::vector<uint8_t> jpeg = {1, 2, 3};
    ASSERT_TRUE(EncodeJpeg(src.image, 90, &jpeg).ok());
    EXPECT_LE(jpeg.size(), JpegEncodeBound(96, 64, f));
    JpegInfo info;
    ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
    EXPECT_EQ(info.subsampling, JpegSubsampling::k420);
    HostImage back(f, 96, 64, 128, 64);
    ASSERT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), back.image).ok());
    EXPECT_GT(PlanePsnr(src, back, 0), 35.0);
    EXPECT_GT(PlanePsnr(src, back, 1), 35.0);
    EXPECT_GT(PlanePsnr(src, back, 2), 35.0);
  }
  // Odd size: 33x17 NV12 (strides 48 x 18).
  HostImage odd = MakeNv(PixelFormat::kYuv420sp, 33, 17);
  std::vector<uint8_t> jpeg;
  ASSERT_TRUE(EncodeJpeg(odd.image, 95, &jpeg).ok());
  JpegInfo info;
  ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
  EXPECT_EQ(info.width, 33u);
  EXPECT_EQ(info.height, 17u);
  HostImage back(PixelFormat::kYuv420sp, 34, 18, 64, 18);
  ASSERT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), back.image).ok());
  std::vector<uint8_t> a, b;
  for (uint32_t y = 0; y < 17; ++y) {
    for (uint32_t x = 0; x < 33; ++x) {
      a.push_back(odd.Y(x, y));
      b.push_back(back.Y(x, y));
      a.push_back(odd.U(x, y));
      b.push_back(back.U(x, y));
    }
  }
  EXPECT_GT(test::Psnr(a.data(), b.data(), a.size()), 35.0);
}

TEST(DvppJpeg, EncodePacked422RoundTripForEveryByteOrder) {
  // Source: the 422SP decode of a 422 JPEG, repacked per order; the decode of the encoded
  // picture into 422SP must match plane by plane (a swapped U/V would not).
  const uint32_t w = 64, h = 32;
  const auto jpeg422 = CompressRgb(MakeRgb(w, h, 3), w, h, TJSAMP_422, 100);
  HostImage sp(PixelFormat::kYuv422sp, w, h, w, h);
  ASSERT_TRUE(DecodeJpeg(jpeg422.data(), jpeg422.size(), sp.image).ok());
  struct Order {
    PixelFormat f;
    int y0, u, y1, v;
  };
  const Order orders[] = {{PixelFormat::kYuyv422, 0, 1, 2, 3},
                          {PixelFormat::kUyvy422, 1, 0, 3, 2},
                          {PixelFormat::kYvyu422, 0, 3, 2, 1},
                          {PixelFormat::kVyuy422, 1, 2, 3, 0}};
  for (const Order& o : orders) {
    SCOPED_TRACE(PixelFormatName(static_cast<uint32_t>(o.f)));
    HostImage packed(o.f, w, h, 2 * w + 32, h);
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w / 2; ++x) {
        uint8_t* m = packed.luma_row(y) + 4 * x;
        const uint8_t* c = sp.chroma() + static_cast<size_t>(y) * w + 2 * x;
        m[o.y0] = sp.luma_row(y)[2 * x];
        m[o.y1] = sp.luma_row(y)[2 * x + 1];
        m[o.u] = c[0];
        m[o.v] = c[1];
      }
    }
    std::vector<uint8_t> jpeg;
    ASSERT_TRUE(EncodeJpeg(packed.image, 92, &jpeg).ok());
    EXPECT_LE(jpeg.size(), JpegEncodeBound(w, h, o.f));
    JpegInfo info;
    ASSERT_TRUE(ProbeJpeg(jpeg.data(), jpeg.size(), &info).ok());
    EXPECT_EQ(info.subsampling, JpegSubsampling::k422);
    HostImage back(PixelFormat::kYuv422sp, w, h, w, h);
    ASSERT_TRUE(DecodeJpeg(jpeg.data(), jpeg.size(), back.image).ok());
    EXPECT_GT(test::Psnr(sp.bytes.data(), back.bytes.data(), w * h), 35.0);
    std::vector<uint8_t> su, bu, sv, bv;
    for (size_t i = 0; i < static_cast<size_t>(w) * h; i += 2) {
      su.push_back(sp.chroma()[i]);
      sv.push_back(sp.chroma()[i + 1]);
      bu.push_back(back.chroma()[i]);
      bv.push_back(back.chroma()[i + 1]);
    }
    EXPECT_GT(test::Psnr(su.data(), bu.data(), su.size()), 35.0);
    EXPECT_GT(test::Psnr(sv.data(), bv.data(), sv.size()), 35.0);
  }
}

TEST(DvppJpeg, EncodeRefusals) {
  HostImage src = MakeNv(PixelFormat::kYuv420sp, 32, 16);
  std::vector<uint8_t> jpeg;
  EXPECT_EQ(EncodeJpeg(src.image, 0, &jpeg).code(), err::kInvalidParam);
  EXPECT_EQ(EncodeJpeg(src.image, 101, &jpeg).code(), err::kInvalidParam);
  EXPECT_EQ(EncodeJpeg(src.image, 50, nullptr).code(), err::kInvalidParam);
  EXPECT_TRUE(EncodeJpeg(src.image, 1, &jpeg).ok());
  EXPECT_TRUE(EncodeJpeg(src.image, 100, &jpeg).ok());
  HostImage rgb(PixelFormat::kRgb888, 32, 16, 96, 16);
  EXPECT_EQ(EncodeJpeg(rgb.image, 90, &jpeg).code(), err::kInvalidParam);
  src.image.size = 10;
  EXPECT_EQ(EncodeJpeg(src.image, 90, &jpeg).code(), err::kInvalidParam);
}

TEST(DvppJpeg, EncodeBoundIsTjBufSize) {
  EXPECT_EQ(JpegEncodeBound(1920, 1080, PixelFormat::kYuv420sp), tjBufSize(1920, 1080, TJSAMP_420));
  EXPECT_EQ(JpegEncodeBound(1920, 1080, PixelFormat::kYvyu422), tjBufSize(1920, 1080, TJSAMP_422));
  EXPECT_EQ(JpegEncodeBound(1920, 1080, PixelFormat::kRgb888), 0u);
  EXPECT_EQ(JpegEncodeBound(0, 1080, PixelFormat::kYuv420sp), 0u);
}

}  // namespace
}  // namespace asim::dvpp
