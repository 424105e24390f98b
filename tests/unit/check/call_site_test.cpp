// Tests of call sites: the per-thread API scope nests and restores, a captured backtrace
// starts at the application's frame, and the rendering names the API and the function.
// Owner: runtime/check. Failure: gtest assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <thread>

#include "runtime/check/call_site.h"

namespace asim::check {

// Outside the anonymous namespace and not inlined: the test binary exports it
// (ENABLE_EXPORTS, default visibility), so dladdr can name it.
__attribute__((noinline, visibility("default"))) std::shared_ptr<const CallSite> CaptureFromApplicationFrame() {
  ApiCallScope scope("aclrtMemcpy", __builtin_return_address(0));
  return CaptureCallSite(true);
}

namespace {

using ::testing::HasSubstr;

TEST(CallSite, ScopesNestAndArePerThread) {
  EXPECT_EQ(CurrentApiCall().api, nullptr);
  {
    ApiCallScope outer("aclrtMalloc", __builtin_return_address(0));
    EXPECT_STREQ(CurrentApiCall().api, "aclrtMalloc");
    {
      ApiCallScope inner("aclrtFree", nullptr);
      EXPECT_STREQ(CurrentApiCall().api, "aclrtFree");
      std::thread([] { EXPECT_EQ(CurrentApiCall().api, nullptr); }).join();
    }
    EXPECT_STREQ(CurrentApiCall().api, "aclrtMalloc");
  }
  EXPECT_EQ(CurrentApiCall().api, nullptr);
}

TEST(CallSite, CaptureStartsAtTheCallerAndRendersIt) {
  auto site = CaptureFromApplicationFrame();
  ASSERT_NE(site, nullptr);
  EXPECT_STREQ(site->api, "aclrtMemcpy");
  ASSERT_FALSE(site->frames.empty());
  EXPECT_EQ(site->frames[0], site->return_address);
  const std::string text = DescribeCallSite(site.get(), "  ");
  EXPECT_THAT(text, HasSubstr("aclrtMemcpy called at "));
  EXPECT_THAT(text, HasSubstr("test_check+0x"));  // the caller is in the test binary
  EXPECT_LE(site->frames.size(), 8u);
}

TEST(CallSite, WithoutBacktraceOrScope) {
  auto site = CaptureCallSite(false);
  EXPECT_TRUE(site->frames.empty());
  EXPECT_EQ(DescribeCallSite(site.get(), ""), "(internal)");
  EXPECT_EQ(DescribeCallSite(nullptr, ""), "(call site not recorded)");
  EXPECT_THAT(SymbolizeAddress(reinterpret_cast<const void*>(&CaptureFromApplicationFrame)),
              HasSubstr("CaptureFromApplicationFrame"));
  EXPECT_EQ(SymbolizeAddress(nullptr), "(unknown)");
}

}  // namespace
}  // namespace asim::check
