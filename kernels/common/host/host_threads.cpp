// The host-thread cap of the kernels. See host_threads.h.
#include "kernels/common/host/host_threads.h"

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "base/log.h"

namespace asim::kernels {
namespace {

// The environment's count, or 0 (no cap) when unset or not a valid count.
int ThreadsFromEnvironment() {
  const char* text = std::getenv(kHostThreadsVariable);
  if (text == nullptr || *text == '\0') return 0;
  int threads = -1;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, threads);
  if (ec != std::errc() || ptr != end || threads < 0 || threads > kMaxHostThreads) {
    ASIM_LOG_WARN("[KERNEL] {}=\"{}\" ignored: expected an integer from 0 to {}", kHostThreadsVariable, text,
                  kMaxHostThreads);
    return 0;
  }
  return threads;
}

struct Cap {
  std::mutex mutex;  // guards arena
  std::atomic<int> threads{ThreadsFromEnvironment()};
  std::shared_ptr<tbb::task_arena> arena;
  int arena_threads = 0;  // the count `arena` was made for
};

Cap& TheCap() {
  static Cap* cap = new Cap();  // process lifetime: kernels may run from threads outliving main()
  return *cap;
}

}  // namespace

int HostThreads() {
  return TheCap().threads.load(std::memory_order_relaxed);
}

bool SetHostThreads(int threads) {
  if (threads < 0 || threads > kMaxHostThreads) return false;
  Cap& cap = TheCap();
  std::lock_guard lock(cap.mutex);
  cap.threads.store(threads, std::memory_order_relaxed);
  cap.arena.reset();  // rebuilt lazily for the new count
  return true;
}

int HostConcurrency() {
  const int threads = HostThreads();
  return threads > 0 ? threads : tbb::this_task_arena::max_concurrency();
}

std::shared_ptr<tbb::task_arena> LimitedArena() {
  Cap& cap = TheCap();
  const int threads = cap.threads.load(std::memory_order_relaxed);
  if (threads <= 1) return nullptr;
  std::lock_guard lock(cap.mutex);
  if (cap.arena == nullptr || cap.arena_threads != threads) {
    cap.arena = std::make_shared<tbb::task_arena>(threads);
    cap.arena_threads = threads;
  }
  return cap.arena;
}

}  // namespace asim::kernels
