// DumpManager: dump configuration lifecycle and the API rules. See dump_manager.h.
#include "runtime/dump/dump_manager.h"

#include <spdlog/fmt/fmt.h>

#include <chrono>
#include <cstdlib>

#include "base/log.h"
#include "runtime/core/objects.h"
#include "runtime/dump/dump_observer.h"
#include "runtime/model/compute_mode.h"

namespace asim::dump {
namespace {

// Dump writes the tensors kernels compute; timing-only mode computes none.
Status RequireComputedTensors(const std::string& where) {
  if (model::ComputeEnabled()) return Status::Ok();
  return Status(err::kFeatureUnsupported,
                where +
                    ": the dump needs computed tensors, but compute is off (\"sim\": {\"compute\": \"off\"} or "
                    "ASCEND_SIM_COMPUTE=off: timing only); turn compute on to dump");
}

class DumpExtension : public rt::RuntimeExtension {
 public:
  explicit DumpExtension(DumpManager* dump) : dump_(dump) {}
  Status OnInit(const cfg::AclConfig& config) override { return dump_->OnInit(config); }
  void OnDeviceOpened(rt::DeviceContext& device) override { dump_->OnDeviceOpened(device); }
  void OnFinalize() override { dump_->OnFinalize(); }

 private:
  DumpManager* const dump_;
};

// ASCEND_SIM_DUMP_QUEUE_MB: the writer's queue bound in MiB (default 256).
uint64_t QueueBound() {
  const char* text = std::getenv("ASCEND_SIM_DUMP_QUEUE_MB");
  if (text != nullptr && *text != '\0') {
    char* end = nullptr;
    const unsigned long long mb = std::strtoull(text, &end, 10);
    if (end != nullptr && *end == '\0' && mb > 0 && mb < (uint64_t{1} << 24)) return mb << 20;
    ASIM_LOG_WARN("[ACL] dump: ASCEND_SIM_DUMP_QUEUE_MB=\"{}\" is not a size in MiB; using the default", text);
  }
  return DumpWriter::kDefaultMaxQueuedBytes;
}

void Accumulate(const DumpWriter::Stats& s, DumpWriter::Stats* total) {
  total->files_written += s.files_written;
  total->bytes_written += s.bytes_written;
  total->files_failed += s.files_failed;
  total->waits += s.waits;
  if (s.peak_queued_bytes > total->peak_queued_bytes) total->peak_queued_bytes = s.peak_queued_bytes;
}

// Flushes a writer that is no longer reachable from the manager and logs what it did.
void Retire(const std::shared_ptr<DumpWriter>& writer, const char* when) {
  if (!writer) return;
  writer->Flush();
  const DumpWriter::Stats s = writer->stats();
  ASIM_LOG_INFO("[ACL] dump: {}: {} file(s), {} bytes written, {} failed", when, s.files_written, s.bytes_written,
                s.files_failed);
}

}  // namespace

std::shared_ptr<rt::RuntimeExtension> DumpManager::Extension() {
  return std::make_shared<DumpExtension>(this);
}

Status DumpManager::OnInit(const cfg::AclConfig& config) {
  std::lock_guard<std::mutex> lock(mu_);
  ResetLocked();
  if (!config.dump.present) return Status::Ok();
  if (!config.dump.DataDumpEnabled()) {
    ASIM_LOG_INFO("[ACL] dump: the dump section of '{}' selects no model or single-op dump", config.source_path);
    return Status::Ok();
  }
  std::shared_ptr<const DumpSession> session;
  const Status st = DumpSession::Compile(config.dump, 0, std::chrono::system_clock::now(), &session);
  if (!st.ok()) {
    // As the real runtime's aclInit does: a dump section that is well-formed but unusable (a
    // dump_path that does not exist, nothing selected: the samples' `"dump_list": []` with a
    // path of the board they were written on) is logged and aclInit goes on without a dump.
    // aclmdlSetDump refuses the same file (SetDump below).
    ASIM_LOG_ERROR("[ACL] dump: {}: /dump: {}; aclInit goes on without a dump", config.source_path, st.message());
    return Status::Ok();
  }
  // Only a dump that would write something needs computed tensors (so the samples' empty
  // dump_list still runs in timing-only mode).
  ASIM_RETURN_IF_ERROR(RequireComputedTensors(config.source_path + ": /dump"));
  sessions_.push_back(std::move(session));
  acl_init_dump_ = true;
  UpdateActiveLocked();
  ASIM_LOG_INFO("[ACL] dump: on (acl.json '{}'), files under {}/{}", config.source_path, sessions_.back()->dump_path(),
                sessions_.back()->time_dir());
  return Status::Ok();
}

void DumpManager::OnDeviceOpened(rt::DeviceContext& device) {
  device.scheduler().AddObserver(
      std::make_shared<DumpObserver>(this, static_cast<uint32_t>(device.id()), &device.memory()));
}

void DumpManager::OnFinalize() {
  std::shared_ptr<DumpWriter> writer;
  {
    std::lock_guard<std::mutex> lock(mu_);
    writer = std::move(writer_);
    ResetLocked();
  }
  Retire(writer, "aclFinalize");
  if (writer) {
    std::lock_guard<std::mutex> lock(mu_);
    Accumulate(writer->stats(), &retired_stats_);
  }
  std::lock_guard<std::mutex> lock(desc_mu_);
  op_descs_.clear();
}

void DumpManager::ResetLocked() {
  acl_init_dump_ = false;
  mdl_init_ = false;
  sessions_.clear();
  UpdateActiveLocked();
}

void DumpManager::UpdateActiveLocked() {
  active_.store(!sessions_.empty(), std::memory_order_release);
}

std::shared_ptr<DumpWriter> DumpManager::WriterLocked() const {
  if (!writer_) {
    writer_ = std::make_shared<DumpWriter>(QueueBound());
    if (sink_) writer_->SetSink(sink_);
  }
  return writer_;
}

Status DumpManager::InitDump() {
  std::lock_guard<std::mutex> lock(mu_);
  if (acl_init_dump_) {
    return Status(kErrDumpAlreadyRun,
                  "the dump is already configured by the acl.json given to aclInit; aclmdlInitDump cannot be used");
  }
  if (mdl_init_) {
    return Status(err::kRepeatInitialize, "aclmdlInitDump was already called (call aclmdlFinalizeDump first)");
  }
  mdl_init_ = true;
  return Status::Ok();
}

Status DumpManager::SetDump(const char* config_path, uint32_t first_model_id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (acl_init_dump_) {
      return Status(kErrDumpAlreadyRun,
                    "the dump is already configured by the acl.json given to aclInit; aclmdlSetDump cannot be used");
    }
    if (!mdl_init_) return Status(kErrDumpNotRun, "aclmdlSetDump called before aclmdlInitDump");
  }
  if (config_path == nullptr) return Status(err::kInvalidParam, "dumpCfgPath must not be NULL");
  cfg::DumpConfig config;
  ASIM_RETURN_IF_ERROR(cfg::ParseDumpConfigFile(config_path, &config));
  if (config.DataDumpEnabled())
    ASIM_RETURN_IF_ERROR(RequireComputedTensors(std::string("aclmdlSetDump ") + config_path));
  std::shared_ptr<const DumpSession> session;
  const Status st = DumpSession::Compile(config, first_model_id, std::chrono::system_clock::now(), &session);
  if (!st.ok()) return Status(st.code(), fmt::format("{}: /dump: {}", config_path, st.message()));
  std::lock_guard<std::mutex> lock(mu_);
  if (!mdl_init_) return Status(kErrDumpNotRun, "aclmdlFinalizeDump was called while aclmdlSetDump ran");
  // A later SetDump overrides an earlier one for the models loaded after it.
  while (!sessions_.empty() && sessions_.back()->first_model_id() >= first_model_id) sessions_.pop_back();
  sessions_.push_back(session);
  UpdateActiveLocked();
  ASIM_LOG_INFO("[ACL] dump: on (aclmdlSetDump '{}') for models loaded from now on (id >= {}), files under {}/{}",
                config_path, first_model_id, session->dump_path(), session->time_dir());
  return Status::Ok();
}

