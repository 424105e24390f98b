// Sixteen fp32 lanes (one C0 block of the blocked layouts), the unit of the cube kernels'
// host code, written once over Google Highway and compiled for every vector target the
// kernels are built for (kernels/framework/isa.h): one AVX-512 register, two AVX2
// registers, four NEON / 128-bit registers, or four emulated ones on the portable fallback.
//
// A per-target header in Highway's style: no include guard; include it after
// <hwy/highway.h> from a file compiled through <hwy/foreach_target.h>, inside nothing (it
// opens asim::kernels::HWY_NAMESPACE itself). SVE's sizeless vectors cannot live in the
// V16 struct, so these files are not built for SVE (an SVE host runs the NEON code).
//
// Owns: nothing; a handful of inline operations and the target's register budget.
// Owner: the cube kernels (include only from their .cpp files). Thread safety: pure
// functions. Failure: none; Load/Store need 64-byte alignment, LoadU/StoreU do not.
#if defined(ASIM_KERNELS_CUBE_SIMD_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASIM_KERNELS_CUBE_SIMD_INL_H_
#undef ASIM_KERNELS_CUBE_SIMD_INL_H_
#else
#define ASIM_KERNELS_CUBE_SIMD_INL_H_
#endif

#include <cstddef>
#include <cstdint>

#include <hwy/highway.h>

#include "base/fp16.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE::simd {

namespace hn = hwy::HWY_NAMESPACE;

// One hardware vector of up to 16 floats, and how many of them make sixteen lanes.
using D = hn::CappedTag<float, 16>;
using Vec = hn::Vec<D>;
inline constexpr size_t kLanes = hn::MaxLanes(D());
inline constexpr int kParts = static_cast<int>(16 / kLanes);
static_assert(kLanes * kParts == 16, "sixteen lanes must be a whole number of vectors");

// Vector registers the target has (the register tiles are sized to fit them).
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL || HWY_ARCH_ARM_A64
inline constexpr int kRegisters = 32;
#else
inline constexpr int kRegisters = 16;
#endif

// Whether fp16 <-> fp32 conversion is native and rounds to nearest even. Highway's emulated
// conversion truncates, so the fallback targets convert lane by lane with the project's own.
#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_SSSE3 || HWY_TARGET == HWY_SSE4
inline constexpr bool kNativeHalf = false;
#else
inline constexpr bool kNativeHalf = true;
#endif

struct V16 {
  // User-provided so that it is compiled for this target: GCC compiles an implicit one without
  // the target's options and then cannot inline Highway's (always_inline) vector constructor.
  HWY_INLINE V16() {}
  Vec p[kParts];
};

HWY_INLINE V16 Zero() {
  V16 v;
  for (int i = 0; i < kParts; ++i) v.p[i] = hn::Zero(D());
  return v;
}
HWY_INLINE V16 Load(const float* p) {
  V16 v;
  for (int i = 0; i < kParts; ++i) v.p[i] = hn::Load(D(), p + i * kLanes);
  return v;
}
HWY_INLINE V16 LoadU(const float* p) {
  V16 v;
  for (int i = 0; i < kParts; ++i) v.p[i] = hn::LoadU(D(), p + i * kLanes);
  return v;
}
HWY_INLINE void Store(float* p, const V16& v) {
  for (int i = 0; i < kParts; ++i) hn::Store(v.p[i], D(), p + i * kLanes);
}
HWY_INLINE void StoreU(float* p, const V16& v) {
  for (int i = 0; i < kParts; ++i) hn::StoreU(v.p[i], D(), p + i * kLanes);
}
// One float broadcast to every lane of one hardware vector (what a tile multiplies by).
HWY_INLINE Vec Bcast(const float* p) {
  return hn::Set(D(), *p);
}
// acc += x * w per lane (fused where the target has FMA).
HWY_INLINE void Fma(Vec x, const V16& w, V16& acc) {
  for (int i = 0; i < kParts; ++i) acc.p[i] = hn::MulAdd(x, w.p[i], acc.p[i]);
}
HWY_INLINE void Fma(const V16& a, const V16& b, V16& acc) {
  for (int i = 0; i < kParts; ++i) acc.p[i] = hn::MulAdd(a.p[i], b.p[i], acc.p[i]);
}
HWY_INLINE V16 Add(const V16& a, const V16& b) {
  V16 v;
  for (int i = 0; i < kParts; ++i) v.p[i] = hn::Add(a.p[i], b.p[i]);
  return v;
}
// max(v, 0) per lane as std::max(v, 0.0f) computes it: NaN and -0 are kept.
HWY_INLINE V16 Relu(const V16& a) {
  V16 v;
  const Vec zero = hn::Zero(D());
  for (int i = 0; i < kParts; ++i) v.p[i] = hn::IfThenElse(hn::Lt(a.p[i], zero), zero, a.p[i]);
  return v;
}

