// Scheduler: the simulated chip's task scheduler — streams, events, the simulated clock and
// the observers.
//
// Owns: the device's hardware streams (one worker thread each executes the functional
// payloads in FIFO order and blocks on event waits), the Timeline that gives every task a
// simulated start and end, and the observer list.
//
// Timing is decided at submission, in the order the host submits, so it is deterministic for
// a single-threaded program: a task starts no earlier than the end of the previous task on
// its stream, the host clock plus launch latency when it was submitted, the record it waits
// for, and the moment its engine has room. A wait on an event whose record has not been
// submitted yet leaves its stream's later tasks untimed until that record is submitted.
// The one exception to timing at submission: a clocked collective (TaskDesc::clocked_run) is
// placed at its start when its stream reaches it, and its payload decides its end (the
// latest rank's arrival plus the algorithm's time, on every rank's device alike); the tasks
// behind it on its stream get their times when the payload has returned.
// Host synchronisation (stream, event, device, synchronous copies) moves the host clock to
// the simulated time waited for (for a stream: the end of the last task submitted before
// the call).
//
// Event generations, timing and the push onto a stream's queue happen together under the
// timing lock, so submission order, event binding, simulated order and execution order on
// a stream agree even when several host threads submit.
//
// Modes for fast, reproducible tests (both off by default, switchable at any time):
//  - timing disabled (functional-only): tasks get zero duration and no submit or launch
//    overheads, so simulated times stay 0 and nothing is spent on the timeline's arithmetic
//    beyond ordering;
//  - inline execution: a task runs on the submitting thread, inside Submit/RecordEvent/...,
//    when its stream has nothing queued or running and it cannot block (a wait whose record
//    already completed, any copy, memset, kernel, record or reset; host callbacks always go
//    to the worker because they wait for the report thread). Otherwise it is queued as
//    usual, so the stream's order is kept (the worker does not start a queued task while an
//    inline one runs). A stream may ask for the same on its own (HwStream::SetRunsInline).
// A TaskFaultHook (fault_hook.h) may make chosen tasks fail at submission.
//
// Thread safety: all public functions are thread-safe. Observers are called on the thread
// that executes a task; a task's begin and end go to the same set of observers (the set
// when it began), so an observer removed while a task runs may still get that task's end.
// An event record's completion becomes visible (to waits, Query, HostWait) after its
// OnTaskEnd, so observers see a record end before anything that depends on it begins.
// Failure: submission does not fail (work submitted to a destroyed stream is discarded);
// payload failures become the stream's sticky error.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "device_sim/engine/fault_hook.h"
#include "device_sim/engine/hw_stream.h"
#include "device_sim/engine/observer.h"
#include "device_sim/engine/sim_event.h"
#include "device_sim/engine/timeline.h"

namespace asim::sim {

inline constexpr uint32_t kSyncStreamId = 0xFFFFFFFFu;  // stream id reported for synchronous copies

class Scheduler {
 public:
  Scheduler(uint32_t device_id, const TimingParams& params);
  ~Scheduler();  // aborts and joins every stream
  Scheduler(const Scheduler&) = delete;
  Scheduler& operator=(const Scheduler&) = delete;

  uint32_t device_id() const { return device_id_; }

  // nullptr when `max_streams` (0: no limit) streams already exist on this device: the
  // driver's per-device limit (SocSpec::limits), default and internal streams included.
  std::shared_ptr<HwStream> CreateStream(uint32_t stream_id, uint32_t priority, size_t max_streams = 0);
  size_t StreamCount() const;
  // force=false waits for the queue to drain; force=true discards tasks not yet started
  // (records among them are abandoned, see SimEvent) and returns without waiting for an
  // event. A destroyed stream discards whatever is still submitted to it.
  void DestroyStream(const std::shared_ptr<HwStream>& stream, bool force);
  // The streams of this device blocked in an event wait that nothing queued on the device
  // will satisfy: the record the wait is bound to is queued on no stream (never enqueued;
  // the event may be gone), or only on streams stuck themselves (a record queued behind the
  // wait on the same stream, a cycle of waits). Only the host recording the event could
  // release them. Read while the streams run, so a record that is just completing can make
  // a stream appear here once: callers confirm over a few calls. (The runtime records and
  // waits for an event on its own device's streams only.)
  std::vector<std::shared_ptr<HwStream>> DeadlockedStreams() const;

