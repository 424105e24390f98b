// The C ABI never throws, under host allocation failure (issue 21 part 2).
//
// This program replaces the global operator new / new[] with counting versions and runs a
// scripted AscendCL application (init, device, context, stream, memory and copies, descriptors
// and buffers, a model loaded from file and executed synchronously and asynchronously, an
// event, teardown, finalize) once per sweep point N, with the N-th host allocation after the
// script starts throwing std::bad_alloc (one shot). Every call must return a code: success or
// an error, never an exception escaping the C ABI (which would end in std::terminate), never a
// hang. After each failed-allocation run the library must still work (a clean probe run:
// init .. finalize, a model executed with the right result) and, under ASan, nothing may leak
// (LeakSanitizer at exit). A successful execution's output must be the model's reference.
//
// PUBLIC API ONLY (acl/ headers and the standard library), as an application sees the library.
//
// Usage: alloc_fail_sweep <models dir> [max points]   (ASIM_ALLOC_SWEEP_ONLY=N runs one point)
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace {

// ---- the failing allocator -----------------------------------------------------------------

std::atomic<bool> g_counting{false};
std::atomic<long long> g_count{0};
std::atomic<long long> g_fail_at{-1};  // the allocation (1-based, since arming) that throws
std::atomic<long long> g_failures{0};

void* Allocate(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed)) {
    const long long n = g_count.fetch_add(1, std::memory_order_relaxed) + 1;
    if (n == g_fail_at.load(std::memory_order_relaxed)) {
      g_failures.fetch_add(1, std::memory_order_relaxed);
      throw std::bad_alloc();
    }
  }
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* AllocateAligned(std::size_t size, std::align_val_t align) {
  if (g_counting.load(std::memory_order_relaxed)) {
    const long long n = g_count.fetch_add(1, std::memory_order_relaxed) + 1;
    if (n == g_fail_at.load(std::memory_order_relaxed)) {
      g_failures.fetch_add(1, std::memory_order_relaxed);
      throw std::bad_alloc();
    }
  }
  const std::size_t a = static_cast<std::size_t>(align);
  void* p = std::aligned_alloc(a, (size + a - 1) / a * a);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

void* operator new(std::size_t size) {
  return Allocate(size);
}
void* operator new[](std::size_t size) {
  return Allocate(size);
}
void* operator new(std::size_t size, std::align_val_t a) {
  return AllocateAligned(size, a);
}
void* operator new[](std::size_t size, std::align_val_t a) {
  return AllocateAligned(size, a);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return Allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return Allocate(size);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}

namespace {

std::vector<char> ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<char>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

struct Expect {
  std::vector<char> x, y, out;  // add_relu's reference case: out = Relu(x + y), fp32 [2,3,4,5]
};

// Compares an output with the reference within the model's tolerance (1e-6 abs + 1e-5 rel).
bool SameOutput(const char* got, const std::vector<char>& want) {
  const float* g = reinterpret_cast<const float*>(got);
  const float* w = reinterpret_cast<const float*>(want.data());
  for (size_t i = 0; i < want.size() / sizeof(float); ++i) {
    if (std::fabs(g[i] - w[i]) > 1e-6f + 1e-5f * std::fabs(w[i])) return false;
  }
  return true;
}

struct Outcome {
  int calls = 0;
  int failed_calls = 0;
  bool wrong_result = false;  // an execution reported success with a wrong output
  bool executed_ok = false;
};

// The scripted application. Every call's code is looked at; a failed step skips what depends
// on it, and everything created is destroyed on the way out, as a careful application does.
Outcome RunScript(const std::string& model, const Expect& e) {
  Outcome o;
  auto call = [&](aclError ret) {
    ++o.calls;
    if (ret != ACL_SUCCESS) ++o.failed_calls;
    return ret == ACL_SUCCESS;
  };
  if (!call(aclInit(nullptr))) return o;
  if (call(aclrtSetDevice(0))) {
    aclrtContext ctx = nullptr;
    aclrtStream stream = nullptr;
    if (call(aclrtCreateContext(&ctx, 0))) {
      if (call(aclrtCreateStream(&stream))) {
        // Memory, a copy each way and a memset.
        void* dev = nullptr;
        void* host = nullptr;
        if (call(aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST))) {
          if (call(aclrtMallocHost(&host, 4096))) {
            std::memset(host, 7, 4096);
            call(aclrtMemcpy(dev, 4096, host, 4096, ACL_MEMCPY_HOST_TO_DEVICE));
            call(aclrtMemsetAsync(dev, 4096, 0, 1024, stream));
            call(aclrtMemcpyAsync(host, 4096, dev, 4096, ACL_MEMCPY_DEVICE_TO_HOST, stream));
            call(aclrtSynchronizeStream(stream));
            call(aclrtFreeHost(host));
          }
          call(aclrtFree(dev));
        }
        // Descriptors and buffers.
        const int64_t dims[] = {2, 3, 4, 5};
        aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 4, dims, ACL_FORMAT_ND);
        ++o.calls;
        if (desc != nullptr) {
          call(aclSetTensorShape(desc, 4, dims));
          aclDestroyTensorDesc(desc);
        } else {
          ++o.failed_calls;
        }
        // The model: load, datasets, execute (sync, then async between events), unload.
        uint32_t id = 0;
        if (call(aclmdlLoadFromFile(model.c_str(), &id))) {
          aclmdlDesc* mdesc = aclmdlCreateDesc();
          ++o.calls;
          if (mdesc != nullptr && call(aclmdlGetDesc(mdesc, id))) {
            void* mem[3] = {};  // no heap allocation in the script itself: only the library's fail
            int mem_count = 0;
            aclmdlDataset* in = aclmdlCreateDataset();
            aclmdlDataset* out = aclmdlCreateDataset();
            bool ready = in != nullptr && out != nullptr;
            const std::vector<char>* inputs[] = {&e.x, &e.y};
            for (int i = 0; ready && i < 2; ++i) {
              void* p = nullptr;
              ready = call(aclrtMalloc(&p, 480, ACL_MEM_MALLOC_HUGE_FIRST));
              if (!ready) break;
              mem[mem_count++] = p;
              ready = call(aclrtMemcpy(p, 480, inputs[i]->data(), 480, ACL_MEMCPY_HOST_TO_DEVICE));
              aclDataBuffer* b = ready ? aclCreateDataBuffer(p, 480) : nullptr;
              ready = ready && b != nullptr && call(aclmdlAddDatasetBuffer(in, b));
              if (!ready && b != nullptr) aclDestroyDataBuffer(b);
            }
            void* op = nullptr;
            if (ready && call(aclrtMalloc(&op, 480, ACL_MEM_MALLOC_HUGE_FIRST))) {
              mem[mem_count++] = op;
              aclDataBuffer* b = aclCreateDataBuffer(op, 480);
              ready = b != nullptr && call(aclmdlAddDatasetBuffer(out, b));
              if (!ready && b != nullptr) aclDestroyDataBuffer(b);
            } else {
              ready = false;
            }
            auto check_output = [&]() {
              char got[480];
              if (call(aclrtMemcpy(got, 480, op, 480, ACL_MEMCPY_DEVICE_TO_HOST))) {
                if (!SameOutput(got, e.out)) o.wrong_result = true;
                o.executed_ok = true;
              }
            };
            if (ready && call(aclmdlExecute(id, in, out))) check_output();
            aclrtEvent start = nullptr, end = nullptr;
            if (ready && call(aclrtCreateEvent(&start))) {
              if (call(aclrtCreateEvent(&end))) {
                call(aclrtMemset(op, 480, 0, 480));
                bool launched = call(aclrtRecordEvent(start, stream)) &&
                                call(aclmdlExecuteAsync(id, in, out, stream)) && call(aclrtRecordEvent(end, stream));
                if (call(aclrtSynchronizeStream(stream)) && launched) {
                  float ms = 0;
                  call(aclrtEventElapsedTime(&ms, start, end));
                  check_output();
                }
                call(aclrtDestroyEvent(end));
              }
              call(aclrtDestroyEvent(start));
            }
            for (aclmdlDataset* ds : {in, out}) {
              if (ds == nullptr) continue;
              for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); ++i) {
                call(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(ds, i)));
              }
              call(aclmdlDestroyDataset(ds));
            }
            for (int i = 0; i < mem_count; ++i) call(aclrtFree(mem[i]));
          }
          if (mdesc != nullptr) call(aclmdlDestroyDesc(mdesc));
          call(aclmdlUnload(id));
        }
        call(aclrtDestroyStream(stream));
      }
      call(aclrtDestroyContext(ctx));
    }
    call(aclrtResetDevice(0));
  }
  // A finalize that failed before it began leaves AscendCL initialized (a failed call changes
  // nothing): the application tries again. One that failed part-way has finalized anyway.
  if (!call(aclFinalize())) (void)aclFinalize();
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: alloc_fail_sweep <test models dir> [max points]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const long long max_points = argc > 2 ? std::atoll(argv[2]) : 400;
  const std::string model = dir + "/add_relu.om";
  Expect e{ReadFile(dir + "/add_relu.input0.bin"), ReadFile(dir + "/add_relu.input1.bin"),
           ReadFile(dir + "/add_relu.expected0.bin")};
  if (e.x.size() != 480 || e.y.size() != 480 || e.out.size() != 480) {
    std::fprintf(stderr, "alloc_fail_sweep: the add_relu test model files are missing under %s\n", dir.c_str());
    return 2;
  }

  // The clean runs: that the script works, and how many allocations it makes once the
  // library's one-time set-up (loggers, registries, the first aclInit's tables) is done.
  if (RunScript(model, e).failed_calls != 0) {
    std::fprintf(stderr, "alloc_fail_sweep: the first clean run failed: %s\n",
                 aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "");
    return 1;
  }
  g_count = 0;
  g_fail_at = -1;
  g_counting = true;
  Outcome clean = RunScript(model, e);
  g_counting = false;
  const long long total = g_count.load();
  if (clean.failed_calls != 0 || !clean.executed_ok || clean.wrong_result) {
    std::fprintf(stderr, "alloc_fail_sweep: the clean run failed (%d of %d calls)\n", clean.failed_calls, clean.calls);
    return 1;
  }

  // The sweep points: every allocation while there are few, then evenly spread over the run.
  std::vector<long long> points;
  if (const char* only = std::getenv("ASIM_ALLOC_SWEEP_ONLY")) {
    points.push_back(std::atoll(only));
  } else if (total <= max_points) {
    for (long long n = 1; n <= total; ++n) points.push_back(n);
  } else {
    for (long long i = 0; i < max_points; ++i) points.push_back(1 + i * (total - 1) / (max_points - 1));
  }

  int hit = 0, ran_to_success = 0, bad = 0;
  for (long long n : points) {
    std::fprintf(stderr, "alloc_fail_sweep: allocation %lld of %lld fails\n", n, total);
    g_count = 0;
    g_failures = 0;
    g_fail_at = n;
    g_counting = true;
    Outcome o = RunScript(model, e);
    g_counting = false;
    g_fail_at = -1;
    if (g_failures.load() > 0) ++hit;
    if (o.failed_calls == 0) ++ran_to_success;
    if (o.wrong_result) {
      std::fprintf(stderr, "alloc_fail_sweep: FAIL at %lld: an execution reported success with a wrong output\n", n);
      ++bad;
    }
    // The library must still work after the failure.
    Outcome probe = RunScript(model, e);
    if (probe.failed_calls != 0 || !probe.executed_ok || probe.wrong_result) {
      std::fprintf(stderr, "alloc_fail_sweep: FAIL at %lld: the clean run after it failed (%d of %d calls): %s\n", n,
                   probe.failed_calls, probe.calls, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "");
      ++bad;
    }
  }
  std::printf(
      "alloc_fail_sweep: %zu points over %lld allocations of the script; %d hit an allocation, %d of those "
      "still ran every call to success; %d failures\n",
      points.size(), total, hit, ran_to_success, bad);
  return bad == 0 ? 0 : 1;
}
