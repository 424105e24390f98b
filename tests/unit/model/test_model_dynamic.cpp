// Data-dependent output shapes in the model executor, through the public API, over models
// written by hand with the om writer: NonZero -> Cast -> Add (the dims flow downstream and
// change from one execution to the next), Unique (several computed outputs next to an exact
// one), an empty result (0 rows), asynchronous execution, the description (-1 dims, the
// bound as size), the output dataset's tensor desc, concurrent executions, the refusal of a model that does not
// mark its data-dependent tensors (an om of format version 1), and a dump of the actual
// shapes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "device_fixture.h"
#include "hand_models.h"
#include "om/om_writer.h"

namespace {

using asim::DataType;
using asim::Format;
namespace om = asim::om;
using asim::testing::MakeTensor;
using asim::testing::NonZeroModel;
using asim::testing::UniqueModel;

std::vector<uint8_t> Bytes(const om::Model& m) {
  std::vector<uint8_t> bytes;
  asim::Status st = om::WriteModel(m, &bytes);
  EXPECT_TRUE(st.ok()) << st.message();
  return bytes;
}

class ModelDynamic : public asim::model::testing::DeviceFixture {
 protected:
  uint32_t Load(const om::Model& m) {
    const auto bytes = Bytes(m);
    uint32_t id = 0;
    EXPECT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS) << aclGetRecentErrMsg();
    desc_ = aclmdlCreateDesc();
    EXPECT_EQ(aclmdlGetDesc(desc_, id), ACL_SUCCESS);
    return id;
  }
  std::vector<int64_t> CurDims(size_t index) {
    aclmdlIODims dims{};
    EXPECT_EQ(aclmdlGetCurOutputDims(desc_, index, &dims), ACL_SUCCESS) << aclGetRecentErrMsg();
    return std::vector<int64_t>(dims.dims, dims.dims + dims.dimCount);
  }
  static std::vector<int64_t> DescDims(const aclTensorDesc* desc) {
    std::vector<int64_t> dims;
    if (desc == nullptr) return dims;
    for (size_t i = 0; i < aclGetTensorDescNumDims(desc); ++i) {
      int64_t d = 0;
      EXPECT_EQ(aclGetTensorDescDimV2(desc, i, &d), ACL_SUCCESS);
      dims.push_back(d);
    }
    return dims;
  }
  // NonZero's result for row-major `x` of `cols` columns, as floats + 1 (the model's y).
  static std::vector<float> Expected(const std::vector<float>& x, int64_t cols) {
    std::vector<float> rows, cs;
    for (size_t i = 0; i < x.size(); ++i) {
      if (x[i] == 0.0f) continue;
      rows.push_back(static_cast<float>(static_cast<int64_t>(i) / cols) + 1.0f);
      cs.push_back(static_cast<float>(static_cast<int64_t>(i) % cols) + 1.0f);
    }
    rows.insert(rows.end(), cs.begin(), cs.end());
    return rows;
  }
};

