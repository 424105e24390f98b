// Tests of the device address space: device pointers fault when the host dereferences
// them (host run mode), are plain memory in host-accessible mode, large capacities cost
// nothing up front, and freed pages go back to the OS. Both backings (memfd, anonymous).
// Owner: device_sim/memory. Thread safety: single-threaded (death tests fork/re-exec).
// Failure: gtest assertions.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstring>
#include <memory>

#include "device_sim/memory/address_space.h"
#include "device_sim/memory/device_memory.h"

namespace asim::sim {
namespace {

constexpr uint64_t kMiB = uint64_t{1} << 20;
constexpr uint64_t kGiB = uint64_t{1} << 30;

std::unique_ptr<DeviceMemory> Make(uint64_t capacity, bool host_accessible) {
  std::unique_ptr<DeviceMemory> mem;
  Status s = DeviceMemory::Create(0, MemKind::kHbm, capacity, host_accessible, &mem);
  EXPECT_TRUE(s.ok()) << s.message();
  return mem;
}

void* Alloc(DeviceMemory& mem, size_t size, PageKind page = PageKind::kNormal) {
  void* p = nullptr;
  Status s = mem.Allocate(size, 0, page, "test", &p);
  EXPECT_TRUE(s.ok()) << s.message();
  return p;
}

char* Sim(DeviceMemory& mem, const void* p, size_t len) {
  void* sim = nullptr;
  Status s = mem.Translate(p, len, &sim);
  EXPECT_TRUE(s.ok()) << s.message();
  return static_cast<char*>(sim);
}

void ReadOneByte(const void* p) {
  volatile const char* c = static_cast<volatile const char*>(p);
  char v = *c;
  (void)v;
}

TEST(DeviceMemoryDeathTest, HostDereferenceOfADevicePointerCrashesInHostMode) {
  testing::GTEST_FLAG(death_test_style) = "threadsafe";
  auto mem = Make(64 * kMiB, false);
  void* p = Alloc(*mem, 4096);
  std::memset(Sim(*mem, p, 4096), 7, 4096);  // the simulator can write it...
  EXPECT_DEATH(ReadOneByte(p), "");          // ...the host cannot read it
  EXPECT_DEATH(*static_cast<volatile char*>(p) = 1, "");
}

TEST(DeviceMemoryDeathTest, AnonymousBackingAlsoFaultsInHostMode) {
  testing::GTEST_FLAG(death_test_style) = "threadsafe";
  std::unique_ptr<AddressSpace> space;
  ASSERT_TRUE(AddressSpace::Create(0, 16 * kMiB, false, AddressSpace::Backing::kAnonymous, &space).ok());
  EXPECT_EQ(space->backing(), AddressSpace::Backing::kAnonymous);
  space->shadow_base()[100] = 5;
  EXPECT_DEATH(ReadOneByte(reinterpret_cast<void*>(space->device_base() + 100)), "");
}

TEST(DeviceMemory, HostAccessibleModeSharesBytesBetweenBothViews) {
  auto mem = Make(64 * kMiB, true);
  EXPECT_TRUE(mem->host_accessible());
  auto* p = static_cast<uint32_t*>(Alloc(*mem, 1024));
  p[0] = 0xdeadbeef;  // host writes through the device pointer
  p[255] = 42;
  auto* sim = reinterpret_cast<uint32_t*>(Sim(*mem, p, 1024));
  EXPECT_EQ(sim[0], 0xdeadbeefu);
  EXPECT_EQ(sim[255], 42u);
  sim[1] = 77;  // the simulator writes, the host sees it
  EXPECT_EQ(p[1], 77u);
  ASSERT_TRUE(mem->Free(p).ok());
}

TEST(DeviceMemory, AnonymousBackingHostAccessibleIsOneMapping) {
  std::unique_ptr<AddressSpace> space;
  ASSERT_TRUE(AddressSpace::Create(1, 16 * kMiB, true, AddressSpace::Backing::kAnonymous, &space).ok());
  EXPECT_EQ(reinterpret_cast<uint64_t>(space->shadow_base()), space->device_base());
  auto* dev = reinterpret_cast<char*>(space->device_base());
  dev[4096] = 9;
  EXPECT_EQ(space->shadow_base()[4096], 9);
  space->Release(0, 2 * kMiB);
  EXPECT_EQ(dev[4096], 0) << "released pages read as zero";
}

TEST(DeviceMemory, LargeCapacitiesCommitNothingUpFront) {
  // 32 GiB and 64 GiB, host run mode and device run mode, on a machine with less RAM.
  for (uint64_t gib : {32, 64}) {
    for (bool host_accessible : {false, true}) {
      auto mem = Make(gib * kGiB, host_accessible);
      ASSERT_NE(mem, nullptr);
      EXPECT_EQ(mem->GetStats().total, gib * kGiB);
      void* big = Alloc(*mem, (gib - 1) * kGiB, PageKind::kHuge);
      ASSERT_NE(big, nullptr);
      char* sim = Sim(*mem, big, (gib - 1) * kGiB);
      sim[0] = 1;
      sim[(gib - 1) * kGiB - 1] = 2;  // touches two pages of the whole range
      EXPECT_LE(mem->ResidentBytes(), 4 * kMiB);
      ASSERT_TRUE(mem->Free(big).ok());
      EXPECT_EQ(mem->ResidentBytes(), 0u);
    }
  }
}

// Populate commits a live allocation's pages up front (for the weight upload), in both run
// modes; what it commits reads as zero and is returned by Free like any page. Outside a
// live allocation it is refused as Translate refuses.
TEST(DeviceMemory, PopulateCommitsTheRangeAhead) {
  for (bool host_accessible : {false, true}) {
    auto mem = Make(256 * kMiB, host_accessible);
    void* block = Alloc(*mem, 16 * kMiB);
    EXPECT_EQ(mem->ResidentBytes(), 0u);
    ASSERT_TRUE(mem->Populate(block, 16 * kMiB).ok());
#ifdef MADV_POPULATE_WRITE
    if (mem->ResidentBytes() != 0) {  // kernels since 5.14
      EXPECT_GE(mem->ResidentBytes(), 16 * kMiB);
    }
#endif
    EXPECT_EQ(Sim(*mem, block, 16 * kMiB)[16 * kMiB - 1], 0);
    EXPECT_FALSE(mem->Populate(static_cast<char*>(block) + 16 * kMiB, 1).ok());
    ASSERT_TRUE(mem->Free(block).ok());
    EXPECT_EQ(mem->ResidentBytes(), 0u);
    EXPECT_FALSE(mem->Populate(block, 1).ok()) << "freed";
  }
}

// AdviseHugePagesWithin (the weight upload's kept ranges): commits nothing by itself, gives
// huge pages only to the whole 2 MiB pages inside the range (where THP is on and the backing
// anonymous), leaves every page outside them at 4 KiB, and is refused outside a live allocation.
TEST(DeviceMemory, AdviseHugePagesWithinStaysInsideTheRange) {
  auto mem = Make(256 * kMiB, false);
  void* block = Alloc(*mem, 16 * kMiB);
  char* sim = Sim(*mem, block, 16 * kMiB);
  ASSERT_TRUE(mem->AdviseHugePagesWithin(static_cast<char*>(block) + kMiB, 5 * kMiB).ok());
  EXPECT_EQ(mem->ResidentBytes(), 0u);
  sim[9 * kMiB] = 1;  // outside the range: one small page
  EXPECT_EQ(mem->ResidentBytes(), AddressSpace::PageSize());
  // The first whole huge page inside [1 MiB, 6 MiB) of the simulator's view.
  const uint64_t huge = 2 * kMiB, at = reinterpret_cast<uint64_t>(sim) + kMiB;
  char* first_whole = reinterpret_cast<char*>((at + huge - 1) / huge * huge);
  first_whole[100] = 2;
  const uint64_t resident = mem->ResidentBytes() - AddressSpace::PageSize();
  EXPECT_TRUE(resident == AddressSpace::PageSize() || resident == huge) << resident;  // without THP, or with
  EXPECT_EQ(first_whole[101], 0);
  EXPECT_FALSE(mem->AdviseHugePagesWithin(static_cast<char*>(block) + 16 * kMiB, 1).ok());
  ASSERT_TRUE(mem->Free(block).ok());
  EXPECT_FALSE(mem->AdviseHugePagesWithin(block, 1).ok()) << "freed";
}

TEST(DeviceMemory, FreeReturnsWholeFreePagesToTheOs) {
  auto mem = Make(256 * kMiB, false);
  void* block = Alloc(*mem, 64 * kMiB);
  std::memset(Sim(*mem, block, 64 * kMiB), 0xab, 64 * kMiB);
  EXPECT_GE(mem->ResidentBytes(), 64 * kMiB);
  ASSERT_TRUE(mem->Free(block).ok());
  EXPECT_EQ(mem->ResidentBytes(), 0u);
  // Reused whole pages read as zero (device memory is not zeroed on allocation otherwise).
  void* again = Alloc(*mem, 64 * kMiB);
  EXPECT_EQ(again, block);
  EXPECT_EQ(Sim(*mem, again, 1)[12345], 0);
}

TEST(DeviceMemory, APageSharedWithALiveBlockIsKept) {
  auto mem = Make(16 * kMiB, false);
  void* a = Alloc(*mem, 64);
  void* b = Alloc(*mem, 64);  // same page as a
  ASSERT_EQ(static_cast<char*>(b) - static_cast<char*>(a), 64);
  Sim(*mem, a, 64)[0] = 11;
  Sim(*mem, b, 64)[0] = 22;
  ASSERT_TRUE(mem->Free(a).ok());
  EXPECT_EQ(Sim(*mem, b, 64)[0], 22) << "b's page must not be dropped";
  EXPECT_EQ(mem->ResidentBytes(), AddressSpace::PageSize());
  ASSERT_TRUE(mem->Free(b).ok());
  EXPECT_EQ(mem->ResidentBytes(), 0u) << "now the page is wholly free";
}

TEST(DeviceMemory, SimulatorViewIsSeparateInHostMode) {
  auto mem = Make(16 * kMiB, false);
  void* p = Alloc(*mem, 256);
  char* sim = Sim(*mem, p, 256);
  EXPECT_FALSE(mem->Contains(sim));
  std::strcpy(sim, "hello");
  EXPECT_STREQ(Sim(*mem, static_cast<char*>(p), 6), "hello");
}

}  // namespace
}  // namespace asim::sim
