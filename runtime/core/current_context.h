// The calling thread's current context (aclrtSetCurrentContext / aclrtSetDevice).
//
// Owns: one weak reference per thread, so a destroyed context is simply gone.
// Thread safety: per-thread by construction. Failure: none.
#pragma once

#include <cstdint>
#include <memory>

namespace asim::rt {

class Context;

std::shared_ptr<Context> GetThreadContext();
void SetThreadContext(const std::shared_ptr<Context>& context);

// pthread_self() as the 64-bit id applications pass to aclrtSubscribeReport.
uint64_t CurrentThreadId();
uint32_t CurrentThreadId32();

}  // namespace asim::rt
