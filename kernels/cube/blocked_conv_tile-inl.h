// The register tiles of the blocked convolution engine (see blocked_conv_tile.h), one set
// per vector target: a per-target header in Highway's style (no include guard; include it
// from a file compiled through <hwy/foreach_target.h>).
//
// A tile keeps R*B channel blocks of accumulators and B blocks of weights in registers, and
// broadcasts one input value at a time: R*B*kParts + B*kParts + 1 vector registers, which
// MaxPixels(B) keeps within the target's register file (AVX-512: 14/14/6 pixels for B =
// 1/2/4; AVX2 and NEON, two or four registers a block: 6/2/1).
//
// Owner: the cube kernels, internal to kernels/cube. Thread safety: re-entrant.
// Failure: none.
#if defined(ASIM_KERNELS_CUBE_TILE_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ASIM_KERNELS_CUBE_TILE_INL_H_
#undef ASIM_KERNELS_CUBE_TILE_INL_H_
#else
#define ASIM_KERNELS_CUBE_TILE_INL_H_
#endif

#include <algorithm>

#include "kernels/cube/blocked_conv_tile.h"
#include "kernels/cube/simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE::conv_tile {

using asim::kernels::conv_tile::TileArgs;
using asim::kernels::conv_tile::TileFn;

// The widest tile for B output blocks on this target (at most 14 pixels, at least 1).
constexpr int MaxPixels(int b) {
  const int per_pixel = b * simd::kParts;
  return std::clamp((simd::kRegisters - 1 - per_pixel) / per_pixel, 1, 14);
}

// S: the stride class (blocked_conv_tile.h): the input's pixel step as a constant (addresses
// fold into displacements), 0 = t.sw16 at run time.
template <int R, int B, int S>
void ConvTile(const TileArgs& t) {
  using simd::V16;
  V16 acc[R][B];
#pragma GCC unroll 4
  for (int b = 0; b < B; ++b) {
    if (t.acc_in != nullptr && b < t.out_blocks) {
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r) acc[r][b] = simd::LoadU(t.acc_in + b * t.out_c1 + r * 16);
      continue;
    }
    const V16 init = t.bias != nullptr ? simd::Load(t.bias + b * 16) : simd::Zero();
#pragma GCC unroll 16
    for (int r = 0; r < R; ++r) acc[r][b] = init;
  }
  if (t.res32 != nullptr) {
    // The residual is read only after every product, and a layer's residual was written
    // layers ago (at batch 8, 25 MB away: from memory): fetched now, while the products run.
#pragma GCC unroll 4
    for (int b = 0; b < B; ++b) {
      if (b >= t.out_blocks) break;
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r) __builtin_prefetch(t.res32 + b * t.out_c1 + r * 16, 0, 3);
    }
  }
  const int64_t sw16 = S != 0 ? asim::kernels::conv_tile::kStrideClassFloats[S] : t.sw16;
  const float* wp = t.weights;
  const char* pf = t.prefetch;
  for (int64_t c = 0; c < t.c1; ++c) {
    for (int64_t i = 0; i < t.prefetch_per_block && pf < t.prefetch_end; ++i, pf += 64) {
      __builtin_prefetch(pf, 0, 2);
    }
    const int64_t count = c + 1 == t.c1 ? t.c0_last : 16;
    const float* in_c = t.in + c * t.in_c1;
    if (t.prefetch_next_pixels) {
      // The next tile's pixels (along the row), fetched while this one's products run.
      // Addressed as integers: the last tile's next pixels lie past the input (a prefetch
      // never faults).
      const uintptr_t next = reinterpret_cast<uintptr_t>(in_c) + static_cast<uintptr_t>(R * sw16) * sizeof(float);
      for (uintptr_t at = 0; at < static_cast<uintptr_t>(R * sw16) * sizeof(float); at += 64) {
        __builtin_prefetch(reinterpret_cast<const void*>(next + at), 0, 3);
      }
    }
    for (int64_t ky = 0; ky < t.kh; ++ky) {
      const float* in_y = in_c + ky * t.dh_row;
      for (int64_t kx = 0; kx < t.kw; ++kx) {
        const float* in_x = in_y + kx * t.dw16;
        const float* w = wp;
        for (int64_t k = 0; k < count; ++k) {
          V16 wv[B];
#pragma GCC unroll 4
          for (int b = 0; b < B; ++b) wv[b] = simd::Load(w + b * 16);
#pragma GCC unroll 16
          for (int r = 0; r < R; ++r) {
            const simd::Vec x = simd::Bcast(in_x + r * sw16 + k);
#pragma GCC unroll 4
            for (int b = 0; b < B; ++b) simd::Fma(x, wv[b], acc[r][b]);
          }
          w += B * 16;
        }
        wp += 16 * B * 16;
      }
    }
  }
#pragma GCC unroll 4
  for (int b = 0; b < B; ++b) {
    if (b >= t.out_blocks) break;
    if (t.out16 != nullptr) {
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r) simd::StoreHalf(t.out16 + b * t.out_c1 + r * 16, acc[r][b]);
    } else {
      if (t.res32 != nullptr) {
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) acc[r][b] = simd::Add(acc[r][b], simd::LoadU(t.res32 + b * t.out_c1 + r * 16));
      }
      if (t.relu) {
#pragma GCC unroll 16
        for (int r = 0; r < R; ++r) acc[r][b] = simd::Relu(acc[r][b]);
      }
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r) simd::StoreU(t.out32 + b * t.out_c1 + r * 16, acc[r][b]);
    }
  }
}

// The tiles for B output blocks on this target: R = 1..MaxPixels(B), every stride class.
template <int B>
struct TileTable {
  static constexpr int kMaxR = MaxPixels(B);
  TileFn fns[kMaxR][asim::kernels::conv_tile::kStrideClasses];

  template <int R>
  constexpr void Fill() {
    fns[R - 1][0] = &ConvTile<R, B, 0>;
    fns[R - 1][1] = &ConvTile<R, B, 1>;
    fns[R - 1][2] = &ConvTile<R, B, 2>;
    fns[R - 1][3] = &ConvTile<R, B, 3>;
    if constexpr (R < kMaxR) Fill<R + 1>();
  }
  constexpr TileTable() : fns{} { Fill<1>(); }
};

template <int B>
TileFn TileFor(int r, int s) {
  static constexpr TileTable<B> kTable;
  return kTable.fns[r - 1][s];  // the caller keeps r within MaxPixels(B)
}

}  // namespace asim::kernels::HWY_NAMESPACE::conv_tile
HWY_AFTER_NAMESPACE();

#endif  // include guard per target
