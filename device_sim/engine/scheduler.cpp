#include "device_sim/engine/scheduler.h"

#include <algorithm>

#include "base/log.h"
#include "device_sim/engine/run_payload.h"

namespace asim::sim {

Scheduler::Scheduler(uint32_t device_id, const TimingParams& params)
    : device_id_(device_id),
      timeline_(params),
      observers_(std::make_shared<const std::vector<std::shared_ptr<TaskObserver>>>()) {}

Scheduler::~Scheduler() {
  {
    // Give every untimed task a time first, so that no task released by an abort below
    // reaches an observer without simulated times.
    std::lock_guard<std::mutex> timing(timing_mutex_);
    std::vector<std::shared_ptr<HwStream>> streams;
    {
      std::lock_guard<std::mutex> lock(streams_mutex_);
      streams = streams_;
    }
    for (auto& s : streams) AbandonUntimedLocked(*s);
  }
  std::vector<std::shared_ptr<HwStream>> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    streams.swap(streams_);
  }
  for (auto& s : streams) s->Abort();
  for (auto& s : streams) s->StopAndJoin();
}

std::shared_ptr<HwStream> Scheduler::CreateStream(uint32_t stream_id, uint32_t priority, size_t max_streams) {
  std::lock_guard<std::mutex> timing(timing_mutex_);  // the lock order: timing, then streams
  std::lock_guard<std::mutex> lock(streams_mutex_);
  if (max_streams != 0 && streams_.size() >= max_streams) return nullptr;
  auto stream = std::make_shared<HwStream>(this, stream_id, priority);
  stream->tail_ps_ = timeline_.host_now();  // a new stream starts at the host's present
  streams_.push_back(stream);
  return stream;
}

size_t Scheduler::StreamCount() const {
  std::lock_guard<std::mutex> lock(streams_mutex_);
  return streams_.size();
}

void Scheduler::DestroyStream(const std::shared_ptr<HwStream>& stream, bool force) {
  if (!stream) return;
  if (force) {
    {
      // Before the functional abort releases waits on this stream's records, so those
      // waits already have simulated times when their streams run on.
      std::lock_guard<std::mutex> timing(timing_mutex_);
      AbandonUntimedLocked(*stream);
    }
    stream->Abort();
  } else {
    (void)stream->WaitIdle(-1);
  }
  stream->StopAndJoin();
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    AbandonUntimedLocked(*stream);  // normally nothing left after a drain
  }
  std::lock_guard<std::mutex> lock(streams_mutex_);
  streams_.erase(std::remove(streams_.begin(), streams_.end(), stream), streams_.end());
}

std::vector<std::shared_ptr<HwStream>> Scheduler::DeadlockedStreams() const {
  std::vector<std::shared_ptr<HwStream>> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    streams = streams_;
  }
  std::vector<HwStream::WaitSnapshot> snapshots;
  snapshots.reserve(streams.size());
  for (const auto& s : streams) snapshots.push_back(s->SnapshotWaits());
  // A stream makes progress when it runs (busy, not blocked), when its wait is already
  // resolved, or when the record its wait is bound to is queued on a stream that makes
  // progress; repeated until nothing changes. The blocked streams left are deadlocked.
  std::vector<bool> progresses(streams.size(), false);
  for (size_t i = 0; i < streams.size(); ++i) {
    const auto& w = snapshots[i];
    if (!w.blocked_on) {
      progresses[i] = w.busy;
    } else {
      std::lock_guard<std::mutex> lock(w.blocked_on->mutex_);
      progresses[i] = w.blocked_on->ResolvedLocked(w.blocked_generation);
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < streams.size(); ++i) {
      const auto& w = snapshots[i];
      if (progresses[i] || !w.blocked_on) continue;
      const std::pair<const SimEvent*, uint64_t> wanted(w.blocked_on.get(), w.blocked_generation);
      for (size_t j = 0; j < streams.size() && !progresses[i]; ++j) {
        if (j == i || !progresses[j]) continue;
        const auto& records = snapshots[j].queued_records;
        if (std::find(records.begin(), records.end(), wanted) != records.end()) {
          progresses[i] = true;
          changed = true;
        }
      }
    }
  }
  std::vector<std::shared_ptr<HwStream>> deadlocked;
  for (size_t i = 0; i < streams.size(); ++i) {
    if (snapshots[i].blocked_on && !progresses[i]) deadlocked.push_back(streams[i]);
  }
  return deadlocked;
}

