// aclmdlDesc without a model: NULL, unfilled and destroyed descriptions, and the fill
// functions' argument errors.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>
#include <cstring>
#include <string>

#include "conformance_util.h"

namespace {

constexpr size_t kReserved = static_cast<size_t>(-1);
constexpr uint32_t kUnknownModelId = 0x7ffffff0u;

class MdlDesc : public ::testing::Test {
 protected:
  void SetUp() override {
    desc_ = aclmdlCreateDesc();
    ASSERT_NE(desc_, nullptr) << conformance::RecentMsg();
  }
  void TearDown() override {
    if (desc_ != nullptr) EXPECT_ACL_OK(aclmdlDestroyDesc(desc_));
  }
  aclmdlDesc* desc_ = nullptr;
};

TEST_F(MdlDesc, CreateDestroy) {
  aclmdlDesc* other = aclmdlCreateDesc();
  ASSERT_NE(other, nullptr);
  EXPECT_NE(other, desc_);
  EXPECT_ACL_OK(aclmdlDestroyDesc(other));
  EXPECT_ACL_ERROR(aclmdlDestroyDesc(other), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_ACL_ERROR(aclmdlDestroyDesc(nullptr), ACL_ERROR_INVALID_PARAM, "modelDesc");
}

TEST_F(MdlDesc, UnfilledReadsAsAModelWithoutTensors) {
  EXPECT_EQ(aclmdlGetNumInputs(desc_), 0u);
  EXPECT_EQ(aclmdlGetNumOutputs(desc_), 0u);
  aclmdlBatch batch;
  batch.batchCount = 99;
  EXPECT_ACL_OK(aclmdlGetDynamicBatch(desc_, &batch));
  EXPECT_EQ(batch.batchCount, 0u);
  aclmdlHW hw;
  hw.hwCount = 99;
  EXPECT_ACL_OK(aclmdlGetDynamicHW(desc_, kReserved, &hw));
  EXPECT_EQ(hw.hwCount, 0u);
  size_t gears = 99;
  EXPECT_ACL_OK(aclmdlGetInputDynamicGearCount(desc_, kReserved, &gears));
  EXPECT_EQ(gears, 0u);
  aclmdlIODims dims[1];
  EXPECT_ACL_OK(aclmdlGetInputDynamicDims(desc_, kReserved, dims, 0));
}

TEST_F(MdlDesc, UnfilledIndexQueriesFail) {
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 0u);
  EXPECT_RECENT_MSG_HAS("out of range");
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 0u);
  EXPECT_RECENT_MSG_HAS("out of range");
  // The name getters return "" (not NULL), as AscendCL does.
  const char* name = aclmdlGetInputNameByIndex(desc_, 0);
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "");
  EXPECT_RECENT_MSG_HAS("out of range");
  name = aclmdlGetOutputNameByIndex(desc_, 0);
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "");
  EXPECT_EQ(aclmdlGetInputFormat(desc_, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_RECENT_MSG_HAS("out of range");
  EXPECT_EQ(aclmdlGetOutputFormat(desc_, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 0), ACL_DT_UNDEFINED);
  EXPECT_RECENT_MSG_HAS("out of range");
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 0), ACL_DT_UNDEFINED);
  aclmdlIODims dims;
  EXPECT_ACL_ERROR(aclmdlGetInputDims(desc_, 0, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(aclmdlGetInputDimsV2(desc_, 0, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(desc_, 0, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(desc_, 0, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  aclmdlIODimsRange range;
  EXPECT_ACL_ERROR(aclmdlGetInputDimsRange(desc_, 0, &range), ACL_ERROR_INVALID_PARAM, "out of range");
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, "data", &index), ACL_ERROR_INVALID_PARAM, "data");
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(desc_, "out", &index), ACL_ERROR_INVALID_PARAM, "out");
  EXPECT_EQ(aclmdlGetTensorRealName(desc_, "data"), nullptr);
  EXPECT_RECENT_MSG_HAS("data");
  EXPECT_EQ(aclmdlGetOpAttr(desc_, "conv1", ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES), nullptr);
  EXPECT_RECENT_MSG_HAS("not been filled");
}

TEST_F(MdlDesc, NullDescription) {
  EXPECT_EQ(aclmdlGetNumInputs(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("modelDesc");
  EXPECT_EQ(aclmdlGetNumOutputs(nullptr), 0u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(nullptr, 0), 0u);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(nullptr, 0), 0u);
  EXPECT_STREQ(aclmdlGetInputNameByIndex(nullptr, 0), "");
  EXPECT_RECENT_MSG_HAS("modelDesc");
  EXPECT_STREQ(aclmdlGetOutputNameByIndex(nullptr, 0), "");
  EXPECT_EQ(aclmdlGetInputFormat(nullptr, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputFormat(nullptr, 0), ACL_FORMAT_UNDEFINED);
  EXPECT_EQ(aclmdlGetInputDataType(nullptr, 0), ACL_DT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOutputDataType(nullptr, 0), ACL_DT_UNDEFINED);
  EXPECT_EQ(aclmdlGetOpAttr(nullptr, "a", "b"), nullptr);
  EXPECT_EQ(aclmdlGetTensorRealName(nullptr, "a"), nullptr);
  EXPECT_RECENT_MSG_HAS("modelDesc");
  aclmdlIODims dims;
  aclmdlIODimsRange range;
  aclmdlBatch batch;
  aclmdlHW hw;
  size_t n = 0;
  EXPECT_ACL_ERROR(aclmdlGetDesc(nullptr, 1), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetDescFromFile(nullptr, "x.om"), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetDescFromMem(nullptr, &n, 8), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputDims(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputDimsV2(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(nullptr, 0, &dims), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputDimsRange(nullptr, 0, &range), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(nullptr, "a", &n), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(nullptr, "a", &n), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetDynamicBatch(nullptr, &batch), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetDynamicHW(nullptr, kReserved, &hw), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicGearCount(nullptr, kReserved, &n), ACL_ERROR_INVALID_PARAM, "modelDesc");
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicDims(nullptr, kReserved, &dims, 1), ACL_ERROR_INVALID_PARAM, "modelDesc");
}

TEST_F(MdlDesc, NullOutputArguments) {
  EXPECT_ACL_ERROR(aclmdlGetInputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dims");
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dims");
  EXPECT_ACL_ERROR(aclmdlGetCurOutputDims(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dims");
  EXPECT_ACL_ERROR(aclmdlGetInputDimsRange(desc_, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dimsRange");
  EXPECT_ACL_ERROR(aclmdlGetDynamicBatch(desc_, nullptr), ACL_ERROR_INVALID_PARAM, "batch");
  EXPECT_ACL_ERROR(aclmdlGetDynamicHW(desc_, kReserved, nullptr), ACL_ERROR_INVALID_PARAM, "hw");
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicGearCount(desc_, kReserved, nullptr), ACL_ERROR_INVALID_PARAM, "gearCount");
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicDims(desc_, kReserved, nullptr, 0), ACL_ERROR_INVALID_PARAM, "dims");
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, nullptr, &index), ACL_ERROR_INVALID_PARAM, "name");
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(desc_, "x", nullptr), ACL_ERROR_INVALID_PARAM, "index");
  EXPECT_ACL_ERROR(aclmdlGetOutputIndexByName(desc_, nullptr, &index), ACL_ERROR_INVALID_PARAM, "name");
  EXPECT_EQ(aclmdlGetTensorRealName(desc_, nullptr), nullptr);
  EXPECT_RECENT_MSG_HAS("name");
  EXPECT_EQ(aclmdlGetOpAttr(desc_, nullptr, "a"), nullptr);
  EXPECT_RECENT_MSG_HAS("opName");
  EXPECT_EQ(aclmdlGetOpAttr(desc_, "a", nullptr), nullptr);
  EXPECT_RECENT_MSG_HAS("attr");
}

TEST_F(MdlDesc, GearQueriesTakeTheReservedIndex) {
  size_t gears = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicGearCount(desc_, 0, &gears), ACL_ERROR_INVALID_PARAM, "-1");
  aclmdlIODims dims[1];
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicDims(desc_, 0, dims, 1), ACL_ERROR_INVALID_PARAM, "-1");
  aclmdlHW hw;
  EXPECT_ACL_OK(aclmdlGetDynamicHW(desc_, 0, &hw));  // the index is ignored here
}

TEST_F(MdlDesc, DestroyedDescription) {
  aclmdlDesc* dead = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlDestroyDesc(dead));
  EXPECT_EQ(aclmdlGetNumInputs(dead), 0u);
  EXPECT_RECENT_MSG_HAS("not live");
  EXPECT_STREQ(aclmdlGetInputNameByIndex(dead, 0), "");
  EXPECT_RECENT_MSG_HAS("not live");
  aclmdlIODims dims;
  aclmdlBatch batch;
  EXPECT_ACL_ERROR(aclmdlGetInputDims(dead, 0, &dims), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_ACL_ERROR(aclmdlGetDynamicBatch(dead, &batch), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_ACL_ERROR(aclmdlGetDesc(dead, 1), ACL_ERROR_INVALID_PARAM, "not live");
  EXPECT_ACL_ERROR(aclmdlGetDescFromFile(dead, "x.om"), ACL_ERROR_INVALID_PARAM, "not live");
}

TEST_F(MdlDesc, FillErrors) {
  EXPECT_ACL_ERROR(aclmdlGetDescFromFile(desc_, nullptr), ACL_ERROR_INVALID_PARAM, "modelPath");
  const uint8_t bytes[16] = {};
  EXPECT_ACL_ERROR(aclmdlGetDescFromMem(desc_, nullptr, 16), ACL_ERROR_INVALID_PARAM, "model");
  EXPECT_ACL_ERROR(aclmdlGetDescFromMem(desc_, bytes, 0), ACL_ERROR_INVALID_PARAM, "modelSize");
  EXPECT_NE(aclmdlGetDescFromMem(desc_, bytes, sizeof(bytes)), ACL_SUCCESS);  // not a model
  EXPECT_NE(aclmdlGetDescFromFile(desc_, "/nonexistent/dir/model.om"), ACL_SUCCESS);
  EXPECT_NE(conformance::RecentMsg(), "");
  EXPECT_NE(aclmdlGetDesc(desc_, kUnknownModelId), ACL_SUCCESS);
  EXPECT_NE(conformance::RecentMsg(), "");
  // A failed fill leaves the description empty.
  EXPECT_EQ(aclmdlGetNumInputs(desc_), 0u);
}

TEST_F(MdlDesc, NotAModelFile) {
  conformance::TempDir dir;
  const std::string path = dir.Write("junk.om", std::string(4096, 'x'));
  EXPECT_NE(aclmdlGetDescFromFile(desc_, path.c_str()), ACL_SUCCESS);
  EXPECT_NE(conformance::RecentMsg(), "");
  EXPECT_EQ(aclmdlGetNumOutputs(desc_), 0u);
}

}  // namespace
