// Runtime: the core's state between aclInit and aclFinalize, and the core operations the
// API shims call (devices, contexts, streams, events, memory, callbacks).
//
// Owns: the parsed configuration, the opened devices, the handle registries of contexts,
// streams and events, pinned host memory, the report hub and the exception callback.
// Contexts, streams and events are passed in and out as typed objects (Context, Stream,
// Event); the application's opaque handles are translated into them once, by the Resolve*
// functions the API shims call, which validate each handle against its registry (device
// memory pointers stay void*: they are addresses, not handles). No acl/ type appears here:
// enum arguments are the AscendCL numeric values as plain integers (the shim static_asserts
// they agree).
// Owner: api::RuntimeContext (a plain member, Ctx().core()); nothing below runtime/api reaches
// it but through what it is handed. It is never destroyed in the library (the RuntimeContext
// lives as long as the process); a Runtime that is destroyed must be finalized first.
// Thread safety: every member function is thread-safe. The current context is per thread
// (a thread_local of the core, shared by every Runtime of the process: there is one).
// Failure: every function returns a Status with the AscendCL error code and a message that
// names the argument and the problem; the state stays usable after any failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/memory/host_memory.h"
#include "runtime/config/acl_config.h"
#include "runtime/core/exception_dispatcher.h"
#include "runtime/core/exception_info.h"
#include "runtime/core/extension.h"
#include "runtime/core/handle_registry.h"
#include "runtime/core/objects.h"
#include "runtime/core/report_hub.h"

namespace asim::rt {

// AscendCL enum values the core interprets (mirrors of acl_rt.h).
namespace mem {
inline constexpr int kHostToHost = 0, kHostToDevice = 1, kDeviceToHost = 2, kDeviceToDevice = 3, kDefault = 4;
}

class Runtime {
 public:
  Runtime() = default;
  Runtime(const Runtime&) = delete;
  Runtime& operator=(const Runtime&) = delete;

  // ---- lifecycle (acl.h) -------------------------------------------------------------
  Status Init(const char* config_path);
  Status Finalize();
  bool initialized() const;
  Status RequireInit() const;
  cfg::AclConfig config() const;
  std::string soc_name() const;  // valid after Init
  // The simulated machine as the driver-level queries see it (aclrtGetDeviceCount,
  // aclrtGetRunMode, aclrtGetSocName), which real AscendCL answers before aclInit and after
  // aclFinalize: after aclInit the configuration in use; otherwise what aclInit(NULL) would
  // choose now (the built-in defaults and the ASCEND_SIM_* environment). Fails only on an
  // invalid environment variable, with the message aclInit would give.
  struct Platform {
    std::string soc_name;
    uint32_t device_count = 0;
    bool device_run_mode = false;  // true: the app runs "on the device" (ACL_DEVICE)
  };
  Status GetPlatform(Platform* platform) const;

  // ---- devices -----------------------------------------------------------------------
  Status SetDevice(int32_t device_id);
  Status ResetDevice(int32_t device_id, bool force);
  Status GetDevice(int32_t* device_id);
  Status GetDeviceCount(uint32_t* count) const;
  Status SynchronizeDevice(int64_t timeout_ms);
  Status SetTsDevice(int32_t ts_id);
  Status QueryDeviceStatus(int32_t device_id, int32_t* status) const;
  Status DeviceCanAccessPeer(int32_t* can, int32_t device_id, int32_t peer_id) const;
  Status SetPeerAccess(int32_t peer_id, bool enable);
  // The device `device_id` if this process has it open (aclrtSetDevice or defaultDevice),
  // else nullptr (id out of range, never opened, reset, or not initialized). For modules
  // that place their own work on a device's memory and simulated clock (runtime/tdt).
  std::shared_ptr<DeviceContext> OpenedDevice(int32_t device_id) const;

