// Conformance: acl_rt.h streams — create/destroy/synchronize/query, the default (NULL)
// stream, FIFO order, cross-stream ordering through events, waits on events recorded later,
// synchronisation timeouts, stream config handles, failure mode.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

class StreamTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (void* p : device_) (void)aclrtFree(p);
    for (aclrtStream s : streams_) (void)aclrtDestroyStreamForce(s);
    for (aclrtEvent e : events_) (void)aclrtDestroyEvent(e);
  }
  aclrtStream NewStream() {
    aclrtStream s = nullptr;
    EXPECT_ACL_OK(aclrtCreateStream(&s));
    if (s != nullptr) streams_.push_back(s);
    return s;
  }
  aclrtEvent NewEvent() {
    aclrtEvent e = nullptr;
    EXPECT_ACL_OK(aclrtCreateEvent(&e));
    if (e != nullptr) events_.push_back(e);
    return e;
  }
  void* NewDevice(size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_NORMAL_ONLY));
    if (p != nullptr) device_.push_back(p);
    return p;
  }
  // Removes `s` from the cleanup list (the test destroyed it).
  void Forget(aclrtStream s) { streams_.erase(std::remove(streams_.begin(), streams_.end(), s), streams_.end()); }
  std::vector<uint8_t> Read(const void* dev, size_t n) {
    std::vector<uint8_t> host(n);
    EXPECT_ACL_OK(aclrtMemcpy(host.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST));
    return host;
  }

  std::vector<void*> device_;
  std::vector<aclrtStream> streams_;
  std::vector<aclrtEvent> events_;
};

TEST_F(StreamTest, CreateSynchronizeQueryDestroy) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_NE(s, nullptr);
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtStreamQuery(s, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);  // nothing queued
  void* p = NewDevice(4096);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 4096, 0x3C, 4096, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclrtStreamQuery(s, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(Read(p, 4096), std::vector<uint8_t>(4096, 0x3C));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
}

// A stream waiting for an event the application destroyed (nothing can record it any more) is
// destroyed after its earlier tasks ran, the ones behind the wait discarded: no hang.
TEST_F(StreamTest, DestroyReturnsWhenTheStreamWaitsForADestroyedEvent) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  aclrtEvent gone = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&gone));
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 64, 1, 64, s));  // before the wait: runs
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, gone));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 64, 2, 64, s));  // behind it: discarded
  ASSERT_ACL_OK(aclrtDestroyEvent(gone));
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  unsigned char host[64] = {};
  ASSERT_ACL_OK(aclrtMemcpy(host, 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 1);
  ASSERT_ACL_OK(aclrtFree(d));
}

TEST_F(StreamTest, CreateNullIsInvalidParam) {
  EXPECT_ACL_ERROR(aclrtCreateStream(nullptr), ACL_ERROR_INVALID_PARAM, "stream");
  EXPECT_ACL_ERROR(aclrtCreateStreamWithConfig(nullptr, 0, 0), ACL_ERROR_INVALID_PARAM, "stream");
  EXPECT_ACL_ERROR(aclrtStreamQuery(nullptr, nullptr), ACL_ERROR_INVALID_PARAM, "status");
}

TEST_F(StreamTest, CreateWithoutContextIsContextNull) {
  aclError ret = ACL_SUCCESS;
  std::thread t([&] {
    aclrtStream s = nullptr;
    ret = aclrtCreateStream(&s);
  });
  t.join();
  EXPECT_EQ(ret, ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(StreamTest, NullIsTheDefaultStreamEverywhere) {
  void* p = NewDevice(1024);
  std::vector<uint8_t> src(1024);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 1024, 0, 1024, nullptr));
  ASSERT_ACL_OK(aclrtMemcpyAsync(p, 1024, src.data(), 1024, ACL_MEMCPY_HOST_TO_DEVICE, nullptr));
  aclrtEvent e = NewEvent();
  ASSERT_ACL_OK(aclrtRecordEvent(e, nullptr));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(nullptr, e));
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStreamWithTimeout(nullptr, 1000));
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtStreamQuery(nullptr, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);
  EXPECT_EQ(Read(p, 1024), src);
}

