// The machine's physical fp32 limit for a vector target: a register-only fused-multiply-add
// loop at that target's width ("avx512": AVX-512, "avx2": AVX2+FMA, else plain C++; the
// names of kernels/framework/isa.h, falling back to what the CPU has), on every hardware
// thread at once; measured by the wall clock and, per thread, by its CPU time (what a core
// does while it runs, whatever else shares the machine).
//
// Owner: bench/conv. Thread safety: call from one thread (it starts its own workers).
// Failure: none; `isa` names what ran.
#pragma once

#include <string>

namespace asim::bench {

struct FmaPeak {
  double gflops = 0;          // fp32 GFLOP/s of all threads together, wall clock (an FMA counts as 2)
  double gflops_per_cpu = 0;  // GFLOP per CPU-second of one thread (immune to time-slicing)
  int threads = 0;
  std::string isa;  // "AVX-512", "AVX2+FMA" or "scalar C++"
};

// Runs the loop of `target` on every hardware thread for about `seconds`.
FmaPeak MeasureFmaPeak(double seconds, const std::string& target);

}  // namespace asim::bench
