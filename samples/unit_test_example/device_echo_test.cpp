// The GoogleTest suite of DeviceEcho, run against the simulated device: the happy path,
// two error paths made to happen with fault injection, and memcheck catching a planted bug.
// Every test runs with memcheck on (a finding fails the offending call, and a leak fails
// aclFinalize) and in the fast, deterministic modes (no timing model, tasks inline).
// Uses only the public AscendCL API and the simulator's acl/ext/aclsim_ext.h.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ext/aclsim_ext.h"
#include "device_echo.h"

namespace {

class DeviceEchoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclsimSetMemcheck(ACLSIM_MEMCHECK_ERROR), ACL_SUCCESS);
    ASSERT_EQ(aclsimSetTimingEnabled(0), ACL_SUCCESS);
    ASSERT_EQ(aclsimSetInlineExecution(1), ACL_SUCCESS);
  }
  void TearDown() override {
    // A leak (anything the app forgot to release) makes aclFinalize fail under memcheck.
    const aclError ret = aclFinalize();
    EXPECT_EQ(ret, ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  static std::vector<float> Batch(size_t n) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = 0.5f * static_cast<float>(i);
    return v;
  }
};

TEST_F(DeviceEchoTest, EchoesABatch) {
  DeviceEcho echo;
  ASSERT_EQ(echo.Init(0, 1024), ACL_SUCCESS) << echo.last_error();
  std::vector<float> out;
  ASSERT_EQ(echo.Process(Batch(1000), &out), ACL_SUCCESS) << echo.last_error();
  EXPECT_EQ(out, Batch(1000));
  echo.Release();
  EXPECT_EQ(aclsimGetFindingCount(ACLSIM_FINDING_ANY), 0u) << aclsimGetLastFinding();
}

// Error path 1: the device is out of memory when Init allocates its second buffer.
TEST_F(DeviceEchoTest, InitReportsAnAllocationFailureAndLeaksNothing) {
  ASSERT_EQ(aclsimInjectMallocFailure(2), ACL_SUCCESS);
  DeviceEcho echo;
  EXPECT_EQ(echo.Init(0, 1024), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_NE(echo.last_error().find("aclrtMalloc(result)"), std::string::npos) << echo.last_error();
  // Init released what it had: memcheck reports no leak (TearDown's aclFinalize succeeds).
  EXPECT_EQ(aclsimGetFindingCount(ACLSIM_FINDING_LEAK), 0u) << aclsimGetLastFinding();
  // And the application can try again.
  EXPECT_EQ(echo.Init(0, 1024), ACL_SUCCESS) << echo.last_error();
}

// Error path 2: a task on the stream times out; the error surfaces at the synchronize.
TEST_F(DeviceEchoTest, ProcessReportsATimedOutTaskAndRecovers) {
  DeviceEcho echo;
  ASSERT_EQ(echo.Init(0, 256), ACL_SUCCESS) << echo.last_error();
  ASSERT_EQ(aclsimInjectFaults("task_timeout:nth=2"), ACL_SUCCESS);  // the on-device copy
  std::vector<float> out;
  EXPECT_EQ(echo.Process(Batch(256), &out), ACL_ERROR_RT_TASK_TIMEOUT);
  EXPECT_NE(echo.last_error().find("aclrtSynchronizeStream: error 107020"), std::string::npos) << echo.last_error();
  // The next batch goes through.
  ASSERT_EQ(echo.Process(Batch(256), &out), ACL_SUCCESS) << echo.last_error();
  EXPECT_EQ(out, Batch(256));
}

// memcheck catches the planted bug: the result is read before the stream is synchronised.
TEST_F(DeviceEchoTest, MemcheckFindsTheUnsynchronizedRead) {
  DeviceEcho echo;
  ASSERT_EQ(echo.Init(0, 256), ACL_SUCCESS) << echo.last_error();
  std::vector<float> out;
  EXPECT_EQ(echo.ProcessWithoutSync(Batch(256), &out), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclsimGetFindingCount(ACLSIM_FINDING_UNSYNCHRONIZED_READ), 1u);
  const std::string finding = aclsimGetLastFinding();
  EXPECT_NE(finding.find("memcheck: unsynchronized read: aclrtMemcpy("), std::string::npos) << finding;
  EXPECT_NE(finding.find("the pending write was submitted by aclrtMemcpyAsync"), std::string::npos) << finding;
}

}  // namespace