TEST_F(StreamTest, TasksRunInFifoOrder) {
  // Many overlapping async memsets and copies on one stream: each later one wins.
  const size_t n = 4096;
  aclrtStream s = NewStream();
  void* dev = NewDevice(n);
  void* scratch = NewDevice(n);
  std::vector<std::vector<uint8_t>> patterns;
  for (int round = 0; round < 40; ++round) {
    const size_t off = static_cast<size_t>(round) * 64;
    ASSERT_ACL_OK(aclrtMemsetAsync(static_cast<uint8_t*>(dev) + off, n - off, round, n - off, s));
    patterns.emplace_back(n / 2, static_cast<uint8_t>(0xA0 + round));
    ASSERT_ACL_OK(aclrtMemcpyAsync(scratch, n, patterns.back().data(), n / 2, ACL_MEMCPY_HOST_TO_DEVICE, s));
    ASSERT_ACL_OK(
        aclrtMemcpyAsync(static_cast<uint8_t*>(dev) + n - 128, 128, scratch, 128, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  const std::vector<uint8_t> host = Read(dev, n);
  for (size_t i = 0; i < n - 128; ++i) {
    const size_t last_round = std::min<size_t>(i / 64, 39);
    ASSERT_EQ(host[i], static_cast<uint8_t>(last_round)) << "byte " << i;
  }
  for (size_t i = n - 128; i < n; ++i) ASSERT_EQ(host[i], 0xA0 + 39) << "byte " << i;
}

TEST_F(StreamTest, EventOrdersTwoStreams) {
  // A: large H2D copy, record. B: wait, then copy A's result onward. B must see A's data.
  const size_t n = 4 << 20;
  aclrtStream a = NewStream();
  aclrtStream b = NewStream();
  aclrtEvent e = NewEvent();
  void* first = NewDevice(n);
  void* second = NewDevice(n);
  std::vector<uint8_t> src(n);
  for (size_t i = 0; i < n; ++i) src[i] = static_cast<uint8_t>(i * 31 + 7);
  ASSERT_ACL_OK(aclrtMemsetAsync(second, n, 0, n, b));
  ASSERT_ACL_OK(aclrtMemcpyAsync(first, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, a));
  ASSERT_ACL_OK(aclrtRecordEvent(e, a));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(b, e));
  ASSERT_ACL_OK(aclrtMemcpyAsync(second, n, first, n, ACL_MEMCPY_DEVICE_TO_DEVICE, b));
  ASSERT_ACL_OK(aclrtSynchronizeStream(b));
  EXPECT_EQ(Read(second, n), src);
}

TEST_F(StreamTest, WaitOnEventNotYetRecordedBlocksUntilRecorded) {
  const size_t n = 8192;
  aclrtStream a = NewStream();
  aclrtStream b = NewStream();
  aclrtEvent e = NewEvent();
  void* dev = NewDevice(n);
  void* out = NewDevice(n);
  // B waits first (Ascend semantics: the wait binds to the next record), then copies.
  ASSERT_ACL_OK(aclrtStreamWaitEvent(b, e));
  ASSERT_ACL_OK(aclrtMemcpyAsync(out, n, dev, n, ACL_MEMCPY_DEVICE_TO_DEVICE, b));
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtStreamQuery(b, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_NOT_READY);
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(b, 20), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "20 ms");
  // Now A produces the data and records.
  ASSERT_ACL_OK(aclrtMemsetAsync(dev, n, 0x5D, n, a));
  ASSERT_ACL_OK(aclrtRecordEvent(e, a));
  ASSERT_ACL_OK(aclrtSynchronizeStream(b));
  EXPECT_EQ(Read(out, n), std::vector<uint8_t>(n, 0x5D));
}

TEST_F(StreamTest, SynchronizeWithTimeoutOnNeverRecordedEventTimesOut) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  aclrtEvent never = NewEvent();
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s, never));
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(s, 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "50 ms");
  const auto waited = std::chrono::steady_clock::now() - t0;
  EXPECT_GE(waited, std::chrono::milliseconds(45));
  EXPECT_LT(waited, std::chrono::seconds(5));
  EXPECT_EQ(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, 507046);
  // 0 polls.
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(s, 0), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, "0 ms");
  // The stream can still be destroyed.
  ASSERT_ACL_OK(aclrtDestroyStreamForce(s));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
}

