// Model descriptions of the test models' .om files, from a file and from memory: every query
// against every model, and the gears of the dynamic models.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "mdl_models.h"

namespace {

using namespace mdltest;

void CheckConsistent(const std::string& model, aclmdlDesc* desc) {
  SCOPED_TRACE(model);
  const size_t inputs = aclmdlGetNumInputs(desc);
  const size_t outputs = aclmdlGetNumOutputs(desc);
  EXPECT_GE(inputs, 1u);
  EXPECT_GE(outputs, 1u);
  for (int input = 1; input >= 0; --input) {
    const size_t n = input ? inputs : outputs;
    for (size_t i = 0; i < n; ++i) {
      const char* name = input ? aclmdlGetInputNameByIndex(desc, i) : aclmdlGetOutputNameByIndex(desc, i);
      ASSERT_NE(name, nullptr);
      EXPECT_STRNE(name, "");
      size_t index = 99;
      EXPECT_ACL_OK((input ? aclmdlGetInputIndexByName : aclmdlGetOutputIndexByName)(desc, name, &index));
      EXPECT_EQ(index, i) << name;
      EXPECT_EQ(aclmdlGetTensorRealName(desc, name), name);
      aclmdlIODims dims{};
      ASSERT_ACL_OK((input ? aclmdlGetInputDims : aclmdlGetOutputDims)(desc, i, &dims));
      if (std::strlen(name) < ACL_MAX_TENSOR_NAME_LEN) {
        EXPECT_STREQ(dims.name, name);
      }
      EXPECT_EQ(aclmdlGetTensorRealName(desc, dims.name), name);
      EXPECT_GE(dims.dimCount, 1u);
      EXPECT_GT(input ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i), 0u) << name;
      EXPECT_NE(input ? aclmdlGetInputDataType(desc, i) : aclmdlGetOutputDataType(desc, i), ACL_DT_UNDEFINED);
      EXPECT_NE(input ? aclmdlGetInputFormat(desc, i) : aclmdlGetOutputFormat(desc, i), ACL_FORMAT_UNDEFINED);
      if (input) {
        aclmdlIODims v2{};
        ASSERT_ACL_OK(aclmdlGetInputDimsV2(desc, i, &v2));
        EXPECT_EQ(DimsOf(v2), DimsOf(dims));
        EXPECT_STREQ(v2.name, dims.name);
      } else {
        aclmdlIODims cur{};
        ASSERT_ACL_OK(aclmdlGetCurOutputDims(desc, i, &cur));  // a file description: the largest gear
        ASSERT_EQ(cur.dimCount, dims.dimCount);
        for (size_t d = 0; d < cur.dimCount; ++d) {
          EXPECT_GE(cur.dims[d], 0) << name;
          if (dims.dims[d] >= 0) {
            EXPECT_EQ(cur.dims[d], dims.dims[d]) << name;
          }
        }
      }
    }
  }
  aclmdlIODims dims{};
  EXPECT_ACL_ERROR(aclmdlGetInputDims(desc, inputs, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(aclmdlGetOutputDims(desc, outputs, &dims), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_EQ(aclmdlGetOpAttr(desc, "no such node", "x"), nullptr);
  EXPECT_RECENT_MSG_HAS("no such node");
}

TEST(MdlModelDesc, EveryModelFromFileAndFromMemory) {
  const std::vector<std::string> models = AllModels();
  if (models.empty()) GTEST_SKIP() << "no test models in \"" << ModelsDir() << "\" (ASIM_TEST_MODELS_DIR)";
  for (const std::string& model : models) {
    Desc file;
    ASSERT_ACL_OK(aclmdlGetDescFromFile(file.desc, ModelPath(model).c_str()));
    CheckConsistent(model, file.desc);

    std::ifstream in(ModelPath(model), std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Desc mem;
    ASSERT_ACL_OK(aclmdlGetDescFromMem(mem.desc, bytes.data(), bytes.size()));
    EXPECT_EQ(Describe(mem.desc), Describe(file.desc)) << model;
    // Truncated bytes are not a model; the description is left empty.
    EXPECT_NE(aclmdlGetDescFromMem(mem.desc, bytes.data(), bytes.size() / 2), ACL_SUCCESS) << model;
    EXPECT_EQ(aclmdlGetNumInputs(mem.desc), 0u);
  }
}

TEST(MdlModelDesc, ConvReluTensorsAndNodeAttributes) {
  REQUIRE_MODEL("conv_relu");  // fp16 NCHW x[1,3,16,16] -> Conv "conv1" (3x3, pad 1) -> Relu -> out[1,8,16,16]
  Desc d;
  ASSERT_ACL_OK(aclmdlGetDescFromFile(d.desc, ModelPath("conv_relu").c_str()));
  ASSERT_EQ(aclmdlGetNumInputs(d.desc), 1u);
  ASSERT_EQ(aclmdlGetNumOutputs(d.desc), 1u);
  aclmdlIODims in{}, out{};
  ASSERT_ACL_OK(aclmdlGetInputDims(d.desc, 0, &in));
  ASSERT_ACL_OK(aclmdlGetOutputDims(d.desc, 0, &out));
  EXPECT_EQ(DimsOf(in), std::vector<int64_t>({1, 3, 16, 16}));
  EXPECT_EQ(DimsOf(out), std::vector<int64_t>({1, 8, 16, 16}));
  EXPECT_EQ(aclmdlGetInputDataType(d.desc, 0), ACL_FLOAT16);
  EXPECT_EQ(aclmdlGetInputFormat(d.desc, 0), ACL_FORMAT_NCHW);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(d.desc, 0), 1u * 3 * 16 * 16 * 2);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(d.desc, 0), 1u * 8 * 16 * 16 * 2);

  const char* strides = aclmdlGetOpAttr(d.desc, "conv1", "strides");
  ASSERT_NE(strides, nullptr) << conformance::RecentMsg();
  EXPECT_STREQ(strides, "1,1");
  EXPECT_EQ(aclmdlGetOpAttr(d.desc, "conv1", "strides"), strides);  // stable while the description lives
  EXPECT_STREQ(aclmdlGetOpAttr(d.desc, "conv1", "pads"), "1,1,1,1");
  EXPECT_EQ(aclmdlGetOpAttr(d.desc, "conv1", "no_such_attr"), nullptr);
  EXPECT_RECENT_MSG_HAS("no_such_attr");
}

TEST(MdlModelDesc, StaticModelRangesAndNoGears) {
  REQUIRE_MODEL("add_relu");
  Desc d;
  ASSERT_ACL_OK(aclmdlGetDescFromFile(d.desc, ModelPath("add_relu").c_str()));
  for (size_t i = 0; i < aclmdlGetNumInputs(d.desc); ++i) {
    aclmdlIODims dims{};
    aclmdlIODimsRange range{};
    ASSERT_ACL_OK(aclmdlGetInputDims(d.desc, i, &dims));
    ASSERT_ACL_OK(aclmdlGetInputDimsRange(d.desc, i, &range));
    ASSERT_EQ(range.rangeCount, dims.dimCount);
    for (size_t k = 0; k < dims.dimCount; ++k) {
      EXPECT_EQ(range.range[k][0], dims.dims[k]);
      EXPECT_EQ(range.range[k][1], dims.dims[k]);
    }
  }
  aclmdlBatch batch{};
  aclmdlHW hw{};
  size_t gears = 9;
  EXPECT_ACL_OK(aclmdlGetDynamicBatch(d.desc, &batch));
  EXPECT_ACL_OK(aclmdlGetDynamicHW(d.desc, kReserved, &hw));
  EXPECT_ACL_OK(aclmdlGetInputDynamicGearCount(d.desc, kReserved, &gears));
  EXPECT_EQ(batch.batchCount, 0u);
  EXPECT_EQ(hw.hwCount, 0u);
  EXPECT_EQ(gears, 0u);
  size_t index = 0;
  EXPECT_ACL_ERROR(aclmdlGetInputIndexByName(d.desc, ACL_DYNAMIC_TENSOR_NAME, &index), ACL_ERROR_INVALID_PARAM,
                   ACL_DYNAMIC_TENSOR_NAME);
}

TEST(MdlModelDesc, DynamicBatchGears) {
  REQUIRE_MODEL("dynamic_batch");
  Desc d;
  ASSERT_ACL_OK(aclmdlGetDescFromFile(d.desc, ModelPath("dynamic_batch").c_str()));
  aclmdlBatch batch{};
  ASSERT_ACL_OK(aclmdlGetDynamicBatch(d.desc, &batch));
  ASSERT_EQ(batch.batchCount, 3u);
  EXPECT_EQ(batch.batch[0], 1u);
  EXPECT_EQ(batch.batch[1], 2u);
  EXPECT_EQ(batch.batch[2], 4u);
  size_t dyn = 0;
  ASSERT_ACL_OK(aclmdlGetInputIndexByName(d.desc, ACL_DYNAMIC_TENSOR_NAME, &dyn));
  EXPECT_EQ(dyn, aclmdlGetNumInputs(d.desc) - 1);
  aclmdlIODims dims{};
  ASSERT_ACL_OK(aclmdlGetInputDims(d.desc, 0, &dims));
  EXPECT_EQ(dims.dims[0], -1);
  aclmdlIODimsRange range{};
  range.rangeCount = 9;
  EXPECT_ACL_OK(aclmdlGetInputDimsRange(d.desc, 0, &range));  // gear models: not supported, count 0
  EXPECT_EQ(range.rangeCount, 0u);
  aclmdlHW hw{};
  EXPECT_ACL_OK(aclmdlGetDynamicHW(d.desc, kReserved, &hw));
  EXPECT_EQ(hw.hwCount, 0u);
}

TEST(MdlModelDesc, DynamicHWGears) {
  REQUIRE_MODEL("dynamic_hw");
  Desc d;
  ASSERT_ACL_OK(aclmdlGetDescFromFile(d.desc, ModelPath("dynamic_hw").c_str()));
  aclmdlHW hw{};
  ASSERT_ACL_OK(aclmdlGetDynamicHW(d.desc, kReserved, &hw));
  ASSERT_GE(hw.hwCount, 1u);
  for (size_t i = 0; i < hw.hwCount; ++i) {
    EXPECT_GT(hw.hw[i][0], 0u);
    EXPECT_GT(hw.hw[i][1], 0u);
  }
  aclmdlBatch batch{};
  EXPECT_ACL_OK(aclmdlGetDynamicBatch(d.desc, &batch));
  EXPECT_EQ(batch.batchCount, 0u);
}

TEST(MdlModelDesc, DynamicDimsGears) {
  REQUIRE_MODEL("dynamic_dims");
  Desc d;
  ASSERT_ACL_OK(aclmdlGetDescFromFile(d.desc, ModelPath("dynamic_dims").c_str()));
  size_t gears = 0;
  ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(d.desc, kReserved, &gears));
  ASSERT_GE(gears, 1u);
  size_t rank = 0;
  for (size_t i = 0; i < aclmdlGetNumInputs(d.desc); ++i) {
    if (std::string(aclmdlGetInputNameByIndex(d.desc, i)) == ACL_DYNAMIC_TENSOR_NAME) continue;
    aclmdlIODims dims{};
    ASSERT_ACL_OK(aclmdlGetInputDims(d.desc, i, &dims));
    rank += dims.dimCount;
  }
  std::vector<aclmdlIODims> all(gears + 1);
  EXPECT_ACL_ERROR(aclmdlGetInputDynamicDims(d.desc, kReserved, all.data(), gears - 1), ACL_ERROR_INVALID_PARAM,
                   "gearCount");
  ASSERT_ACL_OK(aclmdlGetInputDynamicDims(d.desc, kReserved, all.data(), gears + 1));  // more room is fine
  for (size_t g = 0; g < gears; ++g) {
    EXPECT_EQ(all[g].dimCount, rank);
    for (size_t k = 0; k < all[g].dimCount; ++k) EXPECT_GT(all[g].dims[k], 0) << "gear " << g;
  }
}

}  // namespace
