// Conformance: acl_rt.h host callbacks through a report thread — aclrtSubscribeReport,
// aclrtLaunchCallback (BLOCK / NO_BLOCK), aclrtProcessReport, aclrtUnSubscribeReport, and
// the exception-info getters.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

// The public samples' report thread: loops aclrtProcessReport(100) until told to stop.
class ReportThread {
 public:
  ReportThread() {
    thread_ = std::thread([this] {
      id_ = static_cast<uint64_t>(pthread_self());
      std_id_ = std::this_thread::get_id();
      ready_ = true;
      while (!stop_) {
        const aclError ret = aclrtProcessReport(100);
        if (ret == ACL_SUCCESS) {
          ++processed_;
        } else if (ret != ACL_ERROR_WAIT_CALLBACK_TIMEOUT) {
          // Not subscribed yet (or any more): keep polling until stopped.
          last_error_ = ret;
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
      }
    });
    while (!ready_) std::this_thread::yield();
  }
  ~ReportThread() { Stop(); }
  void Stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  uint64_t id() const { return id_; }
  std::thread::id std_id() const { return std_id_; }
  int processed() const { return processed_; }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> ready_{false};
  std::atomic<int> processed_{0};
  std::atomic<aclError> last_error_{ACL_SUCCESS};
  uint64_t id_ = 0;
  std::thread::id std_id_;
  std::thread thread_;
};

struct CallbackLog {
  std::mutex mutex;
  std::vector<int> order;
  std::vector<std::thread::id> threads;
};

struct CallbackArg {
  CallbackLog* log;
  int tag;
  int sleep_ms;
};

void RecordingCallback(void* user) {
  auto* arg = static_cast<CallbackArg*>(user);
  if (arg->sleep_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(arg->sleep_ms));
  std::lock_guard<std::mutex> lock(arg->log->mutex);
  arg->log->order.push_back(arg->tag);
  arg->log->threads.push_back(std::this_thread::get_id());
}

class CallbackTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_ACL_OK(aclrtCreateStream(&stream_)); }
  void TearDown() override {
    if (stream_ != nullptr) (void)aclrtDestroyStream(stream_);
    for (void* p : device_) (void)aclrtFree(p);
  }
  void* Dev(size_t n) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, n, ACL_MEM_MALLOC_NORMAL_ONLY));
    if (p != nullptr) device_.push_back(p);
    return p;
  }
  aclrtStream stream_ = nullptr;
  std::vector<void*> device_;
};

TEST_F(CallbackTest, CallbackRunsOnTheReportThread) {
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  CallbackLog log;
  CallbackArg a{&log, 1, 0};
  CallbackArg b{&log, 2, 0};
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &b, ACL_CALLBACK_NO_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  // NO_BLOCK: the stream does not wait for it; give the report thread a moment.
  for (int i = 0; i < 200 && reporter.processed() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
  reporter.Stop();
  std::lock_guard<std::mutex> lock(log.mutex);
  ASSERT_EQ(log.order, (std::vector<int>{1, 2}));
  for (const auto& tid : log.threads) EXPECT_EQ(tid, reporter.std_id());
  EXPECT_NE(log.threads[0], std::this_thread::get_id());
}

TEST_F(CallbackTest, BlockCallbackCompletesBeforeLaterWork) {
  // A BLOCK callback that sleeps, then a memset: the memset may not overtake it, and a
  // synchronize returns only after both.
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  void* d = Dev(256);
  ASSERT_ACL_OK(aclrtMemset(d, 256, 0, 256));
  std::atomic<bool> callback_done{false};
  struct Arg {
    std::atomic<bool>* done;
  } arg{&callback_done};
  ASSERT_ACL_OK(aclrtLaunchCallback(
      [](void* user) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        static_cast<Arg*>(user)->done->store(true);
      },
      &arg, ACL_CALLBACK_BLOCK, stream_));
  aclrtEvent after = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&after));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 256, 0x99, 256, stream_));
  ASSERT_ACL_OK(aclrtRecordEvent(after, stream_));
  // While the callback sleeps, the event after it is not reached.
  std::this_thread::sleep_for(std::chrono::milliseconds(10));
  aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_COMPLETE;
  ASSERT_ACL_OK(aclrtQueryEventStatus(after, &status));
  if (!callback_done) {
    EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_NOT_READY);
  }
  ASSERT_ACL_OK(aclrtSynchronizeEvent(after));
  EXPECT_TRUE(callback_done);
  std::vector<uint8_t> host(256);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), 256, d, 256, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(host, std::vector<uint8_t>(256, 0x99));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
  ASSERT_ACL_OK(aclrtDestroyEvent(after));
}

