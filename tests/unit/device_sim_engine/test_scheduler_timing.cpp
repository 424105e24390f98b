// Timing tests of sim::Scheduler: simulated start/end are decided at submission, in host
// submission order, so the same program gives the same schedule every time; events carry
// the recording stream's tail; waits delay the waiting stream. Owner: device_sim/engine.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

#include "device_sim/engine/scheduler.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::Kernel;
using testing_util::kLongMs;
using testing_util::RecordingObserver;
using testing_util::RoundParams;

constexpr SimPs kUs = kPsPerUs;

TaskDesc Copy(EngineKind engine, uint64_t bytes, const Scheduler& s) {
  TaskDesc d;
  d.kind = TaskKind::kMemcpy;
  d.engine = engine;
  d.name = "MemcpyAsync";
  d.bytes = bytes;
  d.duration_ps = s.CopyDuration(engine, bytes);
  return d;
}

TaskDesc Memset(uint64_t bytes, const Scheduler& s) {
  TaskDesc d;
  d.kind = TaskKind::kMemset;
  d.engine = EngineKind::kDmaD2D;
  d.name = "MemsetAsync";
  d.bytes = bytes;
  d.duration_ps = s.MemsetDuration(bytes);
  return d;
}

struct Timing {
  uint32_t stream;
  TaskKind kind;
  SimPs start, end;
  bool operator==(const Timing& o) const {
    return stream == o.stream && kind == o.kind && start == o.start && end == o.end;
  }
};

// A program with three streams, cross-stream waits, a wait submitted before its record,
// a reset, host synchronisation in the middle and synchronous copies. Returns every task's
// simulated times by task id, plus the final host clock and the event timestamps.
struct Outcome {
  std::map<uint64_t, Timing> tasks;
  SimPs host_now = 0;
  SimPs horizon = 0;
  std::vector<SimPs> event_ts;
};

Outcome RunProgram() {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto c = sched.CreateStream(3, 0);
  auto e1 = std::make_shared<SimEvent>(0);
  auto e2 = std::make_shared<SimEvent>(0);
  auto e3 = std::make_shared<SimEvent>(0);

  sched.Submit(*a, Copy(EngineKind::kDmaH2D, 4 << 20, sched));
  sched.Submit(*a, Kernel(120 * kUs, 2));
  sched.RecordEvent(*a, e1);
  sched.Submit(*b, Copy(EngineKind::kDmaH2D, 1 << 20, sched));
  sched.Submit(*b, Kernel(30 * kUs, 1));
  sched.WaitEvent(*b, e1);
  sched.Submit(*b, Kernel(50 * kUs, 1));
  // C waits on e2 before anything records it.
  sched.WaitEvent(*c, e2);
  sched.Submit(*c, Kernel(10 * kUs, 4));
  sched.Submit(*c, Copy(EngineKind::kDmaD2H, 2 << 20, sched));
  sched.Submit(*a, Memset(1 << 20, sched));
  for (int i = 0; i < 5; ++i) {
    sched.Submit(*a, Kernel((5 + i) * kUs, 1 + i % 2));
    sched.Submit(*b, Kernel((7 + i) * kUs, 1));
  }
  sched.RecordEvent(*b, e2);  // releases C
  sched.RecordEvent(*c, e3);
  EXPECT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  // After a host sync, new work starts from the synced host clock.
  TaskDesc sync_copy = Copy(EngineKind::kDmaD2H, 1 << 16, sched);
  EXPECT_TRUE(sched.RunSync(sync_copy).ok());
  sched.WaitEvent(*a, e3);
  sched.Submit(*a, Kernel(15 * kUs, 2));
  sched.ResetEvent(*a, e1);
  sched.WaitEvent(*b, e1);  // after the reset: binds to the next record
  sched.Submit(*b, Kernel(3 * kUs, 1));
  sched.Submit(*c, Kernel(9 * kUs, 2));
  sched.RecordEvent(*c, e1);
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  EXPECT_TRUE(sched.SynchronizeEvent(*e3, kLongMs));

  Outcome out;
  for (const auto& [id, r] : obs->ends()) out.tasks[id] = Timing{r.stream_id, r.kind, r.start_ps, r.end_ps};
  out.host_now = sched.HostNow();
  out.horizon = sched.Horizon();
  for (const auto& e : {e1, e2, e3}) {
    SimPs ts = 0;
    EXPECT_TRUE(e->Timestamp(&ts));
    out.event_ts.push_back(ts);
  }
  return out;
}

