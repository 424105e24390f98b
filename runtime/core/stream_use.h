// Which streams a call may use from the calling thread: the real runtime's rules.
//
// Every call that takes a stream needs a current context in the calling thread (one set by
// aclrtSetDevice, aclrtCreateContext or aclrtSetCurrentContext): without one it fails with
// ACL_ERROR_RT_CONTEXT_NULL (107002). A call that puts work on the stream or changes it
// (copies, memsets, event records and waits, model and operator launches, callbacks, stream
// destruction) also needs the stream to belong to that context, else
// ACL_ERROR_RT_STREAM_CONTEXT (107003) — the mistake of a worker thread that uses another
// thread's stream without aclrtSetCurrentContext. Waiting on a stream (synchronize, query) may
// name a stream of any context, as the real runtime switches to it for the wait. A stream
// handle that is not live is reported (ACL_ERROR_INVALID_RESOURCE_HANDLE) before either.
//
// Owns nothing. Thread safety: as Runtime. Failure: the codes above, or ResolveStream's.
#pragma once

#include <memory>

#include "base/status.h"
#include "runtime/core/runtime.h"

namespace asim::rt {

enum class StreamUse {
  kWork,  // the stream must belong to the current context
  kWait,  // any context's stream; a current context is still needed
};

// nullptr -> the current context's default stream.
Status ResolveStreamFor(Runtime& runtime, void* handle, StreamUse use, std::shared_ptr<Stream>* stream);

}  // namespace asim::rt
