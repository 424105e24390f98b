// Sixteen fp32 lanes, the unit of the cube kernels' host code: one AVX-512 register when
// the kernels are built for an AVX-512 host (ASIM_NATIVE_ARCH), a GCC vector of 16 floats
// otherwise (the compiler splits it into whatever the target has).
//
// Owns: nothing; a handful of inline operations. Owner: the cube kernels; include only
// from their .cpp files (it pulls in <immintrin.h>). Thread safety: pure functions.
// Failure: none; Load/Store require 64-byte alignment, LoadU/StoreU do not.
#pragma once

#include <cstdint>

#include "runtime/base/fp16.h"

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace asim::kernels::simd {

#if defined(__AVX512F__)

using V16 = __m512;
inline V16 Zero() {
  return _mm512_setzero_ps();
}
inline V16 Load(const float* p) {
  return _mm512_load_ps(p);
}
inline V16 LoadU(const float* p) {
  return _mm512_loadu_ps(p);
}
inline void Store(float* p, V16 v) {
  _mm512_store_ps(p, v);
}
inline void StoreU(float* p, V16 v) {
  _mm512_storeu_ps(p, v);
}
inline V16 Bcast(const float* p) {
  return _mm512_set1_ps(*p);
}
inline V16 Fma(V16 a, V16 b, V16 c) {
  return _mm512_fmadd_ps(a, b, c);
}
inline V16 Add(V16 a, V16 b) {
  return _mm512_add_ps(a, b);
}
inline V16 Mul(V16 a, V16 b) {
  return _mm512_mul_ps(a, b);
}
// max(v, 0) per lane with NaN kept (as std::max(v, 0.0f)): MAXPS returns its second operand
// when either is NaN. (The masked form: see LoadHalf's note on GCC 12.)
inline V16 Relu(V16 v) {
  const V16 zero = _mm512_setzero_ps();
  return _mm512_mask_max_ps(zero, 0xFFFF, zero, v);
}
// 16 halves (fp16 bits) <-> 16 floats, round to nearest even.
// NOTE: GCC 12's unmasked AVX-512 wrappers pass an undefined source that -Wuninitialized
// flags once inlined; the masked forms with a zero source and __builtin_shuffle avoid it.
inline V16 LoadHalf(const uint16_t* p) {
  return _mm512_mask_cvtph_ps(_mm512_setzero_ps(), 0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
inline void StoreHalf(uint16_t* p, V16 v) {
  // The masked form with a zero source: GCC 12 warns about the unmasked one's undefined source.
  const __m256i h =
      _mm512_mask_cvtps_ph(_mm256_setzero_si256(), 0xFFFF, v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), h);
}
// Four lanes: {sum(a), sum(b), sum(c), sum(d)} of four 16-lane vectors (a transpose-add).
using V4 = __m128;
inline V4 Sum4(V16 a, V16 b, V16 c, V16 d) {
  typedef int I16 __attribute__((vector_size(64)));
  // Per 128-bit lane: {a0+a2, b0+b2, a1+a3, b1+b3} (unpack low + unpack high).
  const I16 lo{0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29};
  const I16 hi{2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31};
  const V16 ab = __builtin_shuffle(a, b, lo) + __builtin_shuffle(a, b, hi);
  const V16 cd = __builtin_shuffle(c, d, lo) + __builtin_shuffle(c, d, hi);
  // Per lane: {sum a, sum b, sum c, sum d} of that lane's four elements.
  const I16 even{0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29};
  const I16 odd{2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31};
  V16 q = __builtin_shuffle(ab, cd, even) + __builtin_shuffle(ab, cd, odd);
  // Add the four lanes.
  q += __builtin_shuffle(q, I16{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7});
  q += __builtin_shuffle(q, I16{4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11});
  V4 r;
  __builtin_memcpy(&r, &q, sizeof(r));
  return r;
}
// Transposes the 16x16 matrix held in rows[0..15] in place (rows become columns).
inline void Transpose16(V16* rows) {
  typedef int I16 __attribute__((vector_size(64)));
  V16 t[16];
  // 32-bit interleave of row pairs, 64-bit interleave of pair pairs, then 128-bit lanes.
  const I16 lo32{0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29};
  const I16 hi32{2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31};
  for (int i = 0; i < 16; i += 2) {
    t[i] = __builtin_shuffle(rows[i], rows[i + 1], lo32);
    t[i + 1] = __builtin_shuffle(rows[i], rows[i + 1], hi32);
  }
  const I16 lo64{0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29};
  const I16 hi64{2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31};
  for (int i = 0; i < 16; i += 4) {
    rows[i] = __builtin_shuffle(t[i], t[i + 2], lo64);
    rows[i + 1] = __builtin_shuffle(t[i], t[i + 2], hi64);
    rows[i + 2] = __builtin_shuffle(t[i + 1], t[i + 3], lo64);
    rows[i + 3] = __builtin_shuffle(t[i + 1], t[i + 3], hi64);
  }
  // 128-bit lanes: row r of the result takes lane (r / 4) of rows (r % 4) + 4k.
  const I16 lanes02{0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27};
  const I16 lanes13{4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31};
  for (int i = 0; i < 4; ++i) {
    t[i] = __builtin_shuffle(rows[i], rows[i + 4], lanes02);
    t[i + 4] = __builtin_shuffle(rows[i], rows[i + 4], lanes13);
    t[i + 8] = __builtin_shuffle(rows[i + 8], rows[i + 12], lanes02);
    t[i + 12] = __builtin_shuffle(rows[i + 8], rows[i + 12], lanes13);
  }
  const I16 lo128{0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
  const I16 hi128{8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
  for (int i = 0; i < 4; ++i) {
    rows[i] = __builtin_shuffle(t[i], t[i + 8], lo128);
    rows[i + 8] = __builtin_shuffle(t[i], t[i + 8], hi128);
    rows[i + 4] = __builtin_shuffle(t[i + 4], t[i + 12], lo128);
    rows[i + 12] = __builtin_shuffle(t[i + 4], t[i + 12], hi128);
  }
}
inline V4 Load4(const float* p) {
  return _mm_loadu_ps(p);
}
inline V4 Add4(V4 a, V4 b) {
  return _mm_add_ps(a, b);
}
inline void Store4(float* p, V4 v) {
  _mm_storeu_ps(p, v);
}
inline void Store4Half(uint16_t* p, V4 v) {
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
inline constexpr bool kNative = true;

#else

// (Built without AVX-512, GCC notes that 64-byte vectors change the call ABI: the kernels
// build with -Wno-psabi then, see kernels/CMakeLists.txt; everything here is inline.)
typedef float V16 __attribute__((vector_size(64)));
inline V16 Zero() {
  return V16{};
}
inline V16 Load(const float* p) {
  return *reinterpret_cast<const V16*>(p);
}
inline V16 LoadU(const float* p) {
  V16 v;
  __builtin_memcpy(&v, p, sizeof(v));
  return v;
}
inline void Store(float* p, V16 v) {
  *reinterpret_cast<V16*>(p) = v;
}
inline void StoreU(float* p, V16 v) {
  __builtin_memcpy(p, &v, sizeof(v));
}
inline V16 Bcast(const float* p) {
  return V16{} + *p;
}
inline V16 Fma(V16 a, V16 b, V16 c) {
  return a * b + c;
}
inline V16 Add(V16 a, V16 b) {
  return a + b;
}
inline V16 Mul(V16 a, V16 b) {
  return a * b;
}
inline V16 Relu(V16 v) {
  for (int i = 0; i < 16; ++i) v[i] = v[i] < 0.0f ? 0.0f : v[i];
  return v;
}
inline V16 LoadHalf(const uint16_t* p) {
  V16 v;
  for (int i = 0; i < 16; ++i) v[i] = HalfToFloat(p[i]);
  return v;
}
inline void StoreHalf(uint16_t* p, V16 v) {
  for (int i = 0; i < 16; ++i) p[i] = FloatToHalf(v[i]);
}
inline void Transpose16(V16* rows) {
  for (int i = 0; i < 16; ++i) {
    for (int j = i + 1; j < 16; ++j) {
      const float x = rows[i][j];
      rows[i][j] = rows[j][i];
      rows[j][i] = x;
    }
  }
}
typedef float V4 __attribute__((vector_size(16)));
inline V4 Sum4(V16 a, V16 b, V16 c, V16 d) {
  V4 r{};
  for (int i = 0; i < 16; ++i) {
    r[0] += a[i];
    r[1] += b[i];
    r[2] += c[i];
    r[3] += d[i];
  }
  return r;
}
inline V4 Load4(const float* p) {
  V4 v;
  __builtin_memcpy(&v, p, sizeof(v));
  return v;
}
inline V4 Add4(V4 a, V4 b) {
  return a + b;
}
inline void Store4(float* p, V4 v) {
  __builtin_memcpy(p, &v, sizeof(v));
}
inline void Store4Half(uint16_t* p, V4 v) {
  for (int i = 0; i < 4; ++i) p[i] = FloatToHalf(v[i]);
}
inline constexpr bool kNative = false;

#endif

}  // namespace asim::kernels::simd
