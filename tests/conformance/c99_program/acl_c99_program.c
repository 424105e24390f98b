/*
 * The acceptance program: a plain C99 AscendCL application, written against the public
 * headers only (acl/acl.h) and linked against libascendcl alone.
 *
 * It initialises AscendCL, opens device 0, creates a context and two streams, copies a
 * pattern host -> device on stream A, records an event, makes stream B wait for it, copies
 * device -> device -> host on B, checks the result from a callback that runs on a report
 * thread (aclrtSubscribeReport / aclrtLaunchCallback / aclrtProcessReport), compares
 * aclrtGetMemInfo before, during and after, and finalises.
 *
 * Usage: acl_c99_program [acl.json]. Exit status 0 only if every call and data check passed.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

#define N_BYTES ((size_t)1 << 20)

static int g_failures = 0;

static const char* recent_msg(void) {
  const char* msg = aclGetRecentErrMsg();
  return msg == NULL ? "(no message)" : msg;
}

/* Checks an aclError; on failure reports it and returns 1 from main's helpers. */
#define CHECK_ACL(expr)                                                                                   \
  do {                                                                                                    \
    aclError ret_ = (expr);                                                                               \
    if (ret_ != ACL_SUCCESS) {                                                                            \
      fprintf(stderr, "%s:%d: %s returned %d: %s\n", __FILE__, __LINE__, #expr, (int)ret_, recent_msg()); \
      return 1;                                                                                           \
    }                                                                                                     \
  } while (0)

#define CHECK_TRUE(cond, what)                                                            \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      fprintf(stderr, "%s:%d: check failed: %s (%s)\n", __FILE__, __LINE__, #cond, what); \
      ++g_failures;                                                                       \
    }                                                                                     \
  } while (0)

/* ---- the report thread (the public samples' pattern) ---------------------------------- */

struct report_state {
  pthread_mutex_t mutex;
  int stop;
};

static int report_should_stop(struct report_state* state) {
  int stop;
  pthread_mutex_lock(&state->mutex);
  stop = state->stop;
  pthread_mutex_unlock(&state->mutex);
  return stop;
}

static void* report_thread_main(void* arg) {
  struct report_state* state = (struct report_state*)arg;
  while (!report_should_stop(state)) {
    (void)aclrtProcessReport(100); /* ACL_ERROR_WAIT_CALLBACK_TIMEOUT when idle */
  }
  return NULL;
}

/* ---- the callback: runs on the report thread after the device -> host copy ------------ */

struct callback_data {
  pthread_mutex_t mutex;
  const unsigned char* output; /* host buffer the stream filled before the callback */
  const unsigned char* expected;
  size_t size;
  int calls;
  int data_ok;
  pthread_t ran_on;
};

static void check_output_callback(void* user_data) {
  struct callback_data* data = (struct callback_data*)user_data;
  int ok = memcmp(data->output, data->expected, data->size) == 0;
  pthread_mutex_lock(&data->mutex);
  ++data->calls;
  data->data_ok = ok;
  data->ran_on = pthread_self();
  pthread_mutex_unlock(&data->mutex);
}

/* aclrtGetMemInfo of whichever device memory the chip has (DDR or HBM). */
static int device_mem_info(size_t* free_bytes, size_t* total) {
  CHECK_ACL(aclrtGetMemInfo(ACL_DDR_MEM, free_bytes, total));
  if (*total == 0) CHECK_ACL(aclrtGetMemInfo(ACL_HBM_MEM, free_bytes, total));
  return 0;
}