  // ---- handles ------------------------------------------------------------------------
  // The application's opaque handles (aclrtContext, aclrtStream, aclrtEvent) are the objects'
  // addresses. The API shims translate each handle once, with these, and hand the typed
  // object to the calls below; a stale, foreign or never-created handle fails here with
  // ACL_ERROR_INVALID_RESOURCE_HANDLE ("stream 0x.. is not a live stream (destroyed or never
  // created)"). Handle(object) is the handle the application holds for it.
  // nullptr -> the current context's default stream (CurrentContext's errors).
  Status ResolveStream(void* handle, std::shared_ptr<Stream>* stream);
  // nullptr -> ACL_ERROR_INVALID_PARAM "<name> is NULL" ("event", "startEvent", ...).
  Status ResolveEvent(void* handle, std::shared_ptr<Event>* event, const char* name = "event");
  // nullptr is not a live context.
  Status ResolveContext(void* handle, std::shared_ptr<Context>* context);
  static void* Handle(const Context& context) { return const_cast<Context*>(&context); }
  static void* Handle(const Stream& stream) { return const_cast<Stream*>(&stream); }
  static void* Handle(const Event& event) { return const_cast<Event*>(&event); }

  // ---- contexts ----------------------------------------------------------------------
  // Creates a context on the device (opened if needed) with its default stream and makes it
  // the calling thread's current context.
  Status CreateContext(int32_t device_id, std::shared_ptr<Context>* context);
  Status DestroyContext(const std::shared_ptr<Context>& context);
  Status SetCurrentContext(const std::shared_ptr<Context>& context);
  Status SetContextSysParam(int32_t opt, int64_t value);
  Status GetContextSysParam(int32_t opt, int64_t* value);

  // ---- streams -----------------------------------------------------------------------
  // A new stream of the current context.
  Status CreateStream(uint32_t priority, std::shared_ptr<Stream>* stream);
  // Fails for a default stream (the API rejects a NULL handle before resolving it).
  Status DestroyStream(const std::shared_ptr<Stream>& stream, bool force);
  Status SynchronizeStream(Stream& stream, int64_t timeout_ms);
  Status QueryStream(Stream& stream, bool* complete);
  Status StreamWaitEvent(Stream& stream, Event& event);
  // The argument checks of SetStreamFailureMode / SetStreamOverflowSwitch on their own, for the
  // API to make before it resolves the stream (a bad mode is reported before a bad stream).
  static Status CheckStreamFailureMode(uint64_t mode);
  static Status CheckStreamOverflowFlag(uint32_t flag);
  Status SetStreamFailureMode(Stream& stream, uint64_t mode);
  Status SetStreamOverflowSwitch(Stream& stream, uint32_t flag);
  Status GetStreamOverflowSwitch(Stream& stream, uint32_t* flag);

  // ---- events ------------------------------------------------------------------------
  // A new event on the current context's device.
  Status CreateEvent(uint32_t flags, bool records_time, std::shared_ptr<Event>* event);
  Status DestroyEvent(const std::shared_ptr<Event>& event);
  Status RecordEvent(Event& event, Stream& stream);
  Status ResetEvent(Event& event, Stream& stream);
  Status QueryEvent(Event& event, sim::SimEvent::Status* status);
  Status QueryEventWaits(Event& event, bool* complete);
  Status SynchronizeEvent(Event& event, int64_t timeout_ms);
  Status EventElapsedTime(float* ms, Event& start, Event& end);

