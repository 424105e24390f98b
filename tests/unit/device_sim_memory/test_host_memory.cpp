// Tests of HostMemory, the pinned host allocation registry: alignment, lookups, stats,
// misuse messages, concurrency. Owner: device_sim/memory.
// Thread safety: one test is concurrent on purpose. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

#include "device_sim/memory/host_memory.h"

namespace asim::sim {
namespace {

using testing::HasSubstr;

uint64_t Addr(const void* p) {
  return reinterpret_cast<uint64_t>(p);
}

TEST(HostMemory, AllocatesAlignedWritableBlocks) {
  HostMemory host;
  void* p = nullptr;
  ASSERT_TRUE(host.Allocate(1000, "input buffer", &p).ok());
  EXPECT_EQ(Addr(p) % 64, 0u);
  std::memset(p, 1, 1000);
  auto info = host.Find(static_cast<char*>(p) + 999);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->addr, Addr(p));
  EXPECT_EQ(info->requested, 1000u);
  EXPECT_EQ(info->reserved, 1024u);
  EXPECT_EQ(info->serial, 1u);
  EXPECT_EQ(info->origin, "input buffer");
  EXPECT_EQ(host.GetStats().used, 1024u);
  ASSERT_TRUE(host.Free(p).ok());
  EXPECT_FALSE(host.Find(p));
  EXPECT_EQ(host.GetStats().used, 0u);
  EXPECT_EQ(host.GetStats().peak_used, 1024u);
}

TEST(HostMemory, RejectsBadArguments) {
  HostMemory host;
  void* p = nullptr;
  Status s = host.Allocate(0, "x", &p);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("0 bytes"));
  EXPECT_EQ(host.Allocate(8, "x", nullptr).code(), err::kInvalidParam);
  s = host.Allocate(SIZE_MAX, "x", &p);
  EXPECT_EQ(s.code(), err::kRtMemoryAllocation);
  EXPECT_EQ(host.GetStats().live_count, 0u);
}

TEST(HostMemory, MisuseMessages) {
  HostMemory host;
  void* p = nullptr;
  ASSERT_TRUE(host.Allocate(256, "staging", &p).ok());
  Status s = host.Free(static_cast<char*>(p) + 16);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(),
              HasSubstr("not the start of an allocation (inside allocation #1 at " + HexAddress(Addr(p)) + "+16"));
  ASSERT_TRUE(host.Free(p).ok());
  s = host.Free(p);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("already freed"));
  EXPECT_THAT(s.message(), HasSubstr("'staging'"));
  int local = 0;
  s = host.Free(&local);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("not pinned host memory"));
  EXPECT_THAT(host.Free(nullptr).message(), HasSubstr("not pinned host memory"));
}

TEST(HostMemory, LiveAllocationsAreSortedBySerial) {
  HostMemory host;
  std::vector<void*> ptrs(5);
  for (size_t i = 0; i < ptrs.size(); ++i) {
    ASSERT_TRUE(host.Allocate(100 * (i + 1), "b" + std::to_string(i), &ptrs[i]).ok());
  }
  ASSERT_TRUE(host.Free(ptrs[2]).ok());
  auto live = host.LiveAllocations();
  ASSERT_EQ(live.size(), 4u);
  EXPECT_EQ(live[0].serial, 1u);
  EXPECT_EQ(live[2].serial, 4u);
  EXPECT_EQ(live[2].origin, "b3");
  // The destructor frees what is left (no leak under ASan).
}

TEST(HostMemory, ConcurrentUse) {
  HostMemory host;
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        void* p = nullptr;
        if (!host.Allocate(1 + (i * 37 + t) % 5000, "t", &p).ok()) ++errors;
        std::memset(p, t, 1);
        if (!host.Find(p) || !host.Free(p).ok()) ++errors;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(host.GetStats().live_count, 0u);
}

// A block freed while a task holds it is retired at once (a second free is a double free,
// Find no longer sees it) and stays readable until the last hold ends (ASan checks the
// release: a use after it is reported).
TEST(HostMemory, AHeldBlockIsReleasedByItsLastHold) {
  auto memory = std::make_unique<HostMemory>();
  void* p = nullptr;
  ASSERT_TRUE(memory->Allocate(256, "test", &p).ok());
  std::memset(p, 7, 256);
  EXPECT_EQ(memory->Hold(static_cast<char*>(p) + 1000), nullptr);           // outside the block
  std::shared_ptr<void> first = memory->Hold(static_cast<char*>(p) + 100);  // an interior pointer
  std::shared_ptr<void> second = memory->Hold(p);
  ASSERT_NE(first, nullptr);
  ASSERT_TRUE(memory->Free(p).ok());
  EXPECT_FALSE(memory->Find(p).has_value());
  EXPECT_THAT(memory->Free(p).message(), HasSubstr("already freed"));
  ASSERT_TRUE(memory->FindRetired(static_cast<char*>(p) + 200).has_value());  // a use after the free
  EXPECT_EQ(memory->FindRetired(static_cast<char*>(p) + 200)->addr, reinterpret_cast<uint64_t>(p));
  first.reset();
  EXPECT_EQ(static_cast<unsigned char*>(p)[255], 7);  // still held by `second`
  second.reset();                                     // released here
  EXPECT_FALSE(memory->FindRetired(p).has_value());   // released: the heap may reuse it
  // A hold may outlive the registry: the block is released by it, not leaked.
  void* q = nullptr;
  ASSERT_TRUE(memory->Allocate(64, "test", &q).ok());
  std::shared_ptr<void> late = memory->Hold(q);
  memory.reset();
  static_cast<unsigned char*>(q)[0] = 1;
  late.reset();
  // A block held and never freed is released normally once the hold ends.
  HostMemory again;
  void* r = nullptr;
  ASSERT_TRUE(again.Allocate(64, "test", &r).ok());
  { std::shared_ptr<void> hold = again.Hold(r); }
  EXPECT_TRUE(again.Free(r).ok());
}

}  // namespace
}  // namespace asim::sim
