// Profiler: sessions, device observers and recording. The aclprof API is in
// aclprof_api.cpp, subscriptions in subscription.cpp, msproftx and steps in msproftx.cpp.
// See profiler.h for the contract.
//
// Thread safety: mutex_ guards the state; sessions lock their own buffers. Failure: see
// profiler.h.
#include "runtime/profiling/profiler.h"

#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>

#include "base/log.h"
#include "profdata/prof_dir.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"
#include "runtime/observe/kernel_task.h"
#include "runtime/profiling/api_recorder.h"
#include "runtime/profiling/prof_errors.h"
#include "runtime/profiling/task_convert.h"

namespace asim::prof {

class Profiler::DeviceObserver : public sim::TaskObserver {
 public:
  DeviceObserver(Profiler* profiler, uint32_t device_id) : profiler_(profiler), device_id_(device_id) {}
  void OnTaskEnd(const sim::TaskRecord& record, const Status& status) override {
    profiler_->OnTaskEnd(device_id_, record, status);
  }
  bool ReadsTensors() const override { return false; }  // times, shapes and the cost model's work

 private:
  Profiler* const profiler_;
  const uint32_t device_id_;
};

namespace {

class ProfilingExtension : public rt::RuntimeExtension {
 public:
  explicit ProfilingExtension(Profiler* profiler) : profiler_(profiler) {}
  Status OnInit(const cfg::AclConfig& config) override { return profiler_->OnInit(config); }
  void OnDeviceOpened(rt::DeviceContext& device) override { profiler_->OnDeviceOpened(device); }
  size_t OnDeviceRelease(int32_t device_id, bool /*log_leaks*/) override {
    profiler_->OnDeviceRelease(device_id);
    return 0;
  }
  void OnFinalize() override { profiler_->OnFinalize(); }

