// The deliverables of a PROF_* directory: mindstudio_profiler_output/ from a Profile.
//
// Owns: which files are written and their names (ascend_tools_hw.md 3.4):
// op_summary_{ts}.csv, op_statistic_{ts}.csv, api_statistic_{ts}.csv, task_time_{ts}.csv,
// step_trace_{ts}.csv (model executions), aicpu_{ts}.csv (with aicpu on), msprof_{ts}.json
// (the timeline) and README.txt. A table without rows is not written (as msprof). An
// earlier export's files in the directory are replaced (msprof --export re-exports).
// Thread safety: touches only the given directory. Failure: Status kWriteFile naming the file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "profdata/records.h"

namespace asim::profdata {

inline constexpr const char* kOutputDir = "mindstudio_profiler_output";

// Writes the deliverables into `prof_dir`/mindstudio_profiler_output with the time stamp of
// `wall_ns`; `written` (optional) receives the files' full paths.
Status ExportDeliverables(const Profile& profile, const std::string& prof_dir, uint64_t wall_ns,
                          std::vector<std::string>* written);

// The deliverable of `prefix` ("op_summary", "msprof" ...) in a PROF_* directory, or "".
std::string FindDeliverable(const std::string& prof_dir, const std::string& prefix);

}  // namespace asim::profdata
