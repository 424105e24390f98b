// The summary CSVs of mindstudio_profiler_output/, assembled from a Profile.
//
// Owns: the exact column sets of one CANN version (records.h kCannVersion; the msprof
// analysis exporter's op_summary / op_statistic / api_statistic / task_time / step_trace /
// aicpu / hccl_statistic, ascend_tools_hw.md 3.5) and the rules that fill them: which tasks make rows, the
// order of rows, number formats ("Task Start Time(us)" with 3 decimals and a trailing tab,
// missing values "N/A"; collective communication tasks are op_summary rows with Task Type
// "HCCL"), wait times as msprof computes them (the gap since the previous
// task on the device), columns masked on chips without STARS (Mix Block Num, Context ID).
// Device times are simulated microseconds, so these tables are identical across runs.
// Thread safety: pure functions. Failure: none (an empty table has no rows).
#pragma once

#include <string>
#include <vector>

#include "profdata/csv.h"
#include "profdata/records.h"

namespace asim::profdata {

Table OpSummary(const Profile& profile);
Table OpStatistic(const Profile& profile);
Table ApiStatistic(const Profile& profile);
Table TaskTime(const Profile& profile);
Table StepTrace(const Profile& profile);
Table AiCpu(const Profile& profile);
// hccl_statistic: the collective communication tasks (HCCL) per device and OP Type
// ("hcom_allReduce_" ...): count, total / min / avg / max time and the share of the device's
// communication time. No rows without collectives (the file is then not written, as msprof).
Table HcclStatistic(const Profile& profile);

// Stream id as the deliverables show it: synchronous copies (no stream, the simulator's
// 0xFFFFFFFF) are shown on stream 65535.
uint32_t DisplayStreamId(uint32_t stream_id);
// Simulated picoseconds as microseconds with 3 decimals ("12.345").
std::string PsToUsText(uint64_t ps);
// "1,3,224,224;64,3,7,7", "FLOAT16;FLOAT16", "NC1HWC0;FRACTAL_Z".
std::string ShapesText(const std::vector<TensorInfo>& tensors);
std::string DtypesText(const std::vector<TensorInfo>& tensors);
std::string FormatsText(const std::vector<TensorInfo>& tensors);

// One model execution (step_trace, analysis): its tasks' span on the device.
struct Execution {
  uint32_t device_id = 0;
  uint32_t model_id = 0;
  std::string model_name;
  uint64_t execution = 0;
  uint64_t start_ps = 0;
  uint64_t end_ps = 0;
  size_t tasks = 0;
  uint64_t busy_ps = 0;  // sum of the tasks' durations
};
std::vector<Execution> Executions(const Profile& profile);

}  // namespace asim::profdata
