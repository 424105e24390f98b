// Helpers of the aclsim conformance suite: a fixture with its own aclInit .. aclFinalize per
// test (memcheck and faults are configured at aclInit and leaks reported at release), device
// buffers, the add_relu test model, and finding counters.
// PUBLIC API ONLY (acl/ and acl/ext/ headers). Owner: tests/conformance/aclsim.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "acl/ext/aclsim_ext.h"
#include "conformance_util.h"

#ifndef ASIM_TEST_MODELS_DIR
#define ASIM_TEST_MODELS_DIR ""
#endif

namespace aclsimtest {

inline uint64_t Findings(aclsimFinding kind = ACLSIM_FINDING_ANY) {
  return aclsimGetFindingCount(kind);
}

inline std::string LastFinding() {
  const char* f = aclsimGetLastFinding();
  return f == nullptr ? std::string() : std::string(f);
}

inline std::string ModelPath(const std::string& name) {
  const char* env = std::getenv("ASIM_TEST_MODELS_DIR");
  return std::string(env != nullptr ? env : ASIM_TEST_MODELS_DIR) + "/" + name + ".om";
}

#define REQUIRE_TEST_MODEL(name)                                                      \
  do {                                                                                \
    std::error_code ec_;                                                              \
    if (!std::filesystem::exists(::aclsimtest::ModelPath(name), ec_))                 \
      GTEST_SKIP() << "test model " << ::aclsimtest::ModelPath(name) << " not found"; \
  } while (0)

// aclInit (memcheck in `mode`), device 0; TearDown resets and finalizes whatever is left.
class AclsimTest : public ::testing::Test {
 protected:
  explicit AclsimTest(aclsimMemcheckMode mode = ACLSIM_MEMCHECK_ERROR) : mode_(mode) {}
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << conformance::RecentMsg();
    ASSERT_EQ(aclsimSetMemcheck(mode_), ACL_SUCCESS) << conformance::RecentMsg();
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << conformance::RecentMsg();
  }
  void TearDown() override {
    (void)aclrtResetDevice(0);
    (void)aclFinalize();
  }
  void* Device(size_t size) {
    void* p = nullptr;
    EXPECT_EQ(aclrtMalloc(&p, size, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS) << conformance::RecentMsg();
    return p;
  }

 private:
  aclsimMemcheckMode mode_;
};

// The add_relu test model (fp32 x, y [2,3,4,5] -> Relu(x + y)) loaded, with device buffers
// and datasets; everything released by Release() (or leaked on purpose by a test).
struct AddRelu {
  static constexpr size_t kCount = 120;
  static constexpr size_t kBytes = kCount * sizeof(float);
  uint32_t id = 0;
  void* x = nullptr;
  void* y = nullptr;
  void* out = nullptr;
  aclmdlDataset* input = nullptr;
  aclmdlDataset* output = nullptr;

  aclError Load() {
    aclError ret = aclmdlLoadFromFile(ModelPath("add_relu").c_str(), &id);
    if (ret != ACL_SUCCESS) return ret;
    for (void** p : {&x, &y, &out}) {
      if ((ret = aclrtMalloc(p, kBytes, ACL_MEM_MALLOC_NORMAL_ONLY)) != ACL_SUCCESS) return ret;
    }
    input = aclmdlCreateDataset();
    output = aclmdlCreateDataset();
    aclmdlAddDatasetBuffer(input, aclCreateDataBuffer(x, kBytes));
    aclmdlAddDatasetBuffer(input, aclCreateDataBuffer(y, kBytes));
    aclmdlAddDatasetBuffer(output, aclCreateDataBuffer(out, kBytes));
    std::vector<float> xs(kCount), ys(kCount);
    for (size_t i = 0; i < kCount; ++i) {
      xs[i] = static_cast<float>(i);
      ys[i] = -50.0f;
    }
    if ((ret = aclrtMemcpy(x, kBytes, xs.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE)) != ACL_SUCCESS) return ret;
    return aclrtMemcpy(y, kBytes, ys.data(), kBytes, ACL_MEMCPY_HOST_TO_DEVICE);
  }
  // Relu(i - 50) for every element.
  bool OutputIsRight() const {
    std::vector<float> o(kCount);
    if (aclrtMemcpy(o.data(), kBytes, out, kBytes, ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS) return false;
    for (size_t i = 0; i < kCount; ++i) {
      const float want = i > 50 ? static_cast<float>(i) - 50.0f : 0.0f;
      if (o[i] != want) return false;
    }
    return true;
  }
  void Release() {
    for (aclmdlDataset* d : {input, output}) {
      if (d == nullptr) continue;
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(d); ++i) aclDestroyDataBuffer(aclmdlGetDatasetBuffer(d, i));
      aclmdlDestroyDataset(d);
    }
    for (void* p : {x, y, out}) {
      if (p != nullptr) aclrtFree(p);
    }
    if (id != 0) aclmdlUnload(id);
    *this = AddRelu();
  }
};

}  // namespace aclsimtest
