// acl_mdl.h load and execute, as an application uses them, over every generated test model
// (conv, matmul, elementwise, a small CNN, dynamic batch / image size / dims, two outputs) on
// Ascend310 and Ascend910B2: aclmdlQuerySize + LoadFromFileWithMem, LoadFromFile,
// LoadFromMem, the description against the manifest, every gear executed (sync and async)
// and compared with the reference outputs within the manifest's tolerance, then unload.
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

using json = nlohmann::json;

std::vector<uint8_t> ReadFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

float HalfToFloat(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  float v;
  if (exp == 0) {
    v = std::ldexp(static_cast<float>(man), -24);
  } else if (exp == 31) {
    v = man ? NAN : INFINITY;
  } else {
    v = std::ldexp(static_cast<float>(man | 0x400u), static_cast<int>(exp) - 25);
  }
  return sign ? -v : v;
}

std::vector<float> AsFloats(const std::vector<uint8_t>& bytes, const std::string& dtype) {
  std::vector<float> out;
  if (dtype == "DT_FLOAT16") {
    for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
      uint16_t h;
      std::memcpy(&h, &bytes[i], 2);
      out.push_back(HalfToFloat(h));
    }
  } else if (dtype == "DT_FLOAT") {
    out.resize(bytes.size() / 4);
    std::memcpy(out.data(), bytes.data(), out.size() * 4);
  }
  return out;
}

struct Param {
  std::string soc;
  std::string model;
};

std::string ModelsDir(const std::string& soc) {
  std::string dir = ASIM_TEST_MODELS_DIR;
  if (soc != "Ascend310") dir += "/" + soc;
  return dir;
}

