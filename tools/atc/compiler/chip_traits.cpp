// ChipTraitsForSoc (see chip_traits.h). Thread safety and failure: as the header says.
#include "tools/atc/compiler/chip_traits.h"

#include "device_sim/soc/soc_spec.h"

namespace asim::atc {

Status ChipTraitsForSoc(const std::string& soc_version, kernels::ChipTraits* traits) {
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(sim::LoadSocSpec(soc_version, &spec));
  kernels::ChipTraits t;
  t.soc_version = spec.soc_version;
  t.ai_core_count = spec.cores.ai_core_count;
  t.cube_fp32 = spec.cube.supports_fp32;
  t.cube_bf16 = spec.cube.supports_bf16;
  t.cube_int8 = spec.cube.supports_int8;
  *traits = t;
  return Status::Ok();
}

}  // namespace asim::atc
