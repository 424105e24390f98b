// SimConfig helpers: the supported SoC list, run mode and device count parsing.
// See sim_config.h for the contract.
//
// Owner: runtime/config. Thread safety: thread-safe (the SoC catalog is).
// Failure: Parse* return false and leave the output untouched.
#include "runtime/config/sim_config.h"

#include <charconv>

#include "device_sim/soc/soc_spec.h"

namespace asim::cfg {

// The chips are whatever the SoC catalog can load (device_sim/socs/*.json, their aliases,
// and ASCEND_SIM_SOC_DIR): one list, kept with the data.
std::vector<std::string> SupportedSocVersions() {
  return sim::KnownSocVersions();
}

bool IsSupportedSocVersion(std::string_view soc_version) {
  if (soc_version.empty()) return false;
  sim::SocSpec spec;
  return sim::LoadSocSpec(soc_version, &spec).ok();
}

std::string SupportedSocVersionList() {
  std::string out;
  for (const std::string& s : SupportedSocVersions()) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

const char* RunModeName(RunMode mode) {
  return mode == RunMode::kDevice ? "device" : "host";
}

bool ParseRunMode(std::string_view text, RunMode* mode) {
  if (text == "host") {
    *mode = RunMode::kHost;
    return true;
  }
  if (text == "device") {
    *mode = RunMode::kDevice;
    return true;
  }
  return false;
}

bool ParseOnOff(std::string_view text, bool* on) {
  if (text == "on" || text == "true" || text == "1") {
    *on = true;
    return true;
  }
  if (text == "off" || text == "false" || text == "0") {
    *on = false;
    return true;
  }
  return false;
}

const char* MemcheckActionName(MemcheckAction action) {
  return action == MemcheckAction::kAbort ? "abort" : "error";
}

bool ParseMemcheckAction(std::string_view text, MemcheckAction* action) {
  if (text == "error") {
    *action = MemcheckAction::kError;
    return true;
  }
  if (text == "abort") {
    *action = MemcheckAction::kAbort;
    return true;
  }
  return false;
}

bool ParseDeviceCount(std::string_view text, int32_t* count) {
  int32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
  if (value < kMinDeviceCount || value > kMaxDeviceCount) return false;
  *count = value;
  return true;
}

bool ParseHostThreads(std::string_view text, int32_t* threads) {
  int32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
  if (value < 0 || value > kMaxHostThreads) return false;
  *threads = value;
  return true;
}

}  // namespace asim::cfg
