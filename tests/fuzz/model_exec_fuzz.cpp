// libFuzzer target of the model executor (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for loading and executing arbitrary .om bytes through the public
// API, as an application does: aclmdlLoadFromMem, then (when it loads) aclmdlGetDesc, one
// device buffer per input and output of aclmdlGetInputSizeByIndex / ...OutputSizeByIndex
// bytes, inputs filled from the fuzz input's own bytes (so index tensors, NaNs and
// out-of-range values reach the kernels), aclmdlExecute, aclmdlUnload. Any input must
// return (never crash, hang or trip ASan / UBSan / LeakSanitizer); the .om reader and the
// loader must agree (a file the reader refuses does not load); a refused load or execution
// must leave a message (aclGetRecentErrMsg) and the runtime usable (the next input loads).
// The input is re-sealed first (om_seal.h: its CRCs recomputed) so mutations reach the
// model's sections; the om reader and runtime/model are built with coverage.
// Bounded sizes: models whose work memory, weights, inputs or outputs exceed 1 MiB each, or
// with more than 256 nodes in a graph, are read but not loaded (the loader's own limits are
// the device's memory, far above what a fuzzer can afford per input); AI CPU loops stop at
// aclrtSetOpExecuteTimeOut's 1 s.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "om/om_reader.h"
#include "tests/fuzz/om_seal.h"

namespace {

constexpr uint64_t kMaxBytes = 1 << 20;
constexpr size_t kMaxNodes = 256;

bool WithinBounds(const asim::om::Model& m) {
  if (m.work_size() > kMaxBytes || m.weight_size() > kMaxBytes) return false;
  for (const auto& io : m.inputs) {
    if (io.size > kMaxBytes) return false;
  }
  for (const auto& io : m.outputs) {
    if (io.size > kMaxBytes) return false;
  }
  for (const auto& g : m.graphs) {
    if (g.nodes.size() > kMaxNodes) return false;
  }
  return true;
}

void RequireMessage() {
  const char* msg = aclGetRecentErrMsg();
  if (msg == nullptr || msg[0] == '\0') __builtin_trap();
}

// Device buffers of one dataset; freed (and the dataset destroyed) on scope exit.
struct Buffers {
  aclmdlDataset* dataset = aclmdlCreateDataset();
  std::vector<void*> device;
  ~Buffers() {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(dataset); ++i) {
      aclDestroyDataBuffer(aclmdlGetDatasetBuffer(dataset, i));
    }
    aclmdlDestroyDataset(dataset);
    for (void* p : device) aclrtFree(p);
  }
  // Adds a buffer of `size` bytes, filled from `fill` (repeated) when it is not empty.
  bool Add(size_t size, const uint8_t* fill, size_t fill_size) {
    void* p = nullptr;
    if (aclrtMalloc(&p, size == 0 ? 1 : size, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
    device.push_back(p);
    if (size > 0) {
      std::vector<uint8_t> host(size, 0);
      for (size_t i = 0; fill_size > 0 && i < size; ++i) host[i] = fill[i % fill_size];
      if (aclrtMemcpy(p, size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) __builtin_trap();
    }
    aclDataBuffer* b = aclCreateDataBuffer(p, size);
    if (b == nullptr) __builtin_trap();
    if (aclmdlAddDatasetBuffer(dataset, b) != ACL_SUCCESS) __builtin_trap();
    return true;
  }
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);  // refused models log an error each
  if (aclInit(nullptr) != ACL_SUCCESS) std::abort();
  if (aclrtSetDevice(0) != ACL_SUCCESS) std::abort();
  if (aclrtSetOpExecuteTimeOut(1) != ACL_SUCCESS) std::abort();
  // aclFinalize runs at exit, so LeakSanitizer sees only what the runtime itself leaked.
  std::atexit([] {
    aclrtResetDevice(0);
    aclFinalize();
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* raw, size_t raw_size) {
  const std::vector<uint8_t> sealed = asim::fuzz::SealOm(raw, raw_size);
  const uint8_t* data = sealed.empty() ? raw : sealed.data();
  const size_t size = sealed.size();
  asim::om::Model model;
  const bool readable = asim::om::ReadModel(data, size, &model).ok();
  if (readable && !WithinBounds(model)) return 0;

  uint32_t id = 0;
  const aclError load = aclmdlLoadFromMem(data, size, &id);
  if (load != ACL_SUCCESS) {
    RequireMessage();
    return 0;
  }
  if (!readable) __builtin_trap();  // the loader took a file the reader refuses

  aclmdlDesc* desc = aclmdlCreateDesc();
  if (desc == nullptr || aclmdlGetDesc(desc, id) != ACL_SUCCESS) __builtin_trap();
  {
    Buffers inputs, outputs;
    bool ok = true;
    for (size_t i = 0; ok && i < aclmdlGetNumInputs(desc); ++i) {
      ok = inputs.Add(aclmdlGetInputSizeByIndex(desc, i), data, size);
    }
    for (size_t i = 0; ok && i < aclmdlGetNumOutputs(desc); ++i) {
      ok = outputs.Add(aclmdlGetOutputSizeByIndex(desc, i), nullptr, 0);
    }
    if (ok && aclmdlExecute(id, inputs.dataset, outputs.dataset) != ACL_SUCCESS) RequireMessage();
  }
  if (aclmdlDestroyDesc(desc) != ACL_SUCCESS) __builtin_trap();
  if (aclmdlUnload(id) != ACL_SUCCESS) __builtin_trap();
  return 0;
}
