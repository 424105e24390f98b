// Reusable host scratch memory for kernels whose intermediate buffers are too large for the
// workspace a model plans (the Winograd convolution's transformed tiles): a lease hands out
// a 64-byte aligned buffer of at least the asked size and gives it back to a small
// process-wide cache when it ends, so a model executed in a loop does not map and fault in
// tens of megabytes per convolution. Concurrent leases get distinct buffers.
//
// A lease may name an affinity (the worker slot, worker_scratch.h, that will write it): an
// idle buffer goes back to a lease of the same affinity first, so that the buffer a worker
// wrote last time, still in its core's cache, is the one it writes again. A buffer written
// by another core would first have every line fetched from that core's cache (an AMD EPYC
// VM whose vCPUs sat ~210 ns apart: the Winograd input transform took 1.7x the time).
//
// A buffer leased with an affinity is a 2 MiB-aligned mapping of its own (at least 2 MiB),
// whatever the size asked for: its place then does not depend on the heap's layout.
//
// Owns: up to kCachedBuffers idle buffers per affinity (the largest ones seen; others are
// freed when their lease ends). Owner: kernels/common. Thread safety: leases may be taken
// and ended from any thread. Failure: a lease whose data() is null means the memory was not there;
// the caller takes its other path.
#pragma once

#include <cstddef>

#include "kernels/common/host/large_buffer.h"

namespace asim::kernels {

inline constexpr int kAnyAffinity = -1;

class ScratchLease {
 public:
  // An idle buffer of `affinity` that is large enough, else any idle one, else a new one.
  explicit ScratchLease(size_t bytes, int affinity = kAnyAffinity);
  ~ScratchLease();
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;

  void* data() const { return buffer_.get(); }
  size_t size() const { return buffer_.get_deleter().bytes; }

 private:
  LargeBuffer<char> buffer_;
  int affinity_ = kAnyAffinity;
};

// Idle buffers the pool keeps at most per affinity, and the bytes they hold now (tests,
// diagnostics).
inline constexpr size_t kCachedBuffers = 4;
size_t ScratchPoolIdleBytes();
// Frees every idle buffer (tests; a host under memory pressure).
void TrimScratchPool();

}  // namespace asim::kernels
