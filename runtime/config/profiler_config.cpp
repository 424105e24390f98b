// ProfilerConfig helpers: level names, the ACL_PROF_* mask.
// See profiler_config.h for the contract.
//
// Owner: runtime/config. Thread safety: pure functions over constant tables.
// Failure: unknown names give nullopt.
#include "runtime/config/profiler_config.h"

#include <array>

namespace asim::cfg {
namespace {

// ACL_PROF_* bits (acl_prof.h), mirrored as numbers.
constexpr uint64_t kProfAclApi = 0x0001;
constexpr uint64_t kProfTaskTime = 0x0002;
constexpr uint64_t kProfAicoreMetrics = 0x0004;
constexpr uint64_t kProfAicpu = 0x0008;
constexpr uint64_t kProfL2Cache = 0x0010;
constexpr uint64_t kProfHcclTrace = 0x0020;
constexpr uint64_t kProfTrainingTrace = 0x0040;
constexpr uint64_t kProfMsproftx = 0x0080;
constexpr uint64_t kProfRuntimeApi = 0x0100;
constexpr uint64_t kProfFwkScheduleL0 = 0x0200;
constexpr uint64_t kProfTaskTimeL0 = 0x0800;
constexpr uint64_t kProfTaskTimeL2 = 0x2000;
constexpr uint64_t kProfFwkScheduleL1 = 0x01000000;

}  // namespace

const char* ProfLevelName(ProfLevel level) {
  switch (level) {
    case ProfLevel::kOff: return "off";
    case ProfLevel::kL0: return "l0";
    case ProfLevel::kL1: return "l1";
    case ProfLevel::kL2: return "l2";
  }
  return "?";
}

uint64_t ProfilerDataTypeMask(const ProfilerConfig& c) {
  uint64_t mask = 0;
  if (c.ascendcl) mask |= kProfAclApi;
  switch (c.task_time) {
    case ProfLevel::kOff: break;
    case ProfLevel::kL0: mask |= kProfTaskTimeL0; break;
    case ProfLevel::kL1: mask |= kProfTaskTime; break;
    case ProfLevel::kL2: mask |= kProfTaskTime | kProfTaskTimeL2; break;
  }
  if (c.aic_metrics != AicMetrics::kNone) mask |= kProfAicoreMetrics;
  if (c.aicpu) mask |= kProfAicpu;
  if (c.l2) mask |= kProfL2Cache;
  if (c.hccl) mask |= kProfHcclTrace;
  if (c.training_trace) mask |= kProfTrainingTrace;
  if (c.msproftx) mask |= kProfMsproftx;
  if (c.runtime_api) mask |= kProfRuntimeApi;
  switch (c.fwk_schedule) {
    case ProfLevel::kOff: break;
    case ProfLevel::kL0: mask |= kProfFwkScheduleL0; break;
    case ProfLevel::kL1:
    case ProfLevel::kL2: mask |= kProfFwkScheduleL1; break;
  }
  return mask;
}

}  // namespace asim::cfg
