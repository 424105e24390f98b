// The CI modes: functional-only (timing off: simulated times are 0) and inline execution
// (tasks run on the submitting thread in stream order), switched by aclsim_ext.h and by
// acl.json; results are the same as in the faithful default.
// PUBLIC API ONLY (acl/ and acl/ext/ headers). Owner: tests/conformance/aclsim.
#include <vector>

#include "aclsim_util.h"

namespace {

using aclsimtest::AclsimTest;
using aclsimtest::AddRelu;

class Modes : public AclsimTest {
 protected:
  Modes() : AclsimTest(ACLSIM_MEMCHECK_ERROR) {}

  // Simulated milliseconds of a 4 MiB host-to-device copy between two events.
  float TimedCopy() {
    aclrtStream s = nullptr;
    EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    const size_t bytes = 4 << 20;
    void* d = Device(bytes);
    std::vector<char> host(bytes, 1);
    aclrtEvent start = nullptr, end = nullptr;
    aclrtCreateEvent(&start);
    aclrtCreateEvent(&end);
    aclrtRecordEvent(start, s);
    aclrtMemcpyAsync(d, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE, s);
    aclrtRecordEvent(end, s);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    float ms = -1;
    EXPECT_EQ(aclrtEventElapsedTime(&ms, start, end), ACL_SUCCESS);
    aclrtDestroyEvent(start);
    aclrtDestroyEvent(end);
    aclrtDestroyStream(s);
    aclrtFree(d);
    return ms;
  }
};

TEST_F(Modes, TimingOffGivesZeroDurations) {
  EXPECT_GT(TimedCopy(), 0.1f);
  ASSERT_ACL_OK(aclsimSetTimingEnabled(0));
  EXPECT_EQ(TimedCopy(), 0.0f);
  ASSERT_ACL_OK(aclsimSetTimingEnabled(1));
  EXPECT_GT(TimedCopy(), 0.1f);
}

TEST_F(Modes, InlineTasksHaveRunWhenTheCallReturns) {
  ASSERT_ACL_OK(aclsimSetInlineExecution(1));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  void* d = Device(1024);
  std::vector<char> host(1024, 5);
  ASSERT_ACL_OK(aclrtMemcpyAsync(d, 1024, host.data(), 1024, ACL_MEMCPY_HOST_TO_DEVICE, s));
  aclrtStreamStatus status = ACL_STREAM_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtStreamQuery(s, &status));
  EXPECT_EQ(status, ACL_STREAM_STATUS_COMPLETE);  // ran inside aclrtMemcpyAsync
  std::vector<char> back(1024);
  ASSERT_ACL_OK(aclrtMemcpy(back.data(), 1024, d, 1024, ACL_MEMCPY_DEVICE_TO_HOST));  // the query synchronised
  EXPECT_EQ(back, host);
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  aclrtFree(d);
}

TEST_F(Modes, ModelsGiveTheSameResultsInline) {
  REQUIRE_TEST_MODEL("add_relu");
  ASSERT_ACL_OK(aclsimSetInlineExecution(1));
  ASSERT_ACL_OK(aclsimSetTimingEnabled(0));
  AddRelu m;
  ASSERT_ACL_OK(m.Load());
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  for (int i = 0; i < 3; ++i) {
    ASSERT_ACL_OK(aclmdlExecuteAsync(m.id, m.input, m.output, s));
    ASSERT_ACL_OK(aclrtSynchronizeStream(s));
    EXPECT_TRUE(m.OutputIsRight());
    ASSERT_ACL_OK(aclmdlExecute(m.id, m.input, m.output));
    EXPECT_TRUE(m.OutputIsRight());
  }
  ASSERT_ACL_OK(aclrtDestroyStream(s));
  m.Release();
}

TEST(ModesConfig, AclJsonSelectsTheModes) {
  conformance::TempDir dir;
  const std::string path = dir.Write("acl.json", R"({"sim": {"timing": "off", "inline_tasks": "on"}})");
  ASSERT_ACL_OK(aclInit(path.c_str()));
  ASSERT_ACL_OK(aclrtSetDevice(0));
  aclrtStream s = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&s));
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_ACL_OK(aclrtCreateEvent(&start));
  ASSERT_ACL_OK(aclrtCreateEvent(&end));
  ASSERT_ACL_OK(aclrtRecordEvent(start, s));
  void* d = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&d, 1 << 20, ACL_MEM_MALLOC_HUGE_FIRST));
  ASSERT_ACL_OK(aclrtMemsetAsync(d, 1 << 20, 0, 1 << 20, s));
  ASSERT_ACL_OK(aclrtRecordEvent(end, s));
  aclrtEventRecordedStatus st = ACL_EVENT_RECORDED_STATUS_NOT_READY;
  ASSERT_ACL_OK(aclrtQueryEventStatus(end, &st));
  EXPECT_EQ(st, ACL_EVENT_RECORDED_STATUS_COMPLETE);  // inline
  float ms = -1;
  ASSERT_ACL_OK(aclrtEventElapsedTime(&ms, start, end));
  EXPECT_EQ(ms, 0.0f);  // timing off
  aclrtDestroyEvent(start);
  aclrtDestroyEvent(end);
  aclrtDestroyStream(s);
  aclrtFree(d);
  EXPECT_ACL_OK(aclrtResetDevice(0));
  EXPECT_ACL_OK(aclFinalize());
}

}  // namespace
