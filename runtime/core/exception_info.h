// The data behind the opaque aclrtExceptionInfo handed to an exception callback.
//
// The public header names it `struct rtExceptionInfo` (opaque); the definition lives here,
// in the global namespace, so both the core (which fills it) and the API shim (whose
// getters read it) see the same type. Thread safety: value type. Failure: none.
#pragma once

#include <cstdint>

struct rtExceptionInfo {
  uint32_t task_id = 0;
  uint32_t stream_id = 0;
  uint32_t thread_id = 0;
  uint32_t device_id = 0;
  uint32_t error_code = 0;
};

namespace asim::rt {
using ExceptionCallback = void (*)(rtExceptionInfo*);
}  // namespace asim::rt
