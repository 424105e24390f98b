// Profiler: the process's profiling state — the collection session, the aclprof API's state
// and handles, model subscriptions, msproftx stamps — and the observers that feed it.
//
// Owns: at most one Session at a time, started either by configuration at aclInit (the
// acl.json "profiler" section with "switch": "on", or the environment msprof sets:
// PROFILING_MODE=true and PROFILING_OPTIONS=<the profiler section as JSON>, which wins) and
// written at aclFinalize, or by aclprofStart and written at aclprofStop; the aclprofConfig,
// aclprofSubscribeConfig, aclprofStepInfo and stamp handles (validated on every use); and a
// TaskObserver on each opened device while a session wants its tasks or a model is
// subscribed (none otherwise: with profiling off the devices carry no profiling observer
// and API calls cost one relaxed atomic load, see api_recorder.h).
// Rules (the real toolchain's): the aclprof API and a configured session exclude each other
// (ACL_ERROR_PROF_API_CONFLICT); aclprofStart needs aclprofInit (PROF_NOT_RUN) and fails
// while a session runs (PROF_ALREADY_RUN); aclprofStop needs a running session started with
// the same devices (PROF_NOT_RUN / INVALID_PARAM); aclprofFinalize stops a running session;
// model subscription excludes a running session (API_CONFLICT) and a second subscription of
// the same model (PROF_REPEAT_SUBSCRIBE). Tasks ending after the stop are not recorded.
// Thread safety: every member is thread-safe. Lock order: the runtime's lifecycle lock (held
// around OnDeviceOpened) before mutex_; mutex_ is never held while calling into the runtime.
// Failure: Status with the AscendCL code and a message naming the argument or the state.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/engine/observer.h"
#include "device_sim/soc/soc_spec.h"
#include "profdata/records.h"
#include "runtime/config/acl_config.h"
#include "runtime/core/extension.h"
#include "runtime/profiling/session.h"

namespace asim::rt {
class DeviceContext;
class Runtime;
}  // namespace asim::rt

namespace asim::prof {

// The handles the aclprof API gives out.
struct AclprofConfig {
  std::vector<uint32_t> devices;
  int32_t aicore_metrics = 1;
  uint64_t data_types = 0;
};
struct SubscribeConfig {
  int8_t time_info = 1;
  int32_t aicore_metrics = 1;
  int fd = -1;
};
struct StepInfo {
  uint64_t steps = 0;
};
struct Stamp {
  std::string message;
};

class Profiler {
 public:
  // One per runtime context (runtime/api/runtime_context.h), over its core (the opened
  // devices it observes, the streams of step stamps, the configured device count). It
  // must outlive the devices it observes (their observers call it).
  explicit Profiler(rt::Runtime& core) : core_(core) {}
  ~Profiler();
  Profiler(const Profiler&) = delete;
  Profiler& operator=(const Profiler&) = delete;
  // Its part in the runtime's lifecycle. Refers to this profiler, which must outlive the
  // registration.
  std::shared_ptr<rt::RuntimeExtension> Extension();

  // ---- lifecycle (RuntimeExtension) ----------------------------------------------------
  Status OnInit(const cfg::AclConfig& config);
  void OnDeviceOpened(rt::DeviceContext& device);
  void OnDeviceRelease(int32_t device_id);
  void OnFinalize();

  // ---- aclprof API ---------------------------------------------------------------------
  Status Init(const char* path, size_t length);
  Status Finalize();
  Status CreateConfig(const uint32_t* device_ids, uint32_t device_count, int32_t aicore_metrics, uint64_t data_types,
                      AclprofConfig** out);
  Status DestroyConfig(const void* config);
  Status Start(const void* config);
  Status Stop(const void* config);
  Status SetConfig(int32_t type, const char* value, size_t length);

  // Subscribe: the caller checks that `model_id` is a loaded model (kInvalidModelId).
  Status CreateSubscribeConfig(int8_t time_info, int32_t aicore_metrics, void* fd, SubscribeConfig** out);
  Status DestroySubscribeConfig(const void* config);
  Status Subscribe(uint32_t model_id, const void* config);
  // Ends a model's subscription and closes its pipe's write end (as CANN does once the data is
  // sent: the application's reader then sees end of file). aclFinalize closes those still open.
  Status Unsubscribe(uint32_t model_id);

  StepInfo* CreateStepInfo();
  Status DestroyStepInfo(void* info);
  Status StepTimestamp(void* info, int32_t tag, void* stream);

  Stamp* CreateStamp();
  Status DestroyStamp(void* stamp);
  Status SetStampMessage(void* stamp, const char* message, uint32_t length);
  Status Mark(void* stamp);
  Status Push(void* stamp);
  Status Pop();
  Status RangeStart(void* stamp, uint32_t* range_id);
  Status RangeStop(uint32_t range_id);

  // ---- recording (api_recorder.h, the device observers) --------------------------------
  void RecordApi(const char* name, uint64_t start_ns, uint64_t end_ns, uint32_t tid);
  void OnTaskEnd(uint32_t device_id, const sim::TaskRecord& record, const Status& status);

  // The directory of the last session written (tests, logs); "" before the first.
  std::string last_prof_dir() const;

 private:
  class DeviceObserver;
  struct Attached {
    std::shared_ptr<DeviceObserver> observer;
    const void* scheduler = nullptr;
  };
  struct Range {
    std::string message;
    uint64_t start_ns = 0;
    uint32_t tid = 0;
  };

  // Starts a session writing under `output` (caller holds mutex_).
  Status StartSessionLocked(profdata::SessionConfig config, const std::string& output);
  // Takes the running session out (caller holds mutex_); nullptr when none.
  std::shared_ptr<Session> TakeSessionLocked();
  // Ends `session` (observers, API switch) and writes it.
  Status EndSession(const std::shared_ptr<Session>& session);
  // Adds observers to the opened devices that need one and removes the others.
  void SyncObservers();
  bool NeedsObserverLocked(uint32_t device_id) const;
  void AttachLocked(rt::DeviceContext& device);
  void RecordTx(const std::string& kind, const std::string& message, uint64_t start_ns, uint64_t end_ns, uint32_t tid);
  void WriteSubscription(int fd, bool time_info, const profdata::DeviceTask& task);
  void CloseSubscriptionPipe(uint32_t model_id, int fd);

  rt::Runtime& core_;
  mutable std::mutex mutex_;
  std::shared_ptr<Session> session_;
  bool configured_session_ = false;  // the session came from acl.json / PROFILING_OPTIONS
  bool aclprof_inited_ = false;
  std::string aclprof_output_;
  profdata::SessionConfig aclprof_settings_;  // aclprofSetConfig values (storage_limit)
  const AclprofConfig* started_config_ = nullptr;
  std::vector<uint32_t> started_devices_;
  std::set<const void*> configs_, subscribe_configs_, step_infos_, stamps_;
  std::map<uint32_t, SubscribeConfig> subscriptions_;  // model id -> its config (copied)
  // Held while an op record is written to a subscription's pipe and while Unsubscribe closes
  // it, so a record is never written to a closed (or reused) descriptor. Taken before mutex_.
  std::mutex subscription_write_mutex_;
  std::map<uint32_t, Attached> attached_;  // device id -> observer
  std::map<uint32_t, profdata::ChipInfo> chips_;
  std::map<uint32_t, std::shared_ptr<const sim::SocSpec>> specs_;
  std::map<uint32_t, Range> ranges_;
  uint32_t next_range_ = 1;
  std::string last_prof_dir_;
};

}  // namespace asim::prof
