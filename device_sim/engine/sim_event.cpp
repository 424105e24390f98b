#include "device_sim/engine/sim_event.h"

namespace asim::sim {

SimEvent::Status SimEvent::Query() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (enqueued_records_ == 0) return Status::kNotRecorded;
  if (completed_records_ < enqueued_records_) return Status::kPending;
  return recorded_state_ ? Status::kComplete : Status::kNotRecorded;
}

bool SimEvent::WaitsComplete() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waits_completed_ >= waits_enqueued_;
}

bool SimEvent::HostWait(int64_t timeout_ms) const {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = enqueued_records_;
  auto done = [&] { return completed_records_ >= target; };
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

void SimEvent::CompleteRecord(uint64_t generation, SimPs timestamp) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (generation > completed_records_) {
      completed_records_ = generation;
      completed_timestamp_ = timestamp;
      recorded_state_ = true;
    }
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

bool SimEvent::WaitForGeneration(uint64_t generation, const bool* abort_flag, std::mutex* abort_mutex) {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (completed_records_ >= generation) return true;
    {
      std::lock_guard<std::mutex> abort_lock(*abort_mutex);
      if (*abort_flag) return false;
    }
    cv_.wait_for(lock, std::chrono::milliseconds(50));
  }
}

void SimEvent::WakeAll() { cv_.notify_all(); }

}  // namespace asim::sim