void Scheduler::AbandonUntimedLocked(HwStream& stream) {
  if (stream.untimed_.empty()) return;
  for (const auto& task : stream.untimed_) {
    task->ready_ps = task->start_ps = task->end_ps = stream.tail_ps_;
    task->timed = true;
    if (task->desc.kind == TaskKind::kEventWait) {
      auto it = task->event->untimed_waits_.find(task->event_generation);
      if (it != task->event->untimed_waits_.end() && --it->second == 0) task->event->untimed_waits_.erase(it);
    } else if (task->desc.kind == TaskKind::kEventRecord) {
      task->event->record_time_[task->event_generation] = stream.tail_ps_;
      TrimRecordTimesLocked(*task->event);
    }
  }
  stream.untimed_.clear();
  std::vector<HwStream*> work;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    for (auto& s : streams_) {
      if (!s->untimed_.empty()) work.push_back(s.get());
    }
  }
  DrainUntimedLocked(std::move(work));
}

std::shared_ptr<Task> Scheduler::MakeTask(TaskDesc desc) {
  auto task = std::make_shared<Task>();
  task->desc = std::move(desc);
  task->id = next_task_id_.fetch_add(1, std::memory_order_relaxed);
  return task;
}

void Scheduler::Enqueue(HwStream& stream, std::shared_ptr<Task> task) {
  std::unique_lock<std::mutex> timing(timing_mutex_);
  if (task->event) {
    SimEvent& ev = *task->event;
    {
      std::lock_guard<std::mutex> lock(ev.mutex_);
      switch (task->desc.kind) {
        case TaskKind::kEventRecord:
          task->event_generation = ++ev.enqueued_records_;
          ev.reset_since_record_enqueued_ = false;
          break;
        case TaskKind::kEventWait: {
          // Bind to the latest record, or to the next one if none is outstanding since a reset.
          const bool has_record = ev.enqueued_records_ > 0 && !ev.reset_since_record_enqueued_;
          task->event_generation = has_record ? ev.enqueued_records_ : ev.enqueued_records_ + 1;
          ++ev.waits_enqueued_;
          break;
        }
        case TaskKind::kEventReset:
          task->event_generation = ev.enqueued_records_;
          ev.reset_since_record_enqueued_ = true;
          break;
        default: break;
      }
    }
    if (task->desc.kind == TaskKind::kEventWait) ++ev.untimed_waits_[task->event_generation];
  }
  const TimingParams& p = timeline_.params();
  if (timing_enabled_.load()) {
    timeline_.AdvanceHostBy(UsToPs(p.submit_overhead_us));
    task->host_ready_ps = timeline_.host_now() + UsToPs(p.task_launch_us);
  } else {
    task->desc.duration_ps = 0;  // functional-only: no overheads, no durations
    task->host_ready_ps = timeline_.host_now();
  }
  if (fault_hook_) task->injected = fault_hook_->OnSubmit(stream, task->desc);
  stream.untimed_.push_back(task);
  DrainUntimedLocked({&stream});
  bool run_inline = false;
  if ((inline_execution_.load() || stream.runs_inline()) && task->timed) run_inline = stream.TryClaimInline(*task);
  if (!run_inline) {
    stream.Push(std::move(task));
    return;
  }
  timing.unlock();  // the payload runs without the timing lock (observers take it)
  stream.RunInline(std::move(task));
}

void Scheduler::SetFaultHook(std::shared_ptr<TaskFaultHook> hook) {
  std::lock_guard<std::mutex> timing(timing_mutex_);
  fault_hook_ = std::move(hook);
}

