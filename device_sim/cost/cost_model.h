// Cost model: one kernel launch's data-free work (WorkDesc) -> cycles per pipe, a simulated
// duration and the AI Core metrics msprof reports (mac_ratio ... memory_bound).
//
// Owns: the formulas of docs/cost_model.md and nothing else. Every number about a chip comes
// from the SocSpec (device_sim/socs/*.json: facts, estimates and the calibrated parameters of
// its "cost" group); the formulas themselves are chip-independent.
// Owner: device_sim/cost (the cost-model engineer). Golden cycle counts of reference shapes
// are pinned in tests/unit/device_sim_cost: a change here is a deliberate golden update.
// Thread safety: pure functions of their arguments, safe from any thread.
// Failure: none is reported. The spec is assumed valid (ParseSocSpec guarantees positive
// rates); work a chip cannot do (an fp32 cube on a chip without one) is still timed, at a
// documented fallback rate, and flagged in CostEstimate::cube_dtype_supported.
#pragma once

#include <cstdint>

#include "base/work.h"
#include "device_sim/engine/sim_time.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {

// Which resource bounds a task (the largest of the pipe terms; MTE2 and MTE3 count together
// as kGm because reads and writes share the core's port and the memory bus).
enum class CriticalPipe : uint8_t { kNone, kCube, kVector, kScalar, kMte1, kGm, kAiCpu };
const char* CriticalPipeName(CriticalPipe pipe);  // "cube", "vector", "scalar", "mte1", "gm", "aicpu", "none"

// What a caller that knows the graph (the model executor, the ResNet-50 bench) may add about
// the L2: bytes it knows to be served by, or to stay in, the on-chip L2 instead of going to
// DDR/HBM. EstimateCost(work, spec) assumes none. See L2ReuseModel (l2_reuse.h).
struct CostHints {
  uint64_t mte2_l2_hit_bytes = 0;       // part of work.mte2_bytes read from L2 (clamped to mte2_bytes)
  uint64_t mte3_l2_resident_bytes = 0;  // part of work.mte3_bytes never written back (clamped)
};

struct CostEstimate {
  bool on_ai_cpu = false;
  uint32_t block_dim = 1;   // as requested (at least 1)
  uint32_t cores_used = 1;  // min(block_dim, cores of the engine)
  uint32_t waves = 1;       // ceil(block_dim / cores)
  bool cube_dtype_supported = true;

  // Busy cycles of each pipe on the busiest core over the whole task (per-block work times
  // waves), in AI Core cycles. Zero for AI CPU tasks.
  uint64_t cube_cycles = 0;
  uint64_t vector_cycles = 0;
  uint64_t scalar_cycles = 0;
  uint64_t mte1_cycles = 0;
  uint64_t mte2_cycles = 0;
  uint64_t mte3_cycles = 0;

  CriticalPipe critical_pipe = CriticalPipe::kNone;
  uint64_t critical_cycles = 0;     // the largest pipe term
  uint64_t non_overlap_cycles = 0;  // the part of the other pipes' work not hidden behind it
  uint64_t startup_cycles = 0;      // block start per wave
  // critical + non_overlap + startup: AI Core cycles for AI Core tasks, AI CPU cycles
  // (at cores.ai_cpu_freq_mhz) for AI CPU tasks.
  uint64_t total_cycles = 0;

  SimPs overhead_ps = 0;  // the spec's fixed per-task cost (overheads.aicore_task_us / aicpu_task_us)
  SimPs duration_ps = 0;  // total_cycles at the clock, plus overhead_ps

  // msprof PipeUtilization ratios: pipe busy cycles / total_cycles, each in [0, 1].
  double mac_ratio = 0;
  double vec_ratio = 0;
  double scalar_ratio = 0;
  double mte1_ratio = 0;
  double mte2_ratio = 0;
  double mte3_ratio = 0;
  // mte2_ratio / max(mac_ratio, vec_ratio); the denominator is floored at one cycle's worth
  // (1 / total_cycles) so a task without cube or vector work gets a large finite value.
  double memory_bound = 0;

  // AI CPU tasks only: element-op cycles and memory cycles (AI CPU clock) and the cores the
  // task is sharded over.
  uint64_t aicpu_compute_cycles = 0;
  uint64_t aicpu_memory_cycles = 0;
  uint32_t aicpu_cores_used = 0;
};

// Estimates one kernel launch. AI Core work (work.on_ai_cpu == false) is timed from the cube,
// vector, scalar, MTE1/2/3 terms; AI CPU work from aicpu_ops and aicpu_bytes. Pure.
CostEstimate EstimateCost(const WorkDesc& work, const SocSpec& spec);
CostEstimate EstimateCost(const WorkDesc& work, const SocSpec& spec, const CostHints& hints);

// MACs per cycle per core for a cube input type on this chip: fp16/bf16 -> fp16 rate,
// int8/uint8 -> int8 rate, int4 -> twice the int8 rate (if the chip has int4), fp32 ->
// fp32 rate. Returns 0 when the chip's cube does not take the type.
uint32_t CubeMacsPerCycle(DataType dtype, const SocSpec& spec);

}  // namespace asim::sim
