// The numbers runtime/config mirrors from the public headers, checked against them:
// AicMetrics vs aclprofAicoreMetrics, ProfilerDataTypeMask vs the ACL_PROF_* bits, and the
// dump path limit. runtime/config declares them independently (it must not include acl/).
// Owner: runtime/config. Thread safety: single-threaded test.
// Failure: static_assert at build time, gtest assertions at run time.
#include <acl/acl_dump.h>
#include <acl/acl_prof.h>
#include <gtest/gtest.h>

#include "runtime/config/dump_config.h"
#include "runtime/config/profiler_config.h"

namespace asim::cfg {
namespace {

#define ASIM_SAME(ours, theirs) \
  static_assert(static_cast<int64_t>(ours) == static_cast<int64_t>(theirs), #ours " != " #theirs)

ASIM_SAME(AicMetrics::kArithmeticUtilization, ACL_AICORE_ARITHMETIC_UTILIZATION);
ASIM_SAME(AicMetrics::kPipeUtilization, ACL_AICORE_PIPE_UTILIZATION);
ASIM_SAME(AicMetrics::kMemory, ACL_AICORE_MEMORY_BANDWIDTH);
ASIM_SAME(AicMetrics::kMemoryL0, ACL_AICORE_L0B_AND_WIDTH);
ASIM_SAME(AicMetrics::kResourceConflictRatio, ACL_AICORE_RESOURCE_CONFLICT_RATIO);
ASIM_SAME(AicMetrics::kMemoryUB, ACL_AICORE_MEMORY_UB);
ASIM_SAME(AicMetrics::kL2Cache, ACL_AICORE_L2_CACHE);
ASIM_SAME(AicMetrics::kPipeExecuteUtilization, ACL_AICORE_PIPE_EXECUTE_UTILIZATION);
ASIM_SAME(AicMetrics::kNone, ACL_AICORE_NONE);
ASIM_SAME(kMaxDumpPathLength, ACL_DUMP_MAX_FILE_PATH_LENGTH);

#undef ASIM_SAME

// Everything off except one class at a time: the mask must be exactly that ACL_PROF_* bit.
TEST(AclMirror, ProfilerMaskUsesAclProfBits) {
  ProfilerConfig none;
  none.ascendcl = false;
  none.runtime_api = false;
  none.task_time = ProfLevel::kOff;
  none.aic_metrics = AicMetrics::kNone;
  EXPECT_EQ(ProfilerDataTypeMask(none), 0u);

  auto with = [&](auto change) {
    ProfilerConfig c = none;
    change(c);
    return ProfilerDataTypeMask(c);
  };
  EXPECT_EQ(with([](ProfilerConfig& c) { c.ascendcl = true; }), ACL_PROF_ACL_API);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.task_time = ProfLevel::kL1; }), ACL_PROF_TASK_TIME);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.task_time = ProfLevel::kL0; }), ACL_PROF_TASK_TIME_L0);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.task_time = ProfLevel::kL2; }), ACL_PROF_TASK_TIME | ACL_PROF_TASK_TIME_L2);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.aic_metrics = AicMetrics::kMemory; }), ACL_PROF_AICORE_METRICS);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.aicpu = true; }), ACL_PROF_AICPU);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.l2 = true; }), ACL_PROF_L2CACHE);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.hccl = true; }), ACL_PROF_HCCL_TRACE);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.training_trace = true; }), ACL_PROF_TRAINING_TRACE);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.msproftx = true; }), ACL_PROF_MSPROFTX);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.runtime_api = true; }), ACL_PROF_RUNTIME_API);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.fwk_schedule = ProfLevel::kL0; }), ACL_PROF_FWK_SCHEDULE_L0);
  EXPECT_EQ(with([](ProfilerConfig& c) { c.fwk_schedule = ProfLevel::kL1; }), ACL_PROF_FWK_SCHEDULE_L1);
}

}  // namespace
}  // namespace asim::cfg
