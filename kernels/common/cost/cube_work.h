// Data-free work descriptions of the cube kernels (convolution and matrix multiplication),
// shared by the AI Core kernels that report them and by the cost-model calibration
// (bench/resnet50_cost).
//
// The cube works in whole fractals (16x16x16 for fp16/bf16, 16x32x16 for int8): M, K and N
// are padded up before counting MACs, and convolution input channels are padded to the C0
// block of their format (16 for fp16 NC1HWC0, 32 for int8, 4 for NC1HWC0_C04). MTE2 counts
// the unique bytes the launch brings from global memory (feature map plus weights, once:
// re-reads by other cores or tiles are L1/L2 hits); MTE1 moves fractals from L1 into L0A/L0B
// once per L0C output tile (128 x 256 accumulators) that needs them; results leave through
// UB (MTE3). On the coupled chips the vector unit moves the fp32 accumulators from L0C to UB
// and casts them (one fp32 vector op per output element, two with a bias).
// Block split as the CANN conv/matmul tiling does it: batch first, then output channels (N),
// then output rows (M), up to the AI Core count.
// Owner: the cost-model engineer (kernels/common/cube_work.*); kernels call these functions.
// Thread safety: pure functions. Failure: none (degenerate sizes are clamped to 1).
#pragma once

#include <cstdint>

#include "base/work.h"
#include "kernels/framework/chip.h"

namespace asim::kernels {

struct ConvGeometry {
  int64_t n = 1, cin = 1, h = 1, w = 1;  // input
  int64_t cout = 1, kh = 1, kw = 1;      // weights
  int64_t oh = 1, ow = 1;                // output
  int64_t groups = 1;
  DataType dtype = DataType::kFloat16;  // input/weight storage type
  bool bias = false;
  // Input in NC1HWC0_C04 (atc --enable_small_channel=1, fp16, cin/groups <= 4): channels
  // pad to 4 instead of 16, and the reduction axis C0*KH*KW pads to 16 as a whole.
  bool small_channel = false;
};

WorkDesc CubeConvWork(const ConvGeometry& g, const ChipTraits& chip);

// [batch] x (M x K) * (K x N)
WorkDesc CubeMatMulWork(int64_t batch, int64_t m, int64_t k, int64_t n, DataType dtype, bool bias,
                        const ChipTraits& chip);

}  // namespace asim::kernels
