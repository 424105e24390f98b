// AI Core metric groups from the cost model's counters. See metrics.h; the modelling of
// each column is described in docs/profiling.md ("AI Core metrics").
//
// Thread safety: pure functions over constant tables. Failure: none (N/A values).
#include "profdata/metrics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace asim::profdata {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kL2RequestBytes = 128.0;  // one L2 request (an estimate, docs/profiling.md)
constexpr double kL0FractalInBytes = 512;  // a 16x16 fp16 (or 16x32 int8) fractal of L0A / L0B
constexpr double kL0cFractalBytes = 1024;  // a 16x16 fp32 accumulator fractal of L0C

double Ratio(uint64_t cycles, uint64_t total) {
  return total == 0 ? 0.0 : static_cast<double>(cycles) / static_cast<double>(total);
}

bool IsInt8Cube(const std::string& dtype) {
  return dtype == "INT8" || dtype == "UINT8" || dtype == "INT4";
}

// MACs one cube MMAD instruction does: a 16x16x16 fp16 fractal or a 16x32x16 int8 one.
double MacsPerFractal(const KernelCounters& c) {
  return IsInt8Cube(c.cube_dtype) ? 16.0 * 32.0 * 16.0 : 16.0 * 16.0 * 16.0;
}

struct Pipe {
  const char* prefix;
  uint64_t KernelCounters::*cycles;
};

constexpr std::array<Pipe, 6> kPipes = {{
    {"vec", &KernelCounters::vector_cycles},
    {"mac", &KernelCounters::cube_cycles},
    {"scalar", &KernelCounters::scalar_cycles},
    {"mte1", &KernelCounters::mte1_cycles},
    {"mte2", &KernelCounters::mte2_cycles},
    {"mte3", &KernelCounters::mte3_cycles},
}};

std::optional<double> Known(bool known, double value) {
  return known ? std::optional<double>(value) : std::nullopt;
}

// Pipe time and ratio pairs; `infix` is "" (PipeUtilization) or "exe_" (PipeExecuteUtilization).
void AddPipes(const KernelCounters& c, const ChipInfo& chip, const std::string& infix, std::vector<MetricValue>* out) {
  const double f = std::max<double>(chip.aicore_freq_mhz, 1);
  for (const Pipe& p : kPipes) {
    const uint64_t cycles = c.*(p.cycles);
    out->push_back({std::string(p.prefix) + "_" + infix + "time(us)", static_cast<double>(cycles) / f, 3});
    out->push_back({std::string(p.prefix) + "_" + infix + "ratio", Ratio(cycles, c.total_cycles), 3});
  }
}

std::vector<MetricValue> Arithmetic(const KernelCounters& c) {
  const bool w = c.has_work;
  const double mac = Ratio(c.cube_cycles, c.total_cycles);
  const double vec = Ratio(c.vector_cycles, c.total_cycles);
  const bool int8 = IsInt8Cube(c.cube_dtype);
  return {
      {"mac_fp16_ratio", Known(w, int8 ? 0.0 : mac), 3},
      {"mac_int8_ratio", Known(w, int8 ? mac : 0.0), 3},
      {"vec_fp32_ratio", Known(w, c.vector_elem_bytes == 4 ? vec : 0.0), 3},
      {"vec_fp16_ratio", Known(w, c.vector_elem_bytes == 2 ? vec : 0.0), 3},
      {"vec_int32_ratio", Known(w, 0.0), 3},
      {"vec_misc_ratio", Known(w, c.vector_elem_bytes != 2 && c.vector_elem_bytes != 4 ? vec : 0.0), 3},
      {"cube_fops", Known(w, 2.0 * static_cast<double>(c.cube_macs)), 0},
      {"vector_fops", Known(w, static_cast<double>(c.vector_ops)), 0},
  };
}

