// Summary CSV assembly. See summaries.h for the contract and docs/profiling.md for the
// column reference.
//
// Thread safety: pure functions. Failure: none.
#include "profdata/summaries.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "profdata/metrics.h"

namespace asim::profdata {
namespace {

constexpr const char* kNa = "N/A";

const ChipInfo& ChipOf(const Profile& p, uint32_t device_id) {
  static const ChipInfo kEmpty;
  for (const DeviceData& d : p.devices) {
    if (d.device_id == device_id) return d.chip;
  }
  return kEmpty;
}

const ChipInfo& FirstChip(const Profile& p) {
  static const ChipInfo kEmpty;
  return p.devices.empty() ? kEmpty : p.devices.front().chip;
}

std::string NsText(uint64_t ns, int decimals) {
  char buf[64];
  if (decimals == 6) {
    std::snprintf(buf, sizeof(buf), "%llu.%03llu000", static_cast<unsigned long long>(ns / 1000),
                  static_cast<unsigned long long>(ns % 1000));
  } else {
    std::snprintf(buf, sizeof(buf), "%llu.%03llu", static_cast<unsigned long long>(ns / 1000),
                  static_cast<unsigned long long>(ns % 1000));
  }
  return buf;
}

uint64_t PsToNs(uint64_t ps) {
  return (ps + 500) / 1000;
}

// Kernel tasks (the rows of op_summary) of every device, by device then start.
std::vector<const DeviceTask*> KernelTasks(const Profile& p) {
  std::vector<const DeviceTask*> out;
  for (const DeviceData& d : p.devices) {
    for (const DeviceTask& t : d.tasks) {
      if (t.kind == TaskKind::kKernel) out.push_back(&t);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const DeviceTask* a, const DeviceTask* b) {
    return std::tie(a->device_id, a->start_ps, a->task_id) < std::tie(b->device_id, b->start_ps, b->task_id);
  });
  return out;
}

// The rows of op_summary: kernel tasks and collective communication tasks (HCCL), by device
// then start.
std::vector<const DeviceTask*> OpSummaryTasks(const Profile& p) {
  std::vector<const DeviceTask*> out;
  for (const DeviceData& d : p.devices) {
    for (const DeviceTask& t : d.tasks) {
      if (t.kind == TaskKind::kKernel || t.kind == TaskKind::kCollective) out.push_back(&t);
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const DeviceTask* a, const DeviceTask* b) {
    return std::tie(a->device_id, a->start_ps, a->task_id) < std::tie(b->device_id, b->start_ps, b->task_id);
  });
  return out;
}

std::vector<const DeviceTask*> CollectiveTasks(const Profile& p) {
  std::vector<const DeviceTask*> out;
  for (const DeviceData& d : p.devices) {
    for (const DeviceTask& t : d.tasks) {
      if (t.kind == TaskKind::kCollective) out.push_back(&t);
    }
  }
  return out;
}

std::string Fixed3(double v) {
  return FormatFixed(v, 3);
}

bool Level0(const Profile& p) {
  return p.config.task_time == "l0";
}

}  // namespace

uint32_t DisplayStreamId(uint32_t stream_id) {
  return stream_id == 0xFFFFFFFFu ? 65535u : stream_id;
}

std::string PsToUsText(uint64_t ps) {
  return NsText(PsToNs(ps), 3);
}

std::string ShapesText(const std::vector<TensorInfo>& tensors) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) {
    if (i) out += ';';
    for (size_t d = 0; d < tensors[i].dims.size(); ++d) {
      if (d) out += ',';
      out += std::to_string(tensors[i].dims[d]);
    }
  }
  return out;
}

std::string DtypesText(const std::vector<TensorInfo>& tensors) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) out += (i ? ";" : "") + tensors[i].dtype;
  return out;
}

std::string FormatsText(const std::vector<TensorInfo>& tensors) {
  std::string out;
  for (size_t i = 0; i < tensors.size(); ++i) out += (i ? ";" : "") + tensors[i].format;
  return out;
}

