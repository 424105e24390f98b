// Tests of DeviceMemory's AllocationListener and FindFreed: every allocation and free is
// reported once, in order, with the block's description; failed calls report nothing.
// Owner: device_sim/memory. Thread safety: single-threaded. Failure: gtest assertions.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "device_sim/memory/device_memory.h"

namespace asim::sim {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;

struct Event {
  bool allocated;
  uint32_t device;
  AllocationInfo info;
};

class Recorder : public AllocationListener {
 public:
  void OnAllocated(uint32_t device_id, const AllocationInfo& info) override {
    events.push_back({true, device_id, info});
  }
  void OnFreed(uint32_t device_id, const AllocationInfo& info) override { events.push_back({false, device_id, info}); }
  std::vector<Event> events;
};

TEST(AllocationListener, SeesEveryAllocationAndFreeInOrder) {
  std::unique_ptr<DeviceMemory> mem;
  ASSERT_TRUE(DeviceMemory::Create(2, MemKind::kDdr, 64 * kMiB, false, &mem).ok());
  auto rec = std::make_shared<Recorder>();
  mem->SetListener(rec);
  void* a = nullptr;
  void* b = nullptr;
  ASSERT_TRUE(mem->Allocate(100, 0, PageKind::kNormal, "first", &a).ok());
  ASSERT_TRUE(mem->Allocate(200, 0, PageKind::kNormal, "second", &b).ok());
  ASSERT_TRUE(mem->Free(a).ok());
  EXPECT_FALSE(mem->Free(a).ok());  // double free: not reported to the listener
  void* too_big = nullptr;
  EXPECT_FALSE(mem->Allocate(128 * kMiB, 0, PageKind::kNormal, "too big", &too_big).ok());
  ASSERT_EQ(rec->events.size(), 3u);
  EXPECT_TRUE(rec->events[0].allocated);
  EXPECT_EQ(rec->events[0].device, 2u);
  EXPECT_EQ(rec->events[0].info.addr, reinterpret_cast<uint64_t>(a));
  EXPECT_EQ(rec->events[0].info.requested, 100u);
  EXPECT_EQ(rec->events[0].info.origin, "first");
  EXPECT_EQ(rec->events[1].info.origin, "second");
  EXPECT_FALSE(rec->events[2].allocated);
  EXPECT_EQ(rec->events[2].info.serial, rec->events[0].info.serial);
  mem->SetListener(nullptr);
  ASSERT_TRUE(mem->Free(b).ok());
  EXPECT_EQ(rec->events.size(), 3u);
}

TEST(AllocationListener, FindFreedNamesTheFreedBlockHoldingAnAddress) {
  std::unique_ptr<DeviceMemory> mem;
  ASSERT_TRUE(DeviceMemory::Create(0, MemKind::kHbm, 64 * kMiB, false, &mem).ok());
  void* a = nullptr;
  ASSERT_TRUE(mem->Allocate(1000, 0, PageKind::kNormal, "gone", &a).ok());
  EXPECT_FALSE(mem->FindFreed(a).has_value());
  ASSERT_TRUE(mem->Free(a).ok());
  auto freed = mem->FindFreed(static_cast<char*>(a) + 10);
  ASSERT_TRUE(freed.has_value());
  EXPECT_EQ(freed->origin, "gone");
  int host = 0;
  EXPECT_FALSE(mem->FindFreed(&host).has_value());
}

}  // namespace
}  // namespace asim::sim
