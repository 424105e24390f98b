// AI Core metric groups (msprof --aic-metrics / acl.json aic_metrics): the op_summary PMU
// columns of each group, computed from the cost model's counters instead of PMU events.
//
// Owns: the column names of every group (ascend_tools_hw.md 3.6, msprof's
// ai_core_metrics_manager) and the formulas that give each column from KernelCounters and
// the chip's numbers. docs/profiling.md lists, per column, whether it is modelled and how;
// a column the model has nothing for is N/A (nullopt) rather than an invented number.
// Thread safety: pure functions. Failure: unknown group names give nullopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "profdata/metric_group.h"
#include "profdata/records.h"

namespace asim::profdata {

struct MetricValue {
  std::string name;
  std::optional<double> value;  // nullopt: not modelled (N/A)
  int decimals = 3;             // 0: written as an integer
};

// The group's own columns in op_summary order, e.g. PipeUtilization: vec_time(us),
// vec_ratio, mac_time(us), mac_ratio, ..., icache_miss_rate, memory_bound. Empty for kNone.
std::vector<std::string> GroupColumns(MetricGroup group);

// The group's columns for one AI Core kernel (counters.valid). Same order as GroupColumns.
std::vector<MetricValue> ComputeGroup(MetricGroup group, const KernelCounters& c, const ChipInfo& chip);

// Derived basics (msprof's formulas, ascend_tools_hw.md 3.6):
//   aicore_time(us) = total_cycles / freq / block_num * waves = busiest-core cycles / freq
//   total_cycles    = cycles summed over the blocks = busiest-core cycles * block_dim / waves
//   cube_utilization(%) = total_cycles / (freq_MHz * cores * task_duration_us) * 100
double AicoreTimeUs(const KernelCounters& c, const ChipInfo& chip);
uint64_t TotalCyclesAllBlocks(const KernelCounters& c);
double CubeUtilizationPct(const KernelCounters& c, const ChipInfo& chip, uint32_t cores, double duration_us);
// mte2_ratio / max(mac_ratio, vec_ratio), the denominator floored at one cycle's worth.
double MemoryBound(const KernelCounters& c);

// op_summary's PMU block: aicore_time(us), total_cycles, <group columns>,
// cube_utilization(%); on split chips (910B) aic_time(us), aic_total_cycles, aic_<cols>,
// aiv_time(us), aiv_total_cycles, aiv_<cols>, cube_utilization(%). Empty for kNone.
std::vector<std::string> PmuHeader(MetricGroup group, const ChipInfo& chip);
// The block's values for one op_summary row: numbers for an AI Core kernel with counters,
// "N/A" elsewhere (AI CPU kernels; the other core kind's half on a split chip).
std::vector<std::string> PmuValues(MetricGroup group, const DeviceTask& task, const ChipInfo& chip, double duration_us);

// "%.<decimals>f"; integers without a fraction.
std::string FormatFixed(double value, int decimals);
std::string FormatMetric(const MetricValue& m);  // "N/A" when not modelled

}  // namespace asim::profdata
