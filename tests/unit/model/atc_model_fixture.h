// AtcModelFixture: ONNX models built in the test (onnx_test_util.h), converted by atc
// in-process (ConvertModel) for Ascend310, loaded with aclmdlLoadFromMem and executed through
// the public API; results and aclmdlGetCurOutputDims read back.
// Owner: tests/unit/model. Thread safety: one test at a time. Failure: gtest assertions.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "om/model.h"
#include "om/om_writer.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::model::testing {

namespace om = asim::om;
using asim::atc::testing::OnnxModel;

inline asim::atc::ConvertOptions Options310() {
  asim::atc::ConvertOptions o = asim::atc::testing::TestOptions();
  o.soc_version = "Ascend310";
  return o;
}

class AtcModelFixture : public DeviceFixture {
 protected:
  void TearDown() override {
    if (id_ != 0) {
      EXPECT_EQ(aclmdlUnload(id_), ACL_SUCCESS);
    }
    DeviceFixture::TearDown();
  }

  void ConvertAndLoad(OnnxModel& onnx) {
    asim::Status st = asim::atc::testing::Convert(onnx.Save(), &model_, nullptr, Options310());
    ASSERT_TRUE(st.ok()) << st.message();
    std::vector<uint8_t> bytes;
    st = om::WriteModel(model_, &bytes);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id_), ACL_SUCCESS) << aclGetRecentErrMsg();
    desc_ = aclmdlCreateDesc();
    ASSERT_EQ(aclmdlGetDesc(desc_, id_), ACL_SUCCESS);
  }
  // Device buffers for every input (filled) and output (output_bytes_, by default
  // aclmdlGetOutputSizeByIndex bytes).
  void Run(const std::vector<std::vector<uint8_t>>& inputs) {
    aclError ret = ACL_SUCCESS;
    Execute(inputs, &ret);
    ASSERT_EQ(ret, ACL_SUCCESS) << aclGetRecentErrMsg();
  }
  // As Run, with aclmdlExecute's result in *ret.
  void Execute(const std::vector<std::vector<uint8_t>>& inputs, aclError* ret) {
    aclmdlDataset* in = aclmdlCreateDataset();
    aclmdlDataset* out = aclmdlCreateDataset();
    datasets_ = {in, out};
    for (const auto& bytes : inputs) {
      void* p = Device(bytes.size());
      ASSERT_EQ(aclrtMemcpy(p, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
      Add(in, p, bytes.size());
    }
    outputs_.clear();
    for (size_t i = 0; i < aclmdlGetNumOutputs(desc_); ++i) {
      if (i < output_bytes_.size() && output_bytes_[i] == kRuntimeAllocated) {
        outputs_.push_back({nullptr, 0});
      } else {
        const size_t size = i < output_bytes_.size() ? output_bytes_[i] : aclmdlGetOutputSizeByIndex(desc_, i);
        outputs_.push_back({Device(size), size});
      }
      Add(out, outputs_.back().first, outputs_.back().second);
    }
    *ret = aclmdlExecute(id_, in, out);
    // An output aclmdlExecute allocated: the dataset buffer now points at it; freed at TearDown.
    for (size_t i = 0; i < outputs_.size(); ++i) {
      if (outputs_[i].first != nullptr) continue;
      aclDataBuffer* b = aclmdlGetDatasetBuffer(out, i);
      outputs_[i] = {aclGetDataBufferAddr(b), aclGetDataBufferSizeV2(b)};
      if (outputs_[i].first != nullptr) device_.push_back(outputs_[i].first);
    }
  }
  template <typename T>
  std::vector<T> Output(size_t index, size_t count) {
    std::vector<T> v(count);
    if (count > 0) {
      EXPECT_EQ(
          aclrtMemcpy(v.data(), count * sizeof(T), outputs_[index].first, count * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST),
          ACL_SUCCESS);
    }
    return v;
  }
  std::vector<int64_t> CurDims(size_t index) {
    aclmdlIODims dims{};
    EXPECT_EQ(aclmdlGetCurOutputDims(desc_, index, &dims), ACL_SUCCESS) << aclGetRecentErrMsg();
    return std::vector<int64_t>(dims.dims, dims.dims + dims.dimCount);
  }
  std::vector<int64_t> DescDims(size_t index) {
    aclmdlIODims dims{};
    EXPECT_EQ(aclmdlGetOutputDims(desc_, index, &dims), ACL_SUCCESS) << aclGetRecentErrMsg();
    return std::vector<int64_t>(dims.dims, dims.dims + dims.dimCount);
  }
  bool AnyDynamicTensor() const {
    for (const om::Tensor& t : model_.graphs.at(0).tensors) {
      if (t.dynamic) return true;
    }
    return false;
  }

  template <typename T>
  static std::vector<uint8_t> Raw(const std::vector<T>& v) {
    std::vector<uint8_t> b(v.size() * sizeof(T));
    if (!b.empty()) std::memcpy(b.data(), v.data(), b.size());
    return b;
  }

  // Output buffer sizes for Execute (default: aclmdlGetOutputSizeByIndex each);
  // kRuntimeAllocated gives a NULL 0-byte buffer for aclmdlExecute to allocate.
  static constexpr size_t kRuntimeAllocated = ~size_t{0};
  std::vector<size_t> output_bytes_;

  om::Model model_;
  uint32_t id_ = 0;
  std::vector<std::pair<void*, size_t>> outputs_;

 private:
  void Add(aclmdlDataset* ds, void* p, size_t size) {
    aclDataBuffer* b = aclCreateDataBuffer(p, size);
    buffers_.push_back(b);
    EXPECT_EQ(aclmdlAddDatasetBuffer(ds, b), ACL_SUCCESS);
  }
};

}  // namespace asim::model::testing
