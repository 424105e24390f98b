// HwStream: one in-order hardware queue of the simulated chip (the device side of an
// aclrtStream).
//
// Owns: its FIFO of tasks and the worker thread that executes them in order; the sticky
// error of the first failed task; its timing cursor (tail) and the tasks whose simulated
// timing is still waiting for an event record (see Scheduler).
// Tasks normally run on the worker; in the Scheduler's inline mode, or while the stream's
// owner prefers it (SetRunsInline: a synchronous model execution, whose caller would only
// wait for the worker), a task may run on the submitting thread instead
// (TryClaimInline/RunInline), never overlapping the worker.
// Thread safety: Push/WaitIdle/Idle/Abort are thread-safe. Timing members are touched only
// by the Scheduler under its timing lock; the Scheduler pushes under that lock too, so a
// stream's execution order is its timing order even with several submitting threads.
// Failure: a failed task's Status is kept (the first one) and returned by the next
// WaitIdle, which clears it (ACL_CONTINUE_ON_FAILURE); with stop-on-failure the tasks
// queued after a failure are skipped (not run, not reported to observers) until that
// WaitIdle. A skipped or discarded event record is abandoned (SimEvent::AbandonRecord:
// waits bound to it proceed, the event does not become recorded); a skipped or discarded
// wait no longer counts as outstanding (SimEvent::WaitsComplete). Tasks pushed after the
// stream has been stopped are discarded.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "device_sim/engine/sim_event.h"
#include "device_sim/engine/task.h"

namespace asim::sim {

class Scheduler;

// A task as the simulator holds it: the description plus identity and timing.
struct Task {
  TaskDesc desc;
  uint64_t id = 0;
  // Timing (Scheduler timing lock).
  bool timed = false;
  bool started = false;     // a clocked task (TaskDesc::clocked_run) placed at its start, end pending
  SimPs host_ready_ps = 0;  // host clock + launch latency when it was enqueued
  SimPs ready_ps = 0;       // when its stream and dependencies allowed it to start
  SimPs start_ps = 0;
  SimPs end_ps = 0;
  // Event tasks.
  std::shared_ptr<SimEvent> event;
  uint64_t event_generation = 0;
  // Set at submission by a TaskFaultHook: the task ends with this instead of running.
  Status injected;
};

class HwStream {
 public:
  HwStream(Scheduler* owner, uint32_t id, uint32_t priority);
  ~HwStream();
  HwStream(const HwStream&) = delete;
  HwStream& operator=(const HwStream&) = delete;

  uint32_t id() const { return id_; }
  uint32_t priority() const { return priority_; }

  // Waits until every task pushed so far has run. timeout_ms < 0: forever, 0: poll.
  // Returns the sticky error (and clears it), or kRtStreamSyncTimeout.
  Status WaitIdle(int64_t timeout_ms);
  // The same, but a stream whose errors are private (SetErrorsPrivate) keeps its error for its
  // owner's own synchronization: only a timeout is returned then.
  Status WaitIdleForDevice(int64_t timeout_ms);
  // A stream the runtime uses for one caller's synchronous work (aclmdlExecute's): its errors
  // are that caller's result, not taken by a device-wide synchronization from another thread.
  void SetErrorsPrivate(bool is_private) { errors_private_.store(is_private); }
  // Blocks until `target` tasks of the stream have finished (run, failed or discarded); unlike
  // WaitIdle it leaves the stream's error for the next WaitIdle.
  void WaitFinished(uint64_t target);
  bool Idle() const;
  // What the stream waits for, read at one moment (for Scheduler::DeadlockedStreams).
  struct WaitSnapshot {
    bool busy = false;                                                 // a task is queued or running
    std::shared_ptr<SimEvent> blocked_on;                              // the event the worker is blocked waiting for
    uint64_t blocked_generation = 0;                                   // ... and the record that wait is bound to
    std::vector<std::pair<const SimEvent*, uint64_t>> queued_records;  // records not yet run
  };
  WaitSnapshot SnapshotWaits() const;
  void SetStopOnFailure(bool stop) { stop_on_failure_.store(stop); }
  bool stop_on_failure() const { return stop_on_failure_.load(); }
  // Tasks submitted from now on run on the submitting thread when they can, as in the
  // Scheduler's inline mode, for this stream only.
  void SetRunsInline(bool runs_inline) { runs_inline_.store(runs_inline); }
  bool runs_inline() const { return runs_inline_.load(); }
  uint64_t submitted() const;

 private:
  friend class Scheduler;

  void Push(std::shared_ptr<Task> task);
  // Inline execution (Scheduler, under its timing lock): claims the stream for running `task`
  // on the calling thread when nothing is queued or running and the task cannot block;
  // false means push it instead. A claimed task must then be given to RunInline.
  bool TryClaimInline(const Task& task);
  void RunInline(std::shared_ptr<Task> task);
  // Runs (or skips) one task, records its result and counts it finished.
  void Execute(std::shared_ptr<Task> task, bool skip);
  // Discards queued tasks that have not started and wakes a blocked event wait at once.
  void Abort();
  // Accounts for a task that will not run (discarded or skipped).
  static void Discard(const Task& task);
  // Lets the worker finish the queue, then joins it.
  void StopAndJoin();
  void WorkerLoop();

  Scheduler* const owner_;
  const uint32_t id_;
  const uint32_t priority_;
  std::atomic<bool> stop_on_failure_{false};
  std::atomic<bool> runs_inline_{false};
  std::atomic<bool> errors_private_{false};

  mutable std::mutex mutex_;
  std::condition_variable work_cv_;
  std::condition_variable idle_cv_;
  std::deque<std::shared_ptr<Task>> queue_;
  uint64_t submitted_ = 0;
  uint64_t finished_ = 0;
  // The lowest finished_ count a WaitIdle caller sleeps for (UINT64_MAX: none); a finishing
  // task notifies idle_cv_ only on reaching it.
  uint64_t wake_target_ = UINT64_MAX;
  bool running_task_ = false;
  bool inline_running_ = false;  // a task claimed by TryClaimInline has not finished
  bool inline_skip_ = false;     // ... and is to be skipped (stop-on-failure)
  bool stopping_ = false;
  std::atomic<bool> aborted_{false};      // written under mutex_; read by event waits
  std::shared_ptr<SimEvent> waiting_on_;  // the event the worker is blocked on, if any
  uint64_t waiting_generation_ = 0;       // the record generation that wait is bound to
  bool failed_since_sync_ = false;
  Status sticky_;
  std::thread worker_;

  // Timing state (Scheduler timing lock).
  SimPs tail_ps_ = 0;
  std::deque<std::shared_ptr<Task>> untimed_;
};

}  // namespace asim::sim
