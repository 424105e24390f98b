// cpuid_mask: an LD_PRELOAD library that shows a process, and every program it starts, an x86-64
// CPU without AVX-512 on a CPU that has it. Issue 16 asks for the project's figures on a host
// without AVX-512 (most laptops and CI runners); this lets one AVX-512 machine time both sides of
// a comparison (our kernels and ONNX Runtime's MLAS, which both choose their code from CPUID) on
// their AVX2 code, on the same hardware and in the same run.
//
// How: Linux's CPUID faulting (arch_prctl(ARCH_SET_CPUID, 0), on Intel CPUs since Ivy Bridge and
// in KVM guests that pass it through; /proc/cpuinfo flag "cpuid_fault") makes every CPUID
// instruction of the thread raise SIGSEGV. The handler runs the real CPUID with faulting briefly
// off, clears the bits listed in MaskLeaf (AVX-512, AVX-VNNI, AMX, their XSAVE state), writes the
// result into the interrupted registers and steps over the instruction. The setting is inherited
// by threads and forks and reset by execve, where LD_PRELOAD (still in the environment) sets it
// up again.
//
// What it does not change: instructions still execute on the real CPU, so it proves nothing
// about SIGILL (tests/e2e/resnet50_isa runs the binaries under qemu for that); XGETBV still
// reports the AVX-512 register state enabled (the libraries here test the CPUID bits as well);
// glibc picks its string functions before this library loads (tools/cpuid_mask/without_avx512.sh
// sets GLIBC_TUNABLES for that); static executables are not covered.
//
// Signals: the program's own SIGSEGV handler (installed through sigaction or signal, as Node.js
// does) is recorded here and called for every fault that is not a CPUID, so the mask is
// transparent to it; a handler installed by a raw system call (AddressSanitizer's) replaces ours,
// so sanitizer builds are not run under the mask.
//
// Failure: when the kernel refuses CPUID faulting, the process prints why and exits with code 77
// (the "skipped" code of ctest and automake) before main: running unmasked would silently measure
// the wrong thing. Thread safety: the handler touches only its own stack and the recorded
// handler, which is written with a release store before use.
#include <asm/prctl.h>
#include <cpuid.h>
#include <dlfcn.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>

