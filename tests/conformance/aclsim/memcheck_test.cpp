// memcheck through the public API: every finding, with the code the offending call returns
// and what its report (aclGetRecentErrMsg, aclsimGetLastFinding) names — the call, the range,
// the allocation, its origin and the call site that made it; clean programs (and the same
// calls with memcheck off) report nothing.
// PUBLIC API ONLY (acl/ and acl/ext/ headers). Owner: tests/conformance/aclsim.
#include <pthread.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl_tdt.h"
#define ENABLE_DVPP_INTERFACE
#include "acl/ops/acl_dvpp.h"
#include "aclsim_util.h"

namespace {

using aclsimtest::AclsimTest;
using aclsimtest::AddRelu;
using aclsimtest::Findings;
using aclsimtest::LastFinding;

constexpr aclError kInvalidParam = ACL_ERROR_INVALID_PARAM;

// The report names the finding, the call and the allocation's origin and call sites.
#define EXPECT_REPORT(needle)                                                                         \
  do {                                                                                                \
    EXPECT_NE(conformance::NewOrLastMsg().find(needle), std::string::npos) << conformance::LastMsg(); \
    EXPECT_NE(LastFinding().find(needle), std::string::npos) << LastFinding();                        \
  } while (0)

using Memcheck = AclsimTest;

TEST_F(Memcheck, ACleanProgramHasNoFindings) {
  std::vector<char> host(4096, 7), back(4096, 0);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* a = Device(4096);
  void* b = Device(4096);
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 4096));
  aclrtEvent ev = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&ev));
  ASSERT_ACL_OK(aclrtMemcpyAsync(a, 4096, host.data(), 4096, ACL_MEMCPY_HOST_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(b, 4096, a, 4096, ACL_MEMCPY_DEVICE_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtRecordEvent(ev, s));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(ev));
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), 4096, b, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
  ASSERT_ACL_OK(aclrtMemsetAsync(a, 4096, 0, 4096, s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(pinned, 4096, a, 4096, ACL_MEMCPY_DEVICE_TO_HOST, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclrtMemcpy(b, 4096, pinned, 4096, ACL_MEMCPY_HOST_TO_DEVICE));
  ASSERT_ACL_OK(aclrtMemcpy2d(b, 64, host.data(), 64, 64, 64, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_EQ(back, host);
  ASSERT_ACL_OK(aclrtDestroyEvent(ev));
  ASSERT_ACL_OK(aclrtFreeHost(pinned));
  ASSERT_ACL_OK(aclrtFree(a));
  ASSERT_ACL_OK(aclrtFree(b));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  EXPECT_EQ(Findings(), 0u) << LastFinding();
}

TEST_F(Memcheck, OutOfBoundsCopyNamesTheAllocationAndWhereItCameFrom) {
  void* d = Device(1000);
  std::vector<char> host(2048);
  // destMax lets the copy through the argument checks; the allocation is 1000 bytes.
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 2048, host.data(), 1500, ACL_MEMCPY_HOST_TO_DEVICE), kInvalidParam,
                   "memcheck: out-of-bounds: aclrtMemcpy(dst=");
  EXPECT_REPORT("500 byte(s) past the end of device 0 allocation #1");
  EXPECT_REPORT("of 1000 bytes from 'aclrtMalloc(size=1000, policy=2)'");
  EXPECT_REPORT("allocated by aclrtMalloc called at ");
  EXPECT_REPORT("offending call: aclrtMemcpy called at ");
  EXPECT_EQ(Findings(ACLSIM_FINDING_OUT_OF_BOUNDS), 1u);
  EXPECT_EQ(Findings(), 1u);
  aclrtFree(d);
}

TEST_F(Memcheck, ResetFindingsClearsTheCountsAndTheLastReport) {
  void* d = Device(1000);
  std::vector<char> host(2048);
  EXPECT_NE(aclrtMemcpy(d, 2048, host.data(), 1500, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  ASSERT_EQ(Findings(), 1u);
  EXPECT_ACL_OK(aclsimResetFindings());
  EXPECT_EQ(Findings(), 0u);
  EXPECT_EQ(Findings(ACLSIM_FINDING_OUT_OF_BOUNDS), 0u);
  EXPECT_EQ(aclsimGetLastFinding(), nullptr);
  // Counting goes on after the reset.
  EXPECT_NE(aclrtMemcpy(d, 2048, host.data(), 1500, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  EXPECT_EQ(Findings(ACLSIM_FINDING_OUT_OF_BOUNDS), 1u);
  aclrtFree(d);
}

TEST_F(Memcheck, OutOfBoundsIntoThePaddingIsCaughtOnlyByMemcheck) {
  void* d = Device(1000);  // the runtime reserves 1056 bytes, as CANN pads
  std::vector<char> host(1010);
  EXPECT_ACL_ERROR(aclrtMemcpy(d, 1010, host.data(), 1010, ACL_MEMCPY_HOST_TO_DEVICE), kInvalidParam,
                   "10 byte(s) past the end");
  ASSERT_ACL_OK(aclsimSetMemcheck(ACLSIM_MEMCHECK_OFF));
  EXPECT_ACL_OK(aclrtMemcpy(d, 1010, host.data(), 1010, ACL_MEMCPY_HOST_TO_DEVICE));
  aclrtFree(d);
}

TEST_F(Memcheck, OutOfBoundsMemsetAndAddressesPastTheEnd) {
  char* d = static_cast<char*>(Device(256));
  EXPECT_ACL_ERROR(aclrtMemset(d + 200, 100, 0, 100), kInvalidParam, "memcheck: out-of-bounds: aclrtMemset(devPtr=");
  EXPECT_REPORT("44 byte(s) past the end of device 0 allocation #1");
  std::vector<char> host(16);
  EXPECT_ACL_ERROR(aclrtMemcpy(host.data(), 16, d + 280, 16, ACL_MEMCPY_DEVICE_TO_HOST), kInvalidParam,
                   "40 byte(s) past the end");  // inside the padded block
  EXPECT_ACL_ERROR(aclrtMemcpy(host.data(), 16, d + 1000, 16, ACL_MEMCPY_DEVICE_TO_HOST), kInvalidParam,
                   "no allocation holds");
  EXPECT_EQ(Findings(ACLSIM_FINDING_OUT_OF_BOUNDS), 3u);
  aclrtFree(d);
}

TEST_F(Memcheck, UseAfterFreeNamesWhereTheBlockWasFreed) {
  void* d = Device(512);
  ASSERT_ACL_OK(aclrtFree(d));
  std::vector<char> host(64);
  EXPECT_ACL_ERROR(aclrtMemcpy(host.data(), 64, d, 64, ACL_MEMCPY_DEVICE_TO_HOST), kInvalidParam,
                   "memcheck: use-after-free: aclrtMemcpy(");
  EXPECT_REPORT("device 0 allocation #1");
  EXPECT_REPORT("freed by aclrtFree called at ");
  EXPECT_REPORT("which was already freed");
  EXPECT_EQ(Findings(ACLSIM_FINDING_USE_AFTER_FREE), 1u);
}

TEST_F(Memcheck, DoubleAndInvalidFrees) {
  char* d = static_cast<char*>(Device(64));
  EXPECT_ACL_ERROR(aclrtFree(d + 16), kInvalidParam, "memcheck: invalid free: aclrtFree(");
  EXPECT_REPORT("is not the start of an allocation: it is at +16");
  ASSERT_ACL_OK(aclrtFree(d));
  EXPECT_ACL_ERROR(aclrtFree(d), kInvalidParam, "memcheck: double free: aclrtFree(");
  EXPECT_REPORT("a second time");
  EXPECT_REPORT("freed by aclrtFree called at ");
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 64));
  ASSERT_ACL_OK(aclrtFreeHost(pinned));
  EXPECT_ACL_ERROR(aclrtFreeHost(pinned), kInvalidParam, "memcheck: double free: aclrtFreeHost(");
  EXPECT_EQ(Findings(ACLSIM_FINDING_DOUBLE_FREE), 2u);
  EXPECT_EQ(Findings(ACLSIM_FINDING_INVALID_FREE), 1u);
}

TEST_F(Memcheck, MismatchedFrees) {
  void* d = Device(64);
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 64));
  EXPECT_ACL_ERROR(aclrtFree(pinned), kInvalidParam, "memcheck: mismatched free: aclrtFree(");
  EXPECT_REPORT("frees pinned host memory: pinned host allocation #1");
  EXPECT_REPORT("from 'aclrtMallocHost(size=64)'");
  EXPECT_REPORT("free it with aclrtFreeHost");
  EXPECT_ACL_ERROR(aclrtFreeHost(d), kInvalidParam, "memcheck: mismatched free: aclrtFreeHost(");
  EXPECT_REPORT("free it with aclrtFree");
  EXPECT_EQ(Findings(ACLSIM_FINDING_FREE_MISMATCH), 2u);
  ASSERT_ACL_OK(aclrtFreeHost(pinned));  // the mismatched calls freed nothing
  ASSERT_ACL_OK(aclrtFree(d));
}

TEST_F(Memcheck, CopyKindMismatch) {
  void* d = Device(64);
  std::vector<char> host(64);
  EXPECT_ACL_ERROR(aclrtMemcpy(host.data(), 64, d, 64, ACL_MEMCPY_HOST_TO_DEVICE), kInvalidParam,
                   "memcheck: copy kind mismatch: aclrtMemcpy(");
  EXPECT_REPORT("the kind ACL_MEMCPY_HOST_TO_DEVICE says dst is device memory, but dst");
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(d, 64, host.data(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, s), kInvalidParam,
                   "says src is device memory, but src");
  EXPECT_EQ(Findings(ACLSIM_FINDING_KIND_MISMATCH), 2u);
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  aclrtFree(d);
}

TEST_F(Memcheck, UnsynchronizedReadOfAnAsyncCopy) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Device(4096);
  // Pinned memory: the copy is queued (from pageable memory it has run when the call returns).
  void* host = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&host, 4096));
  std::memset(host, 1, 4096);
  std::vector<char> back(4096);
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, 4096, host, 4096, ACL_MEMCPY_HOST_TO_DEVICE, s));
  EXPECT_ACL_ERROR(aclrtMemcpy(back.data(), 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST), kInvalidParam,
                   "memcheck: unsynchronized read: aclrtMemcpy(");
  EXPECT_REPORT("the destination of aclrtMemcpyAsync(dst=");
  EXPECT_REPORT("the pending write was submitted by aclrtMemcpyAsync called at ");
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
  // An event recorded after the write, synchronised, covers it too.
  aclrtEvent ev = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&ev));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 4096, 0, 4096, s));
  ASSERT_ACL_OK(aclrtRecordEvent(ev, s));
  ASSERT_ACL_OK(aclrtSynchronizeEvent(ev));
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(Findings(ACLSIM_FINDING_UNSYNCHRONIZED_READ), 1u);
  ASSERT_ACL_OK(aclrtDestroyEvent(ev));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  ASSERT_ACL_OK(aclrtFreeHost(host));
  aclrtFree(d);
}

