/*
 * hccl_allreduce: data-parallel all-reduce across processes, one simulated Ascend device per
 * MPI rank, the way HCCL programs are launched on real clusters:
 *
 *   mpirun -np 8 ./hccl_allreduce [elements [exit-early | mismatch | late-rank | rank_table.json]]
 *
 * Rank 0 makes the HCCL root info and broadcasts it with MPI; every rank builds its
 * communicator (HcclCommInitRootInfo), fills a buffer on its device, all-reduces it (sum, int32
 * and fp32) on its stream, checks the result against the value every rank can compute, and
 * reports the simulated duration. "late-rank": rank 0 copies 32 MiB on its stream before the
 * all-reduce and the others do not; every rank's all-reduce must end at the same simulated time
 * (HCCL waits for the last rank). C99, public headers (acl/, hccl/) and MPI only.
 *
 * The device of a rank is its rank on this host (OMPI_COMM_WORLD_LOCAL_RANK), modulo the
 * simulated device count (ASCEND_SIM_DEVICE_COUNT).
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

#define ACL_CHECK(call)                                                          \
  do {                                                                           \
    aclError err_ = (call);                                                      \
    if (err_ != ACL_SUCCESS) {                                                   \
      fprintf(stderr, "rank %d: %s failed with %d\n", g_rank, #call, (int)err_); \
      MPI_Abort(MPI_COMM_WORLD, 1);                                              \
    }                                                                            \
  } while (0)
#define HCCL_CHECK(call)                                                                    \
  do {                                                                                      \
    HcclResult ret_ = (call);                                                               \
    if (ret_ != HCCL_SUCCESS) {                                                             \
      fprintf(stderr, "rank %d: %s failed: %s\n", g_rank, #call, HcclGetErrorString(ret_)); \
      MPI_Abort(MPI_COMM_WORLD, 1);                                                         \
    }                                                                                       \
  } while (0)

static int g_rank = 0;

static int LocalRank(void) {
  const char* v = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  return v != NULL ? atoi(v) : g_rank;
}

/* Rank 0 arrives late (a 32 MiB device copy first): the all-reduce ends at the same simulated
 * time on every rank, so the span from a common start (just after a barrier, which ends
 * together everywhere) to the end of the all-reduce is the same on every rank. */