namespace {

// The application's SIGSEGV disposition, as it asked for it (SIG_DFL until it installs one).
struct sigaction g_app_segv_action;
std::atomic<bool> g_app_segv_set{false};

using SigactionFn = int (*)(int, const struct sigaction*, struct sigaction*);

SigactionFn RealSigaction() {
  static SigactionFn real = reinterpret_cast<SigactionFn>(dlsym(RTLD_NEXT, "sigaction"));
  return real;
}

bool SetCpuidFaulting(bool on) {
  return syscall(SYS_arch_prctl, ARCH_SET_CPUID, on ? 0 : 1) == 0;
}

// Clears what a Haswell / Zen 3 class CPU (AVX2 + FMA + F16C) does not have from one leaf.
void MaskLeaf(uint32_t leaf, uint32_t subleaf, uint32_t& eax, uint32_t& ebx, uint32_t& ecx, uint32_t& edx) {
  if (leaf == 7 && subleaf == 0) {
    // EBX: AVX512F 16, DQ 17, IFMA 21, PF 26, ER 27, CD 28, BW 30, VL 31.
    ebx &= ~((1u << 16) | (1u << 17) | (1u << 21) | (1u << 26) | (1u << 27) | (1u << 28) | (1u << 30) | (1u << 31));
    // ECX: VBMI 1, VBMI2 6, VNNI 11, BITALG 12, VPOPCNTDQ 14.
    ecx &= ~((1u << 1) | (1u << 6) | (1u << 11) | (1u << 12) | (1u << 14));
    // EDX: 4VNNIW 2, 4FMAPS 3, VP2INTERSECT 8, AMX-BF16 22, AVX512-FP16 23, AMX-TILE 24, AMX-INT8 25.
    edx &= ~((1u << 2) | (1u << 3) | (1u << 8) | (1u << 22) | (1u << 23) | (1u << 24) | (1u << 25));
  } else if (leaf == 7 && subleaf == 1) {
    eax &= ~((1u << 4) | (1u << 5));  // AVX-VNNI, AVX512-BF16
  } else if (leaf == 0xd && subleaf == 0) {
    eax &= ~((1u << 5) | (1u << 6) | (1u << 7) | (1u << 17) | (1u << 18));  // opmask, ZMM, AMX state
  }
}

bool IsCpuidInstruction(const void* ip) {
  const unsigned char* p = static_cast<const unsigned char*>(ip);
  return p[0] == 0x0f && p[1] == 0xa2;
}

void OnSegv(int sig, siginfo_t* info, void* context) {
  auto* uc = static_cast<ucontext_t*>(context);
  greg_t* regs = uc->uc_mcontext.gregs;
  // A CPUID fault is a general-protection fault (SI_KERNEL) at a readable CPUID instruction; a
  // page fault (SEGV_MAPERR / SEGV_ACCERR) is the program's own and its address may be unreadable.
  if (info->si_code == SI_KERNEL && IsCpuidInstruction(reinterpret_cast<const void*>(regs[REG_RIP]))) {
    const int saved_errno = errno;
    uint32_t leaf = static_cast<uint32_t>(regs[REG_RAX]);
    uint32_t subleaf = static_cast<uint32_t>(regs[REG_RCX]);
    uint32_t eax = 0, ebx = 0, ecx = 0, edx = 0;
    SetCpuidFaulting(false);
    __cpuid_count(leaf, subleaf, eax, ebx, ecx, edx);
    SetCpuidFaulting(true);
    MaskLeaf(leaf, subleaf, eax, ebx, ecx, edx);
    regs[REG_RAX] = eax;  // CPUID writes the low halves and zeroes the high ones
    regs[REG_RBX] = ebx;
    regs[REG_RCX] = ecx;
    regs[REG_RDX] = edx;
    regs[REG_RIP] += 2;
    errno = saved_errno;
    return;
  }
  if (g_app_segv_set.load(std::memory_order_acquire)) {
    const struct sigaction& app = g_app_segv_action;
    if (app.sa_flags & SA_SIGINFO) {
      app.sa_sigaction(sig, info, context);
      return;
    }
    if (app.sa_handler != SIG_DFL && app.sa_handler != SIG_IGN) {
      app.sa_handler(sig);
      return;
    }
  }
  // No handler of the program's: the default action. Returning re-runs the faulting instruction.
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  RealSigaction()(SIGSEGV, &dfl, nullptr);
}

bool InstallHandler() {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = OnSegv;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;  // NODEFER: a CPUID inside the app's handler traps too
  sigemptyset(&sa.sa_mask);
  return RealSigaction()(SIGSEGV, &sa, nullptr) == 0;
}

__attribute__((constructor(101))) void StartMasking() {
  if (!InstallHandler()) {
    fprintf(stderr, "cpuid_mask: could not install the SIGSEGV handler: %s\n", strerror(errno));
    _exit(77);
  }
  if (!SetCpuidFaulting(true)) {
    fprintf(stderr,
            "cpuid_mask: this kernel or CPU has no CPUID faulting (arch_prctl(ARCH_SET_CPUID): %s; the "
            "/proc/cpuinfo flag is cpuid_fault), so AVX-512 cannot be hidden from this process\n",
            strerror(errno));
    _exit(77);
  }
}

}  // namespace

// The program's view of SIGSEGV: what it installed, while ours stays installed underneath.
extern "C" __attribute__((visibility("default"))) int sigaction(int sig, const struct sigaction* act,
                                                                struct sigaction* old) noexcept {
  if (sig != SIGSEGV) return RealSigaction()(sig, act, old);
  if (old != nullptr) {
    if (g_app_segv_set.load(std::memory_order_acquire)) {
      *old = g_app_segv_action;
    } else {
      memset(old, 0, sizeof *old);
      old->sa_handler = SIG_DFL;
    }
  }
  if (act != nullptr) {
    g_app_segv_set.store(false, std::memory_order_release);
    g_app_segv_action = *act;
    g_app_segv_set.store(true, std::memory_order_release);
  }
  return 0;
}

extern "C" __attribute__((visibility("default"))) sighandler_t signal(int sig, sighandler_t handler) noexcept {
  struct sigaction act;
  struct sigaction old;
  memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  if (sigaction(sig, &act, &old) != 0) return SIG_ERR;
  return old.sa_handler;
}
