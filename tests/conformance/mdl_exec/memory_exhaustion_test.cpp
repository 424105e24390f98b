// Device memory exhausted around model executions, as an application meets it. A loaded
// model holds its work and weight memory from aclmdlLoad on (as on hardware: GE allocates a
// static model's memory at load), so an execution allocates no device memory and cannot
// run out of it: with every byte of the device taken by the application, executions of an
// already-loaded model still succeed and compute the same bytes, also while another thread
// takes the last free memory between asynchronous executions. What does run out is the
// next allocation: aclrtMalloc and a further model load fail with
// ACL_ERROR_RT_MEMORY_ALLOCATION and a message, earlier results stay intact, and after a
// free the load succeeds and the new model runs. Public headers and libascendcl only.
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

// One loaded model with device buffers for its inputs (filled from the test input file)
// and outputs.
class Loaded {
 public:
  explicit Loaded(const std::string& name) {
    const std::string dir = ASIM_TEST_MODELS_DIR;
    load_ = aclmdlLoadFromFile((dir + "/" + name + ".om").c_str(), &id_);
    if (load_ != ACL_SUCCESS) return;
    desc_ = aclmdlCreateDesc();
    EXPECT_ACL_OK(aclmdlGetDesc(desc_, id_));
    inputs_ = aclmdlCreateDataset();
    outputs_ = aclmdlCreateDataset();
    for (size_t i = 0; i < aclmdlGetNumInputs(desc_); ++i) {
      std::ifstream in(dir + "/" + name + ".input" + std::to_string(i) + ".bin", std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), {});
      EXPECT_EQ(bytes.size(), aclmdlGetInputSizeByIndex(desc_, i));
      void* p = Add(inputs_, bytes.size());
      EXPECT_ACL_OK(aclrtMemcpy(p, bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE));
    }
    for (size_t i = 0; i < aclmdlGetNumOutputs(desc_); ++i) Add(outputs_, aclmdlGetOutputSizeByIndex(desc_, i));
  }
  ~Loaded() {
    if (load_ != ACL_SUCCESS) return;
    for (aclmdlDataset* set : {inputs_, outputs_}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) {
        EXPECT_ACL_OK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i)));
      }
      EXPECT_ACL_OK(aclmdlDestroyDataset(set));
    }
    for (void* p : device_) EXPECT_ACL_OK(aclrtFree(p));
    EXPECT_ACL_OK(aclmdlDestroyDesc(desc_));
    EXPECT_ACL_OK(aclmdlUnload(id_));
  }
  aclError load() const { return load_; }
  aclError Execute() { return aclmdlExecute(id_, inputs_, outputs_); }
  aclError ExecuteAsync(aclrtStream s) { return aclmdlExecuteAsync(id_, inputs_, outputs_, s); }
  // Every output's bytes.
  std::vector<std::vector<uint8_t>> Outputs() {
    std::vector<std::vector<uint8_t>> all;
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(outputs_); ++i) {
      aclDataBuffer* b = aclmdlGetDatasetBuffer(outputs_, i);
      all.emplace_back(aclGetDataBufferSizeV2(b));
      EXPECT_ACL_OK(aclrtMemcpy(all.back().data(), all.back().size(), aclGetDataBufferAddr(b), all.back().size(),
                                ACL_MEMCPY_DEVICE_TO_HOST));
    }
    return all;
  }
  // Zeroes every output, so the next comparison sees fresh results.
  void ClearOutputs() {
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(outputs_); ++i) {
      aclDataBuffer* b = aclmdlGetDatasetBuffer(outputs_, i);
      EXPECT_ACL_OK(aclrtMemset(aclGetDataBufferAddr(b), aclGetDataBufferSizeV2(b), 0, aclGetDataBufferSizeV2(b)));
    }
  }

 private:
  void* Add(aclmdlDataset* set, size_t size) {
    void* p = nullptr;
    EXPECT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
    device_.push_back(p);
    EXPECT_ACL_OK(aclmdlAddDatasetBuffer(set, aclCreateDataBuffer(p, size)));
    return p;
  }

  aclError load_ = ACL_ERROR_INVALID_PARAM;
  uint32_t id_ = 0;
  aclmdlDesc* desc_ = nullptr;
  aclmdlDataset* inputs_ = nullptr;
  aclmdlDataset* outputs_ = nullptr;
  std::vector<void*> device_;
};

