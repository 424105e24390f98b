// Conformance: acl_tdt.h data items and datasets — creation rules, every getter, NULL and
// destroyed handles, host/device memory sides.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "conformance_util.h"
#include "tdt_test_util.h"

namespace {

using tdt_test::SendSet;

TEST(TdtDataItem, TensorItemAndEveryGetter) {
  int64_t dims[] = {2, 3};
  float data[6] = {1, 2, 3, 4, 5, 6};
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, data, sizeof(data));
  ASSERT_NE(item, nullptr) << conformance::RecentMsg();
  EXPECT_EQ(acltdtGetTensorTypeFromItem(item), ACL_TENSOR_DATA_TENSOR);
  EXPECT_EQ(acltdtGetDataTypeFromItem(item), ACL_FLOAT);
  EXPECT_EQ(acltdtGetDataAddrFromItem(item), data);  // the application's memory, not a copy
  EXPECT_EQ(acltdtGetDataSizeFromItem(item), sizeof(data));
  EXPECT_EQ(acltdtGetDimNumFromItem(item), 2u);
  int64_t got[4] = {-1, -1, -1, -1};
  ASSERT_ACL_OK(acltdtGetDimsFromItem(item, got, 4));  // a larger array is fine
  EXPECT_EQ(got[0], 2);
  EXPECT_EQ(got[1], 3);
  EXPECT_EQ(got[2], -1);
  size_t slice_num = 9, slice_id = 9;
  ASSERT_ACL_OK(acltdtGetSliceInfoFromItem(item, &slice_num, &slice_id));
  EXPECT_EQ(slice_num, 0u);
  EXPECT_EQ(slice_id, 0u);
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
}

TEST(TdtDataItem, ScalarTensorHasNoDims) {
  double value = 2.5;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_DOUBLE, &value, sizeof(value));
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(acltdtGetDimNumFromItem(item), 0u);
  EXPECT_ACL_OK(acltdtGetDimsFromItem(item, nullptr, 0));
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
}

TEST(TdtDataItem, MarkerItemsCarryNoDataDimsOrType) {
  const acltdtTensorType markers[] = {ACL_TENSOR_DATA_END_OF_SEQUENCE, ACL_TENSOR_DATA_ABNORMAL,
                                      ACL_TENSOR_DATA_SLICE_TENSOR, ACL_TENSOR_DATA_END_TENSOR};
  float data[2] = {};
  for (acltdtTensorType type : markers) {
    acltdtDataItem* item = acltdtCreateDataItem(type, nullptr, 0, ACL_FLOAT, data, sizeof(data));
    ASSERT_NE(item, nullptr) << type;
    EXPECT_EQ(acltdtGetTensorTypeFromItem(item), type);
    EXPECT_EQ(acltdtGetDataTypeFromItem(item), ACL_DT_UNDEFINED);  // as AscendCL: ignored
    EXPECT_EQ(acltdtGetDataAddrFromItem(item), nullptr);
    EXPECT_EQ(acltdtGetDataSizeFromItem(item), 0u);
    EXPECT_EQ(acltdtGetDimNumFromItem(item), 0u);
    EXPECT_ACL_OK(acltdtDestroyDataItem(item));
  }
}

TEST(TdtDataItem, CreateRejectsInconsistentArguments) {
  int64_t dims[] = {4};
  float data[4] = {};
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 1, ACL_FLOAT, data, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("dims is NULL but dimNum is 1");
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 0, ACL_FLOAT, data, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("dimNum is 0");
  std::vector<int64_t> many(129, 1);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, many.data(), many.size(), ACL_FLOAT, data, 4), nullptr);
  EXPECT_RECENT_MSG_HAS("ACL_MAX_DIM_CNT");
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_UNDEFINED, nullptr, 0, ACL_FLOAT, nullptr, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("acltdtTensorType");
  EXPECT_EQ(acltdtCreateDataItem(static_cast<acltdtTensorType>(7), nullptr, 0, ACL_FLOAT, nullptr, 0), nullptr);
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_END_OF_SEQUENCE, dims, 1, ACL_FLOAT, nullptr, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("dims must be NULL");
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, static_cast<aclDataType>(63), data, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("aclDataType");
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, nullptr, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("data is NULL");
}