// Switched off, memcheck notes no synchronization, record or free; switched back on, it must
// not report a write the application synchronized with meanwhile (nor one on a freed block
// whose address a new allocation reuses).
TEST_F(Memcheck, SwitchingItOffAndOnReportsNoWriteSynchronizedMeanwhile) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Device(4096);
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 4096));
  std::vector<char> back(4096);
  ASSERT_ACL_OK(aclrtMemcpyAsync(pinned, 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST, s));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 4096, 0, 4096, s));
  ASSERT_ACL_OK(aclsimSetMemcheck(ACLSIM_MEMCHECK_OFF));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclrtFree(d));
  ASSERT_ACL_OK(aclsimSetMemcheck(ACLSIM_MEMCHECK_ERROR));
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 4096, pinned, 4096, ACL_MEMCPY_HOST_TO_HOST));
  void* reused = Device(4096);  // typically at d's address
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 4096, reused, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_ACL_OK(aclrtFree(reused));
  EXPECT_ACL_OK(aclrtFreeHost(pinned));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  EXPECT_EQ(Findings(), 0u) << LastFinding();
}

// acldvppMalloc memory is checked against the size asked for, not DVPP's padded block, and
// its frees like aclrtFree's.
TEST_F(Memcheck, DvppBuffersHaveTheSizeTheApplicationAskedFor) {
  void* dv = nullptr;
  ASSERT_ACL_OK(acldvppMalloc(&dv, 100));
  std::vector<char> host(101);
  EXPECT_ACL_OK(aclrtMemcpy(dv, 100, host.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_ERROR(aclrtMemcpy(dv, 101, host.data(), 101, ACL_MEMCPY_HOST_TO_DEVICE), kInvalidParam,
                   "1 byte(s) past the end");
  EXPECT_REPORT("acldvppMalloc(size=100)");
  ASSERT_ACL_OK(acldvppFree(dv));
  EXPECT_ACL_ERROR(acldvppFree(dv), kInvalidParam, "memcheck: double free: acldvppFree(");
  EXPECT_EQ(Findings(ACLSIM_FINDING_OUT_OF_BOUNDS), 1u);
  EXPECT_EQ(Findings(ACLSIM_FINDING_DOUBLE_FREE), 1u);
}

TEST_F(Memcheck, FreeingMemoryAQueuedTaskStillWritesIsAUseAfterFree) {
  // aclrtFree does not wait for the device: the memset below would land in freed memory.
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Device(4096);
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 4096, 1, 4096, s));
  EXPECT_ACL_ERROR(aclrtFree(d), kInvalidParam, "memcheck: use-after-free: aclrtFree(");
  EXPECT_REPORT("while the destination of aclrtMemsetAsync(devPtr=");
  EXPECT_REPORT("the pending write was submitted by aclrtMemsetAsync called at ");
  // Pinned host memory a queued device-to-host copy writes: the same bug.
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 4096));
  ASSERT_ACL_OK(aclrtMemcpyAsync(pinned, 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST, s));
  EXPECT_ACL_ERROR(aclrtFreeHost(pinned), kInvalidParam, "memcheck: use-after-free: aclrtFreeHost(");
  EXPECT_EQ(Findings(ACLSIM_FINDING_USE_AFTER_FREE), 2u);
  // Once synchronised, both frees are fine and the memory was written as asked.
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_EQ(static_cast<unsigned char*>(pinned)[4095], 1);
  EXPECT_ACL_OK(aclrtFreeHost(pinned));
  EXPECT_ACL_OK(aclrtFree(d));
  EXPECT_EQ(Findings(), 2u) << LastFinding();
  ASSERT_ACL_OK(aclrtDestroyStream(s));
}

