// acl_infer: runs an offline model once through the public AscendCL API on the simulated device
// and writes its first output as raw fp32: the "ours" side of the ONNX Runtime comparison
// (tests/e2e/ort_compare/ort_compare.py).
//
//   acl_infer --model x.om --input in.bin --output out.bin
//
// The input file holds the model's single input as fp32 NCHW; it is converted to the model's
// input type (fp32, or fp16 with aclFloatToFloat16 for a model converted with
// --input_fp16_nodes). The output must be fp32 (atc --output_type=FP32 or an fp32 model). The
// SoC comes from ASCEND_SIM_SOC_VERSION (aclInit without a config). Exit 0 on success, 1 on any
// failure with a message on stderr.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

namespace {

bool Check(aclError ret, const char* what) {
  if (ret != ACL_SUCCESS) {
    std::fprintf(stderr, "acl_infer: %s failed: error %d (%s)\n", what, static_cast<int>(ret), aclGetRecentErrMsg());
    return false;
  }
  return true;
}

bool ReadFile(const std::string& path, std::vector<char>* data) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  std::fseek(f, 0, SEEK_END);
  data->resize(static_cast<size_t>(std::ftell(f)));
  std::fseek(f, 0, SEEK_SET);
  const bool ok = std::fread(data->data(), 1, data->size(), f) == data->size();
  std::fclose(f);
  return ok;
}

bool WriteFile(const std::string& path, const void* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

// The fp32 file as the model's input bytes (fp32 as is, fp16 converted).
bool ToModelInput(const std::vector<char>& file, aclDataType type, size_t modelSize, std::vector<char>* out) {
  const size_t count = file.size() / sizeof(float);
  const size_t elem = aclDataTypeSize(type);
  if ((type != ACL_FLOAT && type != ACL_FLOAT16) || count * elem != modelSize) {
    std::fprintf(stderr, "acl_infer: input file has %zu floats; the model wants %zu bytes of type %d\n", count,
                 modelSize, static_cast<int>(type));
    return false;
  }
  out->resize(modelSize);
  if (type == ACL_FLOAT) {
    std::memcpy(out->data(), file.data(), modelSize);
    return true;
  }
  std::vector<float> values(count);
  std::memcpy(values.data(), file.data(), count * sizeof(float));
  for (size_t i = 0; i < count; ++i) {
    const aclFloat16 h = aclFloatToFloat16(values[i]);
    std::memcpy(out->data() + i * sizeof(h), &h, sizeof(h));
  }
  return true;
}

// Loaded model state; Run() does everything after aclrtSetDevice.
struct Runner {
  uint32_t modelId = 0;
  bool loaded = false;
  aclmdlDesc* desc = nullptr;
  aclmdlDataset* input = nullptr;
  aclmdlDataset* output = nullptr;
  std::vector<void*> buffers;

  ~Runner() {
    for (aclmdlDataset* set : {input, output}) {
      if (set == nullptr) continue;
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i)
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
      (void)aclmdlDestroyDataset(set);
    }
    for (void* p : buffers) (void)aclrtFree(p);
    if (desc != nullptr) (void)aclmdlDestroyDesc(desc);
    if (loaded) (void)aclmdlUnload(modelId);
  }

  bool AddBuffer(aclmdlDataset* set, size_t size, void** device) {
    if (!Check(aclrtMalloc(device, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return false;
    buffers.push_back(*device);
    aclDataBuffer* data = aclCreateDataBuffer(*device, size);
    if (data == nullptr || !Check(aclmdlAddDatasetBuffer(set, data), "aclmdlAddDatasetBuffer")) {
      if (data != nullptr) (void)aclDestroyDataBuffer(data);
      return false;
    }
    return true;
  }

  bool Run(const std::string& model, const std::vector<char>& file, const std::string& outPath) {
    if (!Check(aclmdlLoadFromFile(model.c_str(), &modelId), "aclmdlLoadFromFile")) return false;
    loaded = true;
    desc = aclmdlCreateDesc();
    if (desc == nullptr || !Check(aclmdlGetDesc(desc, modelId), "aclmdlGetDesc")) return false;
    if (aclmdlGetNumInputs(desc) != 1 || aclmdlGetOutputDataType(desc, 0) != ACL_FLOAT) {
      std::fprintf(stderr, "acl_infer: the model must have one input and an fp32 first output\n");
      return false;
    }
    std::vector<char> host;
    const size_t inSize = aclmdlGetInputSizeByIndex(desc, 0);
    if (!ToModelInput(file, aclmdlGetInputDataType(desc, 0), inSize, &host)) return false;
    input = aclmdlCreateDataset();
    output = aclmdlCreateDataset();
    void* inDev = nullptr;
    if (input == nullptr || output == nullptr || !AddBuffer(input, inSize, &inDev)) return false;
    if (!Check(aclrtMemcpy(inDev, inSize, host.data(), inSize, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy (input)")) {
      return false;
    }
    std::vector<void*> outDev(aclmdlGetNumOutputs(desc));
    for (size_t i = 0; i < outDev.size(); ++i) {
      if (!AddBuffer(output, aclmdlGetOutputSizeByIndex(desc, i), &outDev[i])) return false;
    }
    if (!Check(aclmdlExecute(modelId, input, output), "aclmdlExecute")) return false;
    const size_t outSize = aclmdlGetOutputSizeByIndex(desc, 0);
    std::vector<char> result(outSize);
    if (!Check(aclrtMemcpy(result.data(), outSize, outDev[0], outSize, ACL_MEMCPY_DEVICE_TO_HOST),
               "aclrtMemcpy (output)")) {
      return false;
    }
    if (!WriteFile(outPath, result.data(), outSize)) {
      std::fprintf(stderr, "acl_infer: cannot write %s\n", outPath.c_str());
      return false;
    }
    const char* soc = aclrtGetSocName();
    std::printf("acl_infer: %s on %s: input type %d, %zu output floats -> %s\n", model.c_str(),
                soc != nullptr ? soc : "?", static_cast<int>(aclmdlGetInputDataType(desc, 0)), outSize / sizeof(float),
                outPath.c_str());
    return true;
  }
};

}  // namespace

int main(int argc, char** argv) {
  std::string model, inPath, outPath;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    std::string* slot = key == "--model" ? &model : key == "--input" ? &inPath : key == "--output" ? &outPath : nullptr;
    if (slot == nullptr) {
      std::fprintf(stderr, "acl_infer: unknown option %s\n", argv[i]);
      return 1;
    }
    *slot = argv[i + 1];
  }
  if (model.empty() || inPath.empty() || outPath.empty()) {
    std::fprintf(stderr, "usage: acl_infer --model x.om --input in.bin --output out.bin\n");
    return 1;
  }
  std::vector<char> file;
  if (!ReadFile(inPath, &file)) {
    std::fprintf(stderr, "acl_infer: cannot read %s\n", inPath.c_str());
    return 1;
  }
  if (!Check(aclInit(nullptr), "aclInit")) return 1;
  bool ok = Check(aclrtSetDevice(0), "aclrtSetDevice");
  if (ok) {
    Runner runner;
    ok = runner.Run(model, file, outPath);
  }
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
  return ok ? 0 : 1;
}
