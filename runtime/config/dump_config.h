// DumpConfig: the "dump" section of acl.json (aclInit or aclmdlSetDump), typed.
//
// Owns: the dump settings as parsed (what to dump, where, when) and the small helpers the
// dump module needs to act on them: dump_step matching and the dump_path checks that the
// parser deliberately does not do (existence and writability belong to the dump module).
// Owner: runtime/config. Schema: ascendcl_api.md section 8, ascend_tools_hw.md section 2.1.
// Thread safety: plain data and pure functions; CheckDumpPathUsable reads the file system.
// Failure: helpers return kInvalidDumpConfig with a message naming the value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"

namespace asim::cfg {

enum class DumpMode { kInput, kOutput, kAll };  // "input" | "output" (default) | "all"
enum class DumpLevel { kOp, kKernel, kAll };    // "op" | "kernel" | "all" (default)
enum class DumpData { kTensor, kStats };        // "tensor" (default) | "stats"

// One {"name": ..., "pos": ["input0", "output1"]} entry of optype/opname_blacklist.
struct DumpBlacklistEntry {
  std::string name;
  std::vector<std::string> pos;  // empty: every input and output
};

// One {"begin": ..., "end": ...} closed range of opname_range.
struct DumpOpRange {
  std::string begin;
  std::string end;
};

// One entry of dump_list. `[]` or `[{}]` means every operator of every model.
struct DumpModelEntry {
  std::string model_name;           // empty: any model
  std::vector<std::string> layers;  // "layer"; empty: every op of the model
  std::vector<DumpBlacklistEntry> optype_blacklist;
  std::vector<DumpBlacklistEntry> opname_blacklist;
  std::vector<DumpOpRange> opname_ranges;  // "opname_range"
  std::vector<std::string> watcher_nodes;
};

// One "a" or "a-b" item of dump_step (closed range).
struct DumpStepRange {
  uint64_t first = 0;
  uint64_t last = 0;
};

struct DumpConfig {
  bool present = false;        // the file had a "dump" object
  std::string dump_path;       // as written (relative paths resolve against the cwd)
  bool has_dump_list = false;  // "dump_list" was given (even empty)
  std::vector<DumpModelEntry> dump_list;
  DumpMode dump_mode = DumpMode::kOutput;
  DumpLevel dump_level = DumpLevel::kAll;
  bool dump_op_switch = false;            // single-operator dump
  std::string dump_step;                  // as written; empty: every step
  std::vector<DumpStepRange> dump_steps;  // dump_step parsed
  DumpData dump_data = DumpData::kTensor;
  std::vector<std::string> dump_stats;        // subset of kDumpStatsNames; empty: module default
  bool dump_debug = false;                    // overflow-operator dump
  std::string dump_scene;                     // empty or one of kDumpScenes
  std::vector<std::string> dump_kernel_data;  // "all" or printf/tensor/assert/timestamp

  // Model (dump_list) or single-op (dump_op_switch) data dump requested.
  bool DataDumpEnabled() const { return has_dump_list || dump_op_switch; }
};

inline constexpr size_t kMaxDumpPathLength = 4096;  // ACL_DUMP_MAX_FILE_PATH_LENGTH
inline constexpr size_t kMaxDumpBlacklistEntries = 100;
inline constexpr std::string_view kDumpStatsNames[] = {"Max",          "Min",          "Avg",   "Nan",
                                                       "Negative Inf", "Positive Inf", "L2norm"};
inline constexpr std::string_view kDumpScenes[] = {"aic_err_brief_dump", "aic_err_norm_dump", "aic_err_detail_dump",
                                                   "lite_exception", "watcher"};
inline constexpr std::string_view kDumpKernelDataItems[] = {"all", "printf", "tensor", "assert", "timestamp"};

const char* DumpModeName(DumpMode mode);     // "input", "output", "all"
const char* DumpLevelName(DumpLevel level);  // "op", "kernel", "all"
const char* DumpDataName(DumpData data);     // "tensor", "stats"

// Parses "0|3-5|10" (decimal step numbers, '|'-separated, a-b with a <= b). An empty text
// is an error; kInvalidDumpConfig with the reason otherwise.
Status ParseDumpStep(std::string_view text, std::vector<DumpStepRange>* ranges);

// True when `step` lies in one of `ranges`, or when `ranges` is empty (no dump_step).
bool DumpStepSelected(std::span<const DumpStepRange> ranges, uint64_t step);

// `path` made absolute against the current working directory (no symlink resolution).
std::string ResolveDumpPath(std::string_view path);

// The dump module's check before writing: `path` exists, is a directory and is writable
// and searchable by this process. kInvalidDumpConfig naming the path and the reason.
Status CheckDumpPathUsable(std::string_view path);

}  // namespace asim::cfg
