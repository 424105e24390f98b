// Data-free work descriptions of the cube kernels (convolution and matrix multiplication),
// shared by the AI Core kernels that report them and by the cost-model calibration.
//
// The cube works in whole fractals (16x16x16 for fp16/bf16, 16x32x16 for int8): M, K and N
// are padded up before counting MACs. Loads (MTE2) bring the feature map and the weights
// from global memory into L1 (re-read when they do not fit), MTE1 moves fractals from L1
// into L0A/L0B, results leave through UB (MTE3).
// Thread safety: pure functions. Failure: none.
#pragma once

#include <cstdint>

#include "kernels/framework/chip.h"
#include "runtime/base/work.h"

namespace asim::kernels {

struct ConvGeometry {
  int64_t n = 1, cin = 1, h = 1, w = 1;  // input
  int64_t cout = 1, kh = 1, kw = 1;      // weights
  int64_t oh = 1, ow = 1;                // output
  int64_t groups = 1;
  DataType dtype = DataType::kFloat16;   // input/weight storage type
  bool bias = false;
};

WorkDesc CubeConvWork(const ConvGeometry& g, const ChipTraits& chip);

// [batch] x (M x K) * (K x N)
WorkDesc CubeMatMulWork(int64_t batch, int64_t m, int64_t k, int64_t n, DataType dtype, bool bias,
                        const ChipTraits& chip);

}  // namespace asim::kernels
