// CubeConvWork / CubeMatMulWork: see cube_work.h for what is counted and why.
// Owner: the cost-model engineer. Thread safety: pure functions. Failure: none.
#include "kernels/common/cost/cube_work.h"

#include <algorithm>

namespace asim::kernels {
namespace {

constexpr int64_t kFractal = 16;    // M and N fractal edge
constexpr int64_t kL0cTileM = 128;  // L0C output tile (fp32, double-buffered in 256 KiB)
constexpr int64_t kL0cTileN = 256;
constexpr int64_t kL0KStep = 64;  // K elements per L0A/L0B load

int64_t RoundUp(int64_t v, int64_t m) {
  return (v + m - 1) / m * m;
}
int64_t CeilDiv(int64_t v, int64_t m) {
  return (v + m - 1) / m;
}

// Fractal K depth for a storage type: 16 for 16-bit types, 32 for int8, 64 for int4.
int64_t FractalK(DataType t) {
  if (t == DataType::kInt4) return 64;
  return DataTypeSize(t) == 1 ? 32 : 16;
}

// Bytes per element as stored (int4 counts as one byte per pair, rounded up by the caller's
// sizes being even in practice).
double ElemBytes(DataType t) {
  if (t == DataType::kInt4) return 0.5;
  return static_cast<double>(std::max<size_t>(1, DataTypeSize(t)));
}

// Blocks: batch first, then N tiles, then M tiles, while cores remain.
uint32_t SplitBlocks(int64_t batch, int64_t n_tiles, int64_t m_tiles, const ChipTraits& chip) {
  const int64_t cores = std::max<int64_t>(1, chip.ai_core_count);
  const int64_t b = std::clamp<int64_t>(batch, 1, cores);
  const int64_t rest = cores / b;
  const int64_t nd = std::clamp<int64_t>(n_tiles, 1, rest);
  const int64_t md = std::clamp<int64_t>(m_tiles, 1, rest / nd);
  return static_cast<uint32_t>(b * nd * md);
}

// L1 -> L0 traffic of a GEMM with `rows` x `kp` A and `kp` x `np` B: A once per L0C column
// tile, B once per L0C row tile.
double Mte1Bytes(int64_t rows, int64_t kp, int64_t np, double elem) {
  const double a = static_cast<double>(rows) * kp * CeilDiv(np, kL0cTileN);
  const double b = static_cast<double>(kp) * np * CeilDiv(rows, kL0cTileM);
  return (a + b) * elem;
}

// Scalar instructions: a fixed per-block prologue plus issue work per L0 tile step, for
// `repeats` independent GEMMs (batch of a batched matmul, groups of a convolution).
uint64_t ScalarOps(uint32_t blocks, int64_t repeats, int64_t rows, int64_t kp, int64_t np) {
  const int64_t steps = CeilDiv(rows, kL0cTileM) * CeilDiv(np, kL0cTileN) * CeilDiv(kp, kL0KStep);
  return static_cast<uint64_t>(256) * blocks + static_cast<uint64_t>(16 * steps * repeats);
}

}  // namespace

WorkDesc CubeConvWork(const ConvGeometry& g, const ChipTraits& chip) {
  // As an implicit GEMM per image and group: M = OH*OW, K = C1*C0*KH*KW, N = Cout/groups.
  const int64_t n = std::max<int64_t>(1, g.n);
  const int64_t groups = std::max<int64_t>(1, g.groups);
  const int64_t cin_g = std::max<int64_t>(1, g.cin / groups);
  const int64_t cout_g = std::max<int64_t>(1, g.cout / groups);
  const int64_t kh = std::max<int64_t>(1, g.kh), kw = std::max<int64_t>(1, g.kw);
  const int64_t oh = std::max<int64_t>(1, g.oh), ow = std::max<int64_t>(1, g.ow);
  const int64_t kdepth = FractalK(g.dtype);
  const bool c04 = g.small_channel && cin_g <= 4 && DataTypeSize(g.dtype) == 2;
  const int64_t c0 = c04 ? 4 : kdepth;
  const int64_t kp = RoundUp(RoundUp(cin_g, c0) * kh * kw, kdepth);
  const int64_t np = RoundUp(cout_g, kFractal);
  const int64_t mp = RoundUp(oh * ow, kFractal);
  const double elem = ElemBytes(g.dtype);
  const int64_t out_elems = n * RoundUp(g.cout, kFractal) * oh * ow;

  WorkDesc w;
  w.cube_dtype = g.dtype;
  w.cube_macs = static_cast<uint64_t>(n * mp * kp * np * groups);
  const double fmap = static_cast<double>(n) * RoundUp(g.cin, c0) * g.h * g.w * elem;
  const double weights = static_cast<double>(np) * kp * groups * elem;
  const double bias = g.bias ? static_cast<double>(RoundUp(g.cout, kFractal)) * 4 : 0;
  w.mte2_bytes = static_cast<uint64_t>(fmap + weights + bias);
  w.mte1_bytes = static_cast<uint64_t>(Mte1Bytes(n * mp, kp, np, elem) * groups);
  w.mte3_bytes = static_cast<uint64_t>(static_cast<double>(out_elems) * elem);
  w.vector_ops = static_cast<uint64_t>(out_elems * (g.bias ? 2 : 1));
  w.vector_elem_bytes = 4;
  w.block_dim = SplitBlocks(n, groups * (np / kFractal), mp / kFractal, chip);
  w.scalar_ops = ScalarOps(w.block_dim, groups, n * mp, kp, np);
  return w;
}

WorkDesc CubeMatMulWork(int64_t batch, int64_t m, int64_t k, int64_t n, DataType dtype, bool bias,
                        const ChipTraits& chip) {
  batch = std::max<int64_t>(1, batch);
  const int64_t kdepth = FractalK(dtype);
  const double elem = ElemBytes(dtype);
  const int64_t mp = RoundUp(std::max<int64_t>(1, m), kFractal);
  const int64_t kp = RoundUp(std::max<int64_t>(1, k), kdepth);
  const int64_t np = RoundUp(std::max<int64_t>(1, n), kFractal);
  WorkDesc w;
  w.cube_dtype = dtype;
  w.cube_macs = static_cast<uint64_t>(batch * mp * kp * np);
  w.mte2_bytes = static_cast<uint64_t>(static_cast<double>(batch) * (mp * kp + kp * np) * elem +
                                       (bias ? static_cast<double>(np) * 4 : 0));
  w.mte1_bytes = static_cast<uint64_t>(Mte1Bytes(mp, kp, np, elem) * batch);
  w.mte3_bytes = static_cast<uint64_t>(static_cast<double>(batch) * mp * np * elem);
  w.vector_ops = static_cast<uint64_t>(batch * mp * np * (bias ? 2 : 1));
  w.vector_elem_bytes = 4;
  w.block_dim = SplitBlocks(batch, np / kFractal, mp / kFractal, chip);
  w.scalar_ops = ScalarOps(w.block_dim, batch, mp, kp, np);
  return w;
}

}  // namespace asim::kernels
