// The FMA limit loop (see fma_peak.h). Sixteen independent accumulators hide the FMA
// latency on every current x86 core; the operands are zero so no denormals appear.
#include "bench/conv/fma_peak.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

namespace asim::bench {
namespace {

#if defined(__x86_64__)
// 16 zmm FMAs per iteration: 16 lanes x 2 flops each.
__attribute__((target("avx512f"))) void LoopAvx512(int64_t iterations) {
  __asm__ volatile(
      "vpxord %%zmm0, %%zmm0, %%zmm0\n\t"
      "vmovaps %%zmm0, %%zmm1\n\t vmovaps %%zmm0, %%zmm2\n\t vmovaps %%zmm0, %%zmm3\n\t"
      "vmovaps %%zmm0, %%zmm4\n\t vmovaps %%zmm0, %%zmm5\n\t vmovaps %%zmm0, %%zmm6\n\t"
      "vmovaps %%zmm0, %%zmm7\n\t vmovaps %%zmm0, %%zmm8\n\t vmovaps %%zmm0, %%zmm9\n\t"
      "vmovaps %%zmm0, %%zmm10\n\t vmovaps %%zmm0, %%zmm11\n\t vmovaps %%zmm0, %%zmm12\n\t"
      "vmovaps %%zmm0, %%zmm13\n\t vmovaps %%zmm0, %%zmm14\n\t vmovaps %%zmm0, %%zmm15\n\t"
      "vmovaps %%zmm0, %%zmm16\n\t vmovaps %%zmm0, %%zmm17\n\t"
      "1:\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm0\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm1\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm2\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm3\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm4\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm5\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm6\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm7\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm8\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm9\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm10\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm11\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm12\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm13\n\t"
      "vfmadd231ps %%zmm16, %%zmm17, %%zmm14\n\t vfmadd231ps %%zmm16, %%zmm17, %%zmm15\n\t"
      "dec %0\n\t"
      "jnz 1b\n\t"
      : "+r"(iterations)
      :
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",
        "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "cc");
}

// 12 ymm FMAs per iteration: 8 lanes x 2 flops each.
__attribute__((target("avx2,fma"))) void LoopAvx2(int64_t iterations) {
  __asm__ volatile(
      "vxorps %%ymm0, %%ymm0, %%ymm0\n\t"
      "vmovaps %%ymm0, %%ymm1\n\t vmovaps %%ymm0, %%ymm2\n\t vmovaps %%ymm0, %%ymm3\n\t"
      "vmovaps %%ymm0, %%ymm4\n\t vmovaps %%ymm0, %%ymm5\n\t vmovaps %%ymm0, %%ymm6\n\t"
      "vmovaps %%ymm0, %%ymm7\n\t vmovaps %%ymm0, %%ymm8\n\t vmovaps %%ymm0, %%ymm9\n\t"
      "vmovaps %%ymm0, %%ymm10\n\t vmovaps %%ymm0, %%ymm11\n\t vmovaps %%ymm0, %%ymm14\n\t"
      "vmovaps %%ymm0, %%ymm15\n\t"
      "1:\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm0\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm1\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm2\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm3\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm4\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm5\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm6\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm7\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm8\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm9\n\t"
      "vfmadd231ps %%ymm14, %%ymm15, %%ymm10\n\t vfmadd231ps %%ymm14, %%ymm15, %%ymm11\n\t"
      "dec %0\n\t"
      "jnz 1b\n\t"
      "vzeroupper\n\t"
      : "+r"(iterations)
      :
      : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm14",
        "xmm15", "cc");
}
#endif

// Portable fallback: the compiler decides (scalar or whatever -m flags allow).
void LoopPortable(int64_t iterations) {
  float acc[16] = {};
  volatile float a = 0.0f, b = 0.0f;
  const float x = a, y = b;
  for (int64_t i = 0; i < iterations; ++i) {
    for (float& v : acc) v = v * x + y;
  }
  volatile float sink = acc[0];
  (void)sink;
}

struct Isa {
  void (*loop)(int64_t);
  double flops_per_iteration;
  const char* name;
};

// The loop of the kernels' vector target (kernels/framework/isa.h names), so the limit is
// the one the running kernels could reach.
Isa PickIsa(const std::string& target) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (target == "avx512" && __builtin_cpu_supports("avx512f")) return {LoopAvx512, 16.0 * 16 * 2, "AVX-512"};
  if ((target == "avx512" || target == "avx2") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    return {LoopAvx2, 12.0 * 8 * 2, "AVX2+FMA"};
  }
#else
  (void)target;
#endif
  return {LoopPortable, 16.0 * 2, "scalar C++"};
}

double ThreadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// Wall seconds for every thread to run `iterations`; the smallest thread CPU time in
// *cpu_seconds.
double RunAll(const Isa& isa, int threads, int64_t iterations, double* cpu_seconds) {
  std::atomic<int> ready{0};
  std::atomic<bool> go{false};
  std::vector<std::thread> workers;
  std::vector<double> cpu(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      ready.fetch_add(1);
      while (!go.load(std::memory_order_acquire)) {
      }
      const double start = ThreadCpuSeconds();
      isa.loop(iterations);
      cpu[static_cast<size_t>(t)] = ThreadCpuSeconds() - start;
    });
  }
  while (ready.load() < threads) {
  }
  const auto start = std::chrono::steady_clock::now();
  go.store(true, std::memory_order_release);
  for (auto& w : workers) w.join();
  *cpu_seconds = *std::min_element(cpu.begin(), cpu.end());
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

FmaPeak MeasureFmaPeak(double seconds, const std::string& target) {
  const Isa isa = PickIsa(target);
  FmaPeak peak;
  peak.isa = isa.name;
  peak.threads = std::max(1u, std::thread::hardware_concurrency());
  // Calibrate the iteration count on one short run, then measure.
  int64_t iterations = 1 << 20;
  double cpu = 0;
  double t = RunAll(isa, peak.threads, iterations, &cpu);
  while (t < 0.02) {
    iterations *= 4;
    t = RunAll(isa, peak.threads, iterations, &cpu);
  }
  iterations = static_cast<int64_t>(static_cast<double>(iterations) * seconds / t) + 1;
  t = RunAll(isa, peak.threads, iterations, &cpu);
  const double gflop_per_thread = isa.flops_per_iteration * static_cast<double>(iterations) / 1e9;
  peak.gflops = gflop_per_thread * peak.threads / t;
  peak.gflops_per_cpu = gflop_per_thread / cpu;
  return peak;
}

}  // namespace asim::bench
