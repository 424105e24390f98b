// Bulk half/bfloat16 conversions. See fp16.h for the rounding and NaN rules.
//
// Owns: the vectorised paths. On x86 the half conversions use F16C (8 lanes per
// instruction, round-to-nearest-even, which matches the scalar rules bit for bit; the unit
// tests check it) when the CPU reports F16C and AVX; elsewhere the scalar code runs.
// Owner: base. Thread safety: pure functions; the CPU probe is a thread-safe static.
// Failure: none.
#include "base/fp16.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define ASIM_FP16_X86 1
#endif

namespace asim {
namespace {

#if defined(ASIM_FP16_X86)
// CPUID leaf 1 for F16C and AVX, and XGETBV for the OS saving the YMM registers. (clang 14
// lacks __builtin_cpu_supports("f16c"), hence the direct probe.)
bool ProbeF16c() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return false;
  const bool osxsave = (ecx & (1u << 27)) != 0;
  const bool avx = (ecx & (1u << 28)) != 0;
  const bool f16c = (ecx & (1u << 29)) != 0;
  if (!osxsave || !avx || !f16c) return false;
  unsigned xcr0_low = 0, xcr0_high = 0;
  __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
  return (xcr0_low & 0x6u) == 0x6u;  // XMM and YMM state enabled
}

bool CpuHasF16c() {
  static const bool has = ProbeF16c();
  return has;
}

__attribute__((target("avx,f16c"))) void FloatToHalfF16c(const float* src, uint16_t* dst, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256 v = _mm256_loadu_ps(src + i);
    const __m128i h = _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);
  }
  for (; i < count; ++i) dst[i] = FloatToHalf(src[i]);
}

__attribute__((target("avx,f16c"))) void HalfToFloatF16c(const uint16_t* src, float* dst, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
  for (; i < count; ++i) dst[i] = HalfToFloat(src[i]);
}
#endif

}  // namespace

void FloatToHalf(const float* src, uint16_t* dst, size_t count) {
#if defined(ASIM_FP16_X86)
  if (CpuHasF16c()) {
    FloatToHalfF16c(src, dst, count);
    return;
  }
#endif
  for (size_t i = 0; i < count; ++i) dst[i] = FloatToHalf(src[i]);
}

void HalfToFloat(const uint16_t* src, float* dst, size_t count) {
#if defined(ASIM_FP16_X86)
  if (CpuHasF16c()) {
    HalfToFloatF16c(src, dst, count);
    return;
  }
#endif
  for (size_t i = 0; i < count; ++i) dst[i] = HalfToFloat(src[i]);
}

// The bfloat16 loops stay scalar: a few integer operations per element (about 0.5 ns on
// the development machine), fast enough that a SIMD path is not worth its code yet.
void FloatToBf16(const float* src, uint16_t* dst, size_t count) {
  for (size_t i = 0; i < count; ++i) dst[i] = FloatToBf16(src[i]);
}

void Bf16ToFloat(const uint16_t* src, float* dst, size_t count) {
  for (size_t i = 0; i < count; ++i) dst[i] = Bf16ToFloat(src[i]);
}

}  // namespace asim
