// Conformance: acl_rt.h memory — aclrtMalloc policies, sizes and exhaustion, host memory,
// frees of the wrong kind, every copy kind and its pointer-side rules, bounds, memsets,
// 2-D copies, aclrtGetMemInfo, and the host/device run-mode address rules (death test).
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

namespace {

using conformance::LastMsg;
using conformance::RecentMsg;
using conformance::TempDir;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment());

constexpr size_t kMiB = size_t{1} << 20;
constexpr size_t kGiB = size_t{1} << 30;

class MemoryTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (void* p : device_) (void)aclrtFree(p);
    for (void* p : host_) (void)aclrtFreeHost(p);
  }
  void* Dev(size_t size, aclrtMemMallocPolicy policy = ACL_MEM_MALLOC_NORMAL_ONLY) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, size, policy));
    if (p != nullptr) device_.push_back(p);
    return p;
  }
  void* Host(size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMallocHost(&p, size));
    if (p != nullptr) host_.push_back(p);
    return p;
  }
  void Forget(void* p) {
    device_.erase(std::remove(device_.begin(), device_.end(), p), device_.end());
    host_.erase(std::remove(host_.begin(), host_.end(), p), host_.end());
  }
  std::vector<uint8_t> Read(const void* dev, size_t n) {
    std::vector<uint8_t> host(n);
    EXPECT_ACL_OK(aclrtMemcpy(host.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST));
    return host;
  }
  static std::vector<uint8_t> Pattern(size_t n, uint8_t seed) {
    std::vector<uint8_t> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(i * 13 + seed);
    return v;
  }
  size_t FreeDdr() {
    size_t free_bytes = 0, total = 0;
    EXPECT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_bytes, &total));
    return free_bytes;
  }

  std::vector<void*> device_;
  std::vector<void*> host_;
};

// ---- aclrtMalloc ---------------------------------------------------------------------

TEST_F(MemoryTest, MallocEveryPolicy) {
  const aclrtMemMallocPolicy policies[] = {
      ACL_MEM_MALLOC_HUGE_FIRST,
      ACL_MEM_MALLOC_HUGE_ONLY,
      ACL_MEM_MALLOC_NORMAL_ONLY,
      ACL_MEM_MALLOC_HUGE_FIRST_P2P,
      ACL_MEM_MALLOC_HUGE_ONLY_P2P,
      ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
      static_cast<aclrtMemMallocPolicy>(ACL_MEM_MALLOC_HUGE_FIRST | ACL_MEM_TYPE_HIGH_BAND_WIDTH),
      static_cast<aclrtMemMallocPolicy>(ACL_MEM_MALLOC_NORMAL_ONLY | ACL_MEM_TYPE_HIGH_BAND_WIDTH),
      static_cast<aclrtMemMallocPolicy>(ACL_MEM_MALLOC_HUGE_ONLY | ACL_MEM_TYPE_LOW_BAND_WIDTH),
  };
  for (aclrtMemMallocPolicy policy : policies) {
    for (size_t size : {size_t{1}, size_t{100}, 3 * kMiB}) {
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, policy));
      ASSERT_NE(p, nullptr);
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u) << "policy " << policy;
      // Usable over its whole size.
      std::vector<uint8_t> src = Pattern(size, static_cast<uint8_t>(policy));
      ASSERT_ACL_OK(aclrtMemcpy(p, size, src.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
      EXPECT_EQ(Read(p, size), src) << "policy " << policy << " size " << size;
      ASSERT_ACL_OK(aclrtFree(p));
    }
  }
}

TEST_F(MemoryTest, MallocSizeZeroIsInvalidParam) {
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "size is 0");
  EXPECT_EQ(p, nullptr);
  EXPECT_ACL_ERROR(aclrtMallocAlign32(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "size is 0");
  EXPECT_ACL_ERROR(aclrtMallocCached(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "size is 0");
  EXPECT_ACL_ERROR(aclrtMallocHost(&p, 0), ACL_ERROR_INVALID_PARAM, "size is 0");
}

TEST_F(MemoryTest, MallocNullOutputIsInvalidParam) {
  EXPECT_ACL_ERROR(aclrtMalloc(nullptr, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, "devPtr");
  EXPECT_ACL_ERROR(aclrtMallocHost(nullptr, 64), ACL_ERROR_INVALID_PARAM, "hostPtr");
}

TEST_F(MemoryTest, MallocInvalidPolicyIsInvalidParam) {
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(6)), ACL_ERROR_INVALID_PARAM, "policy 6");
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 64, static_cast<aclrtMemMallocPolicy>(0x2000)), ACL_ERROR_INVALID_PARAM,
                   "policy 8192");
  EXPECT_EQ(p, nullptr);
}

TEST_F(MemoryTest, MallocWithoutContextIsContextNull) {
  aclError ret = ACL_SUCCESS;
  std::thread t([&] {
    void* p = nullptr;
    ret = aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST);
  });
  t.join();
  EXPECT_EQ(ret, ACL_ERROR_RT_CONTEXT_NULL);
}

