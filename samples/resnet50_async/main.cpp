/*
 * resnet50_async: ResNet-50 inference with several requests in flight on two streams
 * (aclmdlExecuteAsync), results handed to aclrtLaunchCallback callbacks that a report thread
 * runs (aclrtSubscribeReport + aclrtProcessReport). Prints each request's top-1, checks it
 * against a synchronous aclmdlExecute of the same image, and prints the throughput in host
 * wall time and in simulated device time.
 *
 * Usage: resnet50_async [--model resnet50.om] [--image a.jpg]... [--requests 16] [--streams 2]
 *                       [--depth 2] [--acl-json acl.json]
 * With fewer than four pictures, mirrored copies make up four distinct inputs. The model's
 * weights are random (tools/modelzoo), so the class indices mean nothing.
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "async_pipeline.h"
#include "fp16.h"
#include "image_preprocess.h"
#include "sample_utils.h"

namespace {

struct AsyncOptions {
  std::string model = "resnet50.om";
  std::vector<std::string> images;
  std::string aclJson;
  size_t requests = 16;
  size_t streams = 2;
  size_t depth = 2;
};

const char kUsage[] =
    "usage: resnet50_async [--model resnet50.om] [--image picture.jpg]... [--requests 16] [--streams 2]\n"
    "                      [--depth 2] [--acl-json acl.json]\n";

bool ParseCount(const std::string& value, size_t max, size_t* out) {
  char* end = nullptr;
  const unsigned long parsed = std::strtoul(value.c_str(), &end, 10);
  if (end == value.c_str() || *end != '\0' || parsed < 1 || parsed > max) {
    return false;
  }
  *out = parsed;
  return true;
}

bool Parse(int argc, char** argv, AsyncOptions* options) {
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) {
      return false;
    }
    const std::string value = argv[++i];
    if (arg == "--model") {
      options->model = value;
    } else if (arg == "--image") {
      options->images.push_back(value);
    } else if (arg == "--acl-json") {
      options->aclJson = value;
    } else if (!((arg == "--requests" && ParseCount(value, 100000, &options->requests)) ||
                 (arg == "--streams" && ParseCount(value, 16, &options->streams)) ||
                 (arg == "--depth" && ParseCount(value, 16, &options->depth)))) {
      return false;
    }
  }
  if (options->images.empty()) {
    options->images.push_back(RESNET50_DEFAULT_IMAGE);
  }
  return true;
}

RgbImage Mirror(const RgbImage& in, bool horizontal) {
  RgbImage out = in;
  for (int y = 0; y < in.height; ++y) {
    for (int x = 0; x < in.width; ++x) {
      const int sx = horizontal ? in.width - 1 - x : x;
      const int sy = horizontal ? y : in.height - 1 - y;
      std::copy_n(&in.pixels[(static_cast<size_t>(sy) * in.width + sx) * 3], 3,
                  &out.pixels[(static_cast<size_t>(y) * in.width + x) * 3]);
    }
  }
  return out;
}

// AscendCL, device 0, a context and the streams; released in reverse by the destructor.
struct Session {
  bool initialized = false;
  bool deviceSet = false;
  aclrtContext context = nullptr;
  std::vector<aclrtStream> streams;
  uint32_t modelId = 0;
  bool loaded = false;
  aclmdlDesc* desc = nullptr;
  std::vector<void*> hostInputs;

  ~Session() {
    for (void* input : hostInputs) {
      (void)aclrtFreeHost(input);
    }
    if (desc != nullptr) {
      (void)aclmdlDestroyDesc(desc);
    }
    if (loaded && aclmdlUnload(modelId) == ACL_SUCCESS) {
      InfoLog("unload model success, modelId is %u", modelId);
    }
    for (aclrtStream stream : streams) {
      (void)aclrtDestroyStream(stream);
    }
    if (context != nullptr) {
      (void)aclrtDestroyContext(context);
    }
    if (deviceSet) {
      (void)aclrtResetDevice(0);
    }
    if (initialized) {
      (void)aclFinalize();
      InfoLog("end to finalize acl");
    }
  }

  Result Open(const std::string& aclJson, size_t streamCount) {
    aclError ret = aclInit(aclJson.empty() ? nullptr : aclJson.c_str());
    if (ret != ACL_SUCCESS) {
      return AclFailed("aclInit", ret);
    }
    initialized = true;
    if ((ret = aclrtSetDevice(0)) != ACL_SUCCESS) {
      return AclFailed("aclrtSetDevice", ret);
    }
    deviceSet = true;
    if ((ret = aclrtCreateContext(&context, 0)) != ACL_SUCCESS) {
      return AclFailed("aclrtCreateContext", ret);
    }
    for (size_t i = 0; i < streamCount; ++i) {
      aclrtStream stream = nullptr;
      if ((ret = aclrtCreateStream(&stream)) != ACL_SUCCESS) {
        return AclFailed("aclrtCreateStream", ret);
      }
      streams.push_back(stream);
    }
    InfoLog("acl init, device 0 (%s), context and %zu streams: success", aclrtGetSocName(), streamCount);
    return SUCCESS;
  }

  Result Load(const std::string& path) {
    aclError ret = aclmdlLoadFromFile(path.c_str(), &modelId);
    if (ret != ACL_SUCCESS) {
      return AclFailed(("aclmdlLoadFromFile of " + path).c_str(), ret);
    }
    loaded = true;
    desc = aclmdlCreateDesc();
    if (desc == nullptr || (ret = aclmdlGetDesc(desc, modelId)) != ACL_SUCCESS) {
      return AclFailed("aclmdlGetDesc", ret);
    }
    InfoLog("load model %s success, modelId is %u", path.c_str(), modelId);
    return SUCCESS;
  }
};

// The pictures (and mirrored copies, up to four) as model inputs in pinned host memory.
Result PrepareInputs(const AsyncOptions& options, Session* session, size_t* inputSize) {
  aclmdlIODims dims;
  aclError ret = aclmdlGetInputDims(session->desc, 0, &dims);
  if (ret != ACL_SUCCESS) {
    return AclFailed("aclmdlGetInputDims", ret);
  }
  const aclDataType type = aclmdlGetInputDataType(session->desc, 0);
  if (dims.dimCount != 4 || dims.dims[1] != 3 || dims.dims[0] < 1 || (type != ACL_FLOAT16 && type != ACL_FLOAT)) {
    ErrorLog("the sample wants one static NCHW fp16/fp32 input with 3 channels");
    return FAILED;
  }
  *inputSize = aclmdlGetInputSizeByIndex(session->desc, 0);
  PreprocessConfig config;
  config.cropHeight = static_cast<int>(dims.dims[2]);
  config.cropWidth = static_cast<int>(dims.dims[3]);
  std::vector<RgbImage> pictures;
  for (const std::string& path : options.images) {
    RgbImage image;
    std::string error;
    if (!PrepareImage(path, config, &image, &error)) {
      ErrorLog("%s", error.c_str());
      return FAILED;
    }
    pictures.push_back(image);
  }
  for (size_t i = 0; pictures.size() < 4; ++i) {
    pictures.push_back(Mirror(pictures[i], i % 2 == 0));
  }
  const size_t imageBytes = *inputSize / static_cast<size_t>(dims.dims[0]);
  for (const RgbImage& picture : pictures) {
    void* host = nullptr;
    if ((ret = aclrtMallocHost(&host, *inputSize)) != ACL_SUCCESS) {
      return AclFailed("aclrtMallocHost", ret);
    }
    session->hostInputs.push_back(host);
    unsigned char* bytes = static_cast<unsigned char*>(host);
    if (type == ACL_FLOAT16) {
      ToBgrNchwHalf(picture, config.meanBgr, static_cast<uint16_t*>(host));
    } else {
      ToBgrNchw(picture, config.meanBgr, static_cast<float*>(host));
    }
    for (int64_t n = 1; n < dims.dims[0]; ++n) {
      std::copy(bytes, bytes + imageBytes, bytes + n * imageBytes);
    }
  }
  InfoLog("%zu distinct inputs (%zu pictures and mirrored copies), %zu bytes each", pictures.size(),
          options.images.size(), *inputSize);
  return SUCCESS;
}

int Run(const AsyncOptions& options) {
  std::string aclJson = options.aclJson;
  if (aclJson.empty() && FileExists(NextToBinary("acl.json"))) {
    aclJson = NextToBinary("acl.json");
  }
  Session session;
  size_t inputSize = 0;
  if (session.Open(aclJson, options.streams) != SUCCESS || session.Load(options.model) != SUCCESS ||
      PrepareInputs(options, &session, &inputSize) != SUCCESS) {
    return 1;
  }
  AsyncPipeline pipeline(session.modelId, session.desc, session.streams, options.depth);
  if (!pipeline.Start()) {
    return 1;
  }
  std::vector<Top1> reference(session.hostInputs.size());
  for (size_t i = 0; i < reference.size(); ++i) {
    if (!pipeline.ExecuteSync(session.hostInputs[i], inputSize, &reference[i])) {
      return 1;
    }
    InfoLog("input %zu, synchronous aclmdlExecute: top 1: index[%lld] value[%lf]", i,
            static_cast<long long>(reference[i].index), static_cast<double>(reference[i].value));
  }
  std::vector<Top1> results;
  PipelineStats stats;
  if (!pipeline.Run(session.hostInputs, inputSize, options.requests, &results, &stats)) {
    ErrorLog("the pipeline failed after %zu callbacks", stats.callbacks);
    return 1;
  }
  size_t agree = 0;
  for (size_t r = 0; r < results.size(); ++r) {
    const Top1& expected = reference[r % reference.size()];
    const bool same = results[r].index == expected.index;
    agree += same ? 1 : 0;
    InfoLog("request %zu (stream %zu, input %zu), callback: top 1: index[%lld] value[%lf]%s", r,
            (r % (options.streams * options.depth)) % options.streams, r % reference.size(),
            static_cast<long long>(results[r].index), static_cast<double>(results[r].value),
            same ? "" : "  MISMATCH with the synchronous result");
  }
  InfoLog("%zu of %zu callback results agree with synchronous aclmdlExecute", agree, results.size());
  InfoLog("the model's weights are random (tools/modelzoo): the class indices mean nothing");
  InfoLog("throughput, %zu requests on %zu streams x %zu in flight: host wall time %.3f ms, %.2f images/s",
          options.requests, options.streams, options.depth, stats.wallMs,
          stats.wallMs > 0 ? 1000.0 * options.requests / stats.wallMs : 0.0);
  InfoLog("simulated %s device time %.3f ms: %.2f images/s", aclrtGetSocName(), static_cast<double>(stats.deviceMs),
          stats.deviceMs > 0 ? 1000.0 * options.requests / stats.deviceMs : 0.0);
  pipeline.Stop();
  return agree == results.size() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  AsyncOptions options;
  if (!Parse(argc, argv, &options)) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  if (!FileExists(options.model)) {
    ErrorLog("model file '%s' not found. Generate and convert it first:", options.model.c_str());
    ErrorLog("  /usr/bin/python3 tools/modelzoo/make_resnet.py --depth 50 --batch 1 --out resnet50.onnx");
    ErrorLog(
        "  atc --model=resnet50.onnx --framework=5 --output=resnet50 --soc_version=Ascend310 "
        "--input_format=NCHW --input_fp16_nodes=data --output_type=FP32");
    return 1;
  }
  for (const std::string& image : options.images) {
    if (!FileExists(image)) {
      ErrorLog("image file '%s' not found", image.c_str());
      return 1;
    }
  }
  const int rc = Run(options);
  if (rc == 0) {
    InfoLog("execute sample success");
  }
  return rc;
}