 private:
  Profiler* const profiler_;
};

// The directory of the running executable (acl.json's default "output").
std::string ExecutableDir() {
  char buf[PATH_MAX + 1] = {};
  const ssize_t n = readlink("/proc/self/exe", buf, PATH_MAX);
  if (n <= 0) return ".";
  return std::filesystem::path(std::string(buf, static_cast<size_t>(n))).parent_path().string();
}

profdata::SessionConfig SessionConfigOf(const cfg::ProfilerConfig& p, const char* source) {
  profdata::SessionConfig s;
  s.source = source;
  s.aic_metrics = cfg::AicMetricsName(p.aic_metrics);
  s.data_type_mask = cfg::ProfilerDataTypeMask(p);
  s.ascendcl = p.ascendcl;
  s.runtime_api = p.runtime_api;
  s.task_time = cfg::ProfLevelName(p.task_time);
  s.aicpu = p.aicpu;
  s.msproftx = p.msproftx;
  s.training_trace = p.training_trace;
  s.storage_limit_bytes = p.storage_limit_bytes.value_or(0);
  return s;
}

// The profiler section msprof passes (PROFILING_MODE=true, PROFILING_OPTIONS=<json>), or
// nullopt when the variables are not set.
Status EnvironmentSection(std::optional<cfg::ProfilerConfig>* out) {
  const char* mode = std::getenv("PROFILING_MODE");
  if (mode == nullptr || std::string(mode) != "true") return Status::Ok();
  const char* options = std::getenv("PROFILING_OPTIONS");
  if (options == nullptr || *options == '\0') {
    return Status(asim::err::kInvalidProfilingConfig,
                  "PROFILING_MODE=true but PROFILING_OPTIONS is not set (it carries the profiler settings as the "
                  "JSON object of acl.json's \"profiler\" section)");
  }
  cfg::AclConfig parsed;
  ASIM_RETURN_IF_ERROR(
      cfg::ParseAclConfigString(std::string("{\"profiler\": ") + options + "}", "PROFILING_OPTIONS", &parsed));
  cfg::ProfilerConfig prof = parsed.profiler;
  if (std::string(options).find("\"switch\"") == std::string::npos) prof.enabled = true;
  *out = prof;
  return Status::Ok();
}

}  // namespace

Profiler::~Profiler() {
  Profiler* self = this;
  g_api_recorder.compare_exchange_strong(self, nullptr);
}

std::shared_ptr<rt::RuntimeExtension> Profiler::Extension() {
  return std::make_shared<ProfilingExtension>(this);
}

Status Profiler::OnInit(const cfg::AclConfig& config) {
  std::optional<cfg::ProfilerConfig> env;
  ASIM_RETURN_IF_ERROR(EnvironmentSection(&env));
  cfg::ProfilerConfig prof;
  const char* source = nullptr;
  if (env) {
    if (config.profiler.present) {
      ASIM_LOG_INFO("[PROF] PROFILING_OPTIONS (msprof) replaces the \"profiler\" section of '{}'", config.source_path);
    }
    prof = *env;
    source = "msprof";
  } else if (config.profiler.present) {
    prof = config.profiler;
    source = "acl.json";
  }
  if (source == nullptr || !prof.enabled) return Status::Ok();
  const std::string output = prof.output.empty() ? ExecutableDir() : prof.output;
  std::lock_guard<std::mutex> lock(mutex_);
  if (session_) return Status::Ok();  // an aclprof session survived a finalize: impossible, keep it
  const Status st = StartSessionLocked(SessionConfigOf(prof, source), output);
  if (!st.ok()) {
    return Status(asim::err::kInvalidProfilingConfig,
                  std::string(env ? "PROFILING_OPTIONS" : "acl.json") + ": /profiler/output: " + st.message());
  }
  configured_session_ = true;
  ASIM_LOG_INFO("[PROF] profiling ({}) writes {}", source, session_->prof_dir());
  return Status::Ok();
}

Status Profiler::StartSessionLocked(profdata::SessionConfig config, const std::string& output) {
  std::string path, name;
  ASIM_RETURN_IF_ERROR(profdata::CreateProfDir(output, profdata::WallNowNs(), &path, &name));
  session_ = std::make_shared<Session>(std::move(config), path, name);
  for (const auto& [id, a] : attached_) {
    if (session_->WantsDevice(id)) session_->NoteDevice(id, chips_[id]);
  }
  g_api_recorder.store(session_->collects_api() ? this : nullptr, std::memory_order_release);
  return Status::Ok();
}

std::shared_ptr<Session> Profiler::TakeSessionLocked() {
  std::shared_ptr<Session> s = std::move(session_);
  session_.reset();
  configured_session_ = false;
  started_config_ = nullptr;
  started_devices_.clear();
  Profiler* self = this;
  g_api_recorder.compare_exchange_strong(self, nullptr);
  return s;
}

Status Profiler::EndSession(const std::shared_ptr<Session>& session) {
  SyncObservers();
  const profdata::Profile profile = session->Finish();
  const Status st = WriteProfile(profile, session->prof_dir());
  if (!st.ok()) ASIM_LOG_ERROR("[PROF] writing {} failed: {}", session->prof_dir(), st.message());
  std::lock_guard<std::mutex> lock(mutex_);
  last_prof_dir_ = session->prof_dir();
  return st;
}

bool Profiler::NeedsObserverLocked(uint32_t device_id) const {
  if (!subscriptions_.empty()) return true;
  return session_ && session_->collects_tasks() && session_->WantsDevice(device_id);
}

void Profiler::AttachLocked(rt::DeviceContext& device) {
  const uint32_t id = static_cast<uint32_t>(device.id());
  auto observer = std::make_shared<DeviceObserver>(this, id);
  device.scheduler().AddObserver(observer);
  attached_[id] = Attached{observer, &device.scheduler()};
  auto spec = std::make_shared<const sim::SocSpec>(device.device().spec());
  const uint64_t now = profdata::WallNowNs();
  const uint64_t host_ns = device.scheduler().HostNow() / sim::kPsPerNs;
  chips_[id] = ChipInfoOf(*spec, now > host_ns ? now - host_ns : 0);
  specs_[id] = std::move(spec);
  if (session_ && session_->WantsDevice(id)) session_->NoteDevice(id, chips_[id]);
}

void Profiler::SyncObservers() {
  rt::Runtime& rt = core_;
  if (!rt.initialized()) return;
  const int32_t count = rt.config().sim.device_count;
  for (int32_t id = 0; id < count; ++id) {
    const std::shared_ptr<rt::DeviceContext> dc = rt.OpenedDevice(id);
    std::lock_guard<std::mutex> lock(mutex_);
    const uint32_t uid = static_cast<uint32_t>(id);
    const bool need = dc && NeedsObserverLocked(uid);
    auto it = attached_.find(uid);
    if (it != attached_.end() && (!need || !dc || it->second.scheduler != &dc->scheduler())) {
      if (dc && it->second.scheduler == &dc->scheduler()) dc->scheduler().RemoveObserver(it->second.observer.get());
      attached_.erase(it);
    }
    if (need && attached_.count(uid) == 0) AttachLocked(*dc);
  }
}

void Profiler::OnDeviceOpened(rt::DeviceContext& device) {
  std::lock_guard<std::mutex> lock(mutex_);
  const uint32_t id = static_cast<uint32_t>(device.id());
  attached_.erase(id);  // a reopened device is a new scheduler
  if (NeedsObserverLocked(id)) AttachLocked(device);
}

void Profiler::OnDeviceRelease(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  attached_.erase(static_cast<uint32_t>(device_id));
}

void Profiler::OnFinalize() {
  std::shared_ptr<Session> session;
  std::map<uint32_t, SubscribeConfig> subscriptions;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    session = TakeSessionLocked();
    aclprof_inited_ = false;
    subscriptions.swap(subscriptions_);
    ranges_.clear();
    attached_.clear();
  }
  // Subscriptions the application did not end: their pipes end with AscendCL.
  std::set<int> closed;
  for (const auto& [model_id, sub] : subscriptions) {
    if (closed.insert(sub.fd).second) CloseSubscriptionPipe(model_id, sub.fd);
  }
  if (session) (void)EndSession(session);
}

