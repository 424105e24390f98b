// Skinny fp32 or fp16 GEMM with B stored [N][K] (trans_b): rows of A dotted with rows of B, for the
// few-row products of a classifier head (ResNet's 1x2048 * 2048x1000 at batch 1..16), where
// packing B into the blocked engine's layout would read and write it once more per call than
// the product itself reads it. Compiled per vector target (Highway) and dispatched at run
// time. The sums run in sixteen lanes on every target (as the blocked engine's do), so the
// targets agree; the order differs from the blocked engine's, within the fp32 tolerance.
//
// Owner: the cube kernels (RunGemm). Thread safety: re-entrant (oneTBB inside). Failure:
// none; the caller keeps the pointers valid for m*k, n*k and m*n floats.
#pragma once

#include <cstdint>

#include "base/dtype.h"

namespace asim::kernels {

// When RunGemm takes the dot-product path: few rows of A, and B already [N][K].
inline constexpr int64_t kGemvMaxRows = 16;

// out[i * n + j] = sum over p of a[i * k + p] * b[j * k + p], for i < m, j < n; a and b both
// `dtype` (kFloat or kFloat16, widened exactly), out fp32.
void RunGemvTransB(const void* a, const void* b, DataType dtype, int64_t m, int64_t n, int64_t k, float* out);

}  // namespace asim::kernels
