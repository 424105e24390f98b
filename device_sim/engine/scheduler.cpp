#include "device_sim/engine/scheduler.h"

#include <algorithm>

#include "runtime/base/log.h"

namespace asim::sim {

Scheduler::Scheduler(uint32_t device_id, const TimingParams& params)
    : device_id_(device_id),
      timeline_(params),
      observers_(std::make_shared<const std::vector<std::shared_ptr<TaskObserver>>>()) {}

Scheduler::~Scheduler() {
  std::vector<std::shared_ptr<HwStream>> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    streams.swap(streams_);
  }
  for (auto& s : streams) {
    s->Abort();
    s->StopAndJoin();
  }
}

std::shared_ptr<HwStream> Scheduler::CreateStream(uint32_t stream_id, uint32_t priority) {
  auto stream = std::make_shared<HwStream>(this, stream_id, priority);
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    // A new stream starts at the host's present, not at time zero.
    stream->tail_ps_ = timeline_.host_now();
  }
  std::lock_guard<std::mutex> lock(streams_mutex_);
  streams_.push_back(stream);
  return stream;
}

void Scheduler::DestroyStream(const std::shared_ptr<HwStream>& stream, bool force) {
  if (!stream) return;
  if (force) {
    stream->Abort();
  } else {
    (void)stream->WaitIdle(-1);
  }
  stream->StopAndJoin();
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    stream->untimed_.clear();
  }
  std::lock_guard<std::mutex> lock(streams_mutex_);
  streams_.erase(std::remove(streams_.begin(), streams_.end(), stream), streams_.end());
}

std::shared_ptr<Task> Scheduler::MakeTask(TaskDesc desc) {
  auto task = std::make_shared<Task>();
  task->desc = std::move(desc);
  task->id = next_task_id_.fetch_add(1, std::memory_order_relaxed);
  return task;
}

void Scheduler::Enqueue(HwStream& stream, std::shared_ptr<Task> task) {
  {
    std::lock_guard<std::mutex> timing(timing_mutex_);
    const TimingParams& p = timeline_.params();
    timeline_.AdvanceHostBy(UsToPs(p.submit_overhead_us));
    task->host_ready_ps = timeline_.host_now() + UsToPs(p.task_launch_us);
    stream.untimed_.push_back(task);
    DrainUntimedLocked(&stream);
  }
  stream.Push(std::move(task));
}

void Scheduler::Submit(HwStream& stream, TaskDesc desc) { Enqueue(stream, MakeTask(std::move(desc))); }

void Scheduler::RecordEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventRecord;
  desc.engine = EngineKind::kSync;
  desc.name = "EventRecord";
  auto task = MakeTask(std::move(desc));
  task->event = event;
  {
    std::lock_guard<std::mutex> lock(event->mutex_);
    task->event_generation = ++event->enqueued_records_;
    event->reset_since_record_enqueued_ = false;
  }
  Enqueue(stream, std::move(task));
}

void Scheduler::WaitEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventWait;
  desc.engine = EngineKind::kSync;
  desc.name = "EventWait";
  auto task = MakeTask(std::move(desc));
  task->event = event;
  {
    std::lock_guard<std::mutex> lock(event->mutex_);
    // Bind to the latest record, or to the next one if none is outstanding since a reset.
    const bool has_record = event->enqueued_records_ > 0 && !event->reset_since_record_enqueued_;
    task->event_generation = has_record ? event->enqueued_records_ : event->enqueued_records_ + 1;
    ++event->waits_enqueued_;
  }
  Enqueue(stream, std::move(task));
}

void Scheduler::ResetEvent(HwStream& stream, const std::shared_ptr<SimEvent>& event) {
  TaskDesc desc;
  desc.kind = TaskKind::kEventReset;
  desc.engine = EngineKind::kSync;
  desc.name = "EventReset";
  auto task = MakeTask(std::move(desc));
  task->event = event;
  {
    std::lock_guard<std::mutex> lock(event->mutex_);
    task->event_generation = event->enqueued_records_;
    event->reset_since_record_enqueued_ = true;
  }
  Enqueue(stream, std::move(task));
}

