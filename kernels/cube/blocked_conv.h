// The fp32 direct-convolution engine over blocked layouts: the host compute behind every
// fast convolution and matrix multiplication of the cube kernels (AI Core fp16/fp32 and
// AI CPU fp32/fp16 alike; fp16 operands are widened to fp32 first, so fp16 storage meets
// fp32 accumulation as on the cube).
//
// Layouts (all fp32, 64-byte aligned, C0 = 16 channels = one AVX-512 register, two AVX2 ones):
//   input   (n, c1, y, x, c0) at in + n*in_n + c1*in_c1 + y*in_row + x*16 + c0, already
//           padded (the engine reads y = oy*sh + ky*dh, x = ox*sw + kx*dw, nothing else).
//   weights packed per group of `ob` output blocks: [ocg][c1][kh][kw][16 ci][ob*16 co]
//           (PackedWeightFloats gives the size); zero where co or ci does not exist.
//   output  (n, co1, y, x, c0) at out + n*out_n + co1*out_c1 + y*out_row + x*16 + c0, fp32 or
//           fp16 (out_f16); blocks co1 >= out_blocks are not written.
// A register tile of R output pixels x ob*16 channels accumulates over every (ci, ky, kx)
// with one weight vector load per ob and one broadcast per pixel (R*ob FMAs per step).
// Owner: the cube kernels. Thread safety: re-entrant; RunBlockedConv splits the work over
// oneTBB workers. Failure: none (the caller validates shapes; pointers must be valid).
#pragma once

#include <cstdint>

namespace asim::kernels {

struct BlockedConvArgs {
  const float* in = nullptr;
  int64_t in_n = 0, in_c1 = 0, in_row = 0;
  int64_t c1 = 0;        // input channel blocks
  int64_t c0_last = 16;  // channels that exist in the last input block (1..16)

  const float* weights = nullptr;
  int64_t ob = 1;               // output blocks per weight group: 1, 2 or 4
  int64_t ocg = 0;              // weight groups
  const float* bias = nullptr;  // ocg*ob*16 floats, or nullptr for zero

  int64_t kh = 1, kw = 1, sh = 1, sw = 1, dh = 1, dw = 1;
  int64_t n = 0, oh = 0, ow = 0;
  // Floats from one input pixel to the next along a row: 16 (a C0 block), or fewer for an
  // input whose pixels are packed narrower (conv_runner.cpp's narrow stem: its channels).
  int64_t in_pixel = 16;

  void* out = nullptr;
  int64_t out_n = 0, out_c1 = 0, out_row = 0;
  int64_t out_blocks = 0;  // output channel blocks that exist (<= ocg*ob)
  bool out_f16 = false;
  // The conv epilogue (conv_epilogue.h) fused into the final stores of an fp32 output:
  // out = relu?(conv + residual), `residual` laid out as `out` (nullptr: none). Ignored for
  // fp16 outputs (the caller applies it afterwards, rounding as the vector unit does).
  const float* residual = nullptr;
  bool relu = false;

