// The model executor through the public API, over models written with the om writer:
// load (memory, sizes, SoC), execute sync / async, dynamic batch, dataset errors, unload,
// device release with models still loaded.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "hand_models.h"
#include "om/om_writer.h"

namespace {

std::vector<uint8_t> Bytes(const asim::om::Model& m) {
  std::vector<uint8_t> bytes;
  asim::Status st = asim::om::WriteModel(m, &bytes);
  EXPECT_TRUE(st.ok()) << st.message();
  return bytes;
}

class ModelExec : public asim::model::testing::DeviceFixture {
 protected:
  void* Upload(const std::vector<float>& v) {
    void* p = Device(v.size() * sizeof(float));
    Put(p, v);
    return p;
  }
  std::vector<float> Download(void* p, size_t n) { return Get<float>(p, n); }

  static std::vector<float> Ramp(size_t n, float start, float step) {
    std::vector<float> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = start + step * static_cast<float>(i);
    return v;
  }
  static std::vector<float> AddRelu(const std::vector<float>& a, const std::vector<float>& b) {
    std::vector<float> y(a.size());
    for (size_t i = 0; i < a.size(); ++i) y[i] = std::max(0.0f, a[i] + b[i]);
    return y;
  }
};

TEST_F(ModelExec, LoadFromMemExecuteSyncAndAsync) {
  const auto bytes = Bytes(asim::testing::AddReluModel());
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS) << aclGetRecentErrMsg();
  const size_t n = 32, size = n * sizeof(float);
  const auto a = Ramp(n, -8.0f, 0.5f), b = Ramp(n, 1.0f, -0.25f);
  aclmdlDataset* in = Dataset({{Upload(a), size}, {Upload(b), size}});
  void* out_ptr = Device(size);
  aclmdlDataset* out = Dataset({{out_ptr, size}});
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(Download(out_ptr, n), AddRelu(a, b));

