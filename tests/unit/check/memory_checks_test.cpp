// Tests of memcheck's call-level detectors (memory_checks.h), one per finding: out of
// bounds (user size, past the end, no allocation, pinned host), use after free, copy kind
// mismatch, double / invalid / mismatched free, unsynchronized reads (host and cross-stream),
// and the clean cases that must not report. Owner: runtime/check.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "check_test_util.h"
#include "runtime/check/memory_checks.h"

namespace asim::check {
namespace {

using ::testing::HasSubstr;
using testing_util::FakeDevice;
using testing_util::MemcheckOn;

constexpr int32_t kH2D = 1, kD2H = 2, kD2D = 3, kDefault = 4;

CopyCall Copy(const void* dst, const void* src, size_t count, int32_t kind) {
  CopyCall c;
  c.api = "aclrtMemcpy";
  c.dst = dst;
  c.src = src;
  c.dst_span = count;
  c.src_span = count;
  c.kind = kind;
  c.args = "aclrtMemcpy(...)";
  return c;
}

class MemoryChecks : public ::testing::Test {
 protected:
  uint64_t Findings(Finding kind) const { return checks_.memcheck().Count(static_cast<int>(kind)); }
  CheckState checks_;
  MemcheckOn on_{checks_.memcheck()};
  FakeDevice dev_{checks_.allocs()};
  char host_[4096] = {};
};

TEST_F(MemoryChecks, CleanCopiesReportNothing) {
  void* d = dev_.Allocate(1000);
  void* e = dev_.Allocate(1000);
  EXPECT_TRUE(CheckCopy(checks_, Copy(d, host_, 1000, kH2D), nullptr).ok());
  EXPECT_TRUE(CheckCopy(checks_, Copy(host_, d, 1000, kD2H), nullptr).ok());
  EXPECT_TRUE(CheckCopy(checks_, Copy(e, d, 1000, kD2D), nullptr).ok());
  EXPECT_TRUE(CheckCopy(checks_, Copy(e, host_, 10, kDefault), nullptr).ok());
  EXPECT_TRUE(CheckCopy(checks_, Copy(host_, host_ + 10, 10, 0), nullptr).ok());
  EXPECT_TRUE(CheckMemset(checks_, "aclrtMemset", d, 1000).ok());
  CopyCall bad_args = Copy(d, host_, 5000, kH2D);
  bad_args.args_valid = false;  // count > destMax: the call itself reports it
  EXPECT_TRUE(CheckCopy(checks_, bad_args, nullptr).ok());
  EXPECT_EQ(checks_.memcheck().Count(0), 0u);
}

TEST_F(MemoryChecks, OutOfBoundsPastTheUserSize) {
  void* d = dev_.Allocate(1032, "aclrtMalloc(size=1000, policy=0)");
  checks_.allocs().SetUserSize(d, 1000);
  Status st = CheckCopy(checks_, Copy(d, host_, 1010, kH2D), nullptr);  // inside the padded block
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_THAT(st.message(), HasSubstr("memcheck: out-of-bounds: aclrtMemcpy(...) writes [0x12c000000000, "
                                      "0x12c0000003f2), 10 byte(s) past the end of device 0 allocation #1"));
  EXPECT_THAT(st.message(), HasSubstr("from 'aclrtMalloc(size=1000, policy=0)'"));
  EXPECT_THAT(st.message(), HasSubstr("allocated by "));
  EXPECT_THAT(st.message(), HasSubstr("offending call: "));
  EXPECT_EQ(Findings(Finding::kOutOfBounds), 1u);
  Status ms = CheckMemset(checks_, "aclrtMemset(devPtr=..)", static_cast<char*>(d) + 996, 8);
  EXPECT_THAT(ms.message(), HasSubstr("4 byte(s) past the end"));
}

TEST_F(MemoryChecks, OutOfBoundsWithoutAnAllocation) {
  void* d = dev_.Allocate(100);
  Status past = CheckCopy(checks_, Copy(host_, static_cast<char*>(d) + 300, 8, kD2H), nullptr);
  EXPECT_THAT(past.message(), HasSubstr("no allocation holds 0x12c00000012c, 200 byte(s) past the end of device 0 "
                                        "allocation #1"));
  Status below =
      CheckCopy(checks_, Copy(reinterpret_cast<void*>(testing_util::kBase + (1 << 20)), host_, 8, kH2D), nullptr);
  EXPECT_THAT(below.message(), HasSubstr("past the end of"));
  checks_.allocs().Clear();
  checks_.allocs().AddDeviceRange(0, testing_util::kBase, testing_util::kCapacity);
  Status none = CheckCopy(checks_, Copy(d, host_, 8, kH2D), nullptr);
  EXPECT_THAT(none.message(), HasSubstr("no allocation of device 0 holds 0x12c000000000"));
}

TEST_F(MemoryChecks, PinnedHostRangesAreBoundsChecked) {
  void* d = dev_.Allocate(4096);
  checks_.allocs().NoteHostAlloc(host_, 100, "aclrtMallocHost(size=100)");
  EXPECT_TRUE(CheckCopy(checks_, Copy(d, host_, 100, kH2D), nullptr).ok());
  Status st = CheckCopy(checks_, Copy(d, host_, 200, kH2D), nullptr);
  EXPECT_THAT(st.message(), HasSubstr("reads [" + PtrText(host_)));
  EXPECT_THAT(st.message(), HasSubstr("100 byte(s) past the end of pinned host allocation #"));
  checks_.allocs().NoteHostFree(host_);
}

TEST_F(MemoryChecks, UseAfterFree) {
  void* d = dev_.Allocate(256, "aclrtMalloc(size=256, policy=0)");
  dev_.Free(d);
  Status st = CheckCopy(checks_, Copy(host_, static_cast<char*>(d) + 16, 16, kD2H), nullptr);
  EXPECT_THAT(st.message(), HasSubstr("memcheck: use-after-free: aclrtMemcpy(...) reads [0x12c000000010, "
                                      "0x12c000000020) on device 0, at +16 in device 0 allocation #1"));
  EXPECT_THAT(st.message(), HasSubstr("which was already freed"));
  EXPECT_EQ(Findings(Finding::kUseAfterFree), 1u);
}

TEST_F(MemoryChecks, KindMismatch) {
  void* d = dev_.Allocate(64);
  Status dst = CheckCopy(checks_, Copy(host_, d, 64, kH2D), nullptr);
  EXPECT_THAT(dst.message(), HasSubstr("memcheck: copy kind mismatch: aclrtMemcpy(...): the kind "
                                       "ACL_MEMCPY_HOST_TO_DEVICE says dst is device memory, but dst"));
  Status src = CheckCopy(checks_, Copy(d, host_, 64, kD2D), nullptr);
  EXPECT_THAT(src.message(), HasSubstr("says src is device memory, but src"));
  EXPECT_EQ(Findings(Finding::kKindMismatch), 2u);
}

TEST_F(MemoryChecks, Frees) {
  void* d = dev_.Allocate(64);
  EXPECT_TRUE(CheckFree(checks_, "aclrtFree(d)", d, false).ok());
  Status interior = CheckFree(checks_, "aclrtFree(d+8)", static_cast<char*>(d) + 8, false);
  EXPECT_THAT(interior.message(), HasSubstr("memcheck: invalid free: aclrtFree(d+8): 0x12c000000008 is not the "
                                            "start of an allocation: it is at +8 in device 0 allocation #1"));
  Status host_of_device = CheckFree(checks_, "aclrtFreeHost(d)", d, true);
  EXPECT_THAT(host_of_device.message(), HasSubstr("memcheck: mismatched free: aclrtFreeHost(d) frees device memory"));
  EXPECT_THAT(host_of_device.message(), HasSubstr("free it with aclrtFree"));
  dev_.Free(d);
  Status twice = CheckFree(checks_, "aclrtFree(d)", d, false);
  EXPECT_THAT(twice.message(), HasSubstr("memcheck: double free: aclrtFree(d) frees device 0 allocation #1"));
  EXPECT_THAT(twice.message(), HasSubstr("a second time"));
  checks_.allocs().NoteHostAlloc(host_, 64, "aclrtMallocHost(size=64)");
  Status device_of_host = CheckFree(checks_, "aclrtFree(h)", host_, false);
  EXPECT_THAT(device_of_host.message(), HasSubstr("frees pinned host memory"));
  EXPECT_TRUE(CheckFree(checks_, "aclrtFreeHost(h)", host_, true).ok());
  checks_.allocs().NoteHostFree(host_);
  EXPECT_THAT(CheckFree(checks_, "aclrtFreeHost(h)", host_, true).message(), HasSubstr("memcheck: double free"));
  int plain = 0;
  EXPECT_THAT(CheckFree(checks_, "aclrtFree(&plain)", &plain, false).message(),
              HasSubstr("is not device memory from aclrtMalloc"));
  EXPECT_THAT(CheckFree(checks_, "aclrtFreeHost(&plain)", &plain, true).message(),
              HasSubstr("is not pinned host memory from aclrtMallocHost"));
  EXPECT_TRUE(CheckFree(checks_, "aclrtFree(NULL)", nullptr, false).ok());
  EXPECT_EQ(Findings(Finding::kDoubleFree), 2u);
  EXPECT_EQ(Findings(Finding::kInvalidFree), 3u);
  EXPECT_EQ(Findings(Finding::kFreeMismatch), 2u);
}

TEST_F(MemoryChecks, UnsynchronizedReads) {
  void* d = dev_.Allocate(1024);
  const uint64_t a = reinterpret_cast<uint64_t>(d);
  int stream_a = 0, stream_b = 0;
  checks_.pending().Add(&stream_a, 0, a, a + 512, "the destination of aclrtMemcpyAsync(...)", nullptr);
  Status host_read = CheckCopy(checks_, Copy(host_, static_cast<char*>(d) + 256, 16, kD2H), nullptr);
  EXPECT_THAT(host_read.message(), HasSubstr("memcheck: unsynchronized read: aclrtMemcpy(...) reads "));
  EXPECT_THAT(host_read.message(), HasSubstr("but the destination of aclrtMemcpyAsync(...) [0x12c000000000, "
                                             "0x12c000000200) may still be running"));
  EXPECT_TRUE(CheckCopy(checks_, Copy(host_, static_cast<char*>(d) + 512, 16, kD2H), nullptr).ok());  // outside
  EXPECT_TRUE(CheckCopy(checks_, Copy(host_, d, 16, kD2H), &stream_a).ok());  // same stream: ordered
  Status other = CheckCopy(checks_, Copy(host_, d, 16, kD2H), &stream_b);
  EXPECT_THAT(other.message(), HasSubstr("was submitted to another stream and this stream does not wait for it"));
  Status model = CheckModelBuffer(checks_, "aclmdlExecute(modelId=1)", "input 0", d, 64, true, nullptr);
  EXPECT_THAT(model.message(), HasSubstr("aclmdlExecute(modelId=1) input 0 reads"));
  EXPECT_TRUE(CheckModelBuffer(checks_, "aclmdlExecute(modelId=1)", "output 0", d, 64, false, nullptr).ok());
  EXPECT_EQ(Findings(Finding::kUnsynchronizedRead), 3u);
  checks_.pending().SyncStream(&stream_a);
  EXPECT_TRUE(CheckCopy(checks_, Copy(host_, d, 16, kD2H), nullptr).ok());
}

TEST_F(MemoryChecks, ModelBuffersLargerThanTheirAllocation) {
  void* d = dev_.Allocate(100);
  Status st = CheckModelBuffer(checks_, "aclmdlExecute(modelId=2)", "output 1", d, 150, false, nullptr);
  EXPECT_THAT(st.message(), HasSubstr("memcheck: out-of-bounds: aclmdlExecute(modelId=2) output 1 writes"));
  EXPECT_TRUE(CheckModelBuffer(checks_, "aclmdlExecute(modelId=2)", "input 0", nullptr, 0, true, nullptr).ok());
}

}  // namespace
}  // namespace asim::check
