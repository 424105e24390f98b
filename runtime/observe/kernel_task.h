// KernelTaskInfo: what a model (or single-op) kernel task tells observers (dump, profiling)
// beyond the simulator's TaskRecord; KernelTaskObserver: the typed way to observe them.
//
// Owns: the op's identity (model id, node name and type, engine), the tensors it touched in
// this execution (device addresses, descriptors) and the cost model's estimate. The model
// executor attaches one to each kernel task (TaskDesc::info keeps it alive until the task
// ended); observers get it typed through KernelInfoOf / KernelTaskObserver, so the dump and
// the profiler depend on this header, not on the model executor. Observers may read the
// tensors' bytes through the simulator's memory during the callbacks, before the stream
// moves on.
// Thread safety: immutable once submitted, except in a model with data-dependent shapes:
// there the task that produces a dynamic tensor writes its actual dims into its own info
// (before OnTaskEnd) and into its consumers' infos (before their OnTaskBegin), all on the
// stream's worker thread that also calls the observers. Failure: none.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/cost/cost_model.h"
#include "device_sim/engine/observer.h"
#include "device_sim/engine/task.h"
#include "om/model.h"

namespace asim::observe {

struct TaskTensor {
  om::TensorDesc desc;      // dtype, format, dims (and origin format/dims when internal)
  const void* device_addr;  // the address the application would see (aclrtMalloc space)
  uint64_t bytes = 0;
};

struct KernelTaskInfo final : sim::TaskInfo {
  uint32_t model_id = 0;   // 0 for single-op tasks
  uint64_t execution = 0;  // which execution of the model, from 0 (the dump's data_index)
  std::string model_name;
  // The .om file's name without its directory and suffix when the model was loaded from a file
  // (acl.json dump_list names a model by either); empty otherwise.
  std::string model_file_name;
  std::string op_name;
  // The framework ops atc fused into this one (_datadump_original_op_names), shared by the
  // node's tasks; null when it has none. A dump_list layer may name any of them.
  std::shared_ptr<const std::vector<std::string>> original_op_names;
  // An AI CPU node of a model: why the converter did not place it on the AI Core (the .om's
  // record of each AI Core kernel's refusal); null when unknown.
  std::shared_ptr<const std::string> aicpu_reason;
  std::string op_type;
  bool ai_cpu = false;
  uint32_t block_dim = 1;
  std::vector<TaskTensor> inputs;
  std::vector<TaskTensor> outputs;
  sim::CostEstimate estimate;
  WorkDesc work;         // what the estimate was computed from (profiling's AI Core metrics)
  sim::CostHints hints;  // the executor's L2 hints for that estimate
  // Makes the input tensors' bytes readable: a model may have returned the pages of weights
  // only a prepared copy reads to the OS after load (LoadedModel::ReleaseReplacedWeights).
  // Observers that read input bytes call LoadInputs() first. Empty: nothing to do.
  std::function<Status()> load_inputs;
  Status LoadInputs() const { return load_inputs ? load_inputs() : Status::Ok(); }
};

// The KernelTaskInfo `record` carries, or nullptr: tasks other than kernels (copies, events,
// callbacks) and kernels submitted without one (the tests' bare tasks).
inline const KernelTaskInfo* KernelInfoOf(const sim::TaskRecord& record) {
  if (record.kind != sim::TaskKind::kKernel) return nullptr;
  return dynamic_cast<const KernelTaskInfo*>(record.info);
}

// A task observer that sees only kernel tasks with their KernelTaskInfo.
class KernelTaskObserver : public sim::TaskObserver {
 public:
  virtual void OnKernelBegin(const sim::TaskRecord& /*record*/, const KernelTaskInfo& /*info*/) {}
  virtual void OnKernelEnd(const sim::TaskRecord& /*record*/, const KernelTaskInfo& /*info*/,
                           const Status& /*result*/) {}

  void OnTaskBegin(const sim::TaskRecord& record) final {
    if (const KernelTaskInfo* info = KernelInfoOf(record)) OnKernelBegin(record, *info);
  }
  void OnTaskEnd(const sim::TaskRecord& record, const Status& result) final {
    if (const KernelTaskInfo* info = KernelInfoOf(record)) OnKernelEnd(record, *info, result);
  }
};

}  // namespace asim::observe