static int run(const char* config) {
  aclrtContext context = NULL;
  aclrtStream stream_a = NULL, stream_b = NULL;
  aclrtEvent copied = NULL, start = NULL, end = NULL;
  void *host_in = NULL, *host_out = NULL, *dev1 = NULL, *dev2 = NULL;
  size_t free_before = 0, free_during = 0, free_after = 0, total = 0, i;
  struct report_state report;
  struct callback_data cb;
  pthread_t reporter;
  aclrtRunMode mode;
  float elapsed_ms = 0.0f;
  int32_t major = 0, minor = 0, patch = 0;
  const char* soc;

  CHECK_ACL(aclInit(config));
  CHECK_ACL(aclrtGetVersion(&major, &minor, &patch));
  CHECK_TRUE(major == 1 && minor == 10 && patch == 0, "aclrtGetVersion is 1.10.0");
  soc = aclrtGetSocName();
  CHECK_TRUE(soc != NULL && strncmp(soc, "Ascend", 6) == 0, "aclrtGetSocName names an Ascend chip");
  CHECK_ACL(aclrtSetDevice(0));
  CHECK_ACL(aclrtCreateContext(&context, 0));
  CHECK_ACL(aclrtGetRunMode(&mode));
  CHECK_TRUE(mode == ACL_HOST, "default run mode is ACL_HOST");
  CHECK_ACL(aclrtCreateStream(&stream_a));
  CHECK_ACL(aclrtCreateStream(&stream_b));
  CHECK_ACL(aclrtCreateEvent(&copied));
  CHECK_ACL(aclrtCreateEvent(&start));
  CHECK_ACL(aclrtCreateEvent(&end));

  if (device_mem_info(&free_before, &total) != 0) return 1;
  CHECK_TRUE(total > 0 && free_before <= total, "aclrtGetMemInfo reports the device memory");

  CHECK_ACL(aclrtMallocHost(&host_in, N_BYTES));
  CHECK_ACL(aclrtMallocHost(&host_out, N_BYTES));
  CHECK_ACL(aclrtMalloc(&dev1, N_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMalloc(&dev2, N_BYTES, ACL_MEM_MALLOC_HUGE_FIRST));
  for (i = 0; i < N_BYTES; ++i) ((unsigned char*)host_in)[i] = (unsigned char)(i * 131u + 17u);
  memset(host_out, 0, N_BYTES);

  if (device_mem_info(&free_during, &total) != 0) return 1;
  CHECK_TRUE(free_during + 2 * N_BYTES <= free_before, "free memory drops by the two allocations");

  /* The report thread serves stream B. */
  pthread_mutex_init(&report.mutex, NULL);
  report.stop = 0;
  if (pthread_create(&reporter, NULL, report_thread_main, &report) != 0) {
    fprintf(stderr, "pthread_create failed\n");
    return 1;
  }
  CHECK_ACL(aclrtSubscribeReport((uint64_t)reporter, stream_b));

  pthread_mutex_init(&cb.mutex, NULL);
  cb.output = (const unsigned char*)host_out;
  cb.expected = (const unsigned char*)host_in;
  cb.size = N_BYTES;
  cb.calls = 0;
  cb.data_ok = 0;

  /* Stream A: host -> device, then the event. */
  CHECK_ACL(aclrtRecordEvent(start, stream_a));
  CHECK_ACL(aclrtMemcpyAsync(dev1, N_BYTES, host_in, N_BYTES, ACL_MEMCPY_HOST_TO_DEVICE, stream_a));
  CHECK_ACL(aclrtRecordEvent(copied, stream_a));
  /* Stream B: wait for A, device -> device -> host, then the checking callback. */
  CHECK_ACL(aclrtStreamWaitEvent(stream_b, copied));
  CHECK_ACL(aclrtMemcpyAsync(dev2, N_BYTES, dev1, N_BYTES, ACL_MEMCPY_DEVICE_TO_DEVICE, stream_b));
  CHECK_ACL(aclrtMemcpyAsync(host_out, N_BYTES, dev2, N_BYTES, ACL_MEMCPY_DEVICE_TO_HOST, stream_b));
  CHECK_ACL(aclrtLaunchCallback(check_output_callback, &cb, ACL_CALLBACK_BLOCK, stream_b));
  CHECK_ACL(aclrtRecordEvent(end, stream_b));
  CHECK_ACL(aclrtSynchronizeStream(stream_b));
  CHECK_ACL(aclrtSynchronizeStream(stream_a));

  CHECK_TRUE(memcmp(host_out, host_in, N_BYTES) == 0, "host -> device -> device -> host round trip");
  pthread_mutex_lock(&cb.mutex);
  CHECK_TRUE(cb.calls == 1, "the callback ran once");
  CHECK_TRUE(cb.data_ok, "the callback saw the copied data");
  CHECK_TRUE(cb.calls == 1 && pthread_equal(cb.ran_on, reporter), "the callback ran on the report thread");
  pthread_mutex_unlock(&cb.mutex);

  CHECK_ACL(aclrtEventElapsedTime(&elapsed_ms, start, end));
  CHECK_TRUE(elapsed_ms > 0.0f, "simulated time passed between the first and the last event");

  CHECK_ACL(aclrtUnSubscribeReport((uint64_t)reporter, stream_b));
  pthread_mutex_lock(&report.mutex);
  report.stop = 1;
  pthread_mutex_unlock(&report.mutex);
  pthread_join(reporter, NULL);
  pthread_mutex_destroy(&report.mutex);
  pthread_mutex_destroy(&cb.mutex);

  CHECK_ACL(aclrtFree(dev1));
  CHECK_ACL(aclrtFree(dev2));
  CHECK_ACL(aclrtFreeHost(host_in));
  CHECK_ACL(aclrtFreeHost(host_out));
  if (device_mem_info(&free_after, &total) != 0) return 1;
  CHECK_TRUE(free_after == free_before, "free memory is back after aclrtFree");

  CHECK_ACL(aclrtDestroyEvent(copied));
  CHECK_ACL(aclrtDestroyEvent(start));
  CHECK_ACL(aclrtDestroyEvent(end));
  CHECK_ACL(aclrtDestroyStream(stream_a));
  CHECK_ACL(aclrtDestroyStream(stream_b));
  CHECK_ACL(aclrtDestroyContext(context));
  CHECK_ACL(aclrtResetDevice(0));
  CHECK_ACL(aclFinalize());

  printf("c99 program: %s, %lu bytes round trip, %.3f simulated ms, %d failed check(s)\n", soc == NULL ? "?" : soc,
         (unsigned long)N_BYTES, (double)elapsed_ms, g_failures);
  return g_failures == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  int status = run(argc > 1 ? argv[1] : NULL);
  if (status != 0) fprintf(stderr, "c99 program: FAILED\n");
  return status == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
