// SimConfig helpers: the supported SoC list, run mode and device count parsing.
// See sim_config.h for the contract.
//
// Owner: runtime/config. Thread safety: pure functions over constant tables.
// Failure: Parse* return false and leave the output untouched.
#include "runtime/config/sim_config.h"

#include <array>
#include <charconv>

namespace asim::cfg {
namespace {

// The one list of chips the simulator accepts. Keep in step with device_sim/socs/.
constexpr std::array<std::string_view, 4> kSocVersions = {
    "Ascend310",
    "Ascend310P3",
    "Ascend910",
    "Ascend910B2",
};

}  // namespace

std::span<const std::string_view> SupportedSocVersions() { return kSocVersions; }

bool IsSupportedSocVersion(std::string_view soc_version) {
  for (std::string_view s : kSocVersions) {
    if (s == soc_version) return true;
  }
  return false;
}

std::string SupportedSocVersionList() {
  std::string out;
  for (std::string_view s : kSocVersions) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

const char* RunModeName(RunMode mode) { return mode == RunMode::kDevice ? "device" : "host"; }

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

bool ParseDeviceCount(std::string_view text, int32_t* count) {
  int32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
  if (value < kMinDeviceCount || value > kMaxDeviceCount) return false;
  *count = value;
  return true;
}

}  // namespace asim::cfg
