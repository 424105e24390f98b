// The blocked convolution engine: work split and tile dispatch (see blocked_conv.h); the
// register tiles themselves are in blocked_conv_tile-inl.h. The depthwise loop and the
// register budget are compiled per vector target (Highway) and dispatched at run time.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/cube/blocked_conv.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <optional>

#include "kernels/common/host/host_threads.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/host/scratch_pool.h"
#include "kernels/cube/blocked_conv.h"
#include "kernels/cube/blocked_conv_tile-inl.h"
#include "kernels/cube/blocked_conv_tile.h"
#include "kernels/cube/simd-inl.h"

HWY_BEFORE_NAMESPACE();
namespace asim::kernels::HWY_NAMESPACE {

int MaxTilePixelsTarget(int64_t b) {
  return b == 4 ? conv_tile::MaxPixels(4) : b == 2 ? conv_tile::MaxPixels(2) : conv_tile::MaxPixels(1);
}

bool BlockFitsOneRegisterTarget() {
  return simd::kParts == 1;
}

void RunBlockedDepthwiseTarget(const BlockedDepthwiseArgs& a) {
  if (a.n <= 0 || a.oh <= 0 || a.ow <= 0 || a.c1 <= 0) return;
  // Pixels per step: their accumulators, the weights and one input block in registers.
  constexpr int64_t kTile = std::clamp((simd::kRegisters - 2 * simd::kParts) / simd::kParts, 1, 8);
  ParallelFor(a.n * a.c1 * a.oh, 1, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t oy = row % a.oh, c = (row / a.oh) % a.c1, in = row / (a.oh * a.c1);
      const float* src = a.in + in * a.in_n + c * a.in_c1 + oy * a.sh * a.in_row;
      const float* w = a.weights + c * a.kh * a.kw * 16;
      const simd::V16 init = a.bias != nullptr ? simd::Load(a.bias + c * 16) : simd::Zero();
      const int64_t out_off = in * a.out_n + c * a.out_c1 + oy * a.out_row;
      for (int64_t ox0 = 0; ox0 < a.ow; ox0 += kTile) {
        const int64_t count = std::min(kTile, a.ow - ox0);
        simd::V16 acc[kTile];
        for (int64_t r = 0; r < kTile; ++r) acc[r] = init;
        for (int64_t ky = 0; ky < a.kh; ++ky) {
          for (int64_t kx = 0; kx < a.kw; ++kx) {
            const simd::V16 wv = simd::Load(w + (ky * a.kw + kx) * 16);
            const float* p = src + ky * a.dh * a.in_row + (ox0 * a.sw + kx * a.dw) * 16;
            for (int64_t r = 0; r < count; ++r) simd::Fma(simd::LoadU(p + r * a.sw * 16), wv, acc[r]);
          }
        }
        for (int64_t r = 0; r < count; ++r) {
          if (a.out_f16) {
            simd::StoreHalf(static_cast<uint16_t*>(a.out) + out_off + (ox0 + r) * 16, acc[r]);
          } else {
            simd::StoreU(static_cast<float*>(a.out) + out_off + (ox0 + r) * 16, acc[r]);
          }
        }
      }
    }
  });
}

void AddPartialSumsTarget(const float* first, const float* second, int64_t pixels, bool relu, float* out32,
                          uint16_t* out16) {
  for (int64_t x = 0; x < pixels; ++x) {
    simd::V16 v = simd::Add(simd::LoadU(first + x * 16), simd::LoadU(second + x * 16));
    if (out16 != nullptr) {
      simd::StoreHalf(out16 + x * 16, v);
      continue;
    }
    if (relu) v = simd::Relu(v);
    simd::StoreU(out32 + x * 16, v);
  }
}

}  // namespace asim::kernels::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace asim::kernels {

HWY_EXPORT(MaxTilePixelsTarget);
HWY_EXPORT(BlockFitsOneRegisterTarget);
HWY_EXPORT(RunBlockedDepthwiseTarget);
HWY_EXPORT(AddPartialSumsTarget);

