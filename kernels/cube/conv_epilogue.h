// Conv epilogue: what ATC's UB fusion folds into a convolution — an optional residual Add
// (a tensor of the output's shape and layout, read from global memory) and an optional
// activation (Relu), applied in the vector unit on the conv's output before it is written.
//
// Owns: the "fused_activation" attribute ("" or "Relu") and the optional "residual" input
// (index 3) of the Conv / Conv2D kernels, their validation, the host computation as a pass
// of its own (in place on y: y = act(y + residual), fp16 through fp32 as the vector unit
// does) and the extra vector work and GM reads for the cost model. An fp32 AI Core output
// written in place gets the same arithmetic in the convolution's final stores instead
// (conv_runner.h, ConvIo::residual), which saves a pass over the output.
// Owner: the cube kernels. Thread safety: re-entrant. Failure: CheckConvEpilogue returns
// kOpAttrNotMatch for an unknown activation and kOpInputNotMatch for a residual whose dtype
// or dims differ from the output's.
#pragma once

#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

inline constexpr size_t kConvResidualInput = 3;
inline constexpr const char* kConvFusedActivationAttr = "fused_activation";

// Declares the attribute (default "") and the optional residual input on a conv builder
// whose first three inputs are x, filter, bias. `formats` are the residual's (the output's).
void AddConvEpilogue(KernelBuilder& b, std::vector<Format> formats);

// Validates the epilogue against the inferred output `y`.
Status CheckConvEpilogue(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const TensorSpec& y);

// Applies the epilogue to ctx.out(0) in place (nothing when there is none).
Status ApplyConvEpilogue(KernelContext& ctx);

// Adds the epilogue's vector element-ops and residual bytes to a conv's work.
void AddConvEpilogueWork(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                         const std::vector<TensorSpec>& outputs, WorkDesc* work);

}  // namespace asim::kernels