TEST_F(CallbackTest, CallbacksOnTwoStreamsShareOneReportThread) {
  ReportThread reporter;
  aclrtStream second = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&second));
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), second));
  CallbackLog log;
  CallbackArg a{&log, 10, 0};
  CallbackArg b{&log, 20, 0};
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &b, ACL_CALLBACK_BLOCK, second));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(second));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), second));
  ASSERT_ACL_OK(aclrtDestroyStream(second));
  std::lock_guard<std::mutex> lock(log.mutex);
  EXPECT_EQ(log.order.size(), 2u);
  for (const auto& tid : log.threads) EXPECT_EQ(tid, reporter.std_id());
}

TEST_F(CallbackTest, DefaultStreamCanBeSubscribed) {
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), nullptr));
  CallbackLog log;
  CallbackArg a{&log, 5, 0};
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), nullptr));
  std::lock_guard<std::mutex> lock(log.mutex);
  EXPECT_EQ(log.order, std::vector<int>{5});
}

TEST_F(CallbackTest, LaunchWithoutSubscriptionIsStreamNotSubscribe) {
  CallbackLog log;
  CallbackArg a{&log, 1, 0};
  EXPECT_ACL_ERROR(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, stream_),
                   ACL_ERROR_STREAM_NOT_SUBSCRIBE, "aclrtSubscribeReport");
  EXPECT_EQ(ACL_ERROR_STREAM_NOT_SUBSCRIBE, 100034);
  EXPECT_TRUE(log.order.empty());
}

TEST_F(CallbackTest, ProcessReportOnNonSubscribedThreadIsThreadNotSubscribe) {
  EXPECT_ACL_ERROR(aclrtProcessReport(10), ACL_ERROR_THREAD_NOT_SUBSCRIBE, "not subscribed");
  EXPECT_EQ(ACL_ERROR_THREAD_NOT_SUBSCRIBE, 100035);
  // Even when another thread is subscribed.
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  EXPECT_ACL_ERROR(aclrtProcessReport(10), ACL_ERROR_THREAD_NOT_SUBSCRIBE, "not subscribed");
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
}

TEST_F(CallbackTest, ProcessReportWithNothingQueuedTimesOut) {
  const uint64_t me = static_cast<uint64_t>(pthread_self());
  ASSERT_ACL_OK(aclrtSubscribeReport(me, stream_));
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_ACL_ERROR(aclrtProcessReport(30), ACL_ERROR_WAIT_CALLBACK_TIMEOUT, "30 ms");
  EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(25));
  EXPECT_EQ(ACL_ERROR_WAIT_CALLBACK_TIMEOUT, 100036);
  EXPECT_ACL_ERROR(aclrtProcessReport(0), ACL_ERROR_INVALID_PARAM, "0 ms is invalid");  // -1 or > 0 only
  EXPECT_ACL_ERROR(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM, "-2");
  ASSERT_ACL_OK(aclrtUnSubscribeReport(me, stream_));
}

TEST_F(CallbackTest, ProcessReportOnTheSubscribedThreadItselfRunsTheCallback) {
  const uint64_t me = static_cast<uint64_t>(pthread_self());
  ASSERT_ACL_OK(aclrtSubscribeReport(me, stream_));
  CallbackLog log;
  CallbackArg a{&log, 3, 0};
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_NO_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtProcessReport(2000));
  {
    std::lock_guard<std::mutex> lock(log.mutex);
    ASSERT_EQ(log.order, std::vector<int>{3});
    EXPECT_EQ(log.threads[0], std::this_thread::get_id());
  }
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(me, stream_));
}

