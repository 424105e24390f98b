// SimEvent: a point in a stream that other streams and the host can wait for.
//
// Owns: the event's functional state (how many records completed, reset) and its timing
// state (the simulated time of each record). Records are numbered (generations): a wait
// binds, when it is enqueued, to the latest record already enqueued, or to the next one
// when the event has not been recorded since its last reset (Ascend notify semantics).
// A generation is resolved when its record task completes, or when the record is abandoned
// (discarded by a forced stream destruction, or skipped after a failure with
// stop-on-failure). A stream's wait is satisfied when the very generation it is bound to is
// resolved (not when a later record of the same event completes first on another stream),
// so a wait never lets its stream run ahead of the simulated timing, and an abandoned
// record cannot leave other streams or the host blocked forever. Only completed records
// change what Query and Timestamp report.
// Thread safety: functional state under the event's own mutex; timing state is only
// touched by the Scheduler under its timing lock. Generations are assigned under the
// timing lock, in submission order.
// Failure: waits return false on timeout or when aborted.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>

#include "device_sim/engine/sim_time.h"

namespace asim::sim {

class Scheduler;

class SimEvent {
 public:
  explicit SimEvent(uint32_t flags) : flags_(flags) {}
  uint32_t flags() const { return flags_; }

  // kPending while the latest enqueued record is unresolved; then kComplete if a record has
  // completed since the last completed reset, else kNotRecorded.
  enum class Status { kNotRecorded, kPending, kComplete };
  Status Query() const;

  // True when every enqueued wait on this event has been satisfied (or discarded).
  bool WaitsComplete() const;

  // Blocks until the latest record enqueued before this call is resolved.
  // timeout_ms < 0: forever. Returns false on timeout.
  bool HostWait(int64_t timeout_ms) const;

  // Simulated time of the latest completed record; false when none completed.
  bool Timestamp(SimPs* ps) const;

 private:
  friend class Scheduler;
  friend class HwStream;

  // Functional side.
  void CompleteRecord(uint64_t generation, SimPs timestamp);
  // A record task that will never run (discarded or skipped): resolves its generation.
  void AbandonRecord(uint64_t generation);
  void CompleteReset(uint64_t generation);
  // Blocks until `generation` is resolved (true) or `abort` is set and WakeAll is called
  // (false). Whoever sets `abort` must call WakeAll afterwards.
  bool WaitForGeneration(uint64_t generation, const std::atomic<bool>& abort);
  // The same with a limit (timeout_ms > 0): also false, with *timed_out set, when the
  // generation is still unresolved after timeout_ms.
  bool WaitForGenerationFor(uint64_t generation, const std::atomic<bool>& abort, int64_t timeout_ms, bool* timed_out);
  void WakeAll();
  // A wait task finished, or was discarded: it is no longer outstanding.
  void CompleteWait();
  bool ResolvedLocked(uint64_t generation) const;
  void ResolveLocked(uint64_t generation);

  const uint32_t flags_;
  mutable std::mutex mutex_;
  mutable std::condition_variable cv_;
  uint64_t enqueued_records_ = 0;             // guarded by mutex_ (written at enqueue)
  uint64_t completed_records_ = 0;            // guarded by mutex_: highest completed generation
  bool recorded_state_ = false;               // true after a record completes, false after a reset completes
  bool reset_since_record_enqueued_ = false;  // guarded by mutex_
  SimPs completed_timestamp_ = 0;             // sim time of completed_records_
  uint64_t waits_enqueued_ = 0;
  uint64_t waits_completed_ = 0;
  // Resolved generations (guarded by mutex_): every one <= resolved_prefix_, plus those in
  // resolved_above_ (records on different streams resolve out of order).
  uint64_t resolved_prefix_ = 0;
  std::set<uint64_t> resolved_above_;

  // Timing side (Scheduler timing lock): simulated time of each timed record generation,
  // and how many untimed waits are bound to each generation (those times are kept until
  // the waits are timed).
  std::map<uint64_t, SimPs> record_time_;
  std::map<uint64_t, uint32_t> untimed_waits_;
};

}  // namespace asim::sim
