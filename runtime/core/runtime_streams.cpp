// Runtime: streams, events and host callbacks.
#include <cmath>
#include <sstream>

#include "base/log.h"
#include "runtime/core/current_context.h"
#include "runtime/core/pointer_text.h"
#include "runtime/core/runtime.h"

namespace asim::rt {
namespace {

Status StaleStream(const void* handle) {
  return Status(err::kInvalidResourceHandle,
                "stream " + PointerText(handle) + " is not a live stream (destroyed or never created)");
}

Status StaleEvent(const void* handle) {
  return Status(err::kInvalidResourceHandle,
                "event " + PointerText(handle) + " is not a live event (destroyed or never created)");
}

}  // namespace

Status Runtime::ResolveStream(void* handle, std::shared_ptr<Stream>* stream) {
  if (handle == nullptr) {
    std::shared_ptr<Context> ctx;
    ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
    *stream = streams_.Find(ctx->default_stream);
    if (!*stream) return Status(err::kInternalError, "the current context has no default stream");
    return Status::Ok();
  }
  *stream = streams_.Find(handle);
  if (!*stream) return StaleStream(handle);
  return Status::Ok();
}

Status Runtime::CreateStream(uint32_t priority, void** stream) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  DeviceContext& dc = *ctx->device();
  const uint32_t limit = dc.device().spec().limits.max_streams;
  auto hw = dc.scheduler().CreateStream(dc.NextStreamId(), priority, limit);
  if (!hw) {
    return Status(err::kRtNoStreamResource,
                  "device " + std::to_string(dc.id()) + " already has " + std::to_string(limit) + " streams, the " +
                      dc.device().spec().soc_name +
                      "'s limit (default streams and one per loaded model included): destroy the streams "
                      "you no longer use (aclrtDestroyStream)");
  }
  auto s = std::make_shared<Stream>(ctx->device(), ctx.get(), std::move(hw), /*is_default=*/false);
  *stream = streams_.Add(std::move(s));
  return Status::Ok();
}

Status Runtime::DestroyStream(void* stream, bool force) {
  if (stream == nullptr) {
    return Status(err::kInvalidParam, "stream is NULL: the default stream cannot be destroyed");
  }
  std::shared_ptr<Stream> s = streams_.Find(stream);
  if (!s) return StaleStream(stream);
  if (s->is_default()) {
    return Status(err::kInvalidParam, "stream " + PointerText(stream) + " is a default stream; it cannot be destroyed");
  }
  streams_.Remove(stream);
  reports_.ForgetStream(stream);
  s->device().scheduler().DestroyStream(s->hw_ptr(), force);
  return Status::Ok();
}

Status Runtime::SynchronizeStream(void* stream, int64_t timeout_ms) {
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  return s->device().scheduler().SynchronizeStream(s->hw(), timeout_ms);
}

Status Runtime::QueryStream(void* stream, bool* complete) {
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  *complete = s->hw().Idle();
  return Status::Ok();
}

Status Runtime::SetStreamFailureMode(void* stream, uint64_t mode) {
  if (mode > 1) {
    return Status(err::kInvalidParam, "failure mode " + std::to_string(mode) +
                                          " is invalid (ACL_CONTINUE_ON_FAILURE=0, ACL_STOP_ON_FAILURE=1)");
  }
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  if (s->is_default()) {
    return Status(err::kInvalidParam, "the failure mode of a default stream cannot be changed");
  }
  s->hw().SetStopOnFailure(mode == 1);
  return Status::Ok();
}

Status Runtime::SetStreamOverflowSwitch(void* stream, uint32_t flag) {
  if (flag > 1) return Status(err::kInvalidParam, "overflow switch flag must be 0 or 1, got " + std::to_string(flag));
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  s->overflow_switch.store(flag);
  return Status::Ok();
}

Status Runtime::GetStreamOverflowSwitch(void* stream, uint32_t* flag) {
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  *flag = s->overflow_switch.load();
  return Status::Ok();
}

Status Runtime::StreamWaitEvent(void* stream, void* event) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return StaleEvent(event);
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  if (e->device_id() != s->device_id()) {
    return Status(err::kRtStreamContext, "event " + PointerText(event) + " belongs to device " +
                                             std::to_string(e->device_id()) + " but stream " + PointerText(stream) +
                                             " to device " + std::to_string(s->device_id()));
  }
  s->device().scheduler().WaitEvent(s->hw(), e->sim());
  return Status::Ok();
}

// ---- events --------------------------------------------------------------------------

Status Runtime::CreateEvent(uint32_t flags, bool records_time, void** event) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  *event = events_.Add(std::make_shared<Event>(ctx->device(), flags, records_time));
  return Status::Ok();
}

Status Runtime::DestroyEvent(void* event) {
  if (event == nullptr) return Status(err::kInvalidParam, "event is NULL");
  if (!events_.Remove(event)) return StaleEvent(event);
  return Status::Ok();
}