namespace conv_tile {

int MaxTilePixels(int64_t b) {
  return HWY_DYNAMIC_DISPATCH(MaxTilePixelsTarget)(b);
}

bool BlockFitsOneRegister() {
  return HWY_DYNAMIC_DISPATCH(BlockFitsOneRegisterTarget)();
}

}  // namespace conv_tile

namespace {

using conv_tile::TileArgs;
using conv_tile::TileFn;

TileFn Tile(int64_t ob, int r, int s) {
  if (ob == 4) return conv_tile::TileB4(r, s);
  if (ob == 2) return conv_tile::TileB2(r, s);
  return conv_tile::TileB1(r, s);
}

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

bool PrefetchNextPixels(const BlockedConvArgs& a) {
  // Below this the input stays in the caches from the layer that wrote it, and the
  // prefetches only take load slots (ResNet-50 at batch 1, one thread: 1.03-1.05x the time
  // with them on every 1x1 layer). Above it (batch 8: 6-26 MB inputs) the 1x1 layers ran
  // 0.85-0.95x the time with them.
  constexpr int64_t kFromBytes = int64_t{4} << 20;
  return a.kh == 1 && a.kw == 1 && a.n * a.in_n * static_cast<int64_t>(sizeof(float)) >= kFromBytes;
}

int64_t ChooseOutputBlocksFor(bool block_in_one_register, int64_t out_blocks, int64_t ow, bool wide_rows) {
  // A block in two or more registers (AVX2, 128-bit): one block per tile keeps the most
  // pixels in the register file (6 against 2 for two blocks).
  if (!block_in_one_register) return 1;
  // 6: a 4-block tile's pixels. Rows of 14 or more pixels split into nearly full 6-pixel
  // tiles, whose 4 weight loads and 6 broadcasts per 24 FMAs run faster than the 14-pixel
  // tile's 2 and 14 per 28 (bench/conv at batch 1 on AVX-512: ResNet-50's 1x1 and stride-2
  // 3x3 layers 0.82-0.95x the time); 7-pixel rows split badly (4 + 3) and stay at 2 blocks.
  if (out_blocks >= 4 && out_blocks % 4 == 0 && (ow <= 6 || (wide_rows && ow >= 14))) return 4;
  if (out_blocks >= 2) return 2;
  return 1;
}

int64_t ChooseOutputBlocks(int64_t out_blocks, int64_t ow, bool wide_rows) {
  return ChooseOutputBlocksFor(conv_tile::BlockFitsOneRegister(), out_blocks, ow, wide_rows);
}

int64_t PackedWeightFloats(int64_t out_blocks, int64_t ob, int64_t c1, int64_t kh, int64_t kw) {
  return CeilDiv(out_blocks, ob) * c1 * kh * kw * 16 * ob * 16;
}

int64_t ChunkInputBlocks(int64_t kh, int64_t kw) {
  return std::max<int64_t>(1, 4 / (kh * kw));
}

int64_t ChunkFloats(int64_t chunk_c1, int64_t ob, int64_t kh, int64_t kw) {
  return chunk_c1 * kh * kw * 16 * ob * 16;
}

namespace {

// The tiles' stride class (blocked_conv_tile.h) for the input's pixel step; 0: at run time.
int StrideClass(const BlockedConvArgs& a) {
  const int64_t step = a.sw * a.in_pixel;
  for (int s = 1; s < conv_tile::kStrideClasses; ++s) {
    if (conv_tile::kStrideClassFloats[s] == step) return s;
  }
  return 0;
}

// Fused mode: runs of rows per (n, weight group), enough for 16 output blocks of work items
// (8 items of 2 blocks, 4 of 4; each run packs its group's weights again). A fixed count, not
// the worker count, so the workspace sized at selection fits at run time; counted in blocks
// so that the chunk buffers (items x blocks per item) take the same bytes whatever the
// blocks per group: a model converted when rows of 14+ pixels took 2 loads with 4.
int64_t RowRuns(int64_t n, int64_t ocg, int64_t ob, int64_t oh) {
  return std::clamp<int64_t>(CeilDiv(16, std::max<int64_t>(1, n * ocg * ob)), 1, std::max<int64_t>(1, oh));
}

// A 1x1, stride-1 convolution whose input and output rows are unpadded reads and writes its
// pixels contiguously, row after row: the engine then tiles the rows as one long row, so that
// small feature maps (ResNet's 7x7) get full register tiles instead of one short tile per row.
bool RowsAreContiguous(const BlockedConvArgs& a) {
  return a.kh == 1 && a.kw == 1 && a.sh == 1 && a.sw == 1 && a.in_pixel == 16 && a.in_row == a.ow * 16 &&
         a.out_row == a.ow * 16;
}

}  // namespace

// Work items in spatial order, runs of rows outermost, when the batch does not already give
// every worker images of its own and the layer's activations outweigh its filter (the input
// pixels it reads, sh * sw per output pixel, against 16 per output block and tap: ResNet's
// 56x56 and 28x28 1x1 layers and its 56x56 -> 28x28 strided 3x3 at batch 1): the workers then
// split the image by rows, each reading mostly rows it wrote itself in the layer before,
// instead of by weight groups, each reading every row. Moving a cache line between cores costs
// hundreds of nanoseconds on some hosts (a 2-vCPU AMD EPYC VM whose vCPUs sat ~210 ns apart one
// way: those 1x1 layers took 0.80-0.90x the time; with the vCPUs ~55 ns apart, the same; the
// strided 3x3 made the execution 0.3-0.5% faster ~230 ns apart, in executions alternating with
// and without it), the filter (small here) read by every worker instead of one. Only for a
// prepacked filter, whose chunks are read in place, so that work items beyond the ones the
// workspace plans chunk buffers for need none (items sharing a buffer they write race:
// tests/unit/kernels/conv_threads.cpp under TSan). Whole chunks only, to be safe by
// construction: a prepacked filter's partial last chunk is read in place as well today (its
// pack_chunk copies only a chunk that runs past the group's blocks, which the engine never
// asks for), but the copy's buffer would be a shared one here.
bool FusedSpatialOrder(const BlockedConvArgs& a, int64_t workers) {
  return a.chunk_address != nullptr && a.c1 % a.chunk_c1 == 0 && workers > 1 && a.n < workers &&
         a.n * a.oh * a.ow * a.sh * a.sw > 16 * a.out_blocks * a.kh * a.kw;
}

// The input split, at batch 1 when the layer reads more than it writes (input blocks times the
// pixels read per output pixel, sh * sw, against output blocks) and is not in spatial order:
// the two parts of a reduction each add up half of the input blocks, into the output and
// into a buffer of its layout, and a second loop adds them. At batch 1 the layer before
// such a layer (ResNet-50's 14x14 and 7x7 1x1 reduce layers and their stages' strided 3x3)
// ran in weight-group order, each worker writing half of the channel blocks, in the pool's
// contiguous shares (spin_pool.h): whoever runs part p reads mostly blocks its own core
// wrote, instead of every worker reading every block (half of them from the other core's
// cache), and the blocks handed across are the half of the output the other part's sums
// make, fewer than half of the input. The second loop gives each worker the output blocks it
// then hands to the next layer in the same shares. Measured on a 2-vCPU AMD EPYC VM (vCPUs
// ~215-240 ns apart one way), executions alternating with and without it: ResNet-50 at
// batch 1 1.5% faster in fp32 and 1.8% with fp16 outputs; 0.5-0.75% slower on one thread
// (the added loop). It does not depend on the worker count, so that the bits do not either
// (the sums are added in another order than in one pass: within the fp32 tolerance of
// the unprepared path). Prepacked whole chunks only, as the spatial order, and no fused
// residual (the output holds part 0's sums until the parts are added).
bool FusedInputSplit(const BlockedConvArgs& a) {
  return a.chunk_address != nullptr && a.c1 % a.chunk_c1 == 0 && a.c1 / a.chunk_c1 >= 2 && a.n == 1 &&
         a.residual == nullptr && a.c1 * a.sh * a.sw > a.out_blocks &&
         a.n * a.oh * a.ow * a.sh * a.sw <= 16 * a.out_blocks * a.kh * a.kw;
}

namespace {

void RunFused(const BlockedConvArgs& a) {
  const int max_r = conv_tile::MaxTilePixels(a.ob);
  const int s_class = StrideClass(a);
  const int64_t planned_runs = RowRuns(a.n, a.ocg, a.ob, a.oh);
  const int64_t workers = std::max(1, HostConcurrency());
  const bool spatial = FusedSpatialOrder(a, workers);
  // The input split (never with `spatial`: their size conditions exclude each other): part 1's
  // running sums in a buffer of the output's layout (one image), leased with the affinity of
  // the pool's worker, which runs part 1 (scratch_pool.h). Without the memory: one pass.
  bool split = FusedInputSplit(a);
  std::optional<ScratchLease> other_lease;
  if (split) {
    const int64_t floats = (a.out_blocks - 1) * a.out_c1 + (a.oh - 1) * a.out_row + a.ow * 16;
    other_lease.emplace(static_cast<size_t>(floats) * sizeof(float), 1);
    split = other_lease->data() != nullptr;
  }
  float* const other = split ? static_cast<float*>(other_lease->data()) : nullptr;
  const int64_t parts = split ? 2 : 1;
  const int64_t chunks = CeilDiv(a.c1, a.chunk_c1);
  // The first input block of part p (p = parts: the end).
  const auto part_begin = [&](int64_t p) { return std::min(a.c1, chunks * p / parts * a.chunk_c1); };
  // Two runs per worker: the split stays spatial and the workers can still even out.
  const int64_t runs = spatial ? std::max(planned_runs, std::min<int64_t>(a.oh, 2 * workers)) : planned_runs;
  const int64_t planned_items = a.n * a.ocg * planned_runs;
  // Item `item`'s run, image and weight group.
  const auto decode = [&](int64_t item, int64_t* part, int64_t* run, int64_t* in, int64_t* g) {
    *part = 0;
    if (spatial) {
      *g = item % a.ocg, *in = (item / a.ocg) % a.n, *run = item / (a.ocg * a.n);
    } else {
      *run = item % runs, *g = (item / runs) % a.ocg, *in = (item / (runs * a.ocg)) % a.n;
      *part = item / (runs * a.ocg * a.n);
    }
  };
  // A work item covers `rows_per_run` rows of `row_pixels` pixels: the image's rows, or (rows
  // contiguous) pixel ranges of the flattened image, as many work items either way (the
  // workspace holds one chunk buffer per planned work item).
  const bool flat = RowsAreContiguous(a);
  const int64_t pixels = a.oh * a.ow;
  const int64_t row_pixels = flat ? CeilDiv(pixels, runs) : a.ow;
  const int64_t rows = flat ? CeilDiv(pixels, row_pixels) : a.oh;
  const int64_t rows_per_run = flat ? 1 : CeilDiv(a.oh, runs);
  const int64_t tiles_per_row = CeilDiv(row_pixels, max_r);
  const int r_main = static_cast<int>(CeilDiv(row_pixels, tiles_per_row));
  const TileFn main_fn = Tile(a.ob, r_main, s_class);
  const int64_t chunk_floats = ChunkFloats(a.chunk_c1, a.ob, a.kh, a.kw);
  const int64_t chunk_lines = chunk_floats * static_cast<int64_t>(sizeof(float)) / 64;
  float* sums = a.partial != nullptr ? a.partial : static_cast<float*>(a.out);
  TileArgs base;
  base.in_c1 = a.in_c1;
  base.kh = a.kh;
  base.kw = a.kw;
  base.dh_row = a.dh * a.in_row;
  base.dw16 = a.dw * a.in_pixel;
  base.sw16 = a.sw * a.in_pixel;
  base.out_c1 = a.out_c1;
  base.prefetch_next_pixels = PrefetchNextPixels(a);
  ParallelFor(parts * a.n * a.ocg * runs, 1, [&](int64_t begin, int64_t end) {
    TileArgs t = base;
    for (int64_t item = begin; item < end; ++item) {
      int64_t part = 0, run = 0, in = 0, g = 0;
      decode(item, &part, &run, &in, &g);
      const int64_t row_begin = run * rows_per_run, row_end = std::min(rows, row_begin + rows_per_run);
      if (row_begin >= row_end) continue;  // more work items than rows: nothing to pack or compute
      // (Spatial order, input split: the chunks are read in place and the slot never written.)
      float* buffer = a.chunk_buffers + (item % planned_items) * chunk_floats;
      t.out_blocks = std::min<int64_t>(a.ob, a.out_blocks - g * a.ob);
      const int64_t tiles = (row_end - row_begin) * tiles_per_row;
      const int64_t c_begin = part_begin(part), c_end = part_begin(part + 1);
      float* const dst = part == 0 ? sums : other;
      for (int64_t c = c_begin; c < c_end; c += a.chunk_c1) {
        const int64_t count = std::min(a.chunk_c1, c_end - c);
        const bool first = c == c_begin, last = c + count == c_end && !split;
        t.weights = a.pack_chunk(a.pack_source, g, c, count, buffer);
        // The next chunk this worker runs: this group's next blocks, or the next item's first;
        // its lines spread over this chunk's tiles and input blocks.
        const char* pf = nullptr;  // the next line to prefetch
        const char* pf_end = nullptr;
        const bool part_left = c + count < c_end;
        if (a.chunk_address != nullptr && (part_left || item + 1 < end)) {
          int64_t next_part = 0, next_run = 0, next_in = 0, next_g = 0;
          decode(item + 1, &next_part, &next_run, &next_in, &next_g);
          const float* next = part_left ? a.chunk_address(a.pack_source, g, c + count)
                                        : a.chunk_address(a.pack_source, next_g, part_begin(next_part));
          pf = reinterpret_cast<const char*>(next);
          pf_end = pf + chunk_lines * 64;
          t.prefetch_per_block = CeilDiv(chunk_lines, tiles * count);
        }
        t.c1 = count;
        t.c0_last = c + count == a.c1 ? a.c0_last : 16;
        t.bias = first && part == 0 && a.bias != nullptr ? a.bias + g * a.ob * 16 : nullptr;
        for (int64_t row = row_begin; row < row_end; ++row) {
          // The row's first pixel and its length; input and output addresses of pixel x of
          // the row are in_row + x * sw * 16 and row_off + x * 16 in both cases.
          const int64_t width = flat ? std::min(row_pixels, pixels - row * row_pixels) : a.ow;
          const int64_t in_offset = flat ? row * row_pixels * 16 : row * a.sh * a.in_row;
          const int64_t out_offset = flat ? row * row_pixels * 16 : row * a.out_row;
          const float* in_row = a.in + in * a.in_n + c * a.in_c1 + in_offset;
          const int64_t row_off = in * a.out_n + g * a.ob * a.out_c1 + out_offset;
          for (int64_t ox = 0; ox < width; ox += r_main) {
            const int64_t r = std::min<int64_t>(r_main, width - ox);
            const int64_t off = row_off + ox * 16;
            t.prefetch = pf;
            t.prefetch_end = pf == nullptr ? nullptr : std::min(pf_end, pf + t.prefetch_per_block * count * 64);
            t.in = in_row + ox * a.sw * a.in_pixel;
            t.acc_in = first ? nullptr : dst + off;
            t.out32 = nullptr;
            t.out16 = nullptr;
            t.res32 = nullptr;
            t.relu = false;
            if (!last) {
              t.out32 = dst + off;
            } else if (a.out_f16) {
              t.out16 = static_cast<uint16_t*>(a.out) + off;
            } else {
              t.out32 = static_cast<float*>(a.out) + off;
              t.res32 = a.residual != nullptr ? a.residual + off : nullptr;
              t.relu = a.relu;
            }
            (r == r_main ? main_fn : Tile(a.ob, static_cast<int>(r), s_class))(t);
            pf = t.prefetch_end;  // the next tile goes on from there
          }
        }
      }
    }
  });
  if (!split) return;
  // The parts added, by output blocks in the pool's contiguous shares: each worker finishes
  // the blocks that the next layer, split by input blocks or weight groups in the same
  // shares, mostly reads on the same core.
  ParallelFor(a.n * a.out_blocks, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t block = item % a.out_blocks, in = item / a.out_blocks;
      for (int64_t y = 0; y < a.oh; ++y) {
        const int64_t off = in * a.out_n + block * a.out_c1 + y * a.out_row;
        float* out32 = a.out_f16 ? nullptr : static_cast<float*>(a.out) + off;
        uint16_t* out16 = a.out_f16 ? static_cast<uint16_t*>(a.out) + off : nullptr;
        HWY_DYNAMIC_DISPATCH(AddPartialSumsTarget)(sums + off, other + off, a.ow, a.relu, out32, out16);
      }
    }
  });
}

}  // namespace

