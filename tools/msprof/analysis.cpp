// msprof's analysis and baseline comparison. See analysis.h.
//
// Thread safety: pure functions. Failure: see analysis.h.
#include "tools/msprof/analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "profdata/metrics.h"
#include "profdata/summaries.h"

namespace asim::msprof {
namespace {

using profdata::DeviceTask;
using profdata::Profile;

double DurUs(const DeviceTask& t) {
  return static_cast<double>(t.end_ps - std::min(t.start_ps, t.end_ps)) / 1e6;
}

std::string Pad(std::string s, size_t width, bool right = false) {
  if (s.size() > width) s = s.substr(0, width - 1) + "~";
  const std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

std::set<std::string> SocsOf(const Profile& p) {
  std::set<std::string> socs;
  for (const auto& d : p.devices) socs.insert(d.chip.soc_version);
  return socs;
}

std::set<std::string> ModelsOf(const Profile& p) {
  std::set<std::string> models;
  for (const auto& d : p.devices) {
    for (const auto& t : d.tasks) {
      if (t.has_op_info && !t.model_name.empty()) models.insert(t.model_name);
    }
  }
  return models;
}

std::set<std::string> HostIsasOf(const Profile& p) {
  std::set<std::string> isas;
  for (const auto& d : p.devices) {
    if (!d.chip.host_vector_isa.empty()) isas.insert(d.chip.host_vector_isa);
  }
  return isas;
}

std::string Join(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
  return out.empty() ? "(none)" : out;
}

}  // namespace

std::string Fixed(double value, int decimals) {
  return profdata::FormatFixed(value, decimals);
}

std::vector<OpStat> OpStats(const Profile& p) {
  std::map<std::pair<std::string, std::string>, OpStat> map;
  for (const auto& d : p.devices) {
    for (const DeviceTask& t : d.tasks) {
      if (t.kind != profdata::TaskKind::kKernel) continue;
      OpStat& s = map[{t.model_name, t.name}];
      s.model_name = t.model_name;
      s.op_name = t.name;
      s.op_type = t.op_type;
      s.task_type = profdata::TaskTypeOf(t, d.chip);
      s.input_types = profdata::DtypesText(t.inputs);
      ++s.count;
      s.total_us += DurUs(t);
      if (!t.aicpu_reason.empty()) s.aicpu_reason = t.aicpu_reason;
      const profdata::KernelCounters& c = t.counters;
      if (c.valid && t.engine == profdata::Engine::kAiCore && c.total_cycles > 0) {
        s.has_counters = true;
        const double total = static_cast<double>(c.total_cycles);
        s.aicore_time_us += profdata::AicoreTimeUs(c, d.chip);
        s.mac_ratio += static_cast<double>(c.cube_cycles) / total;
        s.vec_ratio += static_cast<double>(c.vector_cycles) / total;
        s.mte2_ratio += static_cast<double>(c.mte2_cycles) / total;
        s.memory_bound += profdata::MemoryBound(c);
      }
      if (c.has_work) {
        s.flops += 2.0 * static_cast<double>(c.cube_macs) + static_cast<double>(c.vector_ops);
        s.gm_bytes += static_cast<double>(c.mte2_bytes - std::min(c.l2_hit_bytes, c.mte2_bytes)) +
                      static_cast<double>(c.mte3_bytes - std::min(c.l2_resident_bytes, c.mte3_bytes));
      }
    }
  }
  std::vector<OpStat> out;
  for (auto& [key, s] : map) {
    const double n = static_cast<double>(s.count);
    s.avg_us = s.total_us / n;
    s.aicore_time_us /= n;
    s.mac_ratio /= n;
    s.vec_ratio /= n;
    s.mte2_ratio /= n;
    s.memory_bound /= n;
    s.flops /= n;
    s.gm_bytes /= n;
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(), [](const OpStat& a, const OpStat& b) {
    if (a.total_us != b.total_us) return a.total_us > b.total_us;
    return a.op_name < b.op_name;
  });
  return out;
}

std::string SummaryText(const Profile& p, size_t top) {
  std::ostringstream o;
  o << "Profile " << p.dir_name << " (" << Join(SocsOf(p)) << "; CANN " << profdata::kCannVersion
    << " columns; device times are simulated, API times host wall time; host kernels on " << Join(HostIsasOf(p))
    << ")\n";
  const auto executions = profdata::Executions(p);
  if (!executions.empty()) {
    o << "\nModel executions (simulated device time):\n";
    for (const auto& e : executions) {
      o << "  model " << e.model_id << " '" << e.model_name << "' execution " << (e.execution + 1) << " on device "
        << e.device_id << ": " << Fixed(static_cast<double>(e.end_ps - e.start_ps) / 1e6) << " us (" << e.tasks
        << " tasks, busy " << Fixed(static_cast<double>(e.busy_ps) / 1e6) << " us)\n";
    }
  }
  // Collective communication: hccl_statistic's rows (simulated time, including the wait for
  // the last rank to arrive).
  const profdata::Table comm = profdata::HcclStatistic(p);
  if (!comm.rows.empty()) {
    o << "\nCollective communication (HCCL; simulated time, waits for late ranks included):\n";
    o << "  " << Pad("Device", 8) << Pad("OP Type", 22) << Pad("Count", 6, true) << Pad("Total(us)", 12, true)
      << Pad("Avg(us)", 11, true) << Pad("Max(us)", 11, true) << "\n";
    for (const auto& row : comm.rows) {  // Device_id, OP Type, Count, Total, Min, Avg, Max, Ratio
      o << "  " << Pad(row[0], 8) << Pad(row[1], 22) << Pad(row[2], 6, true) << Pad(row[3], 12, true)
        << Pad(row[5], 11, true) << Pad(row[6], 11, true) << "\n";
    }
  }
  const std::vector<OpStat> ops = OpStats(p);
  if (ops.empty()) {
    o << "\nNo kernel tasks were recorded.\n";
    return o.str();
  }
  double all = 0;
  for (const OpStat& s : ops) all += s.total_us;
  o << "\nSlowest ops (simulated time summed over every execution):\n";
  o << "  " << Pad("Op Name", 28) << Pad("OP Type", 18) << Pad("Task Type", 15) << Pad("Count", 6, true)
    << Pad("Total(us)", 12, true) << Pad("Avg(us)", 11, true) << Pad("Ratio(%)", 10, true) << Pad("mem_bound", 10, true)
    << "\n";
  for (size_t i = 0; i < ops.size() && i < top; ++i) {
    const OpStat& s = ops[i];
    o << "  " << Pad(s.op_name, 28) << Pad(s.op_type, 18) << Pad(s.task_type, 15)
      << Pad(std::to_string(s.count), 6, true) << Pad(Fixed(s.total_us), 12, true) << Pad(Fixed(s.avg_us), 11, true)
      << Pad(Fixed(100.0 * s.total_us / all, 2), 10, true)
      << Pad(s.has_counters ? Fixed(s.memory_bound) : "N/A", 10, true) << "\n";
  }
  // Engine split.
  std::map<std::string, std::pair<double, uint32_t>> engines;
  for (const OpStat& s : ops) {
    engines[s.task_type].first += s.total_us;
    engines[s.task_type].second += s.count;
  }
  o << "\nEngine split of kernel time:";
  for (const auto& [type, v] : engines) {
    o << "  " << type << " " << Fixed(100.0 * v.first / all, 1) << "% (" << Fixed(v.first) << " us, " << v.second
      << " tasks)";
  }
  o << "\n";
  std::vector<const OpStat*> cpu;
  for (const OpStat& s : ops) {
    if (s.task_type == "AI_CPU") cpu.push_back(&s);
  }
  o << "\nAI CPU ops: " << (cpu.empty() ? "none (every op runs on AI Core)" : std::to_string(cpu.size())) << "\n";
  for (const OpStat* s : cpu) {
    o << "  " << s->op_name << " (" << s->op_type << ", " << s->input_types << ", " << Fixed(s->avg_us)
      << " us each): " << (s->aicpu_reason.empty() ? "reason unknown" : s->aicpu_reason) << "\n";
  }
  std::vector<const OpStat*> bound;
  for (const OpStat& s : ops) {
    if (s.has_counters && s.memory_bound > 1.0) bound.push_back(&s);
  }
  o << "\nMemory-bound ops (memory_bound > 1: the GM transfers outweigh cube and vector work): " << bound.size()
    << "\n";
  for (size_t i = 0; i < bound.size() && i < top; ++i) {
    o << "  " << Pad(bound[i]->op_name, 28) << " memory_bound " << Fixed(bound[i]->memory_bound) << ", mte2_ratio "
      << Fixed(bound[i]->mte2_ratio) << ", " << Fixed(bound[i]->avg_us) << " us\n";
  }
  uint64_t dropped = p.dropped_api;
  for (const auto& d : p.devices) dropped += d.dropped_tasks;
  if (dropped > 0) o << "\nWARNING: " << dropped << " records were dropped (record limit; raise storage_limit)\n";
  return o.str();
}

Status CompareText(const Profile& base, const Profile& cur, std::string* text) {
  const auto socs_b = SocsOf(base), socs_c = SocsOf(cur);
  if (socs_b != socs_c) {
    return Status(err::kInvalidParam, "refusing to compare: the baseline ran on " + Join(socs_b) +
                                          " but this profile on " + Join(socs_c) +
                                          " (op times of different chips are not comparable)");
  }
  const auto models_b = ModelsOf(base), models_c = ModelsOf(cur);
  if (models_b != models_c) {
    return Status(err::kInvalidParam, "refusing to compare: the baseline executed models " + Join(models_b) +
                                          " but this profile " + Join(models_c));
  }
  std::map<std::pair<std::string, std::string>, OpStat> b;
  for (const OpStat& s : OpStats(base)) b[{s.model_name, s.op_name}] = s;
  struct Row {
    OpStat cur;
    const OpStat* base = nullptr;
    double delta = 0;
  };
  std::vector<Row> rows;
  double total_b = 0, total_c = 0;
  for (const OpStat& s : OpStats(cur)) {
    Row r{s};
    auto it = b.find({s.model_name, s.op_name});
    if (it != b.end()) {
      r.base = &it->second;
      r.delta = s.avg_us - it->second.avg_us;
    } else {
      r.delta = s.avg_us;
    }
    total_c += s.avg_us;
    rows.push_back(r);
  }
  for (const auto& [key, s] : b) total_b += s.avg_us;
  std::stable_sort(rows.begin(), rows.end(),
                   [](const Row& x, const Row& y) { return std::fabs(x.delta) > std::fabs(y.delta); });
  std::ostringstream o;
  o << "Comparison of " << cur.dir_name << " against the baseline " << base.dir_name << " (" << Join(socs_c)
    << ", models " << Join(models_c) << ")\n";
  o << "Sum of per-op average times: " << Fixed(total_b) << " us -> " << Fixed(total_c) << " us ("
    << (total_c >= total_b ? "+" : "") << Fixed(total_c - total_b) << " us, "
    << (total_b > 0 ? Fixed(100.0 * (total_c - total_b) / total_b, 2) : "N/A") << "%)\n\n";
  o << "  " << Pad("Op Name", 28) << Pad("Base(us)", 11, true) << Pad("Now(us)", 11, true) << Pad("Delta(us)", 11, true)
    << Pad("Delta(%)", 10, true) << Pad("mac_ratio", 16, true) << Pad("mte2_ratio", 16, true)
    << Pad("memory_bound", 18, true) << "\n";
  const auto pair = [](const OpStat* b, const OpStat& c, double OpStat::*m) {
    if (b == nullptr || !b->has_counters || !c.has_counters) return std::string("N/A");
    return Fixed(b->*m) + "->" + Fixed(c.*m);
  };
  for (const Row& r : rows) {
    o << "  " << Pad(r.cur.op_name, 28) << Pad(r.base ? Fixed(r.base->avg_us) : "new", 11, true)
      << Pad(Fixed(r.cur.avg_us), 11, true) << Pad((r.delta >= 0 ? "+" : "") + Fixed(r.delta), 11, true)
      << Pad(r.base && r.base->avg_us > 0 ? Fixed(100.0 * r.delta / r.base->avg_us, 1) : "N/A", 10, true)
      << Pad(pair(r.base, r.cur, &OpStat::mac_ratio), 16, true)
      << Pad(pair(r.base, r.cur, &OpStat::mte2_ratio), 16, true)
      << Pad(pair(r.base, r.cur, &OpStat::memory_bound), 18, true) << "\n";
  }
  for (const auto& [key, s] : b) {
    bool seen = false;
    for (const Row& r : rows) seen |= r.cur.model_name == key.first && r.cur.op_name == key.second;
    if (!seen) o << "  " << Pad(s.op_name, 28) << " only in the baseline (" << Fixed(s.avg_us) << " us)\n";
  }
  *text = o.str();
  return Status::Ok();
}

}  // namespace asim::msprof
