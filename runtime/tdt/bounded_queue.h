// BoundedQueue<T>: the FIFO behind a tdt channel — a fixed capacity, blocking waits with
// deadlines, slot reservation, and stop/close that wake every waiter.
//
// A producer first Reserve()s a slot (waiting while reserved + queued == capacity), does
// its slow work without the lock (the copy to the device), then Commit()s the value or
// Cancel()s the slot. Consumers Pop() committed values in commit order. Stop() and Close()
// are sticky: every waiter wakes and later calls fail at once (kStopped / kClosed) while
// values already queued stay until Clear() or destruction.
// Owns: the queued values. Owner: runtime/tdt. Thread safety: every member is thread-safe.
// Failure: results, never exceptions (except std::bad_alloc from the deque).
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <utility>
#include <vector>

#include "runtime/tdt/deadline.h"

namespace asim::tdt {

enum class QueueResult { kOk, kTimeout, kStopped, kClosed };

template <typename T>
class BoundedQueue {
 public:
  explicit BoundedQueue(size_t capacity) : capacity_(capacity) {}
  BoundedQueue(const BoundedQueue&) = delete;
  BoundedQueue& operator=(const BoundedQueue&) = delete;

  // Waits for a free slot and holds it for Commit/Cancel.
  QueueResult Reserve(const Deadline& deadline) {
    std::unique_lock<std::mutex> lock(mutex_);
    const bool ready =
        deadline.Wait(not_full_, lock, [&] { return ended() || reserved_ + values_.size() < capacity_; });
    if (ended()) return end_result();
    if (!ready) return QueueResult::kTimeout;
    ++reserved_;
    return QueueResult::kOk;
  }

  // Fills a reserved slot. After Stop/Close the slot is released and `value` is dropped.
  QueueResult Commit(T value) {
    std::unique_lock<std::mutex> lock(mutex_);
    --reserved_;
    if (ended()) {
      const QueueResult result = end_result();
      lock.unlock();
      not_full_.notify_one();
      return result;  // `value` is destroyed here, outside the lock
    }
    values_.push_back(std::move(value));
    lock.unlock();
    not_empty_.notify_one();
    return QueueResult::kOk;
  }

  void Cancel() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --reserved_;
    }
    not_full_.notify_one();
  }

  QueueResult Pop(const Deadline& deadline, T* out) {
    std::unique_lock<std::mutex> lock(mutex_);
    const bool ready = deadline.Wait(not_empty_, lock, [&] { return ended() || !values_.empty(); });
    if (ended()) return end_result();
    if (!ready) return QueueResult::kTimeout;
    *out = std::move(values_.front());
    values_.pop_front();
    lock.unlock();
    not_full_.notify_one();
    return QueueResult::kOk;
  }

  void Stop() { End(&stopped_); }
  void Close() { End(&closed_); }

  // Removes every queued value and hands them to the caller (to free outside the lock).
  std::vector<T> Clear() {
    std::vector<T> removed;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      removed.reserve(values_.size());
      for (auto& v : values_) removed.push_back(std::move(v));
      values_.clear();
    }
    not_full_.notify_all();
    return removed;
  }

  size_t size() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return values_.size();
  }
  size_t capacity() const { return capacity_; }
  bool stopped() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return stopped_;
  }

 private:
  bool ended() const { return stopped_ || closed_; }
  QueueResult end_result() const { return closed_ ? QueueResult::kClosed : QueueResult::kStopped; }
  void End(bool* flag) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      *flag = true;
    }
    not_full_.notify_all();
    not_empty_.notify_all();
  }

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable not_full_;
  std::condition_variable not_empty_;
  std::deque<T> values_;
  size_t reserved_ = 0;
  bool stopped_ = false;
  bool closed_ = false;
};

}  // namespace asim::tdt