  // Fused mode (pack_chunk set; `weights` unused): each work item (n, weight group, run of
  // rows) packs the weights of `chunk_c1` input blocks at a time with
  // pack_chunk(pack_source, group, first block, blocks, dst), which packs them into `dst`,
  // its own slice of `chunk_buffers` (ChunkFloats each), or returns where they already are
  // packed (a filter prepacked at load); runs its tiles over what it returns (64-byte
  // aligned) and keeps the running sums in fp32 in `partial` (laid out as the output;
  // nullptr: the output itself, which must then be fp32). Weights are read once and never
  // written back to memory packed.
  const float* (*pack_chunk)(const void* source, int64_t g, int64_t ci1_first, int64_t ci1_count, float* dst) = nullptr;
  const void* pack_source = nullptr;
  int64_t chunk_c1 = 1;
  float* chunk_buffers = nullptr;
  float* partial = nullptr;
  // Where the chunk at (group, first block) already is in memory, when the weights are
  // prepacked (nullptr: packed per chunk). The tiles over one chunk prefetch the next one from
  // there, a few lines per input block: a model's filters (ResNet-50: 100 MB) do not stay in
  // the caches from one execution to the next, and the hardware prefetcher stops at every
  // 4 KiB page.
  const float* (*chunk_address)(const void* source, int64_t g, int64_t ci1_first) = nullptr;
};

// Runs the whole convolution described by `args`.
void RunBlockedConv(const BlockedConvArgs& args);

// Whether its tiles prefetch the next tile's input pixels (TileArgs::prefetch_next_pixels):
// a 1x1 convolution whose input is too large to be in the caches still.
bool PrefetchNextPixels(const BlockedConvArgs& args);

// Whether the fused mode splits the work by runs of image rows (spatial order) rather than by
// weight groups on `workers` workers: at a batch below the workers, for a prepacked filter of
// whole chunks, when the input pixels the layer reads (sh * sw per output pixel) outweigh 16
// per output block and filter tap. The results do not depend on it.
bool FusedSpatialOrder(const BlockedConvArgs& args, int64_t workers);

// Whether the fused mode splits the reduction over the input blocks in two parts, added in a
// second loop: at batch 1, for a prepacked filter of two whole chunks or more and no fused
// residual, when the layer reads more than it writes (input blocks x sh x sw > output blocks)
// and is not one FusedSpatialOrder would take (whatever the worker count). It changes the
// order in which the products are added, not with the worker count.
bool FusedInputSplit(const BlockedConvArgs& args);

// The number of output blocks per weight group (1, 2 or 4) for `out_blocks` output channel
// blocks and `ow` output columns: what keeps the register tile full on the vector target
// running now (kernels/framework/isa.h). It differs between targets, so whatever is sized
// before the run (workspaces planned into a model) takes the larger of both choices
// (ChooseOutputBlocksFor with true and false): a model converted on one host loads on any.
// `wide_rows`: the direct convolution engine, whose rows of 14 pixels or more take 4 blocks
// (false: 2, which the Winograd path and the GEMM keep). The workspace a plan needs does not
// depend on it (FusedWorkItems counts blocks), so models converted before it load.
int64_t ChooseOutputBlocks(int64_t out_blocks, int64_t ow, bool wide_rows = false);
// The same for a target whose 16-lane block fits one vector register (AVX-512) or not.
int64_t ChooseOutputBlocksFor(bool block_in_one_register, int64_t out_blocks, int64_t ow, bool wide_rows = false);

// Floats of the packed weights: ocg * c1 * kh * kw * 16 * ob * 16.
int64_t PackedWeightFloats(int64_t out_blocks, int64_t ob, int64_t c1, int64_t kh, int64_t kw);

// Fused mode: input blocks per chunk (about 128 reduction steps), the floats of one chunk
// buffer, and how many work items (so chunk buffers) a convolution uses.
int64_t ChunkInputBlocks(int64_t kh, int64_t kw);
int64_t ChunkFloats(int64_t chunk_c1, int64_t ob, int64_t kh, int64_t kw);
int64_t FusedWorkItems(int64_t n, int64_t ocg, int64_t ob, int64_t oh);

// Depthwise (one input channel per output channel) on the same blocked input: weights
// [c1][kh][kw][16], bias [c1*16] or nullptr; output blocks = input blocks.
struct BlockedDepthwiseArgs {
  const float* in = nullptr;
  int64_t in_n = 0, in_c1 = 0, in_row = 0;
  int64_t c1 = 0;
  const float* weights = nullptr;
  const float* bias = nullptr;
  int64_t kh = 1, kw = 1, sh = 1, sw = 1, dh = 1, dw = 1;
  int64_t n = 0, oh = 0, ow = 0;
  void* out = nullptr;
  int64_t out_n = 0, out_c1 = 0, out_row = 0;
  bool out_f16 = false;
};
void RunBlockedDepthwise(const BlockedDepthwiseArgs& args);

}  // namespace asim::kernels
