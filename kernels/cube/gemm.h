// fp32/fp16 GEMM on the blocked convolution engine: Y = alpha * op(A) op(B) + beta * C, as
// a 1x1 convolution whose pixels are the rows of A and whose channels are K (input) and N
// (output). A is packed K-blocked ([K/16][M][16]), B into the engine's weight layout, the
// blocked result goes through an epilogue that applies alpha, beta * C (broadcast to
// [M, N]) and writes row-major Y in its dtype. fp16 operands are widened to fp32 (fp16
// storage, fp32 accumulation, as the cube does).
//
// Owner: the cube kernels. Thread safety: re-entrant (oneTBB inside). Failure: none; the
// caller provides a workspace of GemmWorkspaceBytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/dtype.h"

namespace asim::kernels {

struct GemmArgs {
  const void* a = nullptr;               // [M, K] row-major, or [K, M] when trans_a
  const void* b = nullptr;               // [K, N] row-major, or [N, K] when trans_b
  DataType ab_dtype = DataType::kFloat;  // kFloat or kFloat16, both operands
  int64_t m = 0, k = 0, n = 0;
  bool trans_a = false, trans_b = false;
  float alpha = 1.0f, beta = 0.0f;
  const void* c = nullptr;              // broadcast to [M, N]; nullptr = none
  DataType c_dtype = DataType::kFloat;  // kFloat or kFloat16
  int64_t c_rows = 1, c_cols = 1;       // C as [c_rows, c_cols]: each 1 or the full size
  void* y = nullptr;                    // [M, N] row-major
  DataType y_dtype = DataType::kFloat;  // kFloat or kFloat16
};

size_t GemmWorkspaceBytes(int64_t m, int64_t k, int64_t n, DataType ab_dtype, bool trans_b);

// Runs on the workspace. B moves into the engine chunk by chunk when its layout allows
// (weight_chunks.h), else it is packed first: `reuse_b` skips that packing when B and the
// sizes equal the previous call's on this workspace.
void RunGemm(const GemmArgs& args, void* workspace, bool reuse_b);

}  // namespace asim::kernels
