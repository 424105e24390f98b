// Functional tests of sim::Scheduler: FIFO execution, parallel streams, event record / wait /
// reset, synchronous work, sticky errors, stop-on-failure, forced stream destruction and
// scheduler destruction with work pending. Owner: device_sim/engine.
// Bounded waits (kLongMs) only expire when a test fails; the only short timeouts check that
// something is still blocked.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "device_sim/engine/scheduler.h"
#include "engine_test_util.h"

namespace asim::sim {
namespace {

using testing_util::Gate;
using testing_util::Kernel;
using testing_util::kLongMs;
using testing_util::Payload;
using testing_util::RecordingObserver;
using testing_util::RoundParams;

using Clock = std::chrono::steady_clock;

int64_t MsSince(Clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
}

// Appends to a vector under a mutex.
struct Log {
  std::mutex mutex;
  std::vector<int> values;
  void Add(int v) {
    std::lock_guard<std::mutex> lock(mutex);
    values.push_back(v);
  }
  std::vector<int> Get() {
    std::lock_guard<std::mutex> lock(mutex);
    return values;
  }
};

TEST(SchedulerFunctional, OneStreamRunsPayloadsInFifoOrder) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  Log log;
  constexpr int kN = 300;
  for (int i = 0; i < kN; ++i) {
    sched.Submit(*s, Payload([&log, i] {
      log.Add(i);
      return Status::Ok();
    }));
  }
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  std::vector<int> expected(kN);
  for (int i = 0; i < kN; ++i) expected[i] = i;
  EXPECT_EQ(log.Get(), expected);
  EXPECT_TRUE(s->Idle());
  EXPECT_EQ(s->submitted(), static_cast<uint64_t>(kN));
}

TEST(SchedulerFunctional, ManyStreamsRunInParallelAndEachStaysInOrder) {
  Scheduler sched(0, RoundParams());
  constexpr int kStreams = 8;
  constexpr int kPerStream = 50;
  std::vector<std::shared_ptr<HwStream>> streams;
  std::vector<std::unique_ptr<Log>> logs;
  for (int i = 0; i < kStreams; ++i) {
    streams.push_back(sched.CreateStream(static_cast<uint32_t>(i), 0));
    logs.push_back(std::make_unique<Log>());
  }
  // First task of every stream: a rendezvous that only completes when all streams are
  // running it at the same time (so they really are executed in parallel).
  std::mutex m;
  std::condition_variable cv;
  int arrived = 0;
  std::atomic<int> met{0};
  for (int i = 0; i < kStreams; ++i) {
    sched.Submit(*streams[i], Payload([&] {
      std::unique_lock<std::mutex> lock(m);
      ++arrived;
      cv.notify_all();
      if (cv.wait_for(lock, std::chrono::milliseconds(kLongMs), [&] { return arrived == kStreams; })) ++met;
      return Status::Ok();
    }));
  }
  for (int j = 0; j < kPerStream; ++j) {
    for (int i = 0; i < kStreams; ++i) {
      Log* log = logs[i].get();
      sched.Submit(*streams[i], Payload([log, j] {
        log->Add(j);
        return Status::Ok();
      }));
    }
  }
  ASSERT_TRUE(sched.SynchronizeAll(kLongMs).ok());
  EXPECT_EQ(met.load(), kStreams);
  for (int i = 0; i < kStreams; ++i) {
    std::vector<int> got = logs[i]->Get();
    ASSERT_EQ(got.size(), static_cast<size_t>(kPerStream));
    for (int j = 0; j < kPerStream; ++j) EXPECT_EQ(got[j], j) << "stream " << i;
  }
}

TEST(SchedulerFunctional, EventWaitOrdersPayloadsAcrossStreams) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  Gate gate;
  int shared_value = 0;  // written by A's payload, read by B's: ordered only by the event
  int seen_by_b = -1;
  sched.Submit(*a, Payload([&] {
    if (!gate.Wait()) return Status(err::kInternalError, "gate timeout");
    shared_value = 42;
    return Status::Ok();
  }));
  sched.RecordEvent(*a, ev);
  sched.WaitEvent(*b, ev);
  sched.Submit(*b, Payload([&] {
    seen_by_b = shared_value;
    return Status::Ok();
  }));
  // B cannot have passed its wait: A's payload is held by the gate.
  EXPECT_FALSE(b->Idle());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kPending);
  gate.Open();
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_EQ(seen_by_b, 42);
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
  EXPECT_TRUE(ev->WaitsComplete());
}

