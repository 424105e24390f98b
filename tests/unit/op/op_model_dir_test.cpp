// The single-op API over models written the way atc --singleop writes them (atc's
// CompileSingleOp + the om writer): aclopSetModelDir and aclopLoad, matching by dtype, shape
// and attributes (an absent attribute equals the kernel default), and the "not found" message, without online
// compilation (Ascend310 ships no binary kernels).
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>
#include "acl/acl.h"

#include "compiler/single_op.h"
#include "om/om_writer.h"

namespace {

using asim::DataType;
using asim::Format;

asim::atc::SingleOpTensor T(DataType dt, std::vector<int64_t> dims, Format f = Format::kNd) {
  asim::atc::SingleOpTensor t;
  t.dtype = dt;
  t.format = f;
  t.dims = std::move(dims);
  return t;
}

asim::atc::SingleOpDesc AddDesc(std::vector<int64_t> dims) {
  asim::atc::SingleOpDesc d;
  d.op_type = "Add";
  d.inputs = {T(DataType::kFloat, dims), T(DataType::kFloat, dims)};
  d.outputs = {T(DataType::kFloat, dims)};
  return d;
}

class ModelDir : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  }
  static void TearDownTestSuite() { (void)aclFinalize(); }

  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("op_model_dir_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS);
  }
  void TearDown() override {
    EXPECT_EQ(aclrtDestroyStream(stream_), ACL_SUCCESS);
    std::filesystem::remove_all(dir_);
  }

  asim::om::Model Compile(const asim::atc::SingleOpDesc& desc) {
    asim::atc::CompileOptions options;
    options.soc_version = "Ascend310";
    asim::om::Model model;
    asim::Status st = asim::atc::CompileSingleOp(desc, options, &model);
    EXPECT_TRUE(st.ok()) << st.message();
    return model;
  }
  void Write(const asim::atc::SingleOpDesc& desc, const std::string& name) {
    ASSERT_TRUE(asim::om::WriteModelFile(Compile(desc), (dir_ / name).string()).ok());
  }

  // Runs Add on [rows, 3] fp32 tensors of value 1 and 2; returns the error code.
  aclError RunAdd(int64_t rows, aclDataType dt = ACL_FLOAT, float* first = nullptr) {
    const int64_t dims[] = {rows, 3};
    const size_t bytes = static_cast<size_t>(rows) * 3 * aclDataTypeSize(dt);
    aclTensorDesc* desc = aclCreateTensorDesc(dt, 2, dims, ACL_FORMAT_ND);
    std::vector<void*> dev(3);
    std::vector<aclDataBuffer*> bufs;
    std::vector<float> host(static_cast<size_t>(rows) * 3);
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(aclrtMalloc(&dev[i], bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
      std::fill(host.begin(), host.end(), static_cast<float>(i + 1));
      if (dt == ACL_FLOAT) {
        EXPECT_EQ(aclrtMemcpy(dev[i], bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), 0);
      }
      bufs.push_back(aclCreateDataBuffer(dev[i], bytes));
    }
    aclTensorDesc* in_desc[] = {desc, desc};
    aclDataBuffer* in_buf[] = {bufs[0], bufs[1]};
    aclTensorDesc* out_desc[] = {desc};
    aclDataBuffer* out_buf[] = {bufs[2]};
    const aclError ret = aclopExecuteV2("Add", 2, in_desc, in_buf, 1, out_desc, out_buf, attr_, stream_);
    if (ret == ACL_SUCCESS) {
      EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
      EXPECT_EQ(aclrtMemcpy(host.data(), bytes, dev[2], bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
      if (first != nullptr) *first = host[0];
    }
    for (int i = 0; i < 3; ++i) {
      aclDestroyDataBuffer(bufs[static_cast<size_t>(i)]);
      aclrtFree(dev[static_cast<size_t>(i)]);
    }
    aclDestroyTensorDesc(desc);
    return ret;
  }

  std::filesystem::path dir_;
  aclrtStream stream_ = nullptr;
  aclopAttr* attr_ = nullptr;
};

TEST_F(ModelDir, LoadedModelsRunAndOthersAreNotFound) {
  Write(AddDesc({2, 3}), "0_Add_f32_2_3.om");
  ASSERT_EQ(aclopSetModelDir(dir_.string().c_str()), ACL_SUCCESS) << aclGetRecentErrMsg();
  float y = 0;
  ASSERT_EQ(RunAdd(2, ACL_FLOAT, &y), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y, 3.0f);
  // Another shape and another dtype: no model, and no online compilation on Ascend310.
  EXPECT_EQ(RunAdd(4), ACL_ERROR_OP_NOT_FOUND);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("input 0: model DT_FLOAT ND [2,3], call DT_FLOAT ND [4,3]"), std::string::npos) << msg;
  EXPECT_NE(msg.find("0_Add_f32_2_3.om"), std::string::npos) << msg;
  EXPECT_EQ(RunAdd(2, ACL_FLOAT16), ACL_ERROR_OP_NOT_FOUND);
  // An attribute the model does not have (and that is not the kernel default) is a mismatch.
  attr_ = aclopCreateAttr();
  ASSERT_EQ(aclopSetAttrInt(attr_, "mystery", 7), ACL_SUCCESS);
  EXPECT_EQ(RunAdd(2), ACL_ERROR_OP_NOT_FOUND);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("mystery"), std::string::npos) << aclGetRecentErrMsg();
  aclopDestroyAttr(attr_);
  attr_ = nullptr;
}

