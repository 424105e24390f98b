// Timeline assembly. See timeline.h.
//
// Thread safety: pure functions. Failure: none.
#include "profdata/timeline.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "profdata/summaries.h"

namespace asim::profdata {
namespace {

using Json = nlohmann::ordered_json;

std::string UsText(uint64_t ns) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%llu.%03llu", static_cast<unsigned long long>(ns / 1000),
                static_cast<unsigned long long>(ns % 1000));
  return buf;
}

double DurUs(uint64_t start_ns, uint64_t end_ns) {
  return end_ns > start_ns ? static_cast<double>(end_ns - start_ns) / 1000.0 : 0.0;
}

Json Meta(uint32_t pid, uint32_t tid, const char* name, Json args) {
  Json e;
  e["name"] = name;
  e["pid"] = pid;
  e["tid"] = tid;
  e["ph"] = "M";
  e["args"] = std::move(args);
  return e;
}

void ProcessMeta(Json* out, uint32_t pid, const std::string& name, const std::string& label, uint32_t sort) {
  out->push_back(Meta(pid, 0, "process_name", Json{{"name", name}}));
  out->push_back(Meta(pid, 0, "process_labels", Json{{"labels", label}}));
  out->push_back(Meta(pid, 0, "process_sort_index", Json{{"sort_index", sort}}));
}

void ThreadMeta(Json* out, uint32_t pid, uint32_t tid, const std::string& name) {
  out->push_back(Meta(pid, tid, "thread_name", Json{{"name", name}}));
  out->push_back(Meta(pid, tid, "thread_sort_index", Json{{"sort_index", tid}}));
}

Json Complete(const std::string& name, uint32_t pid, uint32_t tid, uint64_t start_ns, uint64_t end_ns, Json args) {
  Json e;
  e["name"] = name;
  e["pid"] = pid;
  e["tid"] = tid;
  e["ts"] = UsText(start_ns);
  e["dur"] = DurUs(start_ns, end_ns);
  e["ph"] = "X";
  e["args"] = std::move(args);
  return e;
}

// The AscendCL "Mode" of an API, by its prefix.
const char* ApiMode(const std::string& name) {
  if (name.rfind("aclrt", 0) == 0) return "ACL_RTS";
  if (name.rfind("aclmdl", 0) == 0) return "ACL_MODEL";
  if (name.rfind("aclop", 0) == 0) return "ACL_OP";
  if (name.rfind("acldvpp", 0) == 0) return "ACL_DVPP";
  return "ACL_OTHERS";
}

const char* CopyOperation(Engine engine) {
  switch (engine) {
    case Engine::kDmaH2D: return "host to device";
    case Engine::kDmaD2H: return "device to host";
    case Engine::kDmaD2D: return "device to device";
    default: return "host to host";
  }
}

void HostLayer(const Profile& p, Json* out) {
  if (p.api.empty()) return;
  const uint32_t pid = TimelinePid(p.pid, kSortCann, kHostDeviceId);
  ProcessMeta(out, pid, "CANN", "CPU", kSortCann);
  std::set<uint32_t> tids;
  for (const ApiEvent& e : p.api) tids.insert(e.tid);
  for (uint32_t tid : tids) ThreadMeta(out, pid, tid, "Thread " + std::to_string(tid));
  uint64_t connection = 0;
  for (const ApiEvent& e : p.api) {
    const char* layer = e.level == "runtime" ? "Runtime"
                        : e.level == "model" ? "Model"
                        : e.level == "node"  ? "Node"
                                             : "AscendCL";
    out->push_back(Complete(std::string(layer) + "@" + e.name, pid, e.tid, e.start_ns, e.end_ns,
                            Json{{"Thread Id", e.tid},
                                 {"Mode", ApiMode(e.name)},
                                 {"level", e.level},
                                 {"id", e.name},
                                 {"item_id", "0"},
                                 {"connection_id", connection++}}));
  }
}

void TxLayer(const Profile& p, Json* out) {
  if (p.tx.empty()) return;
  const uint32_t pid = TimelinePid(p.pid, kSortFramework, kHostDeviceId);
  ProcessMeta(out, pid, p.app_name.empty() ? "PID Name" : p.app_name, "CPU", kSortFramework);
  std::set<uint32_t> tids;
  for (const TxEvent& e : p.tx) tids.insert(e.tid);
  for (uint32_t tid : tids) ThreadMeta(out, pid, tid, "Thread " + std::to_string(tid));
  for (const TxEvent& e : p.tx) {
    out->push_back(
        Complete(e.message.empty() ? e.kind : e.message, pid, e.tid, e.start_ns, e.end_ns, Json{{"Category", e.kind}}));
  }
}