TEST(SchedulerFunctional, WaitBeforeRecordBlocksUntilTheRecordIsSubmitted) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  std::atomic<bool> ran{false};
  sched.WaitEvent(*b, ev);  // no record yet: binds to the next one
  sched.Submit(*b, Payload([&] {
    ran = true;
    return Status::Ok();
  }));
  EXPECT_FALSE(ev->WaitsComplete());
  // Still blocked after a short while (this timeout is the check, not synchronisation).
  EXPECT_EQ(b->WaitIdle(30).code(), err::kRtStreamSyncTimeout);
  EXPECT_FALSE(ran.load());
  // The record comes from another thread.
  std::thread recorder([&] { sched.RecordEvent(*a, ev); });
  recorder.join();
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_TRUE(ran.load());
  EXPECT_TRUE(ev->WaitsComplete());
}

// A stream wakes its host waiters only when the lowest count one of them waits for is
// reached (not after every task): a waiter for an earlier task returns when that task ends,
// although a waiter for a later task started waiting after it, and the later one keeps
// waiting. The sleeps only give each waiter time to start; a late start makes the test fail,
// never pass wrongly.
TEST(SchedulerFunctional, HostWaitersForDifferentTasksEachWakeAtTheirOwn) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  Gate first_gate, second_gate;
  const auto gated = [](Gate& gate) {
    return Payload([&gate] { return gate.Wait() ? Status::Ok() : Status(err::kInternalError, "gate timeout"); });
  };
  sched.Submit(*s, gated(first_gate));
  std::atomic<bool> first_done{false}, second_done{false};
  std::thread first_waiter([&] {
    EXPECT_TRUE(s->WaitIdle(kLongMs).ok());
    first_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  sched.Submit(*s, gated(second_gate));
  std::thread second_waiter([&] {
    EXPECT_TRUE(s->WaitIdle(kLongMs).ok());
    second_done = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(first_done.load());
  const auto opened = Clock::now();
  first_gate.Open();
  first_waiter.join();
  EXPECT_TRUE(first_done.load());
  EXPECT_LT(MsSince(opened), kLongMs / 2);  // woken by its task, not by its timeout
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_FALSE(second_done.load());  // its task is still held
  second_gate.Open();
  second_waiter.join();
  EXPECT_TRUE(second_done.load());
}

TEST(SchedulerFunctional, WaitOnAnAlreadyRecordedEventDoesNotBlock) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  EXPECT_EQ(ev->Query(), SimEvent::Status::kNotRecorded);
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
  sched.WaitEvent(*b, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_TRUE(ev->WaitsComplete());
}

TEST(SchedulerFunctional, ResetMakesTheNextWaitBindToTheNextRecord) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  ASSERT_EQ(ev->Query(), SimEvent::Status::kComplete);
  SimPs first_ts = 0;
  ASSERT_TRUE(ev->Timestamp(&first_ts));

  sched.ResetEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kNotRecorded);

  // After the reset a wait does not bind to the old record: it waits for the next one.
  std::atomic<bool> ran{false};
  sched.WaitEvent(*b, ev);
  sched.Submit(*b, Payload([&] {
    ran = true;
    return Status::Ok();
  }));
  EXPECT_EQ(b->WaitIdle(30).code(), err::kRtStreamSyncTimeout);
  EXPECT_FALSE(ran.load());
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_TRUE(ran.load());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
  SimPs second_ts = 0;
  ASSERT_TRUE(ev->Timestamp(&second_ts));
  EXPECT_GT(second_ts, first_ts);
}

TEST(SchedulerFunctional, ResetEnqueuedBeforeARecordDoesNotUndoIt) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto ev = std::make_shared<SimEvent>(0);
  sched.ResetEvent(*a, ev);
  sched.RecordEvent(*a, ev);
  ASSERT_TRUE(sched.SynchronizeStream(*a, kLongMs).ok());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
}

