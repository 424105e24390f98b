/*
 * fp16.h: IEEE 754 binary16 conversions for the sample's input (fp16, as the model is
 * converted with --input_fp16_nodes=data) and for an fp16 output. Round to nearest even;
 * overflow gives infinity, tiny values become subnormals or zero, NaN stays NaN.
 * Header-only, no dependencies; the same conversion the public sample's numpy script does
 * with astype("float16").
 */
#ifndef RESNET50_CLASSIFICATION_FP16_H
#define RESNET50_CLASSIFICATION_FP16_H

#include <cstdint>
#include <cstring>

inline uint16_t FloatToHalf(float value) {
  uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof(bits));
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  const uint32_t absBits = bits & 0x7fffffffu;
  if (absBits >= 0x7f800000u) {  // Inf or NaN (keep NaN quiet and non-zero)
    return static_cast<uint16_t>(sign | 0x7c00u | (absBits > 0x7f800000u ? 0x0200u : 0u));
  }
  if (absBits >= 0x477ff000u) {  // rounds to >= 65520: overflow to infinity
    return static_cast<uint16_t>(sign | 0x7c00u);
  }
  if (absBits < 0x38800000u) {    // below the smallest normal half (2^-14): subnormal or zero
    if (absBits < 0x33000000u) {  // below half of the smallest subnormal (2^-25): zero
      return sign;
    }
    const uint32_t exponent = absBits >> 23;
    const uint32_t mantissa = (absBits & 0x7fffffu) | 0x800000u;
    const uint32_t shift = 126u - exponent;  // value / 2^-24 = mantissa >> shift; shift in [14, 24]
    uint32_t half = mantissa >> shift;
    const uint32_t rest = mantissa & ((1u << shift) - 1u);
    const uint32_t halfway = 1u << (shift - 1u);
    if (rest > halfway || (rest == halfway && (half & 1u))) {
      ++half;
    }
    return static_cast<uint16_t>(sign | half);
  }
  // Normal: rebias the exponent (127 -> 15) and round the 13 dropped mantissa bits.
  uint32_t half = ((absBits >> 13) - (112u << 10));
  const uint32_t rest = absBits & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) {
    ++half;  // may carry into the exponent, which is the correct rounding
  }
  return static_cast<uint16_t>(sign | half);
}

inline float HalfToFloat(uint16_t half) {
  const uint32_t sign = static_cast<uint32_t>(half & 0x8000u) << 16;
  const uint32_t exponent = (half >> 10) & 0x1fu;
  uint32_t mantissa = half & 0x3ffu;
  uint32_t bits = 0;
  if (exponent == 0x1fu) {
    bits = sign | 0x7f800000u | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112u) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {  // subnormal: normalise
    uint32_t e = 113u;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --e;
    }
    bits = sign | (e << 23) | ((mantissa & 0x3ffu) << 13);
  }
  float value = 0.0f;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

#endif  // RESNET50_CLASSIFICATION_FP16_H
