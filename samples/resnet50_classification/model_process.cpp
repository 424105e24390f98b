/*
 * model_process.cpp: load, describe, feed, execute and read back one offline model.
 */
#include "model_process.h"

#include <algorithm>
#include <numeric>

#include "fp16.h"

ModelProcess::~ModelProcess() {
  Release();
}

void ModelProcess::Release() {
  DestroyInput();
  DestroyOutput();
  UnloadModel();
}

Result ModelProcess::LoadModel(const std::string& modelPath) {
  if (loaded_) {
    ErrorLog("model has already been loaded");
    return FAILED;
  }
  aclError ret = aclmdlQuerySize(modelPath.c_str(), &workSize_, &weightSize_);
  if (ret != ACL_SUCCESS) {
    return AclFailed(("aclmdlQuerySize of " + modelPath).c_str(), ret);
  }
  // Huge pages first, as the public sample: they are faster on the device.
  ret = aclrtMalloc(&workPtr_, workSize_, ACL_MEM_MALLOC_HUGE_FIRST);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtMalloc of the model's work memory", ret);
  }
  ret = aclrtMalloc(&weightPtr_, weightSize_, ACL_MEM_MALLOC_HUGE_FIRST);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclrtMalloc of the model's weight memory", ret);
  }
  ret = aclmdlLoadFromFileWithMem(modelPath.c_str(), &modelId_, workPtr_, workSize_, weightPtr_, weightSize_);
  if (ret != ACL_SUCCESS) {
    return AclFailed(("aclmdlLoadFromFileWithMem of " + modelPath).c_str(), ret);
  }
  loaded_ = true;
  InfoLog("load model %s success, modelId is %u (work %zu bytes, weight %zu bytes)", modelPath.c_str(), modelId_,
          workSize_, weightSize_);
  return SUCCESS;
}

Result ModelProcess::CreateModelDesc() {
  desc_ = aclmdlCreateDesc();
  if (desc_ == nullptr) {
    ErrorLog("create model description failed");
    return FAILED;
  }
  const aclError ret = aclmdlGetDesc(desc_, modelId_);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclmdlGetDesc", ret);
  }
  InfoLog("create model description success");
  return SUCCESS;
}

Result ModelProcess::GetInputInfo(ModelInputInfo* info) const {
  if (desc_ == nullptr || aclmdlGetNumInputs(desc_) != 1) {
    ErrorLog("the sample wants a model with exactly one input");
    return FAILED;
  }
  aclmdlIODims dims;
  const aclError ret = aclmdlGetInputDims(desc_, 0, &dims);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclmdlGetInputDims", ret);
  }
  if (dims.dimCount != 4 || dims.dims[1] != 3 || dims.dims[0] <= 0 || dims.dims[2] <= 0 || dims.dims[3] <= 0) {
    ErrorLog("input '%s' is not a static NCHW image tensor with 3 channels", dims.name);
    return FAILED;
  }
  info->size = aclmdlGetInputSizeByIndex(desc_, 0);
  info->dataType = aclmdlGetInputDataType(desc_, 0);
  info->batch = dims.dims[0];
  info->channels = dims.dims[1];
  info->height = dims.dims[2];
  info->width = dims.dims[3];
  if (info->dataType != ACL_FLOAT16 && info->dataType != ACL_FLOAT) {
    ErrorLog("input data type %d: the sample feeds fp16 or fp32", static_cast<int>(info->dataType));
    return FAILED;
  }
  const size_t expected =
      static_cast<size_t>(info->batch * info->channels * info->height * info->width) * aclDataTypeSize(info->dataType);
  if (info->size != expected) {
    ErrorLog("input size %zu bytes, expected %zu for the dims", info->size, expected);
    return FAILED;
  }
  InfoLog("model input '%s': [%lld, %lld, %lld, %lld] %s, %zu bytes", dims.name, static_cast<long long>(info->batch),
          static_cast<long long>(info->channels), static_cast<long long>(info->height),
          static_cast<long long>(info->width), info->dataType == ACL_FLOAT16 ? "fp16" : "fp32", info->size);
  return SUCCESS;
}

Result ModelProcess::CreateInput(void* inputBuffer, size_t size) {
  const size_t modelInputSize = aclmdlGetInputSizeByIndex(desc_, 0);
  if (size != modelInputSize) {
    ErrorLog("input buffer size[%zu] is not equal to model input size[%zu]", size, modelInputSize);
    return FAILED;
  }
  input_ = aclmdlCreateDataset();
  if (input_ == nullptr) {
    ErrorLog("can't create dataset, create input failed");
    return FAILED;
  }
  aclDataBuffer* data = aclCreateDataBuffer(inputBuffer, size);
  if (data == nullptr) {
    ErrorLog("can't create data buffer, create input failed");
    return FAILED;
  }
  const aclError ret = aclmdlAddDatasetBuffer(input_, data);
  if (ret != ACL_SUCCESS) {
    (void)aclDestroyDataBuffer(data);
    return AclFailed("aclmdlAddDatasetBuffer (input)", ret);
  }
  InfoLog("create model input success");
  return SUCCESS;
}

