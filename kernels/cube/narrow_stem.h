// The narrow stem: a convolution over a few input channels (an image's 3; ResNet's 7x7/2
// conv1) run on the blocked engine without C0 padding. In NC1HWC0 such an input uses 3 of a
// block's 16 lanes, and the engine's reduction per filter tap is 3 steps long. Repacked with
// `cin` floats per pixel ([n][hp][wp][cin], zero padded), a filter row's kw taps read one
// contiguous run of kw*cin floats, so each filter row is a single reduction of kw*cin steps
// (step k = kx*cin + ci), which the register tiles run as ceil(kw*cin/16) blocks of 16 steps
// with input pixels cin*sw floats apart (BlockedConvArgs::in_pixel).
//
// Owner: the cube kernels (conv_runner.cpp). Thread safety: re-entrant (oneTBB inside).
// Failure: none; callers check NarrowStemApplies and size the buffers with the functions
// below.
#pragma once

#include <cstdint>

#include "kernels/cube/conv_pack.h"

namespace asim::kernels {

// A 2-D convolution's geometry as the stem needs it (padded input hp x wp).
struct NarrowStemShape {
  int64_t n = 0, cin = 0, h = 0, w = 0, hp = 0, wp = 0, pt = 0, pl = 0;
  int64_t kh = 1, kw = 1, cout = 0, ob = 1, ocg = 0;
};

// Whether the stem runs this convolution: one group of at most 4 input channels, no
// dilation along W, an fp32 or fp16 input in NC1HWC0, NC1HWC0_C04 or NCHW.
bool NarrowStemApplies(int64_t cin, int64_t groups, int64_t dw, Format x_format, DataType x_dtype);

// Reduction blocks of 16 steps per filter row.
int64_t NarrowStemBlocks(const NarrowStemShape& s);
int64_t NarrowStemInputFloats(const NarrowStemShape& s);
int64_t NarrowStemWeightFloats(const NarrowStemShape& s);

// x (its n, cin, h, w) -> [n][hp][wp][cin] with the padding zero.
void PackNarrowStemInput(const NarrowStemShape& s, const ActTensor& x, float* dst);

// The filter -> [ocg][blocks][kh][16 steps][ob*16 output channels]: the engine's packed
// layout with the steps as input channels and kw = 1; missing steps and channels zero.
void PackNarrowStemWeights(const NarrowStemShape& s, const FilterTensor& f, float* dst);

}  // namespace asim::kernels
