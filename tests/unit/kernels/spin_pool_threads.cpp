// kernels/common/host/spin_pool.h through parallel.h, in its own executable (test_spin_pool,
// label "threads", so that the TSan stage runs it): every item exactly once in chunks of at
// least the grain, slots, a nested loop serial on its thread, a second caller while the pool is
// busy, exceptions, workers that have gone to sleep, and a change of the thread count. It has
// no "aarch64" label: under qemu-user (ASCEND_SIM_HOST_THREADS=1) the pool never starts.
#include "kernels/common/host/spin_pool.h"

#include <gtest/gtest.h>

#include <tbb/info.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "kernels/common/host/host_threads.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/host/worker_scratch.h"
#include "tests/unit/kernels/scoped_host_threads.h"

namespace asim::kernels {
namespace {

using testing::ScopedHostThreads;

#define SKIP_WITHOUT_TWO_CORES()                                                                \
  if (HostThreads() == 1 || tbb::info::default_concurrency() < 2) {                             \
    GTEST_SKIP() << "the pool needs two cores and " << kHostThreadsVariable << " other than 1"; \
  }

// Every chunk of one loop: range and the thread's pool slot.
struct Chunk {
  int64_t begin, end;
  int slot;
  std::thread::id thread;
};

// Runs a loop of n items and returns its chunks in order. With `meet` > 1, every chunk waits
// (up to 20 s) until `meet` different threads have run chunks of the loop: a loop that does
// not finish before the workers arrive, however busy the host.
std::vector<Chunk> RecordLoop(int64_t n, int64_t grain, size_t meet = 1) {
  std::mutex mutex;
  std::condition_variable met;
  std::vector<Chunk> chunks;
  std::set<std::thread::id> threads;
  ParallelFor(n, grain, [&](int64_t begin, int64_t end) {
    std::unique_lock lock(mutex);
    chunks.push_back({begin, end, SpinPoolSlot(), std::this_thread::get_id()});
    threads.insert(std::this_thread::get_id());
    met.notify_all();
    met.wait_for(lock, std::chrono::seconds(20), [&] { return threads.size() >= meet; });
  });
  std::sort(chunks.begin(), chunks.end(), [](const Chunk& a, const Chunk& b) { return a.begin < b.begin; });
  return chunks;
}

TEST(SpinPool, EveryItemOnceInChunksOfAtLeastTheGrain) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  for (const auto& [n, grain] : {std::pair<int64_t, int64_t>{1000, 1}, {1000, 300}, {7, 1}, {100003, 16}}) {
    SCOPED_TRACE(::testing::Message() << "n " << n << " grain " << grain);
    const std::vector<Chunk> chunks = RecordLoop(n, grain);
    int64_t expected = 0;
    for (size_t i = 0; i < chunks.size(); ++i) {
      EXPECT_EQ(chunks[i].begin, expected);
      EXPECT_GT(chunks[i].end, chunks[i].begin);
      if (i + 1 < chunks.size()) {
        EXPECT_GE(chunks[i].end - chunks[i].begin, grain);
      }
      EXPECT_GE(chunks[i].slot, 0);
      EXPECT_LT(chunks[i].slot, 2);
      expected = chunks[i].end;
    }
    EXPECT_EQ(expected, n);
  }
  EXPECT_EQ(SpinPoolSlot(), -1);  // the caller's slot ends with its loop
}

// The worker takes part (the loop waits for it), each thread under its own slot, and the
// slot is the worker-scratch slot (the buffer a core wrote last time).
TEST(SpinPool, BothThreadsWorkUnderTheirOwnSlots) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  const std::vector<Chunk> chunks = RecordLoop(16, 1, 2);
  std::set<std::thread::id> threads;
  std::set<std::pair<int, std::thread::id>> pairs;
  for (const Chunk& c : chunks) {
    threads.insert(c.thread);
    pairs.insert({c.slot, c.thread});
    if (c.thread == std::this_thread::get_id()) {
      EXPECT_EQ(c.slot, 0);
    }
  }
  EXPECT_EQ(threads.size(), 2u);
  EXPECT_EQ(pairs.size(), 2u);  // one slot per thread
  std::atomic<bool> slots_match{true};
  ParallelFor(4, 1, [&](int64_t, int64_t) {
    if (CurrentWorkerSlot() != SpinPoolSlot()) slots_match = false;
  });
  EXPECT_TRUE(slots_match.load());
}

// A loop inside a pool loop runs whole on the thread that started it.
TEST(SpinPool, ANestedLoopRunsSeriallyOnItsThread) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  std::atomic<int64_t> covered{0};
  std::atomic<int> foreign{0};
  ParallelFor(8, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      const std::thread::id outer = std::this_thread::get_id();
      ParallelFor(1000, 1, [&](int64_t b, int64_t e) {
        if (std::this_thread::get_id() != outer) ++foreign;
        covered += e - b;
      });
    }
  });
  EXPECT_EQ(covered.load(), 8000);
  EXPECT_EQ(foreign.load(), 0);
}