Status Runtime::RecordEvent(void* event, void* stream) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return event == nullptr ? Status(err::kInvalidParam, "event is NULL") : StaleEvent(event);
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  if (e->device_id() != s->device_id()) {
    return Status(err::kRtStreamContext, "event " + PointerText(event) + " belongs to device " +
                                             std::to_string(e->device_id()) + " but stream " + PointerText(stream) +
                                             " to device " + std::to_string(s->device_id()));
  }
  s->device().scheduler().RecordEvent(s->hw(), e->sim());
  return Status::Ok();
}

Status Runtime::ResetEvent(void* event, void* stream) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return event == nullptr ? Status(err::kInvalidParam, "event is NULL") : StaleEvent(event);
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  s->device().scheduler().ResetEvent(s->hw(), e->sim());
  return Status::Ok();
}

Status Runtime::QueryEvent(void* event, sim::SimEvent::Status* status) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return event == nullptr ? Status(err::kInvalidParam, "event is NULL") : StaleEvent(event);
  *status = e->sim()->Query();
  return Status::Ok();
}

Status Runtime::QueryEventWaits(void* event, bool* complete) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return event == nullptr ? Status(err::kInvalidParam, "event is NULL") : StaleEvent(event);
  *complete = e->sim()->WaitsComplete();
  return Status::Ok();
}

Status Runtime::SynchronizeEvent(void* event, int64_t timeout_ms) {
  std::shared_ptr<Event> e = events_.Find(event);
  if (!e) return event == nullptr ? Status(err::kInvalidParam, "event is NULL") : StaleEvent(event);
  if (!e->device().scheduler().SynchronizeEvent(*e->sim(), timeout_ms)) {
    return Status(err::kRtEventSyncTimeout,
                  "event " + PointerText(event) + " was not completed within " + std::to_string(timeout_ms) + " ms");
  }
  return Status::Ok();
}

Status Runtime::EventElapsedTime(float* ms, void* start, void* end) {
  std::shared_ptr<Event> a = events_.Find(start);
  if (!a) return start == nullptr ? Status(err::kInvalidParam, "startEvent is NULL") : StaleEvent(start);
  std::shared_ptr<Event> b = events_.Find(end);
  if (!b) return end == nullptr ? Status(err::kInvalidParam, "endEvent is NULL") : StaleEvent(end);
  for (const auto* e : {&a, &b}) {
    if (!(*e)->records_time()) {
      return Status(err::kInvalidParam, "event " + PointerText(e->get()) +
                                            " was created without ACL_EVENT_TIME_LINE and records no timestamp");
    }
  }
  if (a->device_id() != b->device_id()) {
    return Status(err::kInvalidParam, "startEvent and endEvent belong to different devices");
  }
  sim::SimPs t0 = 0, t1 = 0;
  for (const auto& [e, t, name] : {std::tuple{&a, &t0, "startEvent"}, std::tuple{&b, &t1, "endEvent"}}) {
    sim::SimEvent::Status st = (*e)->sim()->Query();
    if (st == sim::SimEvent::Status::kNotRecorded) {
      return Status(err::kRtEventTimestampInvalid, std::string(name) + " has not been recorded");
    }
    if (st == sim::SimEvent::Status::kPending || !(*e)->sim()->Timestamp(t)) {
      return Status(err::kRtEventNotComplete,
                    std::string(name) + " has not completed yet: synchronize it before asking for the time");
    }
  }
  // Simulated milliseconds; negative when the end was recorded before the start.
  double delta = t1 >= t0 ? sim::PsToMs(t1 - t0) : -sim::PsToMs(t0 - t1);
  *ms = static_cast<float>(delta);
  return Status::Ok();
}

// ---- callbacks -----------------------------------------------------------------------

Status Runtime::SubscribeReport(uint64_t thread_id, void* stream) {
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  return reports_.Subscribe(thread_id, s.get());
}

Status Runtime::UnsubscribeReport(uint64_t thread_id, void* stream) {
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  return reports_.Unsubscribe(thread_id, s.get());
}

Status Runtime::LaunchCallback(void (*fn)(void*), void* user_data, bool block, void* stream) {
  if (fn == nullptr) return Status(err::kInvalidParam, "callback function fn is NULL");
  std::shared_ptr<Stream> s;
  ASIM_RETURN_IF_ERROR(ResolveStream(stream, &s));
  uint64_t tid = 0;
  ASIM_RETURN_IF_ERROR(reports_.SubscriberOf(s.get(), &tid));
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kHostFunc;
  desc.engine = sim::EngineKind::kHost;
  desc.name = block ? "HostCallback(block)" : "HostCallback(no_block)";
  desc.duration_ps = sim::UsToPs(s->device().scheduler().timing_params().host_callback_us);
  ReportHub* hub = &reports_;
  const void* key = s.get();
  desc.run = [hub, key, fn, user_data, block]() { return hub->Deliver(key, fn, user_data, block); };
  s->device().scheduler().Submit(s->hw(), std::move(desc));
  return Status::Ok();
}

Status Runtime::ProcessReport(int32_t timeout_ms) {
  if (timeout_ms < -1) {
    return Status(err::kInvalidParam, "timeout " + std::to_string(timeout_ms) + " ms is invalid (-1 waits forever)");
  }
  return reports_.Process(CurrentThreadId(), timeout_ms);
}

}  // namespace asim::rt
