// Timing-only execution ("sim": {"compute": "off"}, ASCEND_SIM_COMPUTE=off), as an application
// sees it: the model loads and executes, the simulated device time between events is exactly
// the time with compute on, the outputs are left as they were, and a dump is refused (it
// needs computed tensors). Also the host-thread cap ("host_threads", ASCEND_SIM_HOST_THREADS):
// serial kernels give the same bytes and the same simulated time. Public headers and
// libascendcl only.
#include <cstring>
#include <string>
#include <vector>

#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

using conformance::ScopedEnv;
using conformance::TempDir;

constexpr uint8_t kUntouched = 0x5A;

class ComputeOff : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    ::unsetenv("ASCEND_SIM_COMPUTE");
    ::unsetenv("ASCEND_SIM_HOST_THREADS");
  }
  void TearDown() override { (void)aclFinalize(); }

  // aclInit with `json`, runs small_cnn once between two events on its own stream with
  // every output byte preset to kUntouched; returns the simulated ms and the output bytes.
  void Run(const std::string& json, float* ms, std::vector<std::vector<uint8_t>>* outputs) {
    const std::string config = dir_.Write("acl.json", json);
    ASSERT_ACL_OK(aclInit(config.c_str()));
    ASSERT_ACL_OK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    ASSERT_ACL_OK(aclrtCreateStream(&stream));
    uint32_t id = 0;
    ASSERT_ACL_OK(aclmdlLoadFromFile((std::string(ASIM_TEST_MODELS_DIR) + "/small_cnn.om").c_str(), &id));
    aclmdlDesc* desc = aclmdlCreateDesc();
    ASSERT_ACL_OK(aclmdlGetDesc(desc, id));
    aclmdlDataset* in = aclmdlCreateDataset();
    aclmdlDataset* out = aclmdlCreateDataset();
    std::vector<void*> memory;
    std::vector<aclDataBuffer*> buffers;
    std::vector<size_t> out_sizes;
    for (size_t i = 0; i < aclmdlGetNumInputs(desc); ++i) {
      const size_t size = aclmdlGetInputSizeByIndex(desc, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      ASSERT_ACL_OK(aclrtMemset(p, size, 0x3C, size));  // some input: its values do not matter
      memory.push_back(p);
      buffers.push_back(aclCreateDataBuffer(p, size));
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(in, buffers.back()));
    }
    for (size_t i = 0; i < aclmdlGetNumOutputs(desc); ++i) {
      const size_t size = aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      ASSERT_ACL_OK(aclrtMemset(p, size, kUntouched, size));
      memory.push_back(p);
      out_sizes.push_back(size);
      buffers.push_back(aclCreateDataBuffer(p, size));
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(out, buffers.back()));
    }
    aclrtEvent start = nullptr, end = nullptr;
    ASSERT_ACL_OK(aclrtCreateEvent(&start));
    ASSERT_ACL_OK(aclrtCreateEvent(&end));
    ASSERT_ACL_OK(aclrtRecordEvent(start, stream));
    ASSERT_ACL_OK(aclmdlExecuteAsync(id, in, out, stream));
    ASSERT_ACL_OK(aclrtRecordEvent(end, stream));
    ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
    ASSERT_ACL_OK(aclrtEventElapsedTime(ms, start, end));
    const size_t first_out = memory.size() - out_sizes.size();
    for (size_t i = 0; i < out_sizes.size(); ++i) {
      outputs->emplace_back(out_sizes[i]);
      ASSERT_ACL_OK(aclrtMemcpy(outputs->back().data(), out_sizes[i], memory[first_out + i], out_sizes[i],
                                ACL_MEMCPY_DEVICE_TO_HOST));
    }
    EXPECT_ACL_OK(aclrtDestroyEvent(start));
    EXPECT_ACL_OK(aclrtDestroyEvent(end));
    for (aclDataBuffer* b : buffers) EXPECT_ACL_OK(aclDestroyDataBuffer(b));
    EXPECT_ACL_OK(aclmdlDestroyDataset(in));
    EXPECT_ACL_OK(aclmdlDestroyDataset(out));
    EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
    EXPECT_ACL_OK(aclmdlUnload(id));
    for (void* p : memory) EXPECT_ACL_OK(aclrtFree(p));
    EXPECT_ACL_OK(aclrtDestroyStream(stream));
    EXPECT_ACL_OK(aclrtResetDevice(0));
    ASSERT_ACL_OK(aclFinalize());
  }

  static bool AllUntouched(const std::vector<std::vector<uint8_t>>& outputs) {
    for (const auto& o : outputs) {
      for (uint8_t b : o) {
        if (b != kUntouched) return false;
      }
    }
    return true;
  }

  TempDir dir_;
};

