// prof_app: a small AscendCL application for the msprof tests — loads an .om, runs it N
// times with zero-filled inputs, and exits. Public API only.
//   prof_app <model.om> [executions] [acl.json]
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"

#define CHECK(expr)                                                                  \
  do {                                                                               \
    const aclError ret_ = (expr);                                                    \
    if (ret_ != ACL_SUCCESS) {                                                       \
      std::fprintf(stderr, "%s failed: %d %s\n", #expr, ret_, aclGetRecentErrMsg()); \
      std::exit(2);                                                                  \
    }                                                                                \
  } while (0)

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <model.om> [executions] [acl.json]\n", argv[0]);
    return 1;
  }
  const int executions = argc > 2 ? std::atoi(argv[2]) : 1;
  CHECK(aclInit(argc > 3 ? argv[3] : nullptr));
  CHECK(aclrtSetDevice(0));
  uint32_t id = 0;
  CHECK(aclmdlLoadFromFile(argv[1], &id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK(aclmdlGetDesc(desc, id));
  aclmdlDataset* sets[2] = {aclmdlCreateDataset(), aclmdlCreateDataset()};
  std::vector<void*> mem;
  for (int io = 0; io < 2; ++io) {
    const size_t n = io == 0 ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
    for (size_t i = 0; i < n; ++i) {
      const size_t size = io == 0 ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      CHECK(aclrtMalloc(&p, size == 0 ? 1 : size, ACL_MEM_MALLOC_HUGE_FIRST));
      if (io == 0) CHECK(aclrtMemset(p, size == 0 ? 1 : size, 0, size == 0 ? 1 : size));
      mem.push_back(p);
      CHECK(aclmdlAddDatasetBuffer(sets[io], aclCreateDataBuffer(p, size)));
    }
  }
  for (int e = 0; e < executions; ++e) CHECK(aclmdlExecute(id, sets[0], sets[1]));
  CHECK(aclmdlUnload(id));
  for (aclmdlDataset* set : sets) {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
    aclmdlDestroyDataset(set);
  }
  aclmdlDestroyDesc(desc);
  for (void* p : mem) CHECK(aclrtFree(p));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  std::printf("prof_app: %d execution(s) of %s\n", executions, argv[1]);
  return 0;
}
