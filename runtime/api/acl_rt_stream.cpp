// acl_rt.h: streams and stream configuration handles.
#include <cstring>

#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/handle_registry.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}

// Records a stream the application created, for memcheck's leak report.
asim::Status Created(asim::Status st, aclrtStream* stream) {
  if (st.ok())
    asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kStream,
                             *stream, "stream " + asim::check::PtrText(*stream));
  return st;
}

// The live stream configuration handles: the struct is public, but a destroyed or made-up
// pointer must get an error, not a double free.
asim::rt::HandleRegistry<aclrtStreamConfigHandle>& ConfigHandles() {
  static auto* registry = new asim::rt::HandleRegistry<aclrtStreamConfigHandle>();  // outlives static destructors
  return *registry;
}

std::string NotLiveConfig(const void* handle) {
  return "stream config handle " + asim::check::PtrText(handle) +
         " is not live (destroyed, or never created by aclrtCreateStreamConfigHandle)";
}

// aclrtSynchronize*WithTimeout: -1 waits forever; other negative values are invalid.
bool ValidTimeout(int32_t timeout) {
  return timeout >= -1;
}
}  // namespace

extern "C" {

aclrtStreamConfigHandle* aclrtCreateStreamConfigHandle(void) {
  return asim::api::Guarded<aclrtStreamConfigHandle*>(
      "aclrtCreateStreamConfigHandle", nullptr, [&]() -> aclrtStreamConfigHandle* {
        std::shared_ptr<aclrtStreamConfigHandle> handle(new (std::nothrow) aclrtStreamConfigHandle);
        if (handle == nullptr) {
          asim::api::SetRecentError("aclrtCreateStreamConfigHandle", asim::err::kBadAlloc, "out of host memory");
          return nullptr;
        }
        std::memset(handle.get(), 0, sizeof(*handle));
        return static_cast<aclrtStreamConfigHandle*>(ConfigHandles().Add(std::move(handle)));
      });
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle* handle) {
  ACL_API_BEGIN("aclrtDestroyStreamConfigHandle");
  ACL_API_CHECK_NOT_NULL(handle);
  if (ConfigHandles().Remove(handle) == nullptr) ACL_API_FAIL(asim::err::kInvalidResourceHandle, NotLiveConfig(handle));
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle* handle, aclrtStreamConfigAttr attr, const void* attrValue,
                                 size_t valueSize) {
  ACL_API_BEGIN("aclrtSetStreamConfigOpt");
  ACL_API_CHECK_NOT_NULL(handle);
  ACL_API_CHECK_NOT_NULL(attrValue);
  if (ConfigHandles().Find(handle) == nullptr) ACL_API_FAIL(asim::err::kInvalidResourceHandle, NotLiveConfig(handle));
  auto need = [&](size_t size) { return valueSize >= size; };
  switch (attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR:
      if (!need(sizeof(void*))) break;
      std::memcpy(&handle->workptr, attrValue, sizeof(void*));
      return ACL_SUCCESS;
    case ACL_RT_STREAM_WORK_SIZE:
      if (!need(sizeof(size_t))) break;
      std::memcpy(&handle->workSize, attrValue, sizeof(size_t));
      return ACL_SUCCESS;
    case ACL_RT_STREAM_FLAG:
      if (!need(sizeof(size_t))) break;
      std::memcpy(&handle->flag, attrValue, sizeof(size_t));
      return ACL_SUCCESS;
    case ACL_RT_STREAM_PRIORITY:
      if (!need(sizeof(uint32_t))) break;
      std::memcpy(&handle->priority, attrValue, sizeof(uint32_t));
      return ACL_SUCCESS;
    default:
      ACL_API_FAIL(asim::err::kInvalidParam,
                   "attr " + std::to_string(static_cast<int>(attr)) + " is not a valid aclrtStreamConfigAttr");
  }
  ACL_API_FAIL(asim::err::kInvalidParam, "valueSize " + std::to_string(valueSize) +
                                             " is too small for stream config attr " +
                                             std::to_string(static_cast<int>(attr)));
  ACL_API_END();
}

aclError aclrtCreateStream(aclrtStream* stream) {
  ACL_API_BEGIN("aclrtCreateStream");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  ACL_API_RETURN(Created(RT().CreateStream(0, stream), stream));
  ACL_API_END();
}

aclError aclrtCreateStreamV2(aclrtStream* stream, const aclrtStreamConfigHandle* handle) {
  ACL_API_BEGIN("aclrtCreateStreamV2");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  ACL_API_CHECK_NOT_NULL(handle);
  std::shared_ptr<aclrtStreamConfigHandle> config = ConfigHandles().Find(handle);
  if (config == nullptr) ACL_API_FAIL(asim::err::kInvalidResourceHandle, NotLiveConfig(handle));
  ACL_API_RETURN(Created(RT().CreateStream(config->priority, stream), stream));
  ACL_API_END();
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  ACL_API_BEGIN("aclrtCreateStreamWithConfig");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  if ((flag & ~(ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC)) != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "flag " + std::to_string(flag) + " has bits other than ACL_STREAM_FAST_LAUNCH | ACL_STREAM_FAST_SYNC");
  }
  ACL_API_RETURN(Created(RT().CreateStream(priority, stream), stream));
  ACL_API_END();
}

aclError aclrtDestroyStream(aclrtStream stream) {
  ACL_API_BEGIN("aclrtDestroyStream");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().DestroyStream(stream, /*force=*/false);
  if (st.ok()) asim::check::AfterDestroyStream(asim::api::Ctx().checks(), stream);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  ACL_API_BEGIN("aclrtDestroyStreamForce");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().DestroyStream(stream, /*force=*/true);
  if (st.ok()) asim::check::AfterDestroyStream(asim::api::Ctx().checks(), stream);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  ACL_API_BEGIN("aclrtSynchronizeStream");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  asim::Status st = RT().SynchronizeStream(stream, -1);
  if (st.code() != asim::err::kRtStreamSyncTimeout)
    asim::check::AfterSyncStream(asim::api::Ctx().checks(), asim::api::Ctx().core(), stream);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  ACL_API_BEGIN("aclrtSynchronizeStreamWithTimeout");
  ACL_API_REQUIRE_INIT();
  if (!ValidTimeout(timeout)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "timeout " + std::to_string(timeout) + " ms is invalid (-1 waits forever)");
  }
  asim::Status st = RT().SynchronizeStream(stream, timeout);
  if (st.code() != asim::err::kRtStreamSyncTimeout)
    asim::check::AfterSyncStream(asim::api::Ctx().checks(), asim::api::Ctx().core(), stream);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  ACL_API_BEGIN("aclrtStreamQuery");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(status);
  bool complete = false;
  asim::Status st = RT().QueryStream(stream, &complete);
  if (st.ok()) *status = complete ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  if (st.ok() && complete) asim::check::AfterSyncStream(asim::api::Ctx().checks(), asim::api::Ctx().core(), stream);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  ACL_API_BEGIN("aclrtStreamWaitEvent");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(event);
  asim::Status st = RT().StreamWaitEvent(stream, event);
  if (st.ok()) asim::check::AfterStreamWaitEvent(asim::api::Ctx().checks(), asim::api::Ctx().core(), stream, event);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  ACL_API_BEGIN("aclrtSetStreamFailureMode");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  ACL_API_RETURN(RT().SetStreamFailureMode(stream, mode));
  ACL_API_END();
}

}  // extern "C"
