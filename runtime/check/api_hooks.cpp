// Shim-facing glue (see api_hooks.h). Owner: runtime/check.
// Thread safety: delegates to the CheckState's thread-safe tables. Failure: see the header.
#include "runtime/check/api_hooks.h"

#include <memory>

#include "runtime/check/check_state.h"
#include "runtime/core/runtime.h"

namespace asim::check {
namespace {

struct CallbackTrampoline {
  void (*fn)(void*);
  void* user_data;
  PendingWrites* pending;
  PendingWrites::Clock clock;
};

void RunTrampoline(void* data) {
  std::unique_ptr<CallbackTrampoline> t(static_cast<CallbackTrampoline*>(data));
  t->pending->Cover(t->clock);
  t->fn(t->user_data);
}

}  // namespace

Status BeforeMalloc(CheckState& checks, const char* api, size_t size) {
  return checks.faults().OnMalloc(api, size);
}

void AfterMalloc(CheckState& checks, const void* ptr, size_t size) {
  checks.allocs().SetUserSize(ptr, size);
}

Status BeforeFree(CheckState& checks, const char* api, const void* ptr, bool host_api) {
  if (!checks.memcheck().enabled()) return Status::Ok();
  return CheckFree(checks, std::string(api) + "(" + PtrText(ptr) + ")", ptr, host_api);
}

void AfterFree(CheckState& checks, const void* ptr) {
  if (!checks.memcheck().enabled()) return;
  if (auto freed = checks.allocs().FindFreed(reinterpret_cast<uint64_t>(ptr))) {
    checks.pending().ForgetRange(freed->addr, freed->addr + freed->reserved);
  }
}

void AfterMallocHost(CheckState& checks, const void* ptr, size_t size) {
  checks.allocs().NoteHostAlloc(ptr, size, "aclrtMallocHost(size=" + std::to_string(size) + ")");
}

void AfterFreeHost(CheckState& checks, const void* ptr) {
  checks.allocs().NoteHostFree(ptr);
  if (checks.memcheck().enabled()) {
    if (auto freed = checks.allocs().FindFreedHost(reinterpret_cast<uint64_t>(ptr))) {
      checks.pending().ForgetRange(freed->addr, freed->addr + freed->reserved);
    }
  }
}

Status BeforeCopy(CheckState& checks, const CopyCall& call, const rt::Stream* stream) {
  if (!checks.memcheck().enabled()) return Status::Ok();
  return CheckCopy(checks, call, stream);
}

Status BeforeMemset(CheckState& checks, const char* api, const void* ptr, size_t max_count, int32_t value,
                    size_t count) {
  if (!checks.memcheck().enabled() || count > max_count) return Status::Ok();  // the call reports a bad count
  return CheckMemset(checks,
                     std::string(api) + "(devPtr=" + PtrText(ptr) + ", maxCount=" + std::to_string(max_count) +
                         ", value=" + std::to_string(value) + ", count=" + std::to_string(count) + ")",
                     ptr, count);
}

void AfterAsyncWrite(CheckState& checks, const rt::Stream& stream, const void* ptr, size_t len,
                     const std::string& what) {
  if (!checks.memcheck().enabled() || len == 0) return;
  const uint64_t a = reinterpret_cast<uint64_t>(ptr);
  checks.pending().Add(&stream, stream.device_id(), a, a + len, what, CaptureCallSite(true));
}

void AfterCreate(CheckState& checks, rt::Runtime& rt, ObjectKind kind, const void* key, const std::string& what,
                 int32_t device_id) {
  std::shared_ptr<rt::Context> context;
  if (kind == ObjectKind::kContext || kind == ObjectKind::kStream || kind == ObjectKind::kEvent ||
      kind == ObjectKind::kModel) {
    (void)rt.CurrentContext(&context);
    if (device_id == -2) {
      int32_t current = -1;
      if (rt.GetDevice(&current).ok()) device_id = current;
    }
  }
  if (device_id < -1) device_id = -1;
  checks.objects().Created(kind, reinterpret_cast<uintptr_t>(key), device_id,
                           reinterpret_cast<uintptr_t>(context.get()), what);
}

void AfterDestroy(CheckState& checks, ObjectKind kind, const void* key) {
  checks.objects().Destroyed(kind, reinterpret_cast<uintptr_t>(key));
}

void AfterDestroyContext(CheckState& checks, const void* context) {
  AfterDestroy(checks, ObjectKind::kContext, context);
  std::vector<ObjectRecord> streams = checks.objects().TakeContextStreams(reinterpret_cast<uintptr_t>(context));
  for (const auto& s : streams) checks.pending().ForgetStream(reinterpret_cast<const void*>(s.key));
  if (!checks.memcheck().enabled() || streams.empty()) return;
  std::vector<std::string> texts;
  for (const auto& s : streams) {
    texts.push_back(DescribeObject(s, "  ") + "\n  was still alive when its context was destroyed");
  }
  checks.memcheck().ReportLeaks("aclrtDestroyContext", texts);
}

void AfterSyncStream(CheckState& checks, const rt::Stream& stream) {
  if (checks.memcheck().enabled()) checks.pending().SyncStream(&stream);
}

void AfterDestroyStream(CheckState& checks, const rt::Stream& stream) {
  AfterDestroy(checks, ObjectKind::kStream, &stream);
  checks.pending().ForgetStream(&stream);
}

void AfterSyncDevice(CheckState& checks, rt::Runtime& rt) {
  if (!checks.memcheck().enabled()) return;
  int32_t device = -1;
  if (rt.GetDevice(&device).ok()) checks.pending().SyncDevice(device);
}

void AfterRecordEvent(CheckState& checks, const rt::Event& event, const rt::Stream& stream) {
  if (checks.memcheck().enabled()) checks.pending().NoteRecord(&event, &stream);
}

void AfterSyncEvent(CheckState& checks, const rt::Event& event) {
  if (checks.memcheck().enabled()) checks.pending().SyncEvent(&event);
}

void AfterStreamWaitEvent(CheckState& checks, const rt::Stream& stream, const rt::Event& event) {
  if (checks.memcheck().enabled()) checks.pending().NoteWait(&stream, &event);
}

void AfterDestroyEvent(CheckState& checks, const rt::Event& event) {
  AfterDestroy(checks, ObjectKind::kEvent, &event);
  checks.pending().ForgetEvent(&event);
}

void WrapCallback(CheckState& checks, const rt::Stream& stream, void (**fn)(void*), void** user_data) {
  if (!checks.memcheck().enabled() || *fn == nullptr) return;
  auto* t = new CallbackTrampoline{*fn, *user_data, &checks.pending(), checks.pending().Snapshot(&stream)};
  *fn = &RunTrampoline;
  *user_data = t;
}

void DiscardWrappedCallback(void (*fn)(void*), void* user_data) {
  if (fn == &RunTrampoline) delete static_cast<CallbackTrampoline*>(user_data);
}

Status BeforeModelExecute(CheckState& checks, const char* api, uint32_t model_id,
                          const std::vector<ModelBuffer>& inputs, const std::vector<ModelBuffer>& outputs,
                          const rt::Stream* stream) {
  if (!checks.memcheck().enabled()) return Status::Ok();
  const void* key = stream;
  const std::string call = std::string(api) + "(modelId=" + std::to_string(model_id) + ")";
  for (size_t i = 0; i < inputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(
        CheckModelBuffer(checks, call, "input " + std::to_string(i), inputs[i].data, inputs[i].size, true, key));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(
        CheckModelBuffer(checks, call, "output " + std::to_string(i), outputs[i].data, outputs[i].size, false, key));
  }
  return Status::Ok();
}

void AfterModelExecuteAsync(CheckState& checks, const char* api, uint32_t model_id,
                            const std::vector<ModelBuffer>& outputs, const rt::Stream& stream) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    AfterAsyncWrite(checks, stream, outputs[i].data, outputs[i].size,
                    "output " + std::to_string(i) + " of " + api + "(modelId=" + std::to_string(model_id) + ")");
  }
}

Status ModelExecuteFault(CheckState& checks, uint32_t model_id) {
  return checks.faults().OnModelExecute(model_id);
}

Status SubmitStreamFailure(rt::Stream& stream, const Status& fault, const std::string& name) {
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kKernel;
  desc.engine = sim::EngineKind::kAiCore;
  desc.name = name;
  desc.op_type = "InjectedFault";
  desc.run = [fault]() { return fault; };
  stream.device().scheduler().Submit(stream.hw(), std::move(desc));
  return Status::Ok();
}

Status BeforeChannelSend(CheckState& checks, const std::string& channel) {
  return checks.faults().OnChannelSend(channel);
}

Status TakeLeakStatus(CheckState& checks) {
  return checks.memcheck().TakeLeakStatus();
}

}  // namespace asim::check
