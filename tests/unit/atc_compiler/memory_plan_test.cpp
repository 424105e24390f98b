// PlanMemory: live blocks never overlap, freed memory is reused, offsets are aligned.
#include <gtest/gtest.h>

#include <random>

#include "compiler/memory_plan.h"

namespace asim::atc {
namespace {

constexpr uint64_t kAlign = 512;

// Checks every pair of blocks whose lifetimes intersect for overlapping bytes.
::testing::AssertionResult NoLiveOverlap(const std::vector<MemoryBlock>& blocks, const MemoryPlan& plan) {
  for (size_t i = 0; i < blocks.size(); ++i) {
    if (plan.offsets[i] % kAlign != 0) return ::testing::AssertionFailure() << "block " << i << " unaligned";
    if (plan.reserved[i] < blocks[i].bytes || plan.reserved[i] % kAlign != 0 || plan.reserved[i] == 0) {
      return ::testing::AssertionFailure() << "block " << i << " reserved " << plan.reserved[i];
    }
    if (plan.offsets[i] + plan.reserved[i] > plan.total) {
      return ::testing::AssertionFailure() << "block " << i << " beyond total " << plan.total;
    }
    for (size_t j = i + 1; j < blocks.size(); ++j) {
      const bool live = blocks[i].first <= blocks[j].last && blocks[j].first <= blocks[i].last;
      const bool overlap =
          plan.offsets[i] < plan.offsets[j] + plan.reserved[j] && plan.offsets[j] < plan.offsets[i] + plan.reserved[i];
      if (live && overlap) return ::testing::AssertionFailure() << "blocks " << i << " and " << j << " overlap";
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(MemoryPlan, ChainReusesTwoSlots) {
  std::vector<MemoryBlock> blocks;
  for (int i = 0; i < 10; ++i) blocks.push_back({1000, i, i + 1});  // written by step i, read by step i+1
  const MemoryPlan plan = PlanMemory(blocks, kAlign);
  EXPECT_TRUE(NoLiveOverlap(blocks, plan));
  EXPECT_EQ(plan.total, 2 * 1024u);
}

TEST(MemoryPlan, BestFitPrefersTheSmallestHole) {
  // Two holes freed at step 1 (sizes 4096 and 1024, separated by a live block), then a
  // 1024-byte block at step 2 takes the small hole.
  std::vector<MemoryBlock> blocks = {{4096, 0, 1}, {512, 0, 5}, {1024, 0, 1}, {512, 0, 5}, {1000, 2, 3}};
  const MemoryPlan plan = PlanMemory(blocks, kAlign);
  EXPECT_TRUE(NoLiveOverlap(blocks, plan));
  EXPECT_EQ(plan.offsets[4], plan.offsets[2]);
  EXPECT_EQ(plan.total, 4096u + 512 + 1024 + 512);
}

TEST(MemoryPlan, ZeroByteBlocksGetOneUnitAndSameStepBlocksNeverShare) {
  std::vector<MemoryBlock> blocks = {{0, 0, 0}, {0, 0, 0}, {10, 1, 1}};
  const MemoryPlan plan = PlanMemory(blocks, kAlign);
  EXPECT_TRUE(NoLiveOverlap(blocks, plan));
  EXPECT_NE(plan.offsets[0], plan.offsets[1]);
  EXPECT_EQ(plan.total, 2 * kAlign);  // step 1 reuses a freed unit
}

TEST(MemoryPlan, GrowsFromAHoleAtTheEnd) {
  std::vector<MemoryBlock> blocks = {{512, 0, 3}, {1024, 0, 0}, {2048, 1, 2}};
  const MemoryPlan plan = PlanMemory(blocks, kAlign);
  EXPECT_TRUE(NoLiveOverlap(blocks, plan));
  EXPECT_EQ(plan.offsets[2], 512u);  // starts in the freed 1024 bytes and extends the arena
  EXPECT_EQ(plan.total, 512u + 2048);
}

TEST(MemoryPlan, RandomLifetimesNeverOverlapAndReuseHappens) {
  std::mt19937 gen(7);
  for (int round = 0; round < 50; ++round) {
    std::vector<MemoryBlock> blocks;
    const int steps = 5 + static_cast<int>(gen() % 40);
    const int count = 1 + static_cast<int>(gen() % 60);
    uint64_t sum = 0;
    for (int i = 0; i < count; ++i) {
      const int first = static_cast<int>(gen() % static_cast<uint32_t>(steps));
      const int last = first + static_cast<int>(gen() % 6);
      blocks.push_back({gen() % 70000, first, last});
      sum += (blocks.back().bytes + kAlign - 1) / kAlign * kAlign;
    }
    const MemoryPlan plan = PlanMemory(blocks, kAlign);
    ASSERT_TRUE(NoLiveOverlap(blocks, plan)) << "round " << round;
    EXPECT_LE(plan.total, sum + kAlign * blocks.size());
  }
}

}  // namespace
}  // namespace asim::atc
