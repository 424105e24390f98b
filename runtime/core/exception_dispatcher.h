// ExceptionDispatcher: delivers the exception callback (aclrtSetExceptionInfoCallback) of a
// failed task on a thread of its own, as the real runtime does, not on the thread that ran
// the task (a stream's worker, or the caller of a synchronous aclmdlExecute, which runs its
// tasks inline). A callback may then call the runtime (synchronize the device, execute the
// model again) without waiting for the very task whose failure it reports, which hung.
//
// Ordering: a synchronization calls Flush after its own wait, so the callbacks of the
// failures before it have run when it returns (an application sees its callback's effects
// once aclrtSynchronizeStream returned the error). Flush on the dispatcher's own thread (a
// callback that synchronizes) returns at once.
// Owner: rt::Runtime (one per process). Thread safety: Post and Flush are thread-safe; the
// thread starts with the first Post and is joined by the destructor. Failure: none (a
// callback runs with the info registered live for the getters, LiveExceptionInfos).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include "runtime/core/exception_info.h"

namespace asim::rt {

class ExceptionDispatcher {
 public:
  explicit ExceptionDispatcher(LiveExceptionInfos* live) : live_(live) {}
  ~ExceptionDispatcher();
  ExceptionDispatcher(const ExceptionDispatcher&) = delete;
  ExceptionDispatcher& operator=(const ExceptionDispatcher&) = delete;

  // Queues `callback(&info)` for the dispatcher thread.
  void Post(ExceptionCallback callback, const rtExceptionInfo& info);
  // Waits until every callback posted before this call has returned (not on the dispatcher
  // thread itself).
  void Flush();

 private:
  void Loop();

  LiveExceptionInfos* const live_;
  std::mutex mutex_;
  std::condition_variable work_cv_;
  std::condition_variable done_cv_;
  std::deque<std::pair<ExceptionCallback, rtExceptionInfo>> queue_;
  uint64_t posted_ = 0;
  uint64_t delivered_ = 0;
  bool stopping_ = false;
  std::thread thread_;
  std::thread::id thread_id_;
};

}  // namespace asim::rt