  // ---- memory ------------------------------------------------------------------------
  Status Malloc(void** ptr, size_t size, uint32_t policy, bool align32_only);
  Status Free(void* ptr);
  Status MallocHost(void** ptr, size_t size);
  Status FreeHost(void* ptr);
  Status CheckDeviceRange(const char* what, const void* ptr, size_t size) const;
  Status Memcpy(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind);
  // An asynchronous copy with a pageable host side (IsPageableHost) has run when it returns,
  // as on the real runtime; with pinned memory (aclrtMallocHost) it is queued.
  Status MemcpyAsync(void* dst, size_t dest_max, const void* src, size_t count, int32_t kind, Stream& stream);
  // Whether `ptr` is host memory that aclrtMallocHost did not give (pageable).
  bool IsPageableHost(const void* ptr) const;
  // For a call that reads `bytes` at `ptr` on the host (a model or op model in memory):
  // kInvalidParam when it is device memory in the host run mode (the host cannot read it; on
  // real hardware the process crashes) or not mapped host memory, naming `api` and `which`.
  Status CheckHostReadable(const char* api, const char* which, const void* ptr, size_t bytes) const;
  // The host side of a copy or memset: kInvalidParam when `bytes` at `ptr` are not mapped, or
  // when `ptr` lies in pinned memory the application freed while a queued copy still used it
  // (a use after aclrtFreeHost that would otherwise pass as pageable memory).
  Status CheckHostSide(const char* api, const char* which, const void* ptr, size_t bytes) const;
  // `stream` nullptr: the synchronous form (aclrtMemcpy2d, aclrtMemset); otherwise the
  // asynchronous one on that stream. The arguments are checked before the stream is used.
  Status Memcpy2d(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height, int32_t kind,
                  Stream* stream);
  Status Memset(void* ptr, size_t max_count, int32_t value, size_t count, Stream* stream);
  // The checks of Memcpy2d / Memset but the stream's, on their own: an asynchronous call with a
  // bad stream reports a bad argument first (the API makes them when the stream does not resolve).
  Status CheckMemcpy2dArgs(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                           int32_t kind, bool async) const;
  Status CheckMemsetArgs(void* ptr, size_t max_count, size_t count, bool async) const;
  Status GetMemInfo(int32_t attr, size_t* free_bytes, size_t* total_bytes);

  // ---- callbacks ---------------------------------------------------------------------
  Status SubscribeReport(uint64_t thread_id, Stream& stream);
  Status UnsubscribeReport(uint64_t thread_id, Stream& stream);
  Status LaunchCallback(void (*fn)(void*), void* user_data, bool block, Stream& stream);
  Status ProcessReport(int32_t timeout_ms);
  Status SetExceptionCallback(ExceptionCallback callback);
  // Waits until the exception callbacks of the failures so far have run (a synchronous call
  // that waited for its tasks itself: aclmdlExecute); Synchronize* do it on their own.
  void FlushExceptionCallbacks() { exception_dispatcher_.Flush(); }
  // Whether `info` is the argument of an exception callback running now (the getters' check).
  bool IsLiveExceptionInfo(const rtExceptionInfo* info) const { return live_exception_infos_.Contains(info); }

  // Modules above the core (models, dump, profiling) take part in the lifecycle through a
  // RuntimeExtension (extension.h); registering the same extension twice is a no-op.
  void AddExtension(std::shared_ptr<RuntimeExtension> extension);

  // Sets timeouts (seconds) that the app configured; reported by tests, used by waits.
  void SetOpWaitTimeout(uint32_t seconds);
  void SetOpExecuteTimeout(uint32_t seconds);
  uint32_t op_execute_timeout() const { return op_execute_timeout_s_.load(); }  // 0 = not set

  // The calling thread's current context. A thread without one gets the default context of
  // acl.json's defaultDevice.default_device when that is set (opened on first use);
  // otherwise kRtContextNull.
  Status CurrentContext(std::shared_ptr<Context>* context);
  // The device of the calling thread's current context (CurrentContext's rules and errors).
  Status CurrentDevice(std::shared_ptr<DeviceContext>* device);

