// Host parallelism for kernels: one loop construct so kernels split work the same way
// everywhere (grain sizes large enough that tiny tensors stay single-threaded) and obey the
// host-thread cap (host_threads.h: serial on the calling thread for one thread). Loops run on
// the kernels' spinning pool (spin_pool.h: why not oneTBB's workers); when another thread's
// loop has the pool, on oneTBB (a bounded arena under a cap).
//
// Thread safety: re-entrant. Failure: none (exceptions from the body propagate; kernels do
// not throw).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstdint>

#include "kernels/common/host/host_threads.h"
#include "kernels/common/host/spin_pool.h"

namespace asim::kernels {

// Calls body(begin, end) over [0, n) in chunks of at least `grain` elements (one chunk, on
// the calling thread, when n <= grain or the cap is one thread).
template <typename Body>
void ParallelFor(int64_t n, int64_t grain, const Body& body) {
  if (n <= 0) return;
  const int threads = HostThreads();
  if (n <= grain || threads == 1) {
    body(int64_t{0}, n);
    return;
  }
  const ChunkFunction chunk = [](const void* context, int64_t begin, int64_t end) {
    (*static_cast<const Body*>(context))(begin, end);
  };
  if (RunOnSpinPool(HostConcurrency(), n, grain, chunk, &body)) return;
  const auto loop = [&] {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, grain),
                      [&](const tbb::blocked_range<int64_t>& r) { body(r.begin(), r.end()); });
  };
  if (threads == 0) {
    loop();
    return;
  }
  if (const auto arena = LimitedArena()) {
    arena->execute(loop);
  } else {
    loop();
  }
}

}  // namespace asim::kernels
