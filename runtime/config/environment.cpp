// ApplyEnvironment: ASCEND_SIM_* overrides of the "sim" settings. See acl_config.h.
//
// Owns: the names of the simulator's environment variables and their precedence (the
// environment wins over acl.json). Owner: runtime/config.
// Thread safety: reads the environment with std::getenv; must not race with setenv.
// Failure: kInvalidParam naming the variable and its value; the config is unchanged.
#include <spdlog/fmt/fmt.h>

#include <cstdlib>

#include "runtime/base/log.h"
#include "runtime/config/acl_config.h"

namespace asim::cfg {
namespace {

constexpr const char* kSocVersionVar = "ASCEND_SIM_SOC_VERSION";
constexpr const char* kDeviceCountVar = "ASCEND_SIM_DEVICE_COUNT";
constexpr const char* kRunModeVar = "ASCEND_SIM_RUN_MODE";

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
  ASIM_LOG_DEBUG("[ACL] simulator: soc_version {}, device_count {}, run_mode {}", sim.soc_version, sim.device_count,
                 RunModeName(sim.run_mode));
  config->sim = std::move(sim);
  return Status::Ok();
}

}  // namespace asim::cfg
