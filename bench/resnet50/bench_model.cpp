// bench_model.cpp: see bench_model.h.
#include "bench_model.h"

#include <cerrno>  // program_invocation_short_name
#include <cstdio>
#include <cstring>

namespace asim::bench {

bool Check(aclError ret, const char* what) {
  if (ret != ACL_SUCCESS) {
    std::fprintf(stderr, "%s: %s failed: error %d (%s)\n", program_invocation_short_name, what, static_cast<int>(ret),
                 aclGetRecentErrMsg());
    return false;
  }
  return true;
}

BenchModel::~BenchModel() {
  for (aclmdlDataset* set : {input_, output_}) {
    if (set == nullptr) continue;
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i) {
      (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
    }
    (void)aclmdlDestroyDataset(set);
  }
  for (void* p : buffers_) (void)aclrtFree(p);
  if (desc_ != nullptr) (void)aclmdlDestroyDesc(desc_);
  if (loaded_) (void)aclmdlUnload(modelId_);
}

bool BenchModel::AddBuffer(aclmdlDataset* set, size_t size) {
  void* device = nullptr;
  if (!Check(aclrtMalloc(&device, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return false;
  buffers_.push_back(device);
  aclDataBuffer* data = aclCreateDataBuffer(device, size);
  if (data == nullptr || !Check(aclmdlAddDatasetBuffer(set, data), "aclmdlAddDatasetBuffer")) {
    if (data != nullptr) (void)aclDestroyDataBuffer(data);
    return false;
  }
  return true;
}

bool BenchModel::Load(const std::string& path) {
  if (!Check(aclmdlLoadFromFile(path.c_str(), &modelId_), "aclmdlLoadFromFile")) return false;
  loaded_ = true;
  desc_ = aclmdlCreateDesc();
  if (desc_ == nullptr || !Check(aclmdlGetDesc(desc_, modelId_), "aclmdlGetDesc")) return false;
  aclmdlIODims dims = {};
  if (aclmdlGetNumInputs(desc_) != 1 || !Check(aclmdlGetInputDims(desc_, 0, &dims), "aclmdlGetInputDims") ||
      dims.dimCount != 4) {
    std::fprintf(stderr, "%s: %s: want one NCHW input\n", program_invocation_short_name, path.c_str());
    return false;
  }
  batch_ = dims.dims[0];
  const aclDataType type = aclmdlGetInputDataType(desc_, 0);
  if (type != ACL_FLOAT && type != ACL_FLOAT16 && type != ACL_UINT8) {
    std::fprintf(stderr, "%s: %s: input type %d is not fp32, fp16 or uint8 (an AIPP image)\n",
                 program_invocation_short_name, path.c_str(), static_cast<int>(type));
    return false;
  }
  inputType_ = type;
  input_ = aclmdlCreateDataset();
  output_ = aclmdlCreateDataset();
  if (input_ == nullptr || output_ == nullptr || !AddBuffer(input_, aclmdlGetInputSizeByIndex(desc_, 0))) {
    return false;
  }
  for (size_t i = 0; i < aclmdlGetNumOutputs(desc_); ++i) {
    if (!AddBuffer(output_, aclmdlGetOutputSizeByIndex(desc_, i))) return false;
  }
  return true;
}

const char* BenchModel::inputTypeName() const {
  return inputType_ == ACL_FLOAT16 ? "fp16" : inputType_ == ACL_UINT8 ? "uint8" : "fp32";
}

// An AIPP model's input: the image bytes from `file`, or fixed pseudo-random bytes.
bool BenchModel::SetImageInput(const std::string& file) {
  const size_t size = aclmdlGetInputSizeByIndex(desc_, 0);
  std::vector<unsigned char> host(size);
  if (file.empty()) {
    uint32_t state = 12345;
    for (unsigned char& v : host) {
      state = state * 1664525u + 1013904223u;
      v = static_cast<unsigned char>(state >> 24);
    }
  } else {
    FILE* f = std::fopen(file.c_str(), "rb");
    const size_t got = f != nullptr ? std::fread(host.data(), 1, size, f) : 0;
    const bool extra = f != nullptr && std::fgetc(f) != EOF;
    if (f != nullptr) std::fclose(f);
    if (got != size || extra) {
      std::fprintf(stderr, "%s: %s must hold exactly %zu bytes\n", program_invocation_short_name, file.c_str(), size);
      return false;
    }
  }
  return Check(aclrtMemcpy(buffers_[0], size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy (input)");
}

bool BenchModel::SetInput(const std::string& file) {
  if (inputType_ == ACL_UINT8) return SetImageInput(file);
  const bool fp16 = inputType_ == ACL_FLOAT16;
  const size_t size = aclmdlGetInputSizeByIndex(desc_, 0);
  const size_t count = size / (fp16 ? 2 : 4);
  std::vector<float> values(count);
  if (file.empty()) {
    uint32_t state = 12345;  // a fixed image-like pattern in [-128, 128)
    for (float& v : values) {
      state = state * 1664525u + 1013904223u;
      v = static_cast<float>(state >> 24) - 128.0f;
    }
  } else {
    FILE* f = std::fopen(file.c_str(), "rb");
    const size_t got = f != nullptr ? std::fread(values.data(), sizeof(float), count, f) : 0;
    const bool extra = f != nullptr && std::fgetc(f) != EOF;
    if (f != nullptr) std::fclose(f);
    if (got != count || extra) {
      std::fprintf(stderr, "%s: %s must hold exactly %zu floats\n", program_invocation_short_name, file.c_str(), count);
      return false;
    }
  }
  std::vector<unsigned char> host(size);
  if (fp16) {
    for (size_t i = 0; i < count; ++i) {
      const aclFloat16 h = aclFloatToFloat16(values[i]);
      std::memcpy(host.data() + i * sizeof(h), &h, sizeof(h));
    }
  } else {
    std::memcpy(host.data(), values.data(), size);
  }
  return Check(aclrtMemcpy(buffers_[0], size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy (input)");
}

bool BenchModel::Execute() {
  return Check(aclmdlExecute(modelId_, input_, output_), "aclmdlExecute");
}

bool BenchModel::ReadOutput(size_t index, std::vector<unsigned char>* bytes) {
  if (index + 1 >= buffers_.size()) {
    std::fprintf(stderr, "%s: the model has no output %zu\n", program_invocation_short_name, index);
    return false;
  }
  const size_t size = aclmdlGetOutputSizeByIndex(desc_, index);
  bytes->resize(size);
  return Check(aclrtMemcpy(bytes->data(), size, buffers_[index + 1], size, ACL_MEMCPY_DEVICE_TO_HOST),
               "aclrtMemcpy (output)");
}

bool BenchModel::DeviceTime(aclrtStream stream, float* ms) {
  aclrtEvent start = nullptr;
  aclrtEvent end = nullptr;
  bool ok = Check(aclrtCreateEvent(&start), "aclrtCreateEvent") && Check(aclrtCreateEvent(&end), "aclrtCreateEvent") &&
            Check(aclrtRecordEvent(start, stream), "aclrtRecordEvent") &&
            Check(aclmdlExecuteAsync(modelId_, input_, output_, stream), "aclmdlExecuteAsync") &&
            Check(aclrtRecordEvent(end, stream), "aclrtRecordEvent") &&
            Check(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream") &&
            Check(aclrtEventElapsedTime(ms, start, end), "aclrtEventElapsedTime");
  if (start != nullptr) (void)aclrtDestroyEvent(start);
  if (end != nullptr) (void)aclrtDestroyEvent(end);
  return ok;
}

}  // namespace asim::bench
