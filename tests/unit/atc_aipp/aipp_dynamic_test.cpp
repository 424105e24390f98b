// Dynamic AIPP end to end: atc with aipp_mode: dynamic (the image input becomes
// [1, max_src_image_size] bytes and an "ascend_dynamic_aipp_data" input is added), what the
// runtime reports (aclmdlGetAippType both ways, aclmdlGetInputSizeByIndex), the parameters set
// with aclmdlCreateAIPP + the setters and written by aclmdlSetInputAIPP /
// aclmdlSetAIPPByInputIndex, aclmdlExecute against the static reference with the same
// parameters (crop, padding, CSC, normalisation), and the errors of each step.
#include <gtest/gtest.h>

#include <fstream>

#include "acl/acl.h"
#include "om/om_writer.h"
#include "tests/unit/atc_aipp/aipp_reference.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"
#include "tools/atc/aipp/aipp_config.h"

namespace asim::atc::testing {
namespace {

constexpr uint32_t kMax = 200;  // max_src_image_size: bytes

class DynamicAipp : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  static void TearDownTestSuite() {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }

  // data [1, 3, 4, 6] -> Identity, converted with a dynamic AIPP block.
  uint32_t Load(const std::string& block =
                    "aipp_op { aipp_mode : dynamic related_input_rank : 0 "
                    "max_src_image_size : 200 }") {
    OnnxModel m;
    m.Input("data", onnx::TensorProto::FLOAT, {1, 3, 4, 6});
    m.Node("Identity", {"data"}, {"out"}, "id");
    m.Output("out");
    const std::string path = m.Save();
    ConvertOptions o = TestOptions();
    o.soc_version = "Ascend310";
    o.insert_op_conf = (m.dir() / "aipp.cfg").string();
    std::ofstream(o.insert_op_conf) << block;
    om::Model model;
    const Status st = Convert(path, &model, nullptr, o);
    EXPECT_TRUE(st.ok()) << st.message();
    EXPECT_TRUE(om::WriteModel(model, &bytes_).ok());
    uint32_t id = 0;
    EXPECT_EQ(aclmdlLoadFromMem(bytes_.data(), bytes_.size(), &id), ACL_SUCCESS);
    return id;
  }