TEST_F(Memcheck, AnAsyncCopyFromPageableMemoryIsNotPending) {
  // It has run when aclrtMemcpyAsync returns (the real runtime's rule for memory that
  // aclrtMallocHost did not give): reading its destination at once is no bug.
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Device(4096);
  std::vector<char> host(4096, 5), back(4096);
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, 4096, host.data(), 4096, ACL_MEMCPY_HOST_TO_DEVICE, s));
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 4096, d, 4096, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back, host);
  EXPECT_EQ(Findings(), 0u) << LastFinding();
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  aclrtFree(d);
}

TEST_F(Memcheck, CrossStreamReadsNeedAnEventWait) {
  aclrtStream s1 = nullptr, s2 = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s1));
  ASSERT_ACL_OK(aclrtCreateStream(&s2));
  void* a = Device(1024);
  void* b = Device(1024);
  ASSERT_ACL_OK(aclrtMemsetAsync(a, 1024, 3, 1024, s1));
  EXPECT_ACL_ERROR(aclrtMemcpyAsync(b, 1024, a, 1024, ACL_MEMCPY_DEVICE_TO_DEVICE, s2), kInvalidParam,
                   "was submitted to another stream and this stream does not wait for it");
  aclrtEvent ev = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&ev));
  ASSERT_ACL_OK(aclrtRecordEvent(ev, s1));
  ASSERT_ACL_OK(aclrtStreamWaitEvent(s2, ev));
  EXPECT_ACL_OK(aclrtMemcpyAsync(b, 1024, a, 1024, ACL_MEMCPY_DEVICE_TO_DEVICE, s2));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s2));  // covers s1's write through the wait
  std::vector<char> back(1024);
  EXPECT_ACL_OK(aclrtMemcpy(back.data(), 1024, a, 1024, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(Findings(ACLSIM_FINDING_UNSYNCHRONIZED_READ), 1u);
  ASSERT_ACL_OK(aclrtDestroyEvent(ev));
  ASSERT_ACL_OK(aclrtDestroyStream(s1));
  ASSERT_ACL_OK(aclrtDestroyStream(s2));
  aclrtFree(a);
  aclrtFree(b);
}

struct CallbackRead {
  void* device;
  std::vector<char> back;
  aclError ret = -1;
};

void ReadInCallback(void* data) {
  auto* r = static_cast<CallbackRead*>(data);
  r->ret = aclrtMemcpy(r->back.data(), r->back.size(), r->device, r->back.size(), ACL_MEMCPY_DEVICE_TO_HOST);
}

TEST_F(Memcheck, ACallbackAfterTheWriteMayReadIt) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  CallbackRead read{Device(256), std::vector<char>(256)};
  std::vector<char> host(256, 9);
  std::atomic<uint64_t> tid{0};
  std::atomic<bool> stop{false};
  std::thread reporter([&] {
    tid = static_cast<uint64_t>(pthread_self());
    while (!stop.load()) (void)aclrtProcessReport(10);
  });
  while (tid.load() == 0) std::this_thread::yield();
  ASSERT_ACL_OK(aclrtSubscribeReport(tid.load(), s));
  ASSERT_ACL_OK(aclrtMemcpyAsync(read.device, 256, host.data(), 256, ACL_MEMCPY_HOST_TO_DEVICE, s));
  ASSERT_ACL_OK(aclrtLaunchCallback(&ReadInCallback, &read, ACL_CALLBACK_BLOCK, s));
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  stop.store(true);
  reporter.join();
  EXPECT_EQ(read.ret, ACL_SUCCESS) << LastFinding();
  EXPECT_EQ(read.back, host);
  EXPECT_EQ(Findings(), 0u);
  ASSERT_ACL_OK(aclrtUnSubscribeReport(tid.load(), s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  aclrtFree(read.device);
}

TEST_F(Memcheck, ModelOutputsArePendingUntilSynchronized) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclmdlExecuteAsync(m.id, m.input, m.output, s));
  std::vector<float> out(AddRelu::kCount);
  EXPECT_ACL_ERROR(aclrtMemcpy(out.data(), AddRelu::kBytes, m.out, AddRelu::kBytes, ACL_MEMCPY_DEVICE_TO_HOST),
                   kInvalidParam, "output 0 of aclmdlExecuteAsync(modelId=");
  ASSERT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_TRUE(m.OutputIsRight());
  ASSERT_ACL_OK(aclmdlExecute(m.id, m.input, m.output));  // synchronous: nothing pending
  EXPECT_TRUE(m.OutputIsRight());
  EXPECT_EQ(Findings(), 1u);
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  m.Release();
}

