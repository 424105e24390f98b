// Declaration pieces shared by the convolution kernels of both engines: the attribute
// lists of the two styles (CANN Conv2D, ONNX Conv), parameters from input specs, and the
// cost descriptions (cube work on the AI Core, scalar work on the AI CPU).
//
// Owner: the cube kernels. Thread safety: pure functions. Failure: as conv_params.h and
// conv_operands.h (the message names the attribute or operand).
#pragma once

#include <vector>

#include "kernels/cube/conv_params.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// Declares the style's attributes with their defaults on `b`.
void AddConvAttrs(KernelBuilder& b, ConvAttrStyle style);

// The groups attribute of the style ("groups" or "group").
int64_t ConvGroups(ConvAttrStyle style, const AttrMap& attrs);

// Parameters from the inputs (x, filter[, bias]) and attributes; checks the bias shape.
Status ConvParamsFromSpecs(ConvAttrStyle style, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                           ConvParams* p);

// WorkDesc of a convolution: CubeConvWork on the AI Core, MACs on the AI CPU.
CostFn ConvCubeCost(ConvAttrStyle style);
CostFn ConvAiCpuCost(ConvAttrStyle style);

}  // namespace asim::kernels