// Bytes moved through each buffer, from the work description (docs/profiling.md).
struct Traffic {
  double vector_rw = 0;  // UB bytes the vector unit reads (and, as many, writes)
  double mte2_to_l1 = 0, mte2_to_ub = 0;
  double mte1 = 0, mte3 = 0;
  double l0a_write = 0, l0b_write = 0, l0a_read = 0, l0b_read = 0, l0c_cube = 0, l0c_out = 0;
  double gm_read = 0, gm_write = 0, l2_read = 0, l2_write = 0;
  double l2_read_hit = 0, l2_write_hit = 0;
};

Traffic TrafficOf(const KernelCounters& c, const ChipInfo& chip) {
  Traffic t;
  const bool cube = c.cube_macs > 0;
  t.vector_rw = static_cast<double>(c.vector_ops) * c.vector_elem_bytes;
  t.mte2_to_l1 = cube ? static_cast<double>(c.mte2_bytes) : 0.0;
  t.mte2_to_ub = cube ? 0.0 : static_cast<double>(c.mte2_bytes);
  t.mte1 = static_cast<double>(c.mte1_bytes);
  t.mte3 = static_cast<double>(c.mte3_bytes);
  const double a = chip.l1_to_l0a_bytes_per_cycle, b = chip.l1_to_l0b_bytes_per_cycle;
  t.l0a_write = a + b > 0 ? t.mte1 * a / (a + b) : 0.0;
  t.l0b_write = t.mte1 - t.l0a_write;
  const double fractals = static_cast<double>(c.cube_macs) / MacsPerFractal(c);
  t.l0a_read = t.l0b_read = fractals * kL0FractalInBytes;
  t.l0c_cube = fractals * kL0cFractalBytes;
  t.l0c_out = cube ? t.mte3 : 0.0;
  const double hit = static_cast<double>(std::min(c.l2_hit_bytes, c.mte2_bytes));
  const double resident = static_cast<double>(std::min(c.l2_resident_bytes, c.mte3_bytes));
  t.l2_read = static_cast<double>(c.mte2_bytes);
  t.l2_write = t.mte3;
  t.gm_read = t.l2_read - hit;
  t.gm_write = t.l2_write - resident;
  t.l2_read_hit = hit;
  t.l2_write_hit = resident;
  return t;
}

std::vector<MetricValue> Bandwidths(MetricGroup group, const KernelCounters& c, const ChipInfo& chip) {
  const bool w = c.has_work;
  const Traffic t = TrafficOf(c, chip);
  const double seconds = AicoreTimeUs(c, chip) * 1e-6;
  const auto bw = [&](const char* name, double bytes) {
    return MetricValue{name, Known(w && seconds > 0, seconds > 0 ? bytes / seconds / kGiB : 0.0), 3};
  };
  const auto na = [](const char* name) { return MetricValue{name, std::nullopt, 3}; };
  switch (group) {
    case MetricGroup::kMemory:
      return {bw("ub_read_bw(GB/s)", t.vector_rw + t.mte3),
              bw("ub_write_bw(GB/s)", t.vector_rw + t.mte2_to_ub + t.l0c_out),
              bw("l1_read_bw(GB/s)", t.mte1),
              bw("l1_write_bw(GB/s)", t.mte2_to_l1),
              bw("l2_read_bw(GB/s)", t.l2_read),
              bw("l2_write_bw(GB/s)", t.l2_write),
              bw("main_mem_read_bw(GB/s)", t.gm_read),
              bw("main_mem_write_bw(GB/s)", t.gm_write)};
    case MetricGroup::kMemoryL0:
      return {bw("l0a_read_bw(GB/s)", t.l0a_read),      bw("l0a_write_bw(GB/s)", t.l0a_write),
              bw("l0b_read_bw(GB/s)", t.l0b_read),      bw("l0b_write_bw(GB/s)", t.l0b_write),
              bw("l0c_read_bw(GB/s)", t.l0c_out),       bw("l0c_write_bw(GB/s)", 0.0),
              bw("l0c_read_bw_cube(GB/s)", t.l0c_cube), bw("l0c_write_bw_cube(GB/s)", t.l0c_cube)};
    case MetricGroup::kMemoryUB:
      return {bw("ub_read_bw_mte(GB/s)", t.mte3),
              bw("ub_write_bw_mte(GB/s)", t.mte2_to_ub),
              bw("ub_read_bw_vector(GB/s)", t.vector_rw),
              bw("ub_write_bw_vector(GB/s)", t.vector_rw),
              na("ub_read_bw_scalar(GB/s)"),
              na("ub_write_bw_scalar(GB/s)")};
    default: return {};
  }
}