void Profiler::RecordApi(const char* name, uint64_t start_ns, uint64_t end_ns, uint32_t tid) {
  std::shared_ptr<Session> s;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    s = session_;
  }
  if (!s || !s->collects_api()) return;
  profdata::ApiEvent e;
  e.name = name;
  e.start_ns = start_ns;
  e.end_ns = end_ns;
  e.pid = static_cast<uint32_t>(getpid());
  e.tid = tid;
  s->AddApi(std::move(e));
}

void Profiler::RecordTx(const std::string& kind, const std::string& message, uint64_t start_ns, uint64_t end_ns,
                        uint32_t tid) {
  std::shared_ptr<Session> s;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    s = session_;
  }
  if (!s) return;
  const bool step = kind.rfind("step_", 0) == 0;
  if (!step && !s->config().msproftx) return;
  s->AddTx(profdata::TxEvent{kind, message, start_ns, end_ns, tid});
}

void Profiler::OnTaskEnd(uint32_t device_id, const sim::TaskRecord& record, const Status& status) {
  std::shared_ptr<Session> session;
  std::shared_ptr<const sim::SocSpec> spec;
  std::optional<SubscribeConfig> sub;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (session_ && session_->collects_tasks() && session_->WantsDevice(device_id)) session = session_;
    auto sp = specs_.find(device_id);
    if (sp != specs_.end()) spec = sp->second;
    const observe::KernelTaskInfo* info = observe::KernelInfoOf(record);
    if (!subscriptions_.empty() && info != nullptr) {
      auto it = subscriptions_.find(info->model_id);
      if (it != subscriptions_.end()) sub = it->second;
    }
  }
  if (!session && !sub) return;
  profdata::DeviceTask task = ConvertTask(record, status.ok(), session ? spec.get() : nullptr);
  if (sub) {
    // Under the write lock, and only while the subscription still holds this pipe: Unsubscribe
    // may have closed it since (the descriptor number could be another file's by now).
    std::lock_guard<std::mutex> write_lock(subscription_write_mutex_);
    bool live = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = subscriptions_.find(task.model_id);
      live = it != subscriptions_.end() && it->second.fd == sub->fd;
    }
    if (live) WriteSubscription(sub->fd, sub->time_info != 0, task);
  }
  if (session) session->AddTask(std::move(task));
}

std::string Profiler::last_prof_dir() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_prof_dir_;
}

uint64_t ApiClockNs() {
  return profdata::WallNowNs();
}

void RecordApiCall(const char* name, uint64_t start_ns) noexcept {
  try {
    thread_local const uint32_t tid = static_cast<uint32_t>(gettid());
    if (Profiler* profiler = g_api_recorder.load(std::memory_order_acquire)) {
      profiler->RecordApi(name, start_ns, ApiClockNs(), tid);
    }
  } catch (...) {
    // Recording must not change the call's outcome (out of memory: the record is lost).
  }
}

}  // namespace asim::prof
