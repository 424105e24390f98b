// The API guard: what each exported function's body runs inside.
#include "runtime/api/api_guard.h"

#include <gtest/gtest.h>

#include <new>
#include <stdexcept>
#include <string>

namespace asim::api {
namespace {

std::string Recent() {
  const char* msg = RecentError();
  return msg == nullptr ? "" : msg;
}

int MacroShaped(int mode) {
  ACL_API_BEGIN("aclTestMacroShaped");
  if (mode == 1) throw std::bad_alloc();
  if (mode == 2) throw std::runtime_error("kernel table corrupt");
  if (mode == 3) throw 42;
  if (mode == 4) ACL_API_FAIL(err::kInvalidParam, "mode 4 is refused");
  return 0;
  ACL_API_END();
}

TEST(ApiGuard, MacroShapeMapsExceptionsToCodesWithTheirMessage) {
  EXPECT_EQ(MacroShaped(0), 0);
  EXPECT_EQ(MacroShaped(1), err::kBadAlloc);
  EXPECT_NE(Recent().find("out of host memory"), std::string::npos) << Recent();
  EXPECT_EQ(MacroShaped(2), err::kInternalError);
  EXPECT_NE(Recent().find("kernel table corrupt"), std::string::npos) << Recent();
  EXPECT_EQ(MacroShaped(3), err::kInternalError);
  EXPECT_NE(Recent().find("unknown exception"), std::string::npos) << Recent();
  EXPECT_EQ(MacroShaped(4), err::kInvalidParam);
  EXPECT_NE(Recent().find("mode 4 is refused"), std::string::npos) << Recent();
}

TEST(ApiGuard, GuardedErrorMapsExceptionsForSharedHelpers) {
  EXPECT_EQ(GuardedError("aclTestHelper", [] { return 0; }), 0);
  EXPECT_EQ(GuardedError("aclTestHelper", []() -> int { throw std::bad_alloc(); }), err::kBadAlloc);
  EXPECT_EQ(GuardedError("aclTestHelper", []() -> int { throw std::out_of_range("index 9"); }), err::kInternalError);
  EXPECT_NE(Recent().find("index 9"), std::string::npos) << Recent();
  // A code the body returns passes through unchanged.
  EXPECT_EQ(GuardedError("aclTestHelper", [] { return static_cast<int>(err::kInvalidParam); }), err::kInvalidParam);
}

TEST(ApiGuard, GuardedReturnsTheFallbackOnException) {
  int value = 7;
  EXPECT_EQ(Guarded<int*>("aclTestCreate", nullptr, [&] { return &value; }), &value);
  EXPECT_EQ(Guarded<int*>("aclTestCreate", nullptr, []() -> int* { throw std::bad_alloc(); }), nullptr);
  EXPECT_NE(Recent().find("out of host memory"), std::string::npos) << Recent();
  bool ran = false;
  GuardedVoid("aclTestDestroy", [&] { ran = true; });
  EXPECT_TRUE(ran);
  GuardedVoid("aclTestDestroy", [] { throw std::logic_error("double destroy"); });
  EXPECT_NE(Recent().find("double destroy"), std::string::npos) << Recent();
}

TEST(ApiGuard, RawEnumKeepsOutOfRangeValues) {
  enum class Small : int32_t { kA = 0, kB = 1 };
  int32_t raw = 12345;
  Small value;
  std::memcpy(&value, &raw, sizeof(raw));
  EXPECT_EQ(RawEnum(value), 12345);
}

}  // namespace
}  // namespace asim::api
