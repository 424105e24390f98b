// Profiler: the aclprof collection API (Init, CreateConfig, Start, Stop, Finalize,
// SetConfig). See profiler.h for the rules and error codes.
//
// Thread safety: mutex_ guards the state; it is released before a session is written.
// Failure: Status with the AscendCL code and a message.
#include <unistd.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include "base/log.h"
#include "profdata/metrics.h"
#include "runtime/core/runtime.h"
#include "runtime/profiling/prof_errors.h"
#include "runtime/profiling/profiler.h"

namespace asim::prof {
namespace {

constexpr size_t kMaxPathLength = 4096;
constexpr size_t kMaxConfigLength = 4096;

// ACL_PROF_* bits of acl_prof.h.
constexpr uint64_t kAclApi = 0x0001, kTaskTime = 0x0002, kAicoreMetrics = 0x0004, kAicpu = 0x0008,
                   kTrainingTrace = 0x0040, kMsproftx = 0x0080, kRuntimeApi = 0x0100, kTaskTimeL0 = 0x0800,
                   kTaskTimeL2 = 0x2000;
constexpr uint64_t kKnownBits = 0x0001 | 0x0002 | 0x0004 | 0x0008 | 0x0010 | 0x0020 | 0x0040 | 0x0080 | 0x0100 |
                                0x0200 | 0x0800 | 0x1000 | 0x2000 | 0x4000 | 0x01000000;

std::string DeviceList(const std::vector<uint32_t>& ids) {
  std::string s = "[";
  for (size_t i = 0; i < ids.size(); ++i) s += (i ? ", " : "") + std::to_string(ids[i]);
  return s + "]";
}

profdata::SessionConfig SessionConfigOf(const AclprofConfig& c, uint64_t storage_limit) {
  profdata::SessionConfig s;
  s.source = "aclprof";
  s.data_type_mask = c.data_types;
  s.ascendcl = (c.data_types & kAclApi) != 0;
  s.runtime_api = (c.data_types & kRuntimeApi) != 0;
  // ACL_PROF_TASK_TIME_L2 asks for the most detail on its own too; L0 alone for the least.
  if (c.data_types & kTaskTimeL2) {
    s.task_time = "l2";
  } else if (c.data_types & kTaskTime) {
    s.task_time = "l1";
  } else {
    s.task_time = (c.data_types & kTaskTimeL0) ? "l0" : "off";
  }
  if (c.devices.empty()) s.task_time = "off";  // host data only
  const auto group = static_cast<profdata::MetricGroup>(c.aicore_metrics);
  s.aic_metrics = (c.data_types & kAicoreMetrics) ? profdata::MetricGroupName(group) : "None";
  s.aicpu = (c.data_types & kAicpu) != 0;
  s.msproftx = (c.data_types & kMsproftx) != 0;
  s.training_trace = (c.data_types & kTrainingTrace) != 0;
  s.storage_limit_bytes = storage_limit;
  s.devices = c.devices;
  return s;
}

Status Conflict(const char* api) {
  return Status(err::kProfApiConflict,
                std::string(api) +
                    ": profiling is already configured by the \"profiler\" section of acl.json (or by msprof); the "
                    "aclprof API cannot be used together with it");
}

}  // namespace

Status Profiler::Init(const char* path, size_t length) {
  if (path == nullptr) return Status(asim::err::kInvalidParam, "profilerResultPath must not be NULL");
  if (length == 0 || length > kMaxPathLength) {
    return Status(asim::err::kInvalidParam,
                  "length " + std::to_string(length) + " must be from 1 to " + std::to_string(kMaxPathLength));
  }
  const std::string dir(path, strnlen(path, length));
  if (dir.empty()) return Status(asim::err::kInvalidParam, "profilerResultPath must not be empty");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (configured_session_) return Conflict("aclprofInit");
    if (aclprof_inited_) {
      return Status(asim::err::kRepeatInitialize, "aclprofInit was already called (call aclprofFinalize first)");
    }
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir) || access(dir.c_str(), W_OK) != 0) {
    return Status(asim::err::kInvalidParam, "profilerResultPath '" + dir + "' is not a writable directory" +
                                                (ec ? ": " + ec.message() : std::string()));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (aclprof_inited_) return Status(asim::err::kRepeatInitialize, "aclprofInit was already called");
  aclprof_inited_ = true;
  aclprof_output_ = dir;
  aclprof_settings_ = profdata::SessionConfig{};
  return Status::Ok();
}