Result ModelProcess::CreateOutput() {
  output_ = aclmdlCreateDataset();
  if (output_ == nullptr) {
    ErrorLog("can't create dataset, create output failed");
    return FAILED;
  }
  const size_t count = aclmdlGetNumOutputs(desc_);
  for (size_t i = 0; i < count; ++i) {
    const size_t size = aclmdlGetOutputSizeByIndex(desc_, i);
    void* buffer = nullptr;
    aclError ret = aclrtMalloc(&buffer, size, ACL_MEM_MALLOC_NORMAL_ONLY);
    if (ret != ACL_SUCCESS) {
      return AclFailed("aclrtMalloc (output)", ret);
    }
    aclDataBuffer* data = aclCreateDataBuffer(buffer, size);
    if (data == nullptr) {
      (void)aclrtFree(buffer);
      ErrorLog("can't create data buffer, create output failed");
      return FAILED;
    }
    ret = aclmdlAddDatasetBuffer(output_, data);
    if (ret != ACL_SUCCESS) {
      (void)aclrtFree(buffer);
      (void)aclDestroyDataBuffer(data);
      return AclFailed("aclmdlAddDatasetBuffer (output)", ret);
    }
  }
  InfoLog("create model output success");
  return SUCCESS;
}

Result ModelProcess::Execute() {
  const aclError ret = aclmdlExecute(modelId_, input_, output_);
  return ret == ACL_SUCCESS ? SUCCESS : AclFailed("aclmdlExecute", ret);
}

Result ModelProcess::ExecuteAsync(aclrtStream stream) {
  const aclError ret = aclmdlExecuteAsync(modelId_, input_, output_, stream);
  return ret == ACL_SUCCESS ? SUCCESS : AclFailed("aclmdlExecuteAsync", ret);
}

size_t ModelProcess::NumOutputs() const {
  return output_ == nullptr ? 0 : aclmdlGetDatasetNumBuffers(output_);
}

Result ModelProcess::GetOutput(size_t index, bool isDevice, std::vector<float>* values) const {
  aclDataBuffer* data = aclmdlGetDatasetBuffer(output_, index);
  const void* device = aclGetDataBufferAddr(data);
  const size_t size = aclGetDataBufferSizeV2(data);
  const aclDataType type = aclmdlGetOutputDataType(desc_, index);
  if (type != ACL_FLOAT && type != ACL_FLOAT16) {
    ErrorLog("output %zu has data type %d; the sample reads fp32 or fp16", index, static_cast<int>(type));
    return FAILED;
  }
  std::vector<unsigned char> host(size);
  if (isDevice) {  // on a board the output is readable where it is
    const unsigned char* bytes = static_cast<const unsigned char*>(device);
    std::copy(bytes, bytes + size, host.begin());
  } else {
    const aclError ret = aclrtMemcpy(host.data(), size, device, size, ACL_MEMCPY_DEVICE_TO_HOST);
    if (ret != ACL_SUCCESS) {
      return AclFailed("aclrtMemcpy (output, device to host)", ret);
    }
  }
  if (type == ACL_FLOAT) {
    values->resize(size / sizeof(float));
    std::copy(host.begin(), host.begin() + values->size() * sizeof(float),
              reinterpret_cast<unsigned char*>(values->data()));
  } else {
    values->resize(size / sizeof(uint16_t));
    for (size_t i = 0; i < values->size(); ++i) {
      uint16_t half = 0;
      std::copy(&host[i * 2], &host[i * 2] + 2, reinterpret_cast<unsigned char*>(&half));
      (*values)[i] = HalfToFloat(half);
    }
  }
  return SUCCESS;
}

void ModelProcess::DestroyInput() {
  if (input_ == nullptr) {
    return;
  }
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(input_); ++i) {
    (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(input_, i));  // the memory is the caller's
  }
  (void)aclmdlDestroyDataset(input_);
  input_ = nullptr;
  InfoLog("destroy model input success");
}

void ModelProcess::DestroyOutput() {
  if (output_ == nullptr) {
    return;
  }
  for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(output_); ++i) {
    aclDataBuffer* data = aclmdlGetDatasetBuffer(output_, i);
    (void)aclrtFree(aclGetDataBufferAddr(data));
    (void)aclDestroyDataBuffer(data);
  }
  (void)aclmdlDestroyDataset(output_);
  output_ = nullptr;
  InfoLog("destroy model output success");
}

void ModelProcess::UnloadModel() {
  if (loaded_) {
    const aclError ret = aclmdlUnload(modelId_);
    if (ret != ACL_SUCCESS) {
      AclFailed("aclmdlUnload", ret);
    }
    loaded_ = false;
    InfoLog("unload model success, modelId is %u", modelId_);
  }
  if (desc_ != nullptr) {
    (void)aclmdlDestroyDesc(desc_);
    desc_ = nullptr;
    InfoLog("destroy model description success");
  }
  if (workPtr_ != nullptr) {
    (void)aclrtFree(workPtr_);
    workPtr_ = nullptr;
  }
  if (weightPtr_ != nullptr) {
    (void)aclrtFree(weightPtr_);
    weightPtr_ = nullptr;
  }
}

void PrintTopK(const float* scores, size_t classes, size_t k) {
  std::vector<size_t> order(classes);
  std::iota(order.begin(), order.end(), 0);
  k = std::min(k, classes);
  std::partial_sort(
      order.begin(), order.begin() + static_cast<std::ptrdiff_t>(k), order.end(),
      [scores](size_t a, size_t b) { return scores[a] > scores[b] || (scores[a] == scores[b] && a < b); });
  for (size_t i = 0; i < k; ++i) {
    InfoLog("top %zu: index[%zu] value[%lf]", i + 1, order[i], static_cast<double>(scores[order[i]]));
  }
}
