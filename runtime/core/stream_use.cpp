// ResolveStreamFor. See stream_use.h.
#include "runtime/core/stream_use.h"

#include "runtime/core/pointer_text.h"

namespace asim::rt {

Status ResolveStreamFor(Runtime& runtime, void* handle, StreamUse use, std::shared_ptr<Stream>* stream) {
  // A stale handle is the more useful report, so it goes first (NULL, the current context's
  // default stream, needs the context to resolve at all).
  ASIM_RETURN_IF_ERROR(runtime.ResolveStream(handle, stream));
  std::shared_ptr<Context> current;
  ASIM_RETURN_IF_ERROR(runtime.CurrentContext(&current));
  const Context* owner = (*stream)->context();
  if (use == StreamUse::kWork && owner != current.get()) {
    return Status(err::kRtStreamContext,
                  "stream " + PointerText(handle) + " belongs to context " +
                      PointerText(owner == nullptr ? nullptr : Runtime::Handle(*owner)) + " (device " +
                      std::to_string((*stream)->device_id()) + "), not to the calling thread's current context " +
                      PointerText(Runtime::Handle(*current)) + " (device " + std::to_string(current->device_id()) +
                      "): call aclrtSetCurrentContext with the stream's context in this thread first");
  }
  return Status::Ok();
}

}  // namespace asim::rt