void Scheduler::Submit(HwStream& stream, TaskDesc desc) {
  Enqueue(stream, MakeTask(std::move(desc)));
}

void Scheduler::RecordEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventRecord;
  desc.engine = EngineKind::kSync;
  desc.name = "EventRecord";
  auto task = MakeTask(std::move(desc));
  task->event = event;
  Enqueue(stream, std::move(task));
}

void Scheduler::WaitEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event, int64_t timeout_ms) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventWait;
  desc.engine = EngineKind::kSync;
  desc.name = "EventWait";
  desc.wait_timeout_ms = timeout_ms;
  auto task = MakeTask(std::move(desc));
  task->event = event;
  Enqueue(stream, std::move(task));
}

void Scheduler::ResetEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventReset;
  desc.engine = EngineKind::kSync;
  desc.name = "EventReset";
  auto task = MakeTask(std::move(desc));
  task->event = event;
  Enqueue(stream, std::move(task));
}

// Times the task at the front of `stream`'s untimed list if its dependencies allow.
// Returns false when the front is a wait on a record that has not been timed yet.
bool Scheduler::TimeFrontLocked(HwStream& stream, std::vector<HwStream*>* woken) {
  Task& task = *stream.untimed_.front();
  SimPs ready = std::max(stream.tail_ps_, task.host_ready_ps);
  if (task.desc.kind == TaskKind::kEventWait) {
    SimEvent& ev = *task.event;
    auto it = ev.record_time_.find(task.event_generation);
    if (it == ev.record_time_.end()) return false;
    ready = std::max(ready, it->second);
    auto pending = ev.untimed_waits_.find(task.event_generation);
    if (pending != ev.untimed_waits_.end() && --pending->second == 0) ev.untimed_waits_.erase(pending);
  }
  task.ready_ps = ready;
  if (task.desc.kind == TaskKind::kKernel || task.desc.kind == TaskKind::kMemcpy ||
      task.desc.kind == TaskKind::kMemset || task.desc.kind == TaskKind::kHostFunc ||
      task.desc.kind == TaskKind::kDvpp || task.desc.kind == TaskKind::kCollective) {
    if (task.desc.clocked_run) {
      // Placed at its start; it stays at the front (its end, and so its successors' times,
      // come from its payload: CompleteClocked).
      if (!task.started) {
        Timeline::Slot slot = timeline_.Place(task.desc.engine, task.desc.block_dim, ready, task.desc.duration_ps);
        task.start_ps = slot.start;
        task.end_ps = slot.end;
        task.started = true;
      }
      return false;
    }
    Timeline::Slot slot = timeline_.Place(task.desc.engine, task.desc.block_dim, ready, task.desc.duration_ps);
    task.start_ps = slot.start;
    task.end_ps = slot.end;
  } else {
    task.start_ps = ready;
    task.end_ps = ready;
  }
  task.timed = true;
  stream.tail_ps_ = task.end_ps;
  if (task.desc.kind == TaskKind::kEventRecord) {
    task.event->record_time_[task.event_generation] = task.end_ps;
    TrimRecordTimesLocked(*task.event);
    std::lock_guard<std::mutex> lock(streams_mutex_);
    for (auto& s : streams_) {
      if (!s->untimed_.empty() && s.get() != &stream) woken->push_back(s.get());
    }
  }
  stream.untimed_.pop_front();
  return true;
}

SimPs Scheduler::ClockedStart(HwStream& stream, Task& task) {
  std::lock_guard<std::mutex> timing(timing_mutex_);
  if (!task.timed && !task.started && !stream.untimed_.empty() && stream.untimed_.front().get() == &task) {
    std::vector<HwStream*> woken;
    (void)TimeFrontLocked(stream, &woken);
  }
  if (!task.timed && !task.started) {
    // Not at the front (cannot happen while the worker runs tasks in order): its stream's tail.
    task.start_ps = std::max(stream.tail_ps_, task.host_ready_ps);
    task.end_ps = task.start_ps + task.desc.duration_ps;
    task.started = true;
  }
  return task.start_ps;
}

