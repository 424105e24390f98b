// ChipTraitsOf / ChipTraitsForSoc: the kernel registry's view of a simulated chip.
//
// Owns: the one mapping from device_sim's SocSpec (device_sim/socs/*.json) to the capability
// bits kernel selection reads (kernels::ChipTraits), used by atc at compile time and by the
// runtime's model executor, single-op path and profiler, so they cannot disagree (device_sim
// and kernels do not know each other; the compiler knows both).
// Thread safety: pure (the catalog is thread-safe).
// Failure: ChipTraitsForSoc: kInvalidParam for an unknown SoC (the message lists the known ones).
#pragma once

#include <string>

#include "base/status.h"
#include "device_sim/soc/soc_spec.h"
#include "kernels/framework/chip.h"

namespace asim::atc {

inline kernels::ChipTraits ChipTraitsOf(const sim::SocSpec& spec) {
  kernels::ChipTraits t;
  t.soc_version = spec.soc_version;
  t.ai_core_count = spec.cores.ai_core_count;
  t.cube_fp32 = spec.cube.supports_fp32;
  t.cube_bf16 = spec.cube.supports_bf16;
  t.cube_int8 = spec.cube.supports_int8;
  return t;
}

// `soc_version` may be a catalog name or alias ("Ascend910A"); traits.soc_version is the
// catalog's canonical soc_version ("Ascend910").
Status ChipTraitsForSoc(const std::string& soc_version, kernels::ChipTraits* traits);

}  // namespace asim::atc
