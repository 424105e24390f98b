// Runtime lifecycle, devices and contexts. Streams/events: runtime_streams.cpp;
// memory: runtime_memory.cpp.
#include "runtime/core/runtime.h"
#include "runtime/core/pointer_text.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "base/log.h"
#include "device_sim/soc/soc_spec.h"
#include "runtime/core/current_context.h"

namespace asim::rt {
namespace {

// Devices an aclrtResetDevice is tearing down (guarded by Runtime::mutex_). They stay in the
// device table until released, so that the release finds what is theirs; an open of such a
// device (aclrtSetDevice, aclrtCreateContext, defaultDevice of another thread) waits for the
// release to finish and then opens a new device, instead of taking a reference to one whose
// contexts, streams and memory are going away.
std::set<const DeviceContext*>& Releasing() {
  static std::set<const DeviceContext*> releasing;
  return releasing;
}
constexpr int32_t kDeviceReleasing = -1;  // OpenDeviceLocked's "try again" (never leaves this file)
constexpr auto kReleasePoll = std::chrono::milliseconds(1);

void ReportLeakTotal(const char* when, size_t leaks) {
  if (leaks == 0) return;
  ASIM_LOG_ERROR(
      "[ACL] {}: {} object(s) (device memory, streams, events, contexts, host memory) were still alive "
      "and have been released; set ASCEND_GLOBAL_LOG_LEVEL=2 to list each with its origin",
      when, leaks);
}

// Reports the exception callback when a task fails on the device.
class ExceptionObserver : public sim::TaskObserver {
 public:
  ExceptionObserver(std::atomic<ExceptionCallback>* callback, ExceptionDispatcher* dispatcher)
      : callback_(callback), dispatcher_(dispatcher) {}
  bool ReadsTensors() const override { return false; }  // the task's ids and status only
  void OnTaskEnd(const sim::TaskRecord& record, const Status& result) override {
    if (result.ok()) return;
    ExceptionCallback cb = callback_->load();
    if (cb == nullptr) return;
    rtExceptionInfo info;
    info.task_id = static_cast<uint32_t>(record.task_id);
    info.stream_id = record.stream_id;
    info.thread_id = CurrentThreadId32();
    info.device_id = record.device_id;
    info.error_code = static_cast<uint32_t>(result.code());
    dispatcher_->Post(cb, info);  // not on this thread: it runs the stream's tasks
  }

 private:
  std::atomic<ExceptionCallback>* callback_;
  ExceptionDispatcher* dispatcher_;
};

}  // namespace

bool Runtime::initialized() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return initialized_;
}

Status Runtime::RequireInit() const {
  if (initialized()) return Status::Ok();
  return Status(err::kUninitialize, "AscendCL is not initialized: call aclInit first");
}

cfg::AclConfig Runtime::config() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return config_;
}

std::string Runtime::soc_name() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return soc_name_;
}

Status Runtime::GetPlatform(Platform* platform) const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (initialized_) {
      platform->soc_name = soc_name_;
      platform->device_count = static_cast<uint32_t>(devices_.size());
      platform->device_run_mode = config_.sim.run_mode == cfg::RunMode::kDevice;
      return Status::Ok();
    }
  }
  cfg::AclConfig defaults;
  ASIM_RETURN_IF_ERROR(cfg::ParseAclConfigFile(nullptr, &defaults));
  ASIM_RETURN_IF_ERROR(cfg::ApplyEnvironment(&defaults));
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(sim::LoadSocSpec(defaults.sim.soc_version, &spec));
  platform->soc_name = spec.soc_name;
  platform->device_count = static_cast<uint32_t>(defaults.sim.device_count);
  platform->device_run_mode = defaults.sim.run_mode == cfg::RunMode::kDevice;
  return Status::Ok();
}

