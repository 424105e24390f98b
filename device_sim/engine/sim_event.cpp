#include "device_sim/engine/sim_event.h"

#include <chrono>

namespace asim::sim {

SimEvent::Status SimEvent::Query() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (enqueued_records_ == 0) return Status::kNotRecorded;
  if (!ResolvedLocked(enqueued_records_)) return Status::kPending;
  return recorded_state_ ? Status::kComplete : Status::kNotRecorded;
}

bool SimEvent::WaitsComplete() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waits_completed_ >= waits_enqueued_;
}

bool SimEvent::HostWait(int64_t timeout_ms) const {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = enqueued_records_;
  auto done = [&] { return target == 0 || ResolvedLocked(target); };
  if (timeout_ms < 0) {
    cv_.wait(lock, done);
    return true;
  }
  return cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), done);
}

bool SimEvent::Timestamp(SimPs* ps) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (completed_records_ == 0) return false;
  *ps = completed_timestamp_;
  return true;
}

bool SimEvent::ResolvedLocked(uint64_t generation) const {
  return generation <= resolved_prefix_ || resolved_above_.count(generation) != 0;
}

void SimEvent::ResolveLocked(uint64_t generation) {
  if (generation <= resolved_prefix_) return;
  // In order (the common case: one stream records the event) nothing is stored, so a record
  // completes on the stream worker without allocating; only a generation resolved ahead of an
  // earlier one waits in the set.
  if (generation == resolved_prefix_ + 1) {
    ++resolved_prefix_;
  } else {
    resolved_above_.insert(generation);
  }
  while (!resolved_above_.empty() && *resolved_above_.begin() == resolved_prefix_ + 1) {
    ++resolved_prefix_;
    resolved_above_.erase(resolved_above_.begin());
  }
}

void SimEvent::CompleteRecord(uint64_t generation, SimPs timestamp) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ResolveLocked(generation);
    if (generation > completed_records_) {
      completed_records_ = generation;
      completed_timestamp_ = timestamp;
      recorded_state_ = true;
    }
  }
  cv_.notify_all();
}

void SimEvent::AbandonRecord(uint64_t generation) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ResolveLocked(generation);
  }
  cv_.notify_all();
}

void SimEvent::CompleteReset(uint64_t generation) {
  std::lock_guard<std::mutex> lock(mutex_);
  // A reset only undoes the records enqueued before it.
  if (completed_records_ <= generation) recorded_state_ = false;
}

void SimEvent::CompleteWait() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++waits_completed_;
}

bool SimEvent::WaitForGeneration(uint64_t generation, const std::atomic<bool>& abort) {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [&] { return ResolvedLocked(generation) || abort.load(); });
  return ResolvedLocked(generation);
}

bool SimEvent::WaitForGenerationFor(uint64_t generation, const std::atomic<bool>& abort, int64_t timeout_ms,
                                    bool* timed_out) {
  *timed_out = false;
  if (timeout_ms <= 0) return WaitForGeneration(generation, abort);
  std::unique_lock<std::mutex> lock(mutex_);
  const bool done = cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                 [&] { return ResolvedLocked(generation) || abort.load(); });
  if (!done) *timed_out = true;
  return ResolvedLocked(generation);
}

void SimEvent::WakeAll() {
  // Taking the mutex orders this wake-up after a waiter's check of its predicate: a waiter
  // either sees the abort flag set before this call or is already blocked in wait().
  { std::lock_guard<std::mutex> lock(mutex_); }
  cv_.notify_all();
}

}  // namespace asim::sim