TEST_F(MemoryTest, MallocMoreThanCapacityIsMemoryAllocation) {
  // Ascend310: 8 GiB of DDR.
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 9 * kGiB, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                   "cannot allocate");
  EXPECT_EQ(p, nullptr);
  EXPECT_EQ(ACL_ERROR_RT_MEMORY_ALLOCATION, 207001);
  // Still usable.
  void* q = Dev(4096);
  ASSERT_NE(q, nullptr);
  std::vector<uint8_t> src = Pattern(4096, 1);
  ASSERT_ACL_OK(aclrtMemcpy(q, 4096, src.data(), 4096, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(Read(q, 4096), src);
}

TEST_F(MemoryTest, ExhaustionByManyAllocationsThenRecovery) {
  // Address space only: nothing is touched, so this is cheap.
  const size_t before = FreeDdr();
  std::vector<void*> blocks;
  aclError last = ACL_SUCCESS;
  for (int i = 0; i < 10; ++i) {
    void* p = nullptr;
    last = aclrtMalloc(&p, 2 * kGiB, ACL_MEM_MALLOC_HUGE_ONLY);
    if (last != ACL_SUCCESS) break;
    blocks.push_back(p);
  }
  EXPECT_EQ(last, ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_EQ(blocks.size(), 3u);  // 3 x (2 GiB + padding) fit into 8 GiB; a fourth does not
  EXPECT_NE(RecentMsg().find("bytes free"), std::string::npos) << LastMsg();
  for (void* p : blocks) ASSERT_ACL_OK(aclrtFree(p));
  EXPECT_EQ(FreeDdr(), before);
  void* again = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&again, 2 * kGiB, ACL_MEM_MALLOC_HUGE_ONLY));
  ASSERT_ACL_OK(aclrtFree(again));
}

TEST_F(MemoryTest, MallocOfSizeThatOverflowsThePaddingIsInvalidParamNamingTheSize) {
  // aclrtMalloc pads (round up to 32, plus 32): sizes near SIZE_MAX must not wrap around.
  for (size_t size : {SIZE_MAX, SIZE_MAX - 40, SIZE_MAX - 31}) {
    void* p = nullptr;
    EXPECT_ACL_ERROR(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM, std::to_string(size));
    EXPECT_EQ(p, nullptr);
  }
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMallocAlign32(&p, SIZE_MAX - 20, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM,
                   std::to_string(SIZE_MAX - 20));
  // Huge but representable: more than the chip has.
  EXPECT_ACL_ERROR(aclrtMalloc(&p, SIZE_MAX / 2, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_ERROR_RT_MEMORY_ALLOCATION,
                   "cannot allocate");
  EXPECT_EQ(p, nullptr);
}

TEST_F(MemoryTest, ConcurrentAllocCopyFreeFromManyThreads) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&ctx));
  const size_t before = FreeDdr();
  const int failures = conformance::OnThreadsWithStreams(ctx, 4, [](int t, aclrtStream s) {
    int failed = 0;
    for (int i = 0; i < 50; ++i) {
      const size_t n = 256 + static_cast<size_t>(i) * 64;
      std::vector<uint8_t> src = Pattern(n, static_cast<uint8_t>(t * 50 + i)), back(n, 0);
      void* d = nullptr;
      bool ok = aclrtMalloc(&d, n, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS;
      ok = ok && aclrtMemcpyAsync(d, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, s) == ACL_SUCCESS;
      ok = ok && aclrtMemcpyAsync(back.data(), n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s) == ACL_SUCCESS;
      ok = ok && aclrtSynchronizeStream(s) == ACL_SUCCESS;
      ok = ok && back == src;
      ok = ok && aclrtFree(d) == ACL_SUCCESS;
      if (!ok) ++failed;
    }
    return failed;
  });
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(FreeDdr(), before);
}

