// The AI Core's int8 convolution: int8 NC1HWC0 input (C0 = 32), int8 FRACTAL_Z filter
// (C0 = 32), optional int32 bias, int32 NC1HWC0 output (C0 = 16); products accumulate in
// int32 as the cube does. A direct loop nest (int8 is not on the fp32 hot path).
//
// Owner: the cube kernels. Thread safety: re-entrant (oneTBB over output channels).
// Failure: none (the kernel declaration has validated shapes and dtypes).
#pragma once

#include "kernels/cube/conv_params.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// x = ctx.in(0), filter = ctx.in(1), bias = ctx.in(2) when present, y = ctx.out(0).
void RunConvInt8(const ConvParams& p, KernelContext& ctx);

}  // namespace asim::kernels
