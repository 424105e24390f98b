#include "device_sim/engine/hw_stream.h"

#include <algorithm>
#include <chrono>

#include "base/log.h"
#include "device_sim/engine/run_payload.h"
#include "device_sim/engine/scheduler.h"

namespace asim::sim {

HwStream::HwStream(Scheduler* owner, uint32_t id, uint32_t priority) : owner_(owner), id_(id), priority_(priority) {
  worker_ = std::thread([this] { WorkerLoop(); });
}

HwStream::~HwStream() {
  StopAndJoin();
}

void HwStream::Push(std::shared_ptr<Task> task) {
  bool wake_idle = true;  // only a task accounted for at once can satisfy a WaitIdle
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++submitted_;
    if (stopping_ || aborted_.load()) {
      // The worker is gone or going: account for the task now so WaitIdle cannot hang.
      ++finished_;
      Discard(*task);
      task.reset();
    } else {
      queue_.push_back(std::move(task));
      wake_idle = false;
    }
  }
  work_cv_.notify_one();
  if (wake_idle) idle_cv_.notify_all();
}

void HwStream::Discard(const Task& task) {
  if (!task.event) return;
  if (task.desc.kind == TaskKind::kEventWait) task.event->CompleteWait();
  if (task.desc.kind == TaskKind::kEventRecord) task.event->AbandonRecord(task.event_generation);
}

uint64_t HwStream::submitted() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return submitted_;
}

bool HwStream::Idle() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return finished_ == submitted_;
}

Status HwStream::WaitIdle(int64_t timeout_ms) {
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = submitted_;
  constexpr int64_t kMaxTimeoutMs = int64_t{1} << 40;  // ~35 years: no overflow in the deadline
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(std::clamp<int64_t>(timeout_ms, 0, kMaxTimeoutMs));
  while (finished_ < target) {
    // Woken once the count reaches the lowest target waited for, not after every task: a
    // waiter woken per task takes a core from the kernels ~70 times per ResNet-50 run.
    wake_target_ = std::min(wake_target_, target);
    if (timeout_ms < 0) {
      idle_cv_.wait(lock);
    } else if (idle_cv_.wait_until(lock, deadline) == std::cv_status::timeout && finished_ < target) {
      return Status(err::kRtStreamSyncTimeout, "stream " + std::to_string(id_) + " did not finish within " +
                                                   std::to_string(timeout_ms) + " ms (" +
                                                   std::to_string(target - finished_) + " task(s) outstanding)");
    }
  }
  Status result = std::move(sticky_);
  sticky_ = Status::Ok();
  failed_since_sync_ = false;
  return result;
}

Status HwStream::WaitIdleForDevice(int64_t timeout_ms) {
  if (!errors_private_.load()) return WaitIdle(timeout_ms);
  std::unique_lock<std::mutex> lock(mutex_);
  const uint64_t target = submitted_;
  if (timeout_ms < 0) {
    while (finished_ < target) {
      wake_target_ = std::min(wake_target_, target);
      idle_cv_.wait(lock);
    }
    return Status::Ok();
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (finished_ < target) {
    wake_target_ = std::min(wake_target_, target);
    if (idle_cv_.wait_until(lock, deadline) == std::cv_status::timeout && finished_ < target) {
      return Status(err::kRtStreamSyncTimeout,
                    "stream " + std::to_string(id_) + " did not finish within " + std::to_string(timeout_ms) + " ms");
    }
  }
  return Status::Ok();
}

void HwStream::WaitFinished(uint64_t target) {
  std::unique_lock<std::mutex> lock(mutex_);
  while (finished_ < target) {
    wake_target_ = std::min(wake_target_, target);
    idle_cv_.wait(lock);
  }
}

HwStream::WaitSnapshot HwStream::SnapshotWaits() const {
  WaitSnapshot snapshot;
  std::lock_guard<std::mutex> lock(mutex_);
  snapshot.busy = !queue_.empty() || running_task_ || inline_running_;
  snapshot.blocked_on = waiting_on_;
  snapshot.blocked_generation = waiting_generation_;
  for (const auto& task : queue_) {
    if (task->desc.kind == TaskKind::kEventRecord) {
      snapshot.queued_records.emplace_back(task->event.get(), task->event_generation);
    }
  }
  return snapshot;
}

void HwStream::Abort() {
  std::deque<std::shared_ptr<Task>> discarded;
  std::shared_ptr<SimEvent> waiting;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    aborted_.store(true);
    discarded.swap(queue_);
    waiting = waiting_on_;
  }
  // Wake the worker if it is blocked on an event (it re-checks aborted_ under the event's
  // mutex; see SimEvent::WakeAll).
  if (waiting) waiting->WakeAll();
  for (const auto& task : discarded) Discard(*task);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    finished_ += discarded.size();
  }
  work_cv_.notify_all();
  idle_cv_.notify_all();
}

void HwStream::StopAndJoin() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_cv_.notify_all();
  if (worker_.joinable()) worker_.join();
}

