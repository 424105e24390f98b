// Shared helpers of the conformance tests over the test models (ASIM_TEST_MODELS_DIR).
//
// The models come from the test-model generator (tests/support/test_models): the directory is
// the compile definition ASIM_TEST_MODELS_DIR (set by CMakeLists.txt); the environment
// variable of the same name overrides it. A test whose model is missing skips.
// PUBLIC API ONLY. Owner: tests/conformance/mdl.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "conformance_util.h"

namespace mdltest {

constexpr size_t kReserved = static_cast<size_t>(-1);

inline std::string ModelsDir() {
  if (const char* env = std::getenv("ASIM_TEST_MODELS_DIR")) return env;
#ifdef ASIM_TEST_MODELS_DIR
  return ASIM_TEST_MODELS_DIR;
#else
  return std::string();
#endif
}

inline std::string ModelPath(const std::string& name) {
  return ModelsDir() + "/" + name + ".om";
}

inline bool HaveModel(const std::string& name) {
  std::error_code ec;
  return !ModelsDir().empty() && std::filesystem::exists(ModelPath(name), ec);
}

#define REQUIRE_MODEL(name)                                                                   \
  do {                                                                                        \
    if (!::mdltest::HaveModel(name))                                                          \
      GTEST_SKIP() << "test model " << (name) << " not found in \"" << ::mdltest::ModelsDir() \
                   << "\" (ASIM_TEST_MODELS_DIR)";                                            \
  } while (0)

inline std::vector<std::string> AllModels() {
  std::vector<std::string> names;
  std::error_code ec;
  if (ModelsDir().empty()) return names;
  for (const auto& entry : std::filesystem::directory_iterator(ModelsDir(), ec)) {
    if (entry.path().extension() == ".om") names.push_back(entry.path().stem().string());
  }
  return names;
}

inline std::vector<int64_t> DimsOf(const aclmdlIODims& d) {
  return std::vector<int64_t>(d.dims, d.dims + d.dimCount);
}

// A description (aclmdlCreateDesc), destroyed at scope exit.
struct Desc {
  explicit Desc(aclmdlDesc* d = aclmdlCreateDesc()) : desc(d) {}
  ~Desc() { aclmdlDestroyDesc(desc); }
  aclmdlDesc* desc;
};

// Everything a description says, to compare two descriptions of the same model.
inline std::string Describe(aclmdlDesc* desc) {
  std::string text;
  for (int input = 1; input >= 0; --input) {
    const size_t n = input ? aclmdlGetNumInputs(desc) : aclmdlGetNumOutputs(desc);
    for (size_t i = 0; i < n; ++i) {
      aclmdlIODims dims{};
      (input ? aclmdlGetInputDims : aclmdlGetOutputDims)(desc, i, &dims);
      text += std::string(input ? "in " : "out ") +
              (input ? aclmdlGetInputNameByIndex(desc, i) : aclmdlGetOutputNameByIndex(desc, i));
      text += " dt" + std::to_string(input ? aclmdlGetInputDataType(desc, i) : aclmdlGetOutputDataType(desc, i));
      text += " f" + std::to_string(input ? aclmdlGetInputFormat(desc, i) : aclmdlGetOutputFormat(desc, i));
      text += " s" + std::to_string(input ? aclmdlGetInputSizeByIndex(desc, i) : aclmdlGetOutputSizeByIndex(desc, i));
      for (int64_t d : DimsOf(dims)) text += " " + std::to_string(d);
      text += "\n";
    }
  }
  return text;
}

}  // namespace mdltest
