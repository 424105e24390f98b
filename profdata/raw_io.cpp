// Raw PROF_* data: writer and reader. See raw_io.h for the layout.
//
// Thread safety: functions touch only the given directory. Failure: Status naming the file.
#include "profdata/raw_io.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "profdata/csv.h"

namespace asim::profdata {

NLOHMANN_JSON_SERIALIZE_ENUM(TaskKind, {{TaskKind::kKernel, "Kernel"},
                                        {TaskKind::kMemcpy, "Memcpy"},
                                        {TaskKind::kMemset, "Memset"},
                                        {TaskKind::kEventRecord, "EventRecord"},
                                        {TaskKind::kEventWait, "EventWait"},
                                        {TaskKind::kEventReset, "EventReset"},
                                        {TaskKind::kHostFunc, "HostFunc"},
                                        {TaskKind::kDvpp, "Dvpp"},
                                        {TaskKind::kCollective, "Collective"}})
NLOHMANN_JSON_SERIALIZE_ENUM(Engine, {{Engine::kAiCore, "AI_CORE"},
                                      {Engine::kAiCpu, "AI_CPU"},
                                      {Engine::kDmaH2D, "DMA_H2D"},
                                      {Engine::kDmaD2H, "DMA_D2H"},
                                      {Engine::kDmaD2D, "DMA_D2D"},
                                      {Engine::kHost, "HOST"},
                                      {Engine::kSync, "SYNC"},
                                      {Engine::kDvpp, "DVPP"}})

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TensorInfo, dims, dtype, format)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(KernelCounters, valid, block_dim, cores_used, waves, cube_cycles,
                                                vector_cycles, scalar_cycles, mte1_cycles, mte2_cycles, mte3_cycles,
                                                non_overlap_cycles, startup_cycles, total_cycles, critical_pipe,
                                                overhead_ps, aicpu_compute_cycles, aicpu_memory_cycles,
                                                aicpu_cores_used, has_work, cube_macs, cube_dtype, vector_ops,
                                                vector_elem_bytes, scalar_ops, mte1_bytes, mte2_bytes, mte3_bytes,
                                                l2_hit_bytes, l2_resident_bytes, aicpu_ops, aicpu_bytes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DeviceTask, device_id, stream_id, task_id, kind, engine, name, op_type,
                                                has_op_info, model_id, model_name, execution, block_dim, bytes,
                                                start_ps, end_ps, wait_ps, ok, inputs, outputs, counters, aicpu_reason)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ApiEvent, name, level, start_ns, end_ns, pid, tid)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TxEvent, kind, message, start_ns, end_ns, tid)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(ChipInfo, soc_version, soc_name, split_cube_vector, aicore_freq_mhz,
                                                ai_core_count, vector_core_count, ai_cpu_count, ai_cpu_freq_mhz,
                                                cube_fp16_macs_per_cycle, cube_int8_macs_per_cycle,
                                                vector_bytes_per_cycle, l1_to_l0a_bytes_per_cycle,
                                                l1_to_l0b_bytes_per_cycle, memory_gbps, l2_bytes, sim_zero_wall_ns,
                                                host_vector_isa)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SessionConfig, source, aic_metrics, data_type_mask, ascendcl,
                                                runtime_api, task_time, aicpu, msproftx, training_trace,
                                                storage_limit_bytes, devices)

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

Status MakeDirs(const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Status(err::kWriteFile, "cannot create directory '" + dir.string() + "': " + ec.message());
  return Status::Ok();
}

Status WriteJson(const fs::path& path, const Json& value) {
  return WriteTextFile(path.string(), value.dump(2) + "\n");
}

template <typename T>
Status WriteLines(const fs::path& path, const std::vector<T>& records) {
  std::string text;
  for (const T& r : records) {
    text += Json(r).dump();
    text += '\n';
  }
  return WriteTextFile(path.string(), text);
}

Status ReadJson(const fs::path& path, Json* out) {
  std::string text;
  ASIM_RETURN_IF_ERROR(ReadTextFile(path.string(), &text));
  try {
    *out = Json::parse(text);
  } catch (const std::exception& e) {
    return Status(err::kParseFile, "'" + path.string() + "' is not valid JSON: " + e.what());
  }
  return Status::Ok();
}