TEST_F(StreamTest, SynchronizeWithInvalidTimeoutIsInvalidParam) {
  EXPECT_ACL_ERROR(aclrtSynchronizeStreamWithTimeout(nullptr, -2), ACL_ERROR_RT_PARAM_INVALID, "-2");
  EXPECT_ACL_OK(aclrtSynchronizeStreamWithTimeout(nullptr, -1));  // -1 waits forever
}

TEST_F(StreamTest, CreateWithConfigVariants) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&s, 0, ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC));
  streams_.push_back(s);
  aclrtStream t = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&t, 3, 0));
  streams_.push_back(t);
  // Other flag values (ACL_STREAM_PERSISTENT 0x4, ACL_STREAM_HUGE 0x8, unknown bits) create
  // an ordinary stream, as the real API documents.
  for (uint32_t flag : {0x4u, 0x8u, 0x80u, 0x100u}) {
    aclrtStream other = nullptr;
    ASSERT_ACL_OK(aclrtCreateStreamWithConfig(&other, 0, flag));
    ASSERT_NE(other, nullptr);
    streams_.push_back(other);
  }
  // They are real streams (each writes its own buffer: unordered writes to one buffer from
  // two streams would be an application race).
  void* p = NewDevice(64);
  void* q = NewDevice(64);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 64, 9, 64, s));
  ASSERT_ACL_OK(aclrtMemsetAsync(q, 64, 10, 64, t));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(t));
  unsigned char host[64];
  ASSERT_ACL_OK(aclrtMemcpy(host, sizeof(host), q, 64, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host[0], 10);
  EXPECT_EQ(host[63], 10);
}

