/*
 * memcheck_bugs: one small AscendCL program per bug class memcheck detects. The argument
 * picks the bug to plant (out_of_bounds, memset_out_of_bounds, use_after_free, double_free,
 * invalid_free, free_host_with_free, free_device_with_free_host, kind_mismatch,
 * unsynchronized_read, leak, host_access, none); ctest runs each with ASCEND_SIM_MEMCHECK=on
 * and ASCEND_SIM_MEMCHECK_ACTION=abort and checks that the report names the finding, the
 * offending call in the plant_* function and the allocation's origin.
 * C99, public headers only (acl/acl.h, acl/ext/aclsim_ext.h). Owner: tests/conformance/aclsim.
 */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/ext/aclsim_ext.h"

static char g_host[4096];

static void* DeviceBlock(void) {
  void* d = NULL;
  if (aclrtMalloc(&d, 1000, ACL_MEM_MALLOC_NORMAL_ONLY) != ACL_SUCCESS) {
    printf("aclrtMalloc failed: %s\n", aclGetRecentErrMsg());
  }
  return d;
}

/* Exported (not static) so that the reports can name them. */
void plant_out_of_bounds(void) {
  void* d = DeviceBlock();
  (void)aclrtMemcpy(d, sizeof(g_host), g_host, 1024, ACL_MEMCPY_HOST_TO_DEVICE);
}

void plant_memset_out_of_bounds(void) {
  char* d = (char*)DeviceBlock();
  (void)aclrtMemset(d + 900, 200, 0, 200);
}

void plant_use_after_free(void) {
  void* d = DeviceBlock();
  (void)aclrtFree(d);
  (void)aclrtMemcpy(g_host, sizeof(g_host), d, 100, ACL_MEMCPY_DEVICE_TO_HOST);
}

void plant_double_free(void) {
  void* d = DeviceBlock();
  (void)aclrtFree(d);
  (void)aclrtFree(d);
}

void plant_invalid_free(void) {
  char* d = (char*)DeviceBlock();
  (void)aclrtFree(d + 8);
}

void plant_free_host_with_free(void) {
  void* h = NULL;
  (void)aclrtMallocHost(&h, 64);
  (void)aclrtFree(h);
}

void plant_free_device_with_free_host(void) {
  void* d = DeviceBlock();
  (void)aclrtFreeHost(d);
}

void plant_kind_mismatch(void) {
  void* d = DeviceBlock();
  (void)aclrtMemcpy(d, 1000, g_host, 1000, ACL_MEMCPY_DEVICE_TO_HOST);
}

void plant_unsynchronized_read(void) {
  aclrtStream s = NULL;
  void* pinned = NULL;
  void* d = DeviceBlock();
  (void)aclrtCreateStream(&s);
  /* Pinned host memory: the copy is queued (from malloc'd memory it would have run before
   * aclrtMemcpyAsync returned, as on the real runtime, and there would be no bug). */
  (void)aclrtMallocHost(&pinned, 1000);
  (void)aclrtMemcpyAsync(d, 1000, pinned, 1000, ACL_MEMCPY_HOST_TO_DEVICE, s);
  /* missing: aclrtSynchronizeStream(s) */
  (void)aclrtMemcpy(g_host, sizeof(g_host), d, 1000, ACL_MEMCPY_DEVICE_TO_HOST);
}

void plant_leak(void) {
  aclrtStream s = NULL;
  (void)aclrtCreateStream(&s);
  (void)DeviceBlock();
}

void plant_host_access(void) {
  volatile char* d = (volatile char*)DeviceBlock();
  d[10] = 1; /* device memory is not host-accessible in host run mode */
}

int main(int argc, char** argv) {
  static const struct {
    const char* name;
    void (*plant)(void);
  } kBugs[] = {
      {"out_of_bounds", plant_out_of_bounds},
      {"memset_out_of_bounds", plant_memset_out_of_bounds},
      {"use_after_free", plant_use_after_free},
      {"double_free", plant_double_free},
      {"invalid_free", plant_invalid_free},
      {"free_host_with_free", plant_free_host_with_free},
      {"free_device_with_free_host", plant_free_device_with_free_host},
      {"kind_mismatch", plant_kind_mismatch},
      {"unsynchronized_read", plant_unsynchronized_read},
      {"leak", plant_leak},
      {"host_access", plant_host_access},
  };
  const char* bug = argc > 1 ? argv[1] : "none";
  size_t i;
  if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
    printf("setup failed: %s\n", aclGetRecentErrMsg());
    return 2;
  }
  for (i = 0; i < sizeof(kBugs) / sizeof(kBugs[0]); ++i) {
    if (strcmp(bug, kBugs[i].name) == 0) {
      kBugs[i].plant();
      break;
    }
  }
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
  if (strcmp(bug, "none") == 0) {
    printf("no bug planted: %llu findings\n", (unsigned long long)aclsimGetFindingCount(ACLSIM_FINDING_ANY));
  }
  return 0;
}