  ASSERT_EQ(aclrtMemset(out_ptr, size, 0, size), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecuteAsync(id, in, out, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(Download(out_ptr, n), AddRelu(a, b));
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_ERROR_INVALID_MODEL_ID);
}

TEST_F(ModelExec, ExecutionTakesDeterministicSimulatedTime) {
  const auto bytes = Bytes(asim::testing::AddReluModel("Ascend310", 64, 1024, "timed"));
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS);
  const size_t size = 64 * 1024 * sizeof(float);
  aclmdlDataset* in = Dataset({{Device(size), size}, {Device(size), size}});
  aclmdlDataset* out = Dataset({{Device(size), size}});
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  aclrtEvent start = nullptr, end = nullptr;
  ASSERT_EQ(aclrtCreateEvent(&start), ACL_SUCCESS);
  ASSERT_EQ(aclrtCreateEvent(&end), ACL_SUCCESS);
  float ms[2] = {};
  for (float& m : ms) {
    ASSERT_EQ(aclrtRecordEvent(start, stream), ACL_SUCCESS);
    ASSERT_EQ(aclmdlExecuteAsync(id, in, out, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
    ASSERT_EQ(aclrtRecordEvent(end, stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    ASSERT_EQ(aclrtEventElapsedTime(&m, start, end), ACL_SUCCESS);
  }
  // Two vector tasks over 256 KiB each: microseconds on the simulated chip, whatever the host.
  EXPECT_GT(ms[0], 0.001f);
  EXPECT_LT(ms[0], 1.0f);
  EXPECT_FLOAT_EQ(ms[0], ms[1]);
  EXPECT_EQ(aclrtDestroyEvent(start), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyEvent(end), ACL_SUCCESS);
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelExec, QuerySizeMatchesWhatLoadWithMemNeeds) {
  const auto bytes = Bytes(asim::testing::AddReluModel());
  size_t work = 0, weight = 0;
  ASSERT_EQ(aclmdlQuerySizeFromMem(bytes.data(), bytes.size(), &work, &weight), ACL_SUCCESS);
  EXPECT_EQ(work, 512u);
  EXPECT_EQ(weight, 0u);
  uint32_t id = 0;
  void* w = Device(work);
  EXPECT_EQ(aclmdlLoadFromMemWithMem(bytes.data(), bytes.size(), &id, w, work - 1, nullptr, 0),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("workSize"), std::string::npos);
  int host_block[256];
  EXPECT_EQ(aclmdlLoadFromMemWithMem(bytes.data(), bytes.size(), &id, host_block, work, nullptr, 0),
            ACL_ERROR_INVALID_PARAM);
  ASSERT_EQ(aclmdlLoadFromMemWithMem(bytes.data(), bytes.size(), &id, w, work, nullptr, 0), ACL_SUCCESS)
      << aclGetRecentErrMsg();
  const size_t n = 32, size = n * sizeof(float);
  const auto a = Ramp(n, -3.0f, 0.25f), b = Ramp(n, 0.5f, 0.0f);
  void* out_ptr = Device(size);
  ASSERT_EQ(aclmdlExecute(id, Dataset({{Upload(a), size}, {Upload(b), size}}), Dataset({{out_ptr, size}})), ACL_SUCCESS)
      << aclGetRecentErrMsg();
  EXPECT_EQ(Download(out_ptr, n), AddRelu(a, b));
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelExec, DatasetMismatchesAreRefusedWithTheirCodes) {
  const auto bytes = Bytes(asim::testing::AddReluModel());
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS);
  const size_t size = 32 * sizeof(float);
  void* a = Device(size);
  void* b = Device(size);
  void* y = Device(size);
  EXPECT_EQ(aclmdlExecute(id, Dataset({{a, size}}), Dataset({{y, size}})), ACL_ERROR_MODEL_INPUT_NOT_MATCH);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("2 input(s)"), std::string::npos) << aclGetRecentErrMsg();
  EXPECT_EQ(aclmdlExecute(id, Dataset({{a, size}, {b, size}}), Dataset({})), ACL_ERROR_MODEL_OUTPUT_NOT_MATCH);
  EXPECT_EQ(aclmdlExecute(id, Dataset({{a, size}, {b, size - 4}}), Dataset({{y, size}})),
            ACL_ERROR_MODEL_INPUT_NOT_MATCH);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("needs 128 bytes"), std::string::npos) << aclGetRecentErrMsg();
  std::vector<float> host(32);
  EXPECT_EQ(aclmdlExecute(id, Dataset({{host.data(), size}, {b, size}}), Dataset({{y, size}})),
            ACL_ERROR_INVALID_PARAM);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("not device memory"), std::string::npos);
  EXPECT_EQ(aclmdlExecute(id + 100, Dataset({{a, size}, {b, size}}), Dataset({{y, size}})), ACL_ERROR_INVALID_MODEL_ID);
  EXPECT_EQ(aclmdlExecute(id, nullptr, Dataset({{y, size}})), ACL_ERROR_INVALID_PARAM);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelExec, ModelForAnotherSocIsRefused) {
  const auto bytes = Bytes(asim::testing::AddReluModel("Ascend910B2"));
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_GE_LOAD_MODEL);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("--soc_version=Ascend310"), std::string::npos)
      << aclGetRecentErrMsg();
}

TEST_F(ModelExec, StringTensorInsideTheModelIsRefusedAtLoad) {
  // y = StringNormalizer(StringNormalizer(x)), DT_STRING [4]: model inputs and outputs may be
  // strings (runtime/model/string_tensors.h), a string tensor in the work memory may not
  // (the plan has no bytes for a tensor sized by its contents).
  asim::om::Model m;
  m.name = "strnorm2";
  m.soc_version = "Ascend310";
  m.producer = "tests/unit/model";
  m.inputs = {{"x", asim::DataType::kString, asim::Format::kNd, {4}, 0}};
  m.outputs = {{"y", asim::DataType::kString, asim::Format::kNd, {-1}, 0}};
  asim::om::TensorDesc desc{asim::DataType::kString, asim::Format::kNd, {4}, asim::Format::kUndefined, {}};
  asim::om::Graph g;
  g.tensors.push_back({"x", desc, asim::om::TensorPlace::kInput, 0, 0, 0, false});
  g.tensors.push_back({"mid", desc, asim::om::TensorPlace::kWork, 0, 0, 0, true});
  g.tensors.push_back({"y", desc, asim::om::TensorPlace::kOutput, 0, 0, 0, true});
  asim::om::Node n;
  n.name = "norm";
  n.type = "StringNormalizer";
  n.engine = asim::kernels::Engine::kAiCpu;
  n.inputs = {0};
  n.outputs = {1};
  asim::om::Node n2 = n;
  n2.name = "norm2";
  n2.inputs = {1};
  n2.outputs = {2};
  g.nodes = {n, n2};
  m.graphs = {g};
  ASSERT_TRUE(m.Validate().ok()) << m.Validate().message();
  const auto bytes = Bytes(m);
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_PARSE_MODEL);
  const std::string msg = aclGetRecentErrMsg();
  EXPECT_NE(msg.find("'mid' is DT_STRING inside the model"), std::string::npos) << msg;
  EXPECT_NE(msg.find("norm"), std::string::npos) << msg;
}

