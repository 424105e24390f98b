// Loading a model from its file and from memory as an application sees it, around how the
// weights travel (read from the file straight into device memory, checked on the way; copied
// from the caller's buffer, which may go as soon as the load returns): a damaged weight blob
// fails the load with ACL_ERROR_DESERIALIZE_MODEL naming the file and leaves no device memory
// behind; a model loaded from memory runs after its buffer is gone. Public headers and
// libascendcl only.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace {

using conformance::TempDir;

class ModelFile : public ::testing::Test {
 protected:
  void SetUp() override {
    if (std::string(ASIM_TEST_MODELS_DIR).empty()) GTEST_SKIP() << "test models were not generated";
    path_ = std::string(ASIM_TEST_MODELS_DIR) + "/small_cnn.om";
    std::ifstream in(path_, std::ios::binary);
    bytes_.assign(std::istreambuf_iterator<char>(in), {});
    ASSERT_FALSE(bytes_.empty()) << path_;
    ASSERT_ACL_OK(aclInit(nullptr));
    ASSERT_ACL_OK(aclrtSetDevice(0));
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  // The file's bytes with one byte of the weight blob flipped (the blob is the file's last
  // section: aclmdlQuerySize's weight size counts back from the end).
  std::string DamagedWeights() {
    size_t work = 0, weight = 0;
    EXPECT_ACL_OK(aclmdlQuerySize(path_.c_str(), &work, &weight));
    EXPECT_GT(weight, 16u);
    std::string damaged = bytes_;
    damaged[damaged.size() - weight / 2] ^= 0x20;
    return damaged;
  }

  std::string path_;
  std::string bytes_;
  TempDir dir_;
};

TEST_F(ModelFile, DamagedWeightsFailTheLoadNamingTheFileAndLeaveNothing) {
  const size_t before = conformance::DeviceFreeBytes();
  const std::string damaged = dir_.Write("damaged.om", DamagedWeights());
  uint32_t id = 0;
  EXPECT_ACL_ERROR(aclmdlLoadFromFile(damaged.c_str(), &id), ACL_ERROR_DESERIALIZE_MODEL, "damaged.om");
  EXPECT_EQ(conformance::DeviceFreeBytes(), before);
  const std::string bytes = DamagedWeights();
  EXPECT_ACL_ERROR(aclmdlLoadFromMem(bytes.data(), bytes.size(), &id), ACL_ERROR_DESERIALIZE_MODEL, "CRC-32");
  EXPECT_EQ(conformance::DeviceFreeBytes(), before);
  // The intact file still loads.
  ASSERT_ACL_OK(aclmdlLoadFromFile(path_.c_str(), &id));
  EXPECT_ACL_OK(aclmdlUnload(id));
}

// The weights are in device memory once aclmdlLoadFromMem returns: the caller's buffer may
// go, and the model computes what the same file loaded from disk computes.
TEST_F(ModelFile, FromMemoryRunsAfterTheBufferIsGoneLikeFromTheFile) {
  uint32_t from_file = 0, from_mem = 0;
  ASSERT_ACL_OK(aclmdlLoadFromFile(path_.c_str(), &from_file));
  {
    std::vector<char> buffer(bytes_.begin(), bytes_.end());
    ASSERT_ACL_OK(aclmdlLoadFromMem(buffer.data(), buffer.size(), &from_mem));
    std::fill(buffer.begin(), buffer.end(), '\x7F');
  }
  aclmdlDesc* desc = aclmdlCreateDesc();
  ASSERT_ACL_OK(aclmdlGetDesc(desc, from_file));
  std::vector<std::vector<uint8_t>> results;
  for (uint32_t id : {from_file, from_mem}) {
    aclmdlDataset* in = aclmdlCreateDataset();
    aclmdlDataset* out = aclmdlCreateDataset();
    std::vector<void*> memory;
    for (size_t i = 0; i < aclmdlGetNumInputs(desc); ++i) {
      const size_t size = aclmdlGetInputSizeByIndex(desc, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      ASSERT_ACL_OK(aclrtMemset(p, size, 0x3C, size));
      memory.push_back(p);
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(in, aclCreateDataBuffer(p, size)));
    }
    const size_t out_size = aclmdlGetOutputSizeByIndex(desc, 0);
    void* o = nullptr;
    ASSERT_ACL_OK(aclrtMalloc(&o, out_size, ACL_MEM_MALLOC_HUGE_FIRST));
    memory.push_back(o);
    ASSERT_ACL_OK(aclmdlAddDatasetBuffer(out, aclCreateDataBuffer(o, out_size)));
    for (size_t i = 1; i < aclmdlGetNumOutputs(desc); ++i) {
      const size_t size = aclmdlGetOutputSizeByIndex(desc, i);
      void* p = nullptr;
      ASSERT_ACL_OK(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST));
      memory.push_back(p);
      ASSERT_ACL_OK(aclmdlAddDatasetBuffer(out, aclCreateDataBuffer(p, size)));
    }
    ASSERT_ACL_OK(aclmdlExecute(id, in, out));
    results.emplace_back(out_size);
    ASSERT_ACL_OK(aclrtMemcpy(results.back().data(), out_size, o, out_size, ACL_MEMCPY_DEVICE_TO_HOST));
    for (aclmdlDataset* set : {in, out}) {
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) {
        EXPECT_ACL_OK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i)));
      }
      EXPECT_ACL_OK(aclmdlDestroyDataset(set));
    }
    for (void* p : memory) EXPECT_ACL_OK(aclrtFree(p));
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_ACL_OK(aclmdlDestroyDesc(desc));
  EXPECT_ACL_OK(aclmdlUnload(from_file));
  EXPECT_ACL_OK(aclmdlUnload(from_mem));
}

}  // namespace