// The first floating-point number in `value` (dumped into *found), walking iteratively
// since a line may nest arbitrarily deep.
bool FindFloat(const Json& value, std::string* found) {
  std::vector<const Json*> pending{&value};
  while (!pending.empty()) {
    const Json* v = pending.back();
    pending.pop_back();
    if (v->is_number_float()) {
      *found = v->dump();
      return true;
    }
    if (v->is_structured()) {
      for (const Json& child : *v) pending.push_back(&child);
    }
  }
  return false;
}

// One record line -> T; false and the reason in *error when the line is not such a record.
// The records hold integers, booleans and strings only, and nlohmann converts a JSON
// floating-point number to an integer field with a plain cast, undefined behaviour when
// the value is out of range (1e25 for a uint64_t): a line with any such number is refused.
template <typename T>
bool RecordFromLine(const std::string& line, T* out, std::string* error) {
  try {
    const Json value = Json::parse(line);
    std::string number;
    if (FindFloat(value, &number)) {
      *error = "floating-point number " + number + " in a record of integers";
      return false;
    }
    *out = value.get<T>();
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
  return true;
}

template <typename T>
Status ReadLines(const fs::path& path, std::vector<T>* out) {
  std::string text;
  ASIM_RETURN_IF_ERROR(ReadTextFile(path.string(), &text));
  std::istringstream in(text);
  std::string line;
  size_t lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty()) continue;
    T record;
    std::string error;
    if (!RecordFromLine(line, &record, &error)) {
      return Status(err::kParseFile, "'" + path.string() + "' line " + std::to_string(lineno) + ": " + error);
    }
    out->push_back(std::move(record));
  }
  return Status::Ok();
}

Json TimesJson(uint64_t wall_ns) {
  return Json{{"collectionTimeWallNs", wall_ns}, {"clockRealtime", std::to_string(wall_ns)}};
}

}  // namespace

std::string TaskToJsonLine(const DeviceTask& task) {
  return Json(task).dump();
}

Status TaskFromJsonLine(const std::string& line, DeviceTask* task) {
  std::string error;
  if (!RecordFromLine(line, task, &error)) return Status(err::kParseFile, "bad task record: " + error);
  return Status::Ok();
}

std::string ApiEventToJsonLine(const ApiEvent& event) {
  return Json(event).dump();
}

Status ApiEventFromJsonLine(const std::string& line, ApiEvent* event) {
  std::string error;
  if (!RecordFromLine(line, event, &error)) return Status(err::kParseFile, "bad API event record: " + error);
  return Status::Ok();
}

std::string TxEventToJsonLine(const TxEvent& event) {
  return Json(event).dump();
}

Status TxEventFromJsonLine(const std::string& line, TxEvent* event) {
  std::string error;
  if (!RecordFromLine(line, event, &error)) return Status(err::kParseFile, "bad msproftx record: " + error);
  return Status::Ok();
}