std::vector<MetricValue> L2Cache(const KernelCounters& c, const ChipInfo& chip) {
  const bool w = c.has_work;
  const Traffic t = TrafficOf(c, chip);
  const auto req = [&](const char* name, double bytes) {
    return MetricValue{name, Known(w, std::ceil(bytes / kL2RequestBytes)), 0};
  };
  return {req("write_cache_hit", t.l2_write_hit),  req("write_cache_miss_allocate", t.l2_write - t.l2_write_hit),
          req("r0_read_cache_hit", t.l2_read_hit), req("r0_read_cache_miss_allocate", t.l2_read - t.l2_read_hit),
          req("r1_read_cache_hit", 0.0),           req("r1_read_cache_miss_allocate", 0.0)};
}

std::vector<MetricValue> MemoryAccess(const KernelCounters& c, const ChipInfo& chip) {
  const bool w = c.has_work;
  const Traffic t = TrafficOf(c, chip);
  const auto kb = [&](const char* name, double bytes) { return MetricValue{name, Known(w, bytes / 1024.0), 3}; };
  return {kb("read_main_memory_datas(KB)", t.gm_read),
          kb("write_main_memory_datas(KB)", t.gm_write),
          kb("gm_to_l1_datas(KB)", t.mte2_to_l1),
          kb("l0c_to_l1_datas(KB)", 0.0),
          kb("l0c_to_gm_datas(KB)", 0.0),
          kb("gm_to_ub_datas(KB)", t.mte2_to_ub),
          kb("ub_to_gm_datas(KB)", t.mte3)};
}

}  // namespace

double AicoreTimeUs(const KernelCounters& c, const ChipInfo& chip) {
  return static_cast<double>(c.total_cycles) / std::max<double>(chip.aicore_freq_mhz, 1);
}

uint64_t TotalCyclesAllBlocks(const KernelCounters& c) {
  const uint64_t waves = std::max<uint32_t>(c.waves, 1);
  return (c.total_cycles * std::max<uint32_t>(c.block_dim, 1) + waves / 2) / waves;
}

double CubeUtilizationPct(const KernelCounters& c, const ChipInfo& chip, uint32_t cores, double duration_us) {
  const double denom = static_cast<double>(chip.aicore_freq_mhz) * std::max<uint32_t>(cores, 1) * duration_us;
  return denom <= 0 ? 0.0 : static_cast<double>(TotalCyclesAllBlocks(c)) / denom * 100.0;
}

double MemoryBound(const KernelCounters& c) {
  if (c.total_cycles == 0) return 0.0;
  const double floor = 1.0 / static_cast<double>(c.total_cycles);
  const double denom = std::max({Ratio(c.cube_cycles, c.total_cycles), Ratio(c.vector_cycles, c.total_cycles), floor});
  return Ratio(c.mte2_cycles, c.total_cycles) / denom;
}

std::vector<std::string> GroupColumns(MetricGroup group) {
  KernelCounters none;
  none.valid = true;
  none.has_work = true;
  std::vector<std::string> names;
  for (const MetricValue& m : ComputeGroup(group, none, ChipInfo{})) names.push_back(m.name);
  return names;
}

