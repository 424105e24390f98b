// Helpers shared by the engine tests: round timing numbers, a recording observer, a gate
// that lets a test hold a payload until it says go (bounded waits only matter on failure).
// Owner: device_sim/engine tests. Thread safety: Gate and RecordingObserver are thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <vector>

#include "device_sim/engine/observer.h"
#include "device_sim/engine/scheduler.h"
#include "device_sim/engine/timeline.h"

namespace asim::sim::testing_util {

// Round numbers so expected times can be computed by hand.
inline TimingParams RoundParams() {
  TimingParams p;
  p.ai_core_count = 2;
  p.ai_cpu_count = 1;
  p.dma_channels = 1;
  p.h2d_gbps = 10.0;
  p.d2h_gbps = 20.0;
  p.d2d_gbps = 50.0;
  p.copy_latency_us = 5.0;
  p.submit_overhead_us = 2.0;
  p.task_launch_us = 3.0;
  p.host_callback_us = 10.0;
  p.memset_gbps = 100.0;
  return p;
}

inline constexpr int64_t kLongMs = 10000;  // bounded waits that only expire when a test fails

// A one-shot latch with a bounded wait.
class Gate {
 public:
  void Open() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      open_ = true;
    }
    cv_.notify_all();
  }
  // Returns false when the gate did not open within `ms`.
  bool Wait(int64_t ms = kLongMs) {
    std::unique_lock<std::mutex> lock(mutex_);
    return cv_.wait_for(lock, std::chrono::milliseconds(ms), [&] { return open_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool open_ = false;
};

// Records every begin/end call, in call order.
class RecordingObserver : public TaskObserver {
 public:
  struct Call {
    bool begin;
    TaskRecord record;
    int32_t code;
  };
  void OnTaskBegin(const TaskRecord& r) override {
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back({true, r, 0});
  }
  void OnTaskEnd(const TaskRecord& r, const Status& s) override {
    std::lock_guard<std::mutex> lock(mutex_);
    calls_.push_back({false, r, s.code()});
  }
  std::vector<Call> calls() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return calls_;
  }
  size_t count() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return calls_.size();
  }
  // task id -> the record passed to OnTaskEnd.
  std::map<uint64_t, TaskRecord> ends() const {
    std::map<uint64_t, TaskRecord> out;
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& c : calls_) {
      if (!c.begin) out[c.record.task_id] = c.record;
    }
    return out;
  }

 private:
  mutable std::mutex mutex_;
  std::vector<Call> calls_;
};

inline TaskDesc Kernel(SimPs duration_ps, uint32_t block_dim = 1, std::function<Status()> run = {}) {
  TaskDesc d;
  d.kind = TaskKind::kKernel;
  d.engine = EngineKind::kAiCore;
  d.name = "Kernel";
  d.op_type = "Add";
  d.block_dim = block_dim;
  d.duration_ps = duration_ps;
  d.run = std::move(run);
  return d;
}

inline TaskDesc Payload(std::function<Status()> run) {
  return Kernel(kPsPerUs, 1, std::move(run));
}

}  // namespace asim::sim::testing_util
