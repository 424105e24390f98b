// Fault injection through acl/ext/aclsim_ext.h and the configuration: each fault surfaces as
// the real API reports it (the failing call's code; an asynchronous failure as the stream's
// sticky error at synchronize, with the exception callback), then the runtime works on.
// PUBLIC API ONLY (acl/ and acl/ext/ headers). Owner: tests/conformance/aclsim.
#include <atomic>
#include <vector>

#include "acl/acl_tdt.h"
#include "aclsim_util.h"

namespace {

using aclsimtest::AclsimTest;
using aclsimtest::AddRelu;

class Faults : public AclsimTest {
 protected:
  Faults() : AclsimTest(ACLSIM_MEMCHECK_OFF) {}
};

TEST_F(Faults, TheNthMallocFails) {
  ASSERT_ACL_OK(aclsimInjectMallocFailure(2));
  void* a = nullptr;
  void* b = nullptr;
  void* c = nullptr;
  EXPECT_ACL_OK(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_ERROR(aclrtMalloc(&b, 128, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                   "injected fault: the 2nd device allocation (aclrtMalloc of 128 bytes) fails, as armed by "
                   "aclsimInjectMallocFailure");
  EXPECT_EQ(b, nullptr);
  EXPECT_ACL_OK(aclrtMallocAlign32(&c, 64, ACL_MEM_MALLOC_HUGE_FIRST));  // one-shot
  aclrtFree(a);
  aclrtFree(c);
}

TEST_F(Faults, ClearDisarms) {
  ASSERT_ACL_OK(aclsimInjectMallocFailure(1));
  ASSERT_ACL_OK(aclsimClearFaults());
  void* a = nullptr;
  EXPECT_ACL_OK(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  aclrtFree(a);
}

TEST_F(Faults, ModelExecutionFailsSynchronously) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  ASSERT_ACL_OK(aclsimInjectModelExecuteFailure(m.id, ACL_ERROR_RT_AICORE_EXCEPTION));
  EXPECT_ACL_ERROR(aclmdlExecute(m.id, m.input, m.output), ACL_ERROR_RT_AICORE_EXCEPTION,
                   "injected fault: the 1st execution of model");
  EXPECT_ACL_OK(aclmdlExecute(m.id, m.input, m.output));
  EXPECT_TRUE(m.OutputIsRight());
  m.Release();
}

std::atomic<uint32_t> g_exception_code{0};
void OnException(aclrtExceptionInfo* info) {
  g_exception_code = aclrtGetErrorCodeFromExceptionInfo(info);
}

TEST_F(Faults, AsyncModelExecutionFailsAtSynchronize) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclrtSetExceptionInfoCallback(&OnException));
  g_exception_code = 0;
  ASSERT_ACL_OK(aclsimInjectModelExecuteFailure(m.id, ACL_ERROR_RT_MODEL_EXECUTE));
  EXPECT_ACL_OK(aclmdlExecuteAsync(m.id, m.input, m.output, s));  // submission succeeds
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_RT_MODEL_EXECUTE, "injected fault");
  EXPECT_EQ(g_exception_code.load(), static_cast<uint32_t>(ACL_ERROR_RT_MODEL_EXECUTE));
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));  // the sticky error was returned once
  EXPECT_ACL_OK(aclmdlExecuteAsync(m.id, m.input, m.output, s));
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  EXPECT_TRUE(m.OutputIsRight());
  ASSERT_ACL_OK(aclrtSetExceptionInfoCallback(nullptr));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  m.Release();
}

TEST_F(Faults, AStreamTaskTimesOut) {
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  char* d = static_cast<char*>(Device(300));
  ASSERT_ACL_OK(aclrtMemset(d, 300, 0, 300));
  std::vector<char> ones(100, 1), back(300);
  ASSERT_ACL_OK(aclsimInjectStreamTaskTimeout(s, 2));
  for (int i = 0; i < 3; ++i) {
    ASSERT_ACL_OK(aclrtMemcpyAsync(d + 100 * i, 100, ones.data(), 100, ACL_MEMCPY_HOST_TO_DEVICE, s));
  }
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_RT_TASK_TIMEOUT, "timed out, as armed by");
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), 300, d, 300, ACL_MEMCPY_DEVICE_TO_HOST));
  EXPECT_EQ(back[0], 1);
  EXPECT_EQ(back[100], 0);  // the timed-out copy did not happen
  EXPECT_EQ(back[200], 1);  // continue-on-failure: the next one did
  EXPECT_ACL_OK(aclrtSynchronizeStream(s));
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  aclrtFree(d);
}

