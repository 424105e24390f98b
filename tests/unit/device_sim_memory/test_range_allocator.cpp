// Tests of RangeAllocator: best fit, alignment, splitting, coalescing, failure paths.
// Owner: device_sim/memory. Thread safety: single-threaded. Failure: gtest assertions.
#include <gtest/gtest.h>

#include "device_sim/memory/range_allocator.h"

namespace asim::sim {
namespace {

constexpr uint64_t kBase = 0x100000;  // 1 MiB, aligned to everything the tests ask for

TEST(RangeAllocator, AllocatesFromTheLowestBestFitAndCoalesces) {
  RangeAllocator a(kBase, 4096);
  auto x = a.Allocate(1024, 64);
  auto y = a.Allocate(1024, 64);
  auto z = a.Allocate(1024, 64);
  ASSERT_TRUE(x && y && z);
  EXPECT_EQ(*x, kBase);
  EXPECT_EQ(*y, kBase + 1024);
  EXPECT_EQ(*z, kBase + 2048);
  EXPECT_EQ(a.free_bytes(), 1024u);
  ASSERT_TRUE(a.Release(*x, 1024));
  ASSERT_TRUE(a.Release(*z, 1024));  // coalesces with the tail
  EXPECT_EQ(a.free_blocks(), 2u);
  EXPECT_EQ(a.largest_free_block(), 2048u);
  auto merged = a.Release(*y, 1024);  // joins both neighbours
  ASSERT_TRUE(merged);
  EXPECT_EQ(merged->begin, kBase);
  EXPECT_EQ(merged->end, kBase + 4096);
  EXPECT_EQ(a.free_blocks(), 1u);
  EXPECT_TRUE(a.CheckInvariants());
}

TEST(RangeAllocator, PrefersTheSmallestBlockThatFits) {
  RangeAllocator a(kBase, 8192);
  auto b0 = a.Allocate(2048, 64);  // [0, 2048)
  auto b1 = a.Allocate(64, 64);    // [2048, 2112)
  auto b2 = a.Allocate(512, 64);   // [2112, 2624)
  auto b3 = a.Allocate(64, 64);    // [2624, 2688)
  ASSERT_TRUE(b0 && b1 && b2 && b3);
  ASSERT_TRUE(a.Release(*b0, 2048));
  ASSERT_TRUE(a.Release(*b2, 512));
  // Free: [0,2048) 2048 bytes, [2112,2624) 512 bytes, [2688, 8192) tail.
  auto c = a.Allocate(448, 64);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, *b2) << "best fit takes the 512-byte hole, not the first hole";
  EXPECT_TRUE(a.CheckInvariants());
}

TEST(RangeAllocator, HonoursAlignmentAndKeepsThePadding) {
  RangeAllocator a(kBase, 1 << 20);
  auto small = a.Allocate(64, 64);
  ASSERT_TRUE(small);
  auto aligned = a.Allocate(4096, 65536);
  ASSERT_TRUE(aligned);
  EXPECT_EQ(*aligned % 65536, 0u);
  EXPECT_EQ(a.free_bytes(), (1u << 20) - 64 - 4096);
  // The padding in front of the aligned block is still usable.
  auto pad = a.Allocate(1024, 64);
  ASSERT_TRUE(pad);
  EXPECT_LT(*pad, *aligned);
  EXPECT_TRUE(a.CheckInvariants());
}

TEST(RangeAllocator, FindsAnAlignedFitInASmallBlockWhenOneExists) {
  // A free block only `size` long whose start happens to be aligned must be used even
  // though it is smaller than size + alignment.
  RangeAllocator a(kBase, 1 << 20);
  auto lead = a.Allocate(65536, 64);
  auto hole = a.Allocate(65536, 64);
  auto rest = a.Allocate((1 << 20) - 2 * 65536, 64);
  ASSERT_TRUE(lead && hole && rest);
  ASSERT_TRUE(a.Release(*hole, 65536));  // free exactly [64K, 128K), 64K-aligned
  auto got = a.Allocate(65536, 65536);
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, *hole);
}

TEST(RangeAllocator, FailsWithoutChangingState) {
  RangeAllocator a(kBase, 4096);
  EXPECT_FALSE(a.Allocate(8192, 64));
  EXPECT_FALSE(a.Allocate(0, 64));
  EXPECT_FALSE(a.Allocate(64, 96));  // not a power of two
  auto x = a.Allocate(2048, 64);
  ASSERT_TRUE(x);
  EXPECT_FALSE(a.Allocate(2048, 4096)) << "2048 bytes are free, but not 4096-aligned";
  EXPECT_EQ(a.free_bytes(), 2048u);
  EXPECT_FALSE(a.Release(*x + 2048, 64)) << "already free";
  EXPECT_FALSE(a.Release(*x + 1024, 2048)) << "overlaps free space";
  EXPECT_FALSE(a.Release(kBase + 8192, 64)) << "outside the range";
  EXPECT_EQ(a.free_bytes(), 2048u);
  EXPECT_TRUE(a.CheckInvariants());
}

TEST(RangeAllocator, HugeAlignmentNeverOverflows) {
  RangeAllocator a(kBase, 4096);
  EXPECT_FALSE(a.Allocate(64, uint64_t{1} << 63));
  EXPECT_FALSE(a.Allocate(UINT64_MAX - 63, 64));
  EXPECT_TRUE(a.CheckInvariants());
}

}  // namespace
}  // namespace asim::sim
