// Tests of DeviceMemory's allocator-facing behaviour: allocate/free/coalesce, exhaustion
// and recovery, statistics, huge vs normal accounting, Translate bounds and the wording of
// every misuse message. Owner: device_sim/memory. Thread safety: single-threaded.
// Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "device_sim/memory/device_memory.h"

namespace asim::sim {
namespace {

using testing::HasSubstr;
constexpr uint64_t kMiB = uint64_t{1} << 20;

std::unique_ptr<DeviceMemory> Make(uint64_t capacity, bool host_accessible = false, uint32_t device = 0) {
  std::unique_ptr<DeviceMemory> mem;
  Status s = DeviceMemory::Create(device, MemKind::kHbm, capacity, host_accessible, &mem);
  EXPECT_TRUE(s.ok()) << s.message();
  return mem;
}

void* Alloc(DeviceMemory& mem, size_t size, PageKind page = PageKind::kNormal, size_t alignment = 0) {
  void* p = nullptr;
  Status s = mem.Allocate(size, alignment, page, "test", &p);
  EXPECT_TRUE(s.ok()) << s.message();
  return p;
}

uint64_t Addr(const void* p) {
  return reinterpret_cast<uint64_t>(p);
}

TEST(DeviceMemory, CreateReportsItsIdentity) {
  auto mem = Make(64 * kMiB, false, 3);
  EXPECT_EQ(mem->device_id(), 3u);
  EXPECT_EQ(mem->kind(), MemKind::kHbm);
  EXPECT_FALSE(mem->host_accessible());
  EXPECT_EQ(mem->capacity(), 64 * kMiB);
  EXPECT_EQ(mem->base() % (2 * kMiB), 0u);
  EXPECT_TRUE(mem->Contains(reinterpret_cast<void*>(mem->base())));
  EXPECT_TRUE(mem->Contains(reinterpret_cast<void*>(mem->base() + mem->capacity() - 1)));
  EXPECT_FALSE(mem->Contains(reinterpret_cast<void*>(mem->base() + mem->capacity())));
  EXPECT_FALSE(mem->Contains(&mem));
}

TEST(DeviceMemory, CreateRejectsBadCapacities) {
  std::unique_ptr<DeviceMemory> mem;
  EXPECT_EQ(DeviceMemory::Create(0, MemKind::kDdr, 0, false, &mem).code(), err::kInvalidParam);
  Status s = DeviceMemory::Create(0, MemKind::kDdr, 1000, false, &mem);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("capacity 1000"));
  EXPECT_EQ(DeviceMemory::Create(0, MemKind::kDdr, 4096, false, nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(mem, nullptr);
}

TEST(DeviceMemory, AllocateFreeAndCoalesce) {
  auto mem = Make(4 * kMiB);
  void* a = Alloc(*mem, 1 * kMiB);
  void* b = Alloc(*mem, 1 * kMiB);
  void* c = Alloc(*mem, 1 * kMiB);
  void* d = Alloc(*mem, 1 * kMiB);
  ASSERT_TRUE(a && b && c && d);
  EXPECT_EQ(mem->GetStats().free, 0u);
  ASSERT_TRUE(mem->Free(b).ok());
  ASSERT_TRUE(mem->Free(c).ok());
  // b and c coalesced: a 2 MiB block fits where they were.
  void* bc = Alloc(*mem, 2 * kMiB);
  EXPECT_EQ(bc, b);
  ASSERT_TRUE(mem->Free(a).ok());
  ASSERT_TRUE(mem->Free(bc).ok());
  ASSERT_TRUE(mem->Free(d).ok());
  EXPECT_EQ(Alloc(*mem, 4 * kMiB), a) << "everything coalesced back into one block";
}

TEST(DeviceMemory, AlignmentIsHonouredAndAtLeast64) {
  auto mem = Make(16 * kMiB);
  for (size_t size : {1, 3, 63, 65, 100, 4097}) {
    void* p = Alloc(*mem, size);
    EXPECT_EQ(Addr(p) % 64, 0u) << size;
    EXPECT_EQ(mem->Find(p)->reserved, (size + 63) / 64 * 64);
  }
  for (size_t alignment : {1, 2, 32, 128, 4096, 65536, 1 << 20}) {
    void* p = Alloc(*mem, 100, PageKind::kNormal, alignment);
    EXPECT_EQ(Addr(p) % std::max<size_t>(alignment, 64), 0u) << alignment;
  }
  void* p = nullptr;
  Status s = mem->Allocate(100, 48, PageKind::kNormal, "test", &p);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("alignment 48 is not a power of two"));
}

TEST(DeviceMemory, SizeZeroAndNullOutputAreInvalid) {
  auto mem = Make(4 * kMiB);
  void* p = reinterpret_cast<void*>(1);
  Status s = mem->Allocate(0, 0, PageKind::kNormal, "test", &p);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("0 bytes"));
  EXPECT_EQ(mem->Allocate(64, 0, PageKind::kNormal, "test", nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(mem->GetStats().live_count, 0u);
}

TEST(DeviceMemory, ExhaustionReportsAndStateStaysUsable) {
  auto mem = Make(8 * kMiB);
  std::vector<void*> blocks;
  for (int i = 0; i < 8; ++i) blocks.push_back(Alloc(*mem, kMiB));
  void* p = nullptr;
  Status s = mem->Allocate(100, 0, PageKind::kNormal, "one more", &p);
  EXPECT_EQ(s.code(), err::kRtMemoryAllocation);
  EXPECT_THAT(s.message(), HasSubstr("cannot allocate 100 bytes"));
  EXPECT_THAT(s.message(), HasSubstr("'one more'"));
  EXPECT_THAT(s.message(), HasSubstr("0 bytes free of 8388608"));
  EXPECT_EQ(p, nullptr);

  // Free every other block: 4 MiB free, but no 2 MiB hole.
  for (int i = 0; i < 8; i += 2) ASSERT_TRUE(mem->Free(blocks[i]).ok());
  s = mem->Allocate(2 * kMiB, 0, PageKind::kNormal, "big", &p);
  EXPECT_EQ(s.code(), err::kRtMemoryAllocation);
  EXPECT_THAT(s.message(), HasSubstr("4194304 bytes free"));
  EXPECT_THAT(s.message(), HasSubstr("in 4 blocks, the largest 1048576 bytes"));

  // Far more than the capacity (no overflow in rounding).
  s = mem->Allocate(SIZE_MAX, 0, PageKind::kHuge, "huge", &p);
  EXPECT_EQ(s.code(), err::kRtMemoryAllocation);

  // Recovery: the failures changed nothing, the holes are reusable.
  EXPECT_EQ(mem->GetStats().live_count, 4u);
  EXPECT_EQ(mem->GetStats().free, 4 * kMiB);
  for (int i = 0; i < 8; i += 2) EXPECT_EQ(Alloc(*mem, kMiB), blocks[i]);
  for (void* b : blocks) ASSERT_TRUE(mem->Free(b).ok());
  EXPECT_NE(Alloc(*mem, 8 * kMiB), nullptr);
}

TEST(DeviceMemory, StatsCountReservedBytesAndPeak) {
  auto mem = Make(64 * kMiB);
  DeviceMemory::Stats st = mem->GetStats();
  EXPECT_EQ(st.total, 64 * kMiB);
  EXPECT_EQ(st.free, 64 * kMiB);
  EXPECT_EQ(st.used_huge + st.used_normal + st.peak_used + st.live_count, 0u);

  void* n = Alloc(*mem, 1000);                       // 1024 reserved
  void* h = Alloc(*mem, 3 * kMiB, PageKind::kHuge);  // 4 MiB reserved
  void* h2 = Alloc(*mem, 1, PageKind::kHuge);        // 2 MiB reserved
  st = mem->GetStats();
  EXPECT_EQ(st.used_normal, 1024u);
  EXPECT_EQ(st.used_huge, 6 * kMiB);
  EXPECT_EQ(st.free, st.total - st.used_normal - st.used_huge);
  EXPECT_EQ(st.live_count, 3u);
  EXPECT_EQ(st.peak_used, 6 * kMiB + 1024);
  EXPECT_EQ(Addr(h) % (2 * kMiB), 0u);
  EXPECT_EQ(Addr(h2) % (2 * kMiB), 0u);
  EXPECT_EQ(mem->Find(h)->page, PageKind::kHuge);
  EXPECT_EQ(mem->Find(h)->requested, 3 * kMiB);
  EXPECT_EQ(mem->Find(h)->reserved, 4 * kMiB);

  ASSERT_TRUE(mem->Free(h).ok());
  st = mem->GetStats();
  EXPECT_EQ(st.used_huge, 2 * kMiB);
  EXPECT_EQ(st.peak_used, 6 * kMiB + 1024) << "peak stays";
  ASSERT_TRUE(mem->Free(n).ok());
  ASSERT_TRUE(mem->Free(h2).ok());
  st = mem->GetStats();
  EXPECT_EQ(st.free, st.total);
  EXPECT_EQ(st.live_count, 0u);
}

TEST(DeviceMemory, LiveAllocationsAndFind) {
  auto mem = Make(16 * kMiB);
  void* p1 = nullptr;
  void* p2 = nullptr;
  void* p3 = nullptr;
  ASSERT_TRUE(mem->Allocate(100, 0, PageKind::kNormal, "first", &p1).ok());
  ASSERT_TRUE(mem->Allocate(kMiB, 0, PageKind::kHuge, "second", &p2).ok());
  ASSERT_TRUE(mem->Allocate(200, 0, PageKind::kNormal, "third", &p3).ok());
  ASSERT_TRUE(mem->Free(p2).ok());
  std::vector<AllocationInfo> live = mem->LiveAllocations();
  ASSERT_EQ(live.size(), 2u);
  EXPECT_EQ(live[0].origin, "first");
  EXPECT_EQ(live[0].serial, 1u);
  EXPECT_EQ(live[1].origin, "third");
  EXPECT_EQ(live[1].serial, 3u);
  EXPECT_EQ(live[1].addr, Addr(p3));
  EXPECT_EQ(live[1].requested, 200u);

  auto inside = mem->Find(static_cast<char*>(p1) + 99);
  ASSERT_TRUE(inside);
  EXPECT_EQ(inside->addr, Addr(p1));
  EXPECT_TRUE(mem->Find(static_cast<char*>(p1) + 127)) << "reserved padding belongs to the block";
  EXPECT_FALSE(mem->Find(p2)) << "freed";
  EXPECT_FALSE(mem->Find(&live));
}

TEST(DeviceMemory, TranslateChecksTheRange) {
  auto mem = Make(16 * kMiB);
  void* p = Alloc(*mem, 1000);  // reserved 1024
  char* c = static_cast<char*>(p);
  void* sim = nullptr;
  ASSERT_TRUE(mem->Translate(p, 1000, &sim).ok());
  EXPECT_NE(sim, p) << "host mode: the simulator's view is another mapping";
  void* sim_mid = nullptr;
  ASSERT_TRUE(mem->Translate(c + 512, 512, &sim_mid).ok());
  EXPECT_EQ(static_cast<char*>(sim_mid), static_cast<char*>(sim) + 512);
  ASSERT_TRUE(mem->Translate(c + 1024 - 1, 1, &sim_mid).ok());
  ASSERT_TRUE(mem->Translate(c + 10, 0, &sim_mid).ok());

  Status s = mem->Translate(c + 1, 1024, &sim);  // one byte past the end
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("leaves allocation #1"));
  EXPECT_THAT(s.message(), HasSubstr("by 1 bytes"));
  EXPECT_THAT(s.message(), HasSubstr("[" + HexAddress(Addr(p)) + ", " + HexAddress(Addr(p) + 1024) + ")"));

  s = mem->Translate(c, SIZE_MAX, &sim);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("leaves allocation #1"));

