// bench/pyacl: the C side of the pyACL overhead benchmark. Loads a model, fills zeroed
// device datasets, and times `--iterations` calls of aclmdlExecute (after `--warmup`), printing
// "c_execute_us median=<us> min=<us>". overhead.py runs the same loop through `acl.mdl.execute`
// in the same conditions and reports the difference per call. With `--input f.bin` the first
// input is read from the file instead of zeros, and `--write-output f.bin` writes the first
// output after the loop: the plain aclmdlExecute result the runner tests compare msame and
// ais_bench with (tests/e2e/runners).
//
// Public API only. Failure: a message on stderr and exit status 1.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace {

bool Ok(aclError ret, const char* what) {
  if (ret == ACL_SUCCESS) return true;
  std::fprintf(stderr, "c_execute_loop: %s failed: %d %s\n", what, ret, aclGetRecentErrMsg());
  return false;
}

aclmdlDataset* MakeDataset(const aclmdlDesc* desc, bool inputs, std::vector<void*>* mem) {
  aclmdlDataset* ds = aclmdlCreateDataset();
  size_t n =
      inputs ? aclmdlGetNumInputs(const_cast<aclmdlDesc*>(desc)) : aclmdlGetNumOutputs(const_cast<aclmdlDesc*>(desc));
  for (size_t i = 0; i < n; ++i) {
    size_t size = inputs ? aclmdlGetInputSizeByIndex(const_cast<aclmdlDesc*>(desc), i)
                         : aclmdlGetOutputSizeByIndex(const_cast<aclmdlDesc*>(desc), i);
    void* p = nullptr;
    if (!Ok(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return nullptr;
    aclrtMemset(p, size, 0, size);
    mem->push_back(p);
    aclmdlAddDatasetBuffer(ds, aclCreateDataBuffer(p, size));
  }
  return ds;
}

void FreeDataset(aclmdlDataset* ds) {
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(ds, i));
  aclmdlDestroyDataset(ds);
}

}  // namespace

int main(int argc, char** argv) {
  std::string model, input, write_output;
  int iterations = 2000, warmup = 200;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--model"))
      model = argv[i + 1];
    else if (!std::strcmp(argv[i], "--iterations"))
      iterations = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--warmup"))
      warmup = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--input"))
      input = argv[i + 1];
    else if (!std::strcmp(argv[i], "--write-output"))
      write_output = argv[i + 1];
    else {
      std::fprintf(stderr, "c_execute_loop: unknown option %s\n", argv[i]);
      return 1;
    }
  }
  if (model.empty() || iterations <= 0 || warmup < 0) {
    std::fprintf(stderr,
                 "usage: c_execute_loop --model x.om [--iterations N] [--warmup W] [--input in.bin] "
                 "[--write-output out.bin]\n");
    return 1;
  }
  if (!Ok(aclInit(nullptr), "aclInit") || !Ok(aclrtSetDevice(0), "aclrtSetDevice")) return 1;
  uint32_t id = 0;
  if (!Ok(aclmdlLoadFromFile(model.c_str(), &id), "aclmdlLoadFromFile")) return 1;
  aclmdlDesc* desc = aclmdlCreateDesc();
  if (!Ok(aclmdlGetDesc(desc, id), "aclmdlGetDesc")) return 1;
  std::vector<void*> mem;
  aclmdlDataset* in = MakeDataset(desc, true, &mem);
  aclmdlDataset* out = MakeDataset(desc, false, &mem);
  if (in == nullptr || out == nullptr) return 1;
  if (!input.empty()) {
    FILE* f = std::fopen(input.c_str(), "rb");
    if (f == nullptr) {
      std::fprintf(stderr, "c_execute_loop: cannot open %s\n", input.c_str());
      return 1;
    }
    aclDataBuffer* b = aclmdlGetDatasetBuffer(in, 0);
    std::vector<char> host(aclGetDataBufferSizeV2(b));
    size_t n = std::fread(host.data(), 1, host.size(), f);
    std::fclose(f);
    if (n != host.size()) {
      std::fprintf(stderr, "c_execute_loop: %s has %zu bytes, the input takes %zu\n", input.c_str(), n, host.size());
      return 1;
    }
    if (!Ok(aclrtMemcpy(aclGetDataBufferAddr(b), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE),
            "aclrtMemcpy"))
      return 1;
  }
  for (int i = 0; i < warmup; ++i) {
    if (!Ok(aclmdlExecute(id, in, out), "aclmdlExecute")) return 1;
  }
  std::vector<double> us(static_cast<size_t>(iterations));
  for (int i = 0; i < iterations; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    aclError ret = aclmdlExecute(id, in, out);
    auto t1 = std::chrono::steady_clock::now();
    if (!Ok(ret, "aclmdlExecute")) return 1;
    us[static_cast<size_t>(i)] = std::chrono::duration<double, std::micro>(t1 - t0).count();
  }
  std::sort(us.begin(), us.end());
  std::printf("c_execute_us median=%.3f min=%.3f\n", us[us.size() / 2], us.front());
  if (!write_output.empty()) {
    aclDataBuffer* b = aclmdlGetDatasetBuffer(out, 0);
    std::vector<char> host(aclGetDataBufferSizeV2(b));
    if (!Ok(aclrtMemcpy(host.data(), host.size(), aclGetDataBufferAddr(b), host.size(), ACL_MEMCPY_DEVICE_TO_HOST),
            "aclrtMemcpy"))
      return 1;
    FILE* f = std::fopen(write_output.c_str(), "wb");
    if (f == nullptr || std::fwrite(host.data(), 1, host.size(), f) != host.size()) {
      std::fprintf(stderr, "c_execute_loop: cannot write %s\n", write_output.c_str());
      if (f != nullptr) std::fclose(f);
      return 1;
    }
    std::fclose(f);
  }
  FreeDataset(in);
  FreeDataset(out);
  for (void* p : mem) aclrtFree(p);
  aclmdlDestroyDesc(desc);
  aclmdlUnload(id);
  aclrtResetDevice(0);
  aclFinalize();
  return 0;
}
