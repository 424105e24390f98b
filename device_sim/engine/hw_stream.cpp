#include "device_sim/engine/hw_stream.h"

#include <chrono>

#include "device_sim/engine/scheduler.h"
#include "runtime/base/log.h"

namespace asim::sim {

HwStream::HwStream(Scheduler* owner, uint32_t id, uint32_t priority)
    : owner_(owner), id_(id), priority_(priority) {
  worker_ = std::thread([this] { WorkerLoop(); });
}

HwStream::~HwStream() { StopAndJoin(); }

void HwStream::Push(std::shared_ptr<Task> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
    ++submitted_;
  }
  work_cv_.notify_one();
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
  auto done = [&] { return finished_ >= target; };
  if (timeout_ms < 0) {
    idle_cv_.wait(lock, done);
  } else if (!idle_cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms), done)) {
    return Status(err::kRtStreamSyncTimeout,
                  "stream " + std::to_string(id_) + " did not finish within " + std::to_string(timeout_ms) +
                      " ms (" + std::to_string(target - finished_) + " task(s) outstanding)");
  }
  Status result = std::move(sticky_);
  sticky_ = Status::Ok();
  failed_since_sync_ = false;
  return result;
}

void HwStream::Abort() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    aborted_ = true;
    finished_ += queue_.size();
    queue_.clear();
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

void HwStream::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Task> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      work_cv_.wait(lock, [&] { return !queue_.empty() || stopping_; });
      if (queue_.empty()) return;  // stopping and drained
      task = std::move(queue_.front());
      queue_.pop_front();
      running_task_ = true;
    }

    bool skip = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      skip = aborted_ || (failed_since_sync_ && stop_on_failure_.load());
    }

    Status status;
    if (!skip) {
      if (task->desc.kind == TaskKind::kEventWait) {
        if (!task->event->WaitForGeneration(task->event_generation, &aborted_, &mutex_)) {
          skip = true;  // aborted while waiting
        }
      }
    }
    if (!skip) {
      TaskRecord record = owner_->MakeRecord(*task, id_);
      owner_->NotifyBegin(record);
      if (task->desc.run) status = task->desc.run();
      switch (task->desc.kind) {
        case TaskKind::kEventRecord: task->event->CompleteRecord(task->event_generation, record.end_ps); break;
        case TaskKind::kEventReset: task->event->CompleteReset(task->event_generation); break;
        case TaskKind::kEventWait: task->event->CompleteWait(); break;
        default: break;
      }
      owner_->NotifyEnd(record, status);
      if (!status.ok()) {
        ASIM_LOG_ERROR("[SIM] device {} stream {} task {} ({} '{}') failed: {}", owner_->device_id(), id_, task->id,
                       TaskKindName(task->desc.kind), task->desc.name, status.message());
      }
    }

    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!status.ok()) {
        if (sticky_.ok()) sticky_ = status;
        failed_since_sync_ = true;
      }
      running_task_ = false;
      ++finished_;
    }
    idle_cv_.notify_all();
  }
}

}  // namespace asim::sim
