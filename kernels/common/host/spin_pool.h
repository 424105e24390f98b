// The kernels' own worker threads for parallel loops (parallel.h): one thread per host core
// beyond the caller's, handing out a loop's chunks dynamically, and spinning for a while after
// each loop before they sleep. A model's kernels run back to back, each a parallel loop a few
// microseconds after the last; oneTBB's workers yield the core (sched_yield) while they wait
// and soon sleep, so on a host whose cores other work shares (CI runners, a busy VM) the
// scheduler often gives their core away or places a woken worker beside the caller: measured
// here, a loaded second core made every kernel ~2x slower, as slow as one thread. ONNX
// Runtime's pool spins between loops for the same reason. A worker that does not get to a
// loop before the caller has taken every chunk simply misses it: the caller never waits for a
// sleeping or descheduled worker to arrive, only for the chunks workers have started.
//
// Owns: the worker threads (process lifetime; a new pool replaces the old one when the thread
// count changes, and joins its threads). Owner: kernels/common (parallel.h is the only user).
// Thread safety: any thread may call RunOnSpinPool; one loop runs on the pool at a time, and a
// caller that finds it busy (another stream's kernel) gets false and runs the loop elsewhere;
// a loop started inside a pool loop runs serially on its thread. Failure: an exception from a
// chunk is rethrown to the caller after the loop (kernels do not throw).
#pragma once

#include <cstdint>

namespace asim::kernels {

// One chunk of a loop: the caller's body over [begin, end).
using ChunkFunction = void (*)(const void* body, int64_t begin, int64_t end);

// Runs chunk(body, b, e) over [0, n) on the pool of `threads` threads (the caller plus
// threads - 1 workers), in chunks of at least `grain` items. False, having run nothing, when
// threads < 2 or more than the process's cores, the pool is busy with another caller's loop,
// or its threads cannot be started. Inside a pool loop it runs the
// whole range serially and returns true.
bool RunOnSpinPool(int threads, int64_t n, int64_t grain, ChunkFunction chunk, const void* body);

// The calling thread's slot: k for the pool's worker k (1..threads - 1), 0 for a caller while
// its loop runs on the pool, else -1.
int SpinPoolSlot();

}  // namespace asim::kernels