TEST_F(MemoryTest, MallocAlign32AndCachedAreUsable) {
  void* a = nullptr;
  void* c = nullptr;
  ASSERT_ACL_OK(aclrtMallocAlign32(&a, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(a);
  ASSERT_ACL_OK(aclrtMallocCached(&c, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(c);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a) % 32, 0u);
  std::vector<uint8_t> src = Pattern(256, 5);
  ASSERT_ACL_OK(aclrtMemcpy(a, 256, src.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(c, 256, a, 256, ACL_MEMCPY_DEVICE_TO_DEVICE));
  EXPECT_EQ(Read(c, 256), src);
  EXPECT_ACL_ERROR(aclrtMallocAlign32(nullptr, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_ERROR_INVALID_PARAM, "devPtr");
  EXPECT_ACL_ERROR(aclrtMallocCached(nullptr, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_ERROR_INVALID_PARAM, "devPtr");
}

TEST_F(MemoryTest, MemFlushAndInvalidate) {
  void* c = nullptr;
  ASSERT_ACL_OK(aclrtMallocCached(&c, 1024, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(c);
  EXPECT_ACL_OK(aclrtMemFlush(c, 1024));
  EXPECT_ACL_OK(aclrtMemInvalidate(c, 1024));
  EXPECT_ACL_OK(aclrtMemFlush(static_cast<uint8_t*>(c) + 512, 512));
  int on_stack = 0;
  EXPECT_ACL_ERROR(aclrtMemFlush(&on_stack, sizeof(on_stack)), ACL_ERROR_INVALID_PARAM, "not device memory");
  EXPECT_ACL_ERROR(aclrtMemInvalidate(&on_stack, sizeof(on_stack)), ACL_ERROR_INVALID_PARAM, "not device memory");
  EXPECT_ACL_ERROR(aclrtMemFlush(nullptr, 16), ACL_ERROR_INVALID_PARAM, "devPtr");
  EXPECT_ACL_ERROR(aclrtMemFlush(c, 64 * kMiB), ACL_ERROR_INVALID_PARAM, "leaves allocation");
}

// ---- frees of the wrong kind ---------------------------------------------------------

TEST_F(MemoryTest, FreeOfPlainHostPointerIsInvalidParam) {
  std::vector<uint8_t> plain(64);
  EXPECT_ACL_ERROR(aclrtFree(plain.data()), ACL_ERROR_INVALID_PARAM, "not device memory");
  EXPECT_ACL_ERROR(aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM, "devPtr is NULL");
}

TEST_F(MemoryTest, FreeOfMallocHostMemorySaysUseFreeHost) {
  void* h = Host(256);
  EXPECT_ACL_ERROR(aclrtFree(h), ACL_ERROR_INVALID_PARAM, "aclrtFreeHost");
  // Still valid host memory.
  std::memset(h, 1, 256);
}

TEST_F(MemoryTest, DoubleFreeIsInvalidParam) {
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 512, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtFree(p));
  EXPECT_ACL_ERROR(aclrtFree(p), ACL_ERROR_INVALID_PARAM, "already freed");
}

TEST_F(MemoryTest, FreeOfInteriorPointerIsInvalidParam) {
  void* p = Dev(512);
  EXPECT_ACL_ERROR(aclrtFree(static_cast<uint8_t*>(p) + 64), ACL_ERROR_INVALID_PARAM, "not the start of an allocation");
  // The allocation is intact.
  std::vector<uint8_t> src = Pattern(512, 9);
  ASSERT_ACL_OK(aclrtMemcpy(p, 512, src.data(), 512, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(Read(p, 512), src);
}

TEST_F(MemoryTest, FreeHostOfDevicePointerSaysUseFree) {
  void* p = Dev(128);
  EXPECT_ACL_ERROR(aclrtFreeHost(p), ACL_ERROR_INVALID_PARAM, "aclrtFree");
  EXPECT_ACL_ERROR(aclrtFreeHost(nullptr), ACL_ERROR_INVALID_PARAM, "hostPtr is NULL");
}

TEST_F(MemoryTest, FreeHostTwiceIsInvalidParam) {
  void* h = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&h, 100));
  ASSERT_ACL_OK(aclrtFreeHost(h));
  EXPECT_ACL_ERROR(aclrtFreeHost(h), ACL_ERROR_INVALID_PARAM, "already freed");
  std::vector<uint8_t> plain(16);
  EXPECT_ACL_ERROR(aclrtFreeHost(plain.data()), ACL_ERROR_INVALID_PARAM, "not pinned host memory");
}

// ---- aclrtMemcpy ---------------------------------------------------------------------

TEST_F(MemoryTest, MemcpyEveryKind) {
  const size_t n = 3000;
  const std::vector<uint8_t> src = Pattern(n, 3);
  void* d1 = Dev(n);
  void* d2 = Dev(n);
  void* h = Host(n);
  std::vector<uint8_t> plain(n, 0), back(n, 0);
  ASSERT_ACL_OK(aclrtMemcpy(plain.data(), n, src.data(), n, ACL_MEMCPY_HOST_TO_HOST));
  EXPECT_EQ(plain, src);
  ASSERT_ACL_OK(aclrtMemcpy(d1, n, plain.data(), n, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(d2, n, d1, n, ACL_MEMCPY_DEVICE_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(h, n, d2, n, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(std::memcmp(h, src.data(), n), 0);
}

TEST_F(MemoryTest, MemcpyDefaultKindInfersDirection) {
  const size_t n = 1000;
  const std::vector<uint8_t> src = Pattern(n, 4);
  void* d1 = Dev(n);
  void* d2 = Dev(n);
  std::vector<uint8_t> h2h(n), back(n);
  ASSERT_ACL_OK(aclrtMemcpy(h2h.data(), n, src.data(), n, ACL_MEMCPY_DEFAULT));
  EXPECT_EQ(h2h, src);
  ASSERT_ACL_OK(aclrtMemcpy(d1, n, src.data(), n, ACL_MEMCPY_DEFAULT));
  ASSERT_ACL_OK(aclrtMemcpy(d2, n, d1, n, ACL_MEMCPY_DEFAULT));
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), n, d2, n, ACL_MEMCPY_DEFAULT));
  EXPECT_EQ(back, src);
}

// aclrtMemcpy's kind is reserved: the direction comes from the two pointers (CANN's
// aclrtMemcpy reference), so a kind that names the wrong sides still copies. The
// asynchronous copy keeps the kind and refuses a side that does not match it.
TEST_F(MemoryTest, MemcpyTakesItsDirectionFromThePointersMemcpyAsyncFromTheKind) {
  const size_t n = 64;
  void* d = Dev(n);
  void* d2 = Dev(n);
  std::vector<uint8_t> h(n, 7), back(n, 0);
  ASSERT_ACL_OK(aclrtMemcpy(d, n, h.data(), n, ACL_MEMCPY_DEVICE_TO_HOST));      // really host to device
  ASSERT_ACL_OK(aclrtMemcpy(d2, n, d, n, ACL_MEMCPY_HOST_TO_HOST));              // device to device
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), n, d2, n, ACL_MEMCPY_HOST_TO_DEVICE));  // device to host
  EXPECT_EQ(back, h);
  std::vector<uint8_t> other(n, 0);
  ASSERT_ACL_OK(aclrtMemcpy(other.data(), n, h.data(), n, ACL_MEMCPY_DEVICE_TO_HOST));  // host to host
  EXPECT_EQ(other, h);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_ERROR_WITH(aclrtMemcpyAsync(h.data(), n, h.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, s),
                        ACL_ERROR_INVALID_PARAM, "dst", "ACL_MEMCPY_HOST_TO_DEVICE");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, n, d, n, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM, "src");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s), ACL_ERROR_INVALID_PARAM, "dst");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, n, h.data(), n, ACL_MEMCPY_DEVICE_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM, "src");
  ASSERT_ACL_OK(aclrtDestroyStream(s));
}

