// Tests of AllocTable: device records from the listener (user size, freed history with the
// freeing call), pinned host records, device ranges, LiveBelow and ForgetDevice.
// Owner: runtime/check. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "check_test_util.h"
#include "runtime/check/call_site.h"

namespace asim::check {
namespace {

using ::testing::HasSubstr;
using testing_util::FakeDevice;
using testing_util::kBase;
using testing_util::MemcheckOn;

uint64_t A(const void* p) {
  return reinterpret_cast<uint64_t>(p);
}

TEST(AllocTable, DeviceRecordsLiveFreedAndRanges) {
  CheckState checks;
  FakeDevice dev(checks.allocs());
  AllocTable& t = checks.allocs();
  void* a = dev.Allocate(1032, "aclrtMalloc(size=1000, policy=0)");
  t.SetUserSize(a, 1000);
  EXPECT_EQ(t.DeviceOf(A(a)), 0);
  EXPECT_FALSE(t.DeviceOf(A(&dev)).has_value());
  auto live = t.FindLive(A(a) + 1020);  // in the padding: still the block
  ASSERT_TRUE(live.has_value());
  EXPECT_EQ(live->size, 1000u);
  EXPECT_EQ(live->serial, 1u);
  {
    ApiCallScope scope("aclrtFree", nullptr);
    dev.Free(a);
  }
  EXPECT_FALSE(t.FindLive(A(a)).has_value());
  auto freed = t.FindFreed(A(a) + 8);
  ASSERT_TRUE(freed.has_value());
  ASSERT_NE(freed->free_site, nullptr);
  EXPECT_STREQ(freed->free_site->api, "aclrtFree");
  EXPECT_THAT(DescribeRecord(*freed, "  "), HasSubstr("device 0 allocation #1 [0x12c000000000, 0x12c0000003e8) of "
                                                      "1000 bytes from 'aclrtMalloc(size=1000, policy=0)'"));
  EXPECT_THAT(DescribeRecord(*freed, "  "), HasSubstr("freed by aclrtFree"));
}

TEST(AllocTable, BacktracesOnlyWhileMemcheckIsOn) {
  CheckState checks;
  FakeDevice dev(checks.allocs());
  void* quiet = dev.Allocate(64);
  EXPECT_TRUE(checks.allocs().FindLive(A(quiet))->alloc_site->frames.empty());
  MemcheckOn on(checks.memcheck());
  void* loud = dev.Allocate(64);
  EXPECT_FALSE(checks.allocs().FindLive(A(loud))->alloc_site->frames.empty());
}

TEST(AllocTable, LiveBelowAndLiveOn) {
  CheckState checks;
  FakeDevice dev(checks.allocs());
  void* a = dev.Allocate(100);
  void* b = dev.Allocate(100);
  auto below = checks.allocs().LiveBelow(A(b) - 10);
  ASSERT_TRUE(below.has_value());
  EXPECT_EQ(below->addr, A(a));
  EXPECT_EQ(checks.allocs().LiveOn(0).size(), 2u);
  EXPECT_TRUE(checks.allocs().LiveOn(-1).empty());
  checks.allocs().ForgetDevice(0);
  EXPECT_TRUE(checks.allocs().LiveOn(0).empty());
  EXPECT_FALSE(checks.allocs().DeviceOf(kBase).has_value());
}

TEST(AllocTable, HostRecords) {
  CheckState checks;
  FakeDevice dev(checks.allocs());
  AllocTable& t = checks.allocs();
  char block[128];
  t.NoteHostAlloc(block, 100, "aclrtMallocHost(size=100)");
  auto live = t.FindLive(A(block) + 99);
  ASSERT_TRUE(live.has_value());
  EXPECT_FALSE(live->device);
  EXPECT_EQ(live->device_id, -1);
  EXPECT_EQ(t.LiveOn(-1).size(), 1u);
  t.NoteHostFree(block);
  EXPECT_FALSE(t.FindLive(A(block)).has_value());
  EXPECT_TRUE(t.FindFreedHost(A(block)).has_value());
  EXPECT_FALSE(t.FindFreedHost(A(block) + 8).has_value());  // only exact starts
  EXPECT_FALSE(t.FindFreed(A(block)).has_value());          // device history only
  t.NoteHostAlloc(block, 64, "again");                      // the heap reuses the address
  EXPECT_FALSE(t.FindFreedHost(A(block)).has_value());
  t.NoteHostFree(block);
}

}  // namespace
}  // namespace asim::check
