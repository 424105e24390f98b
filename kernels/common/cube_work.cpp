#include "kernels/common/cube_work.h"

#include <algorithm>

namespace asim::kernels {
namespace {

int64_t RoundUp(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

// Fractal K depth for a storage type: 16 for 16-bit types, 32 for int8.
int64_t FractalK(DataType t) { return DataTypeSize(t) == 1 ? 32 : 16; }

uint32_t CubeBlockDim(int64_t m_tiles, const ChipTraits& chip) {
  return static_cast<uint32_t>(std::clamp<int64_t>(m_tiles, 1, std::max<uint32_t>(1, chip.ai_core_count)));
}

}  // namespace

WorkDesc CubeConvWork(const ConvGeometry& g, const ChipTraits& chip) {
  // As an implicit GEMM per group: M = N*OH*OW, K = Cin/groups*KH*KW, N = Cout/groups.
  const int64_t cin_g = std::max<int64_t>(1, g.cin / std::max<int64_t>(1, g.groups));
  const int64_t cout_g = std::max<int64_t>(1, g.cout / std::max<int64_t>(1, g.groups));
  const int64_t m = g.n * g.oh * g.ow;
  const int64_t kdepth = FractalK(g.dtype);
  const int64_t k = RoundUp(cin_g, kdepth) * g.kh * g.kw;  // C0 padding happens per channel block
  const int64_t n = RoundUp(cout_g, 16);
  const int64_t elem = static_cast<int64_t>(std::max<size_t>(1, DataTypeSize(g.dtype)));
  WorkDesc w;
  w.cube_dtype = g.dtype;
  w.cube_macs = static_cast<uint64_t>(RoundUp(m, 16) * k * n * g.groups);
  w.mte2_bytes = static_cast<uint64_t>((g.n * RoundUp(g.cin, kdepth) * g.h * g.w + g.cout * k) * elem);
  w.mte1_bytes = static_cast<uint64_t>((RoundUp(m, 16) * k + k * n) * elem * g.groups);
  w.mte3_bytes = static_cast<uint64_t>(g.n * RoundUp(g.cout, 16) * g.oh * g.ow * elem);
  // L0C -> UB (fp32 accumulators cast to the output type) and the optional bias add.
  w.vector_ops = static_cast<uint64_t>(g.n * RoundUp(g.cout, 16) * g.oh * g.ow * (g.bias ? 2 : 1));
  w.vector_elem_bytes = 4;
  w.block_dim = CubeBlockDim(RoundUp(m, 16) / 16, chip);
  w.scalar_ops = 256 * w.block_dim;
  return w;
}

WorkDesc CubeMatMulWork(int64_t batch, int64_t m, int64_t k, int64_t n, DataType dtype, bool bias,
                        const ChipTraits& chip) {
  const int64_t kdepth = FractalK(dtype);
  const int64_t elem = static_cast<int64_t>(std::max<size_t>(1, DataTypeSize(dtype)));
  const int64_t mp = RoundUp(m, 16), kp = RoundUp(k, kdepth), np = RoundUp(n, 16);
  WorkDesc w;
  w.cube_dtype = dtype;
  w.cube_macs = static_cast<uint64_t>(batch * mp * kp * np);
  w.mte2_bytes = static_cast<uint64_t>(batch * (mp * kp + kp * np) * elem);
  w.mte1_bytes = w.mte2_bytes;
  w.mte3_bytes = static_cast<uint64_t>(batch * mp * np * elem);
  w.vector_ops = static_cast<uint64_t>(batch * mp * np * (bias ? 2 : 1));
  w.vector_elem_bytes = 4;
  w.block_dim = CubeBlockDim(batch * (mp / 16), chip);
  w.scalar_ops = 128 * w.block_dim;
  return w;
}

}  // namespace asim::kernels