TEST_F(MemoryTest, MemcpyCountGreaterThanDestMaxIsInvalidParam) {
  void* d = Dev(256);
  std::vector<uint8_t> h(256);
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 100, h.data(), 101, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "count 101 > destMax 100");
}

TEST_F(MemoryTest, MemcpyInvalidKindAndNullPointers) {
  void* d = Dev(64);
  std::vector<uint8_t> h(64);
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 64, h.data(), 64, static_cast<aclrtMemcpyKind>(7)), ACL_ERROR_INVALID_PARAM,
                   "kind 7");
  EXPECT_ACL_ERROR(aclrtMemcpy(nullptr, 64, h.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "dst is NULL");
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 64, nullptr, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM, "src is NULL");
}

TEST_F(MemoryTest, MemcpyRangeLeavingAllocationByOneByteIsInvalidParam) {
  // aclrtMallocAlign32 with a multiple of 64 reserves exactly the requested bytes.
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMallocAlign32(&d, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(d);
  std::vector<uint8_t> h(512);
  auto* base = static_cast<uint8_t*>(d);
  ASSERT_ACL_OK(aclrtMemcpy(base, 256, h.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy(base + 1, 255, h.data(), 255, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_ERROR_WITH(aclrtMemcpy(base + 1, 256, h.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                        "by 1 bytes", "dst");
  EXPECT_ACL_ERROR_WITH(aclrtMemcpy(h.data(), 512, base, 257, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
                        "by 1 bytes", "src");
}

// A made-up or stale host address (e.g. an int from a Python program) fails the call instead of
// crashing the application inside the copy.
TEST_F(MemoryTest, UnmappedHostAddressesAreInvalidParam) {
  void* d = Dev(8192);
  const long page = sysconf(_SC_PAGESIZE);
  void* map = mmap(nullptr, static_cast<size_t>(page) * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  auto* second = static_cast<uint8_t*>(map) + page;
  ASSERT_EQ(munmap(second, static_cast<size_t>(page)), 0);  // [map, map + page) stays mapped
  auto* bogus = reinterpret_cast<void*>(uintptr_t{0x1000});
  EXPECT_ACL_ERROR_WITH(aclrtMemcpy(d, 64, bogus, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                        "neither device memory nor mapped host memory", "src");
  EXPECT_ACL_ERROR_WITH(aclrtMemcpy(bogus, 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
                        "mapped host memory", "dst");
  // A range that starts mapped and runs into the unmapped page.
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 8192, map, static_cast<size_t>(page) + 1, ACL_MEMCPY_HOST_TO_DEVICE),
                   ACL_ERROR_INVALID_PARAM, "mapped host memory");
  EXPECT_ACL_OK(aclrtMemcpy(d, 8192, map, static_cast<size_t>(page), ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_ERROR(aclrtMemset(second, 16, 0, 16), ACL_ERROR_INVALID_PARAM, "mapped host memory");
  EXPECT_ACL_ERROR(aclrtMemcpy2d(d, 64, bogus, 64, 64, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "mapped host memory");
  ASSERT_EQ(munmap(map, static_cast<size_t>(page)), 0);
}

TEST_F(MemoryTest, MemcpyOfFreedDeviceMemoryIsInvalidParam) {
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 256, ACL_MEM_MALLOC_NORMAL_ONLY));
  ASSERT_ACL_OK(aclrtFree(d));
  std::vector<uint8_t> h(256);
  EXPECT_ACL_ERROR(aclrtMemcpy(h.data(), 256, d, 256, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM,
                   "already freed");
}

TEST_F(MemoryTest, MemcpyCountZeroSucceeds) {
  void* d = Dev(64);
  std::vector<uint8_t> h(64, 0xEE);
  EXPECT_ACL_OK(aclrtMemcpy(d, 64, h.data(), 0, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_OK(aclrtMemcpy(h.data(), 64, d, 0, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_ACL_OK(aclrtMemcpy(d, 0, d, 0, ACL_MEMCPY_DEVICE_TO_DEVICE));
  EXPECT_EQ(h, std::vector<uint8_t>(64, 0xEE));
}

TEST_F(MemoryTest, MemcpyAsyncThenSynchronize) {
  const size_t n = 64 * 1024;
  const std::vector<uint8_t> src = Pattern(n, 6);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* h_in = Host(n);
  void* h_out = Host(n);
  void* d = Dev(n);
  std::memcpy(h_in, src.data(), n);
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, h_in, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(h_out, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(std::memcmp(h_out, src.data(), n), 0);
  // The same argument checks as the synchronous copy, reported at enqueue time.
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, 10, h_in, 11, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM,
                   "count 11 > destMax 10");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(h_in, n, h_out, n, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM, "dst");
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, n, h_in, n, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_RESOURCE_HANDLE,
                   "stream");
}

// Stream `s` held by a wait on an event that another thread records on another stream after
// `delay_ms`; returns that thread (join it).
static std::thread HoldStream(aclrtStream s, aclrtStream other, aclrtEvent e, int delay_ms) {
  EXPECT_ACL_OK(aclrtStreamWaitEvent(s, e));
  aclrtContext ctx = nullptr;
  EXPECT_ACL_OK(aclrtGetCurrentContext(&ctx));
  return std::thread([=] {
    EXPECT_ACL_OK(aclrtSetCurrentContext(ctx));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    EXPECT_ACL_OK(aclrtRecordEvent(e, other));
  });
}

// Pinned host memory freed while a queued copy still reads or writes it: the copy still
// runs on the block (released after it), instead of touching released memory (a crash of
// the stream's worker, or corruption of whatever reused it).
TEST_F(MemoryTest, PinnedMemoryFreedBeforeItsQueuedCopyRanIsReleasedAfterTheCopy) {
  const size_t n = 1 << 20;
  const std::vector<uint8_t> want = Pattern(n, 5);
  void* d = Dev(n);
  aclrtStream s = nullptr, other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  void* in = nullptr;
  void* out = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&in, n));
  ASSERT_ACL_OK(aclrtMallocHost(&out, n));
  std::memcpy(in, want.data(), n);
  std::thread recorder = HoldStream(s, other, e, 100);
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, in, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(out, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
  ASSERT_ACL_OK(aclrtFreeHost(in));  // both copies are still queued behind the wait
  ASSERT_ACL_OK(aclrtFreeHost(out));
  EXPECT_ACL_ERROR(aclrtFreeHost(in), ACL_ERROR_INVALID_PARAM, "already freed");
  // A later use of the freed pointers is refused, not taken as pageable memory (the block
  // is still there only for the queued copies).
  std::vector<uint8_t> scratch(n);
  EXPECT_ACL_ERROR(aclrtMemcpy(d, n, in, n, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "freed by aclrtFreeHost");
  EXPECT_ACL_ERROR(aclrtMemcpy(static_cast<char*>(out) + 64, 64, scratch.data(), 64, ACL_MEMCPY_HOST_TO_HOST),
                   ACL_ERROR_INVALID_PARAM, "freed by aclrtFreeHost");
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, n, in, n, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM,
                   "freed by aclrtFreeHost");
  recorder.join();
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(Read(d, n), want);
  ASSERT_ACL_OK(aclrtDestroyEvent(e));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  ASSERT_ACL_OK(aclrtDestroyStream(other));
}

TEST_F(MemoryTest, MemcpyAsyncFromPageableHostMemoryHasCopiedWhenItReturns) {
  // Host memory that aclrtMallocHost did not give (malloc, std::vector) is not locked for
  // DMA: the real runtime copies it before the call returns, in the stream's order, so the
  // application may overwrite or free it at once.
  const size_t n = 1 << 20;
  std::vector<uint8_t> src = Pattern(n, 9);
  const std::vector<uint8_t> want = src;
  void* d = Dev(n);
  aclrtStream s = nullptr, other = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtCreateStream(&other));
  aclrtEvent e = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&e));
  std::thread recorder = HoldStream(s, other, e, 100);
  const auto t0 = std::chrono::steady_clock::now();
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, src.data(), n, ACL_MEMCPY_HOST_TO_DEVICE, s));
  const auto waited = std::chrono::steady_clock::now() - t0;
  std::fill(src.begin(), src.end(), uint8_t{0});     // reused at once
  EXPECT_GE(waited, std::chrono::milliseconds(50));  // it waited for the stream's earlier wait
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(Read(d, n), want);
  // Device to pageable host: the data is there when the call returns.
  std::vector<uint8_t> back(n, 0);
  ASSERT_ACL_OK(aclrtMemcpyAsync(back.data(), n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
  EXPECT_EQ(back, want);
  recorder.join();
  // Pinned memory stays asynchronous: the call returns while the stream is held.
  void* pinned = Host(n);
  std::memcpy(pinned, want.data(), n);
  std::thread recorder2 = HoldStream(s, other, e, 300);
  const auto t1 = std::chrono::steady_clock::now();
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, pinned, n, ACL_MEMCPY_HOST_TO_DEVICE, s));
  EXPECT_LT(std::chrono::steady_clock::now() - t1, std::chrono::milliseconds(250));
  recorder2.join();
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(Read(d, n), want);
  ASSERT_ACL_OK(aclrtDestroyEvent(e));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  ASSERT_ACL_OK(aclrtDestroyStream(other));
}

TEST_F(MemoryTest, MemcpyAsyncFromPageableHostMemoryTakesTheCopysTimeOnTheHost) {
  // The call returns when the copy is done, so work the host launches after it starts no
  // earlier in simulated time than the copy's end: timed by events on a second stream
  // around the call, the host's span covers the copy's own span (pinned memory: it does not).
  const size_t n = size_t{64} << 20;
  std::vector<uint8_t> pageable(n, 3);
  void* d = Dev(n);
  void* pinned = Host(n);
  aclrtStream copy = nullptr, host_side = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&copy));
  ASSERT_ACL_OK(aclrtCreateStream(&host_side));
  aclrtEvent ev[4] = {};
  for (aclrtEvent& e : ev) ASSERT_ACL_OK(aclrtCreateEvent(&e));
  auto spans = [&](void* src, float* copy_ms, float* host_ms) {
    ASSERT_ACL_OK(aclrtSynchronizeDevice());
    ASSERT_ACL_OK(aclrtRecordEvent(ev[0], host_side));
    ASSERT_ACL_OK(aclrtRecordEvent(ev[2], copy));
    ASSERT_ACL_OK(aclrtMemcpyAsync(d, n, src, n, ACL_MEMCPY_HOST_TO_DEVICE, copy));
    ASSERT_ACL_OK(aclrtRecordEvent(ev[3], copy));
    ASSERT_ACL_OK(aclrtRecordEvent(ev[1], host_side));
    ASSERT_ACL_OK(aclrtSynchronizeDevice());
    ASSERT_ACL_OK(aclrtEventElapsedTime(copy_ms, ev[2], ev[3]));
    ASSERT_ACL_OK(aclrtEventElapsedTime(host_ms, ev[0], ev[1]));
  };
  float copy_ms = 0, host_ms = 0;
  spans(pageable.data(), &copy_ms, &host_ms);
  EXPECT_GT(copy_ms, 1.0f);  // 64 MiB over PCIe / HCCS: milliseconds
  EXPECT_GE(host_ms, copy_ms * 0.99f) << "a pageable copy returned before its simulated end";
  spans(pinned, &copy_ms, &host_ms);
  EXPECT_GT(copy_ms, 1.0f);
  EXPECT_LT(host_ms, copy_ms * 0.5f) << "a pinned copy is asynchronous";
  for (aclrtEvent e : ev) ASSERT_ACL_OK(aclrtDestroyEvent(e));
  ASSERT_ACL_OK(aclrtDestroyStream(copy));
  ASSERT_ACL_OK(aclrtDestroyStream(host_side));
}

TEST_F(MemoryTest, MemcpyAsyncHostToHostIsNotSupportedInTheHostRunMode) {
  // Ascend EP (aclrtGetRunMode ACL_HOST): a host-to-host copy is no stream task.
  aclrtRunMode mode = ACL_DEVICE;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  ASSERT_EQ(mode, ACL_HOST);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* a = Host(64);
  void* b = Host(64);
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(b, 64, a, 64, ACL_MEMCPY_HOST_TO_HOST, s), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                   "host run mode");
  EXPECT_ACL_ERROR(aclrtMemcpy2dAsync(b, 8, a, 8, 8, 8, ACL_MEMCPY_HOST_TO_HOST, s), ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                   "host run mode");
  // The synchronous copy is fine.
  EXPECT_ACL_OK(aclrtMemcpy(b, 64, a, 64, ACL_MEMCPY_HOST_TO_HOST));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
}

// ---- memset --------------------------------------------------------------------------

TEST_F(MemoryTest, MemsetFillsTheLowByte) {
  void* d = Dev(1000);
  ASSERT_ACL_OK(aclrtMemset(d, 1000, 0x1AB, 600));  // only the low byte counts
  std::vector<uint8_t> host = Read(d, 600);
  EXPECT_EQ(host, std::vector<uint8_t>(600, 0xAB));
}

TEST_F(MemoryTest, MemsetCountGreaterThanMaxCountIsInvalidParam) {
  void* d = Dev(100);
  EXPECT_ACL_ERROR(aclrtMemset(d, 50, 0, 51), ACL_ERROR_INVALID_PARAM, "count 51 > maxCount 50");
  EXPECT_ACL_ERROR(aclrtMemsetAsync(d, 50, 0, 51, nullptr), ACL_ERROR_INVALID_PARAM, "count 51 > maxCount 50");
  EXPECT_ACL_ERROR(aclrtMemset(nullptr, 50, 0, 5), ACL_ERROR_INVALID_PARAM, "devPtr is NULL");
}

// A bad argument is reported before a stale stream handle; a stale handle alone is its own error.
TEST_F(MemoryTest, AsyncArgumentErrorsComeBeforeTheStreamsOwn) {
  void* d = Dev(100);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));  // s is stale from here on
  EXPECT_ACL_ERROR(aclrtMemsetAsync(d, 50, 0, 51, s), ACL_ERROR_INVALID_PARAM, "count 51 > maxCount 50");
  std::vector<uint8_t> h(64);
  EXPECT_ACL_ERROR(aclrtMemcpy2dAsync(d, 8, h.data(), 16, 9, 2, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_ERROR_INVALID_PARAM,
                   "width 9 > dpitch 8");
  EXPECT_ACL_ERROR(aclrtMemsetAsync(d, 50, 0, 10, s), ACL_ERROR_INVALID_RESOURCE_HANDLE, "is not a live stream");
  EXPECT_ACL_ERROR(aclrtMemcpy2dAsync(d, 16, h.data(), 16, 8, 2, ACL_MEMCPY_HOST_TO_DEVICE, s),
                   ACL_ERROR_INVALID_RESOURCE_HANDLE, "is not a live stream");
}

TEST_F(MemoryTest, MemsetOutsideAllocationIsInvalidParam) {
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMallocAlign32(&d, 128, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(d);
  EXPECT_ACL_ERROR(aclrtMemset(static_cast<uint8_t*>(d) + 64, 1000, 0, 65), ACL_ERROR_INVALID_PARAM,
                   "leaves allocation");
}

TEST_F(MemoryTest, MemsetAsyncOrderedWithCopies) {
  const size_t n = 8192;
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Dev(n);
  void* h = Host(n);
  ASSERT_ACL_OK(aclrtMemsetAsync(d, n, 0x11, n, s));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, n, 0x22, n / 2, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(h, n, d, n, ACL_MEMCPY_DEVICE_TO_HOST, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  const auto* bytes = static_cast<const uint8_t*>(h);
  EXPECT_EQ(bytes[0], 0x22);
  EXPECT_EQ(bytes[n / 2 - 1], 0x22);
  EXPECT_EQ(bytes[n / 2], 0x11);
  EXPECT_EQ(bytes[n - 1], 0x11);
  ASSERT_ACL_OK(aclrtDestroyStream(s));
}

// ---- 2-D copies ----------------------------------------------------------------------

TEST_F(MemoryTest, Memcpy2dCopiesABoxElementByElement) {
  // Host matrix 10 rows x 40 bytes; copy the box rows 2..7, bytes 5..16 into a device
  // buffer with pitch 16, then back into a host buffer with pitch 24.
  const size_t src_pitch = 40, rows = 10;
  std::vector<uint8_t> src(src_pitch * rows);
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < src_pitch; ++c) src[r * src_pitch + c] = static_cast<uint8_t>(r * 40 + c);
  }
  const size_t width = 12, height = 6, row0 = 2, col0 = 5;
  const size_t dev_pitch = 16;
  void* d = Dev(dev_pitch * height);
  ASSERT_ACL_OK(aclrtMemset(d, dev_pitch * height, 0xFF, dev_pitch * height));
  ASSERT_ACL_OK(aclrtMemcpy2d(d, dev_pitch, src.data() + row0 * src_pitch + col0, src_pitch, width, height,
                              ACL_MEMCPY_HOST_TO_DEVICE));
  // Device layout: the box rows, with pitch padding untouched.
  const std::vector<uint8_t> dev = Read(d, dev_pitch * height);
  for (size_t r = 0; r < height; ++r) {
    for (size_t c = 0; c < dev_pitch; ++c) {
      const uint8_t want = c < width ? src[(row0 + r) * src_pitch + col0 + c] : 0xFF;
      ASSERT_EQ(dev[r * dev_pitch + c], want) << "row " << r << " col " << c;
    }
  }
  const size_t out_pitch = 24;
  std::vector<uint8_t> out(out_pitch * height, 0);
  ASSERT_ACL_OK(aclrtMemcpy2d(out.data(), out_pitch, d, dev_pitch, width, height, ACL_MEMCPY_DEVICE_TO_HOST));
  for (size_t r = 0; r < height; ++r) {
    for (size_t c = 0; c < out_pitch; ++c) {
      const uint8_t want = c < width ? src[(row0 + r) * src_pitch + col0 + c] : 0;
      ASSERT_EQ(out[r * out_pitch + c], want) << "row " << r << " col " << c;
    }
  }
}

TEST_F(MemoryTest, Memcpy2dAsyncDeviceToDevice) {
  const size_t width = 8, height = 4;
  void* a = Dev(32 * height);
  void* b = Dev(8 * height);
  const std::vector<uint8_t> src = Pattern(32 * height, 2);
  ASSERT_ACL_OK(aclrtMemcpy(a, src.size(), src.data(), src.size(), ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy2dAsync(b, 8, a, 32, width, height, ACL_MEMCPY_DEVICE_TO_DEVICE, nullptr));
  ASSERT_ACL_OK(aclrtSynchronizeStream(nullptr));
  const std::vector<uint8_t> got = Read(b, 8 * height);
  for (size_t r = 0; r < height; ++r) {
    for (size_t c = 0; c < width; ++c) ASSERT_EQ(got[r * 8 + c], src[r * 32 + c]);
  }
}

TEST_F(MemoryTest, Memcpy2dPitchRules) {
  void* d = Dev(1024);
  std::vector<uint8_t> h(1024);
  EXPECT_ACL_ERROR(aclrtMemcpy2d(d, 8, h.data(), 16, 9, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "width 9 > dpitch 8");
  EXPECT_ACL_ERROR(aclrtMemcpy2d(d, 16, h.data(), 8, 9, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "width 9 > spitch 8");
  EXPECT_ACL_ERROR(aclrtMemcpy2d(d, 16, h.data(), 16, 0, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "width 0");
  EXPECT_ACL_ERROR(aclrtMemcpy2d(d, 16, h.data(), 16, 8, 0, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "height 0");
  EXPECT_ACL_ERROR(aclrtMemcpy2dAsync(d, 8, h.data(), 16, 9, 2, ACL_MEMCPY_HOST_TO_DEVICE, nullptr),
                   ACL_ERROR_INVALID_PARAM, "aclrtMemcpy2dAsync");
  // The last row may end inside the allocation even though pitch x height would not.
  void* small = nullptr;
  ASSERT_ACL_OK(aclrtMallocAlign32(&small, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  device_.push_back(small);
  EXPECT_ACL_OK(aclrtMemcpy2d(small, 24, h.data(), 24, 16, 3, ACL_MEMCPY_HOST_TO_DEVICE));  // 24*2+16 = 64
  EXPECT_ACL_ERROR(aclrtMemcpy2d(small, 24, h.data(), 24, 17, 3, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "leaves allocation");
  // Kind rules as for aclrtMemcpy.
  EXPECT_ACL_ERROR(aclrtMemcpy2d(h.data(), 16, h.data(), 16, 8, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM,
                   "dst");
}

// ---- aclrtGetMemInfo -----------------------------------------------------------------

TEST_F(MemoryTest, GetMemInfoDdrHasCapacityHbmIsEmptyOnAscend310) {
  size_t free_bytes = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_bytes, &total));
  EXPECT_EQ(total, 8 * kGiB);
  EXPECT_LE(free_bytes, total);
  EXPECT_GT(free_bytes, 0u);
  for (aclrtMemAttr attr :
       {ACL_HBM_MEM, ACL_HBM_MEM_HUGE, ACL_HBM_MEM_NORMAL, ACL_HBM_MEM_P2P_HUGE, ACL_HBM_MEM_P2P_NORMAL}) {
    size_t f = 1, t = 1;
    ASSERT_ACL_OK(aclrtGetMemInfo(attr, &f, &t));
    EXPECT_EQ(f, 0u) << attr;
    EXPECT_EQ(t, 0u) << attr;
  }
  for (aclrtMemAttr attr : {ACL_DDR_MEM_HUGE, ACL_DDR_MEM_NORMAL, ACL_DDR_MEM_P2P_HUGE, ACL_DDR_MEM_P2P_NORMAL}) {
    size_t f = 0, t = 0;
    ASSERT_ACL_OK(aclrtGetMemInfo(attr, &f, &t));
    EXPECT_EQ(t, 8 * kGiB) << attr;
  }
}

TEST_F(MemoryTest, GetMemInfoFreeDropsByTheAllocationAndComesBack) {
  const size_t before = FreeDdr();
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, 10 * kMiB, ACL_MEM_MALLOC_HUGE_FIRST));
  const size_t during = FreeDdr();
  EXPECT_LE(during + 10 * kMiB, before);
  EXPECT_GE(during + 16 * kMiB, before);  // padding is small
  void* q = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&q, 1000, ACL_MEM_MALLOC_NORMAL_ONLY));
  EXPECT_LE(FreeDdr() + 1000, during);
  ASSERT_ACL_OK(aclrtFree(p));
  ASSERT_ACL_OK(aclrtFree(q));
  EXPECT_EQ(FreeDdr(), before);
}

TEST_F(MemoryTest, GetMemInfoArgumentErrors) {
  size_t f = 0, t = 0;
  EXPECT_ACL_ERROR(aclrtGetMemInfo(ACL_DDR_MEM, nullptr, &t), ACL_ERROR_INVALID_PARAM, "free");
  EXPECT_ACL_ERROR(aclrtGetMemInfo(ACL_DDR_MEM, &f, nullptr), ACL_ERROR_INVALID_PARAM, "total");
  EXPECT_ACL_ERROR(aclrtGetMemInfo(static_cast<aclrtMemAttr>(10), &f, &t), ACL_ERROR_INVALID_PARAM, "attr 10");
}

// ---- host memory ---------------------------------------------------------------------

TEST_F(MemoryTest, MallocHostIsHostAccessible) {
  void* h = Host(4096);
  std::memset(h, 0x3D, 4096);
  EXPECT_EQ(static_cast<uint8_t*>(h)[4095], 0x3D);
  void* d = Dev(4096);
  ASSERT_ACL_OK(aclrtMemcpy(d, 4096, h, 4096, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(Read(d, 4096), std::vector<uint8_t>(4096, 0x3D));
}

// ---- run modes: device addresses and the host ----------------------------------------

// Host run mode (a PCIe card): an aclrtMalloc pointer cannot be dereferenced by the host.
TEST(MemoryDeathTest, DereferencingDevicePointerFromHostCrashesInHostRunMode) {
  ::testing::FLAGS_gtest_death_test_style = "threadsafe";
  EXPECT_DEATH(
      {
        (void)aclInit(nullptr);  // already initialised by the environment: REPEAT_INITIALIZE
        void* p = nullptr;
        // If the setup failed, the statement completes without dying and the test fails.
        if (aclrtSetDevice(0) == ACL_SUCCESS && aclrtMalloc(&p, 4096, ACL_MEM_MALLOC_NORMAL_ONLY) == ACL_SUCCESS) {
          volatile uint8_t* bytes = static_cast<volatile uint8_t*>(p);
          bytes[0] = 1;
          std::fprintf(stderr, "host wrote and read device memory: %d\n", bytes[1]);
        }
      },
      "");
}

// Device run mode: the same pointer is ordinary memory for the application.
TEST(MemoryRunMode, DevicePointerIsHostAccessibleInDeviceRunMode) {
  TempDir dir;
  const std::string config = dir.Write("acl.json", R"({"sim": {"run_mode": "device"}})");
  ASSERT_ACL_OK(aclFinalize());  // this test needs its own configuration
  ASSERT_ACL_OK(aclInit(config.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtRunMode mode = ACL_HOST;
  ASSERT_ACL_OK(aclrtGetRunMode(&mode));
  EXPECT_EQ(mode, ACL_DEVICE);
  const size_t n = 4096;
  void* p = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&p, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  auto* bytes = static_cast<uint8_t*>(p);
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>(i ^ 0x5A);
  std::vector<uint8_t> host(n);
  ASSERT_ACL_OK(aclrtMemcpy(host.data(), n, p, n, ACL_MEMCPY_DEVICE_TO_HOST));
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(host[i], static_cast<uint8_t>(i ^ 0x5A)) << i;
  // And a device-side write is visible through the pointer.
  ASSERT_ACL_OK(aclrtMemset(p, n, 0x6B, 16));
  EXPECT_EQ(bytes[0], 0x6B);
  EXPECT_EQ(bytes[15], 0x6B);
  EXPECT_EQ(bytes[16], static_cast<uint8_t>(16 ^ 0x5A));
  ASSERT_ACL_OK(aclrtFree(p));
  // The application's own memory is device memory on the board: copies naming the host copy
  // within the device, whatever the kind (CANN's Ascend RC rule), and aclrtMallocHost gives
  // device memory.
  std::vector<uint8_t> a(n, 0x21), b(n, 0);
  ASSERT_ACL_OK(aclrtMemcpy(b.data(), n, a.data(), n, ACL_MEMCPY_DEVICE_TO_DEVICE));
  EXPECT_EQ(a, b);
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, n));
  std::memset(pinned, 0x33, n);
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, n, ACL_MEM_MALLOC_NORMAL_ONLY));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(dev, n, b.data(), n, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(pinned, n, dev, n, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(static_cast<uint8_t*>(pinned)[n - 1], 0x21);
  size_t free_before = 0, total = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_before, &total));
  ASSERT_ACL_OK(aclrtFreeHost(pinned));
  size_t free_after = 0;
  ASSERT_ACL_OK(aclrtGetMemInfo(ACL_DDR_MEM, &free_after, &total));
  EXPECT_GT(free_after, free_before);  // it was device memory
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  ASSERT_ACL_OK(aclrtFree(dev));
  // Restore the executable-wide default configuration for the tests that follow.
  ASSERT_ACL_OK(aclFinalize());
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
}

}  // namespace