// 16 halves (fp16 bits) <-> 16 floats, round to nearest even.
HWY_INLINE V16 LoadHalf(const uint16_t* p) {
  if constexpr (kNativeHalf) {
    const hn::Rebind<hwy::float16_t, D> dh;
    const auto* h = reinterpret_cast<const hwy::float16_t*>(p);
    V16 v;
    for (int i = 0; i < kParts; ++i) v.p[i] = hn::PromoteTo(D(), hn::LoadU(dh, h + i * kLanes));
    return v;
  } else {
    HWY_ALIGN float f[16];
    for (int i = 0; i < 16; ++i) f[i] = HalfToFloat(p[i]);
    return Load(f);
  }
}
HWY_INLINE void StoreHalf(uint16_t* p, const V16& v) {
  if constexpr (kNativeHalf) {
    const hn::Rebind<hwy::float16_t, D> dh;
    auto* h = reinterpret_cast<hwy::float16_t*>(p);
    for (int i = 0; i < kParts; ++i) hn::StoreU(hn::DemoteTo(dh, v.p[i]), dh, h + i * kLanes);
  } else {
    HWY_ALIGN float f[16];
    Store(f, v);
    for (int i = 0; i < 16; ++i) p[i] = FloatToHalf(f[i]);
  }
}

// Transposes the 16x16 matrix held in rows[0..15] in place (rows become columns).
HWY_INLINE void Transpose16(V16* rows) {
#if HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  // Three rounds of two-register permutes (32-bit, 64-bit, then 128-bit lanes), no memory.
  // Index i < 16 takes lane i of the first register, 16 + i lane i of the second.
  alignas(64) static constexpr int32_t kLo32[16] = {0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29};
  alignas(64) static constexpr int32_t kHi32[16] = {2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31};
  alignas(64) static constexpr int32_t kLo64[16] = {0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29};
  alignas(64) static constexpr int32_t kHi64[16] = {2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31};
  alignas(64) static constexpr int32_t kLanes02[16] = {0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27};
  alignas(64) static constexpr int32_t kLanes13[16] = {4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31};
  alignas(64) static constexpr int32_t kLo128[16] = {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
  alignas(64) static constexpr int32_t kHi128[16] = {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
  __m512 r[16], t[16];
  for (int i = 0; i < 16; ++i) r[i] = rows[i].p[0].raw;
  const __m512i lo32 = _mm512_load_si512(kLo32), hi32 = _mm512_load_si512(kHi32);
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_permutex2var_ps(r[i], lo32, r[i + 1]);
    t[i + 1] = _mm512_permutex2var_ps(r[i], hi32, r[i + 1]);
  }
  const __m512i lo64 = _mm512_load_si512(kLo64), hi64 = _mm512_load_si512(kHi64);
  for (int i = 0; i < 16; i += 4) {
    r[i] = _mm512_permutex2var_ps(t[i], lo64, t[i + 2]);
    r[i + 1] = _mm512_permutex2var_ps(t[i], hi64, t[i + 2]);
    r[i + 2] = _mm512_permutex2var_ps(t[i + 1], lo64, t[i + 3]);
    r[i + 3] = _mm512_permutex2var_ps(t[i + 1], hi64, t[i + 3]);
  }
  // Row k of the result takes 128-bit lane (k / 4) of rows (k % 4) + 4j.
  const __m512i lanes02 = _mm512_load_si512(kLanes02), lanes13 = _mm512_load_si512(kLanes13);
  for (int i = 0; i < 4; ++i) {
    t[i] = _mm512_permutex2var_ps(r[i], lanes02, r[i + 4]);
    t[i + 4] = _mm512_permutex2var_ps(r[i], lanes13, r[i + 4]);
    t[i + 8] = _mm512_permutex2var_ps(r[i + 8], lanes02, r[i + 12]);
    t[i + 12] = _mm512_permutex2var_ps(r[i + 8], lanes13, r[i + 12]);
  }
  const __m512i lo128 = _mm512_load_si512(kLo128), hi128 = _mm512_load_si512(kHi128);
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm512_permutex2var_ps(t[i], lo128, t[i + 8]);
    r[i + 8] = _mm512_permutex2var_ps(t[i], hi128, t[i + 8]);
    r[i + 4] = _mm512_permutex2var_ps(t[i + 4], lo128, t[i + 12]);
    r[i + 12] = _mm512_permutex2var_ps(t[i + 4], hi128, t[i + 12]);
  }
  for (int i = 0; i < 16; ++i) rows[i].p[0].raw = r[i];
#else
  // Narrower targets: through an aligned 16x16 block (packing only, not the hot loop).
  HWY_ALIGN float m[16 * 16];
  for (int i = 0; i < 16; ++i) Store(m + i * 16, rows[i]);
  HWY_ALIGN float t[16 * 16];
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) t[j * 16 + i] = m[i * 16 + j];
  }
  for (int i = 0; i < 16; ++i) rows[i] = Load(t + i * 16);
#endif
}

}  // namespace asim::kernels::HWY_NAMESPACE::simd
HWY_AFTER_NAMESPACE();

#endif  // include guard per target
