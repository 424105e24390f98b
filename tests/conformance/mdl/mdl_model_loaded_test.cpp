// Loaded test models: aclmdlGetDesc against the file's description, the dynamic-gear setters
// (values written to the device, every error) and the AIPP queries of a model without AIPP.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "mdl_models.h"

namespace {

using namespace mdltest;

class MdlLoaded : public ::testing::Test {
 protected:
  void Load(const std::string& name) {
    ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath(name).c_str(), &id_));
    loaded_ = true;
    ASSERT_ACL_OK(aclmdlGetDesc(desc_.desc, id_));
  }
  void TearDown() override {
    for (auto* b : buffers_) aclDestroyDataBuffer(b);
    for (void* p : device_) aclrtFree(p);
    if (dataset_ != nullptr) aclmdlDestroyDataset(dataset_);
    if (loaded_) EXPECT_ACL_OK(aclmdlUnload(id_));
  }
  // An input dataset with a device buffer of the model's size for every input (`small`
  // bytes for input `small_index`).
  void MakeInputs(size_t small_index = kReserved, size_t small = 0) {
    dataset_ = aclmdlCreateDataset();
    for (size_t i = 0; i < aclmdlGetNumInputs(desc_.desc); ++i) {
      const size_t size = i == small_index ? small : aclmdlGetInputSizeByIndex(desc_.desc, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      device_.push_back(p);
      buffers_.push_back(aclCreateDataBuffer(p, size));
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(dataset_, buffers_.back()));
    }
  }
  size_t DynamicIndex() {
    size_t index = 0;
    EXPECT_ACL_OK(aclmdlGetInputIndexByName(desc_.desc, ACL_DYNAMIC_TENSOR_NAME, &index));
    return index;
  }
  // The values the setter wrote into the dynamic input (its element type's width).
  std::vector<int64_t> ReadDynamic(size_t count) {
    const size_t index = DynamicIndex();
    const bool narrow = aclDataTypeSize(aclmdlGetInputDataType(desc_.desc, index)) == 4;
    std::vector<uint8_t> host(count * 8);
    EXPECT_ACL_OK(
        aclrtMemcpy(host.data(), host.size(), device_[index], count * (narrow ? 4 : 8), ACL_MEMCPY_DEVICE_TO_HOST));
    std::vector<int64_t> values(count);
    for (size_t i = 0; i < count; ++i) {
      if (narrow) {
        int32_t v = 0;
        std::memcpy(&v, host.data() + 4 * i, 4);
        values[i] = v;
      } else {
        std::memcpy(&values[i], host.data() + 8 * i, 8);
      }
    }
    return values;
  }

  uint32_t id_ = 0;
  bool loaded_ = false;
  Desc desc_;
  aclmdlDataset* dataset_ = nullptr;
  std::vector<void*> device_;
  std::vector<aclDataBuffer*> buffers_;
};

TEST_F(MdlLoaded, DescriptionEqualsTheFiles) {
  const std::vector<std::string> models = AllModels();
  if (models.empty()) GTEST_SKIP() << "no test models (ASIM_TEST_MODELS_DIR)";
  for (const std::string& model : models) {
    uint32_t id = 0;
    ASSERT_ACL_OK(aclmdlLoadFromFile(ModelPath(model).c_str(), &id));
    Desc loaded, file;
    ASSERT_ACL_OK(aclmdlGetDesc(loaded.desc, id));
    ASSERT_ACL_OK(aclmdlGetDescFromFile(file.desc, ModelPath(model).c_str()));
    EXPECT_EQ(Describe(loaded.desc), Describe(file.desc)) << model;
    aclmdlIODims cur{};
    EXPECT_EQ(aclmdlGetCurOutputDims(loaded.desc, 0, &cur), ACL_SUCCESS) << model << ": " << conformance::RecentMsg();
    ASSERT_ACL_OK(aclmdlUnload(id));
    // The description outlives the model; the current dims need the model.
    EXPECT_GE(aclmdlGetNumInputs(loaded.desc), 1u);
    EXPECT_NE(aclmdlGetCurOutputDims(loaded.desc, 0, &cur), ACL_SUCCESS) << model;
    EXPECT_NE(aclmdlGetDesc(loaded.desc, id), ACL_SUCCESS) << model;
  }
}

