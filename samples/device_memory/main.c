/*
 * device_memory: the smallest useful AscendCL program, written against the public headers
 * only (C99). It initialises AscendCL, opens device 0, creates a context and two streams,
 * copies a buffer host -> device -> device -> host with the two streams ordered by an event,
 * runs a host callback through a report thread, prints device memory before and after, the
 * simulated time between two events, and tears everything down.
 *
 * Usage: device_memory [acl.json]
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"

#define CHECK(call)                                                                           \
  do {                                                                                        \
    aclError err_ = (call);                                                                   \
    if (err_ != ACL_SUCCESS) {                                                                \
      const char* msg_ = aclGetRecentErrMsg();                                                \
      fprintf(stderr, "%s:%d: %s failed with %d: %s\n", __FILE__, __LINE__, #call, (int)err_, \
              msg_ ? msg_ : "(no message)");                                                  \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

/* Flags shared with the report thread, behind a mutex (C99 has no atomics). */
static pthread_mutex_t g_flag_mutex = PTHREAD_MUTEX_INITIALIZER;
static int g_stop_reporting = 0;
static int g_subscribed = 0;
static int g_callback_runs = 0;

static int ReadFlag(const int* flag) {
  pthread_mutex_lock(&g_flag_mutex);
  int value = *flag;
  pthread_mutex_unlock(&g_flag_mutex);
  return value;
}

static void SetFlag(int* flag) {
  pthread_mutex_lock(&g_flag_mutex);
  *flag = 1;
  pthread_mutex_unlock(&g_flag_mutex);
}

static void* ReportThread(void* arg) {
  aclrtContext ctx = (aclrtContext)arg;
  CHECK(aclrtSetCurrentContext(ctx));
  /* Before main subscribes this thread, ProcessReport would say THREAD_NOT_SUBSCRIBE. */
  while (!ReadFlag(&g_subscribed) && !ReadFlag(&g_stop_reporting)) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, NULL);
  }
  while (!ReadFlag(&g_stop_reporting)) {
    aclError ret = aclrtProcessReport(100);
    if (ret != ACL_SUCCESS && ret != ACL_ERROR_WAIT_CALLBACK_TIMEOUT) {
      fprintf(stderr, "aclrtProcessReport failed with %d\n", (int)ret);
      break;
    }
  }
  return NULL;
}

static void OnCopied(void* user_data) {
  const uint32_t* host = (const uint32_t*)user_data;
  printf("callback: the copy back is complete, word 1 is %u on the host\n", host[1]);
  ++g_callback_runs;
}

