// KernelTaskInfo: what a model (or single-op) kernel task tells observers (dump, profiling)
// beyond the simulator's TaskRecord.
//
// Owns: the op's identity (model id, node name and type, engine), the tensors it touched in
// this execution (device addresses, descriptors) and the cost model's estimate. A
// TaskRecord's `info` points at one of these (TaskDesc::info keeps it alive until the task
// ended); observers may read the tensors' bytes through the simulator's memory during
// OnTaskBegin / OnTaskEnd, before the stream moves on.
// Thread safety: immutable once submitted, except in a model with data-dependent shapes:
// there the task that produces a dynamic tensor writes its actual dims into its own info
// (before OnTaskEnd) and into its consumers' infos (before their OnTaskBegin), all on the
// stream's worker thread that also calls the observers. Failure: none.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "device_sim/cost/cost_model.h"
#include "om/model.h"

namespace asim::model {

inline constexpr uint32_t kTaskInfoMagic = 0x4b54494e;  // "KTIN": tells our infos from others

struct TaskTensor {
  om::TensorDesc desc;      // dtype, format, dims (and origin format/dims when internal)
  const void* device_addr;  // the address the application would see (aclrtMalloc space)
  uint64_t bytes = 0;
};

struct KernelTaskInfo {
  uint32_t magic = kTaskInfoMagic;
  uint32_t model_id = 0;   // 0 for single-op tasks
  uint64_t execution = 0;  // which execution of the model, from 0 (the dump's data_index)
  std::string model_name;
  std::string op_name;
  std::string op_type;
  bool ai_cpu = false;
  uint32_t block_dim = 1;
  std::vector<TaskTensor> inputs;
  std::vector<TaskTensor> outputs;
  sim::CostEstimate estimate;
  WorkDesc work;         // what the estimate was computed from (profiling's AI Core metrics)
  sim::CostHints hints;  // the executor's L2 hints for that estimate
};

}  // namespace asim::model