TEST(TdtDataItem, CreateRefusesDimsWhoseByteSizeOverflows) {
  int64_t dims[] = {int64_t{1} << 40, int64_t{1} << 40};
  float data[4] = {};
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 2, ACL_FLOAT, data, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("overflow 64 bits");
  int64_t bytes[] = {int64_t{1} << 62};  // 2^62 elements, 2^64 bytes of fp32
  EXPECT_EQ(acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, bytes, 1, ACL_FLOAT, data, 16), nullptr);
}

TEST(TdtDataItem, CreateAcceptsASizeThatSendWillReject) {
  // As in AscendCL, the size is checked against dims x dtype when the item is sent.
  int64_t dims[] = {4};
  float data[4] = {};
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, data, 7);
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(acltdtGetDataSizeFromItem(item), 7u);
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
}

TEST(TdtDataItem, NullAndDestroyedItems) {
  EXPECT_ACL_ERROR(acltdtDestroyDataItem(nullptr), ACL_ERROR_INVALID_PARAM, "dataItem");
  int64_t dims[] = {1};
  float one = 1;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, &one, sizeof(one));
  ASSERT_NE(item, nullptr);
  ASSERT_ACL_OK(acltdtDestroyDataItem(item));
  EXPECT_ACL_ERROR(acltdtDestroyDataItem(item), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live data item");
  for (const acltdtDataItem* bad :
       {static_cast<const acltdtDataItem*>(nullptr), static_cast<const acltdtDataItem*>(item)}) {
    const aclError code = bad == nullptr ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_INVALID_RESOURCE_HANDLE;
    EXPECT_EQ(acltdtGetTensorTypeFromItem(bad), ACL_TENSOR_DATA_UNDEFINED);
    EXPECT_RECENT_MSG_HAS("acltdtGetTensorTypeFromItem");
    EXPECT_EQ(acltdtGetDataTypeFromItem(bad), ACL_DT_UNDEFINED);
    EXPECT_RECENT_MSG_HAS("acltdtGetDataTypeFromItem");
    EXPECT_EQ(acltdtGetDataAddrFromItem(bad), nullptr);
    EXPECT_RECENT_MSG_HAS("acltdtGetDataAddrFromItem");
    EXPECT_EQ(acltdtGetDataSizeFromItem(bad), 0u);
    EXPECT_RECENT_MSG_HAS("acltdtGetDataSizeFromItem");
    EXPECT_EQ(acltdtGetDimNumFromItem(bad), 0u);
    EXPECT_RECENT_MSG_HAS(std::to_string(code));
    int64_t out[1];
    size_t a = 0, b = 0;
    EXPECT_ACL_ERROR(acltdtGetDimsFromItem(bad, out, 1), code, "dataItem");
    EXPECT_ACL_ERROR(acltdtGetSliceInfoFromItem(bad, &a, &b), code, "dataItem");
  }
}

TEST(TdtDataItem, GetDimsChecksItsArguments) {
  int64_t dims[] = {2, 3, 4};
  float data[24] = {};
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 3, ACL_FLOAT, data, sizeof(data));
  ASSERT_NE(item, nullptr);
  int64_t out[3];
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, nullptr, 3), ACL_ERROR_INVALID_PARAM, "dims is NULL");
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, out, 0), ACL_ERROR_INVALID_PARAM, "dimNum is 0");
  EXPECT_ACL_ERROR(acltdtGetDimsFromItem(item, out, 2), ACL_ERROR_INVALID_PARAM, "less than the item's 3 dims");
  size_t n = 0;
  EXPECT_ACL_ERROR(acltdtGetSliceInfoFromItem(item, nullptr, &n), ACL_ERROR_INVALID_PARAM, "sliceNum");
  EXPECT_ACL_ERROR(acltdtGetSliceInfoFromItem(item, &n, nullptr), ACL_ERROR_INVALID_PARAM, "sliceId");
  EXPECT_ACL_OK(acltdtDestroyDataItem(item));
}