TEST_F(Memcheck, ModelBufferLargerThanItsAllocation) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  aclDataBuffer* lie = aclmdlGetDatasetBuffer(m.output, 0);
  ASSERT_ACL_OK(aclUpdateDataBuffer(lie, m.out, AddRelu::kBytes * 2));
  EXPECT_ACL_ERROR(aclmdlExecute(m.id, m.input, m.output), kInvalidParam,
                   "memcheck: out-of-bounds: aclmdlExecute(modelId=");
  EXPECT_REPORT("output 0 writes");
  m.Release();
}

TEST_F(Memcheck, LeaksAtResetDeviceNameTheCallThatCreatedThem) {
  aclrtStream s = nullptr;
  aclrtEvent ev = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtCreateEvent(&ev));
  (void)Device(100);
  const aclError ret = aclrtResetDevice(0);
  EXPECT_EQ(ret, ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED);
  const std::string msg = conformance::RecentMsg();
  EXPECT_NE(msg.find("aclrtResetDevice released 3 object(s) the application had not released"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("memcheck: leak: stream "), std::string::npos) << msg;
  EXPECT_NE(msg.find("created by aclrtCreateStream called at "), std::string::npos) << msg;
  EXPECT_NE(msg.find("created by aclrtCreateEvent called at "), std::string::npos) << msg;
  EXPECT_NE(msg.find("from 'aclrtMalloc(size=100, policy=2)'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("was never freed"), std::string::npos) << msg;
  EXPECT_EQ(Findings(ACLSIM_FINDING_LEAK), 3u);
  EXPECT_ACL_OK(aclFinalize());  // everything was released with the device
}

TEST_F(Memcheck, LeaksAtFinalize) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());  // model, 3 buffers, 2 datasets (the data buffers are not tracked)
  void* pinned = nullptr;
  ASSERT_ACL_OK(aclrtMallocHost(&pinned, 32));
  acltdtChannelHandle* channel = acltdtCreateChannelWithCapacity(0, "leaky", 4);
  ASSERT_NE(channel, nullptr) << conformance::RecentMsg();
  acltdtDataset* tdt = acltdtCreateDataset();
  ASSERT_NE(tdt, nullptr);
  EXPECT_EQ(aclFinalize(), ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED);
  const std::string msg = conformance::RecentMsg();
  for (const char* needle :
       {"memcheck: leak: model ", "created by aclmdlLoadFromFile called at ", "from 'aclrtMalloc(size=480",
        "memcheck: leak: model dataset ", "created by aclmdlCreateDataset called at ",
        "memcheck: leak: channel 'leaky' on device 0", "created by acltdtCreateChannelWithCapacity called at ",
        "memcheck: leak: tdt dataset ", "pinned host allocation #1", "from 'aclrtMallocHost(size=32)'"}) {
    EXPECT_NE(msg.find(needle), std::string::npos) << needle << "\n" << msg;
  }
  // model + 3 device buffers (at the device release) + 2 model datasets, channel, tdt dataset,
  // pinned memory (at aclFinalize)
  EXPECT_EQ(Findings(ACLSIM_FINDING_LEAK), 9u);
}