Status Runtime::Init(const char* config_path) {
  log::ReloadLogConfig();
  std::lock_guard<std::mutex> lock(mutex_);
  if (initialized_) {
    return Status(err::kRepeatInitialize, "aclInit was already called in this process (call aclFinalize first)");
  }
  cfg::AclConfig parsed;
  ASIM_RETURN_IF_ERROR(cfg::ParseAclConfigFile(config_path, &parsed));
  ASIM_RETURN_IF_ERROR(cfg::ApplyEnvironment(&parsed));
  sim::SocSpec spec;
  ASIM_RETURN_IF_ERROR(sim::LoadSocSpec(parsed.sim.soc_version, &spec));
  if (parsed.default_device.has_value() &&
      (*parsed.default_device < 0 || *parsed.default_device >= parsed.sim.device_count)) {
    return Status(err::kFileAttrInvalid,
                  std::string(config_path == nullptr ? "" : config_path) + ": /defaultDevice/default_device: device " +
                      std::to_string(*parsed.default_device) + " does not exist (the simulator has " +
                      std::to_string(parsed.sim.device_count) + " device(s))");
  }
  config_ = std::move(parsed);
  soc_name_ = spec.soc_name;
  devices_.assign(config_.sim.device_count, nullptr);
  host_memory_ = std::make_unique<sim::HostMemory>();
  for (const auto& ext : Extensions()) {
    Status st = ext->OnInit(config_);
    if (!st.ok()) {
      host_memory_.reset();
      devices_.clear();
      return st;
    }
  }
  initialized_ = true;
  ASIM_LOG_INFO("[ACL] aclInit: {} simulated {} device(s), {} run mode, config '{}'", config_.sim.device_count,
                soc_name_, config_.sim.run_mode == cfg::RunMode::kDevice ? "device" : "host",
                config_path == nullptr ? "" : config_path);
  return Status::Ok();
}

Status Runtime::Finalize() {
  std::vector<std::shared_ptr<DeviceContext>> devices;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!initialized_ || finalizing_) {
      if (ever_finalized_ || finalizing_) return Status(err::kRepeatFinalize, "aclFinalize was already called");
      return Status(err::kUninitialize, "aclFinalize called before aclInit");
    }
    devices = devices_;  // may throw: before anything changes, so a failed call changes nothing
    finalizing_ = true;
  }
  // Whatever happens below (host memory running out while a device drains, say), the runtime
  // ends up finalized: the application can aclInit again, and an exception still reaches the
  // API guard as an error code.
  struct MarkFinalized {
    Runtime* rt;
    ~MarkFinalized() {
      std::lock_guard<std::mutex> lock(rt->mutex_);
      rt->devices_.clear();
      rt->host_memory_.reset();
      rt->initialized_ = false;
      rt->finalizing_ = false;
      rt->ever_finalized_ = true;
    }
  } mark_finalized{this};
  // Streams drain and queued callbacks run without the lifecycle lock held: a callback may
  // itself call the API (aclrtFreeHost, aclrtMemcpy ...), which takes that lock.
  reports_.Clear();
  size_t leaks = 0;
  for (const auto& dc : devices) leaks += ReleaseDevice(dc, /*log_leaks=*/true);
  exception_dispatcher_.Flush();  // the last failures' callbacks run before aclFinalize returns
  for (const auto& ext : Extensions()) ext->OnFinalize();  // without the lifecycle lock
  std::lock_guard<std::mutex> lock(mutex_);
  if (host_memory_) {
    for (const auto& a : host_memory_->LiveAllocations()) {
      ++leaks;
      ASIM_LOG_WARN("[ACL] aclFinalize: leaked host memory {} bytes at 0x{:x} (#{} from {})", a.requested, a.addr,
                    a.serial, a.origin);
    }
  }
  ReportLeakTotal("aclFinalize", leaks);
  return Status::Ok();
}

Status Runtime::CheckDeviceIdLocked(int32_t device_id) const {
  if (device_id < 0 || static_cast<size_t>(device_id) >= devices_.size()) {
    return Status(err::kInvalidDevice, "device id " + std::to_string(device_id) +
                                           " is out of range: the simulator has " + std::to_string(devices_.size()) +
                                           " device(s) (set \"sim\": {\"device_count\"} in acl.json or "
                                           "ASCEND_SIM_DEVICE_COUNT)");
  }
  return Status::Ok();
}

void Runtime::InstallExceptionObserver(DeviceContext& device) {
  device.scheduler().AddObserver(std::make_shared<ExceptionObserver>(&exception_callback_, &exception_dispatcher_));
}