TEST(SchedulerTiming, SameProgramGivesTheSameScheduleOnFreshSchedulers) {
  Outcome first = RunProgram();
  Outcome second = RunProgram();
  ASSERT_EQ(first.tasks.size(), 31u);
  ASSERT_EQ(first.tasks.size(), second.tasks.size());
  for (const auto& [id, t] : first.tasks) {
    auto it = second.tasks.find(id);
    ASSERT_NE(it, second.tasks.end()) << "task " << id;
    EXPECT_EQ(t, it->second) << "task " << id << " start " << t.start << "/" << it->second.start;
  }
  EXPECT_EQ(first.host_now, second.host_now);
  EXPECT_EQ(first.horizon, second.horizon);
  EXPECT_EQ(first.event_ts, second.event_ts);
  // Every task got real times (none was left untimed).
  for (const auto& [id, t] : first.tasks) EXPECT_GT(t.end, 0u) << "task " << id;
}

TEST(SchedulerTiming, HandComputedSchedule) {
  // submit overhead 2 us, launch 3 us, 2 AI Cores.
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.Submit(*a, Kernel(100 * kUs, 1));  // id 1: host 2, ready 5 -> [5, 105) on core 0
  sched.RecordEvent(*a, ev);               // id 2: host 4, ready max(105, 7) -> 105
  sched.Submit(*b, Kernel(10 * kUs, 1));   // id 3: host 6, ready 9 -> core 1 [9, 19)
  sched.WaitEvent(*b, ev);                 // id 4: host 8, ready max(19, 11, 105) -> 105
  sched.Submit(*b, Kernel(10 * kUs, 2));   // id 5: host 10, ready 105, both cores free at 105
  sched.Submit(*a, Kernel(1 * kUs, 1));    // id 6: host 12, ready 105, cores busy until 115
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 6u);
  auto se = [&](uint64_t id) { return std::make_pair(ends[id].start_ps / kUs, ends[id].end_ps / kUs); };
  EXPECT_EQ(se(1), std::make_pair(SimPs{5}, SimPs{105}));
  EXPECT_EQ(se(2), std::make_pair(SimPs{105}, SimPs{105}));
  EXPECT_EQ(se(3), std::make_pair(SimPs{9}, SimPs{19}));
  EXPECT_EQ(se(4), std::make_pair(SimPs{105}, SimPs{105}));
  EXPECT_EQ(se(5), std::make_pair(SimPs{105}, SimPs{115}));
  EXPECT_EQ(se(6), std::make_pair(SimPs{115}, SimPs{116}));
  EXPECT_EQ(ends[6].wait_ps, 10 * kUs);  // ready at 105, waited for a core until 115
  SimPs ts = 0;
  ASSERT_TRUE(ev->Timestamp(&ts));
  EXPECT_EQ(ts, 105 * kUs);
  EXPECT_EQ(sched.Horizon(), 116 * kUs);
  // SynchronizeAll moved the host clock to the last stream tail.
  EXPECT_EQ(sched.HostNow(), 116 * kUs);
}

TEST(SchedulerTiming, EventTimestampIsTheRecordingStreamsTail) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.Submit(*a, Copy(EngineKind::kDmaH2D, 1000000, sched));
  sched.Submit(*a, Kernel(250 * kUs, 2));
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeEvent(*ev, kLongMs));
  SimPs ts = 0;
  ASSERT_TRUE(ev->Timestamp(&ts));
  auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 3u);
  const TaskRecord& kernel = ends[2];
  ASSERT_EQ(kernel.kind, TaskKind::kKernel);
  EXPECT_EQ(ts, kernel.end_ps);
  EXPECT_EQ(ts, ends.rbegin()->second.end_ps);  // the record task itself
  // The host synchronised on the event: its clock is at least the event's time.
  EXPECT_GE(sched.HostNow(), ts);
}

TEST(SchedulerTiming, WaitingStreamStartsAtOrAfterTheRecord) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  for (int round = 0; round < 10; ++round) {
    sched.Submit(*a, Kernel((20 + round) * kUs, 1));
    sched.RecordEvent(*a, ev);
    sched.WaitEvent(*b, ev);
    sched.Submit(*b, Copy(EngineKind::kDmaD2H, 4096, sched));
  }
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  // Pair each wait with the record it followed (the latest record before it).
  SimPs last_record = 0;
  int waits = 0;
  auto ends = obs->ends();  // by task id = submission order
  for (const auto& [id, r] : ends) {
    if (r.kind == TaskKind::kEventRecord) last_record = r.end_ps;
    if (r.stream_id == 2) {
      EXPECT_GE(r.start_ps, last_record) << "task " << id;
      if (r.kind == TaskKind::kEventWait) ++waits;
    }
  }
  EXPECT_EQ(waits, 10);
}