TEST(SchedulerFunctional, HostWaitOnAnEvent) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto ev = std::make_shared<SimEvent>(0);
  // Nothing recorded: returns at once.
  EXPECT_TRUE(sched.SynchronizeEvent(*ev, 0));
  Gate gate;
  sched.Submit(*a, Payload([&] { return gate.Wait() ? Status::Ok() : Status(err::kInternalError, "gate"); }));
  sched.RecordEvent(*a, ev);
  EXPECT_FALSE(sched.SynchronizeEvent(*ev, 10));  // times out: the record is held up
  gate.Open();
  EXPECT_TRUE(sched.SynchronizeEvent(*ev, kLongMs));
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
}

TEST(SchedulerFunctional, RunSyncRunsInlineAndAdvancesTheHostClock) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  const SimPs before = sched.HostNow();
  std::thread::id ran_on;
  TaskDesc d;
  d.kind = TaskKind::kMemcpy;
  d.engine = EngineKind::kDmaH2D;
  d.name = "Memcpy";
  d.bytes = 1000000;
  d.duration_ps = sched.CopyDuration(EngineKind::kDmaH2D, d.bytes);
  d.run = [&] {
    ran_on = std::this_thread::get_id();
    return Status::Ok();
  };
  ASSERT_TRUE(sched.RunSync(d).ok());
  EXPECT_EQ(ran_on, std::this_thread::get_id());
  EXPECT_EQ(sched.HostNow(), before + d.duration_ps);
  auto calls = obs->calls();
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[1].record.stream_id, kSyncStreamId);
  EXPECT_EQ(calls[1].record.start_ps, before);
  EXPECT_EQ(calls[1].record.end_ps, before + d.duration_ps);

  // A failing payload's status is returned; the host clock still moves.
  TaskDesc f = d;
  f.run = [] { return Status(err::kRtMemoryAllocation, "boom"); };
  const SimPs before2 = sched.HostNow();
  Status st = sched.RunSync(f);
  EXPECT_EQ(st.code(), err::kRtMemoryAllocation);
  EXPECT_EQ(sched.HostNow(), before2 + d.duration_ps);
}

TEST(SchedulerFunctional, RunSyncWaitsForItsEngine) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  TaskDesc copy;
  copy.kind = TaskKind::kMemcpy;
  copy.engine = EngineKind::kDmaH2D;
  copy.duration_ps = 1000 * kPsPerUs;
  sched.Submit(*s, copy);  // occupies H2D from 5 us (2 us submit + 3 us launch) to 1005 us
  TaskDesc sync = copy;
  sync.duration_ps = 10 * kPsPerUs;
  ASSERT_TRUE(sched.RunSync(sync).ok());
  EXPECT_EQ(sched.HostNow(), 1015 * kPsPerUs);
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
}

TEST(SchedulerFunctional, SynchronizeStreamReturnsTheStickyErrorOnce) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  std::atomic<int> ran{0};
  sched.Submit(*s, Payload([] { return Status(err::kRtTaskTimeout, "first failure"); }));
  sched.Submit(*s, Payload([&] {
    ++ran;  // continue-on-failure (the default): later tasks still run
    return Status::Ok();
  }));
  sched.Submit(*s, Payload([] { return Status(err::kInternalError, "second failure"); }));
  Status st = sched.SynchronizeStream(*s, kLongMs);
  EXPECT_EQ(st.code(), err::kRtTaskTimeout);  // the first failure is kept
  EXPECT_EQ(st.message(), "first failure");
  EXPECT_EQ(ran.load(), 1);
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());  // cleared
  sched.Submit(*s, Payload([&] {
    ++ran;
    return Status::Ok();
  }));
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_EQ(ran.load(), 2);
}

