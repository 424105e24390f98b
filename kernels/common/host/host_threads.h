// How many host threads the kernels compute with. By default every core the process may use
// (oneTBB's default concurrency); ASCEND_SIM_HOST_THREADS=N or acl.json "sim": {"host_threads": N}
// caps it, for CI runners shared with other jobs and for reproducible single-thread timings.
// With one thread the kernels run serially on the calling thread and never start a worker
// thread (what Debian 12's qemu-user needs: it cannot start a thread in a dynamic program).
//
// Owns: the process-wide thread cap and the oneTBB arena that enforces it. Owner:
// kernels/common. Thread safety: HostThreads/LimitedArena are safe from any thread;
// SetHostThreads changes process-wide state: call it before kernels run or between runs
// (aclInit does), not concurrently with kernels. Failure: SetHostThreads returns false for
// a count outside [0, kMaxHostThreads] and leaves the cap unchanged.
#pragma once

#include <tbb/task_arena.h>

#include <memory>

namespace asim::kernels {

inline constexpr const char* kHostThreadsVariable = "ASCEND_SIM_HOST_THREADS";
inline constexpr int kMaxHostThreads = 1024;

// The cap: 0 = no cap (oneTBB's default pool), 1 = serial, N = at most N threads. Starts as
// ASCEND_SIM_HOST_THREADS when that is a valid count (so atc and programs that never call
// aclInit honour it too), else 0.
int HostThreads();

// Sets the cap (0 = none). False for a count outside [0, kMaxHostThreads].
bool SetHostThreads(int threads);

// How many threads a parallel loop may use now: the cap, or oneTBB's concurrency without one.
int HostConcurrency();

// The arena that enforces a cap above 1; null when there is no cap or it is 1.
std::shared_ptr<tbb::task_arena> LimitedArena();

}  // namespace asim::kernels
