// Parsers of the acl.json sections. Internal to runtime/config.
//
// Owns: nothing; declares one parser per section (each in its own .cpp). Each takes the
// section's value and its location (whose code is the section's error code), fills a
// fresh struct, and writes *out only on success. Owner: runtime/config.
// Thread safety: reentrant. Failure: Status with the section's code, naming the key.
#pragma once

#include "base/status.h"
#include "runtime/config/dump_config.h"
#include "runtime/config/json_reader.h"
#include "runtime/config/profiler_config.h"
#include "runtime/config/sim_config.h"

namespace asim::cfg::detail {

Status ParseDumpSection(const Json& value, const Where& at, DumpConfig* out);
Status ParseProfilerSection(const Json& value, const Where& at, ProfilerConfig* out);
Status ParseSimSection(const Json& value, const Where& at, SimConfig* out);

}  // namespace asim::cfg::detail