int main(int argc, char** argv) {
  const char* config = argc > 1 ? argv[1] : NULL;
  const size_t count = 1u << 20; /* 1 Mi words = 4 MiB */
  const size_t bytes = count * sizeof(uint32_t);

  CHECK(aclInit(config));
  int32_t major = 0, minor = 0, patch = 0;
  CHECK(aclrtGetVersion(&major, &minor, &patch));
  CHECK(aclrtSetDevice(0));
  printf("AscendCL %d.%d.%d on %s (simulated)\n", major, minor, patch, aclrtGetSocName());

  aclrtContext ctx = NULL;
  CHECK(aclrtCreateContext(&ctx, 0));
  aclrtStream s1 = NULL, s2 = NULL;
  CHECK(aclrtCreateStream(&s1));
  CHECK(aclrtCreateStream(&s2));

  aclrtRunMode mode;
  CHECK(aclrtGetRunMode(&mode));
  aclrtMemAttr attr = ACL_DDR_MEM;
  size_t free_before = 0, total = 0;
  CHECK(aclrtGetMemInfo(ACL_DDR_MEM, &free_before, &total));
  if (total == 0) {
    attr = ACL_HBM_MEM;
    CHECK(aclrtGetMemInfo(attr, &free_before, &total));
  }
  printf("device memory (%s): %zu MiB free of %zu MiB, run mode %s\n", attr == ACL_HBM_MEM ? "HBM" : "DDR",
         free_before >> 20, total >> 20, mode == ACL_HOST ? "ACL_HOST" : "ACL_DEVICE");

  uint32_t* host_in = NULL;
  uint32_t* host_out = NULL;
  CHECK(aclrtMallocHost((void**)&host_in, bytes));
  CHECK(aclrtMallocHost((void**)&host_out, bytes));
  for (size_t i = 0; i < count; ++i) host_in[i] = (uint32_t)(i * 2654435761u);
  memset(host_out, 0, bytes);

  void* dev_a = NULL;
  void* dev_b = NULL;
  CHECK(aclrtMalloc(&dev_a, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK(aclrtMalloc(&dev_b, bytes, ACL_MEM_MALLOC_NORMAL_ONLY));
  size_t free_after = 0;
  CHECK(aclrtGetMemInfo(attr, &free_after, &total));
  printf("after two %zu MiB allocations: %zu MiB free (%zu KiB used)\n", bytes >> 20, free_after >> 20,
         (free_before - free_after) >> 10);

  pthread_t reporter;
  if (pthread_create(&reporter, NULL, ReportThread, ctx) != 0) {
    fprintf(stderr, "pthread_create failed\n");
    return 1;
  }
  CHECK(aclrtSubscribeReport((uint64_t)reporter, s2));
  SetFlag(&g_subscribed);

  aclrtEvent start, copied, end;
  CHECK(aclrtCreateEvent(&start));
  CHECK(aclrtCreateEvent(&copied));
  CHECK(aclrtCreateEvent(&end));

  /* Stream 1: host -> device, then device -> device. Stream 2 waits for it, copies back. */
  CHECK(aclrtRecordEvent(start, s1));
  CHECK(aclrtMemcpyAsync(dev_a, bytes, host_in, bytes, ACL_MEMCPY_HOST_TO_DEVICE, s1));
  CHECK(aclrtMemcpyAsync(dev_b, bytes, dev_a, bytes, ACL_MEMCPY_DEVICE_TO_DEVICE, s1));
  CHECK(aclrtRecordEvent(copied, s1));
  CHECK(aclrtStreamWaitEvent(s2, copied));
  CHECK(aclrtMemcpyAsync(host_out, bytes, dev_b, bytes, ACL_MEMCPY_DEVICE_TO_HOST, s2));
  CHECK(aclrtLaunchCallback(OnCopied, host_out, ACL_CALLBACK_BLOCK, s2));
  CHECK(aclrtRecordEvent(end, s2));
  CHECK(aclrtSynchronizeStream(s2));
  CHECK(aclrtSynchronizeStream(s1));

  float ms = 0.0f;
  CHECK(aclrtEventElapsedTime(&ms, start, end));
  int mismatches = 0;
  for (size_t i = 0; i < count; ++i) mismatches += host_out[i] != host_in[i];
  printf("round trip of %zu MiB: %s, %d callback(s), simulated device time %.3f ms\n", bytes >> 20,
         mismatches == 0 ? "data identical" : "DATA MISMATCH", g_callback_runs, ms);

  SetFlag(&g_stop_reporting);
  pthread_join(reporter, NULL);
  CHECK(aclrtUnSubscribeReport((uint64_t)reporter, s2));

  CHECK(aclrtDestroyEvent(start));
  CHECK(aclrtDestroyEvent(copied));
  CHECK(aclrtDestroyEvent(end));
  CHECK(aclrtFree(dev_a));
  CHECK(aclrtFree(dev_b));
  CHECK(aclrtFreeHost(host_in));
  CHECK(aclrtFreeHost(host_out));
  CHECK(aclrtGetMemInfo(attr, &free_after, &total));
  printf("after free: %zu MiB free\n", free_after >> 20);
  CHECK(aclrtDestroyStream(s1));
  CHECK(aclrtDestroyStream(s2));
  CHECK(aclrtDestroyContext(ctx));
  CHECK(aclrtResetDevice(0));
  CHECK(aclFinalize());
  return mismatches == 0 && g_callback_runs == 1 ? 0 : 1;
}
