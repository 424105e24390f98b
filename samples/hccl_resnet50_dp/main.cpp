// hccl_resnet50_dp: data-parallel ResNet-50 inference across MPI processes, one simulated device
// per rank. Every rank runs its shard of a batch of images (batch-1 model, one image at a time),
// the ranks' logits are gathered with HcclAllGather on the ranks' streams, and rank 0 checks
// the gathered result against a single-process reference (it runs every image itself).
//
//   mpirun -np 4 ./hccl_resnet50_dp --model resnet50.om [--images 8]
//
// The images are deterministic pseudo-random inputs (the same on every rank). Public headers
// (acl/, hccl/) and MPI only; C++11.
#include <mpi.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace {

int g_rank = 0;

void Die(const char* what, long code) {
  std::fprintf(stderr, "rank %d: %s failed (%ld)\n", g_rank, what, code);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
}
#define ACL_OK(call)                                          \
  do {                                                        \
    const aclError e_ = (call);                               \
    if (e_ != ACL_SUCCESS) Die(#call, static_cast<long>(e_)); \
  } while (0)
#define HCCL_OK(call)                                          \
  do {                                                         \
    const HcclResult h_ = (call);                              \
    if (h_ != HCCL_SUCCESS) Die(#call, static_cast<long>(h_)); \
  } while (0)

// Image `index`'s input tensor (the model's input type: fp16 or fp32), values in [-2, 2).
std::vector<uint8_t> MakeInput(size_t bytes, aclDataType type, uint32_t index) {
  std::vector<uint8_t> out(bytes);
  uint32_t state = 0x9e3779b9u * (index + 1);
  const size_t es = type == ACL_FLOAT ? 4 : 2;
  for (size_t i = 0; i + es <= bytes; i += es) {
    state = state * 1664525u + 1013904223u;
    const float v = static_cast<float>(state >> 8) / static_cast<float>(1u << 24) * 4.0f - 2.0f;
    if (type == ACL_FLOAT) {
      std::memcpy(&out[i], &v, 4);
    } else {
      const aclFloat16 h = aclFloatToFloat16(v);
      std::memcpy(&out[i], &h, 2);
    }
  }
  return out;
}

struct Model {
  uint32_t id = 0;
  aclmdlDesc* desc = nullptr;
  size_t in_bytes = 0, out_bytes = 0;
  aclDataType in_type = ACL_FLOAT16;
  void* in_dev = nullptr;
  void* out_dev = nullptr;
  aclmdlDataset* inputs = nullptr;
  aclmdlDataset* outputs = nullptr;

  void Load(const char* path) {
    ACL_OK(aclmdlLoadFromFile(path, &id));
    desc = aclmdlCreateDesc();
    ACL_OK(aclmdlGetDesc(desc, id));
    in_bytes = aclmdlGetInputSizeByIndex(desc, 0);
    out_bytes = aclmdlGetOutputSizeByIndex(desc, 0);
    in_type = aclmdlGetInputDataType(desc, 0);
    ACL_OK(aclrtMalloc(&in_dev, in_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    ACL_OK(aclrtMalloc(&out_dev, out_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    inputs = aclmdlCreateDataset();
    outputs = aclmdlCreateDataset();
    ACL_OK(aclmdlAddDatasetBuffer(inputs, aclCreateDataBuffer(in_dev, in_bytes)));
    ACL_OK(aclmdlAddDatasetBuffer(outputs, aclCreateDataBuffer(out_dev, out_bytes)));
  }
  // Runs image `index`; its logits land at `dst` (device memory).
  void Run(uint32_t index, void* dst) {
    const std::vector<uint8_t> in = MakeInput(in_bytes, in_type, index);
    ACL_OK(aclrtMemcpy(in_dev, in_bytes, in.data(), in_bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    ACL_OK(aclmdlExecute(id, inputs, outputs));
    ACL_OK(aclrtMemcpy(dst, out_bytes, out_dev, out_bytes, ACL_MEMCPY_DEVICE_TO_DEVICE));
  }
  void Unload() {
    for (aclmdlDataset* d : {inputs, outputs}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(d); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(d, i));
      aclmdlDestroyDataset(d);
    }
    aclrtFree(in_dev);
    aclrtFree(out_dev);
    aclmdlDestroyDesc(desc);
    aclmdlUnload(id);
  }
};

}  // namespace

int main(int argc, char** argv) {
  int provided = 0, size = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);  // HCCL calls MPI from stream threads
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  std::string model_path;
  uint32_t images = 8;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--model") == 0) model_path = argv[i + 1];
    if (std::strcmp(argv[i], "--images") == 0) images = static_cast<uint32_t>(std::atoi(argv[i + 1]));
  }
  if (model_path.empty() || images == 0 || images % static_cast<uint32_t>(size) != 0) {
    if (g_rank == 0)
      std::fprintf(stderr, "usage: hccl_resnet50_dp --model <resnet50.om> [--images <multiple of ranks>]\n");
    MPI_Finalize();
    return 2;
  }
  const uint32_t per_rank = images / static_cast<uint32_t>(size);

  ACL_OK(aclInit(nullptr));
  uint32_t devices = 0;
  ACL_OK(aclrtGetDeviceCount(&devices));
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  const int32_t device = static_cast<int32_t>(static_cast<uint32_t>(local ? std::atoi(local) : g_rank) % devices);
  ACL_OK(aclrtSetDevice(device));
  aclrtStream stream = nullptr;
  ACL_OK(aclrtCreateStream(&stream));

  HcclRootInfo root;
  if (g_rank == 0) HCCL_OK(HcclGetRootInfo(&root));
  MPI_Bcast(&root, static_cast<int>(sizeof(root)), MPI_BYTE, 0, MPI_COMM_WORLD);
  HcclComm comm = nullptr;
  HCCL_OK(HcclCommInitRootInfo(static_cast<uint32_t>(size), &root, static_cast<uint32_t>(g_rank), &comm));

  Model model;
  model.Load(model_path.c_str());
  const size_t logits = model.out_bytes / sizeof(float);
  void* shard = nullptr;
  void* all = nullptr;
  ACL_OK(aclrtMalloc(&shard, model.out_bytes * per_rank, ACL_MEM_MALLOC_HUGE_FIRST));
  ACL_OK(aclrtMalloc(&all, model.out_bytes * images, ACL_MEM_MALLOC_HUGE_FIRST));
  // This rank's shard: images [rank * per_rank, (rank + 1) * per_rank).
  for (uint32_t j = 0; j < per_rank; ++j) {
    model.Run(static_cast<uint32_t>(g_rank) * per_rank + j, static_cast<char*>(shard) + j * model.out_bytes);
  }
  HCCL_OK(HcclAllGather(shard, all, logits * per_rank, HCCL_DATA_TYPE_FP32, comm, stream));
  ACL_OK(aclrtSynchronizeStream(stream));
  std::vector<float> gathered(logits * images);
  ACL_OK(
      aclrtMemcpy(gathered.data(), model.out_bytes * images, all, model.out_bytes * images, ACL_MEMCPY_DEVICE_TO_HOST));
  std::printf("rank %d/%d on device %d: %u images inferred, logits of %u images gathered\n", g_rank, size, device,
              per_rank, images);
  std::fflush(stdout);

  int failed = 0;
  if (g_rank == 0) {
    // The single-process reference: every image on this rank's device.
    std::vector<float> ref(logits * images);
    void* tmp = nullptr;
    ACL_OK(aclrtMalloc(&tmp, model.out_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    double worst = 0;
    for (uint32_t i = 0; i < images; ++i) {
      model.Run(i, tmp);
      ACL_OK(aclrtMemcpy(&ref[i * logits], model.out_bytes, tmp, model.out_bytes, ACL_MEMCPY_DEVICE_TO_HOST));
      size_t top_ref = 0, top_got = 0;
      for (size_t k = 0; k < logits; ++k) {
        const float a = ref[i * logits + k], b = gathered[i * logits + k];
        worst = std::fmax(worst, std::fabs(static_cast<double>(a) - b) / (std::fabs(static_cast<double>(a)) + 1e-3));
        if (a > ref[i * logits + top_ref]) top_ref = k;
        if (b > gathered[i * logits + top_got]) top_got = k;
      }
      std::printf("image %u: class %zu (reference %zu)\n", i, top_got, top_ref);
      if (top_ref != top_got) failed = 1;
    }
    aclrtFree(tmp);
    // Tolerance: the same kernels on the same input; only a different thread split could differ.
    if (worst > 1e-5) failed = 1;
    std::printf("hccl_resnet50_dp: %s (%u images on %d ranks, largest relative difference %.3g)\n",
                failed ? "FAIL" : "PASS", images, size, worst);
    std::fflush(stdout);
  }
  // The other ranks wait for rank 0's verdict without spinning on the CPU rank 0 needs.
  MPI_Request verdict;
  MPI_Ibcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD, &verdict);
  for (int done = 0; !done;) {
    MPI_Test(&verdict, &done, MPI_STATUS_IGNORE);
    if (!done) usleep(10000);
  }

  HCCL_OK(HcclCommDestroy(comm));
  model.Unload();
  aclrtFree(shard);
  aclrtFree(all);
  aclrtDestroyStream(stream);
  aclrtResetDevice(device);
  aclFinalize();
  MPI_Finalize();
  return failed;
}
