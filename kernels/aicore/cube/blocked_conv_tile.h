// The register tile of the blocked convolution engine (blocked_conv.h): R output pixels of
// one row x B output channel blocks, accumulated in R*B vector registers over the input
// channels and kernel taps it is given (all of them, or one chunk of them in the engine's
// fused mode, continuing earlier running sums), then stored once (fp32 or fp16).
//
// Owner: the cube kernels, internal to kernels/aicore/cube: included by the
// blocked_conv_b*.cpp files, which instantiate the tiles for one B each (so the
// instantiations compile in parallel). Thread safety: re-entrant. Failure: none.
#pragma once

#include <cstdint>

#include "kernels/aicore/cube/simd.h"

namespace asim::kernels::conv_tile {

// Everything one tile needs; pointers are at the tile's first pixel and channel block.
struct TileArgs {
  const float* in = nullptr;  // input at (n, c1 = 0, y = oy*sh, x = ox0*sw)
  int64_t in_c1 = 0;          // floats between input channel blocks
  int64_t c1 = 0, c0_last = 16;
  int64_t kh = 1, kw = 1;
  int64_t dh_row = 0;              // floats between kernel rows (dh * in_row)
  int64_t dw16 = 16;               // floats between kernel columns (dw * 16)
  int64_t sw16 = 16;               // floats between output pixels in the input (sw * 16)
  const float* weights = nullptr;  // the weight group: [c1][kh][kw][16][B*16]
  const float* bias = nullptr;     // B*16 floats or nullptr
  const float* acc_in = nullptr;   // running sums to continue (laid out as out32), or nullptr
  float* out32 = nullptr;          // output at (n, co1 = g*B, oy, ox0), fp32 ...
  uint16_t* out16 = nullptr;       // ... or fp16
  int64_t out_c1 = 0;              // elements between output channel blocks
  int64_t out_blocks = 0;          // blocks of this group that exist (<= B)
};

using TileFn = void (*)(const TileArgs&);

// S: the stride in pixels when it is 1 or 2 (addresses fold into constants), 0 = runtime.
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
  const int64_t sw16 = S != 0 ? S * 16 : t.sw16;
  const float* wp = t.weights;
  for (int64_t c = 0; c < t.c1; ++c) {
    const int64_t count = c + 1 == t.c1 ? t.c0_last : 16;
    const float* in_c = t.in + c * t.in_c1;
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
            const V16 x = simd::Bcast(in_x + r * sw16 + k);
#pragma GCC unroll 4
            for (int b = 0; b < B; ++b) acc[r][b] = simd::Fma(x, wv[b], acc[r][b]);
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
#pragma GCC unroll 16
      for (int r = 0; r < R; ++r) simd::StoreU(t.out32 + b * t.out_c1 + r * 16, acc[r][b]);
    }
  }
}

// The tile for R (1..kMaxR) and stride class S (0 = runtime, 1, 2).
template <int B, int kMaxR>
struct TileTable {
  TileFn fns[kMaxR][3];

  template <int R>
  constexpr void Fill() {
    fns[R - 1][0] = &ConvTile<R, B, 0>;
    fns[R - 1][1] = &ConvTile<R, B, 1>;
    fns[R - 1][2] = &ConvTile<R, B, 2>;
    if constexpr (R < kMaxR) Fill<R + 1>();
  }
  constexpr TileTable() : fns{} { Fill<1>(); }
};

// Defined in blocked_conv_b{1,2,4}.cpp: the tile for B output blocks, R pixels, stride
// class s (0 runtime, 1, 2); R must be 1..MaxTilePixels(B).
TileFn TileB1(int r, int s);
TileFn TileB2(int r, int s);
TileFn TileB4(int r, int s);

inline constexpr int kMaxR1 = 14, kMaxR2 = 14, kMaxR4 = 6;  // R*B accumulators + B weights <= 30 registers

}  // namespace asim::kernels::conv_tile
