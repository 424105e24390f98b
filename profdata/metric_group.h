// MetricGroup: the AI Core metric groups of msprof --aic-metrics, acl.json "aic_metrics" and
// aclprofCreateConfig, with their names.
//
// Owns: the enum (values mirror aclprofAicoreMetrics; MemoryAccess = 8 as newer CANN) and the
// one name table. runtime/config reads acl.json with it and profdata/metrics.h computes each
// group's columns, so the two can never disagree on a name or a value.
// Thread safety: pure functions over a constant table. Failure: unknown names give nullopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace asim::profdata {

enum class MetricGroup : int32_t {
  kArithmeticUtilization = 0,
  kPipeUtilization = 1,
  kMemory = 2,
  kMemoryL0 = 3,
  kResourceConflictRatio = 4,
  kMemoryUB = 5,
  kL2Cache = 6,
  kPipeExecuteUtilization = 7,
  kMemoryAccess = 8,
  kNone = 255,
};

// "PipeUtilization" ...; 7 is "PipelineExecuteUtilization" (also "PipeExecuteUtilization");
// "None" is kNone. The empty string is not a name (callers decide what "" means).
std::optional<MetricGroup> MetricGroupFromName(std::string_view name);
const char* MetricGroupName(MetricGroup group);  // canonical name; "None" for kNone

}  // namespace asim::profdata
