// ResNet-50 classification with the image path on the device, as the public vpc/jpeg
// ResNet-50 samples do it: JPEG -> JPEGD (YUV420SP) -> VPC resize to 224x224 -> a model whose
// AIPP converts the picture to normalised RGB on the AI Core -> top-5.
//
// Usage: resnet50_dvpp_classification --model resnet50_aipp.om --image x.jpg
//                                     [--dump-input file] [--acl-json acl.json]
// The model is made with atc from the ONNX model and aipp_resnet50.cfg (README.md).
// --dump-input writes the VPC's 224x224 NV12 picture (the model's input) for checking.
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "dvpp_process.h"

namespace {

const uint32_t kModelWidth = 224, kModelHeight = 224;

#define CHECK_OR_RETURN(expr)                                                                    \
  do {                                                                                           \
    aclError ret_ = (expr);                                                                      \
    if (ret_ != ACL_SUCCESS) {                                                                   \
      const char* msg_ = aclGetRecentErrMsg();                                                   \
      fprintf(stderr, "[ERROR] %s failed, errorCode is %d: %s\n", #expr, static_cast<int>(ret_), \
              msg_ != NULL ? msg_ : "");                                                         \
      return 1;                                                                                  \
    }                                                                                            \
  } while (0)

struct Args {
  std::string model, image, dump_input, acl_json = "acl.json";
};

bool ParseArgs(int argc, char** argv, Args* args) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    if (key == "--model")
      args->model = argv[i + 1];
    else if (key == "--image")
      args->image = argv[i + 1];
    else if (key == "--dump-input")
      args->dump_input = argv[i + 1];
    else if (key == "--acl-json")
      args->acl_json = argv[i + 1];
    else
      return false;
  }
  return !args->model.empty() && !args->image.empty();
}

bool FileExists(const std::string& path) {
  return std::ifstream(path.c_str()).good();
}

int RunModel(const Args& args, aclrtStream stream) {
  DvppProcess dvpp(stream, kModelWidth, kModelHeight);
  if (!dvpp.Init() || !dvpp.Process(args.image)) return 1;
  if (!args.dump_input.empty()) {
    std::vector<char> host(dvpp.OutputSize());
    CHECK_OR_RETURN(aclrtMemcpy(host.data(), host.size(), dvpp.OutputBuffer(), host.size(), ACL_MEMCPY_DEVICE_TO_HOST));
    std::ofstream(args.dump_input.c_str(), std::ios::binary)
        .write(host.data(), static_cast<std::streamsize>(host.size()));
  }

  uint32_t model_id = 0;
  CHECK_OR_RETURN(aclmdlLoadFromFile(args.model.c_str(), &model_id));
  aclmdlDesc* desc = aclmdlCreateDesc();
  CHECK_OR_RETURN(aclmdlGetDesc(desc, model_id));
  const size_t input_size = aclmdlGetInputSizeByIndex(desc, 0);
  if (input_size != dvpp.OutputSize()) {
    fprintf(stderr,
            "[ERROR] the model's input is %zu bytes but the VPC output is %u: convert the model with "
            "--insert_op_conf=aipp_resnet50.cfg\n",
            input_size, dvpp.OutputSize());
    return 1;
  }
  aclmdlDataset* input = aclmdlCreateDataset();
  aclDataBuffer* input_buffer = aclCreateDataBuffer(dvpp.OutputBuffer(), dvpp.OutputSize());
  CHECK_OR_RETURN(aclmdlAddDatasetBuffer(input, input_buffer));
  aclmdlDataset* output = aclmdlCreateDataset();
  const size_t output_size = aclmdlGetOutputSizeByIndex(desc, 0);
  void* output_dev = NULL;
  CHECK_OR_RETURN(aclrtMalloc(&output_dev, output_size, ACL_MEM_MALLOC_NORMAL_ONLY));
  aclDataBuffer* output_buffer = aclCreateDataBuffer(output_dev, output_size);
  CHECK_OR_RETURN(aclmdlAddDatasetBuffer(output, output_buffer));
  CHECK_OR_RETURN(aclmdlExecute(model_id, input, output));
  printf("[INFO] model execute success\n");

  std::vector<float> scores(output_size / sizeof(float));
  CHECK_OR_RETURN(aclrtMemcpy(scores.data(), output_size, output_dev, output_size, ACL_MEMCPY_DEVICE_TO_HOST));
  std::vector<std::pair<float, int> > ranked;
  for (size_t i = 0; i < scores.size(); ++i) ranked.push_back(std::make_pair(scores[i], static_cast<int>(i)));
  std::partial_sort(ranked.begin(), ranked.begin() + 5, ranked.end(),
                    [](const std::pair<float, int>& a, const std::pair<float, int>& b) { return a.first > b.first; });
  for (int i = 0; i < 5; ++i) {
    printf("top %d: index[%d] value[%lf]\n", i + 1, ranked[i].second, static_cast<double>(ranked[i].first));
  }

  aclDestroyDataBuffer(output_buffer);
  aclmdlDestroyDataset(output);
  aclrtFree(output_dev);
  aclDestroyDataBuffer(input_buffer);
  aclmdlDestroyDataset(input);
  aclmdlDestroyDesc(desc);
  CHECK_OR_RETURN(aclmdlUnload(model_id));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Args args;
  if (!ParseArgs(argc, argv, &args)) {
    fprintf(stderr, "usage: %s --model resnet50_aipp.om --image x.jpg [--dump-input file] [--acl-json acl.json]\n",
            argv[0]);
    return 2;
  }
  if (!FileExists(args.model)) {
    fprintf(stderr,
            "[ERROR] model file '%s' not found: make it with atc --model=resnet50.onnx --framework=5 "
            "--insert_op_conf=aipp_resnet50.cfg ... (README.md)\n",
            args.model.c_str());
    return 1;
  }
  CHECK_OR_RETURN(aclInit(FileExists(args.acl_json) ? args.acl_json.c_str() : NULL));
  CHECK_OR_RETURN(aclrtSetDevice(0));
  aclrtContext context = NULL;
  CHECK_OR_RETURN(aclrtCreateContext(&context, 0));
  aclrtStream stream = NULL;
  CHECK_OR_RETURN(aclrtCreateStream(&stream));
  const int ret = RunModel(args, stream);
  aclrtDestroyStream(stream);
  aclrtDestroyContext(context);
  aclrtResetDevice(0);
  aclFinalize();
  if (ret == 0) printf("[INFO] execute sample success\n");
  return ret;
}