TEST_F(CallbackTest, ProcessReportWaitingForeverReturnsWhenUnsubscribed) {
  // A report thread blocked in aclrtProcessReport(-1) must not stay blocked once its last
  // stream is unsubscribed. (Shared state on the heap: on a regression the thread is
  // detached and only woken by aclFinalize at the end of the run.)
  struct State {
    std::promise<aclError> result;
    std::atomic<uint64_t> tid{0};
    std::atomic<bool> subscribed{false};
  };
  auto state = std::make_shared<State>();
  std::future<aclError> done = state->result.get_future();
  aclrtStream stream = stream_;
  std::thread reporter([state, stream] {
    state->tid = static_cast<uint64_t>(pthread_self());
    if (aclrtSubscribeReport(state->tid, stream) != ACL_SUCCESS) {
      state->result.set_value(-1);
      return;
    }
    state->subscribed = true;
    state->result.set_value(aclrtProcessReport(-1));
  });
  for (int i = 0; i < 400 && !state->subscribed && done.wait_for(std::chrono::seconds(0)) != std::future_status::ready;
       ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!state->subscribed) {
    reporter.join();
    FAIL() << "the report thread could not subscribe: " << done.get();
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // let it block in aclrtProcessReport
  EXPECT_ACL_OK(aclrtUnSubscribeReport(state->tid, stream_));
  const bool returned = done.wait_for(std::chrono::seconds(2)) == std::future_status::ready;
  EXPECT_TRUE(returned) << "aclrtProcessReport(-1) still blocked 2 s after aclrtUnSubscribeReport";
  if (!returned) {
    reporter.detach();
    return;
  }
  reporter.join();
  EXPECT_EQ(done.get(), ACL_ERROR_THREAD_NOT_SUBSCRIBE);
}

TEST_F(CallbackTest, SubscribeTwiceIsRepeatSubscribe) {
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  EXPECT_ACL_ERROR(aclrtSubscribeReport(reporter.id(), stream_), ACL_ERROR_REPEAT_SUBSCRIBE, "already subscribed");
  ReportThread other;
  EXPECT_ACL_ERROR(aclrtSubscribeReport(other.id(), stream_), ACL_ERROR_REPEAT_SUBSCRIBE, "already subscribed");
  EXPECT_EQ(ACL_ERROR_REPEAT_SUBSCRIBE, 100033);
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
}

TEST_F(CallbackTest, UnsubscribeStopsDeliveryAndAllowsResubscribe) {
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
  CallbackLog log;
  CallbackArg a{&log, 1, 0};
  EXPECT_ACL_ERROR(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, stream_),
                   ACL_ERROR_STREAM_NOT_SUBSCRIBE, "no report thread");
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(reporter.id(), stream_), ACL_ERROR_STREAM_NOT_SUBSCRIBE, "not subscribed");
  // Subscribe again, now by another thread.
  ReportThread other;
  ASSERT_ACL_OK(aclrtSubscribeReport(other.id(), stream_));
  EXPECT_ACL_ERROR(aclrtUnSubscribeReport(reporter.id(), stream_), ACL_ERROR_INVALID_PARAM, "not by thread");
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, stream_));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
  ASSERT_ACL_OK(aclrtUnSubscribeReport(other.id(), stream_));
  std::lock_guard<std::mutex> lock(log.mutex);
  ASSERT_EQ(log.order, std::vector<int>{1});
  EXPECT_EQ(log.threads[0], other.std_id());
}

TEST_F(CallbackTest, LaunchArgumentErrors) {
  ReportThread reporter;
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), stream_));
  EXPECT_ACL_ERROR(aclrtLaunchCallback(nullptr, nullptr, ACL_CALLBACK_BLOCK, stream_), ACL_ERROR_INVALID_PARAM, "fn");
  EXPECT_ACL_ERROR(aclrtLaunchCallback(RecordingCallback, nullptr, static_cast<aclrtCallbackBlockType>(2), stream_),
                   ACL_ERROR_INVALID_PARAM, "blockType 2");
  aclrtStream gone = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&gone));
  ASSERT_ACL_OK(aclrtDestroyStream(gone));
  EXPECT_ACL_ERROR(aclrtLaunchCallback(RecordingCallback, nullptr, ACL_CALLBACK_BLOCK, gone),
                   ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
  EXPECT_ACL_ERROR(aclrtSubscribeReport(reporter.id(), gone), ACL_ERROR_INVALID_RESOURCE_HANDLE, "stream");
  ASSERT_ACL_OK(aclrtUnSubscribeReport(reporter.id(), stream_));
}

TEST_F(CallbackTest, DestroyingASubscribedStreamDropsTheSubscription) {
  ReportThread reporter;
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtSubscribeReport(reporter.id(), s));
  CallbackLog log;
  CallbackArg a{&log, 8, 0};
  ASSERT_ACL_OK(aclrtLaunchCallback(RecordingCallback, &a, ACL_CALLBACK_BLOCK, s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));  // waits for the callback
  std::lock_guard<std::mutex> lock(log.mutex);
  EXPECT_EQ(log.order, std::vector<int>{8});
}

TEST(ExceptionInfo, GettersOnNullReturnAllOnes) {
  EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetStreamIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetThreadIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetDeviceIdFromExceptionInfo(nullptr), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetErrorCodeFromExceptionInfo(nullptr), 0xFFFFFFFFu);
}

// An info is valid only as the argument of a running exception callback: a made-up one (an int
// from Python) is not read (it crashed the process).
TEST(ExceptionInfo, GettersOnAMadeUpInfoReturnAllOnes) {
  const auto* made_up = reinterpret_cast<const aclrtExceptionInfo*>(uintptr_t{12345});
  EXPECT_EQ(aclrtGetTaskIdFromExceptionInfo(made_up), 0xFFFFFFFFu);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("exception callback"), std::string::npos);
  EXPECT_EQ(aclrtGetStreamIdFromExceptionInfo(made_up), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetThreadIdFromExceptionInfo(made_up), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetDeviceIdFromExceptionInfo(made_up), 0xFFFFFFFFu);
  EXPECT_EQ(aclrtGetErrorCodeFromExceptionInfo(made_up), 0xFFFFFFFFu);
}

TEST(ExceptionInfo, SetCallbackAcceptsFunctionAndNull) {
  EXPECT_ACL_OK(aclrtSetExceptionInfoCallback([](aclrtExceptionInfo*) {}));
  EXPECT_ACL_OK(aclrtSetExceptionInfoCallback(nullptr));
}

}  // namespace
