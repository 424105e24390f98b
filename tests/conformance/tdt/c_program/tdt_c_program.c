/*
 * The tdt API from C99: a channel round trip and the enum arguments a C program may pass
 * with any int value (out-of-range values must be rejected, not misread). Prints
 * "tdt C program: ok" on success. Public API only. Owner: tests/conformance/tdt.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "acl/acl_tdt_queue.h"

static int failures = 0;

static void check(int ok, const char* what) {
  if (!ok) {
    fprintf(stderr, "tdt_c_program: %s failed (%s)\n", what, aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "");
    ++failures;
  }
}

static void round_trip(void) {
  float values[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  int64_t dims[1] = {4};
  acltdtChannelHandle* ch = acltdtCreateChannelWithCapacity(0, "c_program", 2);
  acltdtDataset* out = acltdtCreateDataset();
  acltdtDataset* in = acltdtCreateDataset();
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, values, sizeof(values));
  float got[4] = {0, 0, 0, 0};
  check(ch != NULL && out != NULL && in != NULL && item != NULL, "create");
  check(acltdtAddDataItem(out, item) == ACL_SUCCESS, "acltdtAddDataItem");
  check(acltdtSendTensor(ch, out, 0) == ACL_SUCCESS, "acltdtSendTensor");
  check(acltdtReceiveTensor(ch, in, 0) == ACL_SUCCESS, "acltdtReceiveTensor");
  check(acltdtGetDatasetSize(in) == 1, "received one item");
  memcpy(got, acltdtGetDataAddrFromItem(acltdtGetDataItem(in, 0)), sizeof(got));
  check(memcmp(got, values, sizeof(got)) == 0, "received bytes");
  check(acltdtReceiveTensor(ch, in, 0) == ACL_ERROR_RT_QUEUE_EMPTY, "empty channel");
  check(acltdtDestroyDataset(in) == ACL_SUCCESS && acltdtDestroyDataset(out) == ACL_SUCCESS, "destroy datasets");
  check(acltdtDestroyDataItem(item) == ACL_SUCCESS, "acltdtDestroyDataItem");
  check(acltdtDestroyChannel(ch) == ACL_SUCCESS, "acltdtDestroyChannel");
}

static void enum_values(void) {
  int64_t dims[1] = {1};
  float one = 1.0f;
  uint32_t depth = 4;
  size_t ret = 0;
  uint32_t id = 0;
  acltdtQueueAttr* attr = acltdtCreateQueueAttr();
  acltdtQueueRoute* route = acltdtCreateQueueRoute(1, 2);
  acltdtQueueRouteQueryInfo* info = acltdtCreateQueueRouteQueryInfo();
  check(acltdtCreateDataItem((acltdtTensorType)9, NULL, 0, ACL_FLOAT, NULL, 0) == NULL, "tensor type 9");
  check(acltdtCreateDataItem((acltdtTensorType)-5, NULL, 0, ACL_FLOAT, NULL, 0) == NULL, "tensor type -5");
  check(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, (aclDataType)1234, &one, sizeof(one)) == NULL,
        "data type 1234");
  check(acltdtSetQueueAttr(attr, (acltdtQueueAttrType)5, sizeof(depth), &depth) == ACL_ERROR_INVALID_PARAM,
        "attr type 5 (set)");
  check(acltdtGetQueueAttr(attr, (acltdtQueueAttrType)-1, sizeof(depth), &ret, &depth) == ACL_ERROR_INVALID_PARAM,
        "attr type -1 (get)");
  check(
      acltdtGetQueueRouteParam(route, (acltdtQueueRouteParamType)77, sizeof(id), &ret, &id) == ACL_ERROR_INVALID_PARAM,
      "route param type 77");
  check(acltdtSetQueueRouteQueryInfo(info, (acltdtQueueRouteQueryInfoParamType)1000, sizeof(id), &id) ==
            ACL_ERROR_INVALID_PARAM,
        "query info type 1000");
  check(acltdtDestroyQueueAttr(attr) == ACL_SUCCESS, "acltdtDestroyQueueAttr");
  check(acltdtDestroyQueueRoute(route) == ACL_SUCCESS, "acltdtDestroyQueueRoute");
  check(acltdtDestroyQueueRouteQueryInfo(info) == ACL_SUCCESS, "acltdtDestroyQueueRouteQueryInfo");
}

int main(void) {
  if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) {
    fprintf(stderr, "tdt_c_program: aclInit / aclrtSetDevice failed\n");
    return 1;
  }
  round_trip();
  enum_values();
  check(aclrtResetDevice(0) == ACL_SUCCESS, "aclrtResetDevice");
  check(aclFinalize() == ACL_SUCCESS, "aclFinalize");
  if (failures != 0) return 1;
  printf("tdt C program: ok\n");
  return 0;
}