using Spans = std::vector<std::pair<uint64_t, uint64_t>>;

// Sorted, disjoint union of the spans.
Spans Merge(Spans spans) {
  std::sort(spans.begin(), spans.end());
  Spans merged;
  for (const auto& b : spans) {
    if (!merged.empty() && b.first <= merged.back().second) {
      merged.back().second = std::max(merged.back().second, b.second);
    } else {
      merged.push_back(b);
    }
  }
  return merged;
}

// The parts of the disjoint sorted spans `a` that no span of `b` (disjoint, sorted) covers.
Spans Subtract(const Spans& a, const Spans& b) {
  Spans out;
  size_t j = 0;
  for (auto [lo, hi] : a) {
    while (j < b.size() && b[j].second <= lo) ++j;
    for (size_t k = j; k < b.size() && b[k].first < hi && lo < hi; ++k) {
      if (b[k].first > lo) out.emplace_back(lo, b[k].first);
      lo = std::max(lo, b[k].second);
    }
    if (lo < hi) out.emplace_back(lo, hi);
  }
  return out;
}

// The "HCCL" layer: the device's collective communication tasks on one thread per stream
// ("Group <stream> Communication"), with the op type, the data size and the bandwidth.
void CommunicationLayer(const Profile& p, const DeviceData& d, Json* out) {
  std::set<uint32_t> streams;
  for (const DeviceTask& t : d.tasks) {
    if (t.kind == TaskKind::kCollective) streams.insert(DisplayStreamId(t.stream_id));
  }
  if (streams.empty()) return;
  const auto wall = [&](uint64_t ps) { return d.chip.sim_zero_wall_ns + (ps + 500) / 1000; };
  const uint32_t pid = TimelinePid(p.pid, kSortHccl, d.device_id);
  ProcessMeta(out, pid, "HCCL", "NPU " + std::to_string(d.device_id), kSortHccl);
  for (uint32_t s : streams) ThreadMeta(out, pid, s, "Group " + std::to_string(s) + " Communication");
  for (const DeviceTask& t : d.tasks) {
    if (t.kind != TaskKind::kCollective) continue;
    const double dur_ns = static_cast<double>(t.end_ps - std::min(t.start_ps, t.end_ps)) / 1000.0;
    out->push_back(Complete(t.name, pid, DisplayStreamId(t.stream_id), wall(t.start_ps), wall(t.end_ps),
                            Json{{"OP Type", t.op_type},
                                 {"Stream Id", DisplayStreamId(t.stream_id)},
                                 {"Task Id", t.task_id},
                                 {"size(B)", t.bytes},
                                 {"bandwidth(GB/s)", dur_ns > 0 ? static_cast<double>(t.bytes) / dur_ns : 0.0}}));
  }
}

