// Tests of the Scheduler's test-support modes: timing disabled (functional-only), inline
// execution on the submitting thread (order kept when the stream is busy or a wait would
// block), and the TaskFaultHook (injected failures become sticky errors, payloads skipped).
// Owner: device_sim/engine. Bounded waits (kLongMs) only expire when a test fails.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "device_sim/engine/scheduler.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::Kernel;
using testing_util::kLongMs;
using testing_util::Payload;
using testing_util::RecordingObserver;
using testing_util::RoundParams;

TEST(SchedulerTimingDisabled, TasksTakeNoSimulatedTime) {
  Scheduler sched(0, RoundParams());
  sched.SetTimingEnabled(false);
  auto observer = std::make_shared<RecordingObserver>();
  sched.AddObserver(observer);
  auto s = sched.CreateStream(1, 0);
  for (int i = 0; i < 3; ++i) sched.Submit(*s, Kernel(50 * kPsPerUs));
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  TaskDesc copy = Kernel(80 * kPsPerUs);
  copy.kind = TaskKind::kMemcpy;
  copy.engine = EngineKind::kDmaH2D;
  ASSERT_TRUE(sched.RunSync(std::move(copy)).ok());
  for (const auto& [id, r] : observer->ends()) {
    EXPECT_EQ(r.start_ps, 0u) << id;
    EXPECT_EQ(r.end_ps, 0u) << id;
  }
  EXPECT_EQ(observer->ends().size(), 4u);
  EXPECT_EQ(sched.HostNow(), 0u);
  EXPECT_EQ(sched.Horizon(), 0u);
}

TEST(SchedulerTimingDisabled, SwitchingBackRestoresTiming) {
  Scheduler sched(0, RoundParams());
  sched.SetTimingEnabled(false);
  auto s = sched.CreateStream(1, 0);
  sched.Submit(*s, Kernel(50 * kPsPerUs));
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_EQ(sched.HostNow(), 0u);
  sched.SetTimingEnabled(true);
  sched.Submit(*s, Kernel(50 * kPsPerUs));
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  // submit overhead 2 us + launch 3 us + 50 us
  EXPECT_EQ(sched.HostNow(), 55 * kPsPerUs);
}

TEST(SchedulerInline, PayloadRunsOnTheSubmittingThreadBeforeSubmitReturns) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(true);
  auto s = sched.CreateStream(1, 0);
  std::thread::id ran_on;
  bool ran = false;
  sched.Submit(*s, Payload([&] {
    ran_on = std::this_thread::get_id();
    ran = true;
    return Status::Ok();
  }));
  EXPECT_TRUE(ran);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_TRUE(s->Idle());
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
}

TEST(SchedulerInline, EventsWorkAndTimesStayDeterministic) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(true);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.Submit(*a, Kernel(10 * kPsPerUs));
  sched.RecordEvent(*a, ev);
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);  // ran inline
  sched.WaitEvent(*b, ev);                              // already satisfied: inline too
  std::vector<int> order;
  sched.Submit(*b, Payload([&] {
    order.push_back(1);
    return Status::Ok();
  }));
  EXPECT_EQ(order, std::vector<int>{1});
  EXPECT_TRUE(ev->WaitsComplete());
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
}

TEST(SchedulerInline, AWaitThatWouldBlockIsQueuedAndLaterTasksKeepTheirOrder) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(true);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  std::mutex mu;
  std::vector<int> order;
  auto add = [&](int v) {
    return Payload([&, v] {
      std::lock_guard<std::mutex> lock(mu);
      order.push_back(v);
      return Status::Ok();
    });
  };
  sched.WaitEvent(*b, ev);  // no record yet: queued, the worker blocks on it
  sched.Submit(*b, add(2));
  sched.Submit(*b, add(3));
  {
    std::lock_guard<std::mutex> lock(mu);
    EXPECT_TRUE(order.empty());
  }
  sched.Submit(*a, add(1));  // a is free: inline
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  // Once b drained, it runs inline again.
  sched.Submit(*b, add(4));
  std::lock_guard<std::mutex> lock(mu);
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4}));
}

TEST(SchedulerInline, HostCallbacksGoToTheWorker) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(true);
  auto s = sched.CreateStream(1, 0);
  std::atomic<bool> on_worker{false};
  const std::thread::id self = std::this_thread::get_id();
  TaskDesc cb = Payload([&] {
    on_worker.store(std::this_thread::get_id() != self);
    return Status::Ok();
  });
  cb.kind = TaskKind::kHostFunc;
  cb.engine = EngineKind::kHost;
  sched.Submit(*s, std::move(cb));
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_TRUE(on_worker.load());
}

TEST(SchedulerInline, StopOnFailureSkipsInlineTasksUntilSynchronize) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(true);
  auto s = sched.CreateStream(1, 0);
  s->SetStopOnFailure(true);
  int ran = 0;
  sched.Submit(*s, Payload([] { return Status(err::kInternalError, "boom"); }));
  sched.Submit(*s, Payload([&] {
    ++ran;
    return Status::Ok();
  }));
  EXPECT_EQ(ran, 0);
  EXPECT_EQ(sched.SynchronizeStream(*s, kLongMs).code(), err::kInternalError);
  sched.Submit(*s, Payload([&] {
    ++ran;
    return Status::Ok();
  }));
  EXPECT_EQ(ran, 1);
}

// Fails the nth task submitted (1-based) with `code`.
class NthTaskFails : public TaskFaultHook {
 public:
  NthTaskFails(uint64_t nth, int32_t code) : nth_(nth), code_(code) {}
  Status OnSubmit(const HwStream& /*stream*/, const TaskDesc& desc) override {
    if (++seen_ != nth_) return Status::Ok();
    return Status(code_, "injected into '" + desc.name + "'");
  }

 private:
  std::atomic<uint64_t> seen_{0};
  const uint64_t nth_;
  const int32_t code_;
};

class SchedulerFaultHook : public ::testing::TestWithParam<bool> {};

TEST_P(SchedulerFaultHook, TheChosenTaskFailsWithoutRunningAndTheErrorIsSticky) {
  Scheduler sched(0, RoundParams());
  sched.SetInlineExecution(GetParam());
  auto observer = std::make_shared<RecordingObserver>();
  sched.AddObserver(observer);
  sched.SetFaultHook(std::make_shared<NthTaskFails>(2, err::kRtTaskTimeout));
  auto s = sched.CreateStream(1, 0);
  std::vector<int> ran;
  std::mutex mu;
  for (int i = 1; i <= 3; ++i) {
    sched.Submit(*s, Payload([&, i] {
      std::lock_guard<std::mutex> lock(mu);
      ran.push_back(i);
      return Status::Ok();
    }));
  }
  Status st = sched.SynchronizeStream(*s, kLongMs);
  EXPECT_EQ(st.code(), err::kRtTaskTimeout);
  EXPECT_NE(st.message().find("injected"), std::string::npos);
  EXPECT_EQ(ran, (std::vector<int>{1, 3}));  // continue-on-failure: task 3 still runs
  int failed_ends = 0;
  for (const auto& c : observer->calls()) failed_ends += (!c.begin && c.code == err::kRtTaskTimeout) ? 1 : 0;
  EXPECT_EQ(failed_ends, 1);
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());  // cleared by the first synchronize
  sched.SetFaultHook(nullptr);
  sched.Submit(*s, Payload([] { return Status::Ok(); }));
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
}

INSTANTIATE_TEST_SUITE_P(WorkerAndInline, SchedulerFaultHook, ::testing::Bool());

}  // namespace
}  // namespace asim::sim