TEST_F(StreamTest, ConfigHandleAndCreateStreamV2) {
  aclrtStreamConfigHandle* handle = aclrtCreateStreamConfigHandle();
  ASSERT_NE(handle, nullptr);
  const uint32_t priority = 2;
  ASSERT_ACL_OK(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, &priority, sizeof(priority)));
  const size_t flag = ACL_STREAM_FAST_LAUNCH;
  ASSERT_ACL_OK(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_FLAG, &flag, sizeof(flag)));
  const size_t work_size = 1024;
  ASSERT_ACL_OK(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_WORK_SIZE, &work_size, sizeof(work_size)));
  void* work_ptr = nullptr;
  ASSERT_ACL_OK(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_WORK_ADDR_PTR, &work_ptr, sizeof(work_ptr)));
  EXPECT_EQ(handle->priority, 2u);
  EXPECT_EQ(handle->workSize, 1024u);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStreamV2(&s, handle));
  streams_.push_back(s);
  void* p = NewDevice(64);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 64, 1, 64, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  // Errors.
  EXPECT_ACL_ERROR(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, &priority, 1), ACL_ERROR_INVALID_PARAM,
                   "valueSize 1");
  EXPECT_ACL_ERROR(aclrtSetStreamConfigOpt(handle, static_cast<aclrtStreamConfigAttr>(9), &priority, 4),
                   ACL_ERROR_INVALID_PARAM, "attr 9");
  EXPECT_ACL_ERROR(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, nullptr, 4), ACL_ERROR_INVALID_PARAM,
                   "attrValue");
  EXPECT_ACL_ERROR(aclrtSetStreamConfigOpt(nullptr, ACL_RT_STREAM_PRIORITY, &priority, 4), ACL_ERROR_INVALID_PARAM,
                   "handle");
  aclrtStream none = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStreamV2(&none, nullptr), ACL_ERROR_INVALID_PARAM, "handle");
  EXPECT_ACL_ERROR(aclrtCreateStreamV2(nullptr, handle), ACL_ERROR_INVALID_PARAM, "stream");
  ASSERT_ACL_OK(aclrtDestroyStreamConfigHandle(handle));
  EXPECT_ACL_ERROR(aclrtDestroyStreamConfigHandle(nullptr), ACL_ERROR_INVALID_PARAM, "handle");
  // A destroyed handle is refused by every call, never freed twice or read.
  EXPECT_ACL_ERROR(aclrtDestroyStreamConfigHandle(handle), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not live");
  EXPECT_ACL_ERROR(aclrtSetStreamConfigOpt(handle, ACL_RT_STREAM_PRIORITY, &priority, sizeof(priority)),
                   ACL_ERROR_INVALID_RESOURCE_HANDLE, "not live");
  aclrtStream stale = nullptr;
  EXPECT_ACL_ERROR(aclrtCreateStreamV2(&stale, handle), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not live");
}

TEST_F(StreamTest, StaleStreamHandleIsInvalidResourceHandle) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_ERROR(aclrtDestroyStream(s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  aclrtStreamStatus status;
  EXPECT_ACL_ERROR(aclrtStreamQuery(s, &status), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  void* p = NewDevice(64);
  EXPECT_ACL_ERROR(aclrtMemsetAsync(p, 64, 0, 64, s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  aclrtEvent e = NewEvent();
  EXPECT_ACL_ERROR(aclrtRecordEvent(e, s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(s, e), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
  int bogus = 0;
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(&bogus), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live stream");
}

TEST_F(StreamTest, DestroyNullIsInvalidParam) {
  EXPECT_ACL_ERROR(aclrtDestroyStream(nullptr), ACL_ERROR_INVALID_PARAM, "default stream");
  EXPECT_ACL_ERROR(aclrtDestroyStreamForce(nullptr), ACL_ERROR_INVALID_PARAM, "default stream");
}

TEST_F(StreamTest, DestroyWaitsForQueuedWork) {
  const size_t n = 1 << 20;
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* p = NewDevice(n);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, n, 0x42, n, s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_EQ(Read(p, n), std::vector<uint8_t>(n, 0x42));
}

TEST_F(StreamTest, WaitEventArgumentErrors) {
  aclrtStream s = NewStream();
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(s, nullptr), ACL_ERROR_INVALID_PARAM, "event");
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  ASSERT_ACL_OK(aclrtDestroyEvent(e));
  EXPECT_ACL_ERROR(aclrtStreamWaitEvent(s, e), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live event");
}

TEST_F(StreamTest, SetStreamFailureMode) {
  aclrtStream s = NewStream();
  EXPECT_ACL_OK(aclrtSetStreamFailureMode(s, ACL_STOP_ON_FAILURE));
  EXPECT_ACL_OK(aclrtSetStreamFailureMode(s, ACL_CONTINUE_ON_FAILURE));
  EXPECT_ACL_ERROR(aclrtSetStreamFailureMode(s, 2), ACL_ERROR_INVALID_PARAM, "failure mode 2");
  EXPECT_ACL_ERROR(aclrtSetStreamFailureMode(nullptr, ACL_STOP_ON_FAILURE), ACL_ERROR_INVALID_PARAM, "stream");
  aclrtStream gone = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&gone));
  ASSERT_ACL_OK(aclrtDestroyStream(gone));
  EXPECT_ACL_ERROR(aclrtSetStreamFailureMode(gone, ACL_STOP_ON_FAILURE), ACL_ERROR_INVALID_RESOURCE_HANDLE,
                   "not a live stream");
  // The stream still works after a mode change.
  void* p = NewDevice(64);
  ASSERT_ACL_OK(aclrtMemsetAsync(p, 64, 1, 64, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
}

TEST_F(StreamTest, ManyStreamsCanBeCreatedAndDestroyed) {
  std::vector<aclrtStream> many(32, nullptr);
  for (auto& s : many) ASSERT_ACL_OK(aclrtCreateStream(&s));
  for (size_t i = 0; i < many.size(); ++i) {
    for (size_t j = i + 1; j < many.size(); ++j) ASSERT_NE(many[i], many[j]);
  }
  for (auto& s : many) ASSERT_ACL_OK(aclrtDestroyStream(s));
}

}  // namespace