Status Runtime::OpenDeviceLocked(int32_t device_id, std::shared_ptr<DeviceContext>* out) {
  ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(device_id));
  auto& slot = devices_[static_cast<size_t>(device_id)];
  if (slot && Releasing().count(slot.get()) != 0) return Status(kDeviceReleasing, "device being released");
  if (!slot) {
    sim::SocSpec spec;
    ASIM_RETURN_IF_ERROR(sim::LoadSocSpec(config_.sim.soc_version, &spec));
    std::unique_ptr<sim::Device> device;
    ASIM_RETURN_IF_ERROR(sim::Device::Create(static_cast<uint32_t>(device_id), spec,
                                             config_.sim.run_mode == cfg::RunMode::kDevice, &device));
    auto dc = std::make_shared<DeviceContext>(device_id, std::move(device));
    InstallExceptionObserver(*dc);
    for (const auto& ext : Extensions()) ext->OnDeviceOpened(*dc);
    // Default context and its default stream.
    auto ctx = std::make_shared<Context>(dc, /*is_default=*/true);
    auto hw = dc->scheduler().CreateStream(dc->NextStreamId(), 0);
    auto stream = std::make_shared<Stream>(dc, ctx.get(), hw, /*is_default=*/true);
    ctx->default_stream = static_cast<Stream*>(streams_.Add(stream));
    dc->default_context = static_cast<Context*>(contexts_.Add(ctx));
    slot = dc;
    ASIM_LOG_INFO("[ACL] opened simulated device {} ({})", device_id, spec.soc_name);
  }
  *out = slot;
  return Status::Ok();
}

// See runtime.h; confirmed over three polls in a row (a record may be just landing).
void Runtime::DrainAndDestroy(sim::Scheduler& scheduler, const std::shared_ptr<sim::HwStream>& stream,
                              const char* caller) {
  bool force = false;
  int stuck_polls = 0;
  while (!stream->Idle()) {
    const auto deadlocked = scheduler.DeadlockedStreams();
    const bool stuck = std::find(deadlocked.begin(), deadlocked.end(), stream) != deadlocked.end();
    stuck_polls = stuck ? stuck_polls + 1 : 0;
    if (stuck_polls >= 3) {
      ASIM_LOG_WARN(
          "[ACL] {}: device {} stream {} waits for an event record that no queued task will complete; "
          "discarding its remaining tasks",
          caller, scheduler.device_id(), stream->id());
      force = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  scheduler.DestroyStream(stream, force);
}

size_t Runtime::ReleaseDevice(const std::shared_ptr<DeviceContext>& dc, bool log_leaks) {
  if (!dc) return 0;
  const int32_t device_id = dc->id();
  size_t leaks = 0;
  const Context* default_ctx = dc->default_context;
  auto events = events_.RemoveIf([&](const Event& e) { return e.device_id() == device_id; });
  // A stream waiting for an event that no enqueued record will ever satisfy would keep
  // DestroyStream below (and so aclrtResetDevice / aclFinalize) waiting forever: nobody can
  // record the event once its device is released. Record each such event on a scratch
  // stream so that every queue drains. (A wait on an event the application already
  // destroyed, or one whose record is queued behind it, is left to DrainAndDestroy.)
  std::shared_ptr<sim::HwStream> scratch;
  for (auto& e : events) {
    if (e->sim()->WaitsComplete() || e->sim()->Query() == sim::SimEvent::Status::kPending) continue;
    if (!scratch) scratch = dc->scheduler().CreateStream(dc->NextStreamId(), 0);
    dc->scheduler().RecordEvent(*scratch, e->sim());
  }
  auto streams = streams_.RemoveIf([&](const Stream& s) { return s.device_id() == device_id; });
  for (auto& s : streams) {
    if (log_leaks && !s->is_default()) {
      ++leaks;
      ASIM_LOG_WARN("[ACL] device {}: stream {} (handle {}) was not destroyed; releasing it", device_id, s->id(),
                    PointerText(s.get()));
    }
    reports_.ForgetStream(s.get());
    DrainAndDestroy(dc->scheduler(), s->hw_ptr(), "device release");
  }
  if (scratch) DrainAndDestroy(dc->scheduler(), scratch, "device release");
  for (const auto& ext : Extensions()) {
    const size_t released = ext->OnDeviceRelease(device_id, log_leaks);
    if (log_leaks) leaks += released;
  }
  if (log_leaks) {
    for (auto& e : events) {
      ++leaks;
      ASIM_LOG_WARN("[ACL] device {}: event (handle {}) was not destroyed; releasing it", device_id,
                    PointerText(e.get()));
    }
  }
  auto contexts = contexts_.RemoveIf([&](const Context& c) { return c.device_id() == device_id; });
  if (log_leaks) {
    for (auto& c : contexts) {
      if (c.get() != default_ctx) {
        ++leaks;
        ASIM_LOG_WARN("[ACL] device {}: context (handle {}) was not destroyed; releasing it", device_id,
                      PointerText(c.get()));
      }
    }
  }
  for (const auto& a : dc->memory().LiveAllocations()) {
    ++leaks;
    ASIM_LOG_WARN("[ACL] device {}: leaked device memory {} bytes at 0x{:x} (#{} from {})", device_id, a.requested,
                  a.addr, a.serial, a.origin);
  }
  return leaks;
}

void Runtime::AddExtension(std::shared_ptr<RuntimeExtension> extension) {
  std::lock_guard<std::mutex> lock(extensions_mutex_);
  for (const auto& e : extensions_) {
    if (e == extension) return;
  }
  extensions_.push_back(std::move(extension));
}

std::vector<std::shared_ptr<RuntimeExtension>> Runtime::Extensions() const {
  std::lock_guard<std::mutex> lock(extensions_mutex_);
  return extensions_;
}

Status Runtime::SetDevice(int32_t device_id) {
  std::shared_ptr<DeviceContext> dc;
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      Status st = OpenDeviceLocked(device_id, &dc);
      if (st.ok()) {
        ++dc->set_count;
        break;
      }
      if (st.code() != kDeviceReleasing) return st;
    }
    std::this_thread::sleep_for(kReleasePoll);
  }
  SetThreadContext(contexts_.Find(dc->default_context));
  return Status::Ok();
}

