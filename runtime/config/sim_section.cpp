// Parser of our "sim" section of acl.json. See sections.h and sim_config.h.
//
// Owns: the file side of the simulator settings (soc_version, device_count, run_mode);
// the value rules themselves are in sim_config.cpp, shared with the environment.
// Owner: runtime/config. Thread safety: reentrant.
// Failure: kFileAttrInvalid naming the key and the value.
#include <spdlog/fmt/fmt.h>

#include "runtime/config/sections.h"

namespace asim::cfg::detail {

Status ParseSimSection(const Json& value, const Where& at, SimConfig* out) {
  ASIM_RETURN_IF_ERROR(RequireObject(value, at));
  SimConfig sim;
  sim.present = true;
  for (const auto& [key, member] : value.items()) {
    const Where key_at = at.Key(key);
    if (key == "soc_version") {
      ASIM_RETURN_IF_ERROR(ReadString(member, key_at, &sim.soc_version));
      if (!IsSupportedSocVersion(sim.soc_version)) {
        return key_at.Error(
            fmt::format("unsupported SoC \"{}\" (supported: {})", sim.soc_version, SupportedSocVersionList()));
      }
    } else if (key == "device_count") {
      int64_t count = 0;
      ASIM_RETURN_IF_ERROR(ReadInteger(member, key_at, kMinDeviceCount, kMaxDeviceCount, &count));
      sim.device_count = static_cast<int32_t>(count);
    } else if (key == "run_mode") {
      std::string text;
      ASIM_RETURN_IF_ERROR(ReadString(member, key_at, &text));
      if (!ParseRunMode(text, &sim.run_mode)) {
        return key_at.Error(fmt::format("must be \"host\" or \"device\", got \"{}\"", text));
      }
    } else {
      key_at.Ignored("unknown key");
    }
  }
  *out = std::move(sim);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
