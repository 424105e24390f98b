// Shim-facing glue (see api_hooks.h). Owner: runtime/check.
// Thread safety: delegates to thread-safe tables. Failure: see the header.
#include "runtime/check/api_hooks.h"

#include <memory>

#include "runtime/check/alloc_table.h"
#include "runtime/check/faults.h"
#include "runtime/check/memcheck.h"
#include "runtime/check/pending_writes.h"
#include "runtime/core/runtime.h"

namespace asim::check {
namespace {

// The runtime stream behind an application handle (NULL: the default stream), or nullptr.
std::shared_ptr<rt::Stream> Resolve(void* stream) {
  std::shared_ptr<rt::Stream> s;
  if (!rt::Runtime::Get().ResolveStream(stream, &s).ok()) return nullptr;
  return s;
}

struct CallbackTrampoline {
  void (*fn)(void*);
  void* user_data;
  PendingWrites::Clock clock;
};

void RunTrampoline(void* data) {
  std::unique_ptr<CallbackTrampoline> t(static_cast<CallbackTrampoline*>(data));
  PendingWrites::Get().Cover(t->clock);
  t->fn(t->user_data);
}

}  // namespace

Status BeforeMalloc(const char* api, size_t size) {
  return Faults::Get().OnMalloc(api, size);
}

void AfterMalloc(const void* ptr, size_t size) {
  AllocTable::Get().SetUserSize(ptr, size);
}

Status BeforeFree(const char* api, const void* ptr, bool host_api) {
  if (!Memcheck::On()) return Status::Ok();
  return CheckFree(std::string(api) + "(" + PtrText(ptr) + ")", ptr, host_api);
}

void AfterFree(const void* ptr) {
  if (!Memcheck::On()) return;
  if (auto freed = AllocTable::Get().FindFreed(reinterpret_cast<uint64_t>(ptr))) {
    PendingWrites::Get().ForgetRange(freed->addr, freed->addr + freed->reserved);
  }
}

void AfterMallocHost(const void* ptr, size_t size) {
  AllocTable::Get().NoteHostAlloc(ptr, size, "aclrtMallocHost(size=" + std::to_string(size) + ")");
}

void AfterFreeHost(const void* ptr) {
  AllocTable::Get().NoteHostFree(ptr);
  if (Memcheck::On()) {
    if (auto freed = AllocTable::Get().FindFreedHost(reinterpret_cast<uint64_t>(ptr))) {
      PendingWrites::Get().ForgetRange(freed->addr, freed->addr + freed->reserved);
    }
  }
}

Status BeforeCopy(const CopyCall& call, void* stream, bool async) {
  if (!Memcheck::On()) return Status::Ok();
  const void* key = nullptr;
  if (async) {
    auto s = Resolve(stream);
    if (!s) return Status::Ok();  // the call reports the bad stream itself
    key = s.get();
  }
  return CheckCopy(call, key);
}

Status BeforeMemset(const char* api, const void* ptr, size_t max_count, int32_t value, size_t count) {
  if (!Memcheck::On() || count > max_count) return Status::Ok();  // the call reports a bad count
  return CheckMemset(std::string(api) + "(devPtr=" + PtrText(ptr) + ", maxCount=" + std::to_string(max_count) +
                         ", value=" + std::to_string(value) + ", count=" + std::to_string(count) + ")",
                     ptr, count);
}

void AfterAsyncWrite(void* stream, const void* ptr, size_t len, const std::string& what) {
  if (!Memcheck::On() || len == 0) return;
  auto s = Resolve(stream);
  if (!s) return;
  const uint64_t a = reinterpret_cast<uint64_t>(ptr);
  PendingWrites::Get().Add(s.get(), s->device_id(), a, a + len, what, CaptureCallSite(true));
}

void AfterCreate(ObjectKind kind, const void* key, const std::string& what, int32_t device_id) {
  void* context = nullptr;
  if (kind == ObjectKind::kContext || kind == ObjectKind::kStream || kind == ObjectKind::kEvent ||
      kind == ObjectKind::kModel) {
    (void)rt::Runtime::Get().GetCurrentContext(&context);
    if (device_id == -2) {
      int32_t current = -1;
      if (rt::Runtime::Get().GetDevice(&current).ok()) device_id = current;
    }
  }
  if (device_id < -1) device_id = -1;
  ObjectTable::Get().Created(kind, reinterpret_cast<uintptr_t>(key), device_id, reinterpret_cast<uintptr_t>(context),
                             what);
}

void AfterDestroy(ObjectKind kind, const void* key) {
  ObjectTable::Get().Destroyed(kind, reinterpret_cast<uintptr_t>(key));
}

void AfterDestroyContext(const void* context) {
  AfterDestroy(ObjectKind::kContext, context);
  std::vector<ObjectRecord> streams = ObjectTable::Get().TakeContextStreams(reinterpret_cast<uintptr_t>(context));
  for (const auto& s : streams) PendingWrites::Get().ForgetStream(reinterpret_cast<const void*>(s.key));
  if (!Memcheck::On() || streams.empty()) return;
  std::vector<std::string> texts;
  for (const auto& s : streams) {
    texts.push_back(DescribeObject(s, "  ") + "\n  was still alive when its context was destroyed");
  }
  Memcheck::Get().ReportLeaks("aclrtDestroyContext", texts);
}

void AfterSyncStream(void* stream) {
  if (!Memcheck::On()) return;
  if (auto s = Resolve(stream)) PendingWrites::Get().SyncStream(s.get());
}

void AfterDestroyStream(const void* stream) {
  AfterDestroy(ObjectKind::kStream, stream);
  PendingWrites::Get().ForgetStream(stream);
}

void AfterSyncDevice() {
  if (!Memcheck::On()) return;
  int32_t device = -1;
  if (rt::Runtime::Get().GetDevice(&device).ok()) PendingWrites::Get().SyncDevice(device);
}

void AfterRecordEvent(const void* event, void* stream) {
  if (!Memcheck::On()) return;
  if (auto s = Resolve(stream)) PendingWrites::Get().NoteRecord(event, s.get());
}

void AfterSyncEvent(const void* event) {
  if (Memcheck::On()) PendingWrites::Get().SyncEvent(event);
}

void AfterStreamWaitEvent(void* stream, const void* event) {
  if (!Memcheck::On()) return;
  if (auto s = Resolve(stream)) PendingWrites::Get().NoteWait(s.get(), event);
}

void AfterDestroyEvent(const void* event) {
  AfterDestroy(ObjectKind::kEvent, event);
  PendingWrites::Get().ForgetEvent(event);
}

void WrapCallback(void* stream, void (**fn)(void*), void** user_data) {
  if (!Memcheck::On() || *fn == nullptr) return;
  auto s = Resolve(stream);
  if (!s) return;
  auto* t = new CallbackTrampoline{*fn, *user_data, PendingWrites::Get().Snapshot(s.get())};
  *fn = &RunTrampoline;
  *user_data = t;
}

void DiscardWrappedCallback(void (*fn)(void*), void* user_data) {
  if (fn == &RunTrampoline) delete static_cast<CallbackTrampoline*>(user_data);
}

Status BeforeModelExecute(const char* api, uint32_t model_id, const std::vector<ModelBuffer>& inputs,
                          const std::vector<ModelBuffer>& outputs, void* stream, bool async) {
  if (!Memcheck::On()) return Status::Ok();
  const void* key = nullptr;
  if (async) {
    auto s = Resolve(stream);
    if (!s) return Status::Ok();
    key = s.get();
  }
  const std::string call = std::string(api) + "(modelId=" + std::to_string(model_id) + ")";
  for (size_t i = 0; i < inputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(
        CheckModelBuffer(call, "input " + std::to_string(i), inputs[i].data, inputs[i].size, true, key));
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    ASIM_RETURN_IF_ERROR(
        CheckModelBuffer(call, "output " + std::to_string(i), outputs[i].data, outputs[i].size, false, key));
  }
  return Status::Ok();
}

void AfterModelExecuteAsync(const char* api, uint32_t model_id, const std::vector<ModelBuffer>& outputs, void* stream) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    AfterAsyncWrite(stream, outputs[i].data, outputs[i].size,
                    "output " + std::to_string(i) + " of " + api + "(modelId=" + std::to_string(model_id) + ")");
  }
}

Status ModelExecuteFault(uint32_t model_id) {
  return Faults::Get().OnModelExecute(model_id);
}

Status SubmitStreamFailure(void* stream, const Status& fault, const std::string& name) {
  auto s = Resolve(stream);
  if (!s) return fault;
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kKernel;
  desc.engine = sim::EngineKind::kAiCore;
  desc.name = name;
  desc.op_type = "InjectedFault";
  desc.run = [fault]() { return fault; };
  s->device().scheduler().Submit(s->hw(), std::move(desc));
  return Status::Ok();
}

Status BeforeChannelSend(const std::string& channel) {
  return Faults::Get().OnChannelSend(channel);
}

Status TakeLeakStatus() {
  return Memcheck::Get().TakeLeakStatus();
}

}  // namespace asim::check
