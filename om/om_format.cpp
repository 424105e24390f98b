// Names of the .om section kinds and attribute type tags. See om_format.h.
//
// Owns: SectionKindName, AttrTagName. Thread safety: pure. Failure: "unknown" for other values.
#include "om/om_format.h"

namespace asim::om {

const char* SectionKindName(SectionKind kind) {
  switch (kind) {
    case SectionKind::kMetadata: return "metadata";
    case SectionKind::kIo: return "io";
    case SectionKind::kGraphs: return "graphs";
    case SectionKind::kWeights: return "weights";
  }
  return "unknown";
}

const char* AttrTagName(uint8_t tag) {
  static constexpr const char* kNames[kAttrTagCount] = {
      "bool",     "int",        "float",       "string",         "data_type",    "list_bool",
      "list_int", "list_float", "list_string", "list_data_type", "list_list_int"};
  return tag < kAttrTagCount ? kNames[tag] : "unknown";
}

}  // namespace asim::om