class MdlExec : public ::testing::TestWithParam<Param> {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    dir_ = ModelsDir(GetParam().soc);
    std::ifstream mf(dir_ + "/" + GetParam().model + ".json");
    ASSERT_TRUE(mf.good()) << dir_ << "/" << GetParam().model << ".json";
    manifest_ = json::parse(mf);
    // One file per process: ctest runs the parameterised cases in parallel processes.
    config_ = ::testing::TempDir() + "mdl_exec_acl_" + GetParam().soc + "_" + std::to_string(getpid()) + ".json";
    std::ofstream(config_) << R"({"sim": {"soc_version": ")" << GetParam().soc << R"("}})";
    ASSERT_ACL_OK(aclInit(config_.c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    ASSERT_ACL_OK(aclrtCreateContext(&ctx_, 0));
    ASSERT_ACL_OK(aclrtCreateStream(&stream_));
  }
  void TearDown() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) return;
    for (void* p : device_) EXPECT_ACL_OK(aclrtFree(p));
    if (stream_) EXPECT_ACL_OK(aclrtDestroyStream(stream_));
    if (ctx_) EXPECT_ACL_OK(aclrtDestroyContext(ctx_));
    EXPECT_ACL_OK(aclrtResetDevice(0));
    EXPECT_ACL_OK(aclFinalize());
    if (!config_.empty()) std::remove(config_.c_str());
  }

  std::string OmPath() const { return dir_ + "/" + manifest_["om"].get<std::string>(); }

  void* Malloc(size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, size == 0 ? 1 : size, ACL_MEM_MALLOC_HUGE_FIRST));
    device_.push_back(p);
    return p;
  }

  // How RunCases executes: aclmdlExecute, aclmdlExecuteAsync + synchronize, aclmdlExecuteV2
  // with a config handle on the test's stream, aclmdlExecuteAsyncV2 + synchronize.
  enum class Mode { kSync, kAsync, kSyncV2, kAsyncV2 };

  // Runs every case (gear) of the manifest on a loaded model and checks the outputs.
  void RunCases(uint32_t id, bool async) { RunCases(id, async ? Mode::kAsync : Mode::kSync); }
  void RunCases(uint32_t id, Mode mode) {
    aclmdlDesc* desc = aclmdlCreateDesc();
    ASSERT_ACL_OK(aclmdlGetDesc(desc, id));
    const size_t num_in = aclmdlGetNumInputs(desc), num_out = aclmdlGetNumOutputs(desc);
    ASSERT_EQ(num_in, manifest_["input_count"].get<size_t>());
    ASSERT_EQ(num_out, manifest_["output_count"].get<size_t>());
    std::vector<void*> in_ptr(num_in), out_ptr(num_out);
    aclmdlDataset* in = aclmdlCreateDataset();
    aclmdlDataset* out = aclmdlCreateDataset();
    std::vector<aclDataBuffer*> buffers;
    for (size_t i = 0; i < num_in; ++i) {
      const size_t size = aclmdlGetInputSizeByIndex(desc, i);
      EXPECT_EQ(size, manifest_["inputs"][i]["size"].get<size_t>());
      in_ptr[i] = Malloc(size);
      buffers.push_back(aclCreateDataBuffer(in_ptr[i], size));
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(in, buffers.back()));
    }
    for (size_t i = 0; i < num_out; ++i) {
      const size_t size = aclmdlGetOutputSizeByIndex(desc, i);
      EXPECT_EQ(size, manifest_["outputs"][i]["size"].get<size_t>());
      out_ptr[i] = Malloc(size);
      buffers.push_back(aclCreateDataBuffer(out_ptr[i], size));
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(out, buffers.back()));
    }
    const std::string dynamic = manifest_["dynamic"].get<std::string>();
    size_t dyn_index = 0;
    if (dynamic != "none") ASSERT_ACL_OK(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_TENSOR_NAME, &dyn_index));
    const double atol = manifest_["tolerance"]["atol"], rtol = manifest_["tolerance"]["rtol"];
    for (const json& c : manifest_["cases"]) {
      if (dynamic == "batch") {
        ASSERT_ACL_OK(aclmdlSetDynamicBatchSize(id, in, dyn_index, c["gear"][0].get<uint64_t>()));
      } else if (dynamic == "image_size") {
        ASSERT_ACL_OK(
            aclmdlSetDynamicHWSize(id, in, dyn_index, c["gear"][0].get<uint64_t>(), c["gear"][1].get<uint64_t>()));
      } else if (dynamic == "dims") {
        size_t gear_count = 0;
        ASSERT_ACL_OK(aclmdlGetInputDynamicGearCount(desc, static_cast<size_t>(-1), &gear_count));
        std::vector<aclmdlIODims> gears(gear_count);
        ASSERT_ACL_OK(aclmdlGetInputDynamicDims(desc, static_cast<size_t>(-1), gears.data(), gear_count));
        const size_t g = c["graph"].get<size_t>();
        ASSERT_LT(g, gear_count);
        ASSERT_ACL_OK(aclmdlSetInputDynamicDims(id, in, dyn_index, &gears[g]));
      }
      // The gear chosen decides aclmdlGetCurOutputDims already, before the execution.
      if (dynamic != "none") {
        for (size_t i = 0; i < c["outputs"].size(); ++i) {
          aclmdlIODims cur = {};
          ASSERT_ACL_OK(aclmdlGetCurOutputDims(desc, i, &cur));
          ASSERT_EQ(cur.dimCount, c["outputs"][i]["dims"].size());
          for (size_t d = 0; d < cur.dimCount; ++d) EXPECT_EQ(cur.dims[d], c["outputs"][i]["dims"][d].get<int64_t>());
        }
      }
      const auto& ins = c["inputs"];
      for (size_t i = 0; i < ins.size(); ++i) {
        const auto bytes = ReadFile(dir_ + "/" + ins[i]["file"].get<std::string>());
        ASSERT_EQ(bytes.size(), ins[i]["size"].get<size_t>());
        ASSERT_ACL_OK(aclrtMemcpy(in_ptr[i], bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE));
      }
      switch (mode) {
        case Mode::kSync: ASSERT_ACL_OK(aclmdlExecute(id, in, out)); break;
        case Mode::kAsync:
          ASSERT_ACL_OK(aclmdlExecuteAsync(id, in, out, stream_));
          ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
          break;
        case Mode::kSyncV2:
        case Mode::kAsyncV2: {
          aclmdlExecConfigHandle* handle = aclmdlCreateExecConfigHandle();
          ASSERT_NE(handle, nullptr);
          if (mode == Mode::kSyncV2) {
            ASSERT_ACL_OK(aclmdlExecuteV2(id, in, out, stream_, handle));
          } else {
            ASSERT_ACL_OK(aclmdlExecuteAsyncV2(id, in, out, stream_, handle));
            ASSERT_ACL_OK(aclrtSynchronizeStream(stream_));
          }
          EXPECT_ACL_OK(aclmdlDestroyExecConfigHandle(handle));
          break;
        }
      }
      const auto& outs = c["outputs"];
      for (size_t i = 0; i < outs.size(); ++i) {
        const auto want_bytes = ReadFile(dir_ + "/" + outs[i]["file"].get<std::string>());
        std::vector<uint8_t> got_bytes(want_bytes.size());
        ASSERT_ACL_OK(
            aclrtMemcpy(got_bytes.data(), got_bytes.size(), out_ptr[i], got_bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST));
        const std::string dtype = outs[i]["dtype"].get<std::string>();
        const auto got = AsFloats(got_bytes, dtype), want = AsFloats(want_bytes, dtype);
        ASSERT_EQ(got.size(), want.size());
        size_t bad = 0;
        for (size_t k = 0; k < got.size(); ++k) {
          if (!(std::fabs(got[k] - want[k]) <= atol + rtol * std::fabs(want[k]))) ++bad;
        }
        EXPECT_EQ(bad, 0u) << GetParam().model << " gear " << c["gear"].dump() << " output " << i;
        if (dynamic != "none") {
          aclmdlIODims cur = {};
          ASSERT_ACL_OK(aclmdlGetCurOutputDims(desc, i, &cur));
          ASSERT_EQ(cur.dimCount, outs[i]["dims"].size());
          for (size_t d = 0; d < cur.dimCount; ++d) EXPECT_EQ(cur.dims[d], outs[i]["dims"][d].get<int64_t>());
        }
      }
    }
    for (aclDataBuffer* b : buffers) EXPECT_ACL_OK(aclDestroyDataBuffer(b));
    EXPECT_ACL_OK(aclmdlDestroyDataset(in));
    EXPECT_ACL_OK(aclmdlDestroyDataset(out));
    EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  }

  std::string dir_;
  std::string config_;
  json manifest_;
  aclrtContext ctx_ = nullptr;
  aclrtStream stream_ = nullptr;
  std::vector<void*> device_;
};

