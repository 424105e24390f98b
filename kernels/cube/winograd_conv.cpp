// Winograd convolution: the choice of tile, the filter transform and the three phases (see
// winograd_conv.h). The transforms are per vector target (winograd_transform.cpp); the
// products run on the blocked engine's register tiles.
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/winograd_conv.h"

#include <algorithm>
#include <cstdint>

#include "kernels/common/host/parallel.h"
#include "kernels/common/host/worker_scratch.h"
#include "kernels/cube/blocked_conv_tile.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

// G of F(2, 3) and F(4, 3) (rows: positions, columns: kernel taps).
constexpr double kG2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
constexpr double kG4[6][3] = {{1.0 / 4, 0, 0},
                              {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                              {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                              {1.0 / 24, 1.0 / 12, 1.0 / 6},
                              {1.0 / 24, -1.0 / 12, 1.0 / 6},
                              {0, 0, 1}};

constexpr double GAt(int m, int i, int k) {
  return m == 2 ? kG2[i][k] : kG4[i][k];
}

conv_tile::TileFn Tile(int64_t ob, int r) {
  if (ob == 4) return conv_tile::TileB4(r, 1);
  if (ob == 2) return conv_tile::TileB2(r, 1);
  return conv_tile::TileB1(r, 1);
}

int64_t Tiles(int m, int64_t n, int64_t oh, int64_t ow) {
  return n * CeilDiv(oh, m) * CeilDiv(ow, m);
}

// Tiles a transformed weight is reused over, at least: below this the transformed filter
// ((m+2)^2 / 9 times the filter) streams from memory for too little work, and the direct
// engine wins (ResNet-50's 7x7 layers at batch 1).
constexpr int64_t kMinTiles = 40;
// Channels below which the transforms cost more than the products save.
constexpr int64_t kMinChannels = 32;
// Scratch above which the direct engine is used instead (a huge image).
constexpr size_t kMaxScratchBytes = size_t{512} << 20;

}  // namespace

int64_t WinogradFilterFloats(int m, int64_t ocg, int64_t ob, int64_t c1) {
  return (m + 2) * (m + 2) * ocg * c1 * 16 * ob * 16;
}

namespace {

// The transformed input and the products of the whole convolution, split or not.
size_t WinogradScratchBytes(int m, int64_t n, int64_t oh, int64_t ow, int64_t c1, int64_t out_blocks) {
  const int64_t positions = (m + 2) * (m + 2);
  const int64_t tiles = Tiles(m, n, oh, ow);
  return static_cast<size_t>(positions * (c1 + out_blocks) * tiles * 16) * sizeof(float);
}

}  // namespace

int ChooseWinogradTile(int64_t n, int64_t oh, int64_t ow, int64_t cin, int64_t cout) {
  if (n <= 0 || oh <= 0 || ow <= 0 || cin < kMinChannels || cout < kMinChannels) return 0;
  for (int m : {4, 2}) {
    if (Tiles(m, n, oh, ow) < kMinTiles) continue;
    if (WinogradScratchBytes(m, n, oh, ow, CeilDiv(cin, 16), CeilDiv(cout, 16)) > kMaxScratchBytes) return 0;
    return m;
  }
  return 0;
}

namespace {

// One (weight group, input block) of the filter transform, for a tile size known at compile
// time: G g G^T per (ci, co), computed with co innermost so that the lanes of one row vectorise
// (the summation order per element is that of the textbook formula, in double).
template <int M>
void TransformFilterBlock(const float* src, int64_t co_lanes, int64_t pos_stride, float* out) {
  constexpr int kA = M + 2;
  constexpr int64_t kMaxLanes = 64;  // ob <= 4 blocks of 16
  double g[3][3][kMaxLanes];
  double gg[kA][3][kMaxLanes];  // G g
  for (int64_t ci = 0; ci < 16; ++ci) {
    for (int ky = 0; ky < 3; ++ky)
      for (int kx = 0; kx < 3; ++kx) {
        const float* row = src + ((ky * 3 + kx) * 16 + ci) * co_lanes;
        for (int64_t co = 0; co < co_lanes; ++co) g[ky][kx][co] = row[co];
      }
    for (int i = 0; i < kA; ++i)
      for (int kx = 0; kx < 3; ++kx)
        for (int64_t co = 0; co < co_lanes; ++co) {
          double s = 0;
          for (int ky = 0; ky < 3; ++ky) s += GAt(M, i, ky) * g[ky][kx][co];
          gg[i][kx][co] = s;
        }
    for (int i = 0; i < kA; ++i)
      for (int j = 0; j < kA; ++j) {
        float* row = out + (i * kA + j) * pos_stride + ci * co_lanes;
        for (int64_t co = 0; co < co_lanes; ++co) {
          double s = 0;
          for (int kx = 0; kx < 3; ++kx) s += gg[i][kx][co] * GAt(M, j, kx);
          row[co] = static_cast<float>(s);
        }
      }
  }
}

}  // namespace

void TransformWinogradFilter(int m, const float* packed, int64_t group, int64_t ocg, int64_t ob, int64_t c1,
                             float* dst) {
  const int64_t co_lanes = ob * 16;
  const int64_t pos_stride = ocg * c1 * 16 * co_lanes;
  ParallelFor(c1, 1, [&](int64_t begin, int64_t end) {
    for (int64_t c = begin; c < end; ++c) {
      const float* src = packed + c * 9 * 16 * co_lanes;  // [3][3][16 ci][co_lanes]
      float* out = dst + (group * c1 + c) * 16 * co_lanes;
      if (m == 2) {
        TransformFilterBlock<2>(src, co_lanes, pos_stride, out);
      } else {
        TransformFilterBlock<4>(src, co_lanes, pos_stride, out);
      }
    }
  });
}

int64_t ChooseWinogradRowParts(int m, int64_t n, int64_t oh, int64_t ow, int64_t ocg, int64_t ob, int workers) {
  // Per position, the transformed filter is ocg * ob * 16 output lanes by the input channels
  // and the transformed input the tiles by the same channels: every row part streams the
  // whole filter, worth it only when the filter is the smaller of the two.
  if (Tiles(m, n, oh, ow) < ocg * ob * 16) return 0;
  return std::clamp<int64_t>(workers, 1, n * CeilDiv(oh, m));
}

namespace {

// Tile rows a row part runs from its input transform to its output transform at a time: as
// many as keep their transformed input and products within kChunkBytes (in a core's L2 cache,
// not written out and read back, and written as (m+2)^2 streams a few hundred KB apart rather
// than megabytes), where the transformed filter, read again for every chunk, stays in L2 or
// L3. ResNet-50 at batch 8 on a Zen 5 host: the 28x28 layers (2.4 MB filter, one tile row
// per chunk) 0.73x their time; the 56x56 layers ~4% less.
constexpr int64_t kChunkBytes = int64_t{256} << 10;
constexpr int64_t kMaxChunkedFilterBytes = int64_t{8} << 20;

int64_t ChunkRows(int m, int64_t ow, int64_t c1, int64_t out_blocks) {
  const int64_t positions = (m + 2) * (m + 2);
  const int64_t filter_bytes = positions * c1 * 16 * out_blocks * 16 * static_cast<int64_t>(sizeof(float));
  if (filter_bytes > kMaxChunkedFilterBytes) return INT64_MAX;
  const int64_t row_bytes = positions * (c1 + out_blocks) * CeilDiv(ow, m) * 16 * static_cast<int64_t>(sizeof(float));
  return std::max<int64_t>(1, kChunkBytes / row_bytes);
}

}  // namespace

size_t WinogradPartScratchBytes(int m, int64_t n, int64_t oh, int64_t ow, int64_t c1, int64_t out_blocks,
                                int64_t row_parts) {
  const int64_t positions = (m + 2) * (m + 2), rows = n * CeilDiv(oh, m), tw = CeilDiv(ow, m);
  const int64_t part_rows =
      row_parts <= 0 ? rows : std::min(CeilDiv(rows, row_parts), ChunkRows(m, ow, c1, out_blocks));
  return static_cast<size_t>(positions * (c1 + out_blocks) * part_rows * tw * 16) * sizeof(float);
}

namespace {

// The products of the tiles in [first, last) of V (its rows `tiles16` floats long) for
// position p and weight group g, into M.
void Products(const WinogradConvArgs& a, int64_t p, int64_t g, const float* v, float* products, int64_t tiles16,
              int64_t first, int64_t last) {
  const int max_r = conv_tile::MaxTilePixels(a.ob);
  conv_tile::TileArgs t;
  t.in_c1 = tiles16;
  t.c1 = a.c1;
  t.c0_last = a.c0_last;
  t.out_c1 = tiles16;
  t.weights = a.filter + (p * a.ocg + g) * a.c1 * 16 * a.ob * 16;
  t.out_blocks = std::min<int64_t>(a.ob, a.out_blocks - g * a.ob);
  const float* in = v + p * a.c1 * tiles16;
  float* out = products + (p * a.out_blocks + g * a.ob) * tiles16;
  const conv_tile::TileFn full = Tile(a.ob, max_r);
  for (int64_t tile = first; tile < last; tile += max_r) {
    const int r = static_cast<int>(std::min<int64_t>(max_r, last - tile));
    t.in = in + tile * 16;
    t.out32 = out + tile * 16;
    (r == max_r ? full : Tile(a.ob, r))(t);
  }
}

// Rows from the input transform to the output transform, on one worker's buffer.
void RunRows(const WinogradConvArgs& a, const WinogradRows& rows, float* scratch) {
  const int64_t positions = (a.m + 2) * (a.m + 2);
  const int64_t tiles = rows.count * CeilDiv(a.ow, a.m), tiles16 = tiles * 16;
  float* v = scratch;
  float* products = v + positions * a.c1 * tiles16;
  WinogradInputTransform(a, v, rows, 0, a.c1 * rows.count);
  for (int64_t p = 0; p < positions; ++p) {
    for (int64_t g = 0; g < a.ocg; ++g) Products(a, p, g, v, products, tiles16, 0, tiles);
  }
  WinogradOutputTransform(a, products, rows, 0, a.out_blocks * rows.count);
}

// One worker's rows, in chunks of ChunkRows.
void RunRowPart(const WinogradConvArgs& a, const WinogradRows& rows, float* scratch) {
  const int64_t chunk = ChunkRows(a.m, a.ow, a.c1, a.out_blocks);
  for (int64_t done = 0; done < rows.count; done += chunk) {
    RunRows(a, WinogradRows{rows.first + done, std::min(chunk, rows.count - done)}, scratch);
  }
}

}  // namespace

void RunWinogradConv(const WinogradConvArgs& a, int64_t row_parts, float* const* scratch) {
  if (a.n <= 0 || a.oh <= 0 || a.ow <= 0 || a.ocg <= 0 || a.out_blocks <= 0) return;
  const int64_t total_rows = a.n * CeilDiv(a.oh, a.m);
  if (row_parts >= 1) {
    // Each body on its worker's buffer (worker_scratch.h): one body per part at most, so no
    // more claims than buffers.
    const WorkerScratch buffers(scratch, row_parts);
    ParallelFor(row_parts, 1, [&](int64_t begin, int64_t end) {
      const WorkerScratch::Claim buffer = buffers.Take();
      for (int64_t part = begin; part < end; ++part) {
        WinogradRows rows;
        rows.first = total_rows * part / row_parts;
        rows.count = total_rows * (part + 1) / row_parts - rows.first;
        if (rows.count > 0) RunRowPart(a, rows, buffer.data());
      }
    });
    return;
  }
  // Three phases, each split over the workers its own way.
  const WinogradRows all{0, total_rows};
  const int64_t positions = (a.m + 2) * (a.m + 2);
  const int64_t tiles = total_rows * CeilDiv(a.ow, a.m), tiles16 = tiles * 16;
  float* v = scratch[0];
  float* products = v + positions * a.c1 * tiles16;
  ParallelFor(a.c1 * total_rows, 1, [&](int64_t begin, int64_t end) { WinogradInputTransform(a, v, all, begin, end); });
  // The products: per position and weight group, a 1x1 convolution over the tiles, in runs of
  // a few register tiles so that the group's transformed weights stay in cache.
  const int64_t run = 8 * conv_tile::MaxTilePixels(a.ob);
  const int64_t runs = CeilDiv(tiles, run);
  ParallelFor(positions * a.ocg * runs, 1, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t r0 = item % runs, g = (item / runs) % a.ocg, p = item / (runs * a.ocg);
      Products(a, p, g, v, products, tiles16, r0 * run, std::min(tiles, (r0 + 1) * run));
    }
  });
  ParallelFor(a.out_blocks * total_rows, 1,
              [&](int64_t begin, int64_t end) { WinogradOutputTransform(a, products, all, begin, end); });
}

}  // namespace asim::kernels