Status Runtime::ResetDevice(int32_t device_id, bool force) {
  std::shared_ptr<DeviceContext> dc;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(device_id));
    dc = devices_[static_cast<size_t>(device_id)];
    if (!dc) {
      // Resetting a device that is not open is harmless, as on the real runtime.
      return Status::Ok();
    }
    if (!force && dc->set_count > 1) {
      --dc->set_count;
      return Status::Ok();
    }
    if (Releasing().count(dc.get()) != 0) return Status::Ok();  // another thread's reset releases it
    dc->set_count = 0;
    Releasing().insert(dc.get());
  }
  // Released without the lifecycle lock held (see Finalize).
  ReportLeakTotal(force ? "aclrtResetDeviceForce" : "aclrtResetDevice", ReleaseDevice(dc, /*log_leaks=*/true));
  std::lock_guard<std::mutex> lock(mutex_);
  if (devices_.size() > static_cast<size_t>(device_id) && devices_[static_cast<size_t>(device_id)] == dc) {
    devices_[static_cast<size_t>(device_id)].reset();
  }
  Releasing().erase(dc.get());
  return Status::Ok();
}

Status Runtime::CurrentDevice(std::shared_ptr<DeviceContext>* device) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  *device = ctx->device();
  return Status::Ok();
}

Status Runtime::CurrentContext(std::shared_ptr<Context>* context) {
  std::shared_ptr<Context> ctx = GetThreadContext();
  if (ctx == nullptr || contexts_.Find(ctx.get()) == nullptr) {
    std::optional<int32_t> fallback;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      fallback = config_.default_device;
    }
    if (fallback.has_value()) {
      // acl.json defaultDevice: behave as if this thread had called aclrtSetDevice.
      std::shared_ptr<DeviceContext> dc;
      for (;;) {
        {
          std::lock_guard<std::mutex> lock(mutex_);
          Status st = OpenDeviceLocked(*fallback, &dc);
          if (st.ok()) {
            if (dc->set_count == 0) dc->set_count = 1;
            break;
          }
          if (st.code() != kDeviceReleasing) return st;
        }
        std::this_thread::sleep_for(kReleasePoll);
      }
      ctx = contexts_.Find(dc->default_context);
      SetThreadContext(ctx);
      *context = std::move(ctx);
      return Status::Ok();
    }
    return Status(err::kRtContextNull,
                  "the calling thread has no current context: call aclrtSetDevice or aclrtSetCurrentContext first");
  }
  *context = std::move(ctx);
  return Status::Ok();
}