  // Asynchronous work on a stream.
  void Submit(HwStream& stream, TaskDesc desc);
  void RecordEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event);
  // timeout_ms > 0: the wait fails with err::kRtWaitTimeout after blocking that long.
  void WaitEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event, int64_t timeout_ms = 0);
  void ResetEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event);

  // Synchronous work: runs on the calling thread, timed from the host clock, which then
  // moves to its end. Returns the payload's status.
  Status RunSync(TaskDesc desc);

  // Host-side waits; on success the host clock moves to the simulated time waited for.
  Status SynchronizeStream(HwStream& stream, int64_t timeout_ms);
  Status SynchronizeAll(int64_t timeout_ms);
  // Blocks until `target` tasks of the stream have finished (HwStream::WaitFinished: the
  // stream's error stays for its next synchronization), then moves the host clock to the end
  // of the last of them, as a synchronization does: a call that returns only when its task is
  // done (a copy from pageable host memory) takes that task's simulated time on the host.
  void WaitSubmitted(HwStream& stream, uint64_t target);
  // Returns false on timeout.
  bool SynchronizeEvent(SimEvent& event, int64_t timeout_ms);

  // See the modes above. Setting them while work is queued affects tasks submitted later.
  void SetTimingEnabled(bool enabled) { timing_enabled_.store(enabled); }
  bool timing_enabled() const { return timing_enabled_.load(); }
  void SetInlineExecution(bool enabled) { inline_execution_.store(enabled); }
  bool inline_execution() const { return inline_execution_.load(); }
  // nullptr removes the hook.
  void SetFaultHook(std::shared_ptr<TaskFaultHook> hook);

  void AddObserver(std::shared_ptr<TaskObserver> observer);
  void RemoveObserver(const TaskObserver* observer);
  // Whether an observer registered now may read task tensors (TaskObserver::ReadsTensors).
  bool ObserversReadTensors() const;

  SimPs HostNow() const;
  SimPs Horizon() const;
  SimPs CopyDuration(EngineKind engine, uint64_t bytes) const;
  SimPs MemsetDuration(uint64_t bytes) const;
  const TimingParams& timing_params() const { return timeline_.params(); }

 private:
  friend class HwStream;
  using ObserverList = std::shared_ptr<const std::vector<std::shared_ptr<TaskObserver>>>;

  std::shared_ptr<Task> MakeTask(TaskDesc desc);
  // Binds an event task's generation, times what it can and pushes the task, all under
  // the timing lock.
  void Enqueue(HwStream& stream, std::shared_ptr<Task> task);
  // Timing (caller holds timing_mutex_).
  void DrainUntimedLocked(std::vector<HwStream*> work);
  // Gives a stream's untimed tasks (it is being destroyed) zero-length times at its tail,
  // so that waits on its records are timed and nothing depending on it stays untimed.
  void AbandonUntimedLocked(HwStream& stream);
  bool TimeFrontLocked(HwStream& stream, std::vector<HwStream*>* woken);
  // Clocked tasks (TaskDesc::clocked_run), on the stream's worker: the task's simulated start
  // (placing it now if the drain has not), and its end once the payload returned, which times
  // the tasks behind it. Both are no-ops on a task already timed (abandoned by a destroy).
  SimPs ClockedStart(HwStream& stream, Task& task);
  // Runs `wait` (it blocks until the stream's tasks submitted so far have finished; false:
  // it timed out), then moves the host clock to the end of the last of them.
  template <typename Wait>
  void WaitThenAdvanceHost(HwStream& stream, Wait&& wait);
  void CompleteClocked(HwStream& stream, Task& task, SimPs end_ps);
  static void TrimRecordTimesLocked(SimEvent& event);
  // Observers (called by workers and RunSync).
  TaskRecord MakeRecord(const Task& task, uint32_t stream_id) const;
  ObserverList SnapshotObservers() const;
  static void NotifyBegin(const std::vector<std::shared_ptr<TaskObserver>>& observers, const TaskRecord& record);
  static void NotifyEnd(const std::vector<std::shared_ptr<TaskObserver>>& observers, const TaskRecord& record,
                        const Status& status);

  const uint32_t device_id_;
  std::atomic<uint64_t> next_task_id_{1};
  std::atomic<bool> timing_enabled_{true};
  std::atomic<bool> inline_execution_{false};

  mutable std::mutex timing_mutex_;
  Timeline timeline_;
  std::shared_ptr<TaskFaultHook> fault_hook_;  // guarded by timing_mutex_

  mutable std::mutex streams_mutex_;
  std::vector<std::shared_ptr<HwStream>> streams_;

  // Copy-on-write so that task execution reads observers without a lock held.
  mutable std::mutex observers_mutex_;
  ObserverList observers_;
};

}  // namespace asim::sim