TEST(TdtDataset, AddGetSizeNameDestroy) {
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_NE(ds, nullptr);
  EXPECT_EQ(acltdtGetDatasetSize(ds), 0u);
  ASSERT_NE(acltdtGetDatasetName(ds), nullptr);
  EXPECT_STREQ(acltdtGetDatasetName(ds), "");
  float a = 1, b = 2;
  acltdtDataItem* first = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &a, sizeof(a));
  acltdtDataItem* second = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &b, sizeof(b));
  ASSERT_ACL_OK(acltdtAddDataItem(ds, first));
  ASSERT_ACL_OK(acltdtAddDataItem(ds, second));
  EXPECT_EQ(acltdtGetDatasetSize(ds), 2u);
  EXPECT_EQ(acltdtGetDataItem(ds, 0), first);
  EXPECT_EQ(acltdtGetDataItem(ds, 1), second);
  EXPECT_EQ(acltdtGetDataItem(ds, 2), nullptr);
  EXPECT_RECENT_MSG_HAS("index 2 is out of range");
  ASSERT_ACL_OK(acltdtDestroyDataset(ds));
  // The dataset did not own the items the application added.
  EXPECT_EQ(acltdtGetDataAddrFromItem(first), &a);
  EXPECT_ACL_OK(acltdtDestroyDataItem(first));
  EXPECT_ACL_OK(acltdtDestroyDataItem(second));
}

TEST(TdtDataset, NullAndDestroyedDatasets) {
  float one = 1;
  acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, nullptr, 0, ACL_FLOAT, &one, sizeof(one));
  ASSERT_NE(item, nullptr);
  acltdtDataset* ds = acltdtCreateDataset();
  ASSERT_NE(ds, nullptr);
  EXPECT_ACL_ERROR(acltdtAddDataItem(nullptr, item), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_ACL_ERROR(acltdtAddDataItem(ds, nullptr), ACL_ERROR_INVALID_PARAM, "dataItem");
  EXPECT_ACL_ERROR(acltdtDestroyDataset(nullptr), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_EQ(acltdtGetDataItem(nullptr, 0), nullptr);
  EXPECT_EQ(acltdtGetDatasetSize(nullptr), 0u);
  EXPECT_EQ(acltdtGetDatasetName(nullptr), nullptr);
  ASSERT_ACL_OK(acltdtDestroyDataset(ds));
  EXPECT_ACL_ERROR(acltdtDestroyDataset(ds), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live dataset");
  EXPECT_ACL_ERROR(acltdtAddDataItem(ds, item), ACL_ERROR_INVALID_RESOURCE_HANDLE, "dataset");
  EXPECT_EQ(acltdtGetDataItem(ds, 0), nullptr);
  EXPECT_EQ(acltdtGetDatasetSize(ds), 0u);
  EXPECT_EQ(acltdtGetDatasetName(ds), nullptr);
  EXPECT_RECENT_MSG_HAS("not a live dataset");
  acltdtDataset* other = acltdtCreateDataset();
  ASSERT_ACL_OK(acltdtDestroyDataItem(item));
  EXPECT_ACL_ERROR(acltdtAddDataItem(other, item), ACL_ERROR_INVALID_RESOURCE_HANDLE, "dataItem");
  EXPECT_ACL_OK(acltdtDestroyDataset(other));
}

TEST(TdtDataset, ItemsMustAllBeHostOrAllDevice) {
  void* dev = nullptr;
  ASSERT_ACL_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_NORMAL_ONLY));
  float host[16] = {};
  int64_t dims[] = {16};
  SendSet set;
  set.AddTensor({16}, ACL_FLOAT, host, sizeof(host));
  acltdtDataItem* on_device = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims, 1, ACL_FLOAT, dev, 64);
  ASSERT_NE(on_device, nullptr);
  EXPECT_ACL_ERROR(acltdtAddDataItem(set.get(), on_device), ACL_ERROR_INVALID_PARAM, "same side");
  set.AddMarker(ACL_TENSOR_DATA_END_OF_SEQUENCE);  // no data: fits either side
  acltdtDataset* device_set = acltdtCreateDataset();
  EXPECT_ACL_OK(acltdtAddDataItem(device_set, on_device));
  EXPECT_ACL_OK(acltdtDestroyDataset(device_set));
  EXPECT_ACL_OK(acltdtDestroyDataItem(on_device));
  EXPECT_ACL_OK(aclrtFree(dev));
}

}  // namespace
