// msame_ref: the reference run for msame's tests, written the way a user's first AscendCL
// program would run a static model: aclmdlExecute (synchronous, on the model's own stream) on
// the given .bin inputs (zero-filled without them), each output written raw, whole
// (aclmdlGetOutputSizeByIndex bytes), to <out_dir>/ref_output_<i>.bin. Public API only.
//   msame_ref <model.om> <out_dir> [input0.bin input1.bin ...]
// Thread safety: a single-threaded program. Failure: exit 2 with the failed call, its code
// and aclGetRecentErrMsg on stderr (resources are left to the process exit).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace {

void Check(aclError ret, const char* what) {
  if (ret != ACL_SUCCESS) {
    std::fprintf(stderr, "msame_ref: %s failed: error %d (%s)\n", what, static_cast<int>(ret), aclGetRecentErrMsg());
    std::exit(2);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s <model.om> <out_dir> [input0.bin ...]\n", argv[0]);
    return 1;
  }
  Check(aclInit(nullptr), "aclInit");
  Check(aclrtSetDevice(0), "aclrtSetDevice");
  uint32_t id = 0;
  Check(aclmdlLoadFromFile(argv[1], &id), "aclmdlLoadFromFile");
  aclmdlDesc* desc = aclmdlCreateDesc();
  Check(aclmdlGetDesc(desc, id), "aclmdlGetDesc");
  const size_t inputs = aclmdlGetNumInputs(desc);
  const size_t outputs = aclmdlGetNumOutputs(desc);
  if (argc > 3 && static_cast<size_t>(argc - 3) != inputs) {
    std::fprintf(stderr, "msame_ref: the model has %zu inputs, %d files given\n", inputs, argc - 3);
    return 1;
  }
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  std::vector<void*> memory;
  for (size_t i = 0; i < inputs + outputs; ++i) {
    const bool is_input = i < inputs;
    const size_t size = is_input ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i - inputs);
    void* p = nullptr;
    Check(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    memory.push_back(p);
    if (is_input) {
      std::vector<char> host(size, 0);
      if (argc > 3) {
        std::ifstream f(argv[3 + i], std::ios::binary);
        host.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
        if (host.size() != size) {
          std::fprintf(stderr, "msame_ref: %s holds %zu bytes, input %zu needs %zu\n", argv[3 + i], host.size(), i,
                       size);
          return 1;
        }
      }
      Check(aclrtMemcpy(p, size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
    }
    Check(aclmdlAddDatasetBuffer(is_input ? in : out, aclCreateDataBuffer(p, size)), "aclmdlAddDatasetBuffer");
  }
  Check(aclmdlExecute(id, in, out), "aclmdlExecute");
  for (size_t i = 0; i < outputs; ++i) {
    const size_t size = aclmdlGetOutputSizeByIndex(desc, i);
    std::vector<char> host(size);
    Check(aclrtMemcpy(host.data(), size, memory[inputs + i], size, ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
    const std::string path = std::string(argv[2]) + "/ref_output_" + std::to_string(i) + ".bin";
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(host.data(), static_cast<std::streamsize>(size));
    if (!f) {
      std::fprintf(stderr, "msame_ref: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  for (aclmdlDataset* set : {in, out}) {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i)
      (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
    (void)aclmdlDestroyDataset(set);
  }
  for (void* p : memory) (void)aclrtFree(p);
  (void)aclmdlDestroyDesc(desc);
  Check(aclmdlUnload(id), "aclmdlUnload");
  Check(aclrtResetDevice(0), "aclrtResetDevice");
  Check(aclFinalize(), "aclFinalize");
  return 0;
}
