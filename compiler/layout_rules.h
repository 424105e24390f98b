// Layout rules of the lowering: when a value may stay in an AI Core internal layout
// (NC1HWC0, FRACTAL_Z, FRACTAL_NZ ...) as it flows into the next node, and which plain
// layout it goes back to otherwise.
//
// Owns the policy (see lowering.h): an internal layout stays only where it is provably
// meaningful — the consumer's kernel declares that layout for the input, or the consumer
// is an elementwise op that maps 0 to 0 and every input has the same layout and shape (so
// the zero padding lanes stay zero and broadcasting never pairs blocked with plain dims).
// Thread safety: pure. Failure: none.
#pragma once

#include <string>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::atc {

// True for the AI Core's internal layouts.
bool IsInternalFormat(Format format);

// The plain layout an internal tensor goes back to: its origin format, else NCHW for
// NC1HWC0 / FRACTAL_Z and ND for the others.
Format PlainFormatOf(const kernels::TensorSpec& spec);

// Before selection: whether to try the op with its internal-layout inputs as they are
// (false when no input is internal).
bool MayKeepInternal(const std::string& type, const kernels::AttrMap& attrs,
                     const std::vector<kernels::TensorSpec>& inputs);

// After a successful selection on those inputs: whether the chosen kernel really handles
// them (it lists the layout for each such input, or the elementwise rule applies).
bool KeepsInternal(const std::string& type, const kernels::AttrMap& attrs,
                   const std::vector<kernels::TensorSpec>& inputs, const kernels::KernelDef& def);

// Layouts the hardware writes or reads directly, chosen before selection:
// - the AIPP stage (op "Aipp", NCHW) writes its output in the blocked layout the first
//   convolution reads: NC1HWC0, or NC1HWC0_C04 under `small_channel` (atc
//   --enable_small_channel) when it has at most 4 channels (sets attr out_c0);
// - under `small_channel`, a convolution (Conv, Conv2D) whose plain fp16 input has at most 4
//   channels and no groups reads it as NC1HWC0_C04 (returns that format; kUndefined when the
//   rule does not apply).
void ChooseProducerLayout(const std::string& type, bool small_channel, kernels::AttrMap* attrs);
Format SmallChannelInput(const std::string& type, const kernels::AttrMap& attrs, const kernels::TensorSpec& x,
                         bool small_channel);

// An internal-layout output without an origin view takes the origin of an input of the
// same layout and dims (elementwise kernels copy dims but not always the origin).
void KeepOrigin(const std::vector<kernels::TensorSpec>& inputs, kernels::TensorSpec* output);

}  // namespace asim::atc