int64_t FusedWorkItems(int64_t n, int64_t ocg, int64_t ob, int64_t oh) {
  return n * ocg * RowRuns(n, ocg, ob, oh);
}

void RunBlockedConv(const BlockedConvArgs& a) {
  if (a.n <= 0 || a.oh <= 0 || a.ow <= 0 || a.ocg <= 0) return;
  if (a.pack_chunk != nullptr) {
    RunFused(a);
    return;
  }
  const int max_r = conv_tile::MaxTilePixels(a.ob);
  const int64_t tiles_per_row = CeilDiv(a.ow, max_r);
  const int r_main = static_cast<int>(CeilDiv(a.ow, tiles_per_row));  // tiles as even as possible
  const int s_class = StrideClass(a);
  const TileFn main_fn = Tile(a.ob, r_main, s_class);
  const int64_t rows = a.n * a.ocg * a.oh;
  // Split rows into column chunks when there are too few rows to keep every worker busy.
  const int64_t workers = std::max(1, HostConcurrency());
  const int64_t chunks = std::min(tiles_per_row, std::max<int64_t>(1, CeilDiv(4 * workers, rows)));
  const int64_t tiles_per_chunk = CeilDiv(tiles_per_row, chunks);
  const int64_t weight_group = a.c1 * a.kh * a.kw * 16 * a.ob * 16;

  TileArgs base;
  base.in_c1 = a.in_c1;
  base.c1 = a.c1;
  base.c0_last = a.c0_last;
  base.kh = a.kh;
  base.kw = a.kw;
  base.dh_row = a.dh * a.in_row;
  base.dw16 = a.dw * a.in_pixel;
  base.sw16 = a.sw * a.in_pixel;
  base.out_c1 = a.out_c1;
  base.relu = a.relu && !a.out_f16;
  base.prefetch_next_pixels = PrefetchNextPixels(a);

  ParallelFor(rows * chunks, 1, [&](int64_t begin, int64_t end) {
    TileArgs t = base;
    for (int64_t item = begin; item < end; ++item) {
      const int64_t chunk = item % chunks;
      const int64_t row = item / chunks;
      const int64_t oy = row % a.oh;
      const int64_t g = (row / a.oh) % a.ocg;
      const int64_t in = row / (a.oh * a.ocg);
      t.weights = a.weights + g * weight_group;
      t.bias = a.bias != nullptr ? a.bias + g * a.ob * 16 : nullptr;
      t.out_blocks = std::min<int64_t>(a.ob, a.out_blocks - g * a.ob);
      const float* in_row = a.in + in * a.in_n + oy * a.sh * a.in_row;
      const int64_t out_off = in * a.out_n + g * a.ob * a.out_c1 + oy * a.out_row;
      const int64_t first = chunk * tiles_per_chunk * r_main;
      const int64_t last = std::min(a.ow, first + tiles_per_chunk * r_main);
      for (int64_t ox = first; ox < last; ox += r_main) {
        const int64_t r = std::min<int64_t>(r_main, last - ox);
        t.in = in_row + ox * a.sw * a.in_pixel;
        if (a.out_f16) {
          t.out16 = static_cast<uint16_t*>(a.out) + out_off + ox * 16;
        } else {
          t.out32 = static_cast<float*>(a.out) + out_off + ox * 16;
          t.res32 = a.residual != nullptr ? a.residual + out_off + ox * 16 : nullptr;
        }
        (r == r_main ? main_fn : Tile(a.ob, static_cast<int>(r), s_class))(t);
      }
    }
  });
}

void RunBlockedDepthwise(const BlockedDepthwiseArgs& a) {
  HWY_DYNAMIC_DISPATCH(RunBlockedDepthwiseTarget)(a);
}

}  // namespace asim::kernels
#endif  // HWY_ONCE