TEST_F(MdlLoaded, StaticModelRefusesGearsAndHasNoAipp) {
  REQUIRE_MODEL("add_relu");
  Load("add_relu");
  MakeInputs();
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(id_, dataset_, 0, 1), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "static");
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(id_, dataset_, 0, 8, 8), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "static");

  aclmdlInputAippType type = ACL_DATA_WITH_STATIC_AIPP;
  size_t attached = 0;
  ASSERT_ACL_OK(aclmdlGetAippType(id_, 0, &type, &attached));
  EXPECT_EQ(type, ACL_DATA_WITHOUT_AIPP);
  EXPECT_EQ(attached, static_cast<size_t>(ACL_INVALID_NODE_INDEX));
  const size_t inputs = aclmdlGetNumInputs(desc_.desc);
  EXPECT_ACL_ERROR(aclmdlGetAippType(id_, inputs, &type, &attached), ACL_ERROR_INVALID_PARAM, "out of range");
  aclAippInfo info;
  EXPECT_ACL_ERROR(aclmdlGetFirstAippInfo(id_, 0, &info), ACL_ERROR_GE_AIPP_NOT_EXIST, "AIPP");
  aclmdlAIPP* aipp = aclmdlCreateAIPP(1);
  EXPECT_ACL_ERROR(aclmdlSetInputAIPP(id_, dataset_, 0, aipp), ACL_ERROR_INVALID_PARAM, "AIPP");
  EXPECT_ACL_ERROR(aclmdlSetAIPPByInputIndex(id_, dataset_, 0, aipp), ACL_ERROR_FAILURE, "AIPP");
  EXPECT_ACL_OK(aclmdlDestroyAIPP(aipp));
}

TEST_F(MdlLoaded, DynamicBatchSetter) {
  REQUIRE_MODEL("dynamic_batch");
  Load("dynamic_batch");
  MakeInputs();
  const size_t dyn = DynamicIndex();
  ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(id_, dataset_, dyn, 2));
  EXPECT_EQ(ReadDynamic(1), std::vector<int64_t>({2}));
  ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(id_, dataset_, dyn, 4));
  EXPECT_EQ(ReadDynamic(1), std::vector<int64_t>({4}));
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(id_, dataset_, dyn, 3), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                   "not a gear");
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(id_, dataset_, 0, 2), ACL_ERROR_INVALID_PARAM, ACL_DYNAMIC_TENSOR_NAME);
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(id_, dataset_, dyn, 8, 8), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                   "dynamic-batch");
  aclmdlIODims dims{};
  dims.dimCount = 1;
  dims.dims[0] = 2;
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(id_, dataset_, dyn, &dims), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                   "dynamic-batch");
  EXPECT_EQ(ReadDynamic(1), std::vector<int64_t>({4}));  // failures leave the last gear in place
}

TEST_F(MdlLoaded, DynamicBatchBufferTooSmall) {
  REQUIRE_MODEL("dynamic_batch");
  Load("dynamic_batch");
  const size_t dyn = DynamicIndex();
  MakeInputs(dyn, 2);
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(id_, dataset_, dyn, 2), ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                   "bytes");
}

