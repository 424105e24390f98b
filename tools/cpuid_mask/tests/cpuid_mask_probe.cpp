// cpuid_mask_probe: the test of tools/cpuid_mask, run under without_avx512 by ctest
// (tools.cpuid_mask.hides_avx512). Checks, in a program that also handles its own segmentation
// faults as JIT runtimes do:
//   1. CPUID still reports AVX2 (when /proc/cpuinfo has it) and no longer reports AVX512F/BW/VL
//      or AVX-VNNI, in the main thread, in a second thread and in a forked child;
//   2. the program's SIGSEGV handler, installed through sigaction, gets its real faults and is
//      what sigaction reports back; CPUID keeps being masked after it is installed;
//   3. GCC's __builtin_cpu_supports (libgcc's CPUID reading) says no AVX-512.
// Prints "cpuid_mask: ok" and exits 0 when all hold; 1 otherwise.
#include <cpuid.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <thread>

namespace {

struct Features {
  bool avx2, avx512f, avx512bw, avx512vl, avx_vnni;
};

Features Read() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  __cpuid_count(7, 0, a, b, c, d);
  Features f{};
  f.avx2 = (b >> 5) & 1;
  f.avx512f = (b >> 16) & 1;
  f.avx512bw = (b >> 30) & 1;
  f.avx512vl = (b >> 31) & 1;
  __cpuid_count(7, 1, a, b, c, d);
  f.avx_vnni = (a >> 4) & 1;
  return f;
}

// Whether the CPU has AVX2 (which the mask leaves), from the kernel's unmasked view.
bool HostHasAvx2() {
  FILE* f = fopen("/proc/cpuinfo", "r");
  if (f == nullptr) return true;
  char line[8192];
  bool found = false;
  while (!found && fgets(line, sizeof line, f) != nullptr) {
    found = strncmp(line, "flags", 5) == 0 && strstr(line, " avx2") != nullptr;
  }
  fclose(f);
  return found;
}

const bool g_host_avx2 = HostHasAvx2();

bool Masked(const char* where) {
  Features f = Read();
  bool ok = f.avx2 == g_host_avx2 && !f.avx512f && !f.avx512bw && !f.avx512vl && !f.avx_vnni;
  printf("cpuid_mask: %s: avx2 %d avx512f %d avx512bw %d avx512vl %d avx_vnni %d: %s\n", where, f.avx2, f.avx512f,
         f.avx512bw, f.avx512vl, f.avx_vnni, ok ? "ok" : "NOT MASKED");
  return ok;
}

sigjmp_buf g_recover;
volatile sig_atomic_t g_faults = 0;

void OnFault(int, siginfo_t*, void*) {
  g_faults = g_faults + 1;
  siglongjmp(g_recover, 1);
}

bool OwnHandlerGetsItsFaults() {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = OnFault;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, nullptr) != 0) return false;
  struct sigaction back;
  sigaction(SIGSEGV, nullptr, &back);
  bool reported = (back.sa_flags & SA_SIGINFO) && back.sa_sigaction == OnFault;
  if (sigsetjmp(g_recover, 1) == 0) {
    volatile int* nowhere = nullptr;
    *nowhere = 1;  // the program's own fault
  }
  bool ok = reported && g_faults == 1;
  printf("cpuid_mask: the program's own SIGSEGV handler: reported back %d, faults seen %d: %s\n", reported,
         static_cast<int>(g_faults), ok ? "ok" : "FAILED");
  return ok;
}

}  // namespace

int main() {
  bool ok = Masked("main thread");
  bool thread_ok = false;
  std::thread([&] { thread_ok = Masked("second thread"); }).join();
  ok = thread_ok && ok;
  fflush(stdout);
  pid_t child = fork();
  if (child == 0) {
    bool child_ok = Masked("forked child");
    fflush(stdout);
    _exit(child_ok ? 0 : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ok = WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
  ok = OwnHandlerGetsItsFaults() && ok;
  ok = Masked("after the program's handler") && ok;
  __builtin_cpu_init();
  bool builtin = !__builtin_cpu_supports("avx512f") && (__builtin_cpu_supports("avx2") != 0) == g_host_avx2;
  printf("cpuid_mask: __builtin_cpu_supports: avx512f %d: %s\n", __builtin_cpu_supports("avx512f") != 0,
         builtin ? "ok" : "FAILED");
  ok = builtin && ok;
  printf("cpuid_mask: %s\n", ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
