// Profiler: model subscriptions (aclprofModelSubscribe) and the op records they write; the
// decoding of those records for aclprofGetOp*. See profiler.h and subscribe_record.h.
//
// Thread safety: mutex_ guards the subscriptions; records are written outside it with one
// write(2) each. Failure: Status with the AscendCL code; a failed write is logged.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <ctime>

#include "base/log.h"
#include "runtime/profiling/prof_errors.h"
#include "runtime/profiling/profiler.h"
#include "runtime/profiling/subscribe_record.h"

namespace asim::prof {
namespace {

void CopyText(char* dst, size_t size, const std::string& text) {
  const size_t n = std::min(text.size(), size - 1);
  std::memcpy(dst, text.data(), n);
  dst[n] = '\0';
}

}  // namespace

Status Profiler::CreateSubscribeConfig(int8_t time_info, int32_t aicore_metrics, void* fd, SubscribeConfig** out) {
  if (fd == nullptr) return Status(asim::err::kInvalidParam, "fd must not be NULL (a pointer to the pipe's write end)");
  if (time_info != 0 && time_info != 1) {
    return Status(asim::err::kInvalidParam, "timeInfoSwitch " + std::to_string(time_info) + " must be 0 or 1");
  }
  const bool known_metrics = (aicore_metrics >= 0 && aicore_metrics <= 8) || aicore_metrics == 0xFF;
  if (!known_metrics) {
    return Status(asim::err::kInvalidParam,
                  "aicoreMetrics " + std::to_string(aicore_metrics) + " is not an aclprofAicoreMetrics value");
  }
  int descriptor = -1;
  std::memcpy(&descriptor, fd, sizeof(descriptor));
  if (descriptor < 0 || fcntl(descriptor, F_GETFD) == -1) {
    return Status(asim::err::kInvalidParam, "*fd = " + std::to_string(descriptor) + " is not an open file descriptor");
  }
  auto config = std::make_unique<SubscribeConfig>();
  config->time_info = time_info;
  config->aicore_metrics = aicore_metrics;
  config->fd = descriptor;
  std::lock_guard<std::mutex> lock(mutex_);
  *out = config.release();
  subscribe_configs_.insert(*out);
  return Status::Ok();
}

Status Profiler::DestroySubscribeConfig(const void* config) {
  if (config == nullptr) return Status(asim::err::kInvalidParam, "profSubscribeConfig must not be NULL");
  std::lock_guard<std::mutex> lock(mutex_);
  if (subscribe_configs_.erase(config) == 0) {
    return Status(asim::err::kInvalidParam,
                  "profSubscribeConfig is not a config made by aclprofCreateSubscribeConfig (or already destroyed)");
  }
  delete static_cast<const SubscribeConfig*>(config);
  return Status::Ok();
}

Status Profiler::Subscribe(uint32_t model_id, const void* config) {
  if (config == nullptr) return Status(asim::err::kInvalidParam, "profSubscribeConfig must not be NULL");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (subscribe_configs_.count(config) == 0) {
      return Status(asim::err::kInvalidParam,
                    "profSubscribeConfig is not a live config made by "
                    "aclprofCreateSubscribeConfig");
    }
    if (configured_session_ || session_) {
      return Status(err::kProfApiConflict,
                    "aclprofModelSubscribe: profiling runs (acl.json, msprof or aclprofStart); "
                    "subscription cannot be used together with it");
    }
    if (subscriptions_.count(model_id) != 0) {
      return Status(err::kProfRepeatSubscribe,
                    "aclprofModelSubscribe: model " + std::to_string(model_id) + " is already subscribed");
    }
    subscriptions_[model_id] = *static_cast<const SubscribeConfig*>(config);
  }
  SyncObservers();
  return Status::Ok();
}

Status Profiler::Unsubscribe(uint32_t model_id) {
  int fd = -1;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = subscriptions_.find(model_id);
    if (it == subscriptions_.end()) {
      return Status(asim::err::kInvalidModelId,
                    "aclprofModelUnSubscribe: model " + std::to_string(model_id) + " is not subscribed");
    }
    fd = it->second.fd;
    subscriptions_.erase(it);
    // A pipe several models write to closes with the last of them.
    for (const auto& [other, sub] : subscriptions_) {
      if (sub.fd == fd) fd = -1;
    }
  }
  SyncObservers();
  if (fd >= 0) CloseSubscriptionPipe(model_id, fd);
  return Status::Ok();
}