// While one thread's loop holds the pool, another thread's loop is refused at once (having
// run nothing; ParallelFor then gives it to oneTBB), and neither waits for the other.
TEST(SpinPool, ASecondCallerIsRefusedWhileThePoolIsBusy) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  std::atomic<bool> first_running{false}, second_done{false}, second_ran{false};
  std::atomic<int> refused{0};
  std::atomic<int64_t> first{0};
  std::thread other([&] {
    while (!first_running.load()) std::this_thread::yield();
    const auto body = [&](int64_t, int64_t) { second_ran = true; };
    using Body = decltype(body);
    const ChunkFunction chunk = [](const void* context, int64_t b, int64_t e) {
      (*static_cast<const Body*>(context))(b, e);
    };
    for (int round = 0; round < 20; ++round) {
      if (!RunOnSpinPool(2, 5000, 10, chunk, &body)) ++refused;
    }
    second_done = true;
  });
  ParallelFor(2, 1, [&](int64_t b, int64_t e) {
    first_running = true;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!second_done.load() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    first += e - b;
  });
  other.join();
  EXPECT_TRUE(second_done.load());
  EXPECT_EQ(refused.load(), 20);
  EXPECT_FALSE(second_ran.load());
  EXPECT_EQ(first.load(), 2);
}

// An exception from a chunk, on either thread, reaches the caller after the loop; the pool
// runs the next loop as usual.
TEST(SpinPool, AnExceptionReachesTheCaller) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  for (int64_t thrower : {0, 15}) {
    std::atomic<int64_t> covered{0};
    EXPECT_THROW(ParallelFor(16, 1,
                             [&](int64_t b, int64_t e) {
                               std::this_thread::sleep_for(std::chrono::microseconds(500));
                               covered += e - b;
                               if (b <= thrower && thrower < e) throw std::runtime_error("chunk");
                             }),
                 std::runtime_error);
    EXPECT_EQ(covered.load(), 16);  // the other chunks still ran
  }
  std::atomic<int64_t> covered{0};
  ParallelFor(1000, 1, [&](int64_t b, int64_t e) { covered += e - b; });
  EXPECT_EQ(covered.load(), 1000);
}

// Workers asleep after a quiet spell wake for the next loop; loops right after one another
// keep working.
TEST(SpinPool, SleepingWorkersWakeForTheNextLoop) {
  SKIP_WITHOUT_TWO_CORES();
  ScopedHostThreads two(2);
  for (int round = 0; round < 3; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));  // well past the spin budget
    const std::vector<Chunk> chunks = RecordLoop(16, 1, 2);
    std::set<std::thread::id> threads;
    for (const Chunk& c : chunks) threads.insert(c.thread);
    EXPECT_EQ(threads.size(), 2u) << "round " << round;
  }
  std::atomic<int64_t> covered{0};
  for (int round = 0; round < 2000; ++round) {
    ParallelFor(64, 1, [&](int64_t b, int64_t e) { covered += e - b; });
  }
  EXPECT_EQ(covered.load(), 2000 * 64);
}

// A new cap gives a pool of that many threads; a cap above the cores leaves the pool (oneTBB
// runs those loops) and back.
TEST(SpinPool, TheThreadCountFollowsTheCap) {
  SKIP_WITHOUT_TWO_CORES();
  const int cores = tbb::info::default_concurrency();
  // Above the cores oneTBB runs the loop: not under TSan, which does not see the
  // synchronization inside the (uninstrumented) oneTBB library and reports races in it.
#if defined(__SANITIZE_THREAD__)
  const bool above_cores = false;
#else
  const bool above_cores = true;
#endif
  for (int threads : {2, cores, cores + 1, 2}) {
    if (threads > cores && !above_cores) continue;
    SCOPED_TRACE(::testing::Message() << "cap " << threads);
    ScopedHostThreads cap(threads);
    const std::vector<Chunk> chunks = RecordLoop(4 * threads, 1, threads <= cores ? static_cast<size_t>(threads) : 1);
    std::set<int> slots;
    std::set<std::thread::id> ids;
    int64_t covered = 0;
    for (const Chunk& c : chunks) {
      slots.insert(c.slot);
      ids.insert(c.thread);
      covered += c.end - c.begin;
    }
    EXPECT_EQ(covered, 4 * threads);
    EXPECT_LE(static_cast<int>(ids.size()), threads);
    if (threads <= cores) {
      EXPECT_GE(*slots.begin(), 0);
      EXPECT_LT(*slots.rbegin(), threads);
    } else {
      EXPECT_EQ(slots, std::set<int>{-1});  // oneTBB's loop: no pool slot
    }
  }
}

}  // namespace
}  // namespace asim::kernels
