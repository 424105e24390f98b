// Cache-line prefetch hints for kernels: a line the caller is about to read, or about to
// write. The write hint asks for the line in a state the core may write (x86-64 PREFETCHW,
// aarch64 PRFM PSTL1KEEP): a line that another core's cache holds (a buffer that core read
// or wrote in the previous phase or layer) must first be taken from it, which costs a
// round trip between the cores (hundreds of nanoseconds between some VMs' vCPUs). A plain
// read prefetch would bring the line shared, and the store would then wait for that round
// trip all the same.
//
// Owns: nothing. Thread safety: any thread. Failure: none; a hint never faults and changes
// no result (x86-64 CPUs without PREFETCHW execute it as a no-op), but the address must be
// inside a buffer the caller may access (forming one outside is undefined behaviour).
#pragma once

namespace asim::kernels {

inline void PrefetchForRead(const void* line) {
  __builtin_prefetch(line, 0, 3);
}

inline void PrefetchForWrite(const void* line) {
#if defined(__x86_64__) || defined(__i386__)
  // GCC emits PREFETCHW for __builtin_prefetch(p, 1) only when the build targets PRFCHW,
  // which the portable default build does not.
  asm volatile("prefetchw %0" : : "m"(*static_cast<const char*>(line)));
#else
  __builtin_prefetch(line, 1, 3);
#endif
}

}  // namespace asim::kernels
