// A static-AIPP model through the public API: what aclmdlGetAippType, aclmdlGetFirstAippInfo,
// aclmdlGetInputSizeByIndex and aclmdlExecute see for a model converted with --insert_op_conf
// (the public vpc_resnet50 sample's aipp.cfg on a small image).
#include <gtest/gtest.h>

#include <fstream>

#include "acl/acl.h"
#include "om/om_writer.h"
#include "tests/unit/atc_aipp/aipp_reference.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::atc::testing {
namespace {

class AippRuntime : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  static void TearDownTestSuite() {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }

  // Converts data [1, 3, 4, 6] -> Identity with (or without) the sample's AIPP and loads it.
  uint32_t Load(bool with_aipp) {
    case_.csc = true;
    case_.m = {256, 0, 359, 256, -88, -183, 256, 454, 0};
    case_.in_bias = {0, 128, 128};
    case_.min = {123, 117, 104, 0};
    OnnxModel m;
    m.Input("data", onnx::TensorProto::FLOAT, {1, 3, 4, 6});
    m.Node("Identity", {"data"}, {"out"}, "id");
    m.Output("out");
    const std::string path = m.Save();
    ConvertOptions o = TestOptions();
    o.soc_version = "Ascend310";  // what aclInit(nullptr) simulates
    if (with_aipp) {
      o.insert_op_conf = (m.dir() / "aipp.cfg").string();
      std::ofstream(o.insert_op_conf) << case_.ConfigText();
    }
    om::Model model;
    Status st = Convert(path, &model, nullptr, o);
    EXPECT_TRUE(st.ok()) << st.message();
    std::vector<uint8_t> bytes;
    EXPECT_TRUE(om::WriteModel(model, &bytes).ok());
    bytes_ = bytes;
    uint32_t id = 0;
    EXPECT_EQ(aclmdlLoadFromMem(bytes_.data(), bytes_.size(), &id), ACL_SUCCESS);
    return id;
  }

  AippCase case_;
  std::vector<uint8_t> bytes_;
};

TEST_F(AippRuntime, TheModelReportsItsStaticAipp) {
  const uint32_t id = Load(true);
  aclmdlInputAippType type = ACL_DATA_WITHOUT_AIPP;
  size_t attached = 0;
  ASSERT_EQ(aclmdlGetAippType(id, 0, &type, &attached), ACL_SUCCESS);
  EXPECT_EQ(type, ACL_DATA_WITH_STATIC_AIPP);
  EXPECT_EQ(attached, ACL_INVALID_NODE_INDEX);
  aclAippInfo info;
  ASSERT_EQ(aclmdlGetFirstAippInfo(id, 0, &info), ACL_SUCCESS);
  EXPECT_EQ(info.inputFormat, ACL_YUV420SP_U8);
  EXPECT_EQ(info.srcImageSizeW, 6);
  EXPECT_EQ(info.srcImageSizeH, 4);
  EXPECT_EQ(info.cscSwitch, 1);
  EXPECT_EQ(info.matrixR0C2, 359);
  EXPECT_EQ(info.matrixR1C1, -88);
  EXPECT_EQ(info.inputBias1, 128);
  EXPECT_EQ(info.minChn0, 123.0f);
  EXPECT_EQ(info.varReciChn2, 1.0f);
  EXPECT_EQ(info.srcFormat, ACL_FORMAT_NCHW);
  EXPECT_EQ(info.srcDatatype, ACL_FLOAT);
  EXPECT_EQ(info.srcDimNum, 4u);
  EXPECT_EQ(info.shapeCount, 1u);
  EXPECT_EQ(info.outDims[0].srcSize, 36u);  // 6 x 4 x 1.5
  ASSERT_EQ(info.outDims[0].aippOutdims.dimCount, 4u);
  EXPECT_EQ(info.outDims[0].aippOutdims.dims[1], 3);
  EXPECT_EQ(info.outDims[0].aippOutSize, 3u * 4 * 6 * 4);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(AippRuntime, TheUint8ImageRunsThroughTheAippStage) {
  const uint32_t id = Load(true);
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_EQ(aclmdlGetDesc(desc, id), ACL_SUCCESS);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 0), 36u);
  EXPECT_EQ(aclmdlGetInputDataType(desc, 0), ACL_UINT8);
  const size_t out_size = aclmdlGetOutputSizeByIndex(desc, 0);
  ASSERT_EQ(out_size, 3u * 4 * 6 * 4);
  const auto image = TestImage(36, 9);
  void* in_dev = nullptr;
  void* out_dev = nullptr;
  ASSERT_EQ(aclrtMalloc(&in_dev, 36, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&out_dev, out_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpy(in_dev, 36, image.data(), 36, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  aclDataBuffer* in_buf = aclCreateDataBuffer(in_dev, 36);
  aclDataBuffer* out_buf = aclCreateDataBuffer(out_dev, out_size);
  ASSERT_EQ(aclmdlAddDatasetBuffer(in, in_buf), ACL_SUCCESS);
  ASSERT_EQ(aclmdlAddDatasetBuffer(out, out_buf), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS);
  std::vector<float> got(out_size / 4);
  ASSERT_EQ(aclrtMemcpy(got.data(), out_size, out_dev, out_size, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  EXPECT_EQ(got, ReferenceAipp(case_, image));
  (void)aclDestroyDataBuffer(in_buf);
  (void)aclDestroyDataBuffer(out_buf);
  (void)aclmdlDestroyDataset(in);
  (void)aclmdlDestroyDataset(out);
  (void)aclrtFree(in_dev);
  (void)aclrtFree(out_dev);
  (void)aclmdlDestroyDesc(desc);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(AippRuntime, AModelWithoutAippSaysSo) {
  const uint32_t id = Load(false);
  aclmdlInputAippType type = ACL_DATA_WITH_STATIC_AIPP;
  size_t attached = 0;
  ASSERT_EQ(aclmdlGetAippType(id, 0, &type, &attached), ACL_SUCCESS);
  EXPECT_EQ(type, ACL_DATA_WITHOUT_AIPP);
  aclAippInfo info;
  EXPECT_EQ(aclmdlGetFirstAippInfo(id, 0, &info), ACL_ERROR_GE_AIPP_NOT_EXIST);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

}  // namespace
}  // namespace asim::atc::testing
