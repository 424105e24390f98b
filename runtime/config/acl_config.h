// AclConfig: acl.json (the file given to aclInit) and the simulator environment, typed.
//
// Owns: the parse of the whole document (file reading, JSON syntax, nesting limits,
// top-level keys) into AclConfig, and the environment overrides. Section details live in
// dump_config.h, profiler_config.h and sim_config.h. Owner: runtime/config.
// Thread safety: the parse functions are reentrant; ApplyEnvironment reads the process
// environment (std::getenv), so it must not race with setenv.
// Failure: a Status whose message names the file (or source name), the key as a JSON
// pointer ("/dump/dump_mode") and the reason; `*out` is untouched on failure.
//   unreadable file           -> kInvalidFile      (path and strerror)
//   file larger than 10 MiB   -> kInvalidFileSize
//   bad JSON, nesting > 10 levels of '{' or of '[', top level not an object
//                             -> kParseFile        (line, column, reason)
//   bad "dump" section        -> kInvalidDumpConfig
//   bad "profiler" section    -> kInvalidProfilingConfig
//   bad max_opqueue_num       -> kInvalidMaxOpQueueNumConfig
//   bad err_msg_mode, defaultDevice, StackSize or "sim" values -> kFileAttrInvalid
//   bad ASCEND_SIM_* variable -> kInvalidParam     (names the variable)
// An empty (or whitespace-only) file means "all defaults", like `{}`. Unknown keys are
// ignored with a debug log.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/status.h"
#include "runtime/config/dump_config.h"
#include "runtime/config/profiler_config.h"
#include "runtime/config/sim_config.h"

namespace asim::cfg {

struct AclConfig {
  DumpConfig dump;
  ProfilerConfig profiler;
  int64_t max_opqueue_num = 20000;        // single-op model cache size
  bool err_msg_process_wide = false;      // err_msg_mode "1"
  std::optional<int32_t> default_device;  // defaultDevice.default_device
  uint64_t aicore_stack_size = 32768;     // StackSize.aicore_stack_size
  SimConfig sim;
  std::string source_path;  // the file (or source name) parsed; empty: defaults
};

inline constexpr int kMaxJsonNesting = 10;                // levels of '{' and, apart, of '['
inline constexpr size_t kMaxConfigFileBytes = 10u << 20;  // 10 MiB
inline constexpr uint64_t kStackSizeGranule = 16384;      // aicore_stack_size: multiple of 16K
inline constexpr uint64_t kMinAicoreStackSize = 32768;    // ... and at least 32K

// `path` NULL or "" gives the defaults (success).
Status ParseAclConfigFile(const char* path, AclConfig* out);

// Parses a document held in memory; `source_name` stands for the file name in messages.
Status ParseAclConfigString(std::string_view json, std::string_view source_name, AclConfig* out);

// For aclmdlSetDump: reads `path` (same file and JSON rules) and parses only its "dump"
// section; other sections are not examined. out->present is false when there is none.
Status ParseDumpConfigFile(const char* path, DumpConfig* out);

// Environment overrides read at aclInit; they win over the file:
//   ASCEND_SIM_SOC_VERSION  one of SupportedSocVersions()
//   ASCEND_SIM_DEVICE_COUNT 1 .. 64
//   ASCEND_SIM_RUN_MODE     "host" | "device"
//   ASCEND_SIM_MEMCHECK, ASCEND_SIM_TIMING, ASCEND_SIM_INLINE_TASKS   "on" | "off"
//   ASCEND_SIM_MEMCHECK_ACTION  "error" | "abort"
//   ASCEND_SIM_FAULTS       a fault list (fault_spec.h); replaces the file's "faults"
// Unset or empty variables are ignored. On error (kInvalidParam) nothing is changed.
Status ApplyEnvironment(AclConfig* config);

}  // namespace asim::cfg
