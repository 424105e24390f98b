// PointerText: how the runtime prints a handle or address in its messages ("0x7f..").
//
// Owns: nothing. Thread safety: pure. Failure: none.
#pragma once

#include <sstream>
#include <string>

namespace asim::rt {

inline std::string PointerText(const void* p) {
  std::ostringstream os;
  os << p;
  return os.str();
}

}  // namespace asim::rt