void DeviceLayers(const Profile& p, const DeviceData& d, Json* out) {
  if (d.tasks.empty()) return;
  const ChipInfo& chip = d.chip;
  const auto wall = [&](uint64_t ps) { return chip.sim_zero_wall_ns + (ps + 500) / 1000; };
  const std::string npu = "NPU " + std::to_string(d.device_id);

  const uint32_t hw = TimelinePid(p.pid, kSortAscendHardware, d.device_id);
  ProcessMeta(out, hw, "Ascend Hardware", npu, kSortAscendHardware);
  std::set<uint32_t> streams;
  for (const DeviceTask& t : d.tasks) streams.insert(DisplayStreamId(t.stream_id));
  for (uint32_t s : streams) ThreadMeta(out, hw, s, "Stream " + std::to_string(s));
  uint64_t first_ps = UINT64_MAX, last_ps = 0;
  std::vector<std::pair<uint64_t, uint64_t>> busy, comm;
  for (const DeviceTask& t : d.tasks) {
    const std::string type = TaskTypeOf(t, chip);
    Json args{{"Model Id", t.DisplayModelId()},
              {"Task Type", type},
              {"Physic Stream Id", DisplayStreamId(t.stream_id)},
              {"Task Id", t.task_id},
              {"Batch Id", 0},
              {"Subtask Id", 4294967295u},
              {"connection_id", 0}};
    if (t.kind == TaskKind::kKernel) {
      args["OP Type"] = t.op_type;
      args["Block Num"] = t.block_dim;
      args["Input Shapes"] = ShapesText(t.inputs);
      args["Input Data Types"] = DtypesText(t.inputs);
      args["Input Formats"] = FormatsText(t.inputs);
      args["Output Shapes"] = ShapesText(t.outputs);
      args["Output Data Types"] = DtypesText(t.outputs);
      args["Output Formats"] = FormatsText(t.outputs);
      busy.emplace_back(t.start_ps, t.end_ps);
    } else if (t.kind == TaskKind::kCollective) {
      const double dur_ns = static_cast<double>(t.end_ps - std::min(t.start_ps, t.end_ps)) / 1000.0;
      args["OP Type"] = t.op_type;
      args["size(B)"] = t.bytes;
      args["bandwidth(GB/s)"] = dur_ns > 0 ? static_cast<double>(t.bytes) / dur_ns : 0.0;
      comm.emplace_back(t.start_ps, t.end_ps);
    } else if (t.kind == TaskKind::kMemcpy) {
      const double dur_ns = static_cast<double>(t.end_ps - std::min(t.start_ps, t.end_ps)) / 1000.0;
      args["size(B)"] = t.bytes;
      args["bandwidth(GB/s)"] = dur_ns > 0 ? static_cast<double>(t.bytes) / dur_ns : 0.0;
      args["operation"] = CopyOperation(t.engine);
    }
    // Kernels and DVPP tasks show their own names (op name; "JpegDecode", "VpcResize" ...).
    const std::string name =
        t.kind == TaskKind::kKernel || t.kind == TaskKind::kDvpp || t.kind == TaskKind::kCollective ? t.name : type;
    out->push_back(Complete(name, hw, DisplayStreamId(t.stream_id), wall(t.start_ps), wall(t.end_ps), std::move(args)));
    first_ps = std::min(first_ps, t.start_ps);
    last_ps = std::max(last_ps, t.end_ps);
  }

  const uint32_t freq = TimelinePid(p.pid, kSortAiCoreFreq, d.device_id);
  ProcessMeta(out, freq, "AI Core Freq", npu, kSortAiCoreFreq);
  for (uint64_t ps : {first_ps, last_ps}) {
    Json e;
    e["name"] = "AI Core Freq";
    e["pid"] = freq;
    e["tid"] = 0;
    e["ts"] = UsText(wall(ps));
    e["ph"] = "C";
    e["args"] = Json{{"MHz", chip.aicore_freq_mhz}};
    out->push_back(std::move(e));
  }

  CommunicationLayer(p, d, out);

  // Overlap Analysis: the union of kernel time ("Computing"), of collective time
  // ("Communication", and the part of it no kernel overlaps, "Communication(Not Overlapped)")
  // and the gaps in the union of both ("Free").
  const uint32_t ov = TimelinePid(p.pid, kSortOverlapAnalysis, d.device_id);
  ProcessMeta(out, ov, "Overlap Analysis", npu, kSortOverlapAnalysis);
  ThreadMeta(out, ov, 0, "Computing");
  if (!comm.empty()) {
    ThreadMeta(out, ov, 1, "Communication");
    ThreadMeta(out, ov, 2, "Communication(Not Overlapped)");
  }
  ThreadMeta(out, ov, 3, "Free");
  const Spans computing = Merge(busy);
  const Spans communicating = Merge(comm);
  for (const auto& c : computing) {
    out->push_back(Complete("Computing", ov, 0, wall(c.first), wall(c.second), Json::object()));
  }
  for (const auto& c : communicating) {
    out->push_back(Complete("Communication", ov, 1, wall(c.first), wall(c.second), Json::object()));
  }
  for (const auto& c : Subtract(communicating, computing)) {
    out->push_back(Complete("Communication(Not Overlapped)", ov, 2, wall(c.first), wall(c.second), Json::object()));
  }
  Spans all = computing;
  all.insert(all.end(), communicating.begin(), communicating.end());
  const Spans merged = Merge(all);
  for (size_t i = 0; i + 1 < merged.size(); ++i) {
    if (merged[i + 1].first > merged[i].second) {
      out->push_back(Complete("Free", ov, 3, wall(merged[i].second), wall(merged[i + 1].first), Json::object()));
    }
  }
}

}  // namespace

uint32_t TimelinePid(uint32_t process_id, uint32_t sort_index, uint32_t device_id) {
  return (process_id << 10) | (sort_index << 5) | (device_id & 31u);
}

std::string TimelineJson(const Profile& p) {
  Json out = Json::array();
  HostLayer(p, &out);
  TxLayer(p, &out);
  for (const DeviceData& d : p.devices) DeviceLayers(p, d, &out);
  return out.dump();
}

}  // namespace asim::profdata
