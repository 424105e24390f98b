// ChipTraitsForSoc: the kernel registry's view of a SoC the compiler targets.
//
// Owns: the mapping from device_sim's SoC catalog (device_sim/socs/*.json) to
// kernels::ChipTraits for compile time (the runtime keeps its own equivalent mapping; tools
// may not include runtime internals). Thread safety: pure (the catalog is thread-safe).
// Failure: kInvalidParam for an unknown SoC (the message lists the known ones).
#pragma once

#include <string>

#include "kernels/framework/chip.h"
#include "runtime/base/status.h"

namespace asim::atc {

// `soc_version` may be a catalog name or alias ("Ascend910A"); traits.soc_version is the
// catalog's canonical soc_version ("Ascend910").
Status ChipTraitsForSoc(const std::string& soc_version, kernels::ChipTraits* traits);

}  // namespace asim::atc
