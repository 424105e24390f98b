// Tests of task observers on sim::Scheduler: one begin and one end per task with the task's
// identity, removal, and adding/removing observers while streams run. Owner: device_sim/engine.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "device_sim/engine/scheduler.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::Kernel;
using testing_util::kLongMs;
using testing_util::RecordingObserver;
using testing_util::RoundParams;

struct Expected {
  uint32_t stream;
  TaskKind kind;
  EngineKind engine;
  uint64_t bytes;
  uint32_t block_dim;
  std::string name;
  std::string op_type;
  const TaskInfo* info;
};

TEST(Observers, BeginAndEndOncePerTaskWithTheTasksIdentity) {
  Scheduler sched(7, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(11, 0);
  auto b = sched.CreateStream(12, 0);
  auto ev = std::make_shared<SimEvent>(0);
  struct SubmitterInfo : TaskInfo {
    int value = 5;
  };
  auto info = std::make_shared<SubmitterInfo>();

  std::vector<Expected> expected;  // in submission order = task id order
  auto submit = [&](HwStream& s, TaskDesc d) {
    expected.push_back({s.id(), d.kind, d.engine, d.bytes, d.block_dim, d.name, d.op_type, d.info.get()});
    sched.Submit(s, std::move(d));
  };
  TaskDesc k = Kernel(10 * kPsPerUs, 3);
  k.name = "conv1";
  k.op_type = "Conv2D";
  k.info = info;
  submit(*a, k);
  TaskDesc cp;
  cp.kind = TaskKind::kMemcpy;
  cp.engine = EngineKind::kDmaH2D;
  cp.name = "MemcpyAsync";
  cp.bytes = 12345;
  cp.duration_ps = sched.CopyDuration(cp.engine, cp.bytes);
  submit(*b, cp);
  TaskDesc ms;
  ms.kind = TaskKind::kMemset;
  ms.engine = EngineKind::kDmaD2D;
  ms.name = "MemsetAsync";
  ms.bytes = 777;
  ms.duration_ps = sched.MemsetDuration(ms.bytes);
  submit(*a, ms);
  TaskDesc cpu = Kernel(3 * kPsPerUs);
  cpu.engine = EngineKind::kAiCpu;
  cpu.op_type = "NonMaxSuppression";
  submit(*b, cpu);
  TaskDesc host;
  host.kind = TaskKind::kHostFunc;
  host.engine = EngineKind::kHost;
  host.name = "LaunchCallback";
  host.duration_ps = 10 * kPsPerUs;
  submit(*a, host);
  sched.RecordEvent(*a, ev);
  expected.push_back({11, TaskKind::kEventRecord, EngineKind::kSync, 0, 1, "EventRecord", "", nullptr});
  sched.WaitEvent(*b, ev);
  expected.push_back({12, TaskKind::kEventWait, EngineKind::kSync, 0, 1, "EventWait", "", nullptr});
  sched.ResetEvent(*b, ev);
  expected.push_back({12, TaskKind::kEventReset, EngineKind::kSync, 0, 1, "EventReset", "", nullptr});
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());

  auto calls = obs->calls();
  ASSERT_EQ(calls.size(), 2 * expected.size());
  std::map<uint64_t, int> begins, ends;
  std::map<uint64_t, size_t> begin_pos;
  std::set<uint64_t> ids;
  for (size_t i = 0; i < calls.size(); ++i) {
    const TaskRecord& r = calls[i].record;
    ids.insert(r.task_id);
    if (calls[i].begin) {
      ++begins[r.task_id];
      begin_pos[r.task_id] = i;
    } else {
      ++ends[r.task_id];
      ASSERT_TRUE(begin_pos.count(r.task_id)) << "end before begin for task " << r.task_id;
      EXPECT_EQ(calls[i].code, err::kOk);
    }
    ASSERT_GE(r.task_id, 1u);
    ASSERT_LE(r.task_id, expected.size());
    const Expected& e = expected[r.task_id - 1];
    EXPECT_EQ(r.device_id, 7u);
    EXPECT_EQ(r.stream_id, e.stream) << r.task_id;
    EXPECT_EQ(r.kind, e.kind) << r.task_id;
    EXPECT_EQ(r.engine, e.engine) << r.task_id;
    EXPECT_EQ(r.bytes, e.bytes) << r.task_id;
    EXPECT_EQ(r.block_dim, e.block_dim) << r.task_id;
    EXPECT_EQ(r.name, e.name) << r.task_id;
    EXPECT_EQ(r.op_type, e.op_type) << r.task_id;
    EXPECT_EQ(r.info, e.info) << r.task_id;
    EXPECT_LE(r.start_ps, r.end_ps);
  }
  EXPECT_EQ(ids.size(), expected.size());
  for (uint64_t id : ids) {
    EXPECT_EQ(begins[id], 1) << id;
    EXPECT_EQ(ends[id], 1) << id;
  }
  // Begin and end carry the same simulated times.
  for (size_t i = 0; i < calls.size(); ++i) {
    if (calls[i].begin) continue;
    const TaskRecord& end = calls[i].record;
    const TaskRecord& begin = calls[begin_pos[end.task_id]].record;
    EXPECT_EQ(begin.start_ps, end.start_ps);
    EXPECT_EQ(begin.end_ps, end.end_ps);
  }
}

