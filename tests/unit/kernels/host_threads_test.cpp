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
#include "tests/unit/kernels/scoped_host_threads.h"

namespace asim::kernels {
namespace {

using testing::ScopedHostThreads;

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

// With more workers than images, the AI Core convolution splits a large image's rows among
// the workers (blocked_conv.cpp, spatial order; prepared filter only, which the harness also
// runs and compares with the unprepared path): fp16 and fp32, 1x1 layers whose rows run as
// one (7 pixels a row: flattened) or not (strided input), and a padded 3x3 one; and the
// Winograd convolution's tile-row parts (winograd_conv.h), whole and in chunks (one worker:
// 4 chunks of 3 tile rows; three: 3 + 1 rows each); under caps that do and do not divide the
// rows. Also two layers whose prepared path splits the reduction over the input blocks
// (FusedInputSplit: a 1x1 and a strided 3x3 with a partial last output block), which the
// harness checks within tolerance (test_conv_threads checks its bits across worker counts).
TEST(HostThreads, SpatialWorkOrderKeepsTheBits) {
  using testing::HostTensor;
  ChipTraits fp32_cube;
  fp32_cube.soc_version = "Ascend910B";
  fp32_cube.ai_core_count = 24;
  fp32_cube.cube_fp32 = true;
  struct Layer {
    std::vector<int64_t> x, w;
    int64_t stride, pad;
  };
  const Layer layers[] = {{{1, 40, 9, 7}, {48, 40, 1, 1}, 1, 0},     // rows as one
                          {{1, 36, 23, 20}, {20, 36, 1, 1}, 2, 0},   // strided input
                          {{1, 24, 30, 31}, {40, 24, 3, 3}, 1, 1},   // padded 3x3
                          {{2, 32, 20, 19}, {32, 32, 3, 3}, 1, 1},   // Winograd in tile-row parts
                          {{1, 32, 45, 30}, {32, 32, 3, 3}, 1, 1},   // ... in chunks of 3 of 12 rows
                          {{1, 512, 7, 7}, {64, 512, 1, 1}, 1, 0},   // the input split
                          {{1, 64, 14, 14}, {40, 64, 3, 3}, 2, 1}};  // ... of a strided 3x3
  uint32_t seed = 40;
  for (const Layer& l : layers) {
    for (DataType dt : {DataType::kFloat16, DataType::kFloat}) {
      SCOPED_TRACE(DimsToString(l.x) + " " + DataTypeName(dt));
      const auto count = [](const std::vector<int64_t>& d) {
        int64_t n = 1;
        for (int64_t v : d) n *= v;
        return static_cast<size_t>(n);
      };
      HostTensor x = HostTensor::FromFloats(dt, l.x, testing::RandomFloats(count(l.x), -1, 1, seed++));
      HostTensor w = HostTensor::FromFloats(dt, l.w, testing::RandomFloats(count(l.w), -1, 1, seed++));
      x.spec.format = Format::kNchw;
      w.spec.format = Format::kNchw;
      AttrMap attrs;
      attrs.Set("strides", std::vector<int64_t>{l.stride, l.stride});
      attrs.Set("pads", std::vector<int64_t>{l.pad, l.pad, l.pad, l.pad});
      std::vector<std::vector<uint8_t>> results;
      for (int threads : {1, 2, 3, 5}) {
        if (threads != 1 && SerialOnlyHost()) continue;
        ScopedHostThreads cap(threads);
        testing::RunResult r =
            testing::RunOpOn(Engine::kAiCore, "Conv", {x, w}, attrs, dt == DataType::kFloat ? fp32_cube : ChipTraits{});
        ASSERT_TRUE(r.status.ok()) << r.status.message();
        results.push_back(r.outputs[0].bytes);
      }
      for (size_t i = 1; i < results.size(); ++i) EXPECT_EQ(results[i], results[0]) << "cap #" << i;
    }
  }
}

}  // namespace
}  // namespace asim::kernels
