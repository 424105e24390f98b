// Memory vocabulary shared by the simulated device's memory and the SoC specs.
//
// Owns: the MemKind (DDR or HBM, the chip's memory technology) and PageKind (huge or
// normal pages, the page size an allocation is served with) enums and their names.
// Owner: device_sim/memory. Thread safety: constants and pure functions only.
// Failure: none; names of out-of-range values print as "?".
#pragma once

#include <string_view>

namespace asim::sim {

enum class MemKind { kDdr, kHbm };
enum class PageKind { kHuge, kNormal };

constexpr std::string_view MemKindName(MemKind kind) {
  switch (kind) {
    case MemKind::kDdr: return "DDR";
    case MemKind::kHbm: return "HBM";
  }
  return "?";
}

constexpr std::string_view PageKindName(PageKind page) {
  switch (page) {
    case PageKind::kHuge: return "huge";
    case PageKind::kNormal: return "normal";
  }
  return "?";
}

}  // namespace asim::sim
