// ExceptionDispatcher (exception_dispatcher.h).
#include "runtime/core/exception_dispatcher.h"

namespace asim::rt {

ExceptionDispatcher::~ExceptionDispatcher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ExceptionDispatcher::Post(ExceptionCallback callback, const rtExceptionInfo& info) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thread_.joinable()) {
      thread_ = std::thread([this] { Loop(); });
      thread_id_ = thread_.get_id();
    }
    queue_.emplace_back(callback, info);
    ++posted_;
  }
  work_cv_.notify_one();
}

void ExceptionDispatcher::Flush() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (std::this_thread::get_id() == thread_id_) return;  // a callback synchronizing
  const uint64_t target = posted_;
  done_cv_.wait(lock, [&] { return delivered_ >= target; });
}

void ExceptionDispatcher::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    work_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, every callback delivered
    auto [callback, info] = queue_.front();
    queue_.pop_front();
    lock.unlock();
    {
      const LiveExceptionInfos::Scope live(live_, &info);
      try {
        callback(&info);
      } catch (...) {  // an application's C++ exception must not end the process here
      }
    }
    lock.lock();
    ++delivered_;
    done_cv_.notify_all();
  }
}

}  // namespace asim::rt
