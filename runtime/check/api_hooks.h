// The calls the runtime/api shims make into runtime/check: fault injection, memcheck's call
// checks and the bookkeeping its detectors need (allocation sizes, created and destroyed
// objects, asynchronous writes, synchronisation points).
//
// Owns: nothing; glue between the shims and the CheckState's Faults, Memcheck, AllocTable,
// ObjectTable and PendingWrites. Before* functions return the Status the shim must fail with (a fault or a
// finding; Ok to go on); After* functions are called once the call succeeded. Everything
// but the fault checks is a no-op (one atomic load) while memcheck is off. Streams and events
// are the runtime's objects, which the shim resolved from the application's handles.
// Owner: runtime/check. Thread safety: thread-safe. Failure: see above; After* never fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/check/memory_checks.h"
#include "runtime/check/object_table.h"

namespace asim::rt {
class Event;
class Runtime;
class Stream;
}  // namespace asim::rt

namespace asim::check {

class CheckState;

// Every hook is handed the CheckState it reads and updates (the RuntimeContext's:
// Ctx().checks()) and, when it asks for the current context or device, the core (Ctx().core()).
// Streams and events come as the runtime's objects, resolved by the shim (the application's
// NULL stream already being the context's default stream).

// ---- memory ------------------------------------------------------------------------------
Status BeforeMalloc(CheckState& checks, const char* api, size_t size);
void AfterMalloc(CheckState& checks, const void* ptr, size_t size);
Status BeforeFree(CheckState& checks, const char* api, const void* ptr, bool host_api);
void AfterFree(CheckState& checks, const void* ptr);
void AfterMallocHost(CheckState& checks, const void* ptr, size_t size);
void AfterFreeHost(CheckState& checks, const void* ptr);
// stream: the stream of an asynchronous call; nullptr: a synchronous call.
Status BeforeCopy(CheckState& checks, const CopyCall& call, const rt::Stream* stream);
Status BeforeMemset(CheckState& checks, const char* api, const void* ptr, size_t max_count, int32_t value,
                    size_t count);
// An asynchronous task on `stream` writes [ptr, ptr + len): remembered until synchronised.
void AfterAsyncWrite(CheckState& checks, const rt::Stream& stream, const void* ptr, size_t len,
                     const std::string& what);

// ---- objects -----------------------------------------------------------------------------
// Records an object the application created in the current context (devices, contexts:
// from the calling thread's current context; `device_id` >= 0 overrides).
void AfterCreate(CheckState& checks, rt::Runtime& rt, ObjectKind kind, const void* key, const std::string& what,
                 int32_t device_id = -2);
void AfterDestroy(CheckState& checks, ObjectKind kind, const void* key);
// aclrtDestroyContext: the streams still alive in it are leaks.
void AfterDestroyContext(CheckState& checks, const void* context);

// ---- synchronisation ---------------------------------------------------------------------
void AfterSyncStream(CheckState& checks, const rt::Stream& stream);  // also a complete aclrtStreamQuery
void AfterDestroyStream(CheckState& checks, const rt::Stream& stream);
void AfterSyncDevice(CheckState& checks, rt::Runtime& rt);
void AfterRecordEvent(CheckState& checks, const rt::Event& event, const rt::Stream& stream);
void AfterSyncEvent(CheckState& checks, const rt::Event& event);  // also a complete aclrtQueryEvent(Status)
void AfterStreamWaitEvent(CheckState& checks, const rt::Stream& stream, const rt::Event& event);
void AfterDestroyEvent(CheckState& checks, const rt::Event& event);
// aclrtLaunchCallback: wraps the callback so that, when it runs, the host is known to have
// synchronised with what the stream did before it. Returns the function and data to launch.
// `checks` must outlive the callback's run.
void WrapCallback(CheckState& checks, const rt::Stream& stream, void (**fn)(void*), void** user_data);
// The launch failed: frees what WrapCallback allocated (no-op for an unwrapped callback).
void DiscardWrappedCallback(void (*fn)(void*), void* user_data);

// ---- models, channels ----------------------------------------------------------------------
struct ModelBuffer {
  const void* data = nullptr;
  size_t size = 0;
};
// stream: the stream of aclmdlExecuteAsync; nullptr: aclmdlExecute.
Status BeforeModelExecute(CheckState& checks, const char* api, uint32_t model_id,
                          const std::vector<ModelBuffer>& inputs, const std::vector<ModelBuffer>& outputs,
                          const rt::Stream* stream);
void AfterModelExecuteAsync(CheckState& checks, const char* api, uint32_t model_id,
                            const std::vector<ModelBuffer>& outputs, const rt::Stream& stream);
// The injected failure of this execution (Ok: none); counts the execution.
Status ModelExecuteFault(CheckState& checks, uint32_t model_id);
// Makes an asynchronous execution's stream fail with `fault` after the model's tasks.
Status SubmitStreamFailure(rt::Stream& stream, const Status& fault, const std::string& name);
Status BeforeChannelSend(CheckState& checks, const std::string& channel);

// ---- leaks -------------------------------------------------------------------------------
// The thread's leak status from the release it just did (aclrtResetDevice, aclFinalize).
Status TakeLeakStatus(CheckState& checks);

}  // namespace asim::check
