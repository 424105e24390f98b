// Tests of base/fp16: half and bfloat16 conversions (exhaustive round trips, ties
// to even, subnormals, overflow, NaN), checked against independent references computed in
// double precision, and bulk (F16C) paths checked bit for bit against the scalar ones.
// Owner: base. Thread safety: single-threaded test. Failure: gtest assertions.
#include "base/fp16.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace asim {
namespace {

uint32_t Bits(float f) {
  return std::bit_cast<uint32_t>(f);
}
float FromBits(uint32_t u) {
  return std::bit_cast<float>(u);
}
bool IsHalfNan(uint16_t h) {
  return (h & 0x7C00u) == 0x7C00u && (h & 0x3FFu) != 0;
}
bool IsBf16Nan(uint16_t b) {
  return (b & 0x7F80u) == 0x7F80u && (b & 0x7Fu) != 0;
}

// Independent float -> half: exact scaling in double, rounding by nearbyint (ties to even
// in the default rounding mode). Not for NaN.
uint16_t ReferenceHalf(float x) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const double a = std::fabs(static_cast<double>(x));
  if (std::isinf(a)) return sign | 0x7C00;
  if (a < 0x1p-14) return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::nearbyint(a * 0x1p24)));
  int e = 0;
  std::frexp(a, &e);
  int exponent = e - 1;                                     // a in [2^exponent, 2^(exponent+1))
  double m = std::nearbyint(std::ldexp(a, 10 - exponent));  // 1024 .. 2048
  if (m == 2048.0) {
    m = 1024.0;
    ++exponent;
  }
  if (exponent > 15) return sign | 0x7C00;
  return static_cast<uint16_t>(sign | ((exponent + 15) << 10) | (static_cast<int>(m) - 1024));
}

// Independent half -> value in double. Not for NaN.
double ReferenceHalfValue(uint16_t h) {
  const double sign = (h & 0x8000) ? -1.0 : 1.0;
  const int exponent = (h >> 10) & 0x1F;
  const int mantissa = h & 0x3FF;
  if (exponent == 0x1F) return sign * std::numeric_limits<double>::infinity();
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  return sign * std::ldexp(1024 + mantissa, exponent - 25);
}

// Independent float -> bfloat16: the nearer of the two truncation neighbours, ties even.
uint16_t ReferenceBf16(float x) {
  const uint32_t u = Bits(x);
  const uint16_t lo = static_cast<uint16_t>(u >> 16);
  const uint16_t hi = static_cast<uint16_t>(lo + 1);
  const double v = std::fabs(static_cast<double>(x));
  const double vlo = std::fabs(static_cast<double>(FromBits(static_cast<uint32_t>(lo) << 16)));
  const double vhi =
      (hi & 0x7FFF) == 0x7F80 ? 0x1p128 : std::fabs(static_cast<double>(FromBits(static_cast<uint32_t>(hi) << 16)));
  const double dlo = v - vlo;
  const double dhi = vhi - v;
  if (dlo < dhi) return lo;
  if (dhi < dlo) return hi;
  return (lo & 1) ? hi : lo;
}

// ---- half ------------------------------------------------------------------------------