 private:
  struct CopyPlan;  // resolved, validated copy
  Status PlanCopy(const char* api, void* dst, size_t dest_max, const void* src, size_t count, int32_t kind,
                  CopyPlan* plan) const;
  Status Prepare2d(bool async, void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                   int32_t kind, CopyPlan* plan, void** dst_sim, void** src_sim) const;
  // Holds on the pinned host blocks (aclrtMallocHost) at a and b, for a queued copy: a block
  // the application frees before the copy ran is released after it (HostMemory::Hold).
  std::shared_ptr<void> HoldPinnedHost(const void* a, const void* b) const;
  // A device's copy and memset tasks reach its own memory and, once it enabled peer access
  // (aclrtDeviceEnablePeerAccess), a peer's: kInvalidParam naming both devices otherwise.
  // `runner`: the stream's device; for a synchronous copy between two devices, the current
  // device when it is one of them.
  Status CheckPeerReach(const char* api, const char* which, const void* ptr, const DeviceContext* owner,
                        const DeviceContext& runner, const char* runner_text) const;
  Status CheckCopyReach(const char* api, const CopyPlan& plan, const DeviceContext& runner,
                        const char* runner_text) const;
  Status CheckSyncCopyReach(const char* api, const CopyPlan& plan);
  // ACL_ERROR_RT_FEATURE_NOT_SUPPORT for an asynchronous host-to-host copy in the host run mode.
  Status CheckAsyncCopyKind(const char* api, int32_t resolved_kind) const;
  // After an asynchronous copy was submitted to `s`: waits until it ran when either side is
  // pageable host memory.
  // `submitted`: the stream's task count right after the copy was submitted.
  void FinishIfPageable(Stream& s, uint64_t submitted, const void* dst, const void* src) const;
  Status PrepareMemset(bool async, void* ptr, size_t max_count, size_t count, void** target,
                       std::shared_ptr<DeviceContext>* device) const;
  Status OpenDeviceLocked(int32_t device_id, std::shared_ptr<DeviceContext>* out);
  // Releases everything created on the device (streams drain first); returns how many
  // leaked objects it logged. Called without mutex_ held: draining may run callbacks that
  // call the API.
  size_t ReleaseDevice(const std::shared_ptr<DeviceContext>& dc, bool log_leaks);
  // Destroys a stream after its queue drains (aclrtDestroyStream, aclrtDestroyContext, device
  // release); a stream blocked in a wait that nothing queued on its device will satisfy
  // (sim::Scheduler::DeadlockedStreams) has its remaining tasks discarded, with a warning
  // naming `caller`, instead of keeping the caller waiting forever.
  static void DrainAndDestroy(sim::Scheduler& scheduler, const std::shared_ptr<sim::HwStream>& stream,
                              const char* caller);
  Status CheckDeviceIdLocked(int32_t device_id) const;
  std::shared_ptr<DeviceContext> DeviceOfPointer(const void* ptr) const;
  void InstallExceptionObserver(DeviceContext& device);

  mutable std::mutex mutex_;  // lifecycle, device table
  bool initialized_ = false;
  bool ever_finalized_ = false;
  bool finalizing_ = false;
  cfg::AclConfig config_;
  std::string soc_name_;
  std::vector<std::shared_ptr<DeviceContext>> devices_;  // index = device id; null = not opened

  HandleRegistry<Context> contexts_;
  HandleRegistry<Stream> streams_;
  HandleRegistry<Event> events_;
  std::unique_ptr<sim::HostMemory> host_memory_;
  ReportHub reports_;
  std::atomic<ExceptionCallback> exception_callback_{nullptr};
  LiveExceptionInfos live_exception_infos_;                           // the infos exception callbacks hold now
  ExceptionDispatcher exception_dispatcher_{&live_exception_infos_};  // delivers exception callbacks
  std::vector<std::shared_ptr<RuntimeExtension>> Extensions() const;
  mutable std::mutex extensions_mutex_;
  std::vector<std::shared_ptr<RuntimeExtension>> extensions_;
  std::atomic<uint32_t> op_wait_timeout_s_{0};
  std::atomic<uint32_t> op_execute_timeout_s_{0};
};

}  // namespace asim::rt
