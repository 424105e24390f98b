// Unit tests of runtime/tdt/bounded_queue.h and deadline.h: capacity, reservation, FIFO
// order, timeouts, stop/close waking waiters, clear.
#include "runtime/tdt/bounded_queue.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

namespace asim::tdt {
namespace {

using std::chrono::milliseconds;

TEST(Deadline, ParsesTheThreeKindsOfTimeout) {
  Deadline d = Deadline::Now();
  ASSERT_TRUE(Deadline::Parse(-1, &d).ok());
  EXPECT_TRUE(d.forever());
  ASSERT_TRUE(Deadline::Parse(0, &d).ok());
  EXPECT_FALSE(d.forever());
  EXPECT_EQ(d.timeout_ms(), 0);
  ASSERT_TRUE(Deadline::Parse(25, &d).ok());
  EXPECT_EQ(d.timeout_ms(), 25);
  Status st = Deadline::Parse(-2, &d);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("-2"), std::string::npos);
  EXPECT_NE(Deadline::Now().Describe().find("without waiting"), std::string::npos);
}

TEST(BoundedQueue, FifoWithinCapacity) {
  BoundedQueue<int> q(3);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
    ASSERT_EQ(q.Commit(i), QueueResult::kOk);
  }
  EXPECT_EQ(q.size(), 3u);
  EXPECT_EQ(q.Reserve(Deadline::Now()), QueueResult::kTimeout);  // full
  for (int i = 0; i < 3; ++i) {
    int v = -1;
    ASSERT_EQ(q.Pop(Deadline::Now(), &v), QueueResult::kOk);
    EXPECT_EQ(v, i);
  }
  int v = 0;
  EXPECT_EQ(q.Pop(Deadline::Now(), &v), QueueResult::kTimeout);  // empty
}

TEST(BoundedQueue, ReservedSlotsCountAgainstCapacityAndCancelReleasesThem) {
  BoundedQueue<int> q(2);
  ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  EXPECT_EQ(q.size(), 0u);  // reserved, not queued
  EXPECT_EQ(q.Reserve(Deadline::Now()), QueueResult::kTimeout);
  q.Cancel();
  EXPECT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  int v = 0;
  EXPECT_EQ(q.Pop(Deadline::Now(), &v), QueueResult::kTimeout);  // nothing committed yet
}

TEST(BoundedQueue, TimedWaitsExpire) {
  BoundedQueue<int> q(2);
  Deadline d = Deadline::Now();
  ASSERT_TRUE(Deadline::Parse(30, &d).ok());
  const auto start = std::chrono::steady_clock::now();
  int v = 0;
  EXPECT_EQ(q.Pop(d, &v), QueueResult::kTimeout);
  EXPECT_GE(std::chrono::steady_clock::now() - start, milliseconds(25));
}

TEST(BoundedQueue, BlockedPopWakesOnCommit) {
  BoundedQueue<int> q(2);
  int got = -1;
  std::thread consumer([&] { EXPECT_EQ(q.Pop(Deadline::Forever(), &got), QueueResult::kOk); });
  std::this_thread::sleep_for(milliseconds(20));
  ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  ASSERT_EQ(q.Commit(42), QueueResult::kOk);
  consumer.join();
  EXPECT_EQ(got, 42);
}

TEST(BoundedQueue, BlockedReserveWakesOnPop) {
  BoundedQueue<int> q(1);
  ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  ASSERT_EQ(q.Commit(1), QueueResult::kOk);
  std::thread producer([&] {
    EXPECT_EQ(q.Reserve(Deadline::Forever()), QueueResult::kOk);
    EXPECT_EQ(q.Commit(2), QueueResult::kOk);
  });
  std::this_thread::sleep_for(milliseconds(20));
  int v = 0;
  ASSERT_EQ(q.Pop(Deadline::Now(), &v), QueueResult::kOk);
  producer.join();
  ASSERT_EQ(q.Pop(Deadline::Forever(), &v), QueueResult::kOk);
  EXPECT_EQ(v, 2);
}

TEST(BoundedQueue, StopWakesEveryWaiterAndIsSticky) {
  BoundedQueue<int> empty(1);
  BoundedQueue<int> full(1);
  ASSERT_EQ(full.Reserve(Deadline::Now()), QueueResult::kOk);
  ASSERT_EQ(full.Commit(7), QueueResult::kOk);
  std::vector<std::thread> waiters;
  std::atomic<int> stopped{0};
  for (int i = 0; i < 3; ++i) {
    waiters.emplace_back([&] {
      int v = 0;
      if (empty.Pop(Deadline::Forever(), &v) == QueueResult::kStopped) ++stopped;
    });
    waiters.emplace_back([&] {
      if (full.Reserve(Deadline::Forever()) == QueueResult::kStopped) ++stopped;
    });
  }
  std::this_thread::sleep_for(milliseconds(20));
  empty.Stop();
  full.Stop();
  for (auto& t : waiters) t.join();
  EXPECT_EQ(stopped.load(), 6);
  int v = 0;
  EXPECT_EQ(full.Pop(Deadline::Now(), &v), QueueResult::kStopped);  // even with a value queued
  EXPECT_EQ(full.size(), 1u);
  EXPECT_TRUE(full.stopped());
}

TEST(BoundedQueue, CommitAfterStopDropsTheValue) {
  BoundedQueue<std::shared_ptr<int>> q(2);
  auto value = std::make_shared<int>(5);
  std::weak_ptr<int> watch = value;
  ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
  q.Stop();
  EXPECT_EQ(q.Commit(std::move(value)), QueueResult::kStopped);
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(q.size(), 0u);
}

TEST(BoundedQueue, CloseWinsOverStop) {
  // Once both happened, every later wait reports the close. (A waiter woken by the stop
  // before the close may legitimately see kStopped, so none is left waiting here.)
  BoundedQueue<int> q(1);
  int v = 0;
  q.Stop();
  q.Close();
  EXPECT_EQ(q.Pop(Deadline::Forever(), &v), QueueResult::kClosed);
  EXPECT_EQ(q.Reserve(Deadline::Now()), QueueResult::kClosed);
}

TEST(BoundedQueue, ClearReturnsTheQueuedValuesAndFreesRoom) {
  BoundedQueue<int> q(2);
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
    ASSERT_EQ(q.Commit(i), QueueResult::kOk);
  }
  auto removed = q.Clear();
  EXPECT_EQ(removed, (std::vector<int>{0, 1}));
  EXPECT_EQ(q.size(), 0u);
  EXPECT_EQ(q.Reserve(Deadline::Now()), QueueResult::kOk);
}

}  // namespace
}  // namespace asim::tdt
