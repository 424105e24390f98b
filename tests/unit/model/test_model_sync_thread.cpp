// Which thread runs a model's tasks: a synchronous execution without a time limit runs them
// on the calling thread (the internal stream's HwStream::SetRunsInline), one with a limit
// (ACL_MDL_STREAM_SYNC_TIMEOUT) on the stream's worker, so that the wait can give up; an
// asynchronous one on the application's stream's worker. The results are the same.
// On a device the test owns (tests/support/sim_device) with the scheduler's own inline mode
// off, without aclInit.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "hand_models.h"
#include "om/om_writer.h"
#include "runtime/model/model_manager.h"
#include "runtime/observe/kernel_task.h"
#include "tests/support/sim_device/test_device.h"

namespace asim::model {
namespace {

using asim::testing::TestDevice;

class KernelThreads : public observe::KernelTaskObserver {
 public:
  void OnKernelBegin(const sim::TaskRecord& /*record*/, const observe::KernelTaskInfo& /*info*/) override {
    std::lock_guard<std::mutex> lock(mutex_);
    threads.insert(std::this_thread::get_id());
  }
  bool ReadsTensors() const override { return false; }
  std::mutex mutex_;
  std::set<std::thread::id> threads;
};

class SyncThread : public ::testing::Test {
 protected:
  void SetUp() override {
    dev_.device().scheduler().SetInlineExecution(false);
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(om::WriteModel(asim::testing::AddReluModel(), &bytes).ok());
    ASSERT_TRUE(manager_.LoadFromMem(bytes.data(), bytes.size(), dev_.context(), LoadMemory{}, &id_).ok());
  }
  void TearDown() override { manager_.UnloadAll(-1, /*log_leaks=*/false); }

  // Runs once with `timeout_ms` (async on a stream of its own when `async`); the threads the
  // kernels ran on and the output.
  std::set<std::thread::id> Run(int64_t timeout_ms, bool async, std::vector<float>* y) {
    auto observer = std::make_shared<KernelThreads>();
    dev_.device().scheduler().AddObserver(observer);
    const size_t bytes = 4 * 8 * sizeof(float);
    ExecuteRequest request;
    request.inputs = {IoBuffer{dev_.Alloc(bytes), bytes, nullptr}, IoBuffer{dev_.Alloc(bytes), bytes, nullptr}};
    request.outputs = {IoBuffer{dev_.Alloc(bytes), bytes, nullptr}};
    std::vector<float> a(32), b(32);
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i) - 10.0f, b[i] = 2.0f;
    dev_.Put(request.inputs[0].data, a);
    dev_.Put(request.inputs[1].data, b);
    request.timeout_ms = timeout_ms;
    request.async = async;
    std::shared_ptr<rt::Stream> stream;
    if (async) request.stream = stream = dev_.Stream();
    EXPECT_TRUE(manager_.Execute(id_, request).ok());
    if (async) {
      EXPECT_TRUE(dev_.context()->scheduler().SynchronizeStream(*stream->hw_ptr(), -1).ok());
    }
    dev_.device().scheduler().RemoveObserver(observer.get());
    *y = dev_.Get<float>(request.outputs[0].data, 32);
    std::vector<float> want(32);
    for (size_t i = 0; i < want.size(); ++i) want[i] = std::max(0.0f, a[i] + b[i]);
    EXPECT_EQ(*y, want);
    return observer->threads;
  }

  TestDevice dev_{"Ascend310"};
  ModelManager manager_;
  uint32_t id_ = 0;
};

TEST_F(SyncThread, ASynchronousExecutionRunsItsTasksOnTheCallingThread) {
  std::vector<float> y;
  const auto threads = Run(-1, /*async=*/false, &y);
  EXPECT_EQ(threads, std::set<std::thread::id>{std::this_thread::get_id()});
}

TEST_F(SyncThread, WithATimeLimitOrAsynchronouslyTheStreamsWorkerRunsThem) {
  std::vector<float> limited, async;
  const auto a = Run(60000, /*async=*/false, &limited);
  ASSERT_EQ(a.size(), 1u);
  EXPECT_NE(*a.begin(), std::this_thread::get_id());
  const auto b = Run(-1, /*async=*/true, &async);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_NE(*b.begin(), std::this_thread::get_id());
  EXPECT_EQ(limited, async);
}

}  // namespace
}  // namespace asim::model