TEST(SchedulerFunctional, SynchronizeAllReportsAStreamsError) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  sched.Submit(*a, Payload([] { return Status::Ok(); }));
  sched.Submit(*b, Payload([] { return Status(err::kFailure, "b failed"); }));
  EXPECT_EQ(sched.SynchronizeAll(kLongMs).code(), err::kFailure);
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
}

TEST(SchedulerFunctional, StopOnFailureSkipsLaterPayloads) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  s->SetStopOnFailure(true);
  EXPECT_TRUE(s->stop_on_failure());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  std::atomic<int> ran{0};
  sched.Submit(*s, Payload([&] {
    ++ran;
    return Status::Ok();
  }));
  sched.Submit(*s, Payload([] { return Status(err::kFailure, "fails"); }));
  for (int i = 0; i < 5; ++i) {
    sched.Submit(*s, Payload([&] {
      ran += 100;
      return Status::Ok();
    }));
  }
  EXPECT_EQ(sched.SynchronizeStream(*s, kLongMs).code(), err::kFailure);
  EXPECT_EQ(ran.load(), 1);
  EXPECT_EQ(obs->count(), 4u);  // begin+end of the two tasks that ran; skipped ones are not reported
  // After the error has been reported the stream runs again.
  sched.Submit(*s, Payload([&] {
    ran += 1000;
    return Status::Ok();
  }));
  EXPECT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  EXPECT_EQ(ran.load(), 1001);
}

TEST(SchedulerFunctional, DestroyStreamWaitsForItsQueue) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  std::atomic<int> ran{0};
  for (int i = 0; i < 20; ++i) {
    sched.Submit(*s, Payload([&] {
      ++ran;
      return Status::Ok();
    }));
  }
  sched.DestroyStream(s, /*force=*/false);
  EXPECT_EQ(ran.load(), 20);
}

TEST(SchedulerFunctional, ForcedDestroyOfAStreamBlockedOnANeverRecordedEventIsPrompt) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  auto other = sched.CreateStream(2, 0);
  auto ev = std::make_shared<SimEvent>(0);
  std::atomic<bool> ran{false};
  Gate started;
  sched.Submit(*s, Payload([&] {
    started.Open();
    return Status::Ok();
  }));
  sched.WaitEvent(*s, ev);
  for (int i = 0; i < 10; ++i) {
    sched.Submit(*s, Payload([&] {
      ran = true;
      return Status::Ok();
    }));
  }
  ASSERT_TRUE(started.Wait());
  EXPECT_FALSE(s->Idle());
  const auto t0 = Clock::now();
  sched.DestroyStream(s, /*force=*/true);
  EXPECT_LT(MsSince(t0), 1000);
  EXPECT_FALSE(ran.load());
  EXPECT_TRUE(s->Idle());
  EXPECT_TRUE(ev->WaitsComplete()) << "a discarded wait is no longer outstanding";
  // The scheduler is still usable.
  sched.Submit(*other, Payload([] { return Status::Ok(); }));
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
}

