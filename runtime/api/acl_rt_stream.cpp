// acl_rt.h: streams and stream configuration handles.
#include <cstring>

#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/handle_registry.h"
#include "runtime/core/stream_use.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}

// Creates a stream in the current context and hands the application its handle; records it
// for memcheck's leak report.
asim::Status Create(uint32_t priority, aclrtStream* stream) {
  std::shared_ptr<asim::rt::Stream> s;
  ASIM_RETURN_IF_ERROR(RT().CreateStream(priority, &s));
  *stream = asim::rt::Runtime::Handle(*s);
  asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kStream,
                           *stream, "stream " + asim::check::PtrText(*stream));
  return asim::Status::Ok();
}

// aclrtDestroyStream(Force): NULL names the default stream, which cannot be destroyed.
asim::Status Destroy(aclrtStream stream, bool force) {
  if (stream == nullptr) {
    return asim::Status(asim::err::kInvalidParam, "stream is NULL: the default stream cannot be destroyed");
  }
  std::shared_ptr<asim::rt::Stream> s;
  ASIM_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  ASIM_RETURN_IF_ERROR(RT().DestroyStream(s, force));
  asim::check::AfterDestroyStream(asim::api::Ctx().checks(), *s);
  return asim::Status::Ok();
}

// The live stream configuration handles (the RuntimeContext's).
asim::rt::HandleRegistry<aclrtStreamConfigHandle>& ConfigHandles() {
  return asim::api::Ctx().stream_configs();
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
  ACL_API_RETURN(Create(0, stream));
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
  ACL_API_RETURN(Create(config->priority, stream));
  ACL_API_END();
}

aclError aclrtCreateStreamWithConfig(aclrtStream* stream, uint32_t priority, uint32_t flag) {
  ACL_API_BEGIN("aclrtCreateStreamWithConfig");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  // The documented flags only speed up launches and synchronization on the real device; any
  // other value creates a stream equal to aclrtCreateStream's (as the real API documents).
  (void)flag;
  ACL_API_RETURN(Create(priority, stream));
  ACL_API_END();
}

aclError aclrtDestroyStream(aclrtStream stream) {
  ACL_API_BEGIN("aclrtDestroyStream");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Destroy(stream, /*force=*/false));
  ACL_API_END();
}

aclError aclrtDestroyStreamForce(aclrtStream stream) {
  ACL_API_BEGIN("aclrtDestroyStreamForce");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_RETURN(Destroy(stream, /*force=*/true));
  ACL_API_END();
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
  ACL_API_BEGIN("aclrtSynchronizeStream");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWait, &s));
  asim::Status st = RT().SynchronizeStream(*s, -1);
  if (st.code() != asim::err::kRtStreamSyncTimeout) asim::check::AfterSyncStream(asim::api::Ctx().checks(), *s);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
  ACL_API_BEGIN("aclrtSynchronizeStreamWithTimeout");
  ACL_API_REQUIRE_INIT();
  if (!ValidTimeout(timeout)) {  // the real runtime's code for it: ACL_ERROR_RT_PARAM_INVALID
    ACL_API_FAIL(asim::err::kRtParamInvalid,
                 "timeout " + std::to_string(timeout) + " ms is invalid: expected [-1, INT_MAX] (-1 waits forever)");
  }
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWait, &s));
  asim::Status st = RT().SynchronizeStream(*s, timeout);
  if (st.code() != asim::err::kRtStreamSyncTimeout) asim::check::AfterSyncStream(asim::api::Ctx().checks(), *s);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
  ACL_API_BEGIN("aclrtStreamQuery");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(status);
  bool complete = false;
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWait, &s));
  asim::Status st = RT().QueryStream(*s, &complete);
  if (st.ok()) *status = complete ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
  if (st.ok() && complete) asim::check::AfterSyncStream(asim::api::Ctx().checks(), *s);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
  ACL_API_BEGIN("aclrtStreamWaitEvent");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(event);
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));  // the event first, then the stream: the order of the errors
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  asim::Status st = RT().StreamWaitEvent(*s, *e);
  if (st.ok()) asim::check::AfterStreamWaitEvent(asim::api::Ctx().checks(), *s, *e);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode) {
  ACL_API_BEGIN("aclrtSetStreamFailureMode");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(stream);
  ACL_API_RETURN_IF_ERROR(asim::rt::Runtime::CheckStreamFailureMode(mode));  // before the stream
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  ACL_API_RETURN(RT().SetStreamFailureMode(*s, mode));
  ACL_API_END();
}

}  // extern "C"
