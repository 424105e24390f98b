// Memory for large, long-lived kernel buffers (a model's prepacked filters, made once at
// load): page-aligned anonymous mappings with transparent huge pages asked for (madvise),
// so filling 100 MB takes a few hundred page faults instead of 25,000, each of which is
// expensive on a virtual machine. Small sizes come from operator new (64-byte aligned).
//
// Owns: nothing beyond the buffers it hands out (freed by LargeBufferFree). Thread safety:
// reentrant. Failure: AllocateLarge returns null when the memory is not there.
#pragma once

#include <cstddef>
#include <memory>

namespace asim::kernels {

struct LargeBufferFree {
  size_t bytes = 0;  // what was asked for: the mapping's length for large buffers
  void operator()(void* p) const;
};

template <typename T>
using LargeBuffer = std::unique_ptr<T, LargeBufferFree>;

// At least `bytes` (0 is treated as 1), 64-byte aligned; null on failure.
void* AllocateLargeBytes(size_t bytes);

template <typename T>
LargeBuffer<T> AllocateLarge(size_t bytes) {
  return LargeBuffer<T>(static_cast<T*>(AllocateLargeBytes(bytes)), LargeBufferFree{bytes});
}

}  // namespace asim::kernels