TEST(Observers, EndReportsThePayloadsStatus) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto s = sched.CreateStream(1, 0);
  sched.Submit(*s, testing_util::Payload([] { return Status(err::kFailure, "x"); }));
  (void)sched.SynchronizeStream(*s, kLongMs);
  auto calls = obs->calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_FALSE(calls[1].begin);
  EXPECT_EQ(calls[1].code, err::kFailure);
}

TEST(Observers, RemoveObserverStopsCalls) {
  Scheduler sched(0, RoundParams());
  auto kept = std::make_shared<RecordingObserver>();
  auto removed = std::make_shared<RecordingObserver>();
  sched.AddObserver(kept);
  sched.AddObserver(removed);
  auto s = sched.CreateStream(1, 0);
  for (int i = 0; i < 10; ++i) sched.Submit(*s, Kernel(kPsPerUs));
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_EQ(removed->count(), 20u);
  sched.RemoveObserver(removed.get());
  for (int i = 0; i < 10; ++i) sched.Submit(*s, Kernel(kPsPerUs));
  ASSERT_TRUE(sched.RunSync(Kernel(kPsPerUs)).ok());
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_EQ(removed->count(), 20u);
  EXPECT_EQ(kept->count(), 42u);
  // Removing an observer that is not registered is harmless.
  sched.RemoveObserver(removed.get());
  sched.RemoveObserver(nullptr);
}

TEST(Observers, AddingAndRemovingObserversWhileTasksRunIsSafe) {
  Scheduler sched(0, RoundParams());
  auto steady = std::make_shared<RecordingObserver>();
  sched.AddObserver(steady);
  constexpr int kStreams = 3;
  constexpr int kTasks = 400;
  std::vector<std::shared_ptr<HwStream>> streams;
  for (int i = 0; i < kStreams; ++i) streams.push_back(sched.CreateStream(static_cast<uint32_t>(i), 0));

  std::atomic<bool> done{false};
  std::vector<std::shared_ptr<RecordingObserver>> transient;
  std::thread churn([&] {
    while (!done.load()) {
      auto o = std::make_shared<RecordingObserver>();
      sched.AddObserver(o);
      std::this_thread::yield();
      sched.RemoveObserver(o.get());
      transient.push_back(std::move(o));
    }
  });
  for (int i = 0; i < kTasks; ++i) {
    for (auto& s : streams) sched.Submit(*s, Kernel(kPsPerUs));
  }
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  done = true;
  churn.join();

  EXPECT_EQ(steady->count(), static_cast<size_t>(2 * kStreams * kTasks));
  // Every observer saw whole tasks: an end only for a task whose begin it saw, and the
  // other way round.
  for (const auto& o : transient) {
    std::map<uint64_t, int> balance;
    for (const auto& c : o->calls()) balance[c.record.task_id] += c.begin ? 1 : -1;
    for (const auto& [id, n] : balance) ASSERT_EQ(n, 0) << "task " << id;
  }
}

}  // namespace
}  // namespace asim::sim
