// Declaration and launch glue shared by the pooling kernels: the two layouts (ND / NCHW
// [N, C, D1, ..., Dk] with 1 to 3 spatial dims, and NC1HWC0 [N, C1, H, W, C0] pooled over
// H, W with C0 lanes), shape inference, and the typed launch over fp32, fp16, bf16,
// double, int8 and uint8.
// Owner: pooling family. Thread safety: re-entrant. Failure: kOpInputNotMatch for a rank
// that fits neither layout or C0 above 64; the geometry's Status for bad attributes.
#pragma once

#include <vector>

#include "kernels/framework/kernel_def.h"
#include "kernels/pooling/pool_engine.h"

namespace asim::kernels {

// Planes, lanes and spatial dims of `x` in `format`.
struct PoolLayout {
  int64_t planes = 0, lanes = 1;
  std::vector<int64_t> spatial;
};
Status PoolLayoutOf(const std::vector<int64_t>& dims, Format format, PoolLayout* layout);

// Output dims: the input's with its spatial dims (from dim 2) replaced by `out_spatial`.
std::vector<int64_t> PooledDims(const std::vector<int64_t>& dims, const std::vector<int64_t>& out_spatial);

// InferShapeFn for windowed (global = false) or global pools; `with_indices` adds the
// int64 Indices output when the `output_indices` attribute is set.
InferShapeFn PoolInfer(bool global, bool with_indices);
// ComputeFn running `kind` (Max / Avg / Lp, attributes from the node).
ComputeFn PoolCompute(PoolKind kind, bool global);
// CostFn: ops per tap for every output element.
CostFn PoolCost(Engine engine, bool global, double ops_per_tap);

}  // namespace asim::kernels
