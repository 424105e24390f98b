// kernels/common/host/host_threads.h and parallel.h: the host-thread cap (serial on the calling
// thread for one, a bounded arena for N) and that a kernel computes the same bits whatever
// the cap. Under qemu-user (scripts/test_aarch64.sh sets ASCEND_SIM_HOST_THREADS=1 because
// oneTBB's pool does not run there) the tests that need more than one thread skip.
#include "kernels/common/host/host_threads.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "kernels/common/host/parallel.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels {
namespace {

// Sets the cap for a scope and restores the previous one.
class ScopedHostThreads {
 public:
  explicit ScopedHostThreads(int threads) : previous_(HostThreads()) { EXPECT_TRUE(SetHostThreads(threads)); }
  ~ScopedHostThreads() { SetHostThreads(previous_); }
  ScopedHostThreads(const ScopedHostThreads&) = delete;
  ScopedHostThreads& operator=(const ScopedHostThreads&) = delete;

 private:
  int previous_;
};

bool SerialOnlyHost() {
  return HostThreads() == 1;
}

TEST(HostThreads, OutOfRangeIsRefusedAndChangesNothing) {
  const int before = HostThreads();
  EXPECT_FALSE(SetHostThreads(-1));
  EXPECT_FALSE(SetHostThreads(kMaxHostThreads + 1));
  EXPECT_EQ(HostThreads(), before);
}

TEST(HostThreads, OneThreadRunsTheWholeRangeOnTheCallingThread) {
  ScopedHostThreads one(1);
  EXPECT_EQ(HostConcurrency(), 1);
  EXPECT_EQ(LimitedArena(), nullptr);
  std::vector<std::pair<int64_t, int64_t>> chunks;
  std::vector<std::thread::id> threads;
  ParallelFor(100000, 1, [&](int64_t begin, int64_t end) {
    chunks.emplace_back(begin, end);  // no lock: a second thread would be a data race (TSan, ASan)
    threads.push_back(std::this_thread::get_id());
  });
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0], (std::pair<int64_t, int64_t>{0, 100000}));
  EXPECT_EQ(threads[0], std::this_thread::get_id());
}

TEST(HostThreads, ACapBoundsTheThreadsAtWork) {
  if (SerialOnlyHost()) GTEST_SKIP() << kHostThreadsVariable << "=1: serial kernels only on this host";
  ScopedHostThreads two(2);
  EXPECT_EQ(HostConcurrency(), 2);
  ASSERT_NE(LimitedArena(), nullptr);
  std::atomic<int> busy{0}, most{0};
  std::atomic<int64_t> covered{0};
  ParallelFor(64, 1, [&](int64_t begin, int64_t end) {
    const int now = ++busy;
    int seen = most.load();
    while (now > seen && !most.compare_exchange_weak(seen, now)) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    covered += end - begin;
    --busy;
  });
  EXPECT_EQ(covered.load(), 64);
  EXPECT_LE(most.load(), 2);
}

TEST(HostThreads, NoCapIsTheWholePool) {
  if (SerialOnlyHost()) GTEST_SKIP() << kHostThreadsVariable << "=1: serial kernels only on this host";
  ScopedHostThreads none(0);
  EXPECT_EQ(LimitedArena(), nullptr);
  EXPECT_GE(HostConcurrency(), 1);
  std::atomic<int64_t> covered{0};
  ParallelFor(1000, 10, [&](int64_t begin, int64_t end) { covered += end - begin; });
  EXPECT_EQ(covered.load(), 1000);
}

// The blocked convolution splits rows and column chunks by the thread count: the bits must
// not depend on it (each output element is summed in the same order by whichever thread).
TEST(HostThreads, ConvolutionBitsDoNotDependOnTheCap) {
  using testing::HostTensor;
  HostTensor x =
      HostTensor::FromFloats(DataType::kFloat, {2, 24, 17, 19}, testing::RandomFloats(2 * 24 * 17 * 19, -1, 1, 5));
  HostTensor w = HostTensor::FromFloats(DataType::kFloat, {40, 24, 3, 3}, testing::RandomFloats(40 * 24 * 9, -1, 1, 6));
  x.spec.format = Format::kNchw;
  w.spec.format = Format::kNchw;
  AttrMap attrs;
  attrs.Set("pads", std::vector<int64_t>{1, 1, 1, 1});
  std::vector<std::vector<uint8_t>> results;
  for (int threads : {1, 0, 2}) {
    if (threads != 1 && SerialOnlyHost()) continue;
    ScopedHostThreads cap(threads);
    testing::RunResult r = testing::RunOp("Conv", {x, w}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    results.push_back(r.outputs[0].bytes);
  }
  for (size_t i = 1; i < results.size(); ++i) EXPECT_EQ(results[i], results[0]) << "cap #" << i;
}

}  // namespace
}  // namespace asim::kernels
