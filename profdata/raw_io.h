// The raw data of a PROF_* directory: how a session's Profile is stored before export, so
// that `msprof --export` can rebuild the deliverables later.
//
// Owns: the raw layout and its text format (ours: JSON, one record per line, in files
// named after the real toolchain's; docs/profiling.md "Raw data"):
//   host/info.json            process, host, app, CANN version, collection times, drops
//   host/sample.json          the session's switches (SessionConfig)
//   host/start_info, end_info collection start / end (wall clock)
//   host/data/api_event.data.slice_0   one ApiEvent per line
//   host/data/msproftx.data.slice_0    one TxEvent per line (when there are any)
//   device_<n>/info.json.<n>           the chip (ChipInfo), dropped task count
//   device_<n>/sample.json, start_info.<n>, end_info.<n>
//   device_<n>/data/task.data.<n>.slice_0   one DeviceTask per line (with its counters)
// Thread safety: functions touch only the given directory. Failure: Status kWriteFile /
// kInvalidFile naming the file (and the line for a malformed record), kParseFile for bad JSON.
#pragma once

#include <string>

#include "base/status.h"
#include "profdata/records.h"

namespace asim::profdata {

// Creates host/ and device_<n>/ (and their data/) under `prof_dir` and writes every file.
Status WriteRaw(const Profile& profile, const std::string& prof_dir);

// Reads a directory WriteRaw wrote.
Status ReadRaw(const std::string& prof_dir, Profile* profile);

// One record as its raw line, and back (for tests, tools and the fuzz target); ReadRaw
// reads the data files' lines with the same parsers. A line is given without its '\n'; one
// that is not such a record is kParseFile with the reason, and *out is then unspecified.
std::string TaskToJsonLine(const DeviceTask& task);
Status TaskFromJsonLine(const std::string& line, DeviceTask* task);
std::string ApiEventToJsonLine(const ApiEvent& event);
Status ApiEventFromJsonLine(const std::string& line, ApiEvent* event);
std::string TxEventToJsonLine(const TxEvent& event);
Status TxEventFromJsonLine(const std::string& line, TxEvent* event);

}  // namespace asim::profdata
