// Clocked collective tasks (TaskDesc::clocked_run): the task is placed at its start when its
// stream reaches it, its payload gets that start and decides the end (libhccl: the latest
// rank's arrival plus the algorithm's time), and the tasks behind it on its stream, and those
// waiting on its stream's later records, are timed from that end. Observers see the start in
// OnTaskBegin and the decided end in OnTaskEnd. Owner: device_sim/engine.
#include <gtest/gtest.h>

#include <memory>

#include "device_sim/engine/scheduler.h"
#include "device_sim/engine/sim_event.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::Kernel;
using testing_util::kLongMs;
using testing_util::RecordingObserver;
using testing_util::RoundParams;

constexpr SimPs kUs = kPsPerUs;

TaskDesc Clocked(SimPs duration_ps, SimPs extra_ps, SimPs* seen_start) {
  TaskDesc d;
  d.kind = TaskKind::kCollective;
  d.engine = EngineKind::kDmaD2D;
  d.name = "HcclAllReduce";
  d.duration_ps = duration_ps;
  d.clocked_run = [extra_ps, seen_start](SimPs start, SimPs* end) {
    *seen_start = start;
    if (extra_ps != 0) *end = start + extra_ps;
    return Status::Ok();
  };
  return d;
}

TEST(ClockedTask, ThePayloadDecidesTheEndAndTheStreamFollows) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  SimPs seen = 0;
  sched.Submit(*a, Kernel(10 * kUs));                    // host 2 us, ready 5: 5 .. 15 us
  sched.Submit(*a, Clocked(4 * kUs, 100 * kUs, &seen));  // 15 .. 115 us (the payload's end)
  sched.Submit(*a, Kernel(5 * kUs));                     // 115 .. 120 us
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  EXPECT_EQ(seen, 15 * kUs);
  const auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 3u);
  auto it = ends.begin();
  EXPECT_EQ(it->second.end_ps, 15 * kUs);
  ++it;
  EXPECT_EQ(it->second.kind, TaskKind::kCollective);
  EXPECT_EQ(it->second.start_ps, 15 * kUs);
  EXPECT_EQ(it->second.end_ps, 115 * kUs);
  ++it;
  EXPECT_EQ(it->second.start_ps, 115 * kUs);
  EXPECT_EQ(it->second.end_ps, 120 * kUs);
  for (const auto& c : obs->calls()) {
    if (c.begin && c.record.kind == TaskKind::kCollective) {
      EXPECT_EQ(c.record.start_ps, 15 * kUs);
    }
  }
  EXPECT_EQ(sched.HostNow(), 120 * kUs);  // the host waited for the last task
}

TEST(ClockedTask, LeftAloneTheEndIsStartPlusDuration) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  SimPs seen = 0;
  sched.Submit(*a, Clocked(4 * kUs, 0, &seen));  // ready 5 us: 5 .. 9 us
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  const auto ends = obs->ends();
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_EQ(ends.begin()->second.start_ps, 5 * kUs);
  EXPECT_EQ(ends.begin()->second.end_ps, 9 * kUs);
}

TEST(ClockedTask, WaitsOnALaterRecordFollowTheDecidedEnd) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  SimPs seen = 0;
  sched.Submit(*a, Clocked(4 * kUs, 50 * kUs, &seen));  // 5 .. 55 us
  sched.RecordEvent(*a, ev);
  sched.WaitEvent(*b, ev);
  sched.Submit(*b, Kernel(2 * kUs));  // after the record: 55 .. 57 us
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  bool found = false;
  for (const auto& [id, r] : obs->ends()) {
    if (r.kind == TaskKind::kKernel) {
      found = true;
      EXPECT_EQ(r.start_ps, 55 * kUs);
      EXPECT_EQ(r.end_ps, 57 * kUs);
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace asim::sim
