// The calls the runtime/api shims make into runtime/check: fault injection, memcheck's call
// checks and the bookkeeping its detectors need (allocation sizes, created and destroyed
// objects, asynchronous writes, synchronisation points).
//
// Owns: nothing; glue between the shims and Faults, Memcheck, AllocTable, ObjectTable and
// PendingWrites. Before* functions return the Status the shim must fail with (a fault or a
// finding; Ok to go on); After* functions are called once the call succeeded. Everything
// but the fault checks is a no-op (one atomic load) while memcheck is off. Handles are the
// application's (NULL stream = the current context's default stream).
// Owner: runtime/check. Thread safety: thread-safe. Failure: see above; After* never fail.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "runtime/check/memory_checks.h"
#include "runtime/check/object_table.h"

namespace asim::check {

// ---- memory ------------------------------------------------------------------------------
Status BeforeMalloc(const char* api, size_t size);
void AfterMalloc(const void* ptr, size_t size);
Status BeforeFree(const char* api, const void* ptr, bool host_api);
void AfterFree(const void* ptr);
void AfterMallocHost(const void* ptr, size_t size);
void AfterFreeHost(const void* ptr);
// stream: the application's stream handle for asynchronous calls; async false: synchronous.
Status BeforeCopy(const CopyCall& call, void* stream, bool async);
Status BeforeMemset(const char* api, const void* ptr, size_t max_count, int32_t value, size_t count);
// An asynchronous task on `stream` writes [ptr, ptr + len): remembered until synchronised.
void AfterAsyncWrite(void* stream, const void* ptr, size_t len, const std::string& what);

// ---- objects -----------------------------------------------------------------------------
// Records an object the application created in the current context (devices, contexts:
// from the calling thread's current context; `device_id` >= 0 overrides).
void AfterCreate(ObjectKind kind, const void* key, const std::string& what, int32_t device_id = -2);
void AfterDestroy(ObjectKind kind, const void* key);
// aclrtDestroyContext: the streams still alive in it are leaks.
void AfterDestroyContext(const void* context);

// ---- synchronisation ---------------------------------------------------------------------
void AfterSyncStream(void* stream);  // also a complete aclrtStreamQuery
void AfterDestroyStream(const void* stream);
void AfterSyncDevice();
void AfterRecordEvent(const void* event, void* stream);
void AfterSyncEvent(const void* event);  // also a complete aclrtQueryEvent(Status)
void AfterStreamWaitEvent(void* stream, const void* event);
void AfterDestroyEvent(const void* event);
// aclrtLaunchCallback: wraps the callback so that, when it runs, the host is known to have
// synchronised with what the stream did before it. Returns the function and data to launch.
void WrapCallback(void* stream, void (**fn)(void*), void** user_data);
// The launch failed: frees what WrapCallback allocated (no-op for an unwrapped callback).
void DiscardWrappedCallback(void (*fn)(void*), void* user_data);

// ---- models, channels ----------------------------------------------------------------------
struct ModelBuffer {
  const void* data = nullptr;
  size_t size = 0;
};
Status BeforeModelExecute(const char* api, uint32_t model_id, const std::vector<ModelBuffer>& inputs,
                          const std::vector<ModelBuffer>& outputs, void* stream, bool async);
void AfterModelExecuteAsync(const char* api, uint32_t model_id, const std::vector<ModelBuffer>& outputs, void* stream);
// The injected failure of this execution (Ok: none); counts the execution.
Status ModelExecuteFault(uint32_t model_id);
// Makes an asynchronous execution's stream fail with `fault` after the model's tasks.
Status SubmitStreamFailure(void* stream, const Status& fault, const std::string& name);
Status BeforeChannelSend(const std::string& channel);

// ---- leaks -------------------------------------------------------------------------------
// The thread's leak status from the release it just did (aclrtResetDevice, aclFinalize).
Status TakeLeakStatus();

}  // namespace asim::check