Table OpSummary(const Profile& p) {
  Table t;
  if (p.config.task_time == "off" || Level0(p)) return t;
  const ChipInfo& chip = FirstChip(p);
  const bool stars = chip.split_cube_vector;  // the chips with STARS (910B) keep the columns below
  t.header = {"Device_id",
              "Model ID",
              "Task ID",
              "Stream ID",
              "Op Name",
              "OP Type",
              "OP State",
              "Task Type",
              "Task Start Time(us)",
              "Task Duration(us)",
              "Task Wait Time(us)",
              "Block Num"};
  if (stars) t.header.push_back("Mix Block Num");
  for (const char* h : {"HF32 Eligible", "Input Shapes", "Input Data Types", "Input Formats", "Output Shapes",
                        "Output Data Types", "Output Formats"}) {
    t.header.push_back(h);
  }
  if (stars) t.header.push_back("Context ID");
  const MetricGroup group = MetricGroupFromName(p.config.aic_metrics).value_or(MetricGroup::kNone);
  const std::vector<std::string> pmu = PmuHeader(group, chip);
  t.header.insert(t.header.end(), pmu.begin(), pmu.end());

  uint32_t prev_device = 0;
  uint64_t prev_end_ns = 0;
  bool first = true;
  for (const DeviceTask* task : OpSummaryTasks(p)) {
    const ChipInfo& dchip = ChipOf(p, task->device_id);
    const bool collective = task->kind == TaskKind::kCollective;
    const uint64_t start_ns = PsToNs(task->start_ps), end_ns = PsToNs(task->end_ps);
    const uint64_t dur_ns = end_ns - std::min(start_ns, end_ns);
    std::string wait = "0";
    if (!first && prev_device == task->device_id) {
      wait = NsText(start_ns > prev_end_ns ? start_ns - prev_end_ns : 0, 6);
    }
    first = false;
    prev_device = task->device_id;
    prev_end_ns = start_ns + dur_ns;
    const std::string model_id = task->has_op_info ? std::to_string(task->DisplayModelId()) : kNa;
    std::vector<std::string> row = {std::to_string(task->device_id),
                                    model_id,
                                    std::to_string(task->task_id),
                                    std::to_string(DisplayStreamId(task->stream_id)),
                                    task->name,
                                    task->op_type.empty() ? kNa : task->op_type,
                                    "static",
                                    TaskTypeOf(*task, dchip),
                                    NsText(start_ns, 3) + "\t",
                                    NsText(dur_ns, 3),
                                    wait,
                                    collective ? "0" : std::to_string(task->block_dim)};
    if (stars) row.push_back("0");
    row.push_back("NO");
    row.push_back(ShapesText(task->inputs));
    row.push_back(DtypesText(task->inputs));
    row.push_back(FormatsText(task->inputs));
    row.push_back(ShapesText(task->outputs));
    row.push_back(DtypesText(task->outputs));
    row.push_back(FormatsText(task->outputs));
    if (stars) row.push_back(kNa);
    const std::vector<std::string> values = PmuValues(group, *task, dchip, static_cast<double>(dur_ns) / 1000.0);
    row.insert(row.end(), values.begin(), values.end());
    t.rows.push_back(std::move(row));
  }
  return t;
}

Table OpStatistic(const Profile& p) {
  Table t;
  if (p.config.task_time == "off" || Level0(p)) return t;
  t.header = {"Device_id",    "OP Type",      "Core Type",    "Count",   "Total Time(us)",
              "Min Time(us)", "Avg Time(us)", "Max Time(us)", "Ratio(%)"};
  struct Stat {
    uint64_t count = 0, total = 0, min = UINT64_MAX, max = 0;
  };
  std::map<std::tuple<uint32_t, std::string, std::string>, Stat> stats;
  std::map<uint32_t, uint64_t> device_total;
  for (const DeviceTask* task : KernelTasks(p)) {
    const uint64_t dur = PsToNs(task->end_ps) - std::min(PsToNs(task->start_ps), PsToNs(task->end_ps));
    Stat& s = stats[{task->device_id, task->op_type, TaskTypeOf(*task, ChipOf(p, task->device_id))}];
    ++s.count;
    s.total += dur;
    s.min = std::min(s.min, dur);
    s.max = std::max(s.max, dur);
    device_total[task->device_id] += dur;
  }
  std::vector<std::pair<std::tuple<uint32_t, std::string, std::string>, Stat>> sorted(stats.begin(), stats.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    if (std::get<0>(a.first) != std::get<0>(b.first)) return std::get<0>(a.first) < std::get<0>(b.first);
    return a.second.total > b.second.total;
  });
  for (const auto& [key, s] : sorted) {
    const double total_us = static_cast<double>(s.total) / 1000.0;
    const uint64_t dev_total = device_total[std::get<0>(key)];
    t.rows.push_back({std::to_string(std::get<0>(key)), std::get<1>(key), std::get<2>(key), std::to_string(s.count),
                      Fixed3(total_us), Fixed3(static_cast<double>(s.min) / 1000.0),
                      Fixed3(total_us / static_cast<double>(s.count)), Fixed3(static_cast<double>(s.max) / 1000.0),
                      Fixed3(dev_total == 0 ? 0.0 : 100.0 * static_cast<double>(s.total) / dev_total)});
  }
  return t;
}

