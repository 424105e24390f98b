// Parser of our "sim" section of acl.json. See sections.h and sim_config.h.
//
// Owns: the file side of the simulator settings (soc_version, device_count, run_mode,
// memcheck, memcheck_action, faults, timing, inline_tasks, isa, compute, host_threads);
// the value rules themselves are in sim_config.cpp, shared with the environment.
// Owner: runtime/config. Thread safety: reentrant.
// Failure: kFileAttrInvalid naming the key and the value.
#include <spdlog/fmt/fmt.h>

#include "base/log.h"
#include "runtime/config/sections.h"

namespace asim::cfg::detail {
namespace {

// "faults": the text form (fault_spec.h) or an array of objects {"type": ..., key: value}.
Status ParseFaultsValue(const Json& value, const Where& at, std::vector<FaultSpec>* out) {
  std::string error;
  if (value.is_string()) {
    if (!ParseFaults(value.get<std::string>(), out, &error)) return at.Error(error);
    return Status::Ok();
  }
  if (!value.is_array()) return at.Error("must be a string or an array of objects, got " + Describe(value));
  std::vector<FaultSpec> faults;
  for (size_t i = 0; i < value.size(); ++i) {
    const Where item_at = at.Index(i);
    ASIM_RETURN_IF_ERROR(RequireObject(value[i], item_at));
    std::string type;
    std::vector<std::pair<std::string, std::string>> keys;
    for (const auto& [key, member] : value[i].items()) {
      std::string text;
      ASIM_RETURN_IF_ERROR(ReadText(member, item_at.Key(key), &text));
      if (key == "type") {
        type = text;
      } else {
        keys.emplace_back(key, text);
      }
    }
    if (type.empty()) return item_at.Error("needs \"type\" (malloc, model_execute, task_timeout or channel_send)");
    FaultSpec fault;
    if (!MakeFault(type, keys, &fault, &error)) return item_at.Error(error);
    faults.push_back(std::move(fault));
  }
  *out = std::move(faults);
  return Status::Ok();
}

}  // namespace

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
    } else if (key == "memcheck" || key == "timing" || key == "inline_tasks" || key == "compute") {
      bool* flag = key == "memcheck"  ? &sim.memcheck
                   : key == "timing"  ? &sim.timing
                   : key == "compute" ? &sim.compute
                                      : &sim.inline_tasks;
      ASIM_RETURN_IF_ERROR(ReadSwitch(member, key_at, flag));
    } else if (key == "host_threads") {
      int64_t threads = 0;
      ASIM_RETURN_IF_ERROR(ReadInteger(member, key_at, 0, kMaxHostThreads, &threads));
      sim.host_threads = static_cast<int32_t>(threads);
    } else if (key == "isa") {
      ASIM_RETURN_IF_ERROR(ReadString(member, key_at, &sim.isa));
      if (sim.isa.empty()) return key_at.Error("must name a vector ISA (auto, avx512, avx2, neon, scalar)");
    } else if (key == "memcheck_action") {
      std::string text;
      ASIM_RETURN_IF_ERROR(ReadString(member, key_at, &text));
      if (!ParseMemcheckAction(text, &sim.memcheck_action)) {
        return key_at.Error(fmt::format("must be \"error\" or \"abort\", got \"{}\"", text));
      }
    } else if (key == "faults") {
      ASIM_RETURN_IF_ERROR(ParseFaultsValue(member, key_at, &sim.faults));
    } else {
      // The simulator's own section: a misspelt key would silently leave a check off (say
      // "memchek"), so it is logged at the default level (error), not as acl.json's usual
      // debug note; aclInit goes on.
      ASIM_LOG_ERROR(
          "[ACL] {}: {}: unknown key, ignored (the sim keys: soc_version, device_count, run_mode, memcheck, "
          "memcheck_action, timing, inline_tasks, compute, host_threads, isa, faults)",
          key_at.source(), key_at.pointer());
    }
  }
  *out = std::move(sim);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
