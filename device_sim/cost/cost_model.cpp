// EstimateCost: the roofline-with-overlap model of docs/cost_model.md.
// Owner: device_sim/cost. Thread safety: pure functions. Failure: none (see cost_model.h).
#include "device_sim/cost/cost_model.h"

#include <algorithm>
#include <cmath>

namespace asim::sim {
namespace {

// Work below this many element ops stays on one AI CPU core; larger work is sharded over the
// AI CPU cores in pieces of at least this size (the AI CPU kernel library's sharding grain,
// a software property, so it is not in the SoC spec).
constexpr double kAiCpuShardOps = 16384;

uint64_t CeilCycles(double cycles) {
  if (!(cycles > 0)) return 0;  // also maps NaN to 0
  return static_cast<uint64_t>(std::ceil(cycles - 1e-9));
}

double Ratio(uint64_t part, uint64_t total) {
  if (total == 0) return 0;
  return std::min(1.0, static_cast<double>(part) / static_cast<double>(total));
}

SimPs CyclesToPs(uint64_t cycles, uint32_t freq_mhz) {
  if (cycles == 0 || freq_mhz == 0) return 0;
  // cycles / (MHz * 1e6) s = cycles * 1e6 / MHz ps
  return static_cast<SimPs>(std::llround(static_cast<double>(cycles) * 1e6 / freq_mhz));
}

CostEstimate EstimateAiCpu(const WorkDesc& work, const SocSpec& spec) {
  CostEstimate e;
  e.on_ai_cpu = true;
  e.block_dim = std::max<uint32_t>(1, work.block_dim);
  const uint32_t cpus = std::max<uint32_t>(1, spec.cores.ai_cpu_count);
  const double ops = static_cast<double>(work.aicpu_ops);
  const uint32_t shards = static_cast<uint32_t>(std::clamp(std::ceil(ops / kAiCpuShardOps), 1.0, 1e9));
  e.aicpu_cores_used = std::min(cpus, shards);
  e.cores_used = e.aicpu_cores_used;
  const double freq_hz = spec.cores.ai_cpu_freq_mhz * 1e6;
  e.aicpu_compute_cycles = CeilCycles(ops / (e.aicpu_cores_used * spec.cost.aicpu_ops_per_cycle));
  // The AI CPU cluster shares one memory rate however many cores a task uses.
  e.aicpu_memory_cycles = CeilCycles(static_cast<double>(work.aicpu_bytes) / (spec.cost.aicpu_gbps * 1e9) * freq_hz);
  // Out-of-order cores with hardware prefetch overlap streaming with compute: the larger term
  // bounds the task.
  e.critical_pipe = CriticalPipe::kAiCpu;
  e.critical_cycles = std::max(e.aicpu_compute_cycles, e.aicpu_memory_cycles);
  e.total_cycles = e.critical_cycles;
  e.overhead_ps = UsToPs(spec.overheads.aicpu_task_us);
  e.duration_ps = CyclesToPs(e.total_cycles, spec.cores.ai_cpu_freq_mhz) + e.overhead_ps;
  return e;
}

}  // namespace

const char* CriticalPipeName(CriticalPipe pipe) {
  switch (pipe) {
    case CriticalPipe::kNone: return "none";
    case CriticalPipe::kCube: return "cube";
    case CriticalPipe::kVector: return "vector";
    case CriticalPipe::kScalar: return "scalar";
    case CriticalPipe::kMte1: return "mte1";
    case CriticalPipe::kGm: return "gm";
    case CriticalPipe::kAiCpu: return "aicpu";
  }
  return "none";
}

uint32_t CubeMacsPerCycle(DataType dtype, const SocSpec& spec) {
  switch (dtype) {
    case DataType::kFloat16: return spec.cube.fp16_macs_per_cycle;
    case DataType::kBf16: return spec.cube.supports_bf16 ? spec.cube.fp16_macs_per_cycle : 0;
    case DataType::kInt8:
    case DataType::kUint8: return spec.cube.supports_int8 ? spec.cube.int8_macs_per_cycle : 0;
    case DataType::kInt4: return spec.cube.supports_int4 ? 2 * spec.cube.int8_macs_per_cycle : 0;
    case DataType::kFloat: return spec.cube.supports_fp32 ? spec.cube.fp32_macs_per_cycle : 0;
    default: return 0;
  }
}

CostEstimate EstimateCost(const WorkDesc& work, const SocSpec& spec) {
  return EstimateCost(work, spec, CostHints{});
}

CostEstimate EstimateCost(const WorkDesc& work, const SocSpec& spec, const CostHints& hints) {
  if (work.on_ai_cpu) return EstimateAiCpu(work, spec);

  CostEstimate e;
  e.block_dim = std::max<uint32_t>(1, work.block_dim);
  // Split chips: a task without cube work runs on the vector (AIV) cores.
  uint32_t cores = spec.cores.ai_core_count;
  if (spec.split_cube_vector && work.cube_macs == 0 && spec.cores.vector_core_count > 0) {
    cores = spec.cores.vector_core_count;
  }
  cores = std::max<uint32_t>(1, cores);
  e.cores_used = std::min(e.block_dim, cores);
  e.waves = (e.block_dim + cores - 1) / cores;
  // The busiest core does `waves` blocks, each 1/block_dim of the work.
  const double share = static_cast<double>(e.waves) / e.block_dim;
  const double freq_hz = spec.cores.aicore_freq_mhz * 1e6;

  // Cube: padded MACs at the chip's rate for the input type, times the sustained fraction of
  // that peak (cost.cube_efficiency: L0 ping-pong bubbles, fractal switches and the L0C
  // read-out the per-pipe terms do not see). A type the cube does not take is timed at a
  // quarter of the fp16 rate (the slowest cube mode) and flagged.
  double cube_rate = CubeMacsPerCycle(work.cube_dtype, spec);
  if (work.cube_macs > 0 && cube_rate == 0) {
    e.cube_dtype_supported = false;
    cube_rate = std::max(1.0, spec.cube.fp16_macs_per_cycle / 4.0);
  }
  cube_rate *= spec.cost.cube_efficiency > 0 ? spec.cost.cube_efficiency : 1.0;
  if (work.cube_macs > 0) e.cube_cycles = CeilCycles(static_cast<double>(work.cube_macs) * share / cube_rate);

  // Vector: bytes per cycle over the element width.
  const double elem_bytes = std::max<uint32_t>(1, work.vector_elem_bytes);
  e.vector_cycles = CeilCycles(static_cast<double>(work.vector_ops) * share * elem_bytes / spec.vector.bytes_per_cycle);
  e.scalar_cycles = CeilCycles(static_cast<double>(work.scalar_ops) * share / spec.cost.scalar_ops_per_cycle);
  // MTE1: L1 -> L0A and L1 -> L0B run side by side.
  const double mte1_rate =
      static_cast<double>(spec.cost.l1_to_l0a_bytes_per_cycle) + spec.cost.l1_to_l0b_bytes_per_cycle;
  e.mte1_cycles = CeilCycles(static_cast<double>(work.mte1_bytes) * share / mte1_rate);

  // MTE2 / MTE3: the memory bandwidth (at its achievable efficiency) is shared by the active
  // cores and converted to bytes per AI Core cycle; no core exceeds its own port. Bytes the
  // caller knows to be in L2 move at the port rate.
  const double port = spec.cost.gm_port_bytes_per_cycle;
  const double mem_bpc =
      std::min(port, spec.memory.bandwidth_gbps * 1e9 * spec.cost.memory_efficiency / e.cores_used / freq_hz);
  const double l2_read = static_cast<double>(std::min(hints.mte2_l2_hit_bytes, work.mte2_bytes));
  const double ddr_read = static_cast<double>(work.mte2_bytes) - l2_read;
  const double l2_write = static_cast<double>(std::min(hints.mte3_l2_resident_bytes, work.mte3_bytes));
  const double ddr_write = static_cast<double>(work.mte3_bytes) - l2_write;
  e.mte2_cycles = CeilCycles(share * (ddr_read / mem_bpc + l2_read / port));
  e.mte3_cycles = CeilCycles(share * (ddr_write / mem_bpc + l2_write / port));

  // Critical pipe: reads and writes share the port and the bus, so they count together.
  struct Term {
    CriticalPipe pipe;
    uint64_t cycles;
  };
  const Term terms[] = {{CriticalPipe::kCube, e.cube_cycles},
                        {CriticalPipe::kVector, e.vector_cycles},
                        {CriticalPipe::kScalar, e.scalar_cycles},
                        {CriticalPipe::kMte1, e.mte1_cycles},
                        {CriticalPipe::kGm, e.mte2_cycles + e.mte3_cycles}};
  uint64_t sum = 0;
  for (const Term& t : terms) {
    sum += t.cycles;
    if (t.cycles > e.critical_cycles) {
      e.critical_cycles = t.cycles;
      e.critical_pipe = t.pipe;
    }
  }
  // Non-overlap: double buffering hides the other pipes behind the critical one except for
  // pipeline fill and drain (one stage of `stages`) and at best a fraction pipe_overlap of it.
  const double per_core_mte2 = static_cast<double>(work.mte2_bytes) * share;
  const double stages = std::max(2.0, std::ceil(per_core_mte2 / spec.cost.pipeline_stage_bytes));
  const double exposed = std::max(1.0 - spec.cost.pipe_overlap, 1.0 / stages);
  e.non_overlap_cycles = CeilCycles(static_cast<double>(sum - e.critical_cycles) * exposed);
  e.startup_cycles = static_cast<uint64_t>(spec.cost.block_start_cycles) * e.waves;
  e.total_cycles = e.critical_cycles + e.non_overlap_cycles + e.startup_cycles;

  e.overhead_ps = UsToPs(spec.overheads.aicore_task_us);
  e.duration_ps = CyclesToPs(e.total_cycles, spec.cores.aicore_freq_mhz) + e.overhead_ps;

  e.mac_ratio = Ratio(e.cube_cycles, e.total_cycles);
  e.vec_ratio = Ratio(e.vector_cycles, e.total_cycles);
  e.scalar_ratio = Ratio(e.scalar_cycles, e.total_cycles);
  e.mte1_ratio = Ratio(e.mte1_cycles, e.total_cycles);
  e.mte2_ratio = Ratio(e.mte2_cycles, e.total_cycles);
  e.mte3_ratio = Ratio(e.mte3_cycles, e.total_cycles);
  if (e.total_cycles > 0) {
    const double floor = 1.0 / static_cast<double>(e.total_cycles);
    e.memory_bound = e.mte2_ratio / std::max({e.mac_ratio, e.vec_ratio, floor});
  }
  return e;
}

}  // namespace asim::sim