Status Runtime::GetDevice(int32_t* device_id) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  *device_id = ctx->device_id();
  return Status::Ok();
}

std::shared_ptr<DeviceContext> Runtime::OpenedDevice(int32_t device_id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!initialized_ || device_id < 0 || static_cast<size_t>(device_id) >= devices_.size()) return nullptr;
  return devices_[static_cast<size_t>(device_id)];
}

Status Runtime::GetDeviceCount(uint32_t* count) const {
  Platform platform;
  ASIM_RETURN_IF_ERROR(GetPlatform(&platform));
  *count = platform.device_count;
  return Status::Ok();
}

Status Runtime::SynchronizeDevice(int64_t timeout_ms) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  Status st = ctx->device()->scheduler().SynchronizeAll(timeout_ms);
  exception_dispatcher_.Flush();
  if (st.code() == err::kRtStreamSyncTimeout) {
    return Status(err::kRtStreamSyncTimeout, "aclrtSynchronizeDevice timed out: " + st.message());
  }
  return st;
}

Status Runtime::SetTsDevice(int32_t ts_id) {
  if (ts_id < 0 || ts_id > 1) {
    return Status(err::kInvalidParam,
                  "tsId " + std::to_string(ts_id) + " is invalid (ACL_TS_ID_AICORE=0 or ACL_TS_ID_AIVECTOR=1)");
  }
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  std::lock_guard<std::mutex> lock(mutex_);
  ctx->device()->ts_id = static_cast<uint32_t>(ts_id);
  return Status::Ok();
}

Status Runtime::QueryDeviceStatus(int32_t device_id, int32_t* status) const {
  std::lock_guard<std::mutex> lock(mutex_);
  ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(device_id));
  *status = 0;  // ACL_RT_DEVICE_STATUS_NORMAL: the simulated chip never fails on its own
  return Status::Ok();
}

Status Runtime::DeviceCanAccessPeer(int32_t* can, int32_t device_id, int32_t peer_id) const {
  std::lock_guard<std::mutex> lock(mutex_);
  ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(device_id));
  ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(peer_id));
  if (device_id == peer_id) {
    return Status(err::kInvalidParam, "deviceId and peerDeviceId are both " + std::to_string(device_id) +
                                          ": peer access is between two different devices");
  }
  *can = 1;
  return Status::Ok();
}

Status Runtime::SetPeerAccess(int32_t peer_id, bool enable) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  std::lock_guard<std::mutex> lock(mutex_);
  ASIM_RETURN_IF_ERROR(CheckDeviceIdLocked(peer_id));
  DeviceContext& dc = *ctx->device();
  if (peer_id == dc.id()) {
    return Status(err::kInvalidParam, "peerDeviceId " + std::to_string(peer_id) + " is the current device");
  }
  bool& flag = dc.peer_access_enabled[peer_id];
  if (enable && flag) {
    return Status(err::kInvalidParam, "peer access to device " + std::to_string(peer_id) + " is already enabled");
  }
  if (!enable && !flag) {
    return Status(err::kInvalidParam, "peer access to device " + std::to_string(peer_id) + " is not enabled");
  }
  flag = enable;
  return Status::Ok();
}

// ---- contexts ------------------------------------------------------------------------

Status Runtime::ResolveContext(void* handle, std::shared_ptr<Context>* context) {
  *context = contexts_.Find(handle);
  if (!*context) {
    return Status(err::kInvalidResourceHandle,
                  "context " + PointerText(handle) + " is not a live context (destroyed or never created)");
  }
  return Status::Ok();
}

