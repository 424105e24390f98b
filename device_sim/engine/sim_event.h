// SimEvent: a point in a stream that other streams and the host can wait for.
//
// Owns: the event's functional state (how many records completed, reset) and its timing
// state (the simulated time of each record). Records are numbered (generations): a wait
// binds, when it is enqueued, to the latest record already enqueued, or to the next one
// when the event has not been recorded since its last reset (Ascend notify semantics).
// Thread safety: functional state under the event's own mutex; timing state is only
// touched by the Scheduler under its timing lock.
// Failure: waits return false on timeout or when aborted.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>

#include "device_sim/engine/sim_time.h"

namespace asim::sim {

class Scheduler;

class SimEvent {
 public:
  explicit SimEvent(uint32_t flags) : flags_(flags) {}
  uint32_t flags() const { return flags_; }

  enum class Status { kNotRecorded, kPending, kComplete };
  Status Query() const;

  // True when every enqueued wait on this event has been satisfied.
  bool WaitsComplete() const;

  // Blocks until the latest record enqueued before this call has completed.
  // timeout_ms < 0: forever. Returns false on timeout.
  bool HostWait(int64_t timeout_ms) const;

  // Simulated time of the latest completed record; false when none completed.
  bool Timestamp(SimPs* ps) const;

 private:
  friend class Scheduler;
  friend class HwStream;

  // Functional side.
  void CompleteRecord(uint64_t generation, SimPs timestamp);
  void CompleteReset(uint64_t generation);
  bool WaitForGeneration(uint64_t generation, const bool* abort_flag, std::mutex* abort_mutex);
  void WakeAll();
  void CompleteWait();

  const uint32_t flags_;
  mutable std::mutex mutex_;
  mutable std::condition_variable cv_;
  uint64_t enqueued_records_ = 0;     // guarded by mutex_ (written at enqueue)
  uint64_t completed_records_ = 0;    // guarded by mutex_
  bool recorded_state_ = false;       // true after a record completes, false after a reset completes
  bool reset_since_record_enqueued_ = false;  // guarded by mutex_
  SimPs completed_timestamp_ = 0;     // sim time of completed_records_
  uint64_t waits_enqueued_ = 0;
  uint64_t waits_completed_ = 0;

  // Timing side (Scheduler timing lock): simulated time of each timed record generation.
  std::map<uint64_t, SimPs> record_time_;
};

}  // namespace asim::sim
