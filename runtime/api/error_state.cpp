#include "runtime/api/error_state.h"

#include <atomic>
#include <mutex>

#include "base/log.h"
#include "base/status.h"

namespace asim::api {
namespace {

constexpr int32_t kRtQueueEmpty = 207013;  // ACL_ERROR_RT_QUEUE_EMPTY
constexpr int32_t kRtQueueFull = 207014;   // ACL_ERROR_RT_QUEUE_FULL

thread_local std::string t_message;
thread_local bool t_has_message = false;

std::atomic<bool> g_process_wide{false};
std::mutex g_mutex;
std::string g_message;
bool g_has_message = false;
// aclGetRecentErrMsg gets and clears the message (as the real API documents) and hands out
// a pointer: the calling thread's copy, valid until its next aclGetRecentErrMsg, whatever
// other threads record meanwhile.
thread_local std::string t_returned;

}  // namespace

void SetRecentError(const char* func, int32_t code, const std::string& message) {
  std::string text = std::string(func) + " failed (error " + std::to_string(code) + "): " + message;
  // Polling loops time out routinely (a report thread waiting for callbacks, a consumer
  // waiting on an empty channel, a producer on a full one): worth a debug line, not an error.
  const bool routine = code == err::kWaitCallbackTimeout || code == kRtQueueEmpty || code == kRtQueueFull;
  if (routine) {
    ASIM_LOG_DEBUG("[ACL] {}", text);
  } else {
    ASIM_LOG_ERROR("[ACL] {}", text);
  }
  if (g_process_wide.load()) {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_message = std::move(text);
    g_has_message = true;
  } else {
    t_message = std::move(text);
    t_has_message = true;
  }
}

void ReportNotSupported(const char* func) {
  SetRecentError(func, err::kApiNotSupport,
                 std::string(func) + " is not supported by the simulated device (see docs/api_coverage.md)");
}

const char* RecentError() {
  if (g_process_wide.load()) {
    std::lock_guard<std::mutex> lock(g_mutex);
    if (!g_has_message) return nullptr;
    t_returned = std::move(g_message);
    g_message.clear();
    g_has_message = false;
    return t_returned.c_str();
  }
  if (!t_has_message) return nullptr;
  t_returned = std::move(t_message);
  t_message.clear();
  t_has_message = false;
  return t_returned.c_str();
}

void SetProcessWideErrors(bool process_wide) {
  g_process_wide.store(process_wide);
}

}  // namespace asim::api