void Scheduler::CompleteClocked(HwStream& stream, Task& task, SimPs end_ps) {
  std::lock_guard<std::mutex> timing(timing_mutex_);
  if (task.timed) return;
  task.end_ps = std::max(end_ps, task.start_ps);
  task.timed = true;
  timeline_.NoteEnd(task.end_ps);
  auto it = std::find_if(stream.untimed_.begin(), stream.untimed_.end(),
                         [&](const std::shared_ptr<Task>& t) { return t.get() == &task; });
  if (it == stream.untimed_.end()) return;
  const bool front = it == stream.untimed_.begin();
  stream.untimed_.erase(it);
  if (!front) return;
  stream.tail_ps_ = std::max(stream.tail_ps_, task.end_ps);
  DrainUntimedLocked({&stream});
}

// A new wait binds to the latest enqueued record, so the time of an older record is only
// needed by waits already bound to it and not yet timed. Keeps those and the newest ones.
void Scheduler::TrimRecordTimesLocked(SimEvent& event) {
  constexpr size_t kKeep = 64;
  auto& times = event.record_time_;
  auto it = times.begin();
  while (times.size() > kKeep && it != times.end()) {
    if (event.untimed_waits_.count(it->first) != 0) {
      ++it;
    } else {
      it = times.erase(it);
    }
  }
}

void Scheduler::DrainUntimedLocked(std::vector<HwStream*> work) {
  while (!work.empty()) {
    HwStream* s = work.back();
    work.pop_back();
    while (!s->untimed_.empty()) {
      if (!TimeFrontLocked(*s, &work)) break;
    }
  }
}

Status Scheduler::RunSync(TaskDesc desc) {
  auto task = MakeTask(std::move(desc));
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    SimPs ready = timeline_.host_now();
    if (!timing_enabled_.load()) task->desc.duration_ps = 0;
    task->host_ready_ps = ready;
    task->ready_ps = ready;
    Timeline::Slot slot = timeline_.Place(task->desc.engine, task->desc.block_dim, ready, task->desc.duration_ps);
    task->start_ps = slot.start;
    task->end_ps = slot.end;
    task->timed = true;
  }
  ObserverList observers = SnapshotObservers();
  TaskRecord record = MakeRecord(*task, kSyncStreamId);
  NotifyBegin(*observers, record);
  Status status = RunPayload(task->desc);
  NotifyEnd(*observers, record, status);
  std::lock_guard<std::mutex> timing(timing_mutex_);
  timeline_.AdvanceHostTo(task->end_ps);
  return status;
}

template <typename Wait>
void Scheduler::WaitThenAdvanceHost(HwStream& stream, Wait&& wait) {
  // What the host waits for: the tasks submitted before this call. If they are all timed,
  // that is the stream's tail now; otherwise the last of them gets its time before it runs.
  SimPs target = 0;
  std::shared_ptr<Task> last_untimed;
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    if (stream.untimed_.empty()) {
      target = stream.tail_ps_;
    } else {
      last_untimed = stream.untimed_.back();
    }
  }
  if (!wait()) return;
  std::lock_guard<std::mutex> timing(timing_mutex_);
  if (last_untimed) {
    // Still untimed only in corner cases (a skipped wait whose record is never timed).
    target = last_untimed->timed ? last_untimed->end_ps : stream.tail_ps_;
  }
  timeline_.AdvanceHostTo(target);
}

Status Scheduler::SynchronizeStream(HwStream& stream, int64_t timeout_ms) {
  Status status;
  WaitThenAdvanceHost(stream, [&] {
    status = stream.WaitIdle(timeout_ms);
    return status.code() != err::kRtStreamSyncTimeout;  // a timeout leaves the host clock
  });
  return status;
}

