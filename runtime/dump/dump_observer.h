// DumpObserver: one device's task observer that turns selected kernel tasks into dump files.
//
// Owns: the tasks between their begin and end (inputs copied at begin, before the kernel may
// overwrite them in place; outputs at end, before the stream moves on), and the opname_range
// state of the models it sees. For a kernel task whose TaskRecord carries a KernelTaskInfo it
// asks the DumpManager for the session in force (model id; 0 = single op), applies the
// selection (dump_list model and layers, dump_step on the execution index, ranges,
// blacklists, dump_mode), copies the tensor bytes from the simulator's memory as they are
// on the device (device format, e.g. NC1HWC0) and hands the record to the writer:
// {dump_path}/{time}/{device}/{model}/{model_id}/{execution}/{op_type}.{op_name}.{task}.{stream}.{us}.
// With no dump configured a task costs one atomic load.
// Thread safety: called concurrently by the device's stream workers; internal state under a
// mutex, never held while pushing to the writer. Failure: never fails a task; a tensor
// that cannot be read is dumped empty and logged once.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "device_sim/memory/device_memory.h"
#include "runtime/dump/dump_manager.h"
#include "runtime/observe/kernel_task.h"

namespace asim::dump {

class DumpObserver : public observe::KernelTaskObserver {
 public:
  DumpObserver(DumpManager* manager, uint32_t device_id, const sim::DeviceMemory* memory);
  void OnKernelBegin(const sim::TaskRecord& record, const observe::KernelTaskInfo& info) override;
  void OnKernelEnd(const sim::TaskRecord& record, const observe::KernelTaskInfo& info, const Status& result) override;
  bool ReadsTensors() const override { return manager_->active(); }

 private:
  struct Pending {
    std::shared_ptr<DumpWriter> writer;
    TensorSelection selection;
    std::string dir;
    DumpRecord record;
  };
  struct RangeState {
    uint64_t execution = 0;
    std::vector<bool> open;
  };

  // True when the opname_range of `model` selects this op (updates the range state).
  bool InRange(const observe::KernelTaskInfo& info, const ModelSelection& model);
  // `readable` false: the bytes are not there (KernelTaskInfo::LoadInputs failed): dumped empty.
  DumpTensor Copy(const observe::TaskTensor& tensor, const observe::KernelTaskInfo& info, bool output, size_t index,
                  bool readable = true);

  DumpManager* const manager_;
  const uint32_t device_id_;
  const sim::DeviceMemory* const memory_;
  std::mutex mu_;
  std::unordered_map<uint64_t, Pending> pending_;    // by task id
  std::atomic<size_t> pending_count_{0};             // pending_.size(), read without the lock
  std::unordered_map<uint32_t, RangeState> ranges_;  // by model id
  bool read_error_logged_ = false;
};

}  // namespace asim::dump
