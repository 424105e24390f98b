// Tests of L2ReuseModel: LRU stack distance for reads, write residency of half the L2,
// streamed data pushing tensors out. Owner: device_sim/cost.
// Thread safety: single-threaded tests. Failure: gtest assertions.
#include <gtest/gtest.h>

#include "device_sim/cost/l2_reuse.h"

namespace asim::sim {
namespace {

constexpr uint64_t kMiB = 1 << 20;

TEST(L2Reuse, FreshTensorsMissAndRecentOnesHit) {
  L2ReuseModel l2(8 * kMiB);
  EXPECT_EQ(l2.Read(1, kMiB), 0u);  // never seen
  EXPECT_EQ(l2.Write(2, 2 * kMiB), 2 * kMiB);
  EXPECT_EQ(l2.Read(2, 2 * kMiB), 2 * kMiB);  // nothing touched since
  EXPECT_EQ(l2.Read(1, kMiB), kMiB);          // 2 MiB above it, still inside 8 MiB
}

TEST(L2Reuse, StackDistanceGivesPartialHits) {
  L2ReuseModel l2(8 * kMiB);
  l2.Write(1, 4 * kMiB);
  l2.Stream(6 * kMiB);                        // weights passing through
  EXPECT_EQ(l2.Read(1, 4 * kMiB), 2 * kMiB);  // 8 - 6 MiB of it left
  l2.Stream(20 * kMiB);
  EXPECT_EQ(l2.Read(1, 4 * kMiB), 0u);  // buried under more than the L2
}

TEST(L2Reuse, LargeOutputsAreMostlyWrittenBack) {
  L2ReuseModel l2(16 * kMiB);
  EXPECT_EQ(l2.Write(7, 100 * kMiB), 8 * kMiB);  // at most half the L2 stays on chip
  EXPECT_EQ(l2.Write(8, kMiB), kMiB);
  EXPECT_EQ(l2.l2_bytes(), 16 * kMiB);
}

TEST(L2Reuse, RewritingATensorMovesItToTheTop) {
  L2ReuseModel l2(4 * kMiB);
  l2.Write(1, kMiB);
  l2.Write(2, 3 * kMiB);
  l2.Write(1, kMiB);
  EXPECT_EQ(l2.Read(1, kMiB), kMiB);
  EXPECT_EQ(l2.Read(2, 3 * kMiB), 3 * kMiB);  // only tensor 1 (1 MiB) above it
}

}  // namespace
}  // namespace asim::sim