static int RunLateRank(int size, HcclComm comm, aclrtStream stream, void* buf, uint64_t count) {
  const size_t copy_bytes = (size_t)32 << 20;
  void *src = NULL, *dst = NULL;
  ACL_CHECK(aclrtMalloc(&src, copy_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  ACL_CHECK(aclrtMalloc(&dst, copy_bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  aclrtEvent start = NULL, stop = NULL;
  ACL_CHECK(aclrtCreateEvent(&start));
  ACL_CHECK(aclrtCreateEvent(&stop));
  HCCL_CHECK(HcclBarrier(comm, stream));
  ACL_CHECK(aclrtSynchronizeStream(stream));
  ACL_CHECK(aclrtRecordEvent(start, stream));
  if (g_rank == 0) {
    ACL_CHECK(aclrtMemcpyAsync(dst, copy_bytes, src, copy_bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
  }
  HCCL_CHECK(HcclAllReduce(buf, buf, count, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream));
  ACL_CHECK(aclrtRecordEvent(stop, stream));
  ACL_CHECK(aclrtSynchronizeStream(stream));
  float ms = 0, lo = 0, hi = 0;
  ACL_CHECK(aclrtEventElapsedTime(&ms, start, stop));
  printf("rank %d/%d: start to the all-reduce's end: %.4f ms simulated\n", g_rank, size, (double)ms);
  fflush(stdout);
  MPI_Allreduce(&ms, &lo, 1, MPI_FLOAT, MPI_MIN, MPI_COMM_WORLD);
  MPI_Allreduce(&ms, &hi, 1, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD);
  /* 32 MiB at the chip's copy rate take tens of microseconds; the small all-reduce alone less. */
  const int ok = lo == hi && lo > 0.040f;
  if (g_rank == 0) {
    printf(ok ? "hccl_allreduce: the late rank delays every rank (%d ranks, %.4f ms)\n"
              : "hccl_allreduce: FAIL: the ranks' ends differ (%d ranks, %.4f .. %.4f ms)\n",
           size, (double)lo, (double)hi);
    fflush(stdout);
  }
  aclrtDestroyEvent(start);
  aclrtDestroyEvent(stop);
  aclrtFree(src);
  aclrtFree(dst);
  return ok;
}

int main(int argc, char** argv) {
  int provided = 0, size = 0;
  /* HCCL's tasks call MPI from the streams' threads. */
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 10) : 1u << 20;
  /* "exit-early": the last rank leaves before the all-reduce (the others must fail, not hang). */
  const int exit_early = argc > 2 && strcmp(argv[2], "exit-early") == 0;
  /* "mismatch": the last rank passes one element fewer; every rank's stream must fail. */
  const int mismatch = argc > 2 && strcmp(argv[2], "mismatch") == 0;
  const int late_rank = argc > 2 && strcmp(argv[2], "late-rank") == 0;
  /* A rank table file instead: the communicator from HcclCommInitClusterInfo. */
  const char* rank_table = argc > 2 && strstr(argv[2], ".json") != NULL ? argv[2] : NULL;

  ACL_CHECK(aclInit(NULL));
  uint32_t devices = 0;
  ACL_CHECK(aclrtGetDeviceCount(&devices));
  const int32_t device = (int32_t)((uint32_t)LocalRank() % devices);
  ACL_CHECK(aclrtSetDevice(device));
  aclrtStream stream = NULL;
  ACL_CHECK(aclrtCreateStream(&stream));

  HcclComm comm = NULL;
  if (rank_table != NULL) {
    HCCL_CHECK(HcclCommInitClusterInfo(rank_table, (uint32_t)g_rank, &comm));
  } else {
    HcclRootInfo root;
    if (g_rank == 0) HCCL_CHECK(HcclGetRootInfo(&root));
    MPI_Bcast(&root, (int)sizeof(root), MPI_BYTE, 0, MPI_COMM_WORLD);
    HCCL_CHECK(HcclCommInitRootInfo((uint32_t)size, &root, (uint32_t)g_rank, &comm));
  }

  int32_t* host_i = NULL;
  float* host_f = NULL;
  ACL_CHECK(aclrtMallocHost((void**)&host_i, count * sizeof(int32_t)));
  ACL_CHECK(aclrtMallocHost((void**)&host_f, count * sizeof(float)));
  for (uint64_t i = 0; i < count; ++i) {
    host_i[i] = (int32_t)((uint64_t)(g_rank + 1) * (i % 1000) - (uint64_t)g_rank);
    host_f[i] = (float)(g_rank + 1) * 0.5f + (float)(i % 17);
  }
  void *dev_i = NULL, *dev_f = NULL;
  ACL_CHECK(aclrtMalloc(&dev_i, count * sizeof(int32_t), ACL_MEM_MALLOC_HUGE_FIRST));
  ACL_CHECK(aclrtMalloc(&dev_f, count * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
  ACL_CHECK(aclrtMemcpy(dev_i, count * sizeof(int32_t), host_i, count * sizeof(int32_t), ACL_MEMCPY_HOST_TO_DEVICE));
  ACL_CHECK(aclrtMemcpy(dev_f, count * sizeof(float), host_f, count * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE));

  aclrtEvent start = NULL, stop = NULL;
  ACL_CHECK(aclrtCreateEvent(&start));
  ACL_CHECK(aclrtCreateEvent(&stop));
  if (exit_early && g_rank == size - 1) {
    fprintf(stderr, "rank %d: exiting early\n", g_rank);
    _exit(3);
  }
  if (late_rank) {
    const int ok = RunLateRank(size, comm, stream, dev_i, count);
    HCCL_CHECK(HcclCommDestroy(comm));
    MPI_Finalize();
    return ok ? 0 : 1;
  }
  if (mismatch) {
    const uint64_t mine = g_rank == size - 1 ? count - 1 : count;
    HCCL_CHECK(HcclAllReduce(dev_i, dev_i, mine, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream));
    const aclError sync = aclrtSynchronizeStream(stream);
    int detected = sync != ACL_SUCCESS, everywhere = 0;
    printf("rank %d: mismatched all-reduce -> aclrtSynchronizeStream %d\n", g_rank, (int)sync);
    fflush(stdout);
    MPI_Reduce(&detected, &everywhere, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (g_rank == 0) {
      printf(everywhere == size ? "hccl_allreduce: mismatch detected on every rank (%d ranks)\n"
                                : "hccl_allreduce: FAIL: mismatch missed (%d ranks)\n",
             size);
      fflush(stdout);
    }
    MPI_Finalize();
    return everywhere == size || g_rank != 0 ? 0 : 1;
  }
  ACL_CHECK(aclrtRecordEvent(start, stream));
  HCCL_CHECK(HcclAllReduce(dev_i, dev_i, count, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, comm, stream));
  ACL_CHECK(aclrtRecordEvent(stop, stream));
  HCCL_CHECK(HcclAllReduce(dev_f, dev_f, count, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream));
  ACL_CHECK(aclrtMemcpyAsync(host_i, count * sizeof(int32_t), dev_i, count * sizeof(int32_t), ACL_MEMCPY_DEVICE_TO_HOST,
                             stream));
  ACL_CHECK(
      aclrtMemcpyAsync(host_f, count * sizeof(float), dev_f, count * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST, stream));
  ACL_CHECK(aclrtSynchronizeStream(stream));
  float ms = 0;
  ACL_CHECK(aclrtEventElapsedTime(&ms, start, stop));

  /* Every rank knows every input: the sums are exact (integers; fp32 sums of small halves). */
  uint64_t bad = 0;
  for (uint64_t i = 0; i < count; ++i) {
    int64_t want_i = 0;
    float want_f = 0.0f;
    for (int r = 0; r < size; ++r) {
      want_i += (int32_t)((uint64_t)(r + 1) * (i % 1000) - (uint64_t)r);
      want_f += (float)(r + 1) * 0.5f + (float)(i % 17);
    }
    if (host_i[i] != (int32_t)want_i || host_f[i] != want_f) ++bad;
  }
  uint64_t bad_total = 0;
  MPI_Reduce(&bad, &bad_total, 1, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  printf("rank %d/%d on device %d: int32 all-reduce of %llu elements took %.3f ms simulated, %llu mismatches\n", g_rank,
         size, device, (unsigned long long)count, (double)ms, (unsigned long long)bad);
  fflush(stdout);
  MPI_Barrier(MPI_COMM_WORLD);
  if (g_rank == 0) {
    printf(bad_total == 0 ? "hccl_allreduce: PASS (%d ranks)\n" : "hccl_allreduce: FAIL (%d ranks)\n", size);
    fflush(stdout);
  }

  HCCL_CHECK(HcclCommDestroy(comm));
  aclrtDestroyEvent(start);
  aclrtDestroyEvent(stop);
  aclrtFree(dev_i);
  aclrtFree(dev_f);
  aclrtFreeHost(host_i);
  aclrtFreeHost(host_f);
  aclrtDestroyStream(stream);
  aclrtResetDevice(device);
  aclFinalize();
  MPI_Finalize();
  return bad_total == 0 ? 0 : 1;
}