// Times the task at the front of `stream`'s untimed list if its dependencies allow.
// Returns false when the front is a wait on a record that has not been timed yet.
bool Scheduler::TimeFrontLocked(HwStream& stream, std::vector<HwStream*>* woken) {
  Task& task = *stream.untimed_.front();
  SimPs ready = std::max(stream.tail_ps_, task.host_ready_ps);
  if (task.desc.kind == TaskKind::kEventWait) {
    auto it = task.event->record_time_.find(task.event_generation);
    if (it == task.event->record_time_.end()) return false;
    ready = std::max(ready, it->second);
  }
  task.ready_ps = ready;
  if (task.desc.kind == TaskKind::kKernel || task.desc.kind == TaskKind::kMemcpy ||
      task.desc.kind == TaskKind::kMemset || task.desc.kind == TaskKind::kHostFunc) {
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
    auto& times = task.event->record_time_;
    times[task.event_generation] = task.end_ps;
    // Old generations can no longer be the target of a new wait.
    while (times.size() > 64) times.erase(times.begin());
    std::lock_guard<std::mutex> lock(streams_mutex_);
    for (auto& s : streams_) {
      if (!s->untimed_.empty() && s.get() != &stream) woken->push_back(s.get());
    }
  }
  stream.untimed_.pop_front();
  return true;
}

void Scheduler::DrainUntimedLocked(HwStream* first) {
  std::vector<HwStream*> work{first};
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
    task->host_ready_ps = ready;
    task->ready_ps = ready;
    Timeline::Slot slot = timeline_.Place(task->desc.engine, task->desc.block_dim, ready, task->desc.duration_ps);
    task->start_ps = slot.start;
    task->end_ps = slot.end;
    task->timed = true;
  }
  TaskRecord record = MakeRecord(*task, kSyncStreamId);
  NotifyBegin(record);
  Status status = task->desc.run ? task->desc.run() : Status::Ok();
  NotifyEnd(record, status);
  std::lock_guard<std::mutex> timing(timing_mutex_);
  timeline_.AdvanceHostTo(task->end_ps);
  return status;
}

Status Scheduler::SynchronizeStream(HwStream& stream, int64_t timeout_ms) {
  Status status = stream.WaitIdle(timeout_ms);
  if (status.code() == err::kRtStreamSyncTimeout) return status;
  std::lock_guard<std::mutex> timing(timing_mutex_);
  timeline_.AdvanceHostTo(stream.tail_ps_);
  return status;
}

Status Scheduler::SynchronizeAll(int64_t timeout_ms) {
  std::vector<std::shared_ptr<HwStream>> streams;
  {
    std::lock_guard<std::mutex> lock(streams_mutex_);
    streams = streams_;
  }
  Status first;
  for (auto& s : streams) {
    Status st = SynchronizeStream(*s, timeout_ms);
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

void Scheduler::NotifyBegin(const TaskRecord& record) const {
  std::shared_ptr<const std::vector<std::shared_ptr<TaskObserver>>> observers;
  {
    std::lock_guard<std::mutex> lock(observers_mutex_);
    observers = observers_;
  }
  for (const auto& o : *observers) o->OnTaskBegin(record);
}

void Scheduler::NotifyEnd(const TaskRecord& record, const Status& status) const {
  std::shared_ptr<const std::vector<std::shared_ptr<TaskObserver>>> observers;
  {
    std::lock_guard<std::mutex> lock(observers_mutex_);
    observers = observers_;
  }
  for (const auto& o : *observers) o->OnTaskEnd(record, status);
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

SimPs Scheduler::MemsetDuration(uint64_t bytes) const { return timeline_.MemsetDuration(bytes); }

}  // namespace asim::sim