namespace {
bool Contains(const std::vector<std::shared_ptr<HwStream>>& streams, const std::shared_ptr<HwStream>& s) {
  return std::find(streams.begin(), streams.end(), s) != streams.end();
}
// Polls until the stream's worker has started the wait queued on it.
bool WaitUntilBlocked(const HwStream& s) {
  for (int i = 0; i < 5000; ++i) {
    if (s.SnapshotWaits().blocked_on) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}
}  // namespace

TEST(SchedulerFunctional, DeadlockedStreamsAreThoseNoQueuedRecordReleases) {
  Scheduler sched(0, RoundParams());
  auto never = sched.CreateStream(1, 0);    // waits for an event nobody records
  auto itself = sched.CreateStream(2, 0);   // its record is queued behind its own wait
  auto cycle_a = sched.CreateStream(3, 0);  // a and b wait for each other's records
  auto cycle_b = sched.CreateStream(4, 0);
  auto released = sched.CreateStream(5, 0);  // waits for a record behind a running task
  auto recorder = sched.CreateStream(6, 0);
  auto e_never = std::make_shared<SimEvent>(0);
  auto e_itself = std::make_shared<SimEvent>(0);
  auto e_a = std::make_shared<SimEvent>(0);
  auto e_b = std::make_shared<SimEvent>(0);
  auto e_later = std::make_shared<SimEvent>(0);
  sched.WaitEvent(*never, e_never);
  sched.WaitEvent(*itself, e_itself);
  sched.RecordEvent(*itself, e_itself);
  sched.WaitEvent(*cycle_a, e_b);
  sched.RecordEvent(*cycle_a, e_a);
  sched.WaitEvent(*cycle_b, e_a);
  sched.RecordEvent(*cycle_b, e_b);
  Gate started, release;
  sched.Submit(*recorder, Payload([&] {
    started.Open();
    return release.Wait() ? Status::Ok() : Status(err::kInternalError, "gate");
  }));
  sched.RecordEvent(*recorder, e_later);
  sched.WaitEvent(*released, e_later);
  ASSERT_TRUE(started.Wait());
  for (const auto& s : {never, itself, cycle_a, cycle_b, released}) ASSERT_TRUE(WaitUntilBlocked(*s));

  const auto deadlocked = sched.DeadlockedStreams();
  EXPECT_TRUE(Contains(deadlocked, never));
  EXPECT_TRUE(Contains(deadlocked, itself));
  EXPECT_TRUE(Contains(deadlocked, cycle_a));
  EXPECT_TRUE(Contains(deadlocked, cycle_b));
  EXPECT_FALSE(Contains(deadlocked, released)) << "its record is queued behind work that runs";
  EXPECT_FALSE(Contains(deadlocked, recorder));
  EXPECT_EQ(deadlocked.size(), 4u);

  release.Open();
  EXPECT_TRUE(released->WaitIdle(kLongMs).ok());
  for (const auto& s : {never, itself, cycle_a, cycle_b}) sched.DestroyStream(s, /*force=*/true);
  EXPECT_TRUE(sched.DeadlockedStreams().empty());
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
}

TEST(SchedulerFunctional, ForcedDestroyAbandonsQueuedRecordsAndReleasesTheirWaiters) {
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  auto never = std::make_shared<SimEvent>(0);
  auto ev = std::make_shared<SimEvent>(0);
  std::atomic<bool> b_ran{false};
  sched.Submit(*a, Kernel(100 * kPsPerUs));  // id 1: [5, 105) us
  sched.WaitEvent(*a, never);                // id 2: never satisfied, untimed
  sched.RecordEvent(*a, ev);                 // id 3: untimed, will be discarded
  sched.WaitEvent(*b, ev);                   // id 4: bound to id 3's generation
  sched.Submit(*b, Payload([&] {             // id 5
    b_ran = true;
    return Status::Ok();
  }));
  EXPECT_EQ(b->WaitIdle(20).code(), err::kRtStreamSyncTimeout);
  EXPECT_EQ(ev->Query(), SimEvent::Status::kPending);
  sched.DestroyStream(a, /*force=*/true);
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_TRUE(b_ran.load());
  // The abandoned record does not make the event recorded, and the host does not hang on it.
  EXPECT_EQ(ev->Query(), SimEvent::Status::kNotRecorded);
  EXPECT_TRUE(sched.SynchronizeEvent(*ev, kLongMs));
  SimPs ts = 0;
  EXPECT_FALSE(ev->Timestamp(&ts));
  // B's tasks got times: from the point where A stopped (its tail, the end of id 1).
  auto ends = obs->ends();
  ASSERT_TRUE(ends.count(4) && ends.count(5));
  EXPECT_EQ(ends[4].start_ps, 105 * kPsPerUs);
  EXPECT_EQ(ends[5].start_ps, 105 * kPsPerUs);
  EXPECT_EQ(ends[5].end_ps, 106 * kPsPerUs);
}

TEST(SchedulerFunctional, RecordSkippedAfterAFailureDoesNotBlockWaitersOrTheHost) {
  Scheduler sched(0, RoundParams());
  auto a = sched.CreateStream(1, 0);
  auto b = sched.CreateStream(2, 0);
  a->SetStopOnFailure(true);
  auto ev = std::make_shared<SimEvent>(0);
  std::atomic<bool> b_ran{false};
  sched.Submit(*a, Payload([] { return Status(err::kFailure, "kernel failed"); }));
  sched.RecordEvent(*a, ev);  // skipped
  sched.WaitEvent(*b, ev);
  sched.Submit(*b, Payload([&] {
    b_ran = true;
    return Status::Ok();
  }));
  ASSERT_TRUE(sched.SynchronizeStream(*b, kLongMs).ok());
  EXPECT_TRUE(b_ran.load());
  EXPECT_TRUE(sched.SynchronizeEvent(*ev, kLongMs));
  EXPECT_EQ(ev->Query(), SimEvent::Status::kNotRecorded);
  EXPECT_TRUE(ev->WaitsComplete());
  EXPECT_EQ(sched.SynchronizeStream(*a, kLongMs).code(), err::kFailure);
  // The next record completes normally.
  sched.RecordEvent(*a, ev);
  EXPECT_TRUE(sched.SynchronizeEvent(*ev, kLongMs));
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
}

TEST(SchedulerFunctional, DestructorWithPendingWorkDoesNotHang) {
  std::atomic<int> ran{0};
  std::shared_ptr<HwStream> kept;  // a stream handle that outlives the scheduler
  auto obs = std::make_shared<RecordingObserver>();
  const auto t0 = Clock::now();
  {
    Scheduler sched(0, RoundParams());
    sched.AddObserver(obs);
    auto blocked = sched.CreateStream(1, 0);
    auto busy = sched.CreateStream(2, 0);
    auto ev = std::make_shared<SimEvent>(0);
    sched.WaitEvent(*blocked, ev);  // never recorded
    for (int i = 0; i < 100; ++i) {
      sched.Submit(*blocked, Payload([&] {
        ++ran;
        return Status::Ok();
      }));
      sched.Submit(*busy, Payload([&] {
        std::this_thread::yield();
        return Status::Ok();
      }));
    }
    // A stream waiting on a record queued behind the blocked wait.
    auto ev2 = std::make_shared<SimEvent>(0);
    sched.RecordEvent(*blocked, ev2);
    sched.WaitEvent(*busy, ev2);
    kept = blocked;
  }
  EXPECT_LT(MsSince(t0), 2000);
  EXPECT_EQ(ran.load(), 0);
  // Whatever ran during the teardown had simulated times.
  for (const auto& c : obs->calls()) EXPECT_GT(c.record.end_ps, 0u) << "task " << c.record.task_id;
}

TEST(SchedulerFunctional, ConcurrentSubmittersToOneStreamKeepTimingAndExecutionOrderAligned) {
  Scheduler sched(0, RoundParams());
  auto s = sched.CreateStream(1, 0);
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  constexpr int kThreads = 4;
  constexpr int kPer = 100;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kPer; ++i) sched.Submit(*s, Kernel(kPsPerUs));
    });
  }
  for (auto& t : threads) t.join();
  ASSERT_TRUE(sched.SynchronizeStream(*s, kLongMs).ok());
  // On one stream, execution order must be simulated order: starts never go backwards.
  SimPs last_end = 0;
  size_t ends = 0;
  for (const auto& c : obs->calls()) {
    if (c.begin) continue;
    ++ends;
    EXPECT_GE(c.record.start_ps, last_end) << "task " << c.record.task_id;
    last_end = c.record.end_ps;
  }
  EXPECT_EQ(ends, static_cast<size_t>(kThreads * kPer));
}