class MemoryExhaustion : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    for (void* p : hog_) EXPECT_ACL_OK(aclrtFree(p));
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  // Allocates device memory until not even 32 bytes are left (largest pieces first, down to
  // single bytes, which the runtime pads to its 64-byte granule); the pieces are freed in
  // TearDown or by FreeLargest.
  void FillDevice() {
    for (size_t piece = size_t{1} << 30; piece >= 1; piece /= 8) {
      for (;;) {
        void* p = nullptr;
        const aclError ret = aclrtMalloc(&p, piece, ACL_MEM_MALLOC_NORMAL_ONLY);
        if (ret != ACL_SUCCESS) {
          ASSERT_EQ(ret, ACL_ERROR_RT_MEMORY_ALLOCATION) << conformance::RecentMsg();
          break;
        }
        hog_.push_back(p);
        sizes_.push_back(piece);
      }
    }
    void* p = nullptr;
    EXPECT_ACL_ERROR(aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION, "");
  }
  // Frees the largest piece (the first one allocated).
  void FreeLargest() {
    ASSERT_FALSE(hog_.empty());
    EXPECT_ACL_OK(aclrtFree(hog_.front()));
    hog_.erase(hog_.begin());
    sizes_.erase(sizes_.begin());
  }

  std::vector<void*> hog_;
  std::vector<size_t> sizes_;
};

TEST_F(MemoryExhaustion, ALoadedModelRunsOnAFullDeviceAndTheNextLoadFailsUntilAFree) {
  Loaded cnn("small_cnn");
  ASSERT_ACL_OK(cnn.load());
  ASSERT_ACL_OK(cnn.Execute());
  const auto reference = cnn.Outputs();

  FillDevice();
  for (int run = 0; run < 3; ++run) {
    cnn.ClearOutputs();
    ASSERT_ACL_OK(cnn.Execute());
    EXPECT_EQ(cnn.Outputs(), reference) << "run " << run;
  }
  {
    Loaded second("conv_relu");
    EXPECT_EQ(second.load(), ACL_ERROR_RT_MEMORY_ALLOCATION);
    EXPECT_NE(conformance::RecentMsg().find("memory"), std::string::npos) << conformance::LastMsg();
  }
  // The failed load took nothing and disturbed nothing: earlier results intact, the model
  // still runs, still nothing free.
  EXPECT_EQ(cnn.Outputs(), reference);
  void* p = nullptr;
  EXPECT_EQ(aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);

  FreeLargest();
  Loaded second("conv_relu");
  ASSERT_ACL_OK(second.load());
  ASSERT_ACL_OK(second.Execute());
  cnn.ClearOutputs();
  ASSERT_ACL_OK(cnn.Execute());
  EXPECT_EQ(cnn.Outputs(), reference);
}

TEST_F(MemoryExhaustion, AsyncExecutionsQueuedWhileAnotherThreadTakesTheLastMemoryComplete) {
  Loaded cnn("small_cnn");
  ASSERT_ACL_OK(cnn.load());
  ASSERT_ACL_OK(cnn.Execute());
  const auto reference = cnn.Outputs();
  cnn.ClearOutputs();

  aclrtStream stream = nullptr;
  ASSERT_ACL_OK(aclrtCreateStream(&stream));
  for (int i = 0; i < 8; ++i) ASSERT_ACL_OK(cnn.ExecuteAsync(stream));
  aclrtContext context = nullptr;
  ASSERT_ACL_OK(aclrtGetCurrentContext(&context));
  std::thread hog([&] {
    ASSERT_ACL_OK(aclrtSetCurrentContext(context));
    FillDevice();
  });
  hog.join();
  for (int i = 0; i < 8; ++i) ASSERT_ACL_OK(cnn.ExecuteAsync(stream));
  ASSERT_ACL_OK(aclrtSynchronizeStream(stream));
  EXPECT_EQ(cnn.Outputs(), reference);
  EXPECT_ACL_OK(aclrtDestroyStream(stream));
}

}  // namespace
