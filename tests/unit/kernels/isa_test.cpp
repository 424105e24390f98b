// kernels/framework/isa.h: naming, forcing and restoring the vector target the kernels run on.
// (That every kernel gives the same answers on every target is checked by the kernel test
// harness, kernel_test_util.cpp, on every RunOp.)
#include "kernels/framework/isa.h"

#include <gtest/gtest.h>

#include <algorithm>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "base/status.h"

namespace asim::kernels::isa {
namespace {

bool Contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

#if defined(__x86_64__)
// F16C from CPUID leaf 1 (ECX bit 29): clang's __builtin_cpu_supports does not know "f16c".
bool HasF16c() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 29)) != 0;
}
#endif

TEST(Isa, KnownNamesAreTheDocumentedOnes) {
  const auto& names = KnownNames();
  for (const char* n : {"auto", "avx512", "avx2", "neon", "scalar"}) EXPECT_TRUE(Contains(names, n)) << n;
}

TEST(Isa, BestIsFirstAvailableAndActiveByDefault) {
  const std::vector<std::string> all = Available();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(Best(), all.front());
  EXPECT_EQ(Active(), Best());
}

TEST(Isa, ThisArchitectureHasItsTargets) {
  const std::vector<std::string> all = Available();
#if defined(__x86_64__)
  // The portable fallback is always compiled on x86-64 (its baseline has no SIMD target).
  EXPECT_TRUE(Contains(all, "scalar"));
  EXPECT_FALSE(Contains(all, "neon"));
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && HasF16c()) {
    EXPECT_TRUE(Contains(all, "avx2"));
  }
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl")) {
    EXPECT_TRUE(Contains(all, "avx512"));
  }
#elif defined(__aarch64__)
  EXPECT_TRUE(Contains(all, "neon"));
  EXPECT_FALSE(Contains(all, "avx2"));
#endif
}

TEST(Isa, ForcingEachTargetMakesItActiveAndScopeRestores) {
  const std::string best = Best();
  for (const std::string& target : Available()) {
    {
      ScopedIsa scoped(target);
      ASSERT_TRUE(scoped.status().ok()) << scoped.status().message();
      EXPECT_EQ(Active(), target);
      EXPECT_EQ(Available(), Available());  // the CPU's list, not the restriction
      EXPECT_TRUE(Contains(Available(), best));
    }
    EXPECT_EQ(Active(), best);
  }
}

TEST(Isa, AutoAndEmptyUndoAForcedTarget) {
  const std::vector<std::string> all = Available();
  ASSERT_TRUE(Force(all.back()).ok());
  EXPECT_EQ(Active(), all.back());
  ASSERT_TRUE(Force("auto").ok());
  EXPECT_EQ(Active(), Best());
  ASSERT_TRUE(Force(all.back()).ok());
  ASSERT_TRUE(Force("").ok());
  EXPECT_EQ(Active(), Best());
}

TEST(Isa, UnknownNameIsRefusedWithTheList) {
  const Status st = Force("avx1024");
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("vector ISA \"avx1024\" (ASCEND_SIM_ISA or acl.json sim.isa) is not one of auto"),
            std::string::npos)
      << st.message();
  EXPECT_NE(st.message().find("avx512"), std::string::npos);
  EXPECT_EQ(Active(), Best());  // unchanged
}

TEST(Isa, TargetThisHostCannotRunIsRefusedNamingWhatItCan) {
#if defined(__x86_64__)
  const char* foreign = "neon";
#else
  const char* foreign = "avx2";
#endif
  const Status st = Force(foreign);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("this CPU and build can run " + Available().front()), std::string::npos) << st.message();
  EXPECT_EQ(Active(), Best());
}

TEST(Isa, FailedForceInsideAScopeKeepsThePreviousTarget) {
  const std::vector<std::string> all = Available();
  ScopedIsa outer(all.back());
  ASSERT_TRUE(outer.status().ok());
  {
    ScopedIsa inner("bogus");
    EXPECT_FALSE(inner.status().ok());
    EXPECT_EQ(Active(), all.back());
  }
  EXPECT_EQ(Active(), all.back());
}

}  // namespace
}  // namespace asim::kernels::isa
