// ChipTraitsForSoc (see chip_traits.h). Thread safety and failure: as the header says.
#include "compiler/chip_traits.h"

namespace asim::atc {

Status ChipTraitsForSoc(const std::string& soc_version, kernels::ChipTraits* traits) {
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(sim::LoadSocSpec(soc_version, &spec));
  *traits = ChipTraitsOf(spec);
  return Status::Ok();
}

}  // namespace asim::atc
