// Reusable host scratch memory for kernels whose intermediate buffers are too large for the
// workspace a model plans (the Winograd convolution's transformed tiles): a lease hands out
// a 64-byte aligned buffer of at least the asked size and gives it back to a small
// process-wide cache when it ends, so a model executed in a loop does not map and fault in
// tens of megabytes per convolution. Concurrent leases get distinct buffers.
//
// Owns: up to kCachedBuffers idle buffers (the largest ones seen; others are freed when
// their lease ends). Owner: kernels/common. Thread safety: leases may be taken and ended
// from any thread. Failure: a lease whose data() is null means the memory was not there;
// the caller takes its other path.
#pragma once

#include <cstddef>

#include "kernels/common/host/large_buffer.h"

namespace asim::kernels {

class ScratchLease {
 public:
  explicit ScratchLease(size_t bytes);
  ~ScratchLease();
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;

  void* data() const { return buffer_.get(); }
  size_t size() const { return buffer_.get_deleter().bytes; }

 private:
  LargeBuffer<char> buffer_;
};

// Idle buffers the pool keeps at most, and the bytes they hold now (tests, diagnostics).
inline constexpr size_t kCachedBuffers = 4;
size_t ScratchPoolIdleBytes();
// Frees every idle buffer (tests; a host under memory pressure).
void TrimScratchPool();

}  // namespace asim::kernels