Status WriteRaw(const Profile& p, const std::string& prof_dir) {
  const fs::path root(prof_dir);
  const fs::path host = root / "host";
  ASIM_RETURN_IF_ERROR(MakeDirs(host / "data"));
  const Json info{{"pid", p.pid},
                  {"hostname", p.hostname},
                  {"app_name", p.app_name},
                  {"dir_name", p.dir_name},
                  {"cann_version", kCannVersion},
                  {"platform", "ascend-sim (simulated device)"},
                  {"start_wall_ns", p.start_wall_ns},
                  {"end_wall_ns", p.end_wall_ns},
                  {"dropped_api", p.dropped_api},
                  {"devices", [&] {
                     std::vector<uint32_t> ids;
                     for (const DeviceData& d : p.devices) ids.push_back(d.device_id);
                     return ids;
                   }()}};
  ASIM_RETURN_IF_ERROR(WriteJson(host / "info.json", info));
  ASIM_RETURN_IF_ERROR(WriteJson(host / "sample.json", Json(p.config)));
  ASIM_RETURN_IF_ERROR(WriteJson(host / "start_info", TimesJson(p.start_wall_ns)));
  ASIM_RETURN_IF_ERROR(WriteJson(host / "end_info", TimesJson(p.end_wall_ns)));
  ASIM_RETURN_IF_ERROR(WriteLines(host / "data" / "api_event.data.slice_0", p.api));
  if (!p.tx.empty()) ASIM_RETURN_IF_ERROR(WriteLines(host / "data" / "msproftx.data.slice_0", p.tx));
  for (const DeviceData& d : p.devices) {
    const std::string n = std::to_string(d.device_id);
    const fs::path dev = root / ("device_" + n);
    ASIM_RETURN_IF_ERROR(MakeDirs(dev / "data"));
    Json dinfo{{"device_id", d.device_id}, {"dropped_tasks", d.dropped_tasks}, {"chip", Json(d.chip)}};
    ASIM_RETURN_IF_ERROR(WriteJson(dev / ("info.json." + n), dinfo));
    ASIM_RETURN_IF_ERROR(WriteJson(dev / "sample.json", Json(p.config)));
    ASIM_RETURN_IF_ERROR(WriteJson(dev / ("start_info." + n), TimesJson(p.start_wall_ns)));
    ASIM_RETURN_IF_ERROR(WriteJson(dev / ("end_info." + n), TimesJson(p.end_wall_ns)));
    ASIM_RETURN_IF_ERROR(WriteLines(dev / "data" / ("task.data." + n + ".slice_0"), d.tasks));
  }
  return Status::Ok();
}

Status ReadRaw(const std::string& prof_dir, Profile* out) {
  const fs::path root(prof_dir);
  if (!fs::is_directory(root / "host")) {
    return Status(err::kInvalidFile, "'" + prof_dir + "' is not a PROF_* directory written by ascend-sim (no host/)");
  }
  Profile p;
  Json info, sample;
  ASIM_RETURN_IF_ERROR(ReadJson(root / "host" / "info.json", &info));
  ASIM_RETURN_IF_ERROR(ReadJson(root / "host" / "sample.json", &sample));
  try {
    p.pid = info.value("pid", 0u);
    p.hostname = info.value("hostname", "");
    p.app_name = info.value("app_name", "");
    p.dir_name = info.value("dir_name", root.filename().string());
    p.start_wall_ns = info.value("start_wall_ns", uint64_t{0});
    p.end_wall_ns = info.value("end_wall_ns", uint64_t{0});
    p.dropped_api = info.value("dropped_api", uint64_t{0});
    p.config = sample.get<SessionConfig>();
  } catch (const std::exception& e) {
    return Status(err::kParseFile, "'" + prof_dir + "/host': " + e.what());
  }
  ASIM_RETURN_IF_ERROR(ReadLines(root / "host" / "data" / "api_event.data.slice_0", &p.api));
  const fs::path tx = root / "host" / "data" / "msproftx.data.slice_0";
  if (fs::exists(tx)) ASIM_RETURN_IF_ERROR(ReadLines(tx, &p.tx));
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_directory() || name.rfind("device_", 0) != 0) continue;
    const std::string n = name.substr(7);
    DeviceData d;
    Json dinfo;
    ASIM_RETURN_IF_ERROR(ReadJson(entry.path() / ("info.json." + n), &dinfo));
    try {
      d.device_id = dinfo.at("device_id").get<uint32_t>();
      d.dropped_tasks = dinfo.value("dropped_tasks", uint64_t{0});
      d.chip = dinfo.at("chip").get<ChipInfo>();
    } catch (const std::exception& e) {
      return Status(err::kParseFile, "'" + (entry.path() / ("info.json." + n)).string() + "': " + e.what());
    }
    ASIM_RETURN_IF_ERROR(ReadLines(entry.path() / "data" / ("task.data." + n + ".slice_0"), &d.tasks));
    p.devices.push_back(std::move(d));
  }
  if (ec) return Status(err::kInvalidFile, "cannot list '" + prof_dir + "': " + ec.message());
  std::sort(p.devices.begin(), p.devices.end(),
            [](const DeviceData& a, const DeviceData& b) { return a.device_id < b.device_id; });
  *out = std::move(p);
  return Status::Ok();
}

}  // namespace asim::profdata
