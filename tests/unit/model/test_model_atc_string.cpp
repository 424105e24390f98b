// String tensors end to end: an ONNX StringNormalizer model converted by atc in-process
// (ConvertModel) for Ascend310, loaded with aclmdlLoadFromMem and executed through the
// public API with its DT_STRING input and output in CANN's layout (runtime/model/
// string_tensors.h, docs/models.md "String tensors"): the model's description (0 bytes,
// -1 dims for the data-dependent output), the results, the actual dims (dataset tensor
// desc, aclmdlGetCurOutputDims), stopwords removing every element, the errors for a
// too-small output buffer, a too-small input buffer and input heads pointing outside, and
// an asynchronous execution whose input is copied on the stream before it.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "atc_model_fixture.h"
#include "kernels/common/values/string_tensor.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace {

using asim::atc::testing::OnnxModel;
using onnx::TensorProto;
namespace kernels = asim::kernels;

OnnxModel Normalizer(const std::string& action) {
  OnnxModel m(10, 5);
  m.Input("x", TensorProto::STRING, {4}).Output("y", TensorProto::STRING);
  auto& n = m.Node("StringNormalizer", {"x"}, {"y"}, "norm");
  asim::atc::testing::SetString(n, "case_change_action", action);
  asim::atc::testing::SetInt(n, "is_case_sensitive", 0);
  auto* a = n.add_attribute();
  a->set_name("stopwords");
  a->set_type(onnx::AttributeProto::STRINGS);
  a->add_strings("monday");
  return m;
}

class AtcString : public asim::model::testing::AtcModelFixture {
 protected:
  // Executes with the packed `x` in a buffer of x.size() + extra_in bytes and an output
  // buffer of `out_size` bytes; aclmdlExecute's result.
  aclError RunStrings(const std::vector<uint8_t>& x, size_t out_size, size_t extra_in = 0) {
    aclmdlDataset* in = Dataset({{Device(x.size() + extra_in), x.size() + extra_in}});
    in_ptr_ = aclGetDataBufferAddr(aclmdlGetDatasetBuffer(in, 0));
    if (!x.empty()) {
      EXPECT_EQ(aclrtMemcpy(in_ptr_, x.size(), x.data(), x.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
    out_ptr_ = Device(out_size);
    out_size_ = out_size;
    out_ = Dataset({{out_ptr_, out_size}});
    return aclmdlExecute(id_, in, out_);
  }
  // The output's strings for its actual dims (the dataset's tensor desc).
  std::vector<std::string> Strings(std::vector<int64_t>* dims) {
    const aclTensorDesc* d = aclmdlGetDatasetTensorDesc(out_, 0);
    EXPECT_NE(d, nullptr);
    dims->clear();
    int64_t n = 1;
    for (size_t k = 0; d != nullptr && k < aclGetTensorDescNumDims(d); ++k) {
      int64_t v = 0;
      EXPECT_EQ(aclGetTensorDescDimV2(d, k, &v), ACL_SUCCESS);
      dims->push_back(v);
      n *= v;
    }
    bytes_ = Get<uint8_t>(out_ptr_, out_size_);
    std::vector<std::string> s;
    const asim::Status st = kernels::ReadStrings(bytes_.data(), bytes_.size(), n, &s);
    EXPECT_TRUE(st.ok()) << st.message();
    return s;
  }

  void* in_ptr_ = nullptr;
  void* out_ptr_ = nullptr;
  size_t out_size_ = 0;
  aclmdlDataset* out_ = nullptr;
  std::vector<uint8_t> bytes_;
};

TEST_F(AtcString, StringNormalizerRunsThroughThePublicApi) {
  OnnxModel m = Normalizer("UPPER");
  ConvertAndLoad(m);
  EXPECT_EQ(aclmdlGetInputDataType(desc_, 0), ACL_STRING);
  EXPECT_EQ(aclmdlGetOutputDataType(desc_, 0), ACL_STRING);
  EXPECT_EQ(aclmdlGetInputSizeByIndex(desc_, 0), 0u) << "a string tensor's bytes are its contents'";
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 0u);
  EXPECT_EQ(DescDims(0), (std::vector<int64_t>{-1})) << "stopwords make the output's dims data-dependent";

  const auto x = kernels::PackStrings({"Monday", "tuesday", "MONDAY", "Été"});
  ASSERT_EQ(RunStrings(x, 2 * x.size() + 32), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<int64_t> dims;
  EXPECT_EQ(Strings(&dims), (std::vector<std::string>{"TUESDAY", "ÉTÉ"}));
  EXPECT_EQ(dims, (std::vector<int64_t>{2}));
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2}));
  // Compact from the buffer's start: exactly what PackStrings gives.
  const auto expected = kernels::PackStrings({"TUESDAY", "ÉTÉ"});
  ASSERT_GE(bytes_.size(), expected.size());
  EXPECT_EQ(std::vector<uint8_t>(bytes_.begin(), bytes_.begin() + static_cast<long>(expected.size())), expected);

