// The vector instruction set the kernels run on. The hot kernels are compiled for several
// targets (Google Highway: AVX-512, AVX2+FMA+F16C, NEON, and the portable fallback) and
// dispatched at run time to the best one this CPU supports; this module names the targets,
// reports the one in use and restricts dispatch to a lower one (ASCEND_SIM_ISA, the acl.json
// "sim" section's "isa", tests that run every kernel on every target).
//
// Names: "avx512", "avx2", "neon", "scalar" (Highway's EMU128: portable C++), "auto" (the
// best supported). SVE hosts run the NEON code (the register tiles need fixed-size vectors).
//
// Owns: the name <-> Highway target mapping and the process-wide dispatch restriction
// (held by libhwy). Owner: kernels/framework. Thread safety: Force and ScopedIsa change
// process-wide state: call them before kernels run or between runs, not concurrently with
// kernels. The queries are safe from any thread. Failure: Force returns kInvalidParam for a
// name that is unknown, not compiled for this architecture, or not supported by this CPU.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::kernels::isa {

inline constexpr const char* kEnvironmentVariable = "ASCEND_SIM_ISA";

// Every name Force accepts on some host ("auto" first).
const std::vector<std::string>& KnownNames();

// The targets compiled into this library that this CPU can execute, best first.
std::vector<std::string> Available();

// The target the kernels dispatch to now.
std::string Active();
// The same as a string with static storage (for the C API).
const char* ActiveName();

// The best target this CPU supports among the compiled ones (what "auto" chooses).
std::string Best();

// Restricts dispatch to `name` ("auto" or "": no restriction). Logs the choice at info.
Status Force(std::string_view name);

// Force for the duration of a scope (tests); restores the previous restriction.
class ScopedIsa {
 public:
  explicit ScopedIsa(std::string_view name);
  ~ScopedIsa();
  ScopedIsa(const ScopedIsa&) = delete;
  ScopedIsa& operator=(const ScopedIsa&) = delete;
  const Status& status() const { return status_; }

 private:
  std::string previous_;
  Status status_;
};

}  // namespace asim::kernels::isa