TEST(SchedulerStress, ThreadsRecordingAndWaitingOneEventFinishWithEveryTaskTimed) {
  // Generations are bound in one global submission order and every wait binds to a record
  // enqueued before it, so waits cannot form a cycle: whatever the interleaving, every
  // stream finishes and every task has simulated times.
  Scheduler sched(0, RoundParams());
  auto obs = std::make_shared<RecordingObserver>();
  sched.AddObserver(obs);
  auto ev = std::make_shared<SimEvent>(0);
  constexpr int kThreads = 4;
  constexpr int kRounds = 150;
  std::vector<std::shared_ptr<HwStream>> streams;
  for (int i = 0; i < kThreads; ++i) streams.push_back(sched.CreateStream(static_cast<uint32_t>(i), 0));
  // Recorded once up front: every later wait binds to a record already enqueued. (A wait
  // before any record binds to the next one, which could be queued behind it on its own
  // stream: a deadlock by Ascend semantics, not a scheduler bug.)
  auto first = sched.CreateStream(99, 0);
  sched.RecordEvent(*first, ev);
  std::atomic<bool> done{false};
  std::thread poller([&] {
    while (!done.load()) {
      (void)ev->Query();
      (void)ev->WaitsComplete();
      SimPs ts;
      (void)ev->Timestamp(&ts);
      (void)sched.HostNow();
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      HwStream& s = *streams[t];
      for (int i = 0; i < kRounds; ++i) {
        sched.Submit(s, Kernel((1 + (i + t) % 5) * kPsPerUs, 1 + i % 3));
        if ((i + t) % 3 == 0) sched.RecordEvent(s, ev);
        if ((i + t) % 4 == 1) sched.WaitEvent(s, ev);
      }
      sched.RecordEvent(s, ev);
    });
  }
  for (auto& t : threads) t.join();
  Status synced = sched.SynchronizeAll(kLongMs);
  done = true;
  poller.join();
  ASSERT_TRUE(synced.ok()) << synced.message();
  EXPECT_TRUE(ev->WaitsComplete());
  EXPECT_EQ(ev->Query(), SimEvent::Status::kComplete);
  std::map<uint32_t, SimPs> last_end;
  size_t ends = 0;
  for (const auto& c : obs->calls()) {
    if (c.begin) continue;
    ++ends;
    EXPECT_GT(c.record.end_ps, 0u) << "task " << c.record.task_id << " ran untimed";
    EXPECT_GE(c.record.start_ps, last_end[c.record.stream_id]) << "task " << c.record.task_id;
    last_end[c.record.stream_id] = c.record.end_ps;
  }
  size_t submitted = first->submitted();
  for (auto& s : streams) submitted += s->submitted();
  EXPECT_EQ(ends, submitted);
}

TEST(SchedulerStress, ForcedDestroyRacingWithAnEventWait) {
  // Abort may land before, during or after the worker starts its wait; none may hang.
  Scheduler sched(0, RoundParams());
  auto recorder = sched.CreateStream(100, 0);
  for (int i = 0; i < 40; ++i) {
    auto s = sched.CreateStream(static_cast<uint32_t>(i), 0);
    auto ev = std::make_shared<SimEvent>(0);
    sched.Submit(*s, Kernel(kPsPerUs));
    sched.WaitEvent(*s, ev);
    sched.Submit(*s, Kernel(kPsPerUs));
    if (i % 2 == 0) sched.RecordEvent(*recorder, ev);  // sometimes the wait is satisfied
    sched.DestroyStream(s, /*force=*/true);
    EXPECT_TRUE(s->Idle());
    // Submitting to a destroyed stream is discarded instead of hanging a later sync.
    sched.Submit(*s, Kernel(kPsPerUs));
    EXPECT_TRUE(s->WaitIdle(kLongMs).ok());
  }
  EXPECT_TRUE(sched.SynchronizeAll(kLongMs).ok());
}

}  // namespace
}  // namespace asim::sim