Status DumpManager::FinalizeDump() {
  std::shared_ptr<DumpWriter> writer;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (acl_init_dump_) {
      return Status(kErrDumpAlreadyRun,
                    "the dump is configured by the acl.json given to aclInit; aclmdlFinalizeDump cannot be used");
    }
    if (!mdl_init_) return Status(kErrDumpNotRun, "aclmdlFinalizeDump called without aclmdlInitDump");
    mdl_init_ = false;
    sessions_.clear();
    UpdateActiveLocked();
    writer = std::move(writer_);
  }
  Retire(writer, "aclmdlFinalizeDump");
  if (writer) {
    std::lock_guard<std::mutex> lock(mu_);
    Accumulate(writer->stats(), &retired_stats_);
  }
  return Status::Ok();
}

void DumpManager::SetCallback(DumpSink sink) {
  std::lock_guard<std::mutex> lock(mu_);
  sink_ = std::move(sink);
  if (writer_) {
    writer_->Flush();  // files queued before the change go where they were meant to
    writer_->SetSink(sink_);
  }
}

DumpTarget DumpManager::TargetFor(uint32_t model_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  DumpTarget target;
  if (sessions_.empty()) return target;
  if (model_id == 0) {
    target.session = sessions_.back();
  } else {
    for (auto it = sessions_.rbegin(); it != sessions_.rend(); ++it) {
      if ((*it)->first_model_id() <= model_id) {
        target.session = *it;
        break;
      }
    }
  }
  if (target.session) target.writer = WriterLocked();
  return target;
}

void DumpManager::RecordOpDesc(OpDescRecord record) {
  std::lock_guard<std::mutex> lock(desc_mu_);
  if (op_descs_.size() >= kOpDescLogCapacity) op_descs_.pop_front();
  op_descs_.push_back(std::move(record));
}

Status DumpManager::FindOpDesc(uint32_t device_id, uint32_t stream_id, uint64_t task_id, OpDescRecord* out) const {
  std::lock_guard<std::mutex> lock(desc_mu_);
  for (auto it = op_descs_.rbegin(); it != op_descs_.rend(); ++it) {
    if (it->device_id == device_id && it->stream_id == stream_id &&
        static_cast<uint32_t>(it->task_id) == static_cast<uint32_t>(task_id)) {
      *out = *it;
      return Status::Ok();
    }
  }
  return Status(err::kInvalidParam,
                fmt::format("no operator is known for device {} stream {} task {}: only the last {} tasks that were "
                            "dumped or failed are kept",
                            device_id, stream_id, task_id, kOpDescLogCapacity));
}

DumpWriter::Stats DumpManager::writer_stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  DumpWriter::Stats total = retired_stats_;
  if (writer_) Accumulate(writer_->stats(), &total);
  return total;
}

}  // namespace asim::dump