TEST_F(MdlLoaded, DynamicHWSetter) {
  REQUIRE_MODEL("dynamic_hw");
  Load("dynamic_hw");
  MakeInputs();
  aclmdlHW hw{};
  ASSERT_ACL_OK(aclmdlGetDynamicHW(desc_.desc, kReserved, &hw));
  ASSERT_GE(hw.hwCount, 1u);
  const size_t dyn = DynamicIndex();
  for (size_t g = 0; g < hw.hwCount; ++g) {
    ASSERT_ACL_OK(aclmdlSetDynamicHWSize(id_, dataset_, dyn, hw.hw[g][0], hw.hw[g][1]));
    EXPECT_EQ(ReadDynamic(2),
              std::vector<int64_t>({static_cast<int64_t>(hw.hw[g][0]), static_cast<int64_t>(hw.hw[g][1])}));
  }
  EXPECT_ACL_ERROR(aclmdlSetDynamicHWSize(id_, dataset_, dyn, 1, 1), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                   "not a gear");
  EXPECT_ACL_ERROR(aclmdlSetDynamicBatchSize(id_, dataset_, dyn, 1), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                   "dynamic-image-size");
}

TEST_F(MdlLoaded, DynamicDimsSetter) {
  REQUIRE_MODEL("dynamic_dims");
  Load("dynamic_dims");
  MakeInputs();
  size_t gears = 0;
  ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(desc_.desc, kReserved, &gears));
  ASSERT_GE(gears, 1u);
  std::vector<aclmdlIODims> all(gears);
  ASSERT_ACL_OK(aclmdlGetInputDynamicDims(desc_.desc, kReserved, all.data(), gears));
  const size_t dyn = DynamicIndex();
  for (size_t g = 0; g < gears; ++g) ASSERT_ACL_OK(aclmdlSetInputDynamicDims(id_, dataset_, dyn, &all[g]));

  aclmdlIODims bad = all[0];
  bad.dimCount -= 1;
  EXPECT_ACL_ERROR(aclmdlSetInputDynamicDims(id_, dataset_, dyn, &bad), ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                   "dimCount");
  // Find one static and one dynamic position of the first data input.
  aclmdlIODims first{};
  ASSERT_ACL_OK(aclmdlGetInputDims(desc_.desc, 0, &first));
  for (size_t k = 0; k < first.dimCount; ++k) {
    bad = all[0];
    bad.dims[k] += 1000;
    const aclError expected = first.dims[k] < 0 ? static_cast<aclError>(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID)
                                                : static_cast<aclError>(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
    EXPECT_EQ(aclmdlSetInputDynamicDims(id_, dataset_, dyn, &bad), expected) << "dim " << k;
  }
}

// After an execution at a gear, aclmdlGetCurOutputDims reports that gear's output dims.
TEST_F(MdlLoaded, CurOutputDimsFollowTheExecutedGear) {
  REQUIRE_MODEL("dynamic_batch");
  Load("dynamic_batch");
  MakeInputs();
  aclmdlDataset* outputs = aclmdlCreateDataset();
  for (size_t i = 0; i < aclmdlGetNumOutputs(desc_.desc); ++i) {
    const size_t size = aclmdlGetOutputSizeByIndex(desc_.desc, i);
    void* p = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    device_.push_back(p);
    buffers_.push_back(aclCreateDataBuffer(p, size));
    ASSERT_ACL_OK(aclmdlAddDatasetBuffer(outputs, buffers_.back()));
  }
  aclmdlIODims declared{};
  ASSERT_ACL_OK(aclmdlGetOutputDims(desc_.desc, 0, &declared));
  for (uint64_t batch : {2u, 1u, 4u}) {
    ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(id_, dataset_, DynamicIndex(), batch));
    ASSERT_ACL_OK(aclmdlExecute(id_, dataset_, outputs));
    aclmdlIODims cur{};
    ASSERT_ACL_OK(aclmdlGetCurOutputDims(desc_.desc, 0, &cur));
    ASSERT_EQ(cur.dimCount, declared.dimCount);
    EXPECT_EQ(cur.dims[0], static_cast<int64_t>(batch));
    EXPECT_STREQ(cur.name, declared.name);
  }
  EXPECT_ACL_OK(aclmdlDestroyDataset(outputs));
}

}  // namespace