Status Profiler::Finalize() {
  std::shared_ptr<Session> session;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (configured_session_) return Conflict("aclprofFinalize");
    if (!aclprof_inited_) return Status(err::kProfNotRun, "aclprofFinalize: aclprofInit was not called");
    if (session_) session = TakeSessionLocked();
    aclprof_inited_ = false;
  }
  if (session) {
    ASIM_LOG_WARN("[PROF] aclprofFinalize while profiling ran: stopping it (call aclprofStop first)");
    const Status st = EndSession(session);
    if (!st.ok()) return Status(err::kProfilingFailure, st.message());
  }
  return Status::Ok();
}

Status Profiler::CreateConfig(const uint32_t* device_ids, uint32_t device_count, int32_t aicore_metrics,
                              uint64_t data_types, AclprofConfig** out) {
  const int32_t devices = core_.config().sim.device_count;
  if (device_count > 0 && device_ids == nullptr) {
    return Status(asim::err::kInvalidParam,
                  "deviceIdList must not be NULL when deviceNums is " + std::to_string(device_count));
  }
  if (device_count > static_cast<uint32_t>(devices)) {
    return Status(asim::err::kInvalidParam, "deviceNums " + std::to_string(device_count) + " exceeds the " +
                                                std::to_string(devices) + " device(s) of the simulator");
  }
  auto config = std::make_unique<AclprofConfig>();
  for (uint32_t i = 0; i < device_count; ++i) {
    const uint32_t id = device_ids[i];
    if (id >= static_cast<uint32_t>(devices)) {
      return Status(asim::err::kInvalidParam, "deviceIdList[" + std::to_string(i) + "] = " + std::to_string(id) +
                                                  " is not a device (the simulator has " + std::to_string(devices) +
                                                  ")");
    }
    if (std::find(config->devices.begin(), config->devices.end(), id) != config->devices.end()) {
      return Status(asim::err::kInvalidParam, "deviceIdList lists device " + std::to_string(id) + " twice");
    }
    config->devices.push_back(id);
  }
  const bool known_metrics = (aicore_metrics >= 0 && aicore_metrics <= 8) || aicore_metrics == 0xFF;
  if (!known_metrics) {
    return Status(asim::err::kInvalidParam,
                  "aicoreMetrics " + std::to_string(aicore_metrics) + " is not an aclprofAicoreMetrics value");
  }
  if ((data_types & ~kKnownBits) != 0) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(data_types & ~kKnownBits));
    return Status(asim::err::kInvalidParam,
                  std::string("dataTypeConfig has unknown bits ") + buf + " (not ACL_PROF_* values)");
  }
  config->aicore_metrics = aicore_metrics;
  config->data_types = data_types;
  std::lock_guard<std::mutex> lock(mutex_);
  *out = config.release();
  configs_.insert(*out);
  return Status::Ok();
}

Status Profiler::DestroyConfig(const void* config) {
  if (config == nullptr) return Status(asim::err::kInvalidParam, "profilerConfig must not be NULL");
  std::lock_guard<std::mutex> lock(mutex_);
  if (configs_.erase(config) == 0) {
    return Status(asim::err::kInvalidParam,
                  "profilerConfig is not a config made by aclprofCreateConfig (or it was "
                  "already destroyed)");
  }
  if (started_config_ == config) started_config_ = nullptr;
  delete static_cast<const AclprofConfig*>(config);
  return Status::Ok();
}

Status Profiler::Start(const void* handle) {
  if (handle == nullptr) return Status(asim::err::kInvalidParam, "profilerConfig must not be NULL");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (configs_.count(handle) == 0) {
      return Status(asim::err::kInvalidParam, "profilerConfig is not a live config made by aclprofCreateConfig");
    }
    if (configured_session_) return Conflict("aclprofStart");
    if (!aclprof_inited_) return Status(err::kProfNotRun, "aclprofStart: call aclprofInit first");
    if (session_) {
      return Status(err::kProfAlreadyRun, "aclprofStart: profiling already runs on devices " +
                                              DeviceList(started_devices_) + " (call aclprofStop first)");
    }
    if (!subscriptions_.empty()) {
      return Status(err::kProfApiConflict,
                    "aclprofStart: a model is subscribed (aclprofModelSubscribe); unsubscribe it first");
    }
    const auto* config = static_cast<const AclprofConfig*>(handle);
    const Status st =
        StartSessionLocked(SessionConfigOf(*config, aclprof_settings_.storage_limit_bytes), aclprof_output_);
    if (!st.ok()) return Status(err::kProfilingFailure, "aclprofStart: " + st.message());
    started_config_ = config;
    started_devices_ = config->devices;
    ASIM_LOG_INFO("[PROF] aclprofStart: devices {}, data types 0x{:x}, writing {}", DeviceList(config->devices),
                  config->data_types, session_->prof_dir());
  }
  SyncObservers();
  return Status::Ok();
}

