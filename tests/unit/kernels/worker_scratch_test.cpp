// kernels/common/host/worker_scratch.h and the affinity of scratch_pool.h: a worker gets its
// slot's buffer, never one another live claim holds (also when slots outnumber buffers), and
// an idle buffer goes back to a lease of the affinity it had. Under qemu-user (the aarch64
// stage sets ASCEND_SIM_HOST_THREADS=1, no oneTBB pool) the test that needs workers skips.
#include "kernels/common/host/worker_scratch.h"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "kernels/common/host/host_threads.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/host/scratch_pool.h"

namespace asim::kernels {
namespace {

std::vector<float> Storage(int64_t count) {
  return std::vector<float>(static_cast<size_t>(count));
}

TEST(WorkerScratch, ClaimsAtOnceGetDistinctBuffersAndAnEndedOneIsFreeAgain) {
  std::vector<float> storage = Storage(3);
  float* const buffers[] = {&storage[0], &storage[1], &storage[2]};
  const WorkerScratch scratch(buffers, 3);
  // The calling thread's slot: -1 outside any arena, else (after other tests ran loops on it)
  // the one it had in oneTBB's implicit arena.
  const int slot = CurrentWorkerSlot();
  const int64_t first = slot >= 0 && slot < 3 ? slot : 0;
  {
    const WorkerScratch::Claim a = scratch.Take();
    const WorkerScratch::Claim b = scratch.Take();
    const WorkerScratch::Claim c = scratch.Take();
    EXPECT_EQ(a.index(), first);
    EXPECT_EQ(a.data(), buffers[a.index()]);
    EXPECT_NE(a.index(), b.index());
    EXPECT_NE(a.index(), c.index());
    EXPECT_NE(b.index(), c.index());
  }
  EXPECT_EQ(scratch.Take().index(), first);  // all ended: the slot's own again
}

TEST(WorkerScratch, AWorkerGetsItsSlotsBufferAndOtherwiseAFreeOne) {
  std::vector<float> storage = Storage(2);
  float* const buffers[] = {&storage[0], &storage[1]};
  const WorkerScratch scratch(buffers, 2);
  tbb::task_arena arena(1);  // no worker thread: the calling thread takes slot 0
  arena.execute([&] {
    ASSERT_EQ(CurrentWorkerSlot(), 0);
    const WorkerScratch::Claim own = scratch.Take();
    EXPECT_EQ(own.index(), 0);
    const WorkerScratch::Claim second = scratch.Take();  // slot 0's is held: the free one
    EXPECT_EQ(second.index(), 1);
  });
  const WorkerScratch single(buffers + 1, 1);  // slot 0 beyond the buffers: the first free
  arena.execute([&] { EXPECT_EQ(single.Take().data(), buffers[1]); });
}

TEST(WorkerScratch, NoTwoWorkersHoldOneBufferAtOnce) {
  if (HostThreads() == 1) GTEST_SKIP() << kHostThreadsVariable << "=1: serial kernels only on this host";
  // Four workers on two buffers and two work items (at most two claims at once), then four
  // items on four buffers: every body checks that it alone holds its buffer.
  for (const int64_t items : {int64_t{2}, int64_t{4}}) {
    std::vector<float> storage = Storage(items);
    std::vector<float*> buffers;
    for (int64_t i = 0; i < items; ++i) buffers.push_back(&storage[static_cast<size_t>(i)]);
    const WorkerScratch scratch(buffers.data(), items);
    const auto holders = std::make_unique<std::atomic<int>[]>(static_cast<size_t>(items));
    std::atomic<int> overlaps{0};
    tbb::task_arena arena(4);
    for (int round = 0; round < 50; ++round) {
      arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<int64_t>(0, items, 1), [&](const tbb::blocked_range<int64_t>&) {
          const WorkerScratch::Claim claim = scratch.Take();
          if (holders[claim.index()].fetch_add(1) != 0) overlaps.fetch_add(1);
          std::this_thread::sleep_for(std::chrono::microseconds(200));
          holders[claim.index()].fetch_sub(1);
        });
      });
    }
    EXPECT_EQ(overlaps.load(), 0) << items << " items";
  }
}

TEST(ScratchPool, AWorkersBufferIsAMappingOfItsOwnOnA2MiBBoundary) {
  TrimScratchPool();
  constexpr size_t k2MiB = size_t{2} << 20;
  ScratchLease first(4096, 0);
  ScratchLease second(4096, 1);
  for (const ScratchLease* lease : {&first, &second}) {
    ASSERT_NE(lease->data(), nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(lease->data()) % k2MiB, 0u);
    EXPECT_GE(lease->size(), k2MiB);
  }
  // Not side by side: each starts a 2 MiB region of its own.
  const uintptr_t a = reinterpret_cast<uintptr_t>(first.data()), b = reinterpret_cast<uintptr_t>(second.data());
  EXPECT_GE(a > b ? a - b : b - a, k2MiB);
  ScratchLease any(4096);  // without an affinity: as asked
  ASSERT_NE(any.data(), nullptr);
  EXPECT_EQ(any.size(), 4096u);
}

TEST(ScratchPool, AnIdleBufferGoesBackToItsAffinity) {
  TrimScratchPool();
  void* zero = nullptr;
  void* one = nullptr;
  {
    ScratchLease a(4096, 0);
    ScratchLease b(4096, 1);
    ASSERT_NE(a.data(), nullptr);
    ASSERT_NE(b.data(), nullptr);
    zero = a.data();
    one = b.data();
  }
  {
    ScratchLease b(4096, 1);  // both fit: the one affinity 1 had
    EXPECT_EQ(b.data(), one);
    ScratchLease a(4096, 0);
    EXPECT_EQ(a.data(), zero);
    ScratchLease other(4096, 2);  // none of its own idle and none left: a new one
    EXPECT_NE(other.data(), zero);
    EXPECT_NE(other.data(), one);
  }
  // The cap holds per affinity: many leases of one affinity, each larger than any idle buffer
  // (a worker's buffer is at least 2 MiB), leave at most kCachedBuffers of it, and the
  // buffers of the others stay.
  constexpr size_t kLarger = size_t{3} << 20;
  {
    std::vector<std::unique_ptr<ScratchLease>> many;
    for (int i = 0; i < 10; ++i) many.push_back(std::make_unique<ScratchLease>(kLarger, 7));
  }
  EXPECT_LE(ScratchPoolIdleBytes(), kCachedBuffers * kLarger + 3 * (size_t{2} << 20));
  {
    ScratchLease b(4096, 1);
    EXPECT_EQ(b.data(), one);  // not evicted by affinity 7's leases
  }
  {
    ScratchLease any(1000, 5);  // none of affinity 5 idle: the smallest idle one that fits
    EXPECT_NE(any.data(), nullptr);
  }
  TrimScratchPool();
  EXPECT_EQ(ScratchPoolIdleBytes(), 0u);
}

}  // namespace
}  // namespace asim::kernels
