// Task: one unit of work on a simulated stream, and the record observers receive.
//
// Owns: the task vocabulary of the simulator (kinds, engines) and the data-free description
// of a task's timing. A task's functional payload is an opaque callable supplied by the
// runtime; the simulator never looks inside it (it knows nothing of kernels or AscendCL).
// Thread safety: a Task is created by the submitting thread and then owned by its stream;
// timing fields are written under the device timeline lock.
// Failure: a payload returns a Status; a failed task makes its stream's error sticky.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "base/status.h"
#include "device_sim/engine/sim_time.h"

namespace asim::sim {

enum class TaskKind : uint8_t {
  kKernel,
  kMemcpy,
  kMemset,
  kEventRecord,
  kEventWait,
  kEventReset,
  kHostFunc,
  kDvpp,
  kCollective
};

// The hardware unit a task occupies on the simulated chip.
enum class EngineKind : uint8_t {
  kAiCore,  // cube + vector units, block_dim cores at a time
  kAiCpu,   // control-flow / fallback kernels
  kDmaH2D,  // PCIe host -> device
  kDmaD2H,  // PCIe device -> host
  kDmaD2D,  // on-device copy (memory bandwidth)
  kHost,    // host callback delivered through the report thread
  kSync,    // event record / wait / reset: ordering only, zero duration
  kDvpp,    // the media engines (JPEGD, JPEGE, PNGD, VPC), one queue per chip
};
inline constexpr int kEngineKindCount = 8;

const char* TaskKindName(TaskKind kind);
const char* EngineKindName(EngineKind kind);

// Extra data a submitter attaches to a task for its observers (the runtime's KernelTaskInfo).
// The simulator only carries it; observers recover the concrete type with dynamic_cast, so
// one submitter's data is never read as another's.
struct TaskInfo {
  virtual ~TaskInfo() = default;
};

// kCollective: one rank's part of a collective operation (libhccl); its payload waits for the
// other ranks, so it never runs inline on the submitting thread. A collective whose end depends
// on the other ranks' clocks (every rank ends at the latest rank's arrival plus the algorithm's
// time) sets TaskDesc::clocked_run instead of run.

// A payload that decides its task's simulated end: it gets the task's start on this device
// (placed on its engine when the stream reached it) and sets *end_ps (left alone: start plus
// the task's duration). Tasks behind it on its stream get their times once it returned.
using ClockedRun = std::function<Status(SimPs start_ps, SimPs* end_ps)>;

// What a submitter hands the simulator.
struct TaskDesc {
  TaskKind kind = TaskKind::kKernel;
  EngineKind engine = EngineKind::kAiCore;
  std::string name;     // op name / "MemcpyAsync" ...
  std::string op_type;  // op type for kernels, empty otherwise
  uint32_t block_dim = 1;
  uint64_t bytes = 0;                    // bytes moved (copies, memsets)
  SimPs duration_ps = 0;                 // from the cost model (kernels) or the link model (copies)
  std::function<Status()> run;           // functional payload; may be empty
  ClockedRun clocked_run;                // kCollective only: replaces run (see above)
  std::shared_ptr<const TaskInfo> info;  // extra data for observers (dump tensors ...)
  // kEventWait only: how long the wait may block once it runs (aclrtSetOpWaitTimeout); past
  // that the task fails with err::kRtWaitTimeout. 0: no limit.
  int64_t wait_timeout_ms = 0;
};

// What observers see, after the fact. Times are simulated; `wait_ps` is the time the task
// was ready on its stream but waited for its engine or an event.
struct TaskRecord {
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t task_id = 0;
  TaskKind kind = TaskKind::kKernel;
  EngineKind engine = EngineKind::kAiCore;
  std::string name;
  std::string op_type;
  uint32_t block_dim = 1;
  uint64_t bytes = 0;
  SimPs start_ps = 0;
  SimPs end_ps = 0;
  SimPs wait_ps = 0;
  const TaskInfo* info = nullptr;
};

}  // namespace asim::sim