void Scheduler::WaitSubmitted(HwStream& stream, uint64_t target) {
  // The last of the `target` tasks is the stream's last one: the caller just submitted it.
  WaitThenAdvanceHost(stream, [&] {
    stream.WaitFinished(target);
    return true;
  });
}

Status Scheduler::SynchronizeAll(int64_t timeout_ms) {
  std::vector<std::shared_ptr<HwStream>> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    streams = streams_;
  }
  Status first;
  for (auto& s : streams) {
    Status st;
    WaitThenAdvanceHost(*s, [&] {
      st = s->WaitIdleForDevice(timeout_ms);  // a private stream's error stays its owner's
      return st.code() != err::kRtStreamSyncTimeout;
    });
    if (!st.ok() && first.ok()) first = st;
  }
  return first;
}

bool Scheduler::SynchronizeEvent(SimEvent& event, int64_t timeout_ms) {
  if (!event.HostWait(timeout_ms)) return false;
  SimPs ts = 0;
  if (event.Timestamp(&ts)) {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    timeline_.AdvanceHostTo(ts);
  }
  return true;
}

void Scheduler::AddObserver(std::shared_ptr<TaskObserver> observer) {
  std::lock_guard<std::mutex> lock(observers_mutex_);
  auto next = std::make_shared<std::vector<std::shared_ptr<TaskObserver>>>(*observers_);
  next->push_back(std::move(observer));
  observers_ = std::move(next);
}

void Scheduler::RemoveObserver(const TaskObserver* observer) {
  std::lock_guard<std::mutex> lock(observers_mutex_);
  auto next = std::make_shared<std::vector<std::shared_ptr<TaskObserver>>>(*observers_);
  next->erase(std::remove_if(next->begin(), next->end(), [&](const auto& o) { return o.get() == observer; }),
              next->end());
  observers_ = std::move(next);
}

bool Scheduler::ObserversReadTensors() const {
  const ObserverList observers = SnapshotObservers();
  return std::any_of(observers->begin(), observers->end(), [](const auto& o) { return o->ReadsTensors(); });
}

TaskRecord Scheduler::MakeRecord(const Task& task, uint32_t stream_id) const {
  TaskRecord r;
  r.device_id = device_id_;
  r.stream_id = stream_id;
  r.task_id = task.id;
  r.kind = task.desc.kind;
  r.engine = task.desc.engine;
  r.name = task.desc.name;
  r.op_type = task.desc.op_type;
  r.block_dim = task.desc.block_dim;
  r.bytes = task.desc.bytes;
  r.info = task.desc.info.get();
  std::lock_guard<std::mutex> timing(timing_mutex_);
  r.start_ps = task.start_ps;
  r.end_ps = task.end_ps;
  r.wait_ps = task.start_ps > task.ready_ps ? task.start_ps - task.ready_ps : 0;
  return r;
}

Scheduler::ObserverList Scheduler::SnapshotObservers() const {
  std::lock_guard<std::mutex> lock(observers_mutex_);
  return observers_;
}

void Scheduler::NotifyBegin(const std::vector<std::shared_ptr<TaskObserver>>& observers, const TaskRecord& record) {
  for (const auto& o : observers) o->OnTaskBegin(record);
}

void Scheduler::NotifyEnd(const std::vector<std::shared_ptr<TaskObserver>>& observers, const TaskRecord& record,
                          const Status& status) {
  for (const auto& o : observers) o->OnTaskEnd(record, status);
}

SimPs Scheduler::HostNow() const {
  std::lock_guard<std::mutex> timing(timing_mutex_);
  return timeline_.host_now();
}

SimPs Scheduler::Horizon() const {
  std::lock_guard<std::mutex> timing(timing_mutex_);
  return timeline_.horizon();
}

SimPs Scheduler::CopyDuration(EngineKind engine, uint64_t bytes) const {
  return timeline_.CopyDuration(engine, bytes);  // params are immutable
}

SimPs Scheduler::MemsetDuration(uint64_t bytes) const {
  return timeline_.MemsetDuration(bytes);
}

}  // namespace asim::sim