Status Profiler::Stop(const void* handle) {
  if (handle == nullptr) return Status(asim::err::kInvalidParam, "profilerConfig must not be NULL");
  std::shared_ptr<Session> session;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (configs_.count(handle) == 0) {
      return Status(asim::err::kInvalidParam, "profilerConfig is not a live config made by aclprofCreateConfig");
    }
    if (configured_session_) return Conflict("aclprofStop");
    if (!session_) return Status(err::kProfNotRun, "aclprofStop: profiling is not running (call aclprofStart first)");
    const auto* config = static_cast<const AclprofConfig*>(handle);
    if (config->devices != started_devices_) {
      return Status(asim::err::kInvalidParam, "aclprofStop: the config's devices " + DeviceList(config->devices) +
                                                  " differ from the started devices " + DeviceList(started_devices_));
    }
    session = TakeSessionLocked();
  }
  const Status st = EndSession(session);
  if (!st.ok()) return Status(err::kProfilingFailure, "aclprofStop: " + st.message());
  return Status::Ok();
}

Status Profiler::SetConfig(int32_t type, const char* value, size_t length) {
  if (value == nullptr) return Status(asim::err::kInvalidParam, "config must not be NULL");
  if (length == 0 || length > kMaxConfigLength) {
    return Status(asim::err::kInvalidParam,
                  "configLength " + std::to_string(length) + " must be from 1 to " + std::to_string(kMaxConfigLength));
  }
  const std::string text(value, strnlen(value, length));
  // aclprofConfigType -> the acl.json key whose rules apply.
  static const std::map<int32_t, const char*> kKeys = {{1, "storage_limit"},
                                                       {3, "sys_hardware_mem_freq"},
                                                       {4, "llc_profiling"},
                                                       {5, "sys_io_sampling_freq"},
                                                       {6, "sys_interconnection_freq"},
                                                       {7, "dvpp_freq"},
                                                       {8, "host_sys"},
                                                       {9, "host_sys_usage"},
                                                       {10, "host_sys_usage_freq"},
                                                       {11, "low_power_freq"},
                                                       {12, "sys_mem_serviceflow"}};
  auto key = kKeys.find(type);
  if (key == kKeys.end()) {
    return Status(asim::err::kInvalidParam,
                  "configType " + std::to_string(type) + " is not an aclprofConfigType (1 and 3 to 12)");
  }
  cfg::AclConfig parsed;
  if (type == 11) {
    const std::string json = nlohmann::json{{"profiler", {{"dvpp_freq", text}}}}.dump();
    const Status st = cfg::ParseAclConfigString(json, "aclprofSetConfig", &parsed);
    if (!st.ok()) return Status(asim::err::kInvalidParam, "ACL_PROF_LOW_POWER_FREQ: " + st.message());
  } else if (type == 12) {
    if (text.empty()) return Status(asim::err::kInvalidParam, "ACL_PROF_SYS_MEM_SERVICEFLOW must not be empty");
  } else {
    const std::string json = nlohmann::json{{"profiler", {{key->second, text}}}}.dump();
    const Status st = cfg::ParseAclConfigString(json, "aclprofSetConfig", &parsed);
    if (!st.ok()) return Status(asim::err::kInvalidParam, st.message());
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (configured_session_) return Conflict("aclprofSetConfig");
  if (!aclprof_inited_) return Status(err::kProfNotRun, "aclprofSetConfig: call aclprofInit first");
  if (session_) return Status(err::kProfAlreadyRun, "aclprofSetConfig must come before aclprofStart");
  if (type == 1) aclprof_settings_.storage_limit_bytes = parsed.profiler.storage_limit_bytes.value_or(0);
  ASIM_LOG_INFO("[PROF] aclprofSetConfig: {} = \"{}\"{}", key->second, text,
                type == 1 ? "" : " (accepted; the simulator has no such sampling)");
  return Status::Ok();
}

}  // namespace asim::prof
