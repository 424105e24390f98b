// ApplyEnvironment: ASCEND_SIM_* overrides of the "sim" settings. See acl_config.h.
//
// Owns: the names of the simulator's environment variables and their precedence (the
// environment wins over acl.json). Owner: runtime/config.
// Thread safety: reads the environment with std::getenv; must not race with setenv.
// Failure: kInvalidParam naming the variable and its value; the config is unchanged.
#include <spdlog/fmt/fmt.h>

#include <cstdlib>
#include <utility>

#include "base/log.h"
#include "runtime/config/acl_config.h"

namespace asim::cfg {
namespace {

constexpr const char* kSocVersionVar = "ASCEND_SIM_SOC_VERSION";
constexpr const char* kDeviceCountVar = "ASCEND_SIM_DEVICE_COUNT";
constexpr const char* kRunModeVar = "ASCEND_SIM_RUN_MODE";
constexpr const char* kMemcheckVar = "ASCEND_SIM_MEMCHECK";
constexpr const char* kMemcheckActionVar = "ASCEND_SIM_MEMCHECK_ACTION";
constexpr const char* kFaultsVar = "ASCEND_SIM_FAULTS";
constexpr const char* kTimingVar = "ASCEND_SIM_TIMING";
constexpr const char* kInlineTasksVar = "ASCEND_SIM_INLINE_TASKS";
constexpr const char* kIsaVar = "ASCEND_SIM_ISA";  // checked against the CPU by the kernels
constexpr const char* kComputeVar = "ASCEND_SIM_COMPUTE";
constexpr const char* kHostThreadsVar = "ASCEND_SIM_HOST_THREADS";

// The variable's value, or nullptr when it is unset or empty.
const char* Lookup(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

Status BadVariable(const char* name, const char* value, const std::string& expected) {
  return {err::kInvalidParam,
          fmt::format("environment variable {}=\"{}\" is invalid: expected {}", name, value, expected)};
}

}  // namespace

Status ApplyEnvironment(AclConfig* config) {
  SimConfig sim = config->sim;
  if (const char* v = Lookup(kSocVersionVar)) {
    if (!IsSupportedSocVersion(v)) {
      return BadVariable(kSocVersionVar, v, "one of " + SupportedSocVersionList());
    }
    sim.soc_version = v;
  }
  if (const char* v = Lookup(kDeviceCountVar)) {
    if (!ParseDeviceCount(v, &sim.device_count)) {
      return BadVariable(kDeviceCountVar, v, fmt::format("an integer from {} to {}", kMinDeviceCount, kMaxDeviceCount));
    }
  }
  if (const char* v = Lookup(kRunModeVar)) {
    if (!ParseRunMode(v, &sim.run_mode)) return BadVariable(kRunModeVar, v, "\"host\" or \"device\"");
  }
  for (auto [var, flag] : {std::pair{kMemcheckVar, &sim.memcheck}, std::pair{kTimingVar, &sim.timing},
                           std::pair{kInlineTasksVar, &sim.inline_tasks}, std::pair{kComputeVar, &sim.compute}}) {
    if (const char* v = Lookup(var)) {
      if (!ParseOnOff(v, flag)) return BadVariable(var, v, "\"on\" or \"off\"");
    }
  }
  if (const char* v = Lookup(kMemcheckActionVar)) {
    if (!ParseMemcheckAction(v, &sim.memcheck_action))
      return BadVariable(kMemcheckActionVar, v, "\"error\" or \"abort\"");
  }
  if (const char* v = Lookup(kIsaVar)) sim.isa = v;
  if (const char* v = Lookup(kHostThreadsVar)) {
    if (!ParseHostThreads(v, &sim.host_threads)) {
      return BadVariable(kHostThreadsVar, v, fmt::format("an integer from 0 to {}", kMaxHostThreads));
    }
  }
  if (const char* v = Lookup(kFaultsVar)) {
    std::string error;
    if (!ParseFaults(v, &sim.faults, &error)) return BadVariable(kFaultsVar, v, "a fault list: " + error);
  }
  ASIM_LOG_DEBUG(
      "[ACL] simulator: soc_version {}, device_count {}, run_mode {}, memcheck {} ({}), {} fault(s), "
      "timing {}, inline tasks {}, isa {}, compute {}, host threads {}",
      sim.soc_version, sim.device_count, RunModeName(sim.run_mode), sim.memcheck ? "on" : "off",
      MemcheckActionName(sim.memcheck_action), sim.faults.size(), sim.timing ? "on" : "off",
      sim.inline_tasks ? "on" : "off", sim.isa, sim.compute ? "on" : "off", sim.host_threads);
  config->sim = std::move(sim);
  return Status::Ok();
}

}  // namespace asim::cfg
