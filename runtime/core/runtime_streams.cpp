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

// How the application named the stream: a default stream only as NULL (no API hands out a
// default stream's handle).
std::string StreamText(const Stream& stream) {
  return stream.is_default() ? PointerText(nullptr) : PointerText(Runtime::Handle(stream));
}

Status DeviceMismatch(const Event& event, const Stream& stream) {
  return Status(err::kRtStreamContext, "event " + PointerText(Runtime::Handle(event)) + " belongs to device " +
                                           std::to_string(event.device_id()) + " but stream " + StreamText(stream) +
                                           " to device " + std::to_string(stream.device_id()));
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

Status Runtime::ResolveEvent(void* handle, std::shared_ptr<Event>* event, const char* name) {
  if (handle == nullptr) return Status(err::kInvalidParam, std::string(name) + " is NULL");
  *event = events_.Find(handle);
  if (!*event) return StaleEvent(handle);
  return Status::Ok();
}

Status Runtime::CreateStream(uint32_t priority, std::shared_ptr<Stream>* stream) {
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
  streams_.Add(s);
  *stream = std::move(s);
  return Status::Ok();
}

Status Runtime::DestroyStream(const std::shared_ptr<Stream>& s, bool force) {
  void* stream = Handle(*s);
  if (s->is_default()) {
    return Status(err::kInvalidParam, "stream " + PointerText(stream) + " is a default stream; it cannot be destroyed");
  }
  if (!streams_.Remove(stream)) return StaleStream(stream);  // destroyed by another thread meanwhile
  reports_.ForgetStream(stream);
  if (force) {
    s->device().scheduler().DestroyStream(s->hw_ptr(), /*force=*/true);
  } else {
    DrainAndDestroy(s->device().scheduler(), s->hw_ptr(), "aclrtDestroyStream");
  }
  return Status::Ok();
}

Status Runtime::SynchronizeStream(Stream& s, int64_t timeout_ms) {
  Status st = s.device().scheduler().SynchronizeStream(s.hw(), timeout_ms);
  exception_dispatcher_.Flush();  // the exception callbacks of what it waited for have run
  return st;
}

Status Runtime::QueryStream(Stream& s, bool* complete) {
  *complete = s.hw().Idle();
  return Status::Ok();
}

Status Runtime::CheckStreamFailureMode(uint64_t mode) {
  if (mode > 1) {
    return Status(err::kInvalidParam, "failure mode " + std::to_string(mode) +
                                          " is invalid (ACL_CONTINUE_ON_FAILURE=0, ACL_STOP_ON_FAILURE=1)");
  }
  return Status::Ok();
}

Status Runtime::CheckStreamOverflowFlag(uint32_t flag) {
  if (flag > 1) return Status(err::kInvalidParam, "overflow switch flag must be 0 or 1, got " + std::to_string(flag));
  return Status::Ok();
}

Status Runtime::SetStreamFailureMode(Stream& s, uint64_t mode) {
  ASIM_RETURN_IF_ERROR(CheckStreamFailureMode(mode));
  if (s.is_default()) {
    return Status(err::kInvalidParam, "the failure mode of a default stream cannot be changed");
  }
  s.hw().SetStopOnFailure(mode == 1);
  return Status::Ok();
}

Status Runtime::SetStreamOverflowSwitch(Stream& s, uint32_t flag) {
  ASIM_RETURN_IF_ERROR(CheckStreamOverflowFlag(flag));
  s.overflow_switch.store(flag);
  return Status::Ok();
}

Status Runtime::GetStreamOverflowSwitch(Stream& s, uint32_t* flag) {
  *flag = s.overflow_switch.load();
  return Status::Ok();
}

Status Runtime::StreamWaitEvent(Stream& s, Event& e) {
  if (e.device_id() != s.device_id()) return DeviceMismatch(e, s);
  s.device().scheduler().WaitEvent(s.hw(), e.sim(), int64_t{op_wait_timeout_s_.load()} * 1000);
  return Status::Ok();
}

// ---- events --------------------------------------------------------------------------

Status Runtime::CreateEvent(uint32_t flags, bool records_time, std::shared_ptr<Event>* event) {
  std::shared_ptr<Context> ctx;
  ASIM_RETURN_IF_ERROR(CurrentContext(&ctx));
  auto e = std::make_shared<Event>(ctx->device(), flags, records_time);
  events_.Add(e);
  *event = std::move(e);
  return Status::Ok();
}

Status Runtime::DestroyEvent(const std::shared_ptr<Event>& event) {
  if (!events_.Remove(Handle(*event))) return StaleEvent(Handle(*event));  // destroyed by another thread meanwhile
  return Status::Ok();
}

Status Runtime::RecordEvent(Event& e, Stream& s) {
  if (e.device_id() != s.device_id()) return DeviceMismatch(e, s);
  s.device().scheduler().RecordEvent(s.hw(), e.sim());
  return Status::Ok();
}

Status Runtime::ResetEvent(Event& e, Stream& s) {
  if (e.device_id() != s.device_id()) return DeviceMismatch(e, s);
  s.device().scheduler().ResetEvent(s.hw(), e.sim());
  return Status::Ok();
}

Status Runtime::QueryEvent(Event& e, sim::SimEvent::Status* status) {
  *status = e.sim()->Query();
  return Status::Ok();
}

Status Runtime::QueryEventWaits(Event& e, bool* complete) {
  *complete = e.sim()->WaitsComplete();
  return Status::Ok();
}

Status Runtime::SynchronizeEvent(Event& e, int64_t timeout_ms) {
  const bool completed = e.device().scheduler().SynchronizeEvent(*e.sim(), timeout_ms);
  exception_dispatcher_.Flush();
  if (!completed) {
    return Status(err::kRtEventSyncTimeout, "event " + PointerText(Handle(e)) + " was not completed within " +
                                                std::to_string(timeout_ms) + " ms");
  }
  return Status::Ok();
}

Status Runtime::EventElapsedTime(float* ms, Event& start, Event& end) {
  Event* a = &start;
  Event* b = &end;
  for (const Event* e : {a, b}) {
    if (!e->records_time()) {
      return Status(err::kInvalidParam, "event " + PointerText(Handle(*e)) +
                                            " was created without ACL_EVENT_TIME_LINE and records no timestamp");
    }
  }
  if (a->device_id() != b->device_id()) {
    return Status(err::kInvalidParam, "startEvent and endEvent belong to different devices");
  }
  sim::SimPs t0 = 0, t1 = 0;
  for (const auto& [e, t, name] : {std::tuple{a, &t0, "startEvent"}, std::tuple{b, &t1, "endEvent"}}) {
    sim::SimEvent::Status st = e->sim()->Query();
    if (st == sim::SimEvent::Status::kNotRecorded) {
      return Status(err::kRtEventTimestampInvalid, std::string(name) + " has not been recorded");
    }
    if (st == sim::SimEvent::Status::kPending || !e->sim()->Timestamp(t)) {
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

Status Runtime::SubscribeReport(uint64_t thread_id, Stream& stream) {
  return reports_.Subscribe(thread_id, &stream);
}

Status Runtime::UnsubscribeReport(uint64_t thread_id, Stream& stream) {
  return reports_.Unsubscribe(thread_id, &stream);
}

Status Runtime::LaunchCallback(void (*fn)(void*), void* user_data, bool block, Stream& stream) {
  if (fn == nullptr) return Status(err::kInvalidParam, "callback function fn is NULL");
  Stream* s = &stream;
  uint64_t tid = 0;
  ASIM_RETURN_IF_ERROR(reports_.SubscriberOf(s, &tid));
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kHostFunc;
  desc.engine = sim::EngineKind::kHost;
  desc.name = block ? "HostCallback(block)" : "HostCallback(no_block)";
  desc.duration_ps = sim::UsToPs(s->device().scheduler().timing_params().host_callback_us);
  ReportHub* hub = &reports_;
  const void* key = s;
  desc.run = [hub, key, fn, user_data, block]() { return hub->Deliver(key, fn, user_data, block); };
  s->device().scheduler().Submit(s->hw(), std::move(desc));
  return Status::Ok();
}

Status Runtime::ProcessReport(int32_t timeout_ms) {
  // -1 waits forever, a positive value that many milliseconds; 0 is refused as the real
  // runtime refuses it (aclrtProcessReport documents -1 and values above 0 only).
  if (timeout_ms < -1 || timeout_ms == 0) {
    return Status(err::kInvalidParam, "timeout " + std::to_string(timeout_ms) +
                                          " ms is invalid (-1 waits forever, a positive value waits that long)");
  }
  return reports_.Process(CurrentThreadId(), timeout_ms);
}

}  // namespace asim::rt
