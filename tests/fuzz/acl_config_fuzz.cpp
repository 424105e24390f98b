// libFuzzer target of the acl.json reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for ParseAclConfigString (acl.json text -> AclConfig: the JSON
// syntax and nesting limit, the top-level keys and the dump, profiler and sim sections,
// fault lists included). The text is parsed in memory, as aclInit parses the file it read;
// no file is written. Inputs are bounded by libFuzzer's -max_len (the 10 MiB file limit is
// ReadConfigFile's and not exercised). Any input must return (never crash, never trip
// ASan / UBSan, never throw); a failure carries one of the codes acl_config.h documents
// and a message naming the source; a success gives values inside the documented ranges
// (max_opqueue_num >= 1, aicore_stack_size a multiple of 16K and >= 32K, device_count
// [1, 64], host_threads [0, 1024], a soc_version the catalog knows, dump_step ranges in order,
// blacklists of at most 100 entries).
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "runtime/config/acl_config.h"

namespace {

constexpr std::string_view kSource = "fuzz.json";

bool DocumentedCode(int32_t code) {
  namespace err = asim::err;
  return code == err::kParseFile || code == err::kInvalidDumpConfig || code == err::kInvalidProfilingConfig ||
         code == err::kInvalidMaxOpQueueNumConfig || code == err::kFileAttrInvalid || code == err::kBadAlloc;
}

void CheckDump(const asim::cfg::DumpConfig& dump) {
  if (dump.dump_path.size() >= asim::cfg::kMaxDumpPathLength) __builtin_trap();
  for (const auto& range : dump.dump_steps) {
    if (range.first > range.last) __builtin_trap();
  }
  if (!dump.dump_step.empty() && dump.dump_steps.empty()) __builtin_trap();
  for (const auto& entry : dump.dump_list) {
    if (entry.optype_blacklist.size() > asim::cfg::kMaxDumpBlacklistEntries ||
        entry.opname_blacklist.size() > asim::cfg::kMaxDumpBlacklistEntries) {
      __builtin_trap();
    }
    if (!entry.opname_ranges.empty() && entry.model_name.empty()) __builtin_trap();
  }
  if (dump.has_dump_list && dump.dump_path.empty()) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace cfg = asim::cfg;
  cfg::AclConfig config;
  config.max_opqueue_num = -7;  // a failed parse must leave *out untouched
  const asim::Status st =
      cfg::ParseAclConfigString(std::string_view(reinterpret_cast<const char*>(data), size), kSource, &config);
  if (!st.ok()) {
    if (!DocumentedCode(st.code()) || st.message().find(kSource) == std::string::npos) __builtin_trap();
    if (config.max_opqueue_num != -7) __builtin_trap();
    return 0;
  }
  if (config.source_path != kSource) __builtin_trap();
  if (config.max_opqueue_num < 1) __builtin_trap();
  if (config.aicore_stack_size < cfg::kMinAicoreStackSize || config.aicore_stack_size % cfg::kStackSizeGranule != 0) {
    __builtin_trap();
  }
  if (config.default_device && *config.default_device < 0) __builtin_trap();
  const cfg::SimConfig& sim = config.sim;
  if (sim.device_count < cfg::kMinDeviceCount || sim.device_count > cfg::kMaxDeviceCount) __builtin_trap();
  if (sim.host_threads < 0 || sim.host_threads > cfg::kMaxHostThreads) __builtin_trap();
  if (sim.present && !cfg::IsSupportedSocVersion(sim.soc_version)) __builtin_trap();
  CheckDump(config.dump);
  return 0;
}
