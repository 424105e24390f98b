// ChipTraitsOf: the kernel registry's view (kernels::ChipTraits) of a simulated chip's spec.
//
// Owns: the one mapping from device_sim's SocSpec to the capability bits kernel selection
// reads, so the model executor and the single-op path agree with each other.
// Thread safety: a pure function. Failure: none.
#pragma once

#include "device_sim/soc/soc_spec.h"
#include "kernels/framework/chip.h"

namespace asim::model {

inline kernels::ChipTraits ChipTraitsOf(const sim::SocSpec& spec) {
  kernels::ChipTraits t;
  t.soc_version = spec.soc_version;
  t.ai_core_count = spec.cores.ai_core_count;
  t.cube_fp32 = spec.cube.supports_fp32;
  t.cube_bf16 = spec.cube.supports_bf16;
  t.cube_int8 = spec.cube.supports_int8;
  return t;
}

}  // namespace asim::model
