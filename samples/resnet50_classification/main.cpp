/*
 * resnet50_classification: the public AscendCL ResNet-50 image classification sample on the
 * simulated device. Opens AscendCL (AclResource), loads the .om with application-owned memory
 * (ModelProcess), turns a JPEG into the model's fp16 NCHW input (image_preprocess), runs
 * aclmdlExecute, prints the top-5 classes, the host wall time per inference and the simulated
 * device time per inference (events around aclmdlExecuteAsync), and tears everything down.
 *
 * Usage: resnet50_classification [--model resnet50.om] [--image data/house_320x240.jpg]
 *                                [--acl-json acl.json] [--runs N] [--resize square|shorter]
 * The model comes from tools/modelzoo/make_resnet.py and atc; its weights are random, so the
 * class indices mean nothing.
 */
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "acl_resource.h"
#include "image_preprocess.h"
#include "model_process.h"
#include "sample_utils.h"

namespace {

// The input tensor in device memory, and in host mode its host staging copy.
class InputBuffers {
 public:
  ~InputBuffers() {
    if (device_ != nullptr) {
      (void)aclrtFree(device_);
    }
    if (host_ != nullptr) {
      (void)aclrtFreeHost(host_);
    }
  }
  Result Allocate(size_t size, bool isDevice) {
    size_ = size;
    aclError ret = aclrtMalloc(&device_, size, ACL_MEM_MALLOC_HUGE_FIRST);
    if (ret != ACL_SUCCESS) {
      return AclFailed("aclrtMalloc (input)", ret);
    }
    if (!isDevice) {
      ret = aclrtMallocHost(&host_, size);
      if (ret != ACL_SUCCESS) {
        return AclFailed("aclrtMallocHost (input)", ret);
      }
    }
    return SUCCESS;
  }
  // Where the preprocessing writes: the device buffer itself on a board.
  void* staging() const { return host_ != nullptr ? host_ : device_; }
  void* device() const { return device_; }
  size_t size() const { return size_; }
  Result CopyToDevice() const {
    if (host_ == nullptr) {
      return SUCCESS;
    }
    const aclError ret = aclrtMemcpy(device_, size_, host_, size_, ACL_MEMCPY_HOST_TO_DEVICE);
    return ret == ACL_SUCCESS ? SUCCESS : AclFailed("aclrtMemcpy (input, host to device)", ret);
  }

 private:
  void* device_ = nullptr;
  void* host_ = nullptr;
  size_t size_ = 0;
};

// Preprocesses the picture once and repeats it for every image of the batch.
Result PrepareInput(const SampleOptions& options, const ModelInputInfo& info, const InputBuffers& buffers) {
  PreprocessConfig config;
  config.cropWidth = static_cast<int>(info.width);
  config.cropHeight = static_cast<int>(info.height);
  config.mode = options.shorterSide ? ResizeMode::kShorterSide : ResizeMode::kSquare;
  const bool fp16 = info.dataType == ACL_FLOAT16;
  const size_t imageBytes = info.size / static_cast<size_t>(info.batch);
  unsigned char* out = static_cast<unsigned char*>(buffers.staging());
  std::string error;
  if (!PreprocessImage(options.image, config, fp16, out, &error)) {
    ErrorLog("%s", error.c_str());
    return FAILED;
  }
  for (int64_t n = 1; n < info.batch; ++n) {
    std::copy(out, out + imageBytes, out + n * imageBytes);
  }
  InfoLog("image %s: decoded, resized (%s), centre-cropped %lldx%lld, BGR minus mean, NCHW %s", options.image.c_str(),
          options.shorterSide ? "shorter side 256" : "256x256", static_cast<long long>(info.width),
          static_cast<long long>(info.height), fp16 ? "fp16" : "fp32");
  if (!options.dumpInput.empty()) {
    FILE* file = std::fopen(options.dumpInput.c_str(), "wb");
    if (file == nullptr || std::fwrite(out, 1, info.size, file) != info.size) {
      ErrorLog("cannot write %s", options.dumpInput.c_str());
      if (file != nullptr) {
        std::fclose(file);
      }
      return FAILED;
    }
    std::fclose(file);
    InfoLog("wrote the input tensor to %s", options.dumpInput.c_str());
  }
  return buffers.CopyToDevice();
}

// Host wall time of `runs` synchronous executions: prints median, min and mean.
Result TimeHost(ModelProcess& model, int runs, int64_t batch) {
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    if (model.Execute() != SUCCESS) {
      return FAILED;
    }
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double v : ms) {
    sum += v;
  }
  InfoLog(
      "host wall time per inference (batch %lld, aclmdlExecute, %d runs): median %.3f ms, min %.3f ms, mean %.3f ms",
      static_cast<long long>(batch), runs, sorted[sorted.size() / 2], sorted.front(), sum / runs);
  return SUCCESS;
}

