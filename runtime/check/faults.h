// Faults: the failures armed for testing an application's error paths, and where they fire.
//
// Owns: the armed faults (from acl.json / ASCEND_SIM_FAULTS at aclInit, and from the aclsim*
// functions), each with its own counter: the calls (or tasks) it has seen since it was armed;
// it fires for the nth .. nth+count-1 of them (count 0: from nth on, until cleared). Kinds:
//   malloc         aclrtMalloc / MallocAlign32 / MallocCached fail with
//                  ACL_ERROR_RT_MEMORY_ALLOCATION (nothing is allocated);
//   model_execute  executions of one model fail with the chosen code (the api layer makes
//                  the failure surface like a device-side one: aclmdlExecute returns it,
//                  an asynchronous execution's stream returns it at synchronize);
//   task_timeout   tasks submitted to one stream (or any stream) time out: the task does not
//                  run and ends with ACL_ERROR_RT_AICORE_TIMEOUT (AI Core kernels),
//                  ACL_ERROR_RT_AICPU_TIMEOUT (AI CPU kernels) or ACL_ERROR_RT_TASK_TIMEOUT
//                  (copies, memsets, events, callbacks): the stream's sticky error, returned by
//                  its next synchronize, with the exception callback called;
//   channel_send   acltdtSendTensor on one channel (or any) fails with the chosen code
//                  before anything is queued.
// Faults are cleared at aclInit (then loaded from the configuration), at aclFinalize and by
// aclsimClearFaults. Owner: a CheckState (check_state.h). Thread safety: thread-safe (one mutex).
// Failure: the On* functions return the Status the call fails with (Ok: no fault).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/engine/fault_hook.h"
#include "runtime/config/fault_spec.h"

namespace asim::check {

class Faults {
 public:
  Faults();
  Faults(const Faults&) = delete;
  Faults& operator=(const Faults&) = delete;

  void Load(const std::vector<cfg::FaultSpec>& specs);  // replaces every armed fault
  void Clear();
  size_t armed() const;

  // `stream`: the sim::HwStream of the stream (nullptr: any stream); `channel` "": any.
  void Arm(const cfg::FaultSpec& spec, const void* stream = nullptr, std::string origin = "");

  Status OnMalloc(const char* api, size_t size);
  Status OnModelExecute(uint32_t model_id);
  Status OnChannelSend(const std::string& channel);
  // For Scheduler::SetFaultHook (one object serves every device; it calls OnTask of this
  // Faults, which must outlive the devices it is installed on).
  std::shared_ptr<sim::TaskFaultHook> TaskHook();
  Status OnTask(const void* stream, uint32_t stream_id, const sim::TaskDesc& desc);

 private:
  struct Armed {
    cfg::FaultSpec spec;
    const void* stream = nullptr;
    std::string origin;  // "ASCEND_SIM_FAULTS", "acl.json", "aclsimInjectMallocFailure"
    uint64_t seen = 0;
  };
  // Counts the call against every matching fault; returns the first that fires (or null).
  template <typename Match>
  const Armed* Fire(cfg::FaultType type, Match match);

  mutable std::mutex mutex_;
  std::vector<Armed> armed_;
  std::shared_ptr<sim::TaskFaultHook> hook_;
};

}  // namespace asim::check
