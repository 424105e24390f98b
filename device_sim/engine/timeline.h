// Timeline: places tasks on the simulated engines and keeps the simulated clock.
//
// Owns: per-engine-instance busy-until times and the host's position in simulated time.
// Placement is a pure function of the order of calls, so a single-threaded program always
// gets the same schedule (ties cannot depend on host timing). A kernel with block_dim b
// occupies min(b, ai_core_count) AI Cores and starts when that many are free.
// Thread safety: none; the Scheduler calls it under its timing lock.
// Failure: none.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "device_sim/engine/sim_time.h"
#include "device_sim/engine/task.h"

namespace asim::sim {

// Numbers the timeline and the link model need, taken from the SoC spec.
struct TimingParams {
  uint32_t ai_core_count = 2;
  uint32_t ai_cpu_count = 4;
  uint32_t dma_channels = 1;        // per direction
  double h2d_gbps = 12.0;           // host -> device (PCIe)
  double d2h_gbps = 12.0;           // device -> host (PCIe)
  double d2d_gbps = 50.0;           // device memory copy (read + write at memory bandwidth / 2)
  double copy_latency_us = 5.0;     // fixed cost of a DMA transfer
  double submit_overhead_us = 2.0;  // host time to enqueue one task (advances the host clock)
  double task_launch_us = 3.0;      // device-side scheduling latency before a task starts
  double host_callback_us = 10.0;   // delivering a callback to the report thread and back
  double memset_gbps = 100.0;       // on-device fill rate
};

class Timeline {
 public:
  explicit Timeline(const TimingParams& params);

  struct Slot {
    SimPs start = 0;
    SimPs end = 0;
  };
  // Places a task that may start no earlier than `ready` and lasts `duration`.
  Slot Place(EngineKind engine, uint32_t block_dim, SimPs ready, SimPs duration);

  SimPs host_now() const { return host_now_; }
  void AdvanceHostTo(SimPs t) {
    if (t > host_now_) host_now_ = t;
  }
  void AdvanceHostBy(SimPs dt) { host_now_ += dt; }
  // A task placed earlier ended later than its slot (a clocked collective waiting for peers).
  void NoteEnd(SimPs end) {
    if (end > horizon_) horizon_ = end;
  }

  // Simulated time at which everything placed so far has finished.
  SimPs horizon() const { return horizon_; }

  const TimingParams& params() const { return params_; }

  // Duration of a copy in one direction, including the fixed DMA latency.
  SimPs CopyDuration(EngineKind engine, uint64_t bytes) const;
  SimPs MemsetDuration(uint64_t bytes) const;

 private:
  TimingParams params_;
  std::array<std::vector<SimPs>, kEngineKindCount> busy_until_;
  SimPs host_now_ = 0;
  SimPs horizon_ = 0;
};

}  // namespace asim::sim
