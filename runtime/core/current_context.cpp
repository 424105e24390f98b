#include "runtime/core/current_context.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace asim::rt {
namespace {
thread_local std::weak_ptr<Context> t_context;
}

std::shared_ptr<Context> GetThreadContext() {
  return t_context.lock();
}
void SetThreadContext(const std::shared_ptr<Context>& context) {
  t_context = context;
}

uint64_t CurrentThreadId() {
  return static_cast<uint64_t>(pthread_self());
}
uint32_t CurrentThreadId32() {
  return static_cast<uint32_t>(syscall(SYS_gettid));
}

}  // namespace asim::rt
