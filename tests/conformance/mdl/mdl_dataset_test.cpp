// aclmdlDataset: lifecycle, buffers, tensor descriptors and every error path.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>

#include "conformance_util.h"

namespace {

class MdlDataset : public ::testing::Test {
 protected:
  void SetUp() override {
    dataset_ = aclmdlCreateDataset();
    ASSERT_NE(dataset_, nullptr) << conformance::RecentMsg();
    buf0_ = aclCreateDataBuffer(storage_, 16);
    buf1_ = aclCreateDataBuffer(storage_ + 16, 32);
    ASSERT_NE(buf0_, nullptr);
    ASSERT_NE(buf1_, nullptr);
  }
  void TearDown() override {
    if (dataset_ != nullptr) EXPECT_ACL_OK(aclmdlDestroyDataset(dataset_));
    EXPECT_ACL_OK(aclDestroyDataBuffer(buf0_));
    EXPECT_ACL_OK(aclDestroyDataBuffer(buf1_));
  }

  aclTensorDesc* NewDesc(int64_t n) {
    const int64_t dims[2] = {n, 3};
    return aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
  }

  static int64_t Dim(const aclTensorDesc* desc, size_t index) {
    int64_t dim = -1;
    EXPECT_ACL_OK(aclGetTensorDescDimV2(desc, index, &dim));
    return dim;
  }

  uint8_t storage_[64] = {};
  aclmdlDataset* dataset_ = nullptr;
  aclDataBuffer* buf0_ = nullptr;
  aclDataBuffer* buf1_ = nullptr;
};

TEST_F(MdlDataset, NewDatasetIsEmpty) {
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(dataset_), 0u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("out of range");
}

TEST_F(MdlDataset, BuffersKeepTheirOrder) {
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf1_));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));  // the same buffer twice is allowed
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(dataset_), 3u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 0), buf0_);
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 1), buf1_);
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 2), buf0_);
  EXPECT_EQ(aclGetDataBufferSizeV2(aclmdlGetDatasetBuffer(dataset_, 1)), 32u);
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 3), nullptr);
  EXPECT_RECENT_MSG_HAS("index 3");
}

TEST_F(MdlDataset, DestroyLeavesTheBuffersAlive) {
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  ASSERT_ACL_OK(aclmdlDestroyDataset(dataset_));
  dataset_ = nullptr;
  EXPECT_EQ(aclGetDataBufferAddr(buf0_), static_cast<void*>(storage_));
  EXPECT_EQ(aclGetDataBufferSizeV2(buf0_), 16u);
}

TEST_F(MdlDataset, DestroyErrors) {
  EXPECT_ACL_ERROR(aclmdlDestroyDataset(nullptr), ACL_ERROR_INVALID_PARAM, "dataset");
  aclmdlDataset* other = aclmdlCreateDataset();
  ASSERT_NE(other, nullptr);
  ASSERT_ACL_OK(aclmdlDestroyDataset(other));
  EXPECT_ACL_ERROR(aclmdlDestroyDataset(other), ACL_ERROR_INVALID_PARAM, "not live");
  int not_a_dataset = 0;
  EXPECT_ACL_ERROR(aclmdlDestroyDataset(reinterpret_cast<aclmdlDataset*>(&not_a_dataset)), ACL_ERROR_INVALID_PARAM,
                   "not live");
}

TEST_F(MdlDataset, AddBufferErrors) {
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(nullptr, buf0_), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(dataset_, nullptr), ACL_ERROR_INVALID_PARAM, "dataBuffer");
  aclDataBuffer* gone = aclCreateDataBuffer(storage_, 8);
  ASSERT_ACL_OK(aclDestroyDataBuffer(gone));
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(dataset_, gone), ACL_ERROR_INVALID_PARAM, "dataBuffer");
  aclmdlDataset* dead = aclmdlCreateDataset();
  ASSERT_ACL_OK(aclmdlDestroyDataset(dead));
  EXPECT_ACL_ERROR(aclmdlAddDatasetBuffer(dead, buf0_), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(dataset_), 0u);  // nothing was added
}

