// acl/ext/aclsim_ext.h: the simulator's testing extensions (memcheck control and findings,
// fault injection, timing and inline modes) over runtime/check.
//
// Owns: nothing; argument checks and the mapping to runtime/check. Thread safety: as
// runtime/check (thread-safe). Failure: aclError + aclGetRecentErrMsg, no exception crosses
// the C ABI.
#include "acl/ext/aclsim_ext.h"

#include <string>

#include "acl/acl.h"
#include "kernels/framework/isa.h"
#include "runtime/api/api_guard.h"
#include "runtime/check/check_extension.h"
#include "runtime/check/faults.h"
#include "runtime/check/memcheck.h"
#include "runtime/config/fault_spec.h"

namespace {

namespace check = asim::check;
namespace kernels = asim::kernels;

static_assert(ACLSIM_FINDING_OUT_OF_BOUNDS == static_cast<int>(check::Finding::kOutOfBounds), "aclsimFinding");
static_assert(ACLSIM_FINDING_USE_AFTER_FREE == static_cast<int>(check::Finding::kUseAfterFree), "aclsimFinding");
static_assert(ACLSIM_FINDING_DOUBLE_FREE == static_cast<int>(check::Finding::kDoubleFree), "aclsimFinding");
static_assert(ACLSIM_FINDING_INVALID_FREE == static_cast<int>(check::Finding::kInvalidFree), "aclsimFinding");
static_assert(ACLSIM_FINDING_FREE_MISMATCH == static_cast<int>(check::Finding::kFreeMismatch), "aclsimFinding");
static_assert(ACLSIM_FINDING_KIND_MISMATCH == static_cast<int>(check::Finding::kKindMismatch), "aclsimFinding");
static_assert(ACLSIM_FINDING_UNSYNCHRONIZED_READ == static_cast<int>(check::Finding::kUnsynchronizedRead),
              "aclsimFinding");
static_assert(ACLSIM_FINDING_LEAK == static_cast<int>(check::Finding::kLeak), "aclsimFinding");
static_assert(ACLSIM_FINDING_HOST_ACCESS == static_cast<int>(check::Finding::kHostAccess), "aclsimFinding");
static_assert(check::kFindingKinds == ACLSIM_FINDING_HOST_ACCESS, "aclsimFinding");
static_assert(check::kRelativeResourceNotCleared == ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED, "error code");
static_assert(check::kRtAicoreTimeout == ACL_ERROR_RT_AICORE_TIMEOUT, "error code");
static_assert(check::kRtAicpuTimeout == ACL_ERROR_RT_AICPU_TIMEOUT, "error code");
static_assert(asim::cfg::kDefaultModelExecuteFaultCode == ACL_ERROR_RT_MODEL_EXECUTE, "error code");
static_assert(asim::cfg::kDefaultChannelSendFaultCode == ACL_ERROR_FAILURE, "error code");

thread_local std::string t_last_finding;

asim::cfg::FaultSpec Spec(asim::cfg::FaultType type, uint64_t nth) {
  asim::cfg::FaultSpec spec;
  spec.type = type;
  spec.nth = nth;
  spec.count = 1;
  return spec;
}

}  // namespace

