// Winograd convolution F(m x m, 3 x 3) (m = 2 or 4) for 3x3, stride-1, undilated, ungrouped
// convolutions on the blocked layouts of the engine (blocked_conv.h): the host shortcut behind
// ResNet-class 3x3 layers, which the blocked engine would compute with 9 multiply-adds per
// output and input channel. Per output tile of m x m pixels and 16-channel block:
//   1. input transform:  V = B^T d B over the (m+2)^2 input pixels (16 channels per vector);
//   2. (m+2)^2 independent products M[p] = V[p] x U[p] over the input channels, where U is the
//      transformed filter G g G^T (made once, when a model is loaded): each one runs on the
//      engine's own register tiles as a 1x1 convolution over the tiles;
//   3. output transform: Y = A^T M A, plus the bias, stored as the engine stores (fp32/fp16).
// Multiplications per output fall from 9 to 2.25 (m = 4) or 4 (m = 2); the results differ from
// the direct engine's by rounding only (fp32 accumulation throughout; the transforms add a few
// ulps, m = 4 more than m = 2), well inside the fp32 tolerance the kernels document.
//
// The transformed tiles live in scratch memory (kernels/common/host/scratch_pool.h), not in the
// workspace a model plans, so models converted before this path existed load unchanged.
//
// Owner: the cube kernels (conv_runner.cpp decides when it is used). Thread safety:
// re-entrant; the work splits over oneTBB workers (ChooseWinogradRowParts). Failure: none
// here (the caller checks shapes and falls back to the direct engine when scratch memory is
// not there).
#pragma once

#include <cstddef>
#include <cstdint>

namespace asim::kernels {

// The tile size for a 3x3 stride-1 convolution of this size: 4, 2, or 0 when the direct
// engine is the better choice (few tiles to reuse each transformed weight over, or too few
// channels for the transforms to pay off). Depends on shapes only, not on the host.
int ChooseWinogradTile(int64_t n, int64_t oh, int64_t ow, int64_t cin, int64_t cout);

// Floats of the transformed filter: (m+2)^2 * ocg * c1 * 16 * ob * 16.
int64_t WinogradFilterFloats(int m, int64_t ocg, int64_t ob, int64_t c1);

// Transforms output group `group` of a filter into its place in dst
// [(m+2)^2 positions][ocg][c1][16 ci][ob*16 co] (computed in double). `packed` is that group
// alone as PackWeights lays it out ([c1][3][3][16 ci][ob*16 co]): a loader packs and
// transforms one group at a time through a buffer of one group, not the whole filter.
void TransformWinogradFilter(int m, const float* packed, int64_t group, int64_t ocg, int64_t ob, int64_t c1,
                             float* dst);

struct WinogradConvArgs {
  int m = 4;
  // Input blocked as the engine reads it ([n][c1][in_h][in_w][16], strides in elements), fp32
  // or fp16 (in_f16), with `pad_top` / `pad_left` zero rows and columns in front of it: output
  // (y, x) reads input rows y - pad_top .. + 2. Rows and columns outside [0, in_h) x [0, in_w)
  // read as zero (padding, and the last tiles reaching past the output).
  const void* in = nullptr;
  bool in_f16 = false;
  int64_t in_n = 0, in_c1 = 0, in_row = 0, in_h = 0, in_w = 0, pad_top = 0, pad_left = 0;
  int64_t c1 = 0, c0_last = 16;
  const float* filter = nullptr;  // TransformWinogradFilter's layout
  int64_t ob = 1, ocg = 0;
  const float* bias = nullptr;  // ocg*ob*16 floats or nullptr
  int64_t n = 0, oh = 0, ow = 0;
  void* out = nullptr;  // as BlockedConvArgs::out
  int64_t out_n = 0, out_c1 = 0, out_row = 0, out_blocks = 0;
  bool out_f16 = false;
  // The conv epilogue on an fp32 output, as BlockedConvArgs has it (ignored for fp16).
  const float* residual = nullptr;
  bool relu = false;
};

// Tile-row parts RunWinogradConv runs, each from its input transform to its output transform
// on one worker and a buffer of its own (nothing it writes is read by another worker), in
// chunks of tile rows whose transformed input and products stay in the core's L2 cache where
// the transformed filter, read again per chunk, stays in L2 or L3; or 0: three phases, each split
// over the workers its own way (the transformed tiles then move between cores twice). On a
// host whose cores sat ~210 ns apart (a cache line, one way), ResNet-50's 56x56 3x3 layers at
// batch 1 took 0.82-0.85x the time in row parts. Every row part streams the whole
// transformed filter, so only where that is smaller than the transformed input. Depends on
// the shapes and the worker count only; the results do not depend on it.
int64_t ChooseWinogradRowParts(int m, int64_t n, int64_t oh, int64_t ow, int64_t ocg, int64_t ob, int workers);

// Scratch bytes of one buffer of RunWinogradConv in `row_parts` parts (it needs one per part,
// one for the three phases): the largest chunk's transformed input and products.
size_t WinogradPartScratchBytes(int m, int64_t n, int64_t oh, int64_t ow, int64_t c1, int64_t out_blocks,
                                int64_t row_parts);

// `scratch`: max(1, row_parts) buffers of WinogradPartScratchBytes each, 64-byte aligned; in
// row parts, buffer k is for the worker in oneTBB slot k (worker_scratch.h), any free one
// for a worker whose slot's is taken.
void RunWinogradConv(const WinogradConvArgs& args, int64_t row_parts, float* const* scratch);

// Per-target phases (winograd_transform.cpp) over a range of tile rows: th = ceil(oh/m) and
// tw = ceil(ow/m); tile row r of the batch is image r / th, row r % th; tile t of the range is
// its row first + t / tw, column t % tw. V: [(m+2)^2][c1][tiles][16]; M: [(m+2)^2][out
// blocks][tiles][16] (tiles = count * tw). The input transform covers units [begin, end) of
// c1 * count (one input block of one tile row each), the output transform units of
// out_blocks * count.
struct WinogradRows {
  int64_t first = 0, count = 0;
};
void WinogradInputTransform(const WinogradConvArgs& a, float* v, const WinogradRows& rows, int64_t begin, int64_t end);
void WinogradOutputTransform(const WinogradConvArgs& a, const float* m, const WinogradRows& rows, int64_t begin,
                             int64_t end);

}  // namespace asim::kernels
