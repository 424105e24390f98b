/*
 * A program that includes only acl/acl_tdt.h and links -lacl_tdt_channel -lascendcl, the way
 * framework adapters build against an installed CANN. It builds a dataset, reads every item
 * back through the getters, and checks that channels report failure before aclInit (which
 * acl_tdt.h alone does not declare). Prints "tdt link-only program: ok" on success.
 * C99, public API only. Owner: tests/conformance/tdt.
 */
#include <stdint.h>
#include <stdio.h>

#include "acl/acl_tdt.h"

static int check(int ok, const char* what) {
  if (!ok) fprintf(stderr, "tdt_link_only: %s failed\n", what);
  return ok ? 0 : 1;
}

int main(void) {
  int failures = 0;
  int64_t dims[2] = {2, 3};
  float data[6] = {1, 2, 3, 4, 5, 6};
  int64_t got[2] = {0, 0};
  size_t slice_num = 9, slice_id = 9;
  acltdtDataset* ds = acltdtCreateDataset();
  acltdtDataItem* tensor = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, data, sizeof(data));
  acltdtDataItem* eos = acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, NULL, 0, ACL_DT_UNDEFINED, NULL, 0);
  failures += check(ds != NULL && tensor != NULL && eos != NULL, "create");
  failures += check(acltdtAddDataItem(ds, tensor) == ACL_SUCCESS, "acltdtAddDataItem");
  failures += check(acltdtAddDataItem(ds, eos) == ACL_SUCCESS, "acltdtAddDataItem");
  failures += check(acltdtGetDatasetSize(ds) == 2, "acltdtGetDatasetSize");
  failures += check(acltdtGetDataItem(ds, 1) == eos, "acltdtGetDataItem");
  failures += check(acltdtGetDatasetName(ds) != NULL, "acltdtGetDatasetName");
  failures += check(acltdtGetTensorTypeFromItem(tensor) == ACL_TENSOR_DATA_TENSOR, "acltdtGetTensorTypeFromItem");
  failures += check(acltdtGetDataTypeFromItem(tensor) == ACL_FLOAT, "acltdtGetDataTypeFromItem");
  failures += check(acltdtGetDataAddrFromItem(tensor) == data, "acltdtGetDataAddrFromItem");
  failures += check(acltdtGetDataSizeFromItem(tensor) == sizeof(data), "acltdtGetDataSizeFromItem");
  failures += check(acltdtGetDimNumFromItem(tensor) == 2, "acltdtGetDimNumFromItem");
  failures += check(acltdtGetDimsFromItem(tensor, got, 2) == ACL_SUCCESS && got[1] == 3, "acltdtGetDimsFromItem");
  failures += check(acltdtGetSliceInfoFromItem(tensor, &slice_num, &slice_id) == ACL_SUCCESS && slice_num == 0,
                    "acltdtGetSliceInfoFromItem");
  failures += check(acltdtGetTensorTypeFromItem(eos) == ACL_TENSOR_DATA_END_OF_SEQUENCE, "end of sequence item");
  failures += check(acltdtCreateChannelWithCapacity(0, "link_only", 4) == NULL, "channel before aclInit is NULL");
  failures += check(acltdtSendTensor(NULL, ds, -1) != ACL_SUCCESS, "send without a channel fails");
  failures += check(acltdtDestroyDataset(ds) == ACL_SUCCESS, "acltdtDestroyDataset");
  failures += check(acltdtDestroyDataItem(tensor) == ACL_SUCCESS, "acltdtDestroyDataItem");
  failures += check(acltdtDestroyDataItem(eos) == ACL_SUCCESS, "acltdtDestroyDataItem");
  if (failures != 0) return 1;
  printf("tdt link-only program: ok\n");
  return 0;
}