Table ApiStatistic(const Profile& p) {
  Table t;
  if (!p.config.ascendcl) return t;
  t.header = {"Device_id", "Level", "API Name", "Time(us)", "Count", "Avg(us)", "Min(us)", "Max(us)", "Variance"};
  std::map<std::pair<std::string, std::string>, std::vector<double>> groups;  // (name, level) -> durations
  for (const ApiEvent& e : p.api) {
    groups[{e.name, e.level}].push_back(static_cast<double>(e.end_ns - std::min(e.start_ns, e.end_ns)) / 1000.0);
  }
  for (const auto& [key, durs] : groups) {
    double sum = 0;
    for (double d : durs) sum += d;
    const double avg = sum / static_cast<double>(durs.size());
    double var = 0;
    for (double d : durs) var += (d - avg) * (d - avg);
    var /= static_cast<double>(durs.size());
    t.rows.push_back({"host", key.second, key.first, Fixed3(sum), std::to_string(durs.size()), Fixed3(avg),
                      Fixed3(*std::min_element(durs.begin(), durs.end())),
                      Fixed3(*std::max_element(durs.begin(), durs.end())), Fixed3(var)});
  }
  return t;
}

Table TaskTime(const Profile& p) {
  Table t;
  if (p.config.task_time == "off") return t;
  t.header = {"Device_id", "kernel_name",   "kernel_type",    "stream_id",
              "task_id",   "task_time(us)", "task_start(us)", "task_stop(us)"};
  std::vector<const DeviceTask*> tasks;
  for (const DeviceData& d : p.devices) {
    for (const DeviceTask& task : d.tasks) tasks.push_back(&task);
  }
  std::stable_sort(tasks.begin(), tasks.end(), [](const DeviceTask* a, const DeviceTask* b) {
    return std::tie(a->device_id, a->start_ps, a->task_id) < std::tie(b->device_id, b->start_ps, b->task_id);
  });
  for (const DeviceTask* task : tasks) {
    const uint64_t start = PsToNs(task->start_ps), end = std::max(PsToNs(task->end_ps), start);
    t.rows.push_back({std::to_string(task->device_id), task->name, TaskTypeOf(*task, ChipOf(p, task->device_id)),
                      std::to_string(DisplayStreamId(task->stream_id)), std::to_string(task->task_id),
                      NsText(end - start, 3), NsText(start, 3) + "\t", NsText(end, 3) + "\t"});
  }
  return t;
}

Table HcclStatistic(const Profile& p) {
  Table t;
  if (p.config.task_time == "off" || Level0(p)) return t;
  const std::vector<const DeviceTask*> tasks = CollectiveTasks(p);
  if (tasks.empty()) return t;
  t.header = {"Device_id",    "OP Type",      "Count",        "Total Time(us)",
              "Min Time(us)", "Avg Time(us)", "Max Time(us)", "Ratio(%)"};
  struct Stat {
    uint64_t count = 0, total = 0, min = UINT64_MAX, max = 0;
  };
  std::map<std::pair<uint32_t, std::string>, Stat> stats;
  std::map<uint32_t, uint64_t> device_total;
  for (const DeviceTask* task : tasks) {
    const uint64_t dur = PsToNs(task->end_ps) - std::min(PsToNs(task->start_ps), PsToNs(task->end_ps));
    Stat& s = stats[{task->device_id, task->op_type.empty() ? task->name : task->op_type}];
    ++s.count;
    s.total += dur;
    s.min = std::min(s.min, dur);
    s.max = std::max(s.max, dur);
    device_total[task->device_id] += dur;
  }
  std::vector<std::pair<std::pair<uint32_t, std::string>, Stat>> sorted(stats.begin(), stats.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    if (a.first.first != b.first.first) return a.first.first < b.first.first;
    return a.second.total > b.second.total;
  });
  for (const auto& [key, s] : sorted) {
    const double total_us = static_cast<double>(s.total) / 1000.0;
    const uint64_t dev_total = device_total[key.first];
    t.rows.push_back({std::to_string(key.first), key.second, std::to_string(s.count), Fixed3(total_us),
                      Fixed3(static_cast<double>(s.min) / 1000.0), Fixed3(total_us / static_cast<double>(s.count)),
                      Fixed3(static_cast<double>(s.max) / 1000.0),
                      Fixed3(dev_total == 0 ? 0.0 : 100.0 * static_cast<double>(s.total) / dev_total)});
  }
  return t;
}

