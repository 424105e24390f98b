// msprof's analysis of a profile: what the tuning guides look for, as text; and the
// comparison of a profile against a baseline.
//
// Owns: the aggregation of kernel tasks per op (per model, op name; average simulated time
// and cost-model metrics), the summary report (model executions' simulated device time, the
// collective communication per device and OP Type (hccl_statistic), the slowest ops, the AI Core / AI CPU split with
// every AI CPU op and why it is there, the memory-bound ops) and the baseline comparison (per-op deltas of duration and
// metrics; refused, with the reason, when the chip or the models differ). Thread safety: pure functions. Failure:
// Compare returns a Status (kInvalidParam) that says why two profiles cannot be compared.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "profdata/records.h"

namespace asim::msprof {

// One op of a model, over every execution in the profile.
struct OpStat {
  std::string model_name;
  std::string op_name;
  std::string op_type;
  std::string task_type;  // AI_CORE, AI_CPU, AI_VECTOR_CORE
  uint32_t count = 0;
  double total_us = 0;
  double avg_us = 0;
  double aicore_time_us = 0;  // average, AI Core only
  double mac_ratio = 0, vec_ratio = 0, mte2_ratio = 0, memory_bound = 0;
  double flops = 0;     // per execution: 2 x cube MACs + vector ops
  double gm_bytes = 0;  // per execution: DDR/HBM traffic (MTE2 + MTE3 not served by the L2)
  bool has_counters = false;
  std::string aicpu_reason;
  std::string input_types;
};

std::vector<OpStat> OpStats(const profdata::Profile& profile);  // by total time, descending

// The text summary `msprof` prints after a collection or an export.
std::string SummaryText(const profdata::Profile& profile, size_t top = 10);

// Per-op comparison of `current` against `baseline`.
Status CompareText(const profdata::Profile& baseline, const profdata::Profile& current, std::string* text);

// "123.456"
std::string Fixed(double value, int decimals = 3);

}  // namespace asim::msprof