TEST_F(ModelDynamic, DescriptionHasUnknownDimsAndTheBoundAsSize) {
  const uint32_t id = Load(NonZeroModel(3, 4));
  aclmdlIODims dims{};
  ASSERT_EQ(aclmdlGetOutputDims(desc_, 0, &dims), ACL_SUCCESS);
  ASSERT_EQ(dims.dimCount, 2u);
  EXPECT_EQ(dims.dims[0], -1);
  EXPECT_EQ(dims.dims[1], -1);
  EXPECT_EQ(aclmdlGetOutputSizeByIndex(desc_, 0), 2u * 12 * 4);
  // Before any execution the current dims are the bound.
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 12}));
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, NonZeroCastAddFollowsTheDataFromOneExecutionToTheNext) {
  const uint32_t id = Load(NonZeroModel(3, 4));
  void* x = Device(12 * 4);
  void* y = Device(24 * 4);
  aclmdlDataset* in = Dataset({{x, 12 * 4}});
  aclmdlDataset* out = Dataset({{y, 24 * 4}});
  const std::vector<std::vector<float>> inputs = {
      {0, 1, 0, 2, 0, 0, 3, 0, 4, 0, 0, 5},  // 5 non-zeros
      {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},  // all: the bound
      {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0},  // one
  };
  for (const auto& values : inputs) {
    Put(x, values);
    ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::vector<float> want = Expected(values, 4);
    const int64_t nnz = static_cast<int64_t>(want.size() / 2);
    EXPECT_EQ(Get<float>(y, want.size()), want);
    EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, nnz}));
    // The output dataset's tensor desc carries the actual shape after a synchronous execution.
    const aclTensorDesc* td = aclmdlGetDatasetTensorDesc(out, 0);
    ASSERT_NE(td, nullptr);
    EXPECT_EQ(DescDims(td), (std::vector<int64_t>{2, nnz}));
    EXPECT_EQ(aclGetTensorDescType(td), ACL_FLOAT);
    EXPECT_EQ(aclGetTensorDescSize(td), static_cast<size_t>(2 * nnz) * 4);
  }
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, EmptyResultHasZeroRows) {
  const uint32_t id = Load(NonZeroModel(2, 3));
  void* x = Device(6 * 4);
  void* y = Device(12 * 4);
  Put(x, std::vector<float>(6, 0.0f));
  aclmdlDataset* in = Dataset({{x, 6 * 4}});
  aclmdlDataset* out = Dataset({{y, 12 * 4}});
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(DescDims(aclmdlGetDatasetTensorDesc(out, 0)), (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, AsyncExecutionReportsAfterTheStreamSynchronized) {
  const uint32_t id = Load(NonZeroModel(3, 4));
  void* x = Device(12 * 4);
  void* y = Device(24 * 4);
  aclmdlDataset* in = Dataset({{x, 12 * 4}});
  aclmdlDataset* out = Dataset({{y, 24 * 4}});
  aclrtStream stream = nullptr;
  ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
  const std::vector<float> values = {0, 0, 9, 0, 0, 0, 0, 0, 0, 8, 0, 0};
  Put(x, values);
  for (int i = 0; i < 3; ++i) ASSERT_EQ(aclmdlExecuteAsync(id, in, out, stream), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(Get<float>(y, 4), Expected(values, 4));
  EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, ConcurrentExecutionsEachFollowTheirOwnData) {
  // 4 threads, each on its own stream with its own data (a different non-zero count), 25
  // asynchronous executions each: every execution's dims are its own.
  constexpr int kThreads = 4, kIterations = 25;
  const uint32_t id = Load(NonZeroModel(3, 4));
  aclrtContext ctx = nullptr;
  ASSERT_EQ(aclrtGetCurrentContext(&ctx), ACL_SUCCESS);
  struct PerThread {
    void* x = nullptr;
    void* y = nullptr;
    aclmdlDataset* in = nullptr;
    aclmdlDataset* out = nullptr;
    std::vector<float> values, want;
  };
  std::vector<PerThread> threads(kThreads);
  for (int t = 0; t < kThreads; ++t) {
    PerThread& p = threads[static_cast<size_t>(t)];
    p.values.assign(12, 0.0f);
    for (int i = 0; i <= 2 * t; ++i) p.values[static_cast<size_t>(11 - i)] = static_cast<float>(t + 1);
    p.want = Expected(p.values, 4);
    p.x = Device(48);
    p.y = Device(96);
    Put(p.x, p.values);
    p.in = Dataset({{p.x, 48}});
    p.out = Dataset({{p.y, 96}});
  }
  std::vector<std::thread> workers;
  std::vector<int> failures(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    workers.emplace_back([&, t] {
      PerThread& p = threads[static_cast<size_t>(t)];
      int& failed = failures[static_cast<size_t>(t)];
      aclrtStream stream = nullptr;
      if (aclrtSetCurrentContext(ctx) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS) {
        ++failed;
        return;
      }
      std::vector<float> got(p.want.size());
      for (int i = 0; i < kIterations; ++i) {
        if (aclrtMemset(p.y, 96, 0, 96) != ACL_SUCCESS || aclmdlExecuteAsync(id, p.in, p.out, stream) != ACL_SUCCESS ||
            aclrtSynchronizeStream(stream) != ACL_SUCCESS ||
            aclrtMemcpy(got.data(), got.size() * 4, p.y, got.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS ||
            got != p.want) {
          ++failed;
        }
      }
      if (aclrtDestroyStream(stream) != ACL_SUCCESS) ++failed;
    });
  }
  for (auto& w : workers) w.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[static_cast<size_t>(t)], 0) << "thread " << t;
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, UniqueReportsEachComputedOutput) {
  const uint32_t id = Load(UniqueModel(8));
  void* x = Device(8 * 4);
  void* y = Device(8 * 4);
  void* idx = Device(8 * 8);
  void* inv = Device(8 * 8);
  void* cnt = Device(8 * 8);
  Put(x, std::vector<float>{3, 1, 3, 2, 1, 3, 7, 2});
  aclmdlDataset* in = Dataset({{x, 8 * 4}});
  aclmdlDataset* out = Dataset({{y, 8 * 4}, {idx, 8 * 8}, {inv, 8 * 8}, {cnt, 8 * 8}});
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{4}));
  EXPECT_EQ(CurDims(1), (std::vector<int64_t>{4}));
  EXPECT_EQ(CurDims(2), (std::vector<int64_t>{8}));  // exact: not data-dependent
  EXPECT_EQ(CurDims(3), (std::vector<int64_t>{4}));
  EXPECT_EQ(Get<float>(y, 4), (std::vector<float>{1, 2, 3, 7}));
  EXPECT_EQ(Get<int64_t>(idx, 4), (std::vector<int64_t>{1, 3, 0, 6}));
  EXPECT_EQ(Get<int64_t>(inv, 8), (std::vector<int64_t>{2, 0, 2, 1, 0, 2, 3, 1}));
  EXPECT_EQ(Get<int64_t>(cnt, 4), (std::vector<int64_t>{2, 2, 3, 1}));
  EXPECT_EQ(aclmdlGetDatasetTensorDesc(out, 2), nullptr);  // the exact output's desc is left alone
  EXPECT_EQ(DescDims(aclmdlGetDatasetTensorDesc(out, 3)), (std::vector<int64_t>{4}));
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, ActualDimsAKernelCannotTakeFailTheExecution) {
  // NonZero -> Add(nz, w int64 [2,12]) -> Cast: with all 12 elements non-zero the dims fit,
  // with fewer [2,nnz] does not broadcast with [2,12]: the Add fails at execution, naming
  // the node and the actual dims, and the node after it does not run on stale dims.
  const om::Model m = asim::testing::NonZeroAddCastModel();
  const uint32_t id = Load(m);
  void* x = Device(12 * 4);
  void* y = Device(24 * 4);
  aclmdlDataset* in = Dataset({{x, 12 * 4}});
  aclmdlDataset* out = Dataset({{y, 24 * 4}});
  Put(x, std::vector<float>(12, 1.0f));
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 12}));
  Put(x, std::vector<float>{0, 1, 0, 2, 0, 0, 3, 0, 4, 0, 0, 5});
  EXPECT_NE(aclmdlExecute(id, in, out), ACL_SUCCESS);
  const std::string message = aclGetRecentErrMsg();
  EXPECT_NE(message.find("node 'add' (Add, AI_CPU): shape inference with the actual input dims failed"),
            std::string::npos)
      << message;
  EXPECT_EQ(CurDims(0), (std::vector<int64_t>{2, 12}));  // still the last execution that produced it
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
}

