// OpRunner: single-op models loaded on devices, and their execution on a caller's stream.
//
// Owns: per device, one model::LoadedModel per catalog entry that ran there (loaded on first
// use: its work memory and prepared task list, the same executor offline models use). Loaded
// op models are not aclmdl models: they have no model id (their tasks carry model id 0, which
// is how dump and profiling tell single-op tasks from model tasks) and are released with their
// device (aclrtResetDevice, aclFinalize) without counting as leaks, or when their catalog
// entry is gone (dropped past aclopSetMaxOpQueueNum, no handle or queued task holding it;
// checked when an op model is loaded on a device, not on every execution).
// Execution binds the caller's device buffers as the model's inputs and outputs and submits
// the model's tasks to the caller's stream (asynchronous, as aclopExecuteV2 is).
// Thread safety: every member is thread-safe; executions of one op model are serialised on
// the device by the executor (they share its work memory).
// Failure: the executor's codes: kInvalidParam for a buffer that is not device memory of the
// device (a host pointer) or is too small, kResourceNotMatch for a stream of another device.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "runtime/model/loaded_model.h"
#include "runtime/op/op_catalog.h"

namespace asim::op {

class OpRunner {
 public:
  OpRunner() = default;

  // Runs `entry` on `device` (the current context's) on the request's stream.
  Status Execute(const std::shared_ptr<const OpModelEntry>& entry, const std::shared_ptr<rt::DeviceContext>& device,
                 model::ExecuteRequest request);

  size_t Release(int32_t device_id);  // every loaded op model of a device (-1 = all)
  size_t loaded_count() const;

 private:
  Status Loaded(const std::shared_ptr<const OpModelEntry>& entry, const std::shared_ptr<rt::DeviceContext>& device,
                std::shared_ptr<model::LoadedModel>* out);

  struct LoadedOp {
    std::weak_ptr<const OpModelEntry> entry;  // expired: dropped by the catalog, no handle holds it
    std::shared_ptr<model::LoadedModel> model;
  };
  // Releases the loaded copies of entries nobody can run any more (the catalog dropped them
  // past aclopSetMaxOpQueueNum and no aclopHandle or queued task holds them), so that their
  // device memory goes back to the pool.
  void ReleaseDropped();

  mutable std::mutex mutex_;
  // device id -> entry serial -> loaded model
  std::map<int32_t, std::map<uint64_t, LoadedOp>> loaded_;
};

}  // namespace asim::op