void Profiler::CloseSubscriptionPipe(uint32_t model_id, int fd) {
  // After a record being written now (OnTaskEnd holds this mutex over the write).
  std::lock_guard<std::mutex> write_lock(subscription_write_mutex_);
  if (close(fd) != 0) {
    ASIM_LOG_WARN("[PROF] model {} subscription: closing the pipe's write end (fd {}) failed: {}", model_id, fd,
                  std::strerror(errno));
  }
}

void Profiler::WriteSubscription(int fd, bool time_info, const profdata::DeviceTask& task) {
  OpRecord rec;
  rec.model_id = task.model_id;
  rec.device_id = task.device_id;
  if (time_info) {
    rec.start_ns = task.start_ps / 1000;
    rec.end_ns = task.end_ps / 1000;
    rec.duration_ns = rec.end_ns - std::min(rec.start_ns, rec.end_ns);
  }
  CopyText(rec.thread_id, sizeof(rec.thread_id), std::to_string(gettid()));
  CopyText(rec.op_type, sizeof(rec.op_type), task.op_type);
  CopyText(rec.op_name, sizeof(rec.op_name), task.name);
  // A reader that closed its end of the pipe must not kill the application with SIGPIPE: the
  // signal is blocked in this thread for the write, and one it raised is consumed, so the
  // write fails with EPIPE and is logged.
  sigset_t sigpipe, old_mask, pending;
  sigemptyset(&sigpipe);
  sigaddset(&sigpipe, SIGPIPE);
  sigemptyset(&pending);
  sigpending(&pending);
  const bool pending_before = sigismember(&pending, SIGPIPE) == 1;
  pthread_sigmask(SIG_BLOCK, &sigpipe, &old_mask);
  const char* p = reinterpret_cast<const char*>(&rec);
  size_t left = sizeof(rec);
  int error = 0;
  while (left > 0) {
    const ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = n < 0 ? errno : EIO;
      break;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (error == EPIPE && !pending_before) {
    const timespec no_wait{0, 0};
    (void)sigtimedwait(&sigpipe, nullptr, &no_wait);
  }
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  if (error != 0) {
    ASIM_LOG_WARN("[PROF] model {} subscription: writing an op record to fd {} failed: {}", task.model_id, fd,
                  std::strerror(error));
  }
}

Status CountOpRecords(const void* info, size_t length, uint32_t* count) {
  if (info == nullptr) return Status(asim::err::kInvalidParam, "opInfo must not be NULL");
  if (length == 0 || length % sizeof(OpRecord) != 0) {
    return Status(asim::err::kInvalidParam, "opInfoLen " + std::to_string(length) +
                                                " is not a positive multiple of the op record size " +
                                                std::to_string(sizeof(OpRecord)) + " (aclprofGetOpDescSize)");
  }
  const size_t n = length / sizeof(OpRecord);
  for (size_t i = 0; i < n; ++i) {
    uint32_t magic = 0;
    std::memcpy(&magic, static_cast<const char*>(info) + i * sizeof(OpRecord) + offsetof(OpRecord, magic),
                sizeof(magic));
    if (magic != kOpRecordMagic) {
      return Status(asim::err::kInvalidParam,
                    "opInfo record " + std::to_string(i) + " is not an op record written by a model subscription");
    }
  }
  *count = static_cast<uint32_t>(n);
  return Status::Ok();
}

Status OpRecordAt(const void* info, size_t length, uint32_t index, OpRecord* record, const char** where) {
  uint32_t count = 0;
  ASIM_RETURN_IF_ERROR(CountOpRecords(info, length, &count));
  if (index >= count) {
    return Status(asim::err::kInvalidParam, "index " + std::to_string(index) + " is out of range: opInfo holds " +
                                                std::to_string(count) + " op record(s)");
  }
  const char* at = static_cast<const char*>(info) + static_cast<size_t>(index) * sizeof(OpRecord);
  std::memcpy(record, at, sizeof(OpRecord));
  if (record->magic != kOpRecordMagic) {
    return Status(asim::err::kInvalidParam,
                  "opInfo record " + std::to_string(index) + " is not an op record written by a model subscription");
  }
  record->op_type[kOpTypeLen - 1] = '\0';
  record->op_name[kOpNameLen - 1] = '\0';
  record->thread_id[sizeof(record->thread_id) - 1] = '\0';
  if (where != nullptr) *where = at;
  return Status::Ok();
}

}  // namespace asim::prof
