// DeviceFixture: the base of the executor's public-API test fixtures (tests/unit/model).
//
// Owns: aclInit + device 0 for each test, and what the test allocates through it (device
// buffers, data buffers, datasets, one model description), all released at TearDown before
// aclrtResetDevice and aclFinalize, whose results are checked: a test that leaks through the
// API fails there.
// Thread safety: one test thread (helpers are called from it). Failure: gtest expectations.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "acl/acl.h"

namespace asim::model::testing {

class DeviceFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  void TearDown() override {
    if (desc_ != nullptr) aclmdlDestroyDesc(desc_);
    for (void* p : device_) aclrtFree(p);
    for (aclDataBuffer* b : buffers_) aclDestroyDataBuffer(b);
    for (aclmdlDataset* d : datasets_) aclmdlDestroyDataset(d);
    EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
  }

  // Device memory of `size` bytes (at least 1), freed at TearDown.
  void* Device(size_t size) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, size == 0 ? 1 : size, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    device_.push_back(p);
    return p;
  }
  template <typename T>
  void Put(void* p, const std::vector<T>& v) {
    const size_t bytes = v.size() * sizeof(T);
    if (bytes > 0) {
      ASSERT_EQ(aclrtMemcpy(p, bytes, v.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
  }
  template <typename T>
  std::vector<T> Get(const void* p, size_t n) {
    std::vector<T> v(n);
    if (n > 0) {
      EXPECT_EQ(aclrtMemcpy(v.data(), n * sizeof(T), p, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    }
    return v;
  }
  // A dataset over (device pointer, size) entries, destroyed with its buffers at TearDown.
  aclmdlDataset* Dataset(const std::vector<std::pair<void*, size_t>>& entries) {
    aclmdlDataset* ds = aclmdlCreateDataset();
    for (const auto& [p, size] : entries) {
      aclDataBuffer* b = aclCreateDataBuffer(p, size);
      buffers_.push_back(b);
      EXPECT_EQ(aclmdlAddDatasetBuffer(ds, b), ACL_SUCCESS);
    }
    datasets_.push_back(ds);
    return ds;
  }

  std::vector<void*> device_;
  std::vector<aclDataBuffer*> buffers_;
  std::vector<aclmdlDataset*> datasets_;
  aclmdlDesc* desc_ = nullptr;
};

}  // namespace asim::model::testing
