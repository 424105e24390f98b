// acl_rt.h: devices, run mode, peer access, timeouts, exception-info callback.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/pointer_text.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}

static_assert(ACL_DEVICE == 0 && ACL_HOST == 1, "aclrtRunMode values");
}  // namespace

// The getters return 0xFFFFFFFF for a NULL info, as the real runtime does, and for one that is
// not being delivered to an exception callback now (made up, or kept past its callback).
namespace {
uint32_t ExceptionField(const char* api, const aclrtExceptionInfo* info, uint32_t rtExceptionInfo::*field) {
  if (info == nullptr) return 0xFFFFFFFFu;
  if (!RT().IsLiveExceptionInfo(info)) {
    asim::api::SetRecentError(api, asim::err::kInvalidParam,
                              std::string("info ") + asim::rt::PointerText(info) +
                                  " is not the argument of a running exception callback (it is valid only there)");
    return 0xFFFFFFFFu;
  }
  return info->*field;
}
}  // namespace

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
  ACL_API_BEGIN("aclrtSetDevice");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().SetDevice(deviceId));
  ACL_API_END();
}

aclError aclrtResetDevice(int32_t deviceId) {
  ACL_API_BEGIN("aclrtResetDevice");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().ResetDevice(deviceId, /*force=*/false);
  if (st.ok())
    st = asim::check::TakeLeakStatus(asim::api::Ctx().checks());  // objects left on the device, while memcheck is on
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
  ACL_API_BEGIN("aclrtResetDeviceForce");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().ResetDevice(deviceId, /*force=*/true);
  if (st.ok()) st = asim::check::TakeLeakStatus(asim::api::Ctx().checks());
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtGetDevice(int32_t* deviceId) {
  ACL_API_BEGIN("aclrtGetDevice");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(deviceId);
  ACL_API_RETURN(RT().GetDevice(deviceId));
  ACL_API_END();
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
  ACL_API_BEGIN("aclrtGetRunMode");
  // Answered before aclInit too: the memory-management samples ask before initializing.
  ACL_API_CHECK_NOT_NULL(runMode);
  asim::rt::Runtime::Platform platform;
  ACL_API_RETURN_IF_ERROR(RT().GetPlatform(&platform));
  *runMode = platform.device_run_mode ? ACL_DEVICE : ACL_HOST;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclrtSynchronizeDevice(void) {
  ACL_API_BEGIN("aclrtSynchronizeDevice");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().SynchronizeDevice(-1);
  if (st.code() != asim::err::kRtStreamSyncTimeout)
    asim::check::AfterSyncDevice(asim::api::Ctx().checks(), asim::api::Ctx().core());
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSetTsDevice(aclrtTsId tsId) {
  ACL_API_BEGIN("aclrtSetTsDevice");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().SetTsDevice(static_cast<int32_t>(tsId)));
  ACL_API_END();
}

aclError aclrtGetDeviceCount(uint32_t* count) {
  ACL_API_BEGIN("aclrtGetDeviceCount");
  ACL_API_CHECK_NOT_NULL(count);  // answered before aclInit too, as the driver is asked
  ACL_API_RETURN(RT().GetDeviceCount(count));
  ACL_API_END();
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus* deviceStatus) {
  ACL_API_BEGIN("aclrtQueryDeviceStatus");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(deviceStatus);
  int32_t status = 0;
  asim::Status st = RT().QueryDeviceStatus(deviceId, &status);
  if (st.ok()) *deviceStatus = static_cast<aclrtDeviceStatus>(status);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
  ACL_API_BEGIN("aclrtDeviceCanAccessPeer");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(canAccessPeer);
  ACL_API_RETURN(RT().DeviceCanAccessPeer(canAccessPeer, deviceId, peerDeviceId));
  ACL_API_END();
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
  ACL_API_BEGIN("aclrtDeviceEnablePeerAccess");
  ACL_API_REQUIRE_INIT();
  if (flags != 0) ACL_API_FAIL(asim::err::kInvalidParam, "flags must be 0, got " + std::to_string(flags));
  ACL_API_RETURN(RT().SetPeerAccess(peerDeviceId, true));
  ACL_API_END();
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
  ACL_API_BEGIN("aclrtDeviceDisablePeerAccess");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().SetPeerAccess(peerDeviceId, false));
  ACL_API_END();
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout) {
  ACL_API_BEGIN("aclrtSetOpWaitTimeout");
  ACL_API_REQUIRE_INIT();
  RT().SetOpWaitTimeout(timeout);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout) {
  ACL_API_BEGIN("aclrtSetOpExecuteTimeOut");
  ACL_API_REQUIRE_INIT();
  RT().SetOpExecuteTimeout(timeout);
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback) {
  ACL_API_BEGIN("aclrtSetExceptionInfoCallback");
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(RT().SetExceptionCallback(callback));
  ACL_API_END();
}

// The getters return 0xFFFFFFFF for a NULL or not-live info (ExceptionField above).

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return ExceptionField("aclrtGetTaskIdFromExceptionInfo", info, &rtExceptionInfo::task_id);
}
uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return ExceptionField("aclrtGetStreamIdFromExceptionInfo", info, &rtExceptionInfo::stream_id);
}
uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return ExceptionField("aclrtGetThreadIdFromExceptionInfo", info, &rtExceptionInfo::thread_id);
}
uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo* info) {
  return ExceptionField("aclrtGetDeviceIdFromExceptionInfo", info, &rtExceptionInfo::device_id);
}
uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo* info) {
  return ExceptionField("aclrtGetErrorCodeFromExceptionInfo", info, &rtExceptionInfo::error_code);
}

}  // extern "C"