extern "C" {

aclError aclsimSetMemcheck(aclsimMemcheckMode mode) {
  ACL_API_BEGIN("aclsimSetMemcheck");
  ACL_API_REQUIRE_INIT();
  const int32_t raw = asim::api::RawEnum(mode);
  if (raw < ACLSIM_MEMCHECK_OFF || raw > ACLSIM_MEMCHECK_ABORT) {
    ACL_API_FAIL(asim::err::kInvalidParam, "mode " + std::to_string(raw) +
                                               " is not an aclsimMemcheckMode (ACLSIM_MEMCHECK_OFF, "
                                               "ACLSIM_MEMCHECK_ERROR, ACLSIM_MEMCHECK_ABORT)");
  }
  check::SetMemcheck(
      asim::api::Ctx().checks(), asim::api::Ctx().core(), raw != ACLSIM_MEMCHECK_OFF,
      raw == ACLSIM_MEMCHECK_ABORT ? asim::cfg::MemcheckAction::kAbort : asim::cfg::MemcheckAction::kError);
  return ACL_SUCCESS;
  ACL_API_END();
}

uint64_t aclsimGetFindingCount(aclsimFinding finding) {
  return asim::api::Guarded<uint64_t>("aclsimGetFindingCount", 0, [&]() -> uint64_t {
    return asim::api::Ctx().checks().memcheck().Count(asim::api::RawEnum(finding));
  });
}

const char* aclsimGetLastFinding(void) {
  return asim::api::Guarded<const char*>("aclsimGetLastFinding", nullptr, []() -> const char* {
    t_last_finding = asim::api::Ctx().checks().memcheck().LastReport();
    return t_last_finding.empty() ? nullptr : t_last_finding.c_str();
  });
}

aclError aclsimResetFindings(void) {
  ACL_API_BEGIN("aclsimResetFindings");
  asim::api::Ctx().checks().memcheck().ResetFindings();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimInjectMallocFailure(uint64_t nth) {
  ACL_API_BEGIN("aclsimInjectMallocFailure");
  ACL_API_REQUIRE_INIT();
  if (nth == 0) ACL_API_FAIL(asim::err::kInvalidParam, "nth is 0: the next allocation is nth = 1");
  asim::api::Ctx().checks().faults().Arm(Spec(asim::cfg::FaultType::kMalloc, nth), nullptr, kApi);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimInjectModelExecuteFailure(uint32_t modelId, aclError errorCode) {
  ACL_API_BEGIN("aclsimInjectModelExecuteFailure");
  ACL_API_REQUIRE_INIT();
  if (modelId == 0) ACL_API_FAIL(asim::err::kInvalidParam, "modelId 0 is not a model id (ids start at 1)");
  if (errorCode == ACL_SUCCESS) ACL_API_FAIL(asim::err::kInvalidParam, "errorCode is ACL_SUCCESS: nothing would fail");
  asim::cfg::FaultSpec spec = Spec(asim::cfg::FaultType::kModelExecute, 1);
  spec.model_id = modelId;
  spec.code = errorCode;
  asim::api::Ctx().checks().faults().Arm(spec, nullptr, kApi);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimInjectStreamTaskTimeout(aclrtStream stream, uint64_t nthTask) {
  ACL_API_BEGIN("aclsimInjectStreamTaskTimeout");
  ACL_API_REQUIRE_INIT();
  if (nthTask == 0) ACL_API_FAIL(asim::err::kInvalidParam, "nthTask is 0: the next task is nthTask = 1");
  std::shared_ptr<asim::rt::Stream> s;
  asim::Status st = asim::api::Ctx().core().ResolveStream(stream, &s);
  if (!st.ok()) ACL_API_RETURN(st);
  asim::api::Ctx().checks().faults().Arm(Spec(asim::cfg::FaultType::kTaskTimeout, nthTask), s->hw_ptr().get(), kApi);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimInjectChannelSendFailure(const char* channelName, uint64_t nth, aclError errorCode) {
  ACL_API_BEGIN("aclsimInjectChannelSendFailure");
  ACL_API_REQUIRE_INIT();
  if (nth == 0) ACL_API_FAIL(asim::err::kInvalidParam, "nth is 0: the next send is nth = 1");
  asim::cfg::FaultSpec spec = Spec(asim::cfg::FaultType::kChannelSend, nth);
  spec.channel = channelName == nullptr ? "" : channelName;
  spec.code = errorCode == ACL_SUCCESS ? ACL_ERROR_FAILURE : errorCode;
  asim::api::Ctx().checks().faults().Arm(spec, nullptr, kApi);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimInjectFaults(const char* faultList) {
  ACL_API_BEGIN("aclsimInjectFaults");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(faultList);
  std::vector<asim::cfg::FaultSpec> faults;
  std::string error;
  if (!asim::cfg::ParseFaults(faultList, &faults, &error)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "faultList \"" + std::string(faultList) + "\": " + error);
  }
  for (const auto& f : faults) asim::api::Ctx().checks().faults().Arm(f, nullptr, kApi);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimClearFaults(void) {
  ACL_API_BEGIN("aclsimClearFaults");
  asim::api::Ctx().checks().faults().Clear();
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimSetTimingEnabled(int enabled) {
  ACL_API_BEGIN("aclsimSetTimingEnabled");
  ACL_API_REQUIRE_INIT();
  check::SetTimingEnabled(asim::api::Ctx().checks(), asim::api::Ctx().core(), enabled != 0);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclsimSetInlineExecution(int enabled) {
  ACL_API_BEGIN("aclsimSetInlineExecution");
  ACL_API_REQUIRE_INIT();
  check::SetInlineExecution(asim::api::Ctx().checks(), asim::api::Ctx().core(), enabled != 0);
  return ACL_SUCCESS;
  ACL_API_END();
}

const char* aclsimGetVectorIsa(void) {
  return asim::api::Guarded<const char*>("aclsimGetVectorIsa", "scalar",
                                         []() -> const char* { return kernels::isa::ActiveName(); });
}

}  // extern "C"
