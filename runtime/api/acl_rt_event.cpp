// acl_rt.h: events.
#include "acl/acl_rt.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/sim_hooks.h"
#include "runtime/core/stream_use.h"

namespace {
asim::rt::Runtime& RT() {
  return asim::api::Ctx().core();
}
using SimStatus = asim::sim::SimEvent::Status;
constexpr uint32_t kKnownEventFlags = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE;

// Creates an event on the current context's device and hands the application its handle;
// records it for memcheck's leak report.
asim::Status Create(uint32_t flag, bool records_time, aclrtEvent* event) {
  std::shared_ptr<asim::rt::Event> e;
  ASIM_RETURN_IF_ERROR(RT().CreateEvent(flag, records_time, &e));
  *event = asim::rt::Runtime::Handle(*e);
  asim::check::AfterCreate(asim::api::Ctx().checks(), asim::api::Ctx().core(), asim::check::ObjectKind::kEvent, *event,
                           "event " + asim::check::PtrText(*event));
  return asim::Status::Ok();
}

aclError CreateWithFlag(const char* api, aclrtEvent* event, uint32_t flag) {
  ACL_API_BEGIN(api);
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(event);
  if ((flag & ~kKnownEventFlags) != 0) {
    ACL_API_FAIL(asim::err::kInvalidParam, "event flag " + std::to_string(flag) +
                                               " has unknown bits (ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS"
                                               " | ACL_EVENT_TIME_LINE)");
  }
  ACL_API_RETURN(Create(flag, (flag & ACL_EVENT_TIME_LINE) != 0, event));
  ACL_API_END();
}
}  // namespace

extern "C" {

aclError aclrtCreateEvent(aclrtEvent* event) {
  ACL_API_BEGIN("aclrtCreateEvent");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(event);
  // A plain event records time, so that aclrtEventElapsedTime works on it.
  ACL_API_RETURN(Create(ACL_EVENT_TIME_LINE, /*records_time=*/true, event));
  ACL_API_END();
}

aclError aclrtCreateEventWithFlag(aclrtEvent* event, uint32_t flag) {
  ACLSIM_SCOPE_NAMED("aclrtCreateEventWithFlag");
  return CreateWithFlag("aclrtCreateEventWithFlag", event, flag);
}

aclError aclrtCreateEventExWithFlag(aclrtEvent* event, uint32_t flag) {
  ACLSIM_SCOPE_NAMED("aclrtCreateEventExWithFlag");
  return CreateWithFlag("aclrtCreateEventExWithFlag", event, flag);
}

aclError aclrtDestroyEvent(aclrtEvent event) {
  ACL_API_BEGIN("aclrtDestroyEvent");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  asim::Status st = RT().DestroyEvent(e);
  if (st.ok()) asim::check::AfterDestroyEvent(asim::api::Ctx().checks(), *e);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
  ACL_API_BEGIN("aclrtRecordEvent");
  ACLSIM_SCOPE();
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));  // the event first, then the stream: the order of the errors
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  asim::Status st = RT().RecordEvent(*e, *s);
  if (st.ok()) asim::check::AfterRecordEvent(asim::api::Ctx().checks(), *e, *s);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
  ACL_API_BEGIN("aclrtResetEvent");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  std::shared_ptr<asim::rt::Stream> s;
  ACL_API_RETURN_IF_ERROR(asim::rt::ResolveStreamFor(RT(), stream, asim::rt::StreamUse::kWork, &s));
  ACL_API_RETURN(RT().ResetEvent(*e, *s));
  ACL_API_END();
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
  ACL_API_BEGIN("aclrtQueryEvent");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(status);
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  SimStatus s = SimStatus::kNotRecorded;
  asim::Status st = RT().QueryEvent(*e, &s);
  if (st.ok()) *status = s == SimStatus::kComplete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
  if (st.ok() && s == SimStatus::kComplete) asim::check::AfterSyncEvent(asim::api::Ctx().checks(), *e);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
  ACL_API_BEGIN("aclrtQueryEventStatus");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(status);
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  SimStatus s = SimStatus::kNotRecorded;
  asim::Status st = RT().QueryEvent(*e, &s);
  if (st.ok()) {
    *status = s == SimStatus::kComplete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    if (s == SimStatus::kComplete) asim::check::AfterSyncEvent(asim::api::Ctx().checks(), *e);
  }
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus* status) {
  ACL_API_BEGIN("aclrtQueryEventWaitStatus");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(status);
  bool complete = false;
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  asim::Status st = RT().QueryEventWaits(*e, &complete);
  if (st.ok()) *status = complete ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
  ACL_API_BEGIN("aclrtSynchronizeEvent");
  ACL_API_REQUIRE_INIT();
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  asim::Status st = RT().SynchronizeEvent(*e, -1);
  if (st.ok()) asim::check::AfterSyncEvent(asim::api::Ctx().checks(), *e);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout) {
  ACL_API_BEGIN("aclrtSynchronizeEventWithTimeout");
  ACL_API_REQUIRE_INIT();
  if (timeout < -1) {  // the real runtime's code for it: ACL_ERROR_RT_PARAM_INVALID
    ACL_API_FAIL(asim::err::kRtParamInvalid,
                 "timeout " + std::to_string(timeout) + " ms is invalid: expected [-1, INT_MAX] (-1 waits forever)");
  }
  std::shared_ptr<asim::rt::Event> e;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(event, &e));
  asim::Status st = RT().SynchronizeEvent(*e, timeout);
  if (st.ok()) asim::check::AfterSyncEvent(asim::api::Ctx().checks(), *e);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
  ACL_API_BEGIN("aclrtEventElapsedTime");
  ACL_API_REQUIRE_INIT();
  ACL_API_CHECK_NOT_NULL(ms);
  std::shared_ptr<asim::rt::Event> start, end;
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(startEvent, &start, "startEvent"));
  ACL_API_RETURN_IF_ERROR(RT().ResolveEvent(endEvent, &end, "endEvent"));
  ACL_API_RETURN(RT().EventElapsedTime(ms, *start, *end));
  ACL_API_END();
}

}  // extern "C"
