// Memory for large, long-lived kernel buffers (a model's prepacked filters, made once at
// load): page-aligned anonymous mappings with transparent huge pages asked for (madvise),
// so filling 100 MB takes a few hundred page faults instead of 25,000, each of which is
// expensive on a virtual machine. Small sizes come from operator new (64-byte aligned).
// Within a LargeArenaScope, AllocatePrepacked carves buffers from shared 2 MiB-aligned
// blocks instead: a model's 50-odd filters of 0.1-9 MB (most under 2 MiB, too small for a
// huge page of their own) then fill whole huge pages, one fault per 2 MiB.
//
// Owns: nothing beyond the buffers it hands out (freed by LargeBufferFree; an arena's blocks
// when its last buffer and scope are gone). Thread safety: reentrant; a scope is its
// thread's only. Failure: allocation returns null when the memory is not there.
#pragma once

#include <cstddef>
#include <memory>

namespace asim::kernels {

class LargeArena;

struct LargeBufferFree {
  size_t bytes = 0;  // what was asked for: the mapping's length for large buffers
  // Set for a buffer from an arena: its memory goes with the arena's, not on its own.
  std::shared_ptr<LargeArena> arena;
  void operator()(void* p) const;
};

template <typename T>
using LargeBuffer = std::unique_ptr<T, LargeBufferFree>;

// At least `bytes` (0 is treated as 1), 64-byte aligned; null on failure.
void* AllocateLargeBytes(size_t bytes);

template <typename T>
LargeBuffer<T> AllocateLarge(size_t bytes) {
  return LargeBuffer<T>(static_cast<T*>(AllocateLargeBytes(bytes)), LargeBufferFree{bytes, nullptr});
}

// While one lives, AllocatePrepacked on this thread carves from one arena (a model's load:
// runtime/model/loaded_model.cpp). Scopes do not nest.
class LargeArenaScope {
 public:
  LargeArenaScope();
  ~LargeArenaScope();
  LargeArenaScope(const LargeArenaScope&) = delete;
  LargeArenaScope& operator=(const LargeArenaScope&) = delete;
};

// Memory for buffers kept as long as what made them (a prepacked filter), 64-byte aligned:
// from this thread's arena within a LargeArenaScope, else AllocateLarge's. Not for buffers
// freed and made again (their arena memory is not reused until the arena goes).
void* AllocatePrepackedBytes(size_t bytes, std::shared_ptr<LargeArena>* arena);

template <typename T>
LargeBuffer<T> AllocatePrepacked(size_t bytes) {
  std::shared_ptr<LargeArena> arena;
  T* p = static_cast<T*>(AllocatePrepackedBytes(bytes, &arena));
  return LargeBuffer<T>(p, LargeBufferFree{bytes, std::move(arena)});
}

}  // namespace asim::kernels
