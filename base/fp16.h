// Half precision (IEEE 754 binary16) and bfloat16 conversions to and from float.
//
// Owns: the bit-exact conversion rules every module shares (kernels, aclFloatToFloat16,
// dump statistics, the om converter). Owner: base.
// Rules: float -> half/bf16 rounds to nearest, ties to even; overflow gives infinity;
// results below the half normal range become subnormals (or a signed zero); NaN stays
// NaN, is made quiet, keeps its sign and the top bits of its payload. half/bf16 -> float
// is exact except that a signalling NaN comes back quiet. The bulk functions give
// bit-identical results to the scalar ones (they use F16C on x86 when the CPU has it).
// Thread safety: pure functions; safe from any thread. Failure: none (total functions).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace asim {

inline uint16_t FloatToHalf(float value) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  const uint32_t sign = (f >> 16) & 0x8000u;
  const uint32_t abs = f & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {  // infinity or NaN
    if (abs == 0x7F800000u) return static_cast<uint16_t>(sign | 0x7C00u);
    return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 13) & 0x3FFu));
  }
  if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // >= 65520: inf
  if (abs >= 0x38800000u) {                                              // >= 2^-14: a normal half
    uint32_t h = (abs - 0x38000000u) >> 13;                              // rebias the exponent 127 -> 15
    const uint32_t rest = abs & 0x1FFFu;
    h += static_cast<uint32_t>(rest > 0x1000u) | (static_cast<uint32_t>(rest == 0x1000u) & h);
    return static_cast<uint16_t>(sign | h);  // a carry into the exponent is correct
  }
  // Half subnormal (or zero): the result is round(value * 2^24).
  const uint32_t exponent = abs >> 23;
  if (exponent < 102) return static_cast<uint16_t>(sign);  // below 2^-25: rounds to zero
  const uint32_t mantissa = (abs & 0x7FFFFFu) | 0x800000u;
  const uint32_t shift = 126 - exponent;  // 14 .. 24
  uint32_t h = mantissa >> shift;
  const uint32_t rest = mantissa & ((1u << shift) - 1u);
  const uint32_t halfway = 1u << (shift - 1u);
  h += static_cast<uint32_t>(rest > halfway) | (static_cast<uint32_t>(rest == halfway) & h);
  return static_cast<uint16_t>(sign | h);  // 0x400 (smallest normal) is encoded correctly
}

inline float HalfToFloat(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000u) << 16;
  const uint32_t exponent = (half >> 10) & 0x1Fu;
  const uint32_t mantissa = half & 0x3FFu;
  uint32_t f;
  if (exponent == 0x1Fu) {
    f = sign | 0x7F800000u | (mantissa == 0 ? 0u : (0x400000u | (mantissa << 13)));
  } else if (exponent != 0) {
    f = sign | ((exponent + 112u) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    f = sign;
  } else {  // subnormal half: mantissa * 2^-24, exact in float
    f = sign | std::bit_cast<uint32_t>(static_cast<float>(mantissa) * 0x1p-24f);
  }
  return std::bit_cast<float>(f);
}

inline uint16_t FloatToBf16(float value) {
  const uint32_t f = std::bit_cast<uint32_t>(value);
  if ((f & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((f >> 16) | 0x0040u);
  return static_cast<uint16_t>((f + 0x7FFFu + ((f >> 16) & 1u)) >> 16);
}

inline float Bf16ToFloat(uint16_t bf16) {
  uint32_t f = static_cast<uint32_t>(bf16) << 16;
  if ((bf16 & 0x7FFFu) > 0x7F80u) f |= 0x00400000u;  // NaN: make it quiet
  return std::bit_cast<float>(f);
}

// Bulk conversions of `count` elements. `src` and `dst` must not overlap.
void FloatToHalf(const float* src, uint16_t* dst, size_t count);
void HalfToFloat(const uint16_t* src, float* dst, size_t count);
void FloatToBf16(const float* src, uint16_t* dst, size_t count);
void Bf16ToFloat(const uint16_t* src, float* dst, size_t count);

}  // namespace asim
