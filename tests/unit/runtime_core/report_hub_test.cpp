// Unit tests of runtime/core/report_hub: the callback hand-off between streams and report threads.
#include "runtime/core/report_hub.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace asim::rt {
namespace {

const void* const kStreamA = reinterpret_cast<const void*>(0x1000);
const void* const kStreamB = reinterpret_cast<const void*>(0x2000);

void Count(void* counter) {
  static_cast<std::atomic<int>*>(counter)->fetch_add(1);
}

TEST(ReportHub, SubscribeTwiceIsRepeatSubscribe) {
  ReportHub hub;
  ASSERT_TRUE(hub.Subscribe(7, kStreamA).ok());
  Status st = hub.Subscribe(8, kStreamA);
  EXPECT_EQ(st.code(), err::kRepeatSubscribe);
  EXPECT_NE(st.message().find("already subscribed"), std::string::npos);
}

TEST(ReportHub, ProcessOnUnsubscribedThreadIsThreadNotSubscribe) {
  ReportHub hub;
  EXPECT_EQ(hub.Process(42, 0).code(), err::kThreadNotSubscribe);
}

TEST(ReportHub, SubscriberOfUnsubscribedStreamIsStreamNotSubscribe) {
  ReportHub hub;
  uint64_t tid = 0;
  EXPECT_EQ(hub.SubscriberOf(kStreamA, &tid).code(), err::kStreamNotSubscribe);
  ASSERT_TRUE(hub.Subscribe(5, kStreamA).ok());
  ASSERT_TRUE(hub.SubscriberOf(kStreamA, &tid).ok());
  EXPECT_EQ(tid, 5u);
}

TEST(ReportHub, ProcessTimesOutWhenNothingQueued) {
  ReportHub hub;
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  EXPECT_EQ(hub.Process(1, 10).code(), err::kWaitCallbackTimeout);
}

TEST(ReportHub, NoBlockDeliveryIsRunByProcess) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, /*block=*/false).ok());
  EXPECT_EQ(runs.load(), 0);  // queued, not run by the deliverer
  ASSERT_TRUE(hub.Process(1, 0).ok());
  EXPECT_EQ(runs.load(), 1);
}

TEST(ReportHub, BlockingDeliveryWaitsForTheReportThread) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  std::atomic<bool> delivered{false};
  std::thread stream_worker([&] {
    ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, /*block=*/true).ok());
    delivered = true;
  });
  ASSERT_TRUE(hub.Process(1, -1).ok());  // the report thread runs it
  stream_worker.join();
  EXPECT_TRUE(delivered.load());
  EXPECT_EQ(runs.load(), 1);
}

TEST(ReportHub, CallbacksGoToTheThreadThatSubscribedTheStream) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  ASSERT_TRUE(hub.Subscribe(2, kStreamB).ok());
  ASSERT_TRUE(hub.Deliver(kStreamB, Count, &runs, false).ok());
  EXPECT_EQ(hub.Process(1, 0).code(), err::kWaitCallbackTimeout);
  EXPECT_TRUE(hub.Process(2, 0).ok());
  EXPECT_EQ(runs.load(), 1);
}

TEST(ReportHub, UnsubscribeRunsQueuedCallbacksOnTheCallingThread) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, /*block=*/false).ok());
  ASSERT_TRUE(hub.Unsubscribe(1, kStreamA).ok());
  EXPECT_EQ(runs.load(), 1);  // not lost, and nobody is left waiting for it
  EXPECT_EQ(hub.Process(1, 0).code(), err::kThreadNotSubscribe);
}

TEST(ReportHub, UnsubscribeByAnotherThreadIdIsRefused) {
  ReportHub hub;
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  EXPECT_EQ(hub.Unsubscribe(2, kStreamA).code(), err::kInvalidParam);
  EXPECT_EQ(hub.Unsubscribe(1, kStreamB).code(), err::kStreamNotSubscribe);
  EXPECT_TRUE(hub.Unsubscribe(1, kStreamA).ok());
}

TEST(ReportHub, DeliveryAfterUnsubscribeRunsInline) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, /*block=*/true).ok());
  EXPECT_EQ(runs.load(), 1);
}

TEST(ReportHub, ClearRunsEverythingQueued) {
  ReportHub hub;
  std::atomic<int> runs{0};
  ASSERT_TRUE(hub.Subscribe(1, kStreamA).ok());
  ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, false).ok());
  ASSERT_TRUE(hub.Deliver(kStreamA, Count, &runs, false).ok());
  hub.Clear();
  EXPECT_EQ(runs.load(), 2);
  EXPECT_EQ(hub.Process(1, 0).code(), err::kThreadNotSubscribe);
}

}  // namespace
}  // namespace asim::rt
