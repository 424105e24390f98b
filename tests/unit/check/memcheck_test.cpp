// Tests of Memcheck's reporting: counts per kind, the latest report, the leak status handed
// to the releasing call of the same thread, and abort mode (a death test).
// Owner: runtime/check. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "check_test_util.h"

namespace asim::check {
namespace {

using ::testing::HasSubstr;
using testing_util::MemcheckOn;

TEST(Memcheck, ReportCountsAndRemembers) {
  Memcheck m;
  MemcheckOn on(m);
  EXPECT_TRUE(m.enabled());
  Status st = m.Report(Finding::kDoubleFree, err::kInvalidParam, "aclrtFree(0x1) frees it again");
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_EQ(st.message(), "memcheck: double free: aclrtFree(0x1) frees it again");
  (void)m.Report(Finding::kOutOfBounds, err::kInvalidParam, "x");
  EXPECT_EQ(m.Count(static_cast<int>(Finding::kDoubleFree)), 1u);
  EXPECT_EQ(m.Count(static_cast<int>(Finding::kOutOfBounds)), 1u);
  EXPECT_EQ(m.Count(0), 2u);
  EXPECT_EQ(m.Count(99), 0u);
  EXPECT_EQ(m.LastReport(), "memcheck: out-of-bounds: x");
  m.ResetFindings();
  EXPECT_EQ(m.Count(0), 0u);
  EXPECT_EQ(m.LastReport(), "");
}

TEST(Memcheck, LeakStatusBelongsToTheReleasingThread) {
  Memcheck m;
  MemcheckOn on(m);
  m.ReportLeaks("aclFinalize", {"stream 0x1, created by aclrtCreateStream", "model 1, created by aclmdlLoadFromFile"});
  EXPECT_EQ(m.Count(static_cast<int>(Finding::kLeak)), 2u);
  std::thread([&] { EXPECT_TRUE(m.TakeLeakStatus().ok()); }).join();
  Status st = m.TakeLeakStatus();
  EXPECT_EQ(st.code(), kRelativeResourceNotCleared);
  EXPECT_THAT(st.message(), HasSubstr("aclFinalize released 2 object(s)"));
  EXPECT_THAT(st.message(), HasSubstr("memcheck: leak: model 1"));
  EXPECT_TRUE(m.TakeLeakStatus().ok());
  m.ReportLeaks("aclFinalize", {});
  EXPECT_TRUE(m.TakeLeakStatus().ok());
}

TEST(MemcheckDeathTest, AbortModePrintsTheReportAndAborts) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        Memcheck m;
        m.Configure(true, cfg::MemcheckAction::kAbort);
        (void)m.Report(Finding::kUseAfterFree, err::kInvalidParam, "planted");
      },
      "\\[MEMCHECK\\] memcheck: use-after-free: planted");
  EXPECT_DEATH(
      {
        Memcheck m;
        m.Configure(true, cfg::MemcheckAction::kAbort);
        m.ReportLeaks("aclrtResetDevice", {"first", "second"});
      },
      "aclrtResetDevice: memcheck: leak: first\nmemcheck: leak: second");
}

TEST(Memcheck, FindingNames) {
  EXPECT_STREQ(FindingName(Finding::kUnsynchronizedRead), "unsynchronized read");
  EXPECT_STREQ(FindingName(Finding::kHostAccess), "host access to device memory");
}

}  // namespace
}  // namespace asim::check
