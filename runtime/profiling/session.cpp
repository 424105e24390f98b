// Session. See session.h.
//
// Thread safety: one mutex guards the buffers. Failure: see session.h.
#include "runtime/profiling/session.h"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>

#include "base/log.h"
#include "profdata/exporter.h"
#include "profdata/prof_dir.h"
#include "profdata/raw_io.h"

namespace asim::prof {
namespace {

std::string AppName() {
  std::ifstream f("/proc/self/comm");
  std::string name;
  std::getline(f, name);
  return name;
}

std::string HostName() {
  char buf[HOST_NAME_MAX + 1] = {};
  if (gethostname(buf, sizeof(buf) - 1) != 0) return "localhost";
  return buf;
}

size_t Limit(uint64_t storage_limit, uint64_t per_record, size_t fallback) {
  if (storage_limit == 0) return fallback;
  return static_cast<size_t>(std::max<uint64_t>(storage_limit / per_record, 1));
}

}  // namespace

Session::Session(profdata::SessionConfig config, std::string prof_dir, std::string dir_name)
    : config_(std::move(config)),
      prof_dir_(std::move(prof_dir)),
      dir_name_(std::move(dir_name)),
      start_wall_ns_(profdata::WallNowNs()),
      max_tasks_(Limit(config_.storage_limit_bytes, kBytesPerTaskRecord, kDefaultMaxTasks)),
      max_api_(Limit(config_.storage_limit_bytes, kBytesPerApiRecord, kDefaultMaxApi)) {}

bool Session::WantsDevice(uint32_t device_id) const {
  return config_.devices.empty() ||
         std::find(config_.devices.begin(), config_.devices.end(), device_id) != config_.devices.end();
}

void Session::AddApi(profdata::ApiEvent event) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished_) return;
  if (profile_.api.size() + profile_.tx.size() >= max_api_) {
    ++profile_.dropped_api;
    return;
  }
  profile_.api.push_back(std::move(event));
}

void Session::AddTx(profdata::TxEvent event) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished_) return;
  if (profile_.api.size() + profile_.tx.size() >= max_api_) {
    ++profile_.dropped_api;
    return;
  }
  profile_.tx.push_back(std::move(event));
}

void Session::NoteDevice(uint32_t device_id, const profdata::ChipInfo& chip) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished_) return;
  profdata::DeviceData& d = devices_[device_id];
  d.device_id = device_id;
  d.chip = chip;
}

void Session::AddTask(profdata::DeviceTask task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (finished_) return;
  profdata::DeviceData& d = devices_[task.device_id];
  d.device_id = task.device_id;
  if (task_count_ >= max_tasks_) {
    ++d.dropped_tasks;
    return;
  }
  ++task_count_;
  d.tasks.push_back(std::move(task));
}

profdata::Profile Session::Finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  finished_ = true;
  profdata::Profile p = std::move(profile_);
  p.config = config_;
  p.dir_name = dir_name_;
  p.app_name = AppName();
  p.pid = static_cast<uint32_t>(getpid());
  p.hostname = HostName();
  p.start_wall_ns = start_wall_ns_;
  p.end_wall_ns = profdata::WallNowNs();
  for (auto& [id, d] : devices_) {
    if (d.dropped_tasks > 0) {
      ASIM_LOG_WARN("[PROF] device {}: {} task records dropped (record limit {}; raise storage_limit)", id,
                    d.dropped_tasks, max_tasks_);
    }
    p.devices.push_back(std::move(d));
  }
  devices_.clear();
  if (p.dropped_api > 0) ASIM_LOG_WARN("[PROF] {} API records dropped (record limit {})", p.dropped_api, max_api_);
  return p;
}

Status WriteProfile(const profdata::Profile& profile, const std::string& prof_dir) {
  ASIM_RETURN_IF_ERROR(profdata::WriteRaw(profile, prof_dir));
  std::vector<std::string> written;
  ASIM_RETURN_IF_ERROR(profdata::ExportDeliverables(profile, prof_dir, profile.end_wall_ns, &written));
  ASIM_LOG_INFO("[PROF] wrote {} ({} files in {})", prof_dir, written.size(), profdata::kOutputDir);
  return Status::Ok();
}

}  // namespace asim::prof
