// bench_model.h: one loaded offline model with its device input/output datasets, for
// resnet50_bench and tests/e2e/ort_compare's acl_infer (library asim_bench_model). Public
// AscendCL API only; the caller has set the device. Single-threaded.
// Every failure prints the program's name, the AscendCL call, its error code and
// aclGetRecentErrMsg on stderr and returns false; the destructor releases whatever was created.
// Owner: bench/resnet50.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace asim::bench {

// Prints "<what> failed" with the error and the recent error message; true on ACL_SUCCESS.
bool Check(aclError ret, const char* what);

class BenchModel {
 public:
  BenchModel() = default;
  BenchModel(const BenchModel&) = delete;
  BenchModel& operator=(const BenchModel&) = delete;
  ~BenchModel();

  // aclmdlLoadFromFile + description + output buffers (one device buffer per output).
  bool Load(const std::string& path);
  // Fills the single input: fp32 NCHW values from `file`, or a fixed pseudo-random image when
  // `file` is empty; converted to fp16 for an fp16-input model. An AIPP model's uint8 input
  // takes the file's bytes as they are (or pseudo-random bytes).
  bool SetInput(const std::string& file);
  bool Execute();
  // Output `index` as the model wrote it (aclmdlGetOutputSizeByIndex bytes).
  bool ReadOutput(size_t index, std::vector<unsigned char>* bytes);
  // Simulated device time of one aclmdlExecuteAsync: events recorded around it on `stream`.
  bool DeviceTime(aclrtStream stream, float* ms);

  int64_t batch() const { return batch_; }
  const aclmdlDesc* desc() const { return desc_; }
  bool fp16Input() const { return inputType_ == ACL_FLOAT16; }
  const char* inputTypeName() const;  // "fp32", "fp16" or "uint8"

 private:
  bool AddBuffer(aclmdlDataset* set, size_t size);
  bool SetImageInput(const std::string& file);

  uint32_t modelId_ = 0;
  bool loaded_ = false;
  aclmdlDesc* desc_ = nullptr;
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
  std::vector<void*> buffers_;  // [0] the input, then the outputs
  int64_t batch_ = 0;
  aclDataType inputType_ = ACL_FLOAT;
};

}  // namespace asim::bench
