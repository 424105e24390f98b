// Conformance: acl_rt.h events — creation flags, record/query (both numberings),
// synchronisation with and without timeout, elapsed simulated time (positive, deterministic,
// proportional to bytes / PCIe bandwidth), reset, wait status, stale handles.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

// aclrtQueryEvent is deprecated but part of the contract under test.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

class EventTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (void* p : device_) (void)aclrtFree(p);
    for (void* p : host_) (void)aclrtFreeHost(p);
    for (aclrtStream s : streams_) (void)aclrtDestroyStreamForce(s);
    for (aclrtEvent e : events_) (void)aclrtDestroyEvent(e);
  }
  aclrtStream NewStream() {
    aclrtStream s = nullptr;
    EXPECT_ACL_OK(aclrtCreateStream(&s));
    if (s != nullptr) streams_.push_back(s);
    return s;
  }
  aclrtEvent Keep(aclrtEvent e) {
    if (e != nullptr) events_.push_back(e);
    return e;
  }
  aclrtEvent NewEvent() {
    aclrtEvent e = nullptr;
    EXPECT_ACL_OK(aclrtCreateEvent(&e));
    return Keep(e);
  }
  void* NewDevice(size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    if (p != nullptr) device_.push_back(p);
    return p;
  }
  void* NewHost(size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMallocHost(&p, size));
    if (p != nullptr) host_.push_back(p);
    return p;
  }
  // Records start, copies `bytes` host -> device on `s`, records end, synchronizes; returns
  // aclrtEventElapsedTime(start, end).
  float TimeCopy(aclrtStream s, void* dst, const void* src, size_t bytes, aclrtMemcpyKind kind) {
    aclrtEvent start = NewEvent();
    aclrtEvent end = NewEvent();
    EXPECT_ACL_OK(aclrtRecordEvent(start, s));
    EXPECT_ACL_OK(aclrtMemcpyAsync(dst, bytes, src, bytes, kind, s));
    EXPECT_ACL_OK(aclrtRecordEvent(end, s));
    EXPECT_ACL_OK(aclrtSynchronizeEvent(end));
    float ms = -1.0f;
    EXPECT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
    return ms;
  }

  std::vector<void*> device_;
  std::vector<void*> host_;
  std::vector<aclrtStream> streams_;
  std::vector<aclrtEvent> events_;
};

// ---- creation ------------------------------------------------------------------------

TEST_F(EventTest, CreatePlainWithFlagAndExWithFlag) {
  aclrtEvent a = nullptr, b = nullptr, c = nullptr, d = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&a));
  Keep(a);
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&b, ACL_EVENT_TIME_LINE));
  Keep(b);
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&c, ACL_EVENT_SYNC));
  Keep(c);
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&d, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE));
  Keep(d);
  EXPECT_TRUE(a && b && c && d);
  EXPECT_NE(a, b);
  EXPECT_NE(c, d);
}

TEST_F(EventTest, CreateWithUnknownFlagIsInvalidParam) {
  aclrtEvent e = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(&e, 0x4), ACL_ERROR_INVALID_PARAM, "flag 4");
  EXPECT_ACL_ERROR(aclrtCreateEventExWithFlag(&e, 0x100), ACL_ERROR_INVALID_PARAM, "flag 256");
  EXPECT_EQ(e, nullptr);
  EXPECT_ACL_ERROR(aclrtCreateEvent(nullptr), ACL_ERROR_INVALID_PARAM, "event");
  EXPECT_ACL_ERROR(aclrtCreateEventWithFlag(nullptr, ACL_EVENT_SYNC), ACL_ERROR_INVALID_PARAM, "event");
}

TEST_F(EventTest, CreateWithoutContextIsContextNull) {
  aclError ret = ACL_SUCCESS;
  std::thread t([&] {
    aclrtEvent e = nullptr;
    ret = aclrtCreateEvent(&e);
  });
  t.join();
  EXPECT_EQ(ret, ACL_ERROR_RT_CONTEXT_NULL);
}

// ---- record and query ----------------------------------------------------------------

TEST_F(EventTest, NeverRecordedReportsNotReadyInBothNumberings) {
  aclrtEvent e = NewEvent();
  aclrtEventStatus old_status = ACL_EVENT_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEvent(e, &old_status));
  EXPECT_EQ(old_status, ACL_EVENT_STATUS_NOT_READY);
  EXPECT_EQ(static_cast<int>(old_status), 1);
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  EXPECT_EQ(static_cast<int>(status), 0);
}

TEST_F(EventTest, RecordedAndCompletedReportsCompleteInBothNumberings) {
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(e, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  aclrtEventStatus old_status = ACL_EVENT_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtQueryEvent(e, &old_status));
  EXPECT_EQ(old_status, ACL_EVENT_STATUS_COMPLETE);
  EXPECT_EQ(static_cast<int>(old_status), 0);  // COMPLETE is 0 here ...
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_EQ(static_cast<int>(status), 1);  // ... and 1 here
}