bool HwStream::TryClaimInline(const Task& task) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopping_ || aborted_.load() || !queue_.empty() || running_task_) return false;
  if (task.desc.kind == TaskKind::kHostFunc) return false;    // waits for the report thread
  if (task.desc.kind == TaskKind::kCollective) return false;  // waits for the other ranks
  if (task.desc.kind == TaskKind::kEventWait) {
    std::lock_guard<std::mutex> event_lock(task.event->mutex_);
    if (!task.event->ResolvedLocked(task.event_generation)) return false;  // would block
  }
  ++submitted_;
  running_task_ = true;
  inline_running_ = true;
  inline_skip_ = failed_since_sync_ && stop_on_failure_.load();
  return true;
}

void HwStream::RunInline(std::shared_ptr<Task> task) {
  bool skip = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    skip = inline_skip_ || aborted_.load();
  }
  Execute(std::move(task), skip);
}

void HwStream::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Task> task;
    bool skip = false;
    const bool is_wait = [&] {
      std::unique_lock<std::mutex> lock(mutex_);
      // An inline task owns the stream until it finishes: queued tasks come after it.
      work_cv_.wait(lock, [&] { return (!queue_.empty() || stopping_) && !inline_running_; });
      if (queue_.empty()) return false;  // stopping and drained
      task = std::move(queue_.front());
      queue_.pop_front();
      running_task_ = true;
      skip = aborted_.load() || (failed_since_sync_ && stop_on_failure_.load());
      const bool wait = !skip && task->desc.kind == TaskKind::kEventWait;
      // Published under mutex_ before the wait starts, so Abort either sees it (and wakes
      // the event) or has already set aborted_, which the wait checks first.
      if (wait) {
        waiting_on_ = task->event;
        waiting_generation_ = task->event_generation;
      }
      return wait;
    }();
    if (!task) return;

    if (is_wait) {
      bool timed_out = false;
      const bool satisfied =
          task->event->WaitForGenerationFor(task->event_generation, aborted_, task->desc.wait_timeout_ms, &timed_out);
      {
        std::lock_guard<std::mutex> lock(mutex_);
        waiting_on_.reset();
      }
      if (timed_out) {
        // The task fails (the stream's error for the next synchronization); what follows
        // it on the stream runs as after any failed task.
        task->injected = Status(err::kRtWaitTimeout, "the event wait waited longer than the op wait timeout (" +
                                                         std::to_string(task->desc.wait_timeout_ms / 1000) +
                                                         " s, aclrtSetOpWaitTimeout) for a record that did not come");
      } else if (!satisfied) {
        skip = true;  // aborted while waiting
      }
    }
    Execute(std::move(task), skip);
  }
}

void HwStream::Execute(std::shared_ptr<Task> task, bool skip) {
  Status status;
  const bool clocked = static_cast<bool>(task->desc.clocked_run);
  if (skip) {
    Discard(*task);
    if (clocked) owner_->CompleteClocked(*this, *task, owner_->ClockedStart(*this, *task));
  } else {
    // One snapshot of the observers for both calls: an observer added or removed while the
    // task runs sees both its begin and its end, or neither.
    Scheduler::ObserverList observers = owner_->SnapshotObservers();
    // A clocked task's begin record has its start; its end is known after the payload.
    const SimPs start = clocked ? owner_->ClockedStart(*this, *task) : 0;
    TaskRecord record = owner_->MakeRecord(*task, id_);
    Scheduler::NotifyBegin(*observers, record);
    if (!task->injected.ok()) {
      status = task->injected;  // fault injection: the payload does not run
    } else if (clocked) {
      SimPs end = start + task->desc.duration_ps;
      status = RunClockedPayload(task->desc, start, &end);
      owner_->CompleteClocked(*this, *task, end);
    } else {
      status = RunPayload(task->desc);
    }
    if (clocked) {
      if (!task->injected.ok()) owner_->CompleteClocked(*this, *task, start + task->desc.duration_ps);
      record = owner_->MakeRecord(*task, id_);  // the end the payload decided
    }
    Scheduler::NotifyEnd(*observers, record, status);
    // Event state changes after OnTaskEnd, so an observer sees a record end before any
    // task that depends on it begins.
    switch (task->desc.kind) {
      case TaskKind::kEventRecord: task->event->CompleteRecord(task->event_generation, record.end_ps); break;
      case TaskKind::kEventReset: task->event->CompleteReset(task->event_generation); break;
      case TaskKind::kEventWait: task->event->CompleteWait(); break;
      default: break;
    }
    if (!status.ok()) {
      ASIM_LOG_ERROR("[SIM] device {} stream {} task {} ({} '{}') failed: {}", owner_->device_id(), id_, task->id,
                     TaskKindName(task->desc.kind), task->desc.name, status.message());
    }
  }
  task.reset();  // release the payload's captures before the stream reports idle

  bool wake_idle = false;
  bool wake_worker = false;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    wake_worker = inline_running_ && !queue_.empty();
    if (!status.ok()) {
      if (sticky_.ok()) sticky_ = status;
      failed_since_sync_ = true;
    }
    running_task_ = false;
    inline_running_ = false;
    ++finished_;
    wake_idle = finished_ >= wake_target_;
    if (wake_idle) wake_target_ = UINT64_MAX;
  }
  if (wake_idle) idle_cv_.notify_all();
  if (wake_worker) work_cv_.notify_all();  // a task queued behind an inline one may start now
}

}  // namespace asim::sim