TEST_F(ModelExec, ModelLargerThanThePoolGetsTheMemoryError) {
  // 2 Mi x 2 Ki floats = 16 GiB of work memory: more than the Ascend310's 8 GiB pool.
  const auto bytes = Bytes(asim::testing::AddReluModel("Ascend310", 1 << 21, 2048, "huge"));
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_RT_MEMORY_ALLOCATION);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("work memory"), std::string::npos) << aclGetRecentErrMsg();
  // The state stays usable.
  const auto ok = Bytes(asim::testing::AddReluModel());
  ASSERT_EQ(aclmdlLoadFromMem(ok.data(), ok.size(), &id), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelExec, DynamicBatchRunsTheChosenGear) {
  const auto bytes = Bytes(asim::testing::DynamicAddReluModel());
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS) << aclGetRecentErrMsg();
  const size_t cols = 8, max_n = 4 * cols, size = max_n * sizeof(float);
  const auto a = Ramp(max_n, -4.0f, 0.25f), b = Ramp(max_n, 0.0f, 0.125f);
  void* dyn = Device(sizeof(int64_t));
  void* y = Device(size);
  aclmdlDataset* in = Dataset({{Upload(a), size}, {Upload(b), size}, {dyn, sizeof(int64_t)}});
  aclmdlDataset* out = Dataset({{y, size}});
  // CANN: a gear model's output dims are the largest gear's, and so are the current ones
  // until a gear is chosen; after aclmdlSetDynamicBatchSize they are that gear's, before any
  // execution.
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_EQ(aclmdlGetDesc(desc, id), ACL_SUCCESS);
  aclmdlIODims dims;
  ASSERT_EQ(aclmdlGetOutputDims(desc, 0, &dims), ACL_SUCCESS);
  EXPECT_EQ(dims.dims[0], 4);
  ASSERT_EQ(aclmdlGetCurOutputDims(desc, 0, &dims), ACL_SUCCESS);
  EXPECT_EQ(dims.dims[0], 4);
  aclmdlDataset* other = Dataset({{Upload(a), size}, {Upload(b), size}, {Device(sizeof(int64_t)), sizeof(int64_t)}});
  ASSERT_EQ(aclmdlSetDynamicBatchSize(id, other, 2, 1), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclmdlGetCurOutputDims(desc, 0, &dims), ACL_SUCCESS);
  EXPECT_EQ(dims.dims[0], 1);
  // No gear chosen: the dynamic tensor holds 0.
  ASSERT_EQ(aclrtMemset(dyn, sizeof(int64_t), 0, sizeof(int64_t)), ACL_SUCCESS);
  EXPECT_EQ(aclmdlExecute(id, in, out), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclmdlSetDynamicBatchSize"), std::string::npos);
  EXPECT_EQ(aclmdlSetDynamicBatchSize(id, in, 2, 3), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
  ASSERT_EQ(aclmdlSetDynamicBatchSize(id, in, 2, 2), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtMemset(y, size, 0, size), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  auto got = Download(y, max_n);
  auto want = AddRelu(a, b);
  for (size_t i = 0; i < max_n; ++i) EXPECT_EQ(got[i], i < 2 * cols ? want[i] : 0.0f) << i;
  ASSERT_EQ(aclmdlGetCurOutputDims(desc, 0, &dims), ACL_SUCCESS);
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], 2);
  EXPECT_EQ(aclmdlDestroyDesc(desc), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelExec, ResetDeviceUnloadsModelsLeftLoaded) {
  const auto bytes = Bytes(asim::testing::AddReluModel());
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS);
  ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_ERROR_INVALID_MODEL_ID);
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  device_.clear();
}

TEST_F(ModelExec, LoadNeedsInitAndAContextAndValidArguments) {
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromMem(nullptr, 10, &id), ACL_ERROR_INVALID_PARAM);
  const uint8_t junk[64] = {1, 2, 3};
  EXPECT_EQ(aclmdlLoadFromMem(junk, sizeof junk, &id), ACL_ERROR_PARSE_MODEL);
  EXPECT_EQ(aclmdlLoadFromFile("/nonexistent/model.om", &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
  size_t w = 0, g = 0;
  EXPECT_EQ(aclmdlQuerySize("/nonexistent/model.om", &w, &g), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
}

}  // namespace