TEST_F(ModelDir, AclopLoadAddsAModelFromMemory) {
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(asim::om::WriteModel(Compile(AddDesc({5, 3})), &bytes).ok());
  EXPECT_EQ(RunAdd(5), ACL_ERROR_OP_NOT_FOUND);
  ASSERT_EQ(aclopLoad(bytes.data(), bytes.size()), ACL_SUCCESS) << aclGetRecentErrMsg();
  float y = 0;
  ASSERT_EQ(RunAdd(5, ACL_FLOAT, &y), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(y, 3.0f);
  // Its description with an unknown dim is refused (single-op descriptions are static).
  asim::om::Model model = Compile(AddDesc({2, 3}));
  model.metadata[asim::atc::kSingleOpMetadataKey] = asim::atc::SingleOpToJson(AddDesc({-1, 3})).dump();
  ASSERT_TRUE(asim::om::WriteModel(model, &bytes).ok());
  EXPECT_EQ(aclopLoad(bytes.data(), bytes.size()), ACL_ERROR_OP_LOAD_FAILED);
}

TEST_F(ModelDir, AnAttributeAbsentInTheCallEqualsTheKernelDefault) {
  // Conv2D model with strides [1,1,1,1] (the default) and groups 1 written explicitly.
  asim::atc::SingleOpDesc conv;
  conv.op_type = "Conv2D";
  conv.inputs = {T(DataType::kFloat16, {1, 16, 4, 4}, Format::kNchw),
                 T(DataType::kFloat16, {16, 16, 1, 1}, Format::kNchw)};
  conv.outputs = {T(DataType::kFloat16, {1, 16, 4, 4}, Format::kNchw)};
  conv.attrs.Set("strides", std::vector<int64_t>{1, 1, 1, 1});
  conv.attrs.Set("groups", int64_t{1});
  Write(conv, "conv.om");
  ASSERT_EQ(aclopSetModelDir(dir_.string().c_str()), ACL_SUCCESS) << aclGetRecentErrMsg();
  const int64_t xd[] = {1, 16, 4, 4}, wd[] = {16, 16, 1, 1};
  aclTensorDesc* x = aclCreateTensorDesc(ACL_FLOAT16, 4, xd, ACL_FORMAT_NCHW);
  aclTensorDesc* w = aclCreateTensorDesc(ACL_FLOAT16, 4, wd, ACL_FORMAT_NCHW);
  aclTensorDesc* yd = aclCreateTensorDesc(ACL_FLOAT16, 4, xd, ACL_FORMAT_NCHW);
  void *xp = nullptr, *wp = nullptr, *yp = nullptr;
  ASSERT_EQ(aclrtMalloc(&xp, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&wp, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&yp, 512, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  aclDataBuffer* xb = aclCreateDataBuffer(xp, 512);
  aclDataBuffer* wb = aclCreateDataBuffer(wp, 512);
  aclDataBuffer* yb = aclCreateDataBuffer(yp, 512);
  aclTensorDesc* in_desc[] = {x, w};
  aclDataBuffer* in_buf[] = {xb, wb};
  aclTensorDesc* out_desc[] = {yd};
  aclDataBuffer* out_buf[] = {yb};
  aclopAttr* attr = aclopCreateAttr();
  ASSERT_EQ(aclopSetAttrString(attr, "data_format", "NCHW"), ACL_SUCCESS);  // default: absent in the model
  EXPECT_EQ(aclopExecuteV2("Conv2D", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, stream_), ACL_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS);
  ASSERT_EQ(aclopSetAttrInt(attr, "groups", 2), ACL_SUCCESS);
  EXPECT_EQ(aclopExecuteV2("Conv2D", 2, in_desc, in_buf, 1, out_desc, out_buf, attr, stream_), ACL_ERROR_OP_NOT_FOUND);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("attr 'groups': call 2, model 1"), std::string::npos)
      << aclGetRecentErrMsg();
  aclopDestroyAttr(attr);
  for (aclDataBuffer* b : {xb, wb, yb}) aclDestroyDataBuffer(b);
  for (void* p : {xp, wp, yp}) aclrtFree(p);
  for (aclTensorDesc* d : {x, w, yd}) aclDestroyTensorDesc(d);
}

}  // namespace