std::vector<Execution> Executions(const Profile& p) {
  std::map<std::tuple<uint32_t, uint32_t, uint64_t>, Execution> map;
  for (const DeviceData& d : p.devices) {
    for (const DeviceTask& task : d.tasks) {
      if (task.kind != TaskKind::kKernel || !task.has_op_info || task.model_id == 0) continue;
      auto [it, fresh] = map.try_emplace({task.device_id, task.model_id, task.execution});
      Execution& e = it->second;
      if (fresh) {
        e.device_id = task.device_id;
        e.model_id = task.model_id;
        e.model_name = task.model_name;
        e.execution = task.execution;
        e.start_ps = task.start_ps;
        e.end_ps = task.end_ps;
      }
      e.start_ps = std::min(e.start_ps, task.start_ps);
      e.end_ps = std::max(e.end_ps, task.end_ps);
      e.busy_ps += task.end_ps - std::min(task.start_ps, task.end_ps);
      ++e.tasks;
    }
  }
  std::vector<Execution> out;
  for (auto& [key, e] : map) out.push_back(e);
  return out;
}

Table StepTrace(const Profile& p) {
  Table t;
  const std::vector<Execution> executions = Executions(p);
  if (p.config.task_time == "off" || executions.empty()) return t;
  t.header = {"Device_id",          "Iteration ID",       "FP Start(us)",      "BP End(us)",
              "Iteration End(us)",  "Iteration Time(us)", "FP to BP Time(us)", "Iteration Refresh(us)",
              "Data Aug Bound(us)", "Model ID",           "Reduce Start(us)",  "Reduce Duration(us)"};
  const Execution* prev = nullptr;
  for (const Execution& e : executions) {
    std::string aug = kNa;
    if (prev != nullptr && prev->device_id == e.device_id && prev->model_id == e.model_id) {
      aug = PsToUsText(e.start_ps > prev->end_ps ? e.start_ps - prev->end_ps : 0);
    }
    t.rows.push_back({std::to_string(e.device_id), std::to_string(e.execution + 1), kNa, kNa,
                      PsToUsText(e.end_ps) + "\t", PsToUsText(e.end_ps - e.start_ps), kNa, kNa, aug,
                      std::to_string(e.model_id), kNa, kNa});
    prev = &e;
  }
  return t;
}

Table AiCpu(const Profile& p) {
  Table t;
  if (!p.config.aicpu || p.config.task_time == "off") return t;
  t.header = {"Timestamp(us)",     "Node",           "Compute_time(us)", "Memcpy_time(us)", "Task_time(us)",
              "Dispatch_time(us)", "Total_time(us)", "Stream ID",        "Task ID"};
  for (const DeviceTask* task : KernelTasks(p)) {
    if (task->engine != Engine::kAiCpu) continue;
    const ChipInfo& chip = ChipOf(p, task->device_id);
    const KernelCounters& c = task->counters;
    const double mhz = std::max<double>(chip.ai_cpu_freq_mhz, 1);
    const auto cyc = [&](uint64_t cycles) { return c.valid ? Fixed3(static_cast<double>(cycles) / mhz) : kNa; };
    t.rows.push_back({PsToUsText(task->start_ps) + "\t", task->name, cyc(c.aicpu_compute_cycles),
                      cyc(c.aicpu_memory_cycles), cyc(c.total_cycles), c.valid ? PsToUsText(c.overhead_ps) : kNa,
                      PsToUsText(task->end_ps - std::min(task->start_ps, task->end_ps)),
                      std::to_string(DisplayStreamId(task->stream_id)), std::to_string(task->task_id)});
  }
  return t;
}

}  // namespace asim::profdata