Status Runtime::CreateContext(int32_t device_id, std::shared_ptr<Context>* context) {
  std::shared_ptr<Context> ctx;
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    std::shared_ptr<DeviceContext> dc;
    Status opened = OpenDeviceLocked(device_id, &dc);
    if (opened.code() == kDeviceReleasing) {
      lock.unlock();  // wait for the other thread's reset without the lock
      std::this_thread::sleep_for(kReleasePoll);
      continue;
    }
    ASIM_RETURN_IF_ERROR(opened);
    ctx = std::make_shared<Context>(dc, /*is_default=*/false);
    const uint32_t limit = dc->device().spec().limits.max_streams;
    auto hw = dc->scheduler().CreateStream(dc->NextStreamId(), 0, limit);
    if (!hw) {
      return Status(err::kRtNoStreamResource, "device " + std::to_string(device_id) + " already has " +
                                                  std::to_string(limit) +
                                                  " streams, its limit: a new context needs one for its default "
                                                  "stream (destroy streams or contexts you no longer use)");
    }
    auto stream = std::make_shared<Stream>(dc, ctx.get(), hw, /*is_default=*/true);
    ctx->default_stream = static_cast<Stream*>(streams_.Add(stream));
    contexts_.Add(ctx);
    break;
  }
  SetThreadContext(ctx);
  *context = std::move(ctx);
  return Status::Ok();
}

Status Runtime::DestroyContext(const std::shared_ptr<Context>& ctx) {
  void* context = Handle(*ctx);
  if (ctx->is_default()) {
    return Status(err::kInvalidParam, "context " + PointerText(context) + " is the default context of device " +
                                          std::to_string(ctx->device_id()) +
                                          "; it is released by aclrtResetDevice, not aclrtDestroyContext");
  }
  // No lifecycle lock: draining a stream may run callbacks that call the API.
  auto streams = streams_.RemoveIf([&](const Stream& s) { return s.context() == ctx.get(); });
  for (auto& s : streams) {
    if (!s->is_default()) {
      ASIM_LOG_WARN("[ACL] aclrtDestroyContext: stream {} still alive in context {}; destroying it", s->id(),
                    PointerText(ctx.get()));
    }
    reports_.ForgetStream(s.get());
    DrainAndDestroy(s->device().scheduler(), s->hw_ptr(), "aclrtDestroyContext");
  }
  contexts_.Remove(context);
  if (GetThreadContext().get() == ctx.get()) SetThreadContext(nullptr);
  return Status::Ok();
}

Status Runtime::SetCurrentContext(const std::shared_ptr<Context>& ctx) {
  SetThreadContext(ctx);
  return Status::Ok();
}

Status Runtime::SetContextSysParam(int32_t opt, int64_t value) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  if (opt < 0 || opt > 2) {
    return Status(err::kInvalidParam, "sys param option " + std::to_string(opt) + " is not a valid aclSysParamOpt");
  }
  std::lock_guard<std::mutex> lock(ctx->opts_mutex);
  ctx->sys_params[opt] = value;
  return Status::Ok();
}

Status Runtime::GetContextSysParam(int32_t opt, int64_t* value) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  if (opt < 0 || opt > 2) {
    return Status(err::kInvalidParam, "sys param option " + std::to_string(opt) + " is not a valid aclSysParamOpt");
  }
  std::lock_guard<std::mutex> lock(ctx->opts_mutex);
  auto it = ctx->sys_params.find(opt);
  if (it == ctx->sys_params.end()) {
    return Status(err::kRtSysParamOptNotSet,
                  "sys param option " + std::to_string(opt) + " was never set in this context");
  }
  *value = it->second;
  return Status::Ok();
}

Status Runtime::SetExceptionCallback(ExceptionCallback callback) {
  exception_callback_.store(callback);
  return Status::Ok();
}

void Runtime::SetOpWaitTimeout(uint32_t seconds) {
  op_wait_timeout_s_.store(seconds);
}
void Runtime::SetOpExecuteTimeout(uint32_t seconds) {
  op_execute_timeout_s_.store(seconds);
}

}  // namespace asim::rt