// Simulated device time: events recorded around aclmdlExecuteAsync on the stream.
Result TimeDevice(ModelProcess& model, aclrtStream stream, int64_t batch) {
  aclrtEvent start = nullptr;
  aclrtEvent end = nullptr;
  Result result = FAILED;
  float ms = 0.0f;
  aclError ret = aclrtCreateEvent(&start);
  if (ret != ACL_SUCCESS || (ret = aclrtCreateEvent(&end)) != ACL_SUCCESS) {
    AclFailed("aclrtCreateEvent", ret);
  } else if ((ret = aclrtRecordEvent(start, stream)) != ACL_SUCCESS) {
    AclFailed("aclrtRecordEvent", ret);
  } else if (model.ExecuteAsync(stream) != SUCCESS) {
    // logged
  } else if ((ret = aclrtRecordEvent(end, stream)) != ACL_SUCCESS) {
    AclFailed("aclrtRecordEvent", ret);
  } else if ((ret = aclrtSynchronizeStream(stream)) != ACL_SUCCESS) {
    AclFailed("aclrtSynchronizeStream", ret);
  } else if ((ret = aclrtEventElapsedTime(&ms, start, end)) != ACL_SUCCESS) {
    AclFailed("aclrtEventElapsedTime", ret);
  } else {
    const char* soc = aclrtGetSocName();
    InfoLog(
        "simulated %s device time per inference (batch %lld): %.3f ms (aclrtEventElapsedTime around "
        "aclmdlExecuteAsync)",
        soc != nullptr ? soc : "device", static_cast<long long>(batch), static_cast<double>(ms));
    result = SUCCESS;
  }
  if (start != nullptr) {
    (void)aclrtDestroyEvent(start);
  }
  if (end != nullptr) {
    (void)aclrtDestroyEvent(end);
  }
  return result;
}

Result PrintResult(const ModelProcess& model, bool isDevice) {
  for (size_t i = 0; i < model.NumOutputs(); ++i) {
    std::vector<float> scores;
    if (model.GetOutput(i, isDevice, &scores) != SUCCESS) {
      return FAILED;
    }
    const size_t classes = std::min<size_t>(scores.size(), 1000);  // the first image of the batch
    InfoLog("output %zu: %zu values, top 5 of the first image:", i, scores.size());
    PrintTopK(scores.data(), classes, 5);
  }
  InfoLog("the model's weights are random (tools/modelzoo): the class indices mean nothing");
  InfoLog("output data success");
  return SUCCESS;
}

int Run(const SampleOptions& options) {
  std::string aclJson = options.aclJson;
  if (aclJson.empty() && FileExists(NextToBinary("acl.json"))) {
    aclJson = NextToBinary("acl.json");
  }
  AclResource resource;  // destroyed last: after the model and the buffers
  if (resource.Init(aclJson, 0) != SUCCESS) {
    return 1;
  }
  InputBuffers input;
  ModelProcess model;
  ModelInputInfo info;
  if (model.LoadModel(options.model) != SUCCESS || model.CreateModelDesc() != SUCCESS ||
      model.GetInputInfo(&info) != SUCCESS || input.Allocate(info.size, resource.isDevice()) != SUCCESS ||
      PrepareInput(options, info, input) != SUCCESS || model.CreateInput(input.device(), input.size()) != SUCCESS ||
      model.CreateOutput() != SUCCESS) {
    return 1;
  }
  if (model.Execute() != SUCCESS) {  // the first run, also a warm-up
    return 1;
  }
  InfoLog("model execute success");
  if (PrintResult(model, resource.isDevice()) != SUCCESS || TimeHost(model, options.runs, info.batch) != SUCCESS ||
      TimeDevice(model, resource.stream(), info.batch) != SUCCESS) {
    return 1;
  }
  model.Release();
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  SampleOptions options;
  int exitCode = 0;
  if (!ParseOptions(argc, argv, &options, &exitCode)) {
    return exitCode;
  }
  if (!FileExists(options.model)) {
    ErrorLog("model file '%s' not found. Generate and convert it first:", options.model.c_str());
    ErrorLog("  /usr/bin/python3 tools/modelzoo/make_resnet.py --depth 50 --batch 1 --out resnet50.onnx");
    ErrorLog(
        "  atc --model=resnet50.onnx --framework=5 --output=resnet50 --soc_version=Ascend310 "
        "--input_format=NCHW --input_fp16_nodes=data --output_type=FP32");
    return 1;
  }
  if (!FileExists(options.image)) {
    ErrorLog("image file '%s' not found", options.image.c_str());
    return 1;
  }
  const int rc = Run(options);
  if (rc == 0) {
    InfoLog("execute sample success");
  }
  return rc;
}
