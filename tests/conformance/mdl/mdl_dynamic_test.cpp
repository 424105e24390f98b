// aclmdlSetDynamicBatchSize / SetDynamicHWSize / SetInputDynamicDims: the argument checks that
// come before the model is looked at, and an unknown model id.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>

#include "conformance_util.h"

namespace {

constexpr uint32_t kUnknownModelId = 0x7ffffff0u;

class MdlDynamic : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_ACL_OK(aclrtMalloc(&dev_, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    dataset_ = aclmdlCreateDataset();
    buffer_ = aclCreateDataBuffer(dev_, 64);
    ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buffer_));
    dims_.dimCount = 2;
    dims_.dims[0] = 1;
    dims_.dims[1] = 3;
  }
  void TearDown() override {
    EXPECT_ACL_OK(aclmdlDestroyDataset(dataset_));
    EXPECT_ACL_OK(aclDestroyDataBuffer(buffer_));
    EXPECT_ACL_OK(aclrtFree(dev_));
  }
  void* dev_ = nullptr;
  aclmdlDataset* dataset_ = nullptr;
  aclDataBuffer* buffer_ = nullptr;
  aclmdlIODims dims_{};
};

TEST_F(MdlDynamic, NullDataset) {
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, nullptr, 0, 1), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(1, nullptr, 0, 224, 224), ACL_ERROR_INVALID_PARAM, "dataset");
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, nullptr, 0, &dims_), ACL_ERROR_INVALID_PARAM, "dataset");
}

TEST_F(MdlDynamic, ZeroValues) {
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, dataset_, 0, 0), ACL_ERROR_INVALID_PARAM, "batchSize");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(1, dataset_, 0, 0, 224), ACL_ERROR_INVALID_PARAM, "height");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(1, dataset_, 0, 224, 0), ACL_ERROR_INVALID_PARAM, "width");
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, dataset_, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dims");
  aclmdlIODims none{};
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, dataset_, 0, &none), ACL_ERROR_INVALID_PARAM, "dimCount");
  none.dimCount = ACL_MAX_DIM_CNT + 1;
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, dataset_, 0, &none), ACL_ERROR_INVALID_PARAM, "dimCount");
}

TEST_F(MdlDynamic, NoBufferAtIndex) {
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, dataset_, 1, 2), ACL_ERROR_INVALID_PARAM, "index 1");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(1, dataset_, 5, 2, 2), ACL_ERROR_INVALID_PARAM, "index 5");
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, dataset_, 1, &dims_), ACL_ERROR_INVALID_PARAM, "index 1");
}

TEST_F(MdlDynamic, BufferWithoutAddress) {
  aclDataBuffer* empty = aclCreateDataBuffer(nullptr, 0);
  ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, empty));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, dataset_, 1, 2), ACL_ERROR_INVALID_PARAM, "NULL address");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(1, dataset_, 1, 2, 2), ACL_ERROR_INVALID_PARAM, "NULL address");
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(1, dataset_, 1, &dims_), ACL_ERROR_INVALID_PARAM, "NULL address");
  EXPECT_ACL_OK(aclDestroyDataBuffer(empty));
}

TEST_F(MdlDynamic, DestroyedDataset) {
  aclmdlDataset* dead = aclmdlCreateDataset();
  ASSERT_ACL_OK(aclmdlDestroyDataset(dead));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(1, dead, 0, 2), ACL_ERROR_INVALID_PARAM, "not live");
}

TEST_F(MdlDynamic, UnknownModelIsReportedLikeGetDesc) {
  aclmdlDesc* desc = aclmdlCreateDesc();
  const aclError expected = aclmdlGetDesc(desc, kUnknownModelId);
  ASSERT_NE(expected, ACL_SUCCESS);
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_EQ(aclmdlSetDynamicBatchSize(kUnknownModelId, dataset_, 0, 2), expected);
  EXPECT_EQ(aclmdlSetDynamicHWSize(kUnknownModelId, dataset_, 0, 224, 224), expected);
  EXPECT_EQ(aclmdlSetInputDynamicDims(kUnknownModelId, dataset_, 0, &dims_), expected);
  EXPECT_NE(conformance::RecentMsg(), "");
}

}  // namespace