TEST_F(EventTest, RecordBehindBlockedWorkIsNotReadyUntilItRuns) {
  aclrtStream s = NewStream();
  aclrtStream other = NewStream();
  aclrtEvent gate = NewEvent();
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, gate));
  ASSERT_ACL_OK(aclrtRecordEvent(e, s));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  ASSERT_ACL_OK(aclrtRecordEvent(gate, other));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
}

TEST_F(EventTest, QueryArgumentErrors) {
  aclrtEvent e = NewEvent();
  EXPECT_ACL_ERROR(aclrtQueryEvent(e, nullptr), ACL_ERROR_INVALID_PARAM, "status");
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(e, nullptr), ACL_ERROR_INVALID_PARAM, "status");
  EXPECT_ACL_ERROR(aclrtQueryEventWaitStatus(e, nullptr), ACL_ERROR_INVALID_PARAM, "status");
  aclrtEventRecordedStatus status;
  EXPECT_ACL_ERROR(aclrtQueryEventStatus(nullptr, &status), ACL_ERROR_INVALID_PARAM, "event");
  EXPECT_ACL_ERROR(aclrtRecordEvent(nullptr, nullptr), ACL_ERROR_INVALID_PARAM, "event");
}

// ---- synchronisation -----------------------------------------------------------------

TEST_F(EventTest, SynchronizeNeverRecordedReturnsAtOnce) {
  aclrtEvent e = NewEvent();
  EXPECT_ACL_OK(aclrtSynchronizeEvent(e));
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(e, 10));
}

TEST_F(EventTest, SynchronizeWithTimeoutTimesOutOnBlockedRecord) {
  aclrtStream s = NewStream();
  aclrtStream other = NewStream();
  aclrtEvent gate = NewEvent();
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, gate));
  ASSERT_ACL_OK(aclrtRecordEvent(e, s));
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(e, 30), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "30 ms");
  EXPECT_EQ(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, 507047);
  EXPECT_ACL_ERROR(aclrtSynchronizeEventWithTimeout(e, -5), ACL_ERROR_RT_PARAM_INVALID, "-5");
  // Once the gate opens the same call succeeds.
  ASSERT_ACL_OK(aclrtRecordEvent(gate, other));
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(e, 5000));
  EXPECT_ACL_OK(aclrtSynchronizeEventWithTimeout(e, -1));
}

TEST_F(EventTest, SynchronizeMeansTheWorkBeforeTheRecordIsDone) {
  const size_t n = 2 << 20;
  aclrtStream s = NewStream();
  void* dev = NewDevice(n);
  void* host = NewHost(n);
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, n, 0xE1, n, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(host, n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(e, s));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  const auto* bytes = static_cast<const uint8_t*>(host);
  EXPECT_EQ(bytes[0], 0xE1);
  EXPECT_EQ(bytes[n - 1], 0xE1);
}

// ---- elapsed time --------------------------------------------------------------------

TEST_F(EventTest, ElapsedTimeOfACopyIsPositive) {
  const size_t n = 1 << 20;
  aclrtStream s = NewStream();
  void* dev = NewDevice(n);
  void* host = NewHost(n);
  const float ms = TimeCopy(s, dev, host, n, ACL_MEMCPY_HOST_TO_DEVICE);
  EXPECT_GT(ms, 0.0f);
}

TEST_F(EventTest, ElapsedTimeIsDeterministic) {
  const size_t n = 3 << 20;
  aclrtStream s = NewStream();
  void* dev = NewDevice(n);
  void* host = NewHost(n);
  const float first = TimeCopy(s, dev, host, n, ACL_MEMCPY_HOST_TO_DEVICE);
  // Some real host time passes in between; the simulated answer must not move.
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const float second = TimeCopy(s, dev, host, n, ACL_MEMCPY_HOST_TO_DEVICE);
  EXPECT_GT(first, 0.0f);
  EXPECT_EQ(first, second);
  // And on another stream.
  aclrtStream t = NewStream();
  const float third = TimeCopy(t, dev, host, n, ACL_MEMCPY_HOST_TO_DEVICE);
  EXPECT_EQ(first, third);
}