  // Device buffers for the image (kMax bytes, `image` at the start), the parameter block and the output.
  void Buffers(const std::vector<uint8_t>& image, size_t params_size, size_t out_size) {
    ASSERT_EQ(aclrtMalloc(&image_dev_, kMax, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(image_dev_, kMax, 0, kMax), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(image_dev_, kMax, image.data(), image.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&params_dev_, params_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(params_dev_, params_size, 0, params_size), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&out_dev_, out_size, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    in_ = aclmdlCreateDataset();
    out_ = aclmdlCreateDataset();
    bufs_ = {aclCreateDataBuffer(image_dev_, kMax), aclCreateDataBuffer(params_dev_, params_size),
             aclCreateDataBuffer(out_dev_, out_size)};
    ASSERT_EQ(aclmdlAddDatasetBuffer(in_, bufs_[0]), ACL_SUCCESS);
    ASSERT_EQ(aclmdlAddDatasetBuffer(in_, bufs_[1]), ACL_SUCCESS);
    ASSERT_EQ(aclmdlAddDatasetBuffer(out_, bufs_[2]), ACL_SUCCESS);
    out_size_ = out_size;
  }

  std::vector<float> Output() {
    std::vector<float> got(out_size_ / 4);
    EXPECT_EQ(aclrtMemcpy(got.data(), out_size_, out_dev_, out_size_, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return got;
  }

  void TearDown() override {
    for (aclDataBuffer* b : bufs_) (void)aclDestroyDataBuffer(b);
    if (in_ != nullptr) (void)aclmdlDestroyDataset(in_);
    if (out_ != nullptr) (void)aclmdlDestroyDataset(out_);
    for (void* p : {image_dev_, params_dev_, out_dev_}) {
      if (p != nullptr) (void)aclrtFree(p);
    }
  }

  std::vector<uint8_t> bytes_;
  void *image_dev_ = nullptr, *params_dev_ = nullptr, *out_dev_ = nullptr;
  aclmdlDataset *in_ = nullptr, *out_ = nullptr;
  std::vector<aclDataBuffer*> bufs_;
  size_t out_size_ = 0;
};

TEST_F(DynamicAipp, TheModelHasTheImageAndTheParameterInputs) {
  const uint32_t id = Load();
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_EQ(aclmdlGetDesc(desc, id), ACL_SUCCESS);
  ASSERT_EQ(aclmdlGetNumInputs(desc), 2u);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 0), kMax);
  size_t index = 99;
  ASSERT_EQ(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_AIPP_NAME, &index), ACL_SUCCESS);
  EXPECT_EQ(index, 1u);
  size_t data_size = 0;
  ASSERT_EQ(aclmdlGetAippDataSize(1, &data_size), ACL_SUCCESS);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc, 1), data_size);
  aclmdlInputAippType type = ACL_DATA_WITHOUT_AIPP;
  size_t attached = 0;
  ASSERT_EQ(aclmdlGetAippType(id, 0, &type, &attached), ACL_SUCCESS);
  EXPECT_EQ(type, ACL_DATA_WITH_DYNAMIC_AIPP);
  EXPECT_EQ(attached, 1u);
  ASSERT_EQ(aclmdlGetAippType(id, 1, &type, &attached), ACL_SUCCESS);
  EXPECT_EQ(type, ACL_DYNAMIC_AIPP_NODE);
  EXPECT_EQ(attached, 0u);
  aclAippInfo info;
  EXPECT_EQ(aclmdlGetFirstAippInfo(id, 0, &info), ACL_ERROR_GE_AIPP_NOT_EXIST);
  (void)aclmdlDestroyDesc(desc);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

// The parameters of `c` as an aclmdlAIPP set.
aclmdlAIPP* MakeSet(const AippCase& c) {
  aclmdlAIPP* set = aclmdlCreateAIPP(1);
  EXPECT_EQ(aclmdlSetAIPPInputFormat(set, ACL_YUV420SP_U8), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetAIPPSrcImageSize(set, c.src_w, c.src_h), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetAIPPCscParams(set, 1, c.m[0], c.m[1], c.m[2], c.m[3], c.m[4], c.m[5], c.m[6], c.m[7], c.m[8],
                                   static_cast<uint8_t>(c.out_bias[0]), static_cast<uint8_t>(c.out_bias[1]),
                                   static_cast<uint8_t>(c.out_bias[2]), static_cast<uint8_t>(c.in_bias[0]),
                                   static_cast<uint8_t>(c.in_bias[1]), static_cast<uint8_t>(c.in_bias[2])),
            ACL_SUCCESS);
  if (c.crop) {
    EXPECT_EQ(aclmdlSetAIPPCropParams(set, 1, c.crop_x, c.crop_y, c.crop_w, c.crop_h, 0), ACL_SUCCESS);
  }
  if (c.top + c.bottom + c.left + c.right > 0) {
    EXPECT_EQ(aclmdlSetAIPPPaddingParams(set, 1, c.top, c.bottom, c.left, c.right, 0), ACL_SUCCESS);
  }
  EXPECT_EQ(aclmdlSetAIPPDtcPixelMean(set, static_cast<int16_t>(c.mean[0]), static_cast<int16_t>(c.mean[1]),
                                      static_cast<int16_t>(c.mean[2]), static_cast<int16_t>(c.mean[3]), 0),
            ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetAIPPDtcPixelMin(set, c.min[0], c.min[1], c.min[2], c.min[3], 0), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetAIPPPixelVarReci(set, c.var[0], c.var[1], c.var[2], c.var[3], 0), ACL_SUCCESS);
  return set;
}

TEST_F(DynamicAipp, ExecutionAppliesTheParametersOfEachCall) {
  const uint32_t id = Load();
  // Two parameter sets on the same model: a plain 6x4 image, then a crop of an 8x6 image
  // with one row of padding top and bottom.
  AippCase plain;
  plain.csc = true;
  plain.m = {298, 0, 409, 298, -100, -208, 298, 516, 0};
  plain.in_bias = {16, 128, 128};
  plain.mean = {10, 20, 30, 0};
  plain.min = {1.5f, 2.5f, 3.5f, 0};
  plain.var = {0.5f, 0.25f, 2.0f, 1};
  AippCase cropped = plain;
  cropped.src_w = 8;
  cropped.src_h = 6;
  cropped.crop = true;
  cropped.crop_x = 2;
  cropped.crop_y = 2;
  cropped.crop_w = 6;
  cropped.crop_h = 2;
  cropped.top = 1;
  cropped.bottom = 1;
  ASSERT_EQ(cropped.out_w(), 6);
  ASSERT_EQ(cropped.out_h(), 4);
  size_t params = 0;
  ASSERT_EQ(aclmdlGetAippDataSize(1, &params), ACL_SUCCESS);
  const std::vector<uint8_t> image = TestImage(8 * 6 * 3 / 2, 5);
  Buffers(image, params, 3 * 4 * 6 * 4);

  // Never set: the execution fails and says why.
  EXPECT_NE(aclmdlExecute(id, in_, out_), ACL_SUCCESS);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclmdlSetInputAIPP"), std::string::npos) << aclGetRecentErrMsg();

  aclmdlAIPP* a = MakeSet(plain);
  ASSERT_EQ(aclmdlSetInputAIPP(id, in_, 1, a), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecute(id, in_, out_), ACL_SUCCESS);
  EXPECT_EQ(Output(), ReferenceAipp(plain, std::vector<uint8_t>(image.begin(), image.begin() + 36)));

  aclmdlAIPP* b = MakeSet(cropped);
  ASSERT_EQ(aclmdlSetAIPPByInputIndex(id, in_, 0, b), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecute(id, in_, out_), ACL_SUCCESS);
  EXPECT_EQ(Output(), ReferenceAipp(cropped, image));

  // Crop and padding that do not give the model's 6x4: the execution says so.
  ASSERT_EQ(aclmdlSetAIPPCropParams(b, 1, 0, 0, 6, 4, 0), ACL_SUCCESS);
  ASSERT_EQ(aclmdlSetInputAIPP(id, in_, 1, b), ACL_SUCCESS);
  EXPECT_NE(aclmdlExecute(id, in_, out_), ACL_SUCCESS);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("6x6"), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_EQ(aclmdlDestroyAIPP(a), ACL_SUCCESS);
  EXPECT_EQ(aclmdlDestroyAIPP(b), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(DynamicAipp, SettingChecksTheInputsTheDatasetAndTheImageSize) {
  const uint32_t id = Load();
  size_t params = 0;
  ASSERT_EQ(aclmdlGetAippDataSize(1, &params), ACL_SUCCESS);
  Buffers(TestImage(36, 1), params, 3 * 4 * 6 * 4);
  AippCase c;
  c.csc = true;
  aclmdlAIPP* set = MakeSet(c);
  EXPECT_EQ(aclmdlSetInputAIPP(id, in_, 0, set), ACL_ERROR_INVALID_PARAM);   // the image input, not the parameters
  EXPECT_EQ(aclmdlSetAIPPByInputIndex(id, in_, 1, set), ACL_ERROR_FAILURE);  // no dynamic AIPP on input 1
  ASSERT_EQ(aclmdlSetAIPPSrcImageSize(set, 16, 16), ACL_SUCCESS);            // 384 bytes > 200
  EXPECT_EQ(aclmdlSetInputAIPP(id, in_, 1, set), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("max_src_image_size"), std::string::npos);
  aclmdlAIPP* two = aclmdlCreateAIPP(2);
  EXPECT_EQ(aclmdlSetInputAIPP(id, in_, 1, two), ACL_ERROR_INVALID_PARAM);  // batch 2 > the model's 1
  aclmdlDataset* empty = aclmdlCreateDataset();
  // YUV420SP_U8 subsamples chroma on both axes: the size and the crop start must be even.
  ASSERT_EQ(aclmdlSetAIPPSrcImageSize(set, 5, 4), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetInputAIPP(id, in_, 1, set), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("5x4 is not even"), std::string::npos) << aclGetRecentErrMsg();
  ASSERT_EQ(aclmdlSetAIPPSrcImageSize(set, 6, 4), ACL_SUCCESS);
  ASSERT_EQ(aclmdlSetAIPPCropParams(set, 1, 0, 1, 4, 2, 0), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetInputAIPP(id, in_, 1, set), ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not at even coordinates"), std::string::npos)
      << aclGetRecentErrMsg();
  ASSERT_EQ(aclmdlSetAIPPCropParams(set, 0, 0, 0, 0, 0, 0), ACL_SUCCESS);
  EXPECT_EQ(aclmdlSetInputAIPP(id, empty, 1, set), ACL_ERROR_INVALID_PARAM);  // no buffer for the parameters
  (void)aclmdlDestroyDataset(empty);
  EXPECT_EQ(aclmdlDestroyAIPP(two), ACL_SUCCESS);
  EXPECT_EQ(aclmdlDestroyAIPP(set), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST(DynamicAippConfig, MaxSourceImageSizeIsRequired) {
  std::vector<aipp::AippSpec> specs;
  const Status st = aipp::ParseAippConfig("aipp_op { aipp_mode : dynamic }", "x.cfg", &specs);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("max_src_image_size"), std::string::npos) << st.message();
  ASSERT_TRUE(
      aipp::ParseAippConfig("aipp_op { aipp_mode : dynamic max_src_image_size : 752640 }", "x.cfg", &specs).ok());
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_TRUE(specs[0].dynamic);
  EXPECT_EQ(specs[0].max_src_image_size, 752640u);
}

}  // namespace
}  // namespace asim::atc::testing