TEST_F(Memcheck, DestroyingAContextWithStreamsInIt) {
  aclrtContext ctx = nullptr;
  ASSERT_ACL_OK(aclrtCreateContext(&ctx, 0));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_ERROR(aclrtDestroyContext(ctx), ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED,
                   "was still alive when its context was destroyed");
  EXPECT_EQ(Findings(ACLSIM_FINDING_LEAK), 1u);
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtResetDevice(0));  // the stream went with its context: not reported twice
}

class MemcheckOff : public AclsimTest {
 protected:
  MemcheckOff() : AclsimTest(ACLSIM_MEMCHECK_OFF) {}
};

TEST_F(MemcheckOff, NothingIsReportedAndTheRuntimeKeepsItsOwnChecks) {
  void* d = Device(64);
  ASSERT_ACL_OK(aclrtFree(d));
  EXPECT_ACL_ERROR(aclrtFree(d), kInvalidParam, "already freed");
  EXPECT_EQ(conformance::RecentMsg().find("memcheck"), std::string::npos);
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_ACL_OK(aclrtResetDevice(0));  // the leaked stream is only logged
  EXPECT_EQ(Findings(), 0u);
}

TEST(MemcheckConfig, TheEnvironmentTurnsItOn) {
  conformance::ScopedEnv on("ASCEND_SIM_MEMCHECK", "on");
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtFree(d));
  EXPECT_ACL_ERROR(aclrtFree(d), kInvalidParam, "memcheck: double free");
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(MemcheckConfig, AclJsonTurnsItOn) {
  conformance::TempDir dir;
  const std::string path = dir.Write("acl.json", R"({"sim": {"memcheck": "on", "memcheck_action": "error"}})");
  ASSERT_ACL_OK(aclInit(path.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  EXPECT_EQ(aclrtResetDevice(0), ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED);
  EXPECT_ACL_OK(aclFinalize());
  EXPECT_EQ(Findings(ACLSIM_FINDING_LEAK), 1u);
}

// abort mode and the host-access diagnostic end the process: death tests.
using MemcheckDeathTest = AclsimTest;

TEST_F(MemcheckDeathTest, AbortModeAbortsAtTheFinding) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        aclsimSetMemcheck(ACLSIM_MEMCHECK_ABORT);
        void* d = Device(64);
        aclrtFree(d);
        aclrtFree(d);
      },
      "\\[MEMCHECK\\] memcheck: double free: aclrtFree\\(0x[0-9a-f]+\\) frees device 0 allocation #1");
}

TEST_F(MemcheckDeathTest, AbortModeAbortsAfterReportingEveryLeak) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        aclsimSetMemcheck(ACLSIM_MEMCHECK_ABORT);
        aclrtStream s = nullptr;
        aclrtCreateStream(&s);
        (void)Device(64);
        aclrtResetDevice(0);
      },
      "memcheck: leak: stream .*memcheck: leak: device 0 allocation #1");
}

TEST_F(MemcheckDeathTest, HostDereferenceOfDeviceMemoryNamesTheAllocation) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        volatile char* d = static_cast<volatile char*>(Device(4096));
        d[100] = 1;  // device memory is not host-accessible in host run mode
      },
      "memcheck: host access to device memory: the host dereferenced 0x[0-9a-f]+, an address of device 0.*\n.*"
      "it is at \\+100 in device 0 allocation #1 .*from 'aclrtMalloc\\(size=4096, policy=2\\)'.*allocated by "
      "aclrtMalloc called at");
}

}  // namespace