TEST_F(EventTest, ElapsedTimeFollowsBytesOverPcieBandwidth) {
  // Ascend310's host link is modelled at a few GB/s: 8 MiB take milliseconds, and twice the
  // bytes take about twice the time (a fixed per-copy latency aside).
  aclrtStream s = NewStream();
  const size_t small = 4 << 20;
  const size_t large = 8 << 20;
  void* dev = NewDevice(large);
  void* host = NewHost(large);
  const float t_small = TimeCopy(s, dev, host, small, ACL_MEMCPY_HOST_TO_DEVICE);
  const float t_large = TimeCopy(s, dev, host, large, ACL_MEMCPY_HOST_TO_DEVICE);
  // Plausible PCIe rates: between 0.5 and 32 GB/s.
  const double gbps = static_cast<double>(large) / (static_cast<double>(t_large) * 1e-3) / 1e9;
  EXPECT_GT(gbps, 0.5) << t_large << " ms";
  EXPECT_LT(gbps, 32.0) << t_large << " ms";
  const double ratio = static_cast<double>(t_large) / static_cast<double>(t_small);
  EXPECT_GT(ratio, 1.8);
  EXPECT_LT(ratio, 2.05);
  // A device-to-device copy of the same size is faster than crossing PCIe.
  void* dev2 = NewDevice(large);
  const float t_d2d = TimeCopy(s, dev2, dev, large, ACL_MEMCPY_DEVICE_TO_DEVICE);
  EXPECT_GT(t_d2d, 0.0f);
  EXPECT_LT(t_d2d, t_large);
}

TEST_F(EventTest, ElapsedTimeIsNegativeWhenEndPrecedesStart) {
  const size_t n = 1 << 20;
  aclrtStream s = NewStream();
  void* dev = NewDevice(n);
  void* host = NewHost(n);
  aclrtEvent a = NewEvent();
  aclrtEvent b = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(a, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(dev, n, host, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtRecordEvent(b, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  float forward = 0.0f, backward = 0.0f;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&forward, a, b));
  ASSERT_ACL_OK(aclrtEventElapsedTime(&backward, b, a));
  EXPECT_GT(forward, 0.0f);
  EXPECT_EQ(backward, -forward);
}

TEST_F(EventTest, ElapsedTimeOnNeverRecordedEventIsTimestampInvalid) {
  aclrtEvent recorded = NewEvent();
  aclrtEvent never = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(recorded, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(recorded));
  float ms = 0.0f;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, recorded, never), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                   "endEvent has not been recorded");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, never, recorded), ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID,
                   "startEvent has not been recorded");
  EXPECT_EQ(ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID, 107006);
}

TEST_F(EventTest, ElapsedTimeOnIncompleteEventIsNotComplete) {
  aclrtStream s = NewStream();
  aclrtStream other = NewStream();
  aclrtEvent gate = NewEvent();
  aclrtEvent start = NewEvent();
  aclrtEvent end = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(start, s));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, gate));
  ASSERT_ACL_OK(aclrtRecordEvent(end, s));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(start));
  float ms = 0.0f;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE, "not completed");
  ASSERT_ACL_OK(aclrtRecordEvent(gate, other));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(end));
  EXPECT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
}

TEST_F(EventTest, ElapsedTimeRefusedForSyncOnlyEvent) {
  aclrtEvent sync_only = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&sync_only, ACL_EVENT_SYNC));
  Keep(sync_only);
  aclrtEvent timed = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(sync_only, nullptr));
  ASSERT_ACL_OK(aclrtRecordEvent(timed, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  float ms = 0.0f;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, sync_only, timed), ACL_ERROR_INVALID_PARAM, "ACL_EVENT_TIME_LINE");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, timed, sync_only), ACL_ERROR_INVALID_PARAM, "ACL_EVENT_TIME_LINE");
  // The sync-only event still works for synchronisation.
  EXPECT_ACL_OK(aclrtSynchronizeEvent(sync_only));
}

TEST_F(EventTest, ElapsedTimeWithTimeLineFlagWorks) {
  aclrtEvent a = nullptr, b = nullptr;
  ASSERT_ACL_OK(aclrtCreateEventWithFlag(&a, ACL_EVENT_TIME_LINE));
  Keep(a);
  ASSERT_ACL_OK(aclrtCreateEventExWithFlag(&b, ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC));
  Keep(b);
  void* dev = NewDevice(1 << 16);
  ASSERT_ACL_OK(aclrtRecordEvent(a, nullptr));
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, 1 << 16, 0, 1 << 16, nullptr));
  ASSERT_ACL_OK(aclrtRecordEvent(b, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(b));
  float ms = 0.0f;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, a, b));
  EXPECT_GT(ms, 0.0f);
}

TEST_F(EventTest, ElapsedTimeArgumentErrors) {
  aclrtEvent e = NewEvent();
  float ms = 0.0f;
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(nullptr, e, e), ACL_ERROR_INVALID_PARAM, "ms");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, nullptr, e), ACL_ERROR_INVALID_PARAM, "startEvent");
  EXPECT_ACL_ERROR(aclrtEventElapsedTime(&ms, e, nullptr), ACL_ERROR_INVALID_PARAM, "endEvent");
}

