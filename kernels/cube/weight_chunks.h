// Weight chunks for the blocked convolution engine's fused mode: the packed weights
// ([c1][kh][kw][16 ci][ob*16 co], see blocked_conv.h) of one weight group and a few input
// channel blocks at a time, made while the engine runs, so the packed copy lives in L1
// and every weight is read from its tensor once.
//
// FRACTAL_Z (fp32/fp16) and NCHW filters with whole 16-input-channel blocks move as 16x16
// fractals transposed in registers, HWCN ones as 16-channel rows; every other layout goes
// element by element (FastWeightChunks says which).
// Owner: the cube kernels. Thread safety: re-entrant (PackWeightChunk only reads `src`).
// Failure: none.
#pragma once

#include <cstdint>

#include "kernels/cube/conv_pack.h"

namespace asim::kernels {

struct WeightChunkSource {
  FilterTensor f;
  int64_t co_begin = 0;  // first output channel of the convolution group
  int64_t co_count = 0;  // output channels of the convolution group
  int64_t ob = 1;        // output blocks per weight group
  // Fractal moves: element (output block j, input block c, tap t, row r, ci0) at
  // (co_begin/16 + j)*s_block + c*s_ci1 + t*s_tap + r*s_row + ci0 (FRACTAL_Z), or for
  // NCHW at (co_begin/16 + j)*s_block + c*s_ci1 + r*s_row + ci0*taps + t (taps_inner).
  bool fractal = false;
  bool taps_inner = false;
  // HWCN ([tap][ci][co]): 16 rows of 16 output channels per (tap, input block), no transpose.
  bool rows_are_ci = false;
  int64_t s_block = 0, s_ci1 = 0, s_tap = 0, s_row = 0;
};

WeightChunkSource MakeWeightChunkSource(const FilterTensor& f, int64_t co_begin, int64_t co_count, int64_t ob);

// Whether chunks of this filter move as fractals (cheap enough to pack in every work item).
bool FastWeightChunks(const FilterTensor& f, int64_t co_begin, int64_t co_count);

// Packs weight group `g` (output channels co_begin + g*ob*16 ...), input blocks
// [ci1_first, ci1_first + ci1_count), into dst [ci1_count][kh][kw][16][ob*16]; zero where
// a channel does not exist. `src` is a WeightChunkSource (the engine's callback signature).
// Returns dst.
const float* PackWeightChunk(const void* src, int64_t g, int64_t ci1_first, int64_t ci1_count, float* dst);

}  // namespace asim::kernels
