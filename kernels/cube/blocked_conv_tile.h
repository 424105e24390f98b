// The register tile of the blocked convolution engine (blocked_conv.h), target-independent
// part: what a tile is given and how the engine finds one. R output pixels of one row x B
// output channel blocks are accumulated in registers over the input channels and kernel
// taps a tile is given (all of them, or one chunk of them in the engine's fused mode,
// continuing earlier running sums), then stored once (fp32 or fp16). The tiles themselves
// are compiled once per vector target (blocked_conv_tile-inl.h) and chosen at run time.
//
// Owner: the cube kernels, internal to kernels/cube. Thread safety: re-entrant.
// Failure: none (the caller keeps R within MaxTilePixels).
#pragma once

#include <cstdint>

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
  // The conv epilogue on a final fp32 store (out32 with every input channel summed):
  // out = relu?(sums + residual), residual laid out as out32 (nullptr: none).
  const float* res32 = nullptr;
  bool relu = false;
  // Cache lines to prefetch (into L2) while the tile runs, `prefetch_per_block` of them per
  // input channel block, from `prefetch` on (nullptr: none): the engine's next weight chunk.
  const char* prefetch = nullptr;
  const char* prefetch_end = nullptr;
  int64_t prefetch_per_block = 0;
  // Whether to prefetch the input pixels after this tile's (the next tile's along the row),
  // per input channel block: for a 1x1 layer whose input is not in the caches, each input
  // value being read once per tile.
  bool prefetch_next_pixels = false;
};

using TileFn = void (*)(const TileArgs&);

// Stride classes: the floats between output pixels in the input (TileArgs::sw16) that a tile
// has as a constant (its broadcasts then address from one pointer): class 1 is 16 (stride 1
// in C0 blocks), 2 is 32 (stride 2), 3 is 6 (the narrow stem's 3 channels at stride 2: an
// image's first convolution); class 0 reads sw16 at run time.
inline constexpr int kStrideClasses = 4;
inline constexpr int64_t kStrideClassFloats[kStrideClasses] = {0, 16, 32, 6};

// The running target's tile for B (1, 2 or 4) output blocks, R pixels and stride class s;
// R must be 1..MaxTilePixels(B). Defined in blocked_conv_b{1,2,4}.cpp.
TileFn TileB1(int r, int s);
TileFn TileB2(int r, int s);
TileFn TileB4(int r, int s);

// The widest tile (pixels) the running target keeps in registers for B output blocks.
int MaxTilePixels(int64_t b);

// Whether one vector register holds a whole channel block (16 lanes) on the running target.
bool BlockFitsOneRegister();

}  // namespace asim::kernels::conv_tile
