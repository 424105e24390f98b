// The logical shapes of convolution operands, whatever layout they arrive in, and the
// engine views (ActTensor / FilterTensor) of them. Shared by the AI Core and AI CPU
// convolution kernels.
//
// Activations: NCHW / ND ([N, C, spatial...], 1 to 3 spatial axes), NHWC ([N, H, W, C]),
// NC1HWC0 ([N, C1, H, W, C0]; C from the origin shape when present, else `c_hint`).
// Filters: NCHW / ND ([Cout, Cin/g, k...]), NHWC ([Cout, KH, KW, Cin/g]), HWCN
// ([KH, KW, Cin/g, Cout]), FRACTAL_Z (its origin shape in one of those is required).
// Owner: the cube kernels. Thread safety: pure functions. Failure: kOpInputNotMatch naming
// the operand, its format and shape.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/cube/conv_pack.h"
#include "kernels/cube/conv_params.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

// N, C and the spatial sizes of activation `x`. `c_hint` (> 0) is the channel count to
// assume for an NC1HWC0 tensor without an origin shape.
Status ActivationShape(const TensorSpec& x, int64_t c_hint, int64_t* n, int64_t* c, std::vector<int64_t>* spatial);

// Cout, Cin/groups and the kernel sizes of filter `w`.
Status FilterShape(const TensorSpec& w, int64_t* cout, int64_t* cin_g, std::vector<int64_t>* kernel);

// Both, packed for ResolveConvParams.
Status ConvShapes(const TensorSpec& x, const TensorSpec& w, int64_t groups_hint, ConvOperandShapes* out);

// The engine's 2-D views (a 1-D convolution has H = 1).
ActTensor ActView(void* data, const TensorSpec& spec, int64_t n, int64_t c, const std::vector<int64_t>& spatial);
FilterTensor FilterView(const void* data, const TensorSpec& spec, int64_t cout, int64_t cin_g,
                        const std::vector<int64_t>& kernel);

// The convolution output spec: plain `format` (NCHW layout for ND) or NC1HWC0 with the
// NCHW origin.
TensorSpec ConvOutputSpec(DataType dtype, Format format, const ConvParams& p);

}  // namespace asim::kernels
