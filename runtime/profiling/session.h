// Session: one collection run, from its start (aclInit with a "profiler" section or
// PROFILING_OPTIONS, or aclprofStart) to its stop (aclFinalize or aclprofStop).
//
// Owns: the session's switches, its PROF_* directory, and the records collected so far, in
// bounded buffers (max_tasks device tasks, max_api API calls and markers; later records
// are counted as dropped and the deliverables' README says so). Finish() ends collection
// and returns the Profile; WriteProfile() writes the raw data and the deliverables.
// Thread safety: every member is thread-safe; records may arrive from any thread until
// Finish (later ones are ignored). Failure: WriteProfile returns a Status naming the file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>

#include "base/status.h"
#include "profdata/records.h"

namespace asim::prof {

// Default record limits: about 200 MB of records (msprof's default storage_limit).
inline constexpr size_t kDefaultMaxTasks = 200000;
inline constexpr size_t kDefaultMaxApi = 800000;
inline constexpr uint64_t kBytesPerTaskRecord = 1024;
inline constexpr uint64_t kBytesPerApiRecord = 256;

class Session {
 public:
  // `prof_dir` / `dir_name`: the PROF_* directory already created for this session.
  Session(profdata::SessionConfig config, std::string prof_dir, std::string dir_name);

  const profdata::SessionConfig& config() const { return config_; }
  const std::string& prof_dir() const { return prof_dir_; }
  bool WantsDevice(uint32_t device_id) const;
  bool collects_tasks() const { return config_.task_time != "off"; }
  bool collects_api() const { return config_.ascendcl; }

  void AddApi(profdata::ApiEvent event);
  void AddTx(profdata::TxEvent event);
  void AddTask(profdata::DeviceTask task);
  void NoteDevice(uint32_t device_id, const profdata::ChipInfo& chip);

  // Ends collection and returns what was recorded (devices sorted by id).
  profdata::Profile Finish();

 private:
  const profdata::SessionConfig config_;
  const std::string prof_dir_;
  const std::string dir_name_;
  const uint64_t start_wall_ns_;
  const size_t max_tasks_;
  const size_t max_api_;

  std::mutex mutex_;
  bool finished_ = false;
  size_t task_count_ = 0;
  profdata::Profile profile_;
  std::map<uint32_t, profdata::DeviceData> devices_;
};

// Writes the raw data and exports the deliverables into the profile's directory.
Status WriteProfile(const profdata::Profile& profile, const std::string& prof_dir);

}  // namespace asim::prof
