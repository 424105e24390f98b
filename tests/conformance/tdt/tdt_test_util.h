// Helpers shared by the tdt conformance suites: datasets built from host vectors, a
// dataset destroyer, item getters in one call.
//
// PUBLIC API ONLY: acl/... headers, standard headers and GoogleTest.
// Owner: tests/conformance/tdt. Thread safety: helpers are re-entrant; one dataset is used
// by one thread. Failure: gtest expectations.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "acl/acl_tdt.h"
#include "conformance_util.h"

namespace tdt_test {

// A dataset holding the items the test created; destroys both when it goes out of scope.
class SendSet {
 public:
  SendSet() : dataset_(acltdtCreateDataset()) { EXPECT_NE(dataset_, nullptr); }
  ~SendSet() {
    (void)acltdtDestroyDataset(dataset_);
    for (acltdtDataItem* item : items_) (void)acltdtDestroyDataItem(item);
  }
  SendSet(const SendSet&) = delete;
  SendSet& operator=(const SendSet&) = delete;

  // Adds a tensor item over `data` (which must outlive the send).
  acltdtDataItem* AddTensor(const std::vector<int64_t>& dims, aclDataType type, void* data, size_t size) {
    acltdtDataItem* item = acltdtCreateDataItem(ACL_TENSOR_DATA_TENSOR, dims.empty() ? nullptr : dims.data(),
                                                dims.size(), type, data, size);
    EXPECT_NE(item, nullptr) << conformance::RecentMsg();
    Add(item);
    return item;
  }
  acltdtDataItem* AddFloats(std::vector<float>& values) {
    return AddTensor({static_cast<int64_t>(values.size())}, ACL_FLOAT, values.data(), values.size() * sizeof(float));
  }
  acltdtDataItem* AddMarker(acltdtTensorType type) {
    acltdtDataItem* item = acltdtCreateDataItem(type, nullptr, 0, ACL_DT_UNDEFINED, nullptr, 0);
    EXPECT_NE(item, nullptr) << conformance::RecentMsg();
    Add(item);
    return item;
  }
  void Add(acltdtDataItem* item) {
    items_.push_back(item);
    EXPECT_ACL_OK(acltdtAddDataItem(dataset_, item));
  }
  acltdtDataset* get() const { return dataset_; }

 private:
  acltdtDataset* dataset_;
  std::vector<acltdtDataItem*> items_;
};

// A dataset to receive into; destroys it (and the received items) at scope exit.
class RecvSet {
 public:
  RecvSet() : dataset_(acltdtCreateDataset()) { EXPECT_NE(dataset_, nullptr); }
  ~RecvSet() { (void)acltdtDestroyDataset(dataset_); }
  RecvSet(const RecvSet&) = delete;
  RecvSet& operator=(const RecvSet&) = delete;
  acltdtDataset* get() const { return dataset_; }
  acltdtDataItem* item(size_t i) const { return acltdtGetDataItem(dataset_, i); }
  size_t size() const { return acltdtGetDatasetSize(dataset_); }

 private:
  acltdtDataset* dataset_;
};

// The floats a received item holds.
inline std::vector<float> Floats(const acltdtDataItem* item) {
  std::vector<float> out(acltdtGetDataSizeFromItem(item) / sizeof(float));
  const void* data = acltdtGetDataAddrFromItem(item);
  if (!out.empty() && data != nullptr) std::memcpy(out.data(), data, out.size() * sizeof(float));
  return out;
}

}  // namespace tdt_test