// ---- reset, wait status, destroy -----------------------------------------------------

TEST_F(EventTest, ResetMakesARecordedEventNotReady) {
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(e, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  ASSERT_ACL_OK(aclrtResetEvent(e, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  // Recording again completes it again.
  ASSERT_ACL_OK(aclrtRecordEvent(e, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  ASSERT_ACL_OK(aclrtQueryEventStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
  EXPECT_ACL_ERROR(aclrtResetEvent(nullptr, nullptr), ACL_ERROR_INVALID_PARAM, "event");
}

TEST_F(EventTest, WaitAfterResetBindsToTheNextRecord) {
  const size_t n = 4096;
  aclrtStream a = NewStream();
  aclrtStream b = NewStream();
  aclrtEvent e = NewEvent();
  void* dev = NewDevice(n);
  void* out = NewDevice(n);
  ASSERT_ACL_OK(aclrtRecordEvent(e, a));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(e));
  ASSERT_ACL_OK(aclrtResetEvent(e, a));
  ASSERT_ACL_OK(aclrtSynchronizeStream(a));
  // After the reset, B's wait is for a record that has not happened yet.
  ASSERT_ACL_OK(aclrtStreamWaitEvent(b, e));
  ASSERT_ACL_OK(aclrtMemcpyAsync(out, n, dev, n, ACL_MEMCPY_DEVICE_TO_DEVICE, b));
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(b, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "stream");
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, n, 0x77, n, a));
  ASSERT_ACL_OK(aclrtRecordEvent(e, a));
  ASSERT_ACL_OK(aclrtSynchronizeStream(b));
  std::vector<uint8_t> host(n);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), n, out, n, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host, std::vector<uint8_t>(n, 0x77));
}

TEST_F(EventTest, WaitStatus) {
  aclrtStream a = NewStream();
  aclrtStream b = NewStream();
  aclrtEvent e = NewEvent();
  aclrtEventWaitStatus status = ACL_EVENT_WAIT_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtQueryEventWaitStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_COMPLETE);  // no wait pending
  ASSERT_ACL_OK(aclrtStreamWaitEvent(b, e));
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_ACL_OK(aclrtQueryEventWaitStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_NOT_READY);
  ASSERT_ACL_OK(aclrtRecordEvent(e, a));
  ASSERT_ACL_OK(aclrtSynchronizeStream(b));
  ASSERT_ACL_OK(aclrtQueryEventWaitStatus(e, &status));
  EXPECT_EQ(status, ACL_EVENT_WAIT_STATUS_COMPLETE);
}

TEST_F(EventTest, DestroyedEventIsStaleHandle) {
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(aclrtDestroyEvent(e));
  EXPECT_ACL_ERROR(aclrtDestroyEvent(e), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
  EXPECT_ACL_ERROR(aclrtRecordEvent(e, nullptr), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
  aclrtEventStatus s1;
  EXPECT_ACL_ERROR(aclrtQueryEvent(e, &s1), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
  EXPECT_ACL_ERROR(aclrtSynchronizeEvent(e), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
  EXPECT_ACL_ERROR(aclrtResetEvent(e, nullptr), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
  EXPECT_ACL_ERROR(aclrtDestroyEvent(nullptr), ACL_ERROR_INVALID_PARAM, "event");
}

}  // namespace

// ---- aclrtSetOpWaitTimeout -----------------------------------------------------------

TEST_F(EventTest, OpWaitTimeoutFailsAWaitWhoseRecordNeverComes) {
  // A wait submitted after aclrtSetOpWaitTimeout(1) gives up after a second: the next
  // synchronization reports it (instead of blocking for ever), and the stream goes on.
  ASSERT_ACL_OK(aclrtSetOpWaitTimeout(1));
  aclrtStream s = NewStream();
  aclrtEvent never = NewEvent();
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, never));
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_RT_WAIT_TIMEOUT, "aclrtSetOpWaitTimeout");
  const auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_GE(waited, std::chrono::milliseconds(900));
  EXPECT_LT(waited, std::chrono::seconds(10));
  // The error was reported once; later work on the stream runs.
  void* d = NewDevice(64);
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 64, 7, 64, s));
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  // A record that comes in time satisfies the wait.
  aclrtStream other = NewStream();
  aclrtEvent later = NewEvent();
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, later));
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&ctx));
  std::thread recorder([&] {
    EXPECT_ACL_OK(aclrtSetCurrentContext(ctx));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_ACL_OK(aclrtRecordEvent(later, other));
  });
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  recorder.join();
  // 0: no limit again.
  ASSERT_ACL_OK(aclrtSetOpWaitTimeout(0));
}
