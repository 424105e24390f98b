// Parser of the acl.json "profiler" section. See sections.h and profiler_config.h.
//
// Owns: the profiler schema rules: every key of msprof's acl.json list (plus task_time and
// training_trace), their value domains, storage_limit ("<N>MB", N in [200, 4294967295])
// and sampling frequencies (positive integers). Owner: runtime/config.
// Thread safety: reentrant. Failure: kInvalidProfilingConfig naming the key and value.
#include <spdlog/fmt/fmt.h>

#include <array>
#include <cctype>
#include <charconv>

#include "runtime/config/sections.h"

namespace asim::cfg::detail {
namespace {

constexpr int64_t kMaxFrequency = 1000000;
constexpr uint64_t kBytesPerMb = uint64_t{1} << 20;

struct SwitchKey {
  std::string_view key;
  bool ProfilerConfig::*member;
};

constexpr std::array<SwitchKey, 10> kSwitchKeys = {{
    {"ascendcl", &ProfilerConfig::ascendcl},
    {"runtime_api", &ProfilerConfig::runtime_api},
    {"aicpu", &ProfilerConfig::aicpu},
    {"l2", &ProfilerConfig::l2},
    {"hccl", &ProfilerConfig::hccl},
    {"msproftx", &ProfilerConfig::msproftx},
    {"training_trace", &ProfilerConfig::training_trace},
    {"task_tsfw", &ProfilerConfig::task_tsfw},
    {"task_framework", &ProfilerConfig::task_framework},
    {"instr_profiling", &ProfilerConfig::instr_profiling},
}};

struct LevelKey {
  std::string_view key;
  ProfLevel ProfilerConfig::*member;
};

constexpr std::array<LevelKey, 3> kLevelKeys = {{
    {"task_time", &ProfilerConfig::task_time},
    {"task_trace", &ProfilerConfig::task_time},
    {"fwk_schedule", &ProfilerConfig::fwk_schedule},
}};

struct FrequencyKey {
  std::string_view key;
  std::optional<uint32_t> ProfilerConfig::*member;
};

constexpr std::array<FrequencyKey, 6> kFrequencyKeys = {{
    {"sys_hardware_mem_freq", &ProfilerConfig::sys_hardware_mem_freq},
    {"sys_io_sampling_freq", &ProfilerConfig::sys_io_sampling_freq},
    {"sys_interconnection_freq", &ProfilerConfig::sys_interconnection_freq},
    {"dvpp_freq", &ProfilerConfig::dvpp_freq},
    {"host_sys_usage_freq", &ProfilerConfig::host_sys_usage_freq},
    {"instr_profiling_freq", &ProfilerConfig::instr_profiling_freq},
}};

constexpr std::array<std::string_view, 5> kLevelNames = {"off", "on", "l0", "l1", "l2"};
constexpr std::array<ProfLevel, 5> kLevelValues = {ProfLevel::kOff, ProfLevel::kL1, ProfLevel::kL0, ProfLevel::kL1,
                                                   ProfLevel::kL2};

Status ReadLevel(const Json& value, const Where& at, ProfLevel* level) {
  if (value.is_boolean()) {
    *level = value.get<bool>() ? ProfLevel::kL1 : ProfLevel::kOff;
    return Status::Ok();
  }
  size_t index = 0;
  ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kLevelNames, &index));
  *level = kLevelValues[index];
  return Status::Ok();
}

// "200MB" (or "200mb"), "200" or 200: megabytes, 1 MB = 2^20 bytes.
Status ReadStorageLimit(const Json& value, const Where& at, uint64_t* bytes) {
  const auto fail = [&] {
    return at.Error(fmt::format("must be a size like \"200MB\" from {} to {} MB, got {}", kMinStorageLimitMb,
                                kMaxStorageLimitMb, Describe(value)));
  };
  std::string text;
  if (!ReadText(value, at, &text).ok()) return fail();
  std::string_view digits = text;
  if (digits.size() >= 2) {
    const char m = static_cast<char>(std::toupper(static_cast<unsigned char>(digits[digits.size() - 2])));
    const char b = static_cast<char>(std::toupper(static_cast<unsigned char>(digits.back())));
    if (m == 'M' && b == 'B') digits.remove_suffix(2);
  }
  uint64_t mb = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), mb);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || mb < kMinStorageLimitMb ||
      mb > kMaxStorageLimitMb) {
    return fail();
  }
  *bytes = mb * kBytesPerMb;
  return Status::Ok();
}

Status ReadAicMetrics(const Json& value, const Where& at, AicMetrics* metrics) {
  std::string name;
  ASIM_RETURN_IF_ERROR(ReadString(value, at, &name));
  if (name.empty()) return Status::Ok();  // msame writes "": keep the default
  const std::optional<AicMetrics> found = AicMetricsFromName(name);
  if (!found) {
    return at.Error(
        fmt::format("unknown AI Core metric group \"{}\" (expected ArithmeticUtilization, PipeUtilization, "
                    "Memory, MemoryL0, ResourceConflictRatio, MemoryUB, L2Cache, "
                    "PipelineExecuteUtilization or MemoryAccess)",
                    name));
  }
  *metrics = *found;
  return Status::Ok();
}

Status ParseKey(const std::string& key, const Json& value, const Where& at, ProfilerConfig* prof) {
  for (const SwitchKey& s : kSwitchKeys) {
    if (key == s.key) return ReadSwitch(value, at, &(prof->*s.member));
  }
  for (const LevelKey& l : kLevelKeys) {
    if (key == l.key) return ReadLevel(value, at, &(prof->*l.member));
  }
  for (const FrequencyKey& f : kFrequencyKeys) {
    if (key != f.key) continue;
    int64_t hz = 0;
    ASIM_RETURN_IF_ERROR(ReadInteger(value, at, 1, kMaxFrequency, &hz));
    prof->*f.member = static_cast<uint32_t>(hz);
    return Status::Ok();
  }
  if (key == "switch") return ReadSwitch(value, at, &prof->enabled);
  if (key == "output") return ReadString(value, at, &prof->output);
  if (key == "aic_metrics") return ReadAicMetrics(value, at, &prof->aic_metrics);
  if (key == "storage_limit") {
    uint64_t bytes = 0;
    ASIM_RETURN_IF_ERROR(ReadStorageLimit(value, at, &bytes));
    prof->storage_limit_bytes = bytes;
    return Status::Ok();
  }
  if (key == "llc_profiling") {
    size_t index = 0;
    ASIM_RETURN_IF_ERROR(ReadChoice(value, at, kLlcProfilingModes, &index));
    prof->llc_profiling = std::string(kLlcProfilingModes[index]);
    return Status::Ok();
  }
  if (key == "host_sys") return ReadList(value, at, kHostSysItems, &prof->host_sys);
  if (key == "host_sys_usage") return ReadList(value, at, kHostSysUsageItems, &prof->host_sys_usage);
  at.Ignored("unknown key");
  return Status::Ok();
}

}  // namespace

Status ParseProfilerSection(const Json& value, const Where& at, ProfilerConfig* out) {
  ASIM_RETURN_IF_ERROR(RequireObject(value, at));
  ProfilerConfig prof;
  prof.present = true;
  for (const auto& [key, member] : value.items()) {
    ASIM_RETURN_IF_ERROR(ParseKey(key, member, at.Key(key), &prof));
  }
  *out = std::move(prof);
  return Status::Ok();
}

}  // namespace asim::cfg::detail
