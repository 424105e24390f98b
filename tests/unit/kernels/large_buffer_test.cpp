// kernels/common/host/large_buffer.h: AllocatePrepacked carves a load's buffers from one
// arena of 2 MiB-aligned blocks inside a LargeArenaScope (one after the other, 64-byte
// aligned, a buffer larger than a block in a block of its own), the blocks outliving the
// scope while a buffer does (written after the scope ends: a fault if not); outside a scope
// it is AllocateLarge.
#include "kernels/common/host/large_buffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <thread>
#include <vector>

namespace asim::kernels {
namespace {

constexpr size_t kMiB = size_t{1} << 20;

uintptr_t Address(const void* p) {
  return reinterpret_cast<uintptr_t>(p);
}

TEST(LargeArena, BuffersOfALoadShareHugePageAlignedBlocks) {
  LargeBuffer<float> a, b, big, c;
  {
    const LargeArenaScope scope;
    a = AllocatePrepacked<float>(100);  // rounded to 128 bytes
    b = AllocatePrepacked<float>(3 * kMiB);
    big = AllocatePrepacked<float>(40 * kMiB);  // more than a block: a block of its own
    c = AllocatePrepacked<float>(64);
  }
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_NE(big, nullptr);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(Address(a.get()) % (2 * kMiB), 0u) << "a block starts on a huge page";
  EXPECT_EQ(Address(b.get()), Address(a.get()) + 128);
  EXPECT_EQ(Address(big.get()) % (2 * kMiB), 0u);
  EXPECT_EQ(Address(c.get()), Address(b.get()) + 3 * kMiB) << "the large buffer's block is not bumped from";
  // Every byte writable after the scope ended: the blocks live while their buffers do.
  std::memset(a.get(), 1, 100);
  std::memset(b.get(), 2, 3 * kMiB);
  std::memset(big.get(), 3, 40 * kMiB);
  std::memset(c.get(), 4, 64);
  EXPECT_EQ(reinterpret_cast<const unsigned char*>(b.get())[3 * kMiB - 1], 2);
  EXPECT_EQ(a.get_deleter().arena, b.get_deleter().arena);
  a.reset();  // one buffer freed: the others stay
  std::memset(c.get(), 5, 64);
  b.reset();
  big.reset();
  c.reset();  // the last one: the arena's blocks go
}

// A large buffer of its own starts on a huge page (only whole aligned 2 MiB pages can be
// huge), every byte of it usable; the slack around it is not kept mapped.
TEST(LargeBuffer, LargeBuffersStartOnAHugePage) {
  for (size_t bytes : {2 * kMiB, 5 * kMiB + 100, 9 * kMiB + 4096}) {
    LargeBuffer<unsigned char> b = AllocateLarge<unsigned char>(bytes);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(Address(b.get()) % (2 * kMiB), 0u) << bytes;
    std::memset(b.get(), 7, bytes);
    EXPECT_EQ(b.get()[bytes - 1], 7);
  }
}

// A size no host has is refused, not wrapped into a small mapping.
TEST(LargeBuffer, ImpossibleSizesAreRefused) {
  const size_t huge = std::numeric_limits<size_t>::max() - 100;
  EXPECT_EQ(AllocateLarge<char>(huge), nullptr);
  const LargeArenaScope scope;
  EXPECT_EQ(AllocatePrepacked<char>(huge), nullptr);
  EXPECT_NE(AllocatePrepacked<char>(64), nullptr) << "the arena still works";
}

TEST(LargeArena, OutsideAScopeBuffersAreTheirOwn) {
  LargeBuffer<char> small = AllocatePrepacked<char>(1000);
  LargeBuffer<char> large = AllocatePrepacked<char>(4 * kMiB);
  ASSERT_NE(small, nullptr);
  ASSERT_NE(large, nullptr);
  EXPECT_EQ(small.get_deleter().arena, nullptr);
  EXPECT_EQ(large.get_deleter().arena, nullptr);
  EXPECT_EQ(Address(small.get()) % 64, 0u);
  std::memset(small.get(), 1, 1000);
  std::memset(large.get(), 2, 4 * kMiB);
}

TEST(LargeArena, AScopeIsItsThreadsOnly) {
  const LargeArenaScope scope;
  LargeBuffer<char> mine = AllocatePrepacked<char>(256);
  LargeBuffer<char> other;
  std::thread([&] { other = AllocatePrepacked<char>(256); }).join();
  EXPECT_NE(mine.get_deleter().arena, nullptr);
  EXPECT_EQ(other.get_deleter().arena, nullptr) << "another thread's allocation is not in this load's arena";
}

TEST(LargeArena, EachScopeIsANewArena) {
  LargeBuffer<char> first, second;
  {
    const LargeArenaScope scope;
    first = AllocatePrepacked<char>(256);
  }
  {
    const LargeArenaScope scope;
    second = AllocatePrepacked<char>(256);
  }
  ASSERT_NE(first.get_deleter().arena, nullptr);
  EXPECT_NE(first.get_deleter().arena, second.get_deleter().arena);
}

}  // namespace
}  // namespace asim::kernels
