// Deliverable export. See exporter.h.
//
// Thread safety: touches only the given directory. Failure: Status kWriteFile.
#include "profdata/exporter.h"

#include <filesystem>

#include "profdata/csv.h"
#include "profdata/prof_dir.h"
#include "profdata/summaries.h"
#include "profdata/timeline.h"

namespace asim::profdata {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefixes[] = {"op_summary", "op_statistic", "api_statistic",  "task_time",
                                     "step_trace", "aicpu",        "hccl_statistic", "msprof"};

bool IsDeliverable(const std::string& file, const std::string& prefix) {
  // prefix_YYYYMMDDhhmmss.csv / .json
  if (file.rfind(prefix + "_", 0) != 0) return false;
  const std::string rest = file.substr(prefix.size() + 1);
  if (rest.size() < 15 || rest[14] != '.') return false;
  for (size_t i = 0; i < 14; ++i) {
    if (rest[i] < '0' || rest[i] > '9') return false;
  }
  return rest.substr(14) == ".csv" || rest.substr(14) == ".json";
}

const char* kReadme =
    "Profiling deliverables written by ascend-sim (a simulated Ascend NPU), laid out as the CANN msprof\n"
    "export (mindstudio_profiler_output/). Column sets follow CANN " /* version appended */;

}  // namespace

std::string FindDeliverable(const std::string& prof_dir, const std::string& prefix) {
  std::error_code ec;
  std::string best;
  for (const auto& entry : fs::directory_iterator(fs::path(prof_dir) / kOutputDir, ec)) {
    const std::string name = entry.path().filename().string();
    if (IsDeliverable(name, prefix) && (best.empty() || name > fs::path(best).filename().string())) {
      best = entry.path().string();
    }
  }
  return best;
}

Status ExportDeliverables(const Profile& profile, const std::string& prof_dir, uint64_t wall_ns,
                          std::vector<std::string>* written) {
  const fs::path out = fs::path(prof_dir) / kOutputDir;
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) return Status(err::kWriteFile, "cannot create '" + out.string() + "': " + ec.message());
  for (const auto& entry : fs::directory_iterator(out, ec)) {
    const std::string name = entry.path().filename().string();
    for (const char* prefix : kPrefixes) {
      if (IsDeliverable(name, prefix)) fs::remove(entry.path(), ec);
    }
  }
  const std::string ts = FileTimestamp(wall_ns);
  const auto emit = [&](const std::string& file, const std::string& text) -> Status {
    const std::string path = (out / file).string();
    ASIM_RETURN_IF_ERROR(WriteTextFile(path, text));
    if (written != nullptr) written->push_back(path);
    return Status::Ok();
  };
  const std::pair<const char*, Table> tables[] = {
      {"op_summary", OpSummary(profile)},         {"op_statistic", OpStatistic(profile)},
      {"api_statistic", ApiStatistic(profile)},   {"task_time", TaskTime(profile)},
      {"step_trace", StepTrace(profile)},         {"aicpu", AiCpu(profile)},
      {"hccl_statistic", HcclStatistic(profile)},
  };
  std::string listing;
  for (const auto& [prefix, table] : tables) {
    if (table.rows.empty()) continue;
    const std::string file = std::string(prefix) + "_" + ts + ".csv";
    ASIM_RETURN_IF_ERROR(emit(file, ToCsv(table)));
    listing += "  " + file + " (" + std::to_string(table.rows.size()) + " rows)\n";
  }
  const std::string timeline = std::string("msprof_") + ts + ".json";
  ASIM_RETURN_IF_ERROR(emit(timeline, TimelineJson(profile)));
  listing += "  " + timeline + " (timeline, Chrome trace event format: chrome://tracing, Perfetto)\n";
  std::string readme = std::string(kReadme) + kCannVersion +
                       " (docs/profiling.md).\nDevice times are simulated (deterministic); host API times are host "
                       "wall-clock time.\nAI Core metrics (" +
                       profile.config.aic_metrics +
                       ") come from the simulator's cost model, not from PMU counters.\n\nFiles:\n" + listing;
  uint64_t dropped = profile.dropped_api;
  for (const DeviceData& d : profile.devices) dropped += d.dropped_tasks;
  if (dropped > 0) {
    readme += "\nWARNING: " + std::to_string(dropped) +
              " records were dropped because the session reached its record limit (storage_limit).\n";
  }
  return emit("README.txt", readme);
}

}  // namespace asim::profdata
