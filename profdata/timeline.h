// The msprof timeline (mindstudio_profiler_output/msprof_{ts}.json): Chrome trace events.
//
// Owns: the layout of the CANN 8 timeline (ascend_tools_hw.md 3.7, msprof's timeline
// assemblers): a JSON array (not wrapped in "traceEvents") of "M" metadata events naming
// processes and threads and "X" complete events; pid = (process id << 10) | (layer sort
// index << 5) | device id (31 for the host). Layers: "CANN" (label CPU, sort 7; threads
// "Thread <tid>"; events "AscendCL@<api>"), the app's name for msproftx markers (sort 6),
// and per device "Ascend Hardware" (label "NPU <id>", sort 14; threads "Stream <id>"; events
// named after the op, args as msprof's task events plus the op's shapes; copies with
// size(B), bandwidth(GB/s) and operation), "AI Core Freq" (sort 15, a counter) and
// "HCCL" (the collective communication tasks, sort 16, threads "Group <stream> Communication")
// and "Overlap Analysis" (threads "Computing", "Communication", "Communication(Not
// Overlapped)" and "Free"). "ts" is a string of microseconds with
// 3 decimals, "dur" a number of microseconds. Device tasks are placed at the wall time of
// their device's simulated time 0 plus their simulated start (ChipInfo::sim_zero_wall_ns).
// Thread safety: pure functions. Failure: none.
#pragma once

#include <string>

#include "profdata/records.h"

namespace asim::profdata {

// The file's text (a JSON array).
std::string TimelineJson(const Profile& profile);

// The pid of a layer (sort index) for a device (31: the host).
uint32_t TimelinePid(uint32_t process_id, uint32_t sort_index, uint32_t device_id);

inline constexpr uint32_t kHostDeviceId = 31;
inline constexpr uint32_t kSortFramework = 6;
inline constexpr uint32_t kSortCann = 7;
inline constexpr uint32_t kSortAscendHardware = 14;
inline constexpr uint32_t kSortAiCoreFreq = 15;
inline constexpr uint32_t kSortHccl = 16;  // our choice (msprof's index for the layer is not documented)
inline constexpr uint32_t kSortOverlapAnalysis = 31;

}  // namespace asim::profdata
