// Direct loop-nest convolution and transposed convolution on the AI CPU, for what the
// blocked engine does not cover: double, 3-D, and ConvTranspose. Layouts NCHW-family only:
// x [N, C, spatial...], filter [Cout, Cin/g, k...] (ConvTranspose: [Cin, Cout/g, k...]),
// y [N, Cout, out...]. fp16, fp32 and double; accumulation in double.
//
// Owner: the cube kernels. Thread safety: re-entrant (oneTBB over (n, output channel)).
// Failure: none (the kernel declarations validate shapes and dtypes first).
#pragma once

#include "kernels/cube/conv_params.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

// `bias` may be nullptr.
void NaiveConv(const ConvParams& p, const TensorView& x, const TensorView& w, const TensorView* bias, TensorView& y);
void NaiveConvTranspose(const ConvParams& p, const TensorView& x, const TensorView& w, const TensorView* bias,
                        TensorView& y);

}  // namespace asim::kernels
