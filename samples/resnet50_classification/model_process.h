/*
 * model_process.h: one offline model, as the public sample's ModelProcess: aclmdlQuerySize +
 * aclrtMalloc + aclmdlLoadFromFileWithMem, the model description, an input dataset over the
 * application's device buffer (sized by aclmdlGetInputSizeByIndex), output datasets over
 * buffers this class allocates (aclmdlGetOutputSizeByIndex), synchronous and asynchronous
 * execution, the output copied back and converted to float. The destructor releases
 * everything in reverse order (datasets, description, model, work/weight memory); it must run
 * before aclrtResetDevice/aclFinalize. Not thread-safe.
 */
#ifndef RESNET50_CLASSIFICATION_MODEL_PROCESS_H
#define RESNET50_CLASSIFICATION_MODEL_PROCESS_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "sample_utils.h"

struct ModelInputInfo {
  size_t size = 0;  // bytes, aclmdlGetInputSizeByIndex
  aclDataType dataType = ACL_FLOAT;
  int64_t batch = 0, channels = 0, height = 0, width = 0;  // NCHW
};

class ModelProcess {
 public:
  ModelProcess() = default;
  ~ModelProcess();
  ModelProcess(const ModelProcess&) = delete;
  ModelProcess& operator=(const ModelProcess&) = delete;

  Result LoadModel(const std::string& modelPath);
  Result CreateModelDesc();
  // The single NCHW input with 3 channels this sample feeds.
  Result GetInputInfo(ModelInputInfo* info) const;
  // Wraps `inputBuffer` (device memory of `size` bytes, owned by the caller) in the input dataset.
  Result CreateInput(void* inputBuffer, size_t size);
  Result CreateOutput();
  Result Execute();
  Result ExecuteAsync(aclrtStream stream);
  // Output `index` as floats (fp16 outputs converted), copied to the host unless `isDevice`.
  Result GetOutput(size_t index, bool isDevice, std::vector<float>* values) const;
  size_t NumOutputs() const;
  void Release();

 private:
  void DestroyInput();
  void DestroyOutput();
  void UnloadModel();

  uint32_t modelId_ = 0;
  bool loaded_ = false;
  void* workPtr_ = nullptr;
  size_t workSize_ = 0;
  void* weightPtr_ = nullptr;
  size_t weightSize_ = 0;
  aclmdlDesc* desc_ = nullptr;
  aclmdlDataset* input_ = nullptr;
  aclmdlDataset* output_ = nullptr;
};

// Prints the top `k` classes of `scores` (one image) as the public sample does:
// "top 1: index[263] value[0.075387]".
void PrintTopK(const float* scores, size_t classes, size_t k);

#endif  // RESNET50_CLASSIFICATION_MODEL_PROCESS_H