std::vector<MetricValue> ComputeGroup(MetricGroup group, const KernelCounters& c, const ChipInfo& chip) {
  std::vector<MetricValue> out;
  switch (group) {
    case MetricGroup::kPipeUtilization:
      AddPipes(c, chip, "", &out);
      out.push_back({"icache_miss_rate", std::nullopt, 3});
      out.push_back({"memory_bound", MemoryBound(c), 3});
      break;
    case MetricGroup::kPipeExecuteUtilization:
      AddPipes(c, chip, "exe_", &out);
      out.push_back({"fixpipe_exe_time(us)", std::nullopt, 3});
      out.push_back({"fixpipe_exe_ratio", std::nullopt, 3});
      break;
    case MetricGroup::kArithmeticUtilization: out = Arithmetic(c); break;
    case MetricGroup::kMemory:
    case MetricGroup::kMemoryL0:
    case MetricGroup::kMemoryUB: out = Bandwidths(group, c, chip); break;
    case MetricGroup::kResourceConflictRatio:
      out = {{"vec_bankgroup_cflt_ratio", std::nullopt, 3},
             {"vec_bank_cflt_ratio", std::nullopt, 3},
             {"vec_resc_cflt_ratio", Ratio(c.non_overlap_cycles, c.total_cycles), 3}};
      break;
    case MetricGroup::kL2Cache: out = L2Cache(c, chip); break;
    case MetricGroup::kMemoryAccess: out = MemoryAccess(c, chip); break;
    case MetricGroup::kNone: break;
  }
  return out;
}

std::vector<std::string> PmuHeader(MetricGroup group, const ChipInfo& chip) {
  if (group == MetricGroup::kNone) return {};
  const std::vector<std::string> cols = GroupColumns(group);
  std::vector<std::string> header;
  if (!chip.split_cube_vector) {
    header = {"aicore_time(us)", "total_cycles"};
    header.insert(header.end(), cols.begin(), cols.end());
  } else {
    for (const char* p : {"aic_", "aiv_"}) {
      header.push_back(std::string(p) + "time(us)");
      header.push_back(std::string(p) + "total_cycles");
      for (const std::string& c : cols) header.push_back(p + c);
    }
  }
  header.push_back("cube_utilization(%)");
  return header;
}

std::vector<std::string> PmuValues(MetricGroup group, const DeviceTask& task, const ChipInfo& chip,
                                   double duration_us) {
  const std::vector<std::string> header = PmuHeader(group, chip);
  std::vector<std::string> values(header.size(), "N/A");
  const KernelCounters& c = task.counters;
  if (header.empty() || task.kind != TaskKind::kKernel || task.engine != Engine::kAiCore || !c.valid) return values;
  const bool vector_cores = RunsOnVectorCores(task, chip);
  const size_t half = chip.split_cube_vector ? (header.size() - 1) / 2 : header.size() - 1;
  const size_t base = chip.split_cube_vector && vector_cores ? half : 0;
  values[base] = FormatFixed(AicoreTimeUs(c, chip), 3);
  values[base + 1] = std::to_string(TotalCyclesAllBlocks(c));
  const std::vector<MetricValue> metrics = ComputeGroup(group, c, chip);
  for (size_t i = 0; i < metrics.size() && base + 2 + i < values.size() - 1; ++i) {
    values[base + 2 + i] = FormatMetric(metrics[i]);
  }
  const uint32_t cores = vector_cores ? chip.vector_core_count : chip.ai_core_count;
  values.back() = FormatFixed(CubeUtilizationPct(c, chip, cores, duration_us), 3);
  return values;
}

std::string FormatFixed(double value, int decimals) {
  if (!std::isfinite(value)) return "N/A";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", std::max(decimals, 0), value);
  return buf;
}

std::string FormatMetric(const MetricValue& m) {
  return m.value ? FormatFixed(*m.value, m.decimals) : "N/A";
}

}  // namespace asim::profdata
