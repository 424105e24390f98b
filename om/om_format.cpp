// Names of the .om section kinds and attribute type tags. See om_format.h.
//
// Owns: SectionKindName, AttrTagName. Thread safety: pure. Failure: "unknown" for other values.
#include "om/om_format.h"

#include "kernels/framework/attr_json.h"

namespace asim::om {

const char* SectionKindName(SectionKind kind) {
  switch (kind) {
    case SectionKind::kMetadata: return "metadata";
    case SectionKind::kIo: return "io";
    case SectionKind::kGraphs: return "graphs";
    case SectionKind::kWeights: return "weights";
    case SectionKind::kPrepared: return "prepared";
  }
  return "unknown";
}

const char* AttrTagName(uint8_t tag) {
  return kernels::AttrValueTag(tag);
}

}  // namespace asim::om
