// Randomised and concurrent tests of DeviceMemory: thousands of random operations checked
// against a reference model (live blocks disjoint, aligned, inside the range; statistics
// equal the model's sums; an allocation fails only when no free gap of the model can hold
// it), and several threads allocating, writing, checking and freeing at once.
// Owner: device_sim/memory. Thread safety: the concurrency test is the point.
// Failure: gtest assertions.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "device_sim/memory/device_memory.h"

namespace asim::sim {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

struct ModelBlock {
  uint64_t reserved;
  PageKind page;
  uint8_t fill;
};

// True when some gap between the model's blocks can hold `reserved` bytes at `alignment`.
bool ModelCanFit(const std::map<uint64_t, ModelBlock>& live, uint64_t begin, uint64_t end, uint64_t reserved,
                 uint64_t alignment) {
  uint64_t cursor = begin;
  auto fits = [&](uint64_t gap_begin, uint64_t gap_end) {
    const uint64_t a = (gap_begin + alignment - 1) & ~(alignment - 1);
    return a >= gap_begin && a <= gap_end && gap_end - a >= reserved;
  };
  for (const auto& [addr, block] : live) {
    if (fits(cursor, addr)) return true;
    cursor = addr + block.reserved;
  }
  return fits(cursor, end);
}

TEST(DeviceMemoryModel, RandomOperationsAgreeWithTheReferenceModel) {
  std::unique_ptr<DeviceMemory> mem;
  const uint64_t capacity = 32 * kMiB;
  ASSERT_TRUE(DeviceMemory::Create(0, MemKind::kDdr, capacity, false, &mem).ok());
  std::map<uint64_t, ModelBlock> live;
  std::mt19937_64 rng(20240607);
  uint64_t peak = 0;
  int failures = 0;

  for (int step = 0; step < 6000; ++step) {
    const bool do_alloc = live.empty() || rng() % 100 < 55;
    if (do_alloc) {
      const PageKind page = rng() % 8 == 0 ? PageKind::kHuge : PageKind::kNormal;
      size_t size = 1 + rng() % (rng() % 4 == 0 ? 3 * kMiB : 64 * 1024);
      const size_t alignment = rng() % 5 == 0 ? size_t{1} << (rng() % 17) : 0;
      void* p = nullptr;
      Status s = mem->Allocate(size, alignment, page, "model", &p);
      const uint64_t granule = page == PageKind::kHuge ? 2 * kMiB : 64;
      const uint64_t reserved = (size + granule - 1) / granule * granule;
      const uint64_t align = std::max<uint64_t>({alignment, 64, page == PageKind::kHuge ? 2 * kMiB : 0});
      if (!s.ok()) {
        ASSERT_EQ(s.code(), err::kRtMemoryAllocation) << s.message();
        ASSERT_FALSE(ModelCanFit(live, mem->base(), mem->base() + capacity, reserved, align))
            << "allocator refused " << size << " bytes that fit: " << s.message();
        ++failures;
      } else {
        const uint64_t a = reinterpret_cast<uint64_t>(p);
        ASSERT_EQ(a % align, 0u);
        ASSERT_GE(a, mem->base());
        ASSERT_LE(a + reserved, mem->base() + capacity);
        auto next = live.lower_bound(a);
        if (next != live.end()) {
          ASSERT_LE(a + reserved, next->first) << "overlaps the next block";
        }
        if (next != live.begin()) {
          auto prev = std::prev(next);
          ASSERT_LE(prev->first + prev->second.reserved, a) << "overlaps the previous block";
        }
        const uint8_t fill = static_cast<uint8_t>(rng());
        void* sim = nullptr;
        ASSERT_TRUE(mem->Translate(p, size, &sim).ok());
        std::memset(sim, fill, std::min<size_t>(size, 256));
        live[a] = ModelBlock{reserved, page, fill};
      }
    } else {
      auto it = live.begin();
      std::advance(it, rng() % live.size());
      // Contents survived everything that happened since.
      void* sim = nullptr;
      const void* p = reinterpret_cast<const void*>(it->first);
      ASSERT_TRUE(mem->Translate(p, 1, &sim).ok());
      ASSERT_EQ(*static_cast<uint8_t*>(sim), it->second.fill);
      if (it->second.reserved > 64 && rng() % 10 == 0) {  // an interior free fails, changes nothing
        ASSERT_EQ(mem->Free(static_cast<const char*>(p) + 64).code(), err::kInvalidParam);
      }
      ASSERT_TRUE(mem->Free(p).ok());
      ASSERT_EQ(mem->Free(p).code(), err::kInvalidParam);
      live.erase(it);
    }
    uint64_t huge = 0, normal = 0;
    for (const auto& [addr, b] : live) (b.page == PageKind::kHuge ? huge : normal) += b.reserved;
    peak = std::max(peak, huge + normal);
    const DeviceMemory::Stats st = mem->GetStats();
    ASSERT_EQ(st.used_huge, huge);
    ASSERT_EQ(st.used_normal, normal);
    ASSERT_EQ(st.free, capacity - huge - normal);
    ASSERT_EQ(st.live_count, live.size());
    ASSERT_EQ(st.peak_used, peak);
  }
  EXPECT_GT(failures, 0) << "the workload should reach exhaustion sometimes";
  for (const auto& [addr, b] : live) ASSERT_TRUE(mem->Free(reinterpret_cast<void*>(addr)).ok());
  EXPECT_EQ(mem->GetStats().free, capacity);
  void* all = nullptr;
  EXPECT_TRUE(mem->Allocate(capacity, 0, PageKind::kNormal, "all", &all).ok()) << "fully coalesced";
}

TEST(DeviceMemoryModel, ConcurrentThreadsNeverShareBytes) {
  std::unique_ptr<DeviceMemory> mem;
  ASSERT_TRUE(DeviceMemory::Create(0, MemKind::kHbm, 256 * kMiB, false, &mem).ok());
  constexpr int kThreads = 6;
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      std::vector<std::pair<void*, size_t>> mine;
      for (int i = 0; i < 3000; ++i) {
        if (mine.size() < 40 && rng() % 3 != 0) {
          const size_t size = 1 + rng() % 100000;
          const PageKind page = rng() % 16 == 0 ? PageKind::kHuge : PageKind::kNormal;
          void* p = nullptr;
          if (!mem->Allocate(size, 0, page, "thread", &p).ok()) continue;  // full is fine
          void* sim = nullptr;
          if (!mem->Translate(p, size, &sim).ok()) ++errors;
          std::memset(sim, t + 1, size);
          mine.emplace_back(p, size);
        } else if (!mine.empty()) {
          const size_t k = rng() % mine.size();
          auto [p, size] = mine[k];
          void* sim = nullptr;
          if (!mem->Translate(p, size, &sim).ok()) ++errors;
          const auto* bytes = static_cast<const unsigned char*>(sim);
          for (size_t j = 0; j < size; j += 997) {
            if (bytes[j] != t + 1) {
              ++errors;
              break;
            }
          }
          if (!mem->Free(p).ok()) ++errors;
          mine.erase(mine.begin() + static_cast<long>(k));
        }
        if (i % 100 == 0) (void)mem->GetStats();
      }
      for (auto [p, size] : mine) {
        if (!mem->Free(p).ok()) ++errors;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0);
  const DeviceMemory::Stats st = mem->GetStats();
  EXPECT_EQ(st.live_count, 0u);
  EXPECT_EQ(st.free, st.total);
}

}  // namespace
}  // namespace asim::sim
