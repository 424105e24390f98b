// CollectiveTaskInfo: what a collective communication task (libhccl, sim::TaskKind::kCollective)
// tells observers beyond the simulator's TaskRecord: its data as a one-dimensional tensor
// (element type and count of this rank's input and output), which profiling shows in
// op_summary's shape and type columns.
//
// Owns: plain values. The runtime's collective hook (runtime/api/acl_collective_hooks.cpp)
// attaches one to each collective task that moves data; the profiler reads it through
// CollectiveInfoOf. Thread safety: immutable once submitted. Failure: none.
#pragma once

#include <cstdint>
#include <string>

#include "device_sim/engine/task.h"

namespace asim::observe {

struct CollectiveTaskInfo final : sim::TaskInfo {
  std::string dtype;  // "FLOAT16", "FLOAT", "INT8" ... (op_summary's spelling)
  uint64_t input_count = 0;
  uint64_t output_count = 0;
};

// The CollectiveTaskInfo `record` carries, or nullptr.
inline const CollectiveTaskInfo* CollectiveInfoOf(const sim::TaskRecord& record) {
  if (record.kind != sim::TaskKind::kCollective) return nullptr;
  return dynamic_cast<const CollectiveTaskInfo*>(record.info);
}

}  // namespace asim::observe