TEST_F(Faults, AModelKernelTimesOutAsAnAiCoreTimeout) {
  REQUIRE_TEST_MODEL("add_relu");
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  ASSERT_ACL_OK(aclsimInjectStreamTaskTimeout(s, 1));  // the model's first kernel
  ASSERT_ACL_OK(aclmdlExecuteAsync(m.id, m.input, m.output, s));
  EXPECT_ACL_ERROR(aclrtSynchronizeStream(s), ACL_ERROR_RT_AICORE_TIMEOUT, "Kernel task");
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  m.Release();
}

acltdtDataset* OneTensor(float* value) {
  int64_t dims[1] = {1};
  acltdtDataset* ds = acltdtCreateDataset();
  acltdtAddDataItem(ds, acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, value, sizeof(float)));
  return ds;
}

void DestroyAll(acltdtDataset* ds) {
  for (size_t i = 0; i < acltdtGetDatasetSize(ds); ++i) acltdtDestroyDataItem(acltdtGetDataItem(ds, i));
  acltdtDestroyDataset(ds);
}

TEST_F(Faults, AChannelSendFails) {
  acltdtChannelHandle* q = acltdtCreateChannelWithCapacity(0, "faulty", 8);
  ASSERT_NE(q, nullptr) << conformance::RecentMsg();
  ASSERT_ACL_OK(aclsimInjectChannelSendFailure("faulty", 2, ACL_ERROR_RT_QUEUE_FULL));
  float v = 1.5f;
  acltdtDataset* ds = OneTensor(&v);
  EXPECT_ACL_OK(acltdtSendTensor(q, ds, 0));
  EXPECT_ACL_ERROR(acltdtSendTensor(q, ds, 0), ACL_ERROR_RT_QUEUE_FULL,
                   "injected fault: the 2nd send on channel 'faulty'");
  EXPECT_ACL_OK(acltdtSendTensor(q, ds, 0));
  size_t size = 0;
  ASSERT_ACL_OK(acltdtQueryChannelSize(q, &size));
  EXPECT_EQ(size, 2u);  // the failed send queued nothing
  DestroyAll(ds);
  ASSERT_ACL_OK(acltdtDestroyChannel(q));
}

TEST_F(Faults, FaultListsAndArgumentErrors) {
  EXPECT_ACL_ERROR(aclsimInjectFaults("malloc:nth=zero"), ACL_ERROR_INVALID_PARAM,
                   "invalid value \"zero\" for \"nth\"");
  EXPECT_ACL_ERROR(aclsimInjectMallocFailure(0), ACL_ERROR_INVALID_PARAM, "nth is 0");
  EXPECT_ACL_ERROR(aclsimInjectModelExecuteFailure(1, ACL_SUCCESS), ACL_ERROR_INVALID_PARAM,
                   "errorCode is ACL_SUCCESS");
  EXPECT_ACL_ERROR(aclsimInjectStreamTaskTimeout(reinterpret_cast<aclrtStream>(0x10), 1),
                   ACL_ERROR_INVALID_RESOURCE_HANDLE, "is not a live stream");
  ASSERT_ACL_OK(aclsimInjectFaults("malloc:nth=1,count=2"));
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_EQ(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_ACL_OK(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  aclrtFree(p);
}

TEST(FaultsConfig, TheEnvironmentArmsFaultsAtAclInit) {
  conformance::ScopedEnv faults("ASCEND_SIM_FAULTS", "malloc:nth=1");
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* p = nullptr;
  EXPECT_ACL_ERROR(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION,
                   "as armed by the configuration");
  EXPECT_ACL_OK(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  aclrtFree(p);
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(FaultsConfig, AclJsonArmsFaultsAndAclFinalizeClearsThem) {
  conformance::TempDir dir;
  const std::string path = dir.Write("acl.json", R"({"sim": {"faults": [{"type": "malloc", "nth": 2}]}})");
  ASSERT_ACL_OK(aclInit(path.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  void* p = nullptr;
  void* q = nullptr;
  EXPECT_ACL_OK(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_EQ(aclrtMalloc(&q, 8, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
  aclrtFree(p);
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
  ASSERT_ACL_OK(aclInit(nullptr));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  EXPECT_ACL_OK(aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  EXPECT_ACL_OK(aclrtMalloc(&q, 8, ACL_MEM_MALLOC_HUGE_FIRST));
  aclrtFree(p);
  aclrtFree(q);
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

TEST(FaultsConfig, InjectionNeedsAclInit) {
  EXPECT_EQ(aclsimInjectMallocFailure(1), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclsimSetTimingEnabled(0), ACL_ERROR_UNINITIALIZE);
  EXPECT_EQ(aclsimClearFaults(), ACL_SUCCESS);
}

}  // namespace