  // Every element a stop word: ONNX's one empty string.
  const auto all = kernels::PackStrings({"monday", "Monday", "MONDAY", "mOnDaY"});
  ASSERT_EQ(RunStrings(all, 2 * all.size() + 32), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(Strings(&dims), (std::vector<std::string>{""}));
  EXPECT_EQ(dims, (std::vector<int64_t>{1}));
}

TEST_F(AtcString, TooSmallOutputBufferIsOutputNotMatch) {
  OnnxModel m = Normalizer("LOWER");
  ConvertAndLoad(m);
  const auto x = kernels::PackStrings({"Alpha", "Beta", "Gamma", "Delta"});
  const size_t need = kernels::PackStrings({"alpha", "beta", "gamma", "delta"}).size();
  EXPECT_EQ(RunStrings(x, need - 1), ACL_ERROR_MODEL_OUTPUT_NOT_MATCH);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("output 0 'y'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("need " + std::to_string(need) + " bytes"), std::string::npos) << msg;
  // Exactly the packed size is enough, and the model stays usable.
  ASSERT_EQ(RunStrings(x, need), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<int64_t> dims;
  EXPECT_EQ(Strings(&dims), (std::vector<std::string>{"alpha", "beta", "gamma", "delta"}));
}

TEST_F(AtcString, MalformedInputIsRefusedBeforeAnyKernelReadsIt) {
  OnnxModel m = Normalizer("NONE");
  ConvertAndLoad(m);
  auto x = kernels::PackStrings({"a", "b", "c", "d"});
  // A head whose bytes lie past the buffer's end.
  kernels::StringHead head{x.size() - 1, 5};
  std::memcpy(x.data() + 2 * kernels::kStringHeadBytes, &head, sizeof head);
  EXPECT_EQ(RunStrings(x, 256), ACL_ERROR_INVALID_PARAM);
  std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("input 0 'x'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("element 2"), std::string::npos) << msg;

  // Fewer bytes than the four heads.
  EXPECT_EQ(RunStrings(std::vector<uint8_t>(40, 0), 256), ACL_ERROR_MODEL_INPUT_NOT_MATCH);
  msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("64 bytes"), std::string::npos) << msg;

  // A larger buffer than the strings use is fine (offsets count from its start).
  x = kernels::PackStrings({"a", "b", "c", "d"});
  ASSERT_EQ(RunStrings(x, 256, 100), ACL_SUCCESS) << aclGetRecentErrMsg();
  std::vector<int64_t> dims;
  EXPECT_EQ(Strings(&dims), (std::vector<std::string>{"a", "b", "c", "d"}));
}

TEST_F(AtcString, AsyncInputIsCheckedWhenTheNodeRuns) {
  // The input is copied on the stream before the execution: when aclmdlExecuteAsync returns
  // the buffer still holds garbage heads, which must not be judged then.
  OnnxModel m = Normalizer("UPPER");
  ConvertAndLoad(m);
  const auto x = kernels::PackStrings({"a", "monday", "b", "c"});
  void* in_ptr = Device(x.size());
  const std::vector<uint8_t> garbage(x.size(), 0xFF);
  Put(in_ptr, garbage);
  out_size_ = 2 * x.size() + 32;
  out_ptr_ = Device(out_size_);
  aclmdlDataset* in = Dataset({{in_ptr, x.size()}});
  out_ = Dataset({{out_ptr_, out_size_}});
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclrtMemcpyAsync(in_ptr, x.size(), x.data(), x.size(), ACL_MEMCPY_HOST_TO_DEVICE, stream), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecuteAsync(id_, in, out_, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{3}));
  bytes_ = Get<uint8_t>(out_ptr_, out_size_);
  std::vector<std::string> y;
  ASSERT_TRUE(kernels::ReadStrings(bytes_.data(), bytes_.size(), 3, &y).ok());
  EXPECT_EQ(y, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
}

}  // namespace