TEST_F(ModelDynamic, UnmarkedDataDependentTensorsAreRefusedAtLoad) {
  const auto bytes = Bytes(NonZeroModel(3, 4, /*mark_dynamic=*/false));
  uint32_t id = 0;
  EXPECT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_PARSE_MODEL);
  const std::string message = aclGetRecentErrMsg();
  EXPECT_NE(message.find("node 'nonzero' (NonZero, AI_CPU): output 0 'nz' has dims decided at execution"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("convert the model again"), std::string::npos) << message;
}

}  // namespace

namespace {

namespace fs = std::filesystem;

// Dump observers see the actual shapes: every dumped tensor's bytes are those of its actual
// dims (a file is an 8-byte header length, the header, then the tensors' data).
TEST(ModelDynamicDump, DumpedTensorsHaveTheActualShapes) {
  const fs::path dir = fs::temp_directory_path() / ("model_dynamic_dump_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "dump");
  const std::string config = (dir / "acl.json").string();
  {
    std::ofstream f(config);
    f << R"({"dump": {"dump_path": ")" << (dir / "dump").string()
      << R"(", "dump_list": [{"model_name": "nonzero_cast_add"}], "dump_mode": "all"}})";
  }
  ASSERT_EQ(aclInit(config.c_str()), ACL_SUCCESS) << aclGetRecentErrMsg();
  ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
  const auto bytes = Bytes(NonZeroModel(3, 4));
  uint32_t id = 0;
  ASSERT_EQ(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_SUCCESS) << aclGetRecentErrMsg();
  void* x = nullptr;
  void* y = nullptr;
  ASSERT_EQ(aclrtMalloc(&x, 48, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  ASSERT_EQ(aclrtMalloc(&y, 96, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
  const std::vector<float> values = {0, 1, 0, 2, 0, 0, 3, 0, 4, 0, 0, 5};  // 5 non-zeros
  ASSERT_EQ(aclrtMemcpy(x, 48, values.data(), 48, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  aclmdlDataset* in = aclmdlCreateDataset();
  aclmdlDataset* out = aclmdlCreateDataset();
  aclDataBuffer* xb = aclCreateDataBuffer(x, 48);
  aclDataBuffer* yb = aclCreateDataBuffer(y, 96);
  ASSERT_EQ(aclmdlAddDatasetBuffer(in, xb), ACL_SUCCESS);
  ASSERT_EQ(aclmdlAddDatasetBuffer(out, yb), ACL_SUCCESS);
  ASSERT_EQ(aclmdlExecute(id, in, out), ACL_SUCCESS) << aclGetRecentErrMsg();
  EXPECT_EQ(aclmdlUnload(id), ACL_SUCCESS);
  aclDestroyDataBuffer(xb);
  aclDestroyDataBuffer(yb);
  aclmdlDestroyDataset(in);
  aclmdlDestroyDataset(out);
  EXPECT_EQ(aclrtFree(x), ACL_SUCCESS);
  EXPECT_EQ(aclrtFree(y), ACL_SUCCESS);
  EXPECT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
  EXPECT_EQ(aclFinalize(), ACL_SUCCESS);  // flushes the dump

  // op type -> bytes of its tensors' data
  std::map<std::string, uint64_t> data;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "dump")) {
    if (!entry.is_regular_file()) continue;
    std::ifstream f(entry.path(), std::ios::binary);
    const std::vector<uint8_t> file((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    ASSERT_GE(file.size(), 8u);
    uint64_t header = 0;
    for (int i = 0; i < 8; ++i) header |= static_cast<uint64_t>(file[i]) << (8 * i);
    ASSERT_LE(8 + header, file.size());
    const std::string name = entry.path().filename().string();
    data[name.substr(0, name.find('.'))] = file.size() - 8 - header;
  }
  const uint64_t nnz = 5;
  EXPECT_EQ(data["NonZero"], 12 * 4 + 2 * nnz * 8);       // x fp32 [3,4], nz int64 [2,5]
  EXPECT_EQ(data["Cast"], 2 * nnz * 8 + 2 * nnz * 4);     // nz, c fp32 [2,5]
  EXPECT_EQ(data["Add"], 2 * nnz * 4 + 4 + 2 * nnz * 4);  // c, one fp32 [1], y fp32 [2,5]
  fs::remove_all(dir);
}

}  // namespace