  int host_var = 0;
  s = mem->Translate(&host_var, 4, &sim);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("is not device memory"));

  s = mem->Translate(c + 4096, 4, &sim);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("in no live allocation"));

  ASSERT_TRUE(mem->Free(p).ok());
  s = mem->Translate(c + 8, 4, &sim);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("in no live allocation"));
  EXPECT_THAT(s.message(), HasSubstr("already freed"));
  EXPECT_THAT(s.message(), HasSubstr("allocation #1"));
  EXPECT_THAT(s.message(), HasSubstr(HexAddress(Addr(p)) + "+8"));
}

TEST(DeviceMemory, FreeMisuseMessages) {
  auto mem = Make(16 * kMiB);
  void* p = nullptr;
  ASSERT_TRUE(mem->Allocate(256, 0, PageKind::kNormal, "weights", &p).ok());
  char* c = static_cast<char*>(p);

  Status s = mem->Free(c + 16);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(),
              HasSubstr("not the start of an allocation (inside allocation #1 at " + HexAddress(Addr(p)) + "+16"));
  EXPECT_THAT(s.message(), HasSubstr("'weights'"));
  EXPECT_EQ(mem->GetStats().live_count, 1u) << "a failed free changes nothing";

  ASSERT_TRUE(mem->Free(p).ok());
  s = mem->Free(p);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("already freed"));
  EXPECT_THAT(s.message(), HasSubstr("allocation #1"));

  s = mem->Free(c + 32);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("not the start of an allocation (inside allocation #1 at " + HexAddress(Addr(p)) +
                                     "+32, which was already freed"));

  int host_var = 0;
  s = mem->Free(&host_var);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("not device memory"));
  s = mem->Free(nullptr);
  EXPECT_THAT(s.message(), HasSubstr("not device memory"));

  s = mem->Free(reinterpret_cast<void*>(mem->base() + 8 * kMiB));
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("no live or recently freed allocation"));

  // The address is reused: the new block is live, the message history does not interfere.
  void* q = Alloc(*mem, 256);
  EXPECT_EQ(q, p);
  EXPECT_TRUE(mem->Free(q).ok());
}

TEST(DeviceMemory, AnotherDevicesPointerIsNotDeviceMemory) {
  auto mem0 = Make(4 * kMiB, false, 0);
  auto mem1 = Make(4 * kMiB, false, 1);
  void* p = Alloc(*mem0, 64);
  EXPECT_FALSE(mem1->Contains(p));
  Status s = mem1->Free(p);
  EXPECT_THAT(s.message(), HasSubstr("not device memory"));
  EXPECT_THAT(s.message(), HasSubstr("device 1"));
  EXPECT_TRUE(mem0->Free(p).ok());
}

}  // namespace
}  // namespace asim::sim