TEST_P(MdlExec, QuerySizeLoadWithMemExecuteUnload) {
  size_t work = 0, weight = 0;
  ASSERT_ACL_OK(aclmdlQuerySize(OmPath().c_str(), &work, &weight));
  EXPECT_EQ(work, manifest_["work_size"].get<size_t>());
  EXPECT_EQ(weight, manifest_["weight_size"].get<size_t>());
  void* work_ptr = work ? Malloc(work) : nullptr;
  void* weight_ptr = weight ? Malloc(weight) : nullptr;
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFileWithMem(OmPath().c_str(), &id, work_ptr, work, weight_ptr, weight));
  RunCases(id, /*async=*/false);
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_P(MdlExec, LoadFromFileExecuteAsync) {
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(OmPath().c_str(), &id));
  RunCases(id, /*async=*/true);
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_P(MdlExec, ExecuteV2AndAsyncV2WithAConfigHandle) {
  uint32_t id = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(OmPath().c_str(), &id));
  RunCases(id, Mode::kSyncV2);
  RunCases(id, Mode::kAsyncV2);
  EXPECT_ACL_OK(aclmdlUnload(id));
}

TEST_P(MdlExec, QueryExeOMDescGivesTheSizesLoadUses) {
  aclmdlExeOMDesc d;
  std::memset(&d, 0xab, sizeof(d));
  ASSERT_ACL_OK(aclmdlQueryExeOMDesc(OmPath().c_str(), &d));
  EXPECT_EQ(d.workSize, manifest_["work_size"].get<size_t>());
  EXPECT_EQ(d.weightSize, manifest_["weight_size"].get<size_t>());
  const size_t file_size = ReadFile(OmPath()).size();
  EXPECT_GT(d.modelDescSize, 0u);
  EXPECT_LE(d.modelDescSize + d.weightSize, file_size);
  EXPECT_EQ(d.kernelSize, 0u);
  EXPECT_NE(aclmdlQueryExeOMDesc((dir_ + "/no_such_model.om").c_str(), &d), ACL_SUCCESS);
  EXPECT_EQ(aclmdlQueryExeOMDesc(OmPath().c_str(), nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST_P(MdlExec, LoadFromMemAndTwoCopiesAtOnce) {
  const auto bytes = ReadFile(OmPath());
  uint32_t a = 0, b = 0;
  ASSERT_ACL_OK(aclmdlLoadFromMem(bytes.data(), bytes.size(), &a));
  ASSERT_ACL_OK(aclmdlLoadFromMem(bytes.data(), bytes.size(), &b));
  EXPECT_NE(a, b);
  RunCases(b, /*async=*/false);
  RunCases(a, /*async=*/true);
  EXPECT_ACL_OK(aclmdlUnload(a));
  EXPECT_ACL_OK(aclmdlUnload(b));
}

TEST_P(MdlExec, FreedMemoryAndAModelInDeviceMemoryAreRefused) {
  size_t work = 0, weight = 0;
  ASSERT_ACL_OK(aclmdlQuerySize(OmPath().c_str(), &work, &weight));
  uint32_t id = 0;
  if (weight > 0) {
    // The work memory the load allocates itself may land on the freed block: the block given
    // as weight memory is refused all the same.
    void* freed = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&freed, weight + work, ACL_MEM_MALLOC_HUGE_FIRST));
    ASSERT_ACL_OK(aclrtFree(freed));
    EXPECT_ACL_ERROR(aclmdlLoadFromFileWithMem(OmPath().c_str(), &id, nullptr, 0, freed, weight),
                     ACL_ERROR_INVALID_PARAM, "weight memory");
  }
  // The host reads a model given in memory: device memory is refused (not a crash).
  const auto bytes = ReadFile(OmPath());
  void* on_device = Malloc(bytes.size());
  ASSERT_ACL_OK(aclrtMemcpy(on_device, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE));
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(on_device, bytes.size(), &id), ACL_ERROR_INVALID_PARAM,
                   "which the host cannot read");
  size_t work2 = 0, weight2 = 0;
  EXPECT_ACL_ERROR(aclmdlQuerySizeFromMem(on_device, bytes.size(), &work2, &weight2), ACL_ERROR_INVALID_PARAM,
                   "aclmdlQuerySizeFromMem: model");
  aclmdlDesc* desc = aclmdlCreateDesc();
  EXPECT_ACL_ERROR(aclmdlGetDescFromMem(desc, on_device, bytes.size()), ACL_ERROR_INVALID_PARAM,
                   "is device memory of device");
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
}

std::vector<Param> AllParams() {
  std::vector<Param> params;
  for (const char* soc : {"Ascend310", "Ascend910B2"}) {
    for (const char* m : {"add_relu", "matmul_bias", "conv_relu", "conv_fp32_aicpu", "small_cnn", "dynamic_batch",
                          "dynamic_hw", "dynamic_dims", "multi_output"}) {
      params.push_back({soc, m});
    }
  }
  return params;
}

INSTANTIATE_TEST_SUITE_P(Models, MdlExec, ::testing::ValuesIn(AllParams()),
                         [](const ::testing::TestParamInfo<Param>& info) {
                           return info.param.soc + "_" + info.param.model;
                         });

}  // namespace