TEST_F(ComputeOff, SameSimulatedTimeOutputsLeftAsTheyWere) {
  float on_ms = 0, off_ms = 0;
  std::vector<std::vector<uint8_t>> on, off;
  ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"soc_version": "Ascend310"}})", &on_ms, &on));
  ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"soc_version": "Ascend310", "compute": "off"}})", &off_ms, &off));
  EXPECT_GT(on_ms, 0.0f);
  EXPECT_EQ(off_ms, on_ms);  // the cost model does not look at values
  EXPECT_FALSE(AllUntouched(on)) << "with compute on the outputs must be written";
  EXPECT_TRUE(AllUntouched(off)) << "with compute off the outputs must be left as they were";
}

TEST_F(ComputeOff, EnvironmentSwitchesItToo) {
  float ms = 0;
  std::vector<std::vector<uint8_t>> outputs;
  ScopedEnv compute("ASCEND_SIM_COMPUTE", "off");
  ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"compute": "on"}})", &ms, &outputs));  // the environment wins
  EXPECT_TRUE(AllUntouched(outputs));
}

TEST_F(ComputeOff, DumpIsRefusedNamingTheSwitch) {
  const std::string config = dir_.Write("acl.json", R"({"sim": {"compute": "off"},
    "dump": {"dump_path": ")" + dir_.Path() + R"(", "dump_list": [{"model_name": "small_cnn"}]}})");
  EXPECT_ACL_ERROR(aclInit(config.c_str()), ACL_ERROR_FEATURE_UNSUPPORTED, "compute is off");
  // aclmdlSetDump too.
  ASSERT_ACL_OK(aclInit(dir_.Write("plain.json", R"({"sim": {"compute": "off"}})").c_str()));
  ASSERT_ACL_OK(aclmdlInitDump());
  const std::string dump = dir_.Write(
      "dump.json", R"({"dump": {"dump_path": ")" + dir_.Path() + R"(", "dump_list": [{"model_name": "small_cnn"}]}})");
  EXPECT_ACL_ERROR(aclmdlSetDump(dump.c_str()), ACL_ERROR_FEATURE_UNSUPPORTED, "compute is off");
  EXPECT_ACL_OK(aclmdlFinalizeDump());
}

// The samples' acl.json: a dump section that selects nothing (an empty dump_list) is no dump,
// so it does not stop a timing-only run.
TEST_F(ComputeOff, ADumpSectionThatSelectsNothingDoesNotStopInit) {
  const std::string config = dir_.Write("acl.json", R"({"sim": {"compute": "off"},
    "dump": {"dump_path": ")" + dir_.Path() + R"(", "dump_list": []}})");
  EXPECT_ACL_OK(aclInit(config.c_str()));
  EXPECT_ACL_OK(aclFinalize());
}

TEST_F(ComputeOff, BadValueFailsInit) {
  EXPECT_ACL_ERROR(aclInit(dir_.Write("bad.json", R"({"sim": {"compute": "later"}})").c_str()),
                   ACL_ERROR_FILE_ATTR_INVALID, "compute");
  ScopedEnv compute("ASCEND_SIM_COMPUTE", "sometimes");
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_COMPUTE");
}

// The host-thread cap changes host wall time only: one thread (serial kernels), two, and
// every core give the same output bytes and the same simulated time.
TEST_F(ComputeOff, HostThreadsChangeNeitherResultsNorSimulatedTime) {
  float all_ms = 0, one_ms = 0, two_ms = 0;
  std::vector<std::vector<uint8_t>> all, one, two;
  ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"host_threads": 0}})", &all_ms, &all));
  ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"host_threads": 1}})", &one_ms, &one));
  {
    ScopedEnv threads("ASCEND_SIM_HOST_THREADS", "2");
    ASSERT_NO_FATAL_FAILURE(Run(R"({"sim": {"host_threads": 1}})", &two_ms, &two));  // the environment wins
  }
  EXPECT_FALSE(AllUntouched(all));
  EXPECT_EQ(one, all);
  EXPECT_EQ(two, all);
  EXPECT_EQ(one_ms, all_ms);
  EXPECT_EQ(two_ms, all_ms);
}

TEST_F(ComputeOff, BadHostThreadsFailInit) {
  EXPECT_ACL_ERROR(aclInit(dir_.Write("bad.json", R"({"sim": {"host_threads": -1}})").c_str()),
                   ACL_ERROR_FILE_ATTR_INVALID, "host_threads");
  ScopedEnv threads("ASCEND_SIM_HOST_THREADS", "many");
  EXPECT_ACL_ERROR(aclInit(nullptr), ACL_ERROR_INVALID_PARAM, "ASCEND_SIM_HOST_THREADS");
}

}  // namespace