TEST(Fp16, KnownValues) {
  EXPECT_EQ(HalfToFloat(0x3C00), 1.0f);
  EXPECT_EQ(HalfToFloat(0xC000), -2.0f);
  EXPECT_EQ(HalfToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(HalfToFloat(0x0001), 0x1p-24f);
  EXPECT_EQ(HalfToFloat(0x03FF), 1023 * 0x1p-24f);
  EXPECT_EQ(HalfToFloat(0x0400), 0x1p-14f);
  EXPECT_EQ(Bits(HalfToFloat(0x8000)), 0x80000000u);
  EXPECT_EQ(HalfToFloat(0x7C00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(HalfToFloat(0xFC00), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(FloatToHalf(1.0f), 0x3C00);
  EXPECT_EQ(FloatToHalf(-2.0f), 0xC000);
  EXPECT_EQ(FloatToHalf(0.0f), 0x0000);
  EXPECT_EQ(FloatToHalf(-0.0f), 0x8000);
  EXPECT_EQ(FloatToHalf(0.1f), 0x2E66);
  EXPECT_EQ(FloatToHalf(3.14159265f), 0x4248);
}

TEST(Fp16, ExhaustiveRoundTripOfAllHalfValues) {
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const float f = HalfToFloat(h);
    if (IsHalfNan(h)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << i;
      ASSERT_EQ(Bits(f) & 0x00400000u, 0x00400000u) << "not quiet: " << std::hex << i;
      ASSERT_EQ(Bits(f) >> 31, i >> 15) << "sign lost: " << std::hex << i;
      const uint16_t back = FloatToHalf(f);
      ASSERT_TRUE(IsHalfNan(back)) << std::hex << i;
      ASSERT_EQ(back, h | 0x0200u) << "payload or sign changed: " << std::hex << i;
    } else {
      ASSERT_EQ(static_cast<double>(f), ReferenceHalfValue(h)) << std::hex << i;
      ASSERT_EQ(FloatToHalf(f), h) << std::hex << i;
    }
  }
}

TEST(Fp16, TiesRoundToEven) {
  for (uint32_t i = 0; i < 0x7BFF; ++i) {  // every pair of adjacent finite positive halves
    const auto h = static_cast<uint16_t>(i);
    const float lo = HalfToFloat(h);
    const float hi = HalfToFloat(static_cast<uint16_t>(h + 1));
    const float mid = lo + (hi - lo) / 2;  // exact: 11-bit significands
    const uint16_t even = (h & 1) ? static_cast<uint16_t>(h + 1) : h;
    ASSERT_EQ(FloatToHalf(mid), even) << std::hex << i;
    ASSERT_EQ(FloatToHalf(-mid), even | 0x8000u) << std::hex << i;
    ASSERT_EQ(FloatToHalf(std::nextafter(mid, 0.0f)), h) << std::hex << i;
    ASSERT_EQ(FloatToHalf(std::nextafter(mid, 1e30f)), h + 1) << std::hex << i;
  }
}

TEST(Fp16, Subnormals) {
  EXPECT_EQ(FloatToHalf(0x1p-24f), 0x0001);
  EXPECT_EQ(FloatToHalf(0x1p-25f), 0x0000);                        // tie to even (0)
  EXPECT_EQ(FloatToHalf(std::nextafter(0x1p-25f, 1.0f)), 0x0001);  // just above the tie
  EXPECT_EQ(FloatToHalf(3 * 0x1p-25f), 0x0002);                    // tie between 1 and 2
  EXPECT_EQ(FloatToHalf(5 * 0x1p-25f), 0x0002);                    // tie between 2 and 3
  EXPECT_EQ(FloatToHalf(-0x1p-24f), 0x8001);
  EXPECT_EQ(FloatToHalf(0x1p-26f), 0x0000);
  EXPECT_EQ(FloatToHalf(-0x1p-30f), 0x8000);  // signed zero
  EXPECT_EQ(FloatToHalf(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(FloatToHalf(1023 * 0x1p-24f), 0x03FF);     // largest subnormal
  EXPECT_EQ(FloatToHalf(1023.5f * 0x1p-24f), 0x0400);  // rounds up to normal
  EXPECT_EQ(FloatToHalf(0x1p-14f), 0x0400);
}

TEST(Fp16, OverflowGoesToInfinity) {
  EXPECT_EQ(FloatToHalf(65504.0f), 0x7BFF);
  EXPECT_EQ(FloatToHalf(std::nextafter(65520.0f, 0.0f)), 0x7BFF);
  EXPECT_EQ(FloatToHalf(65520.0f), 0x7C00);  // the tie rounds to even: infinity
  EXPECT_EQ(FloatToHalf(-65520.0f), 0xFC00);
  EXPECT_EQ(FloatToHalf(1e10f), 0x7C00);
  EXPECT_EQ(FloatToHalf(-std::numeric_limits<float>::max()), 0xFC00);
  EXPECT_EQ(FloatToHalf(std::numeric_limits<float>::infinity()), 0x7C00);
  EXPECT_EQ(FloatToHalf(-std::numeric_limits<float>::infinity()), 0xFC00);
}

TEST(Fp16, NanStaysNanAndBecomesQuiet) {
  EXPECT_EQ(FloatToHalf(FromBits(0x7FC00000u)), 0x7E00);
  EXPECT_EQ(FloatToHalf(FromBits(0xFFC00000u)), 0xFE00);
  EXPECT_EQ(FloatToHalf(FromBits(0x7F800001u)), 0x7E00);  // signalling, payload below 10 bits
  EXPECT_EQ(FloatToHalf(FromBits(0x7FA00000u)), 0x7F00);  // signalling, top payload bit kept
  EXPECT_TRUE(IsHalfNan(FloatToHalf(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(Bits(HalfToFloat(0x7C01)), 0x7FC02000u);  // signalling half comes back quiet
}

TEST(Fp16, MatchesReferenceOnFloatSweep) {
  // A coarse sweep of every float bit pattern, and a dense one of the range that maps
  // to finite non-zero halves and its neighbourhood.
  auto check = [](uint32_t u) {
    const float f = FromBits(u);
    if (std::isnan(f)) return;
    ASSERT_EQ(FloatToHalf(f), ReferenceHalf(f)) << std::hex << u;
  };
  for (uint64_t u = 0; u <= 0xFFFFFFFFu; u += 4093) check(static_cast<uint32_t>(u));
  for (uint32_t u = 0x33000000u; u <= 0x47800000u; u += 97) {
    check(u);
    check(u | 0x80000000u);
  }
}

#if defined(__FLT16_MANT_DIG__)
TEST(Fp16, MatchesCompilerFloat16) {
  for (uint32_t u = 0x32000000u; u <= 0x48000000u; u += 211) {
    const float f = FromBits(u);
    const auto expected = std::bit_cast<uint16_t>(static_cast<_Float16>(f));
    ASSERT_EQ(FloatToHalf(f), expected) << std::hex << u;
  }
}
#endif

TEST(Fp16, BulkMatchesScalarForAllHalves) {
  std::vector<uint16_t> halves(0x10000);
  for (uint32_t i = 0; i <= 0xFFFF; ++i) halves[i] = static_cast<uint16_t>(i);
  std::vector<float> floats(halves.size());
  HalfToFloat(halves.data(), floats.data(), halves.size());
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    ASSERT_EQ(Bits(floats[i]), Bits(HalfToFloat(halves[i]))) << std::hex << i;
  }
  std::vector<uint16_t> back(halves.size());
  FloatToHalf(floats.data(), back.data(), floats.size());
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    ASSERT_EQ(back[i], FloatToHalf(floats[i])) << std::hex << i;
  }
}

TEST(Fp16, BulkMatchesScalarOnFloatSweep) {
  std::vector<float> src;
  for (uint64_t u = 0; u <= 0xFFFFFFFFu; u += 1021) src.push_back(FromBits(static_cast<uint32_t>(u)));
  // NaNs with various payloads, signs and quiet bits.
  for (uint32_t p : {0x7F800001u, 0x7F801FFFu, 0x7F802000u, 0x7FBFFFFFu, 0x7FC00001u, 0x7FFFFFFFu}) {
    src.push_back(FromBits(p));
    src.push_back(FromBits(p | 0x80000000u));
  }
  std::vector<uint16_t> dst(src.size());
  FloatToHalf(src.data(), dst.data(), src.size());
  for (size_t i = 0; i < src.size(); ++i) {
    ASSERT_EQ(dst[i], FloatToHalf(src[i])) << std::hex << Bits(src[i]);
  }
}

TEST(Fp16, BulkHandlesShortAndUnalignedTails) {
  std::vector<float> src(64);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<float>(i) * 0.37f - 5.0f;
  for (size_t offset = 0; offset < 3; ++offset) {
    for (size_t n = 0; n + offset <= 40; ++n) {
      std::vector<uint16_t> half(n + 2, 0xABCD);
      FloatToHalf(src.data() + offset, half.data() + 1, n);
      EXPECT_EQ(half[0], 0xABCD);
      EXPECT_EQ(half[n + 1], 0xABCD) << "wrote past the end, n=" << n;
      std::vector<float> back(n + 2, -7.0f);
      HalfToFloat(half.data() + 1, back.data() + 1, n);
      EXPECT_EQ(back[n + 1], -7.0f);
      for (size_t i = 0; i < n; ++i) {
        EXPECT_EQ(half[i + 1], FloatToHalf(src[offset + i]));
        EXPECT_EQ(back[i + 1], HalfToFloat(half[i + 1]));
      }
    }
  }
}

// ---- bfloat16 --------------------------------------------------------------------------

TEST(Bf16, ExhaustiveRoundTripOfAllValues) {
  for (uint32_t i = 0; i <= 0xFFFF; ++i) {
    const auto b = static_cast<uint16_t>(i);
    const float f = Bf16ToFloat(b);
    if (IsBf16Nan(b)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << i;
      ASSERT_EQ(FloatToBf16(f), b | 0x0040u) << std::hex << i;
    } else {
      ASSERT_EQ(Bits(f), i << 16) << std::hex << i;
      ASSERT_EQ(FloatToBf16(f), b) << std::hex << i;
    }
  }
}

TEST(Bf16, RoundingTiesOverflowNanSubnormal) {
  EXPECT_EQ(FloatToBf16(FromBits(0x3F808000u)), 0x3F80);  // tie, lower is even
  EXPECT_EQ(FloatToBf16(FromBits(0x3F818000u)), 0x3F82);  // tie, upper is even
  EXPECT_EQ(FloatToBf16(FromBits(0x3F808001u)), 0x3F81);
  EXPECT_EQ(FloatToBf16(FromBits(0x3F807FFFu)), 0x3F80);
  EXPECT_EQ(FloatToBf16(std::numeric_limits<float>::max()), 0x7F80);  // overflow: inf
  EXPECT_EQ(FloatToBf16(-std::numeric_limits<float>::max()), 0xFF80);
  EXPECT_EQ(FloatToBf16(FromBits(0x7F7F7FFFu)), 0x7F7F);  // largest finite
  EXPECT_EQ(FloatToBf16(std::numeric_limits<float>::infinity()), 0x7F80);
  EXPECT_EQ(FloatToBf16(FromBits(0x7F800001u)), 0x7FC0);  // signalling -> quiet
  EXPECT_EQ(FloatToBf16(FromBits(0xFFC00000u)), 0xFFC0);
  EXPECT_EQ(Bits(Bf16ToFloat(0x7F81)), 0x7FC10000u);
  EXPECT_EQ(FloatToBf16(FromBits(0x00010000u)), 0x0001);  // subnormal kept
  EXPECT_EQ(FloatToBf16(FromBits(0x00008000u)), 0x0000);  // tie to even zero
  EXPECT_EQ(FloatToBf16(FromBits(0x80018000u)), 0x8002);
  EXPECT_EQ(FloatToBf16(-0.0f), 0x8000);
  EXPECT_EQ(FloatToBf16(1.0f), 0x3F80);
}

TEST(Bf16, MatchesReferenceAndBulkOnFloatSweep) {
  std::vector<float> src;
  for (uint64_t u = 0; u <= 0xFFFFFFFFu; u += 1021) src.push_back(FromBits(static_cast<uint32_t>(u)));
  std::vector<uint16_t> dst(src.size());
  FloatToBf16(src.data(), dst.data(), src.size());
  for (size_t i = 0; i < src.size(); ++i) {
    const uint16_t scalar = FloatToBf16(src[i]);
    ASSERT_EQ(dst[i], scalar) << std::hex << Bits(src[i]);
    if (!std::isnan(src[i])) {
      ASSERT_EQ(scalar, ReferenceBf16(src[i])) << std::hex << Bits(src[i]);
    }
  }
  std::vector<float> back(dst.size());
  Bf16ToFloat(dst.data(), back.data(), dst.size());
  for (size_t i = 0; i < dst.size(); ++i) {
    ASSERT_EQ(Bits(back[i]), Bits(Bf16ToFloat(dst[i])));
  }
}

}  // namespace
}  // namespace asim