TEST_F(MdlDataset, PlaceholderBufferCanBeAdded) {
  aclDataBuffer* empty = aclCreateDataBuffer(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  EXPECT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, empty));
  EXPECT_EQ(aclmdlGetDatasetBuffer(dataset_, 0), empty);
  EXPECT_ACL_OK(aclDestroyDataBuffer(empty));
}

TEST_F(MdlDataset, TensorDescIsCopied) {
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);  // none set yet
  aclTensorDesc* mine = NewDesc(2);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, mine, 0));
  aclTensorDesc* copy = aclmdlGetDatasetTensorDesc(dataset_, 0);
  ASSERT_NE(copy, nullptr);
  EXPECT_NE(copy, mine);
  aclDestroyTensorDesc(mine);  // the dataset's copy lives on
  EXPECT_EQ(aclGetTensorDescNumDims(copy), 2u);
  EXPECT_EQ(Dim(copy, 0), 2);
  EXPECT_EQ(aclGetTensorDescType(copy), ACL_FLOAT);
  EXPECT_EQ(aclGetTensorDescFormat(copy), ACL_FORMAT_ND);
}

TEST_F(MdlDataset, TensorDescIsReplacedInPlace) {
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf1_));
  aclTensorDesc* first = NewDesc(2);
  aclTensorDesc* second = NewDesc(7);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, first, 1));
  aclTensorDesc* copy = aclmdlGetDatasetTensorDesc(dataset_, 1);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, second, 1));
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 1), copy);
  EXPECT_EQ(Dim(copy, 0), 7);
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);
  aclDestroyTensorDesc(first);
  aclDestroyTensorDesc(second);
}

TEST_F(MdlDataset, NullTensorDescClearsTheEntry) {
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  aclTensorDesc* desc = NewDesc(1);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, desc, 0));
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, nullptr, 0));
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, desc, 0));  // and can be set again
  EXPECT_NE(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);
  aclDestroyTensorDesc(desc);
}

TEST_F(MdlDataset, SetTensorDescErrors) {
  aclTensorDesc* desc = NewDesc(1);
  EXPECT_ACL_ERROR(aclmdlSetDatasetTensorDesc(nullptr, desc, 0), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_ACL_ERROR(aclmdlSetDatasetTensorDesc(dataset_, desc, 0), ACL_ERROR_INVALID_PARAM, "out of range");
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  EXPECT_ACL_ERROR(aclmdlSetDatasetTensorDesc(dataset_, desc, 1), ACL_ERROR_INVALID_PARAM, "index 1");
  aclTensorDesc* gone = NewDesc(1);
  aclDestroyTensorDesc(gone);
  EXPECT_ACL_ERROR(aclmdlSetDatasetTensorDesc(dataset_, gone, 0), ACL_ERROR_INVALID_PARAM, "tensorDesc");
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);
  aclDestroyTensorDesc(desc);
}

TEST_F(MdlDataset, GetterErrors) {
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("dataset");
  EXPECT_EQ(aclmdlGetDatasetBuffer(nullptr, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("dataset");
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(nullptr, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("dataset");
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(dataset_, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("out of range");
  aclmdlDataset* dead = aclmdlCreateDataset();
  ASSERT_ACL_OK(aclmdlDestroyDataset(dead));
  EXPECT_EQ(aclmdlGetDatasetNumBuffers(dead), 0u);
  EXPECT_RECENT_MSG_HAS("not live");
  EXPECT_EQ(aclmdlGetDatasetBuffer(dead, 0), nullptr);
  EXPECT_RECENT_MSG_HAS("not live");
}

TEST_F(MdlDataset, DestroyWithDescriptorsReleasesThem) {
  // A dataset with descriptors on several entries is destroyed cleanly (run under ASan).
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf0_));
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buf1_));
  aclTensorDesc* desc = NewDesc(4);
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, desc, 0));
  ASSERT_ACL_OK(aclmdlSetDatasetTensorDesc(dataset_, desc, 1));
  EXPECT_NE(aclmdlGetDatasetTensorDesc(dataset_, 0), aclmdlGetDatasetTensorDesc(dataset_, 1));
  aclDestroyTensorDesc(desc);
  ASSERT_ACL_OK(aclmdlDestroyDataset(dataset_));
  dataset_ = nullptr;
}

}  // namespace
