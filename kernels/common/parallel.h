// Host parallelism for kernels: a thin wrapper over oneTBB so kernels split work the same
// way everywhere (grain sizes large enough that tiny tensors stay single-threaded).
//
// Thread safety: re-entrant. Failure: none (exceptions from the body propagate; kernels do
// not throw).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstdint>

namespace asim::kernels {

// Calls body(begin, end) over [0, n) in chunks of at least `grain` elements.
template <typename Body>
void ParallelFor(int64_t n, int64_t grain, const Body& body) {
  if (n <= 0) return;
  if (n <= grain) {
    body(int64_t{0}, n);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<int64_t>(0, n, grain),
                    [&](const tbb::blocked_range<int64_t>& r) { body(r.begin(), r.end()); });
}

}  // namespace asim::kernels
