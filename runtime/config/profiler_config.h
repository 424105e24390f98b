// ProfilerConfig: the "profiler" section of acl.json, typed.
//
// Owns: the profiling switches, AI Core metric group, output and storage settings and
// sampling frequencies as parsed, plus the name tables of their values. Owner:
// runtime/config. Schema: ascendcl_api.md section 8, ascend_tools_hw.md section 3.1.
// Thread safety: plain data and pure functions. Failure: lookups return nullopt / false.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profdata/metric_group.h"

namespace asim::cfg {

// The metric groups are profdata's (one enum and one name table for acl.json, aclprof and
// msprof); values mirror aclprofAicoreMetrics.
using AicMetrics = profdata::MetricGroup;

// task_time / task_trace / fwk_schedule: "off", "on" (= l1), "l0", "l1", "l2".
enum class ProfLevel { kOff, kL0, kL1, kL2 };

struct ProfilerConfig {
  bool present = false;                                   // the file had a "profiler" object
  bool enabled = false;                                   // "switch": "on"
  std::string output;                                     // empty: the directory of the executable (profiler decides)
  std::optional<uint64_t> storage_limit_bytes;            // "storage_limit": "200MB"
  AicMetrics aic_metrics = AicMetrics::kPipeUtilization;  // "" in the file keeps the default
  // Data classes. Defaults follow the docs: with the switch on, AscendCL API, runtime API
  // and task data are collected.
  bool ascendcl = true;
  bool runtime_api = true;
  ProfLevel task_time = ProfLevel::kL1;  // "task_time" or "task_trace"
  bool aicpu = false;
  bool l2 = false;
  bool hccl = false;
  bool msproftx = false;
  bool training_trace = false;
  ProfLevel fwk_schedule = ProfLevel::kOff;
  bool task_tsfw = false;
  bool task_framework = false;
  bool instr_profiling = false;
  // Sampling frequencies in Hz (instr_profiling_freq: cycles); nullopt: not sampled.
  std::optional<uint32_t> sys_hardware_mem_freq;
  std::optional<uint32_t> sys_io_sampling_freq;
  std::optional<uint32_t> sys_interconnection_freq;
  std::optional<uint32_t> dvpp_freq;
  std::optional<uint32_t> host_sys_usage_freq;
  std::optional<uint32_t> instr_profiling_freq;
  std::string llc_profiling;                // empty or one of kLlcProfilingModes
  std::vector<std::string> host_sys;        // subset of kHostSysItems
  std::vector<std::string> host_sys_usage;  // subset of kHostSysUsageItems
};

inline constexpr std::string_view kLlcProfilingModes[] = {"read", "write", "capacity", "bandwidth"};
inline constexpr std::string_view kHostSysItems[] = {"cpu", "mem", "disk", "network", "osrt"};
inline constexpr std::string_view kHostSysUsageItems[] = {"cpu", "mem"};
// msprof's storage_limit domain, in MB.
inline constexpr uint64_t kMinStorageLimitMb = 200;
inline constexpr uint64_t kMaxStorageLimitMb = 4294967295ull;

// "PipeUtilization" -> kPipeUtilization; also "PipelineExecuteUtilization" (docs) and
// "PipeExecuteUtilization" (msprof) for 7. nullopt for unknown names.
inline std::optional<AicMetrics> AicMetricsFromName(std::string_view name) {
  return profdata::MetricGroupFromName(name);
}
inline const char* AicMetricsName(AicMetrics metrics) {
  return profdata::MetricGroupName(metrics);
}  // "None" ...

const char* ProfLevelName(ProfLevel level);  // "off", "l0", "l1", "l2"

// ACL_PROF_* data-type bits equivalent to the config (what aclprofCreateConfig would take):
// ACL_API 0x1, TASK_TIME 0x2 (l1) / TASK_TIME_L0 0x800 / TASK_TIME_L2 0x2000,
// AICORE_METRICS 0x4, AICPU 0x8, L2CACHE 0x10, HCCL_TRACE 0x20, TRAINING_TRACE 0x40,
// MSPROFTX 0x80, RUNTIME_API 0x100, FWK_SCHEDULE_L0 0x200 / _L1 0x01000000.
uint64_t ProfilerDataTypeMask(const ProfilerConfig& config);

}  // namespace asim::cfg