TEST(SchedulerTiming, WaitBeforeRecordLeavesLaterTasksUntimedUntilTheRecord) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.WaitEvent(*b, ev);                 // id 1, host 2
  sched.Submit(*b, Kernel(10 * kUs, 1));   // id 2, host 4
  sched.Submit(*a, Kernel(500 * kUs, 1));  // id 3, host 6: [9, 509)
  // Nothing on B is timed yet: the horizon only covers A.
  EXPECT_EQ(sched.Horizon(), 509 * kUs);
  // The record is submitted from another thread.
  std::thread t([&] { sched.RecordEvent(*a, ev); });  // id 4: 509
  t.join();
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  auto ends = obs->ends();
  EXPECT_EQ(ends[4].end_ps, 509 * kUs);
  EXPECT_EQ(ends[1].start_ps, 509 * kUs);
  EXPECT_EQ(ends[2].start_ps, 509 * kUs);
  EXPECT_EQ(ends[2].end_ps, 519 * kUs);
}

TEST(SchedulerTiming, WaitOnARecordQueuedBehindAnotherWaitIsTimedWhenTheChainResolves) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto c = sched.CreateStream(3, 0);
  auto first = std::make_shared<SimEvent>(0);
  auto second = std::make_shared<SimEvent>(0);
  sched.WaitEvent(*b, first);           // 1: B waits for a record not yet submitted
  sched.RecordEvent(*b, second);        // 2: untimed (behind 1)
  sched.WaitEvent(*c, second);          // 3: bound to 2, untimed
  sched.Submit(*c, Kernel(1 * kUs));    // 4
  sched.Submit(*a, Kernel(100 * kUs));  // 5: [13, 113)
  sched.RecordEvent(*a, first);         // 6: 113 -> times 1, 2, then 3, 4
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 6u);
  EXPECT_EQ(ends[6].end_ps, 113 * kUs);
  EXPECT_EQ(ends[2].end_ps, 113 * kUs);
  EXPECT_EQ(ends[3].start_ps, 113 * kUs);
  EXPECT_EQ(ends[4].start_ps, 113 * kUs);
}

TEST(SchedulerTiming, ManyRecordsWhileAWaitIsUntimedDoNotLoseItsGeneration) {
  // B waits for gen 1 of `ev`, recorded on A behind A's own wait on `gate`. A then records
  // `ev` many more times; when `gate` is recorded, A's records are all timed in one go and
  // B's wait must still find the time of the generation it is bound to.
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto g = sched.CreateStream(3, 0);
  auto gate = std::make_shared<SimEvent>(0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.WaitEvent(*a, gate);          // id 1
  sched.RecordEvent(*a, ev);          // id 2: gen 1
  sched.WaitEvent(*b, ev);            // id 3: bound to gen 1
  sched.Submit(*b, Kernel(1 * kUs));  // id 4
  for (int i = 0; i < 100; ++i) sched.RecordEvent(*a, ev);
  sched.RecordEvent(*g, gate);
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  auto ends = obs->ends();
  EXPECT_EQ(ends.size(), 105u);
  EXPECT_GT(ends[3].end_ps, 0u);
  EXPECT_EQ(ends[3].start_ps, ends[2].end_ps);
  EXPECT_GT(ends[4].end_ps, 0u);
}

TEST(SchedulerTiming, WaitBoundToOneRecordIsNotReleasedByALaterRecordOnAnotherStream) {
  // `ev` is recorded on A (gen 1, held up behind A's wait on `gate`) and then on C (gen 2).
  // B's wait is bound to gen 1; C's record completing must not release it early, or B's
  // tasks would run before they have simulated times.
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto c = sched.CreateStream(3, 0);
  auto gate = std::make_shared<SimEvent>(0);
  auto ev = std::make_shared<SimEvent>(0);
  std::atomic<bool> b_ran{false};
  sched.WaitEvent(*a, gate);                    // 1
  sched.RecordEvent(*a, ev);                    // 2: gen 1, untimed
  sched.WaitEvent(*b, ev);                      // 3: bound to gen 1
  sched.Submit(*b, testing_util::Payload([&] {  // 4
    b_ran = true;
    return Status::Ok();
  }));
  sched.RecordEvent(*c, ev);  // 5: gen 2, completes at once
  ASSERT_TRUE(sched.SynchronizeStream(*c, kLongMs).ok());
  EXPECT_EQ(b->WaitIdle(30).code(), err::kRtStreamSyncTimeout);
  EXPECT_FALSE(b_ran.load());
  sched.RecordEvent(*c, gate);  // 6: releases A, which times gen 1 and then B
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  EXPECT_TRUE(b_ran.load());
  auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 6u);
  EXPECT_EQ(ends[1].start_ps, ends[6].end_ps);
  EXPECT_EQ(ends[3].start_ps, ends[2].end_ps);
  EXPECT_GE(ends[4].start_ps, ends[2].end_ps);
  EXPECT_GT(ends[4].end_ps, 0u);
}

}  // namespace
}  // namespace asim::sim
