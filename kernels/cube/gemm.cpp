// fp32/fp16 GEMM on the blocked convolution engine (see gemm.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/gemm.h"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"
#include "kernels/cube/blocked_conv.h"
#include "kernels/cube/conv_pack.h"
#include "kernels/cube/gemv.h"
#include "kernels/cube/weight_chunks.h"

namespace asim::kernels {
namespace {

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}
size_t AlignUp(size_t v) {
  return (v + 63) / 64 * 64;
}

struct Layout {
  int64_t k1, n1, ob, ocg;
  bool fused;  // B packed chunk by chunk inside the engine (weight_chunks.h)
  size_t a_off, b_off, bias_off, out_off, bytes;
};

// B as a 1x1 filter: output channel = column of B, input channel = row of B.
FilterTensor FilterOfB(const void* b, DataType t, bool trans_b, int64_t k, int64_t n) {
  FilterTensor f;
  f.data = b;
  f.dtype = t;
  f.format = trans_b ? Format::kNchw : Format::kHwcn;  // [N][K] = (co, ci); [K][N] = (ci, co)
  f.cout = n, f.cin_g = k, f.kh = 1, f.kw = 1;
  return f;
}

// `one_register`: as a target whose channel block fits one vector register (true) or not
// (false) would plan; unset: as the running target does.
Layout Plan(int64_t m, int64_t k, int64_t n, DataType t, bool trans_b,
            std::optional<bool> one_register = std::nullopt) {
  Layout l;
  l.k1 = CeilDiv(k, 16);
  l.n1 = CeilDiv(n, 16);
  l.ob = one_register ? ChooseOutputBlocksFor(*one_register, l.n1, m) : ChooseOutputBlocks(l.n1, m);
  l.ocg = CeilDiv(l.n1, l.ob);
  l.fused = FastWeightChunks(FilterOfB(nullptr, t, trans_b, k, n), 0, n);
  const int64_t b_floats = l.fused ? FusedWorkItems(1, l.ocg, l.ob, 1) * ChunkFloats(ChunkInputBlocks(1, 1), l.ob, 1, 1)
                                   : PackedWeightFloats(l.n1, l.ob, l.k1, 1, 1);
  size_t at = 0;
  l.a_off = at;
  at += AlignUp(static_cast<size_t>(l.k1 * m * 16) * sizeof(float));
  l.b_off = at;
  at += AlignUp(static_cast<size_t>(b_floats) * sizeof(float));
  l.bias_off = at;
  at += AlignUp(static_cast<size_t>(l.ocg * l.ob * 16) * sizeof(float));
  l.out_off = at;
  at += AlignUp(static_cast<size_t>(l.n1 * m * 16) * sizeof(float));
  l.bytes = at + 64;
  return l;
}

float ReadF(const void* p, DataType t, int64_t i) {
  return t == DataType::kFloat16 ? HalfToFloat(static_cast<const uint16_t*>(p)[i]) : static_cast<const float*>(p)[i];
}

// op(A) op(B) on the blocked convolution engine, into `out` as [N/16][M][16].
void RunBlocked(const GemmArgs& g, const Layout& l, bool reuse_b, float* a_buf, float* b_buf, float* bias, float* out);

}  // namespace

size_t GemmWorkspaceBytes(int64_t m, int64_t k, int64_t n, DataType ab_dtype, bool trans_b) {
  // Enough for every target's plan (see ChooseOutputBlocks): planned into models.
  return std::max(Plan(m, k, n, ab_dtype, trans_b, true).bytes, Plan(m, k, n, ab_dtype, trans_b, false).bytes);
}

void RunGemm(const GemmArgs& g, void* workspace, bool reuse_b) {
  if (g.m <= 0 || g.n <= 0) return;
  const Layout l = Plan(g.m, g.k, g.n, g.ab_dtype, g.trans_b);
  char* base = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(workspace) + 63) / 64 * 64);
  float* a_buf = reinterpret_cast<float*>(base + l.a_off);
  float* b_buf = reinterpret_cast<float*>(base + l.b_off);
  float* bias = reinterpret_cast<float*>(base + l.bias_off);
  float* out = reinterpret_cast<float*>(base + l.out_off);
  // A few rows of A against B stored [N][K]: dot products read B once, in place.
  const bool gemv = !g.trans_a && g.trans_b && g.m <= kGemvMaxRows &&
                    (g.ab_dtype == DataType::kFloat || g.ab_dtype == DataType::kFloat16);
  if (gemv) {
    RunGemvTransB(g.a, g.b, g.ab_dtype, g.m, g.n, g.k, out);
  } else {
    RunBlocked(g, l, reuse_b, a_buf, b_buf, bias, out);
  }
  // Epilogue: the product ([M][N] from the dot products, blocked [N/16][M][16] from the
  // engine) -> row-major [M][N], alpha, beta * C, dtype.
  ParallelFor(g.m, 16, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      for (int64_t j = 0; j < g.n; ++j) {
        float v = g.alpha * (gemv ? out[i * g.n + j] : out[((j / 16) * g.m + i) * 16 + j % 16]);
        if (g.c != nullptr) {
          v += g.beta * ReadF(g.c, g.c_dtype, (g.c_rows == 1 ? 0 : i) * g.c_cols + (g.c_cols == 1 ? 0 : j));
        }
        if (g.y_dtype == DataType::kFloat16) {
          static_cast<uint16_t*>(g.y)[i * g.n + j] = FloatToHalf(v);
        } else {
          static_cast<float*>(g.y)[i * g.n + j] = v;
        }
      }
    }
  });
}

namespace {

void RunBlocked(const GemmArgs& g, const Layout& l, bool reuse_b, float* a_buf, float* b_buf, float* bias, float* out) {
  // A as activations: pixels = rows of A, channels = K.
  ActTensor a;
  a.data = const_cast<void*>(g.a);
  a.dtype = g.ab_dtype;
  a.format = g.trans_a ? Format::kNchw : Format::kNhwc;  // [K][M] = (c, x); [M][K] = (x, c)
  a.n = 1, a.c = g.k, a.h = 1, a.w = g.m;
  PackActivations(a, 0, g.k, 0, 0, 0, 0, a_buf);
  const FilterTensor b = FilterOfB(g.b, g.ab_dtype, g.trans_b, g.k, g.n);
  const WeightChunkSource chunks = MakeWeightChunkSource(b, 0, g.n, l.ob);
  if (!reuse_b || l.fused) {
    if (!l.fused) PackWeights(b, 0, g.n, l.ob, b_buf);
    PackBias(nullptr, DataType::kFloat, 0, 0, l.ocg * l.ob * 16, bias);
  }
  BlockedConvArgs c;
  if (l.fused) {
    c.pack_chunk = PackWeightChunk;
    c.pack_source = &chunks;
    c.chunk_c1 = ChunkInputBlocks(1, 1);
    c.chunk_buffers = b_buf;
  }
  c.in = a_buf;
  c.in_c1 = g.m * 16;
  c.in_n = l.k1 * c.in_c1;
  c.in_row = c.in_c1;
  c.c1 = l.k1;
  c.c0_last = g.k - 16 * (l.k1 - 1);
  c.weights = b_buf;
  c.ob = l.ob;
  c.ocg = l.ocg;
  c.n = 1, c.oh = 1, c.ow = g.m;
  c.out = out;
  c.out_c1 = g.m * 16;
  c.out_n = l.n1 * c.out_c1;
  c.out_row = c.out_c1;
  c.out_blocks = l.n1;
  RunBlockedConv(c);
}

}  // namespace

}  // namespace asim::kernels
