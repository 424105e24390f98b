// acl_infer: runs an offline model once through the public AscendCL API on the simulated device
// and writes its first output as raw fp32: the "ours" side of the ONNX Runtime comparison
// (tests/e2e/ort_compare/ort_compare.py).
//
//   acl_infer --model x.om --input in.bin --output out.bin [--dynamic-dims 1,224,224]
//
// The input file holds the model's single input (NCHW, or NHWC for a TensorFlow model) as fp32; it is converted to the
// model's input type (fp32, or fp16 with aclFloatToFloat16 for a model converted with
// --input_fp16_nodes) by bench/resnet50's BenchModel, which loads and runs the model. The output
// must be fp32 (atc --output_type=FP32 or an fp32 model). With --dynamic-dims, the model is one
// converted with atc --dynamic_dims: the values of its -1 dims for this run go through
// aclmdlSetInputDynamicDims, the input file holds that gear's elements (fp32 input only) and the
// output written is aclmdlGetCurOutputDims' elements. The SoC comes from
// ASCEND_SIM_SOC_VERSION (aclInit without a config). Exit 0 on success, 1 on any failure with a
// message on stderr.
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "bench_model.h"

namespace {

bool WriteFile(const std::string& path, const void* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

bool Run(const std::string& model, const std::string& inPath, const std::string& outPath) {
  asim::bench::BenchModel m;
  if (!m.Load(model)) return false;
  if (aclmdlGetOutputDataType(m.desc(), 0) != ACL_FLOAT) {
    std::fprintf(stderr, "acl_infer: %s: the first output must be fp32\n", model.c_str());
    return false;
  }
  std::vector<unsigned char> result;
  if (!m.SetInput(inPath) || !m.Execute() || !m.ReadOutput(0, &result)) return false;
  if (!WriteFile(outPath, result.data(), result.size())) {
    std::fprintf(stderr, "acl_infer: cannot write %s\n", outPath.c_str());
    return false;
  }
  const char* soc = aclrtGetSocName();
  std::printf("acl_infer: %s on %s: input type %d, %zu output floats -> %s\n", model.c_str(),
              soc != nullptr ? soc : "?", static_cast<int>(aclmdlGetInputDataType(m.desc(), 0)),
              result.size() / sizeof(float), outPath.c_str());
  return true;
}

// Releases what RunDynamic creates, whatever happens.
struct DynamicRun {
  uint32_t id = 0;
  bool loaded = false;
  aclmdlDesc* desc = nullptr;
  aclmdlDataset* in = nullptr;
  aclmdlDataset* out = nullptr;
  std::vector<void*> memory;
  ~DynamicRun() {
    for (aclmdlDataset* set : {in, out}) {
      if (set == nullptr) continue;
      for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(set); ++i)
        (void)aclDestroyDataBuffer(aclmdlGetDatasetBuffer(set, i));
      (void)aclmdlDestroyDataset(set);
    }
    for (void* p : memory) (void)aclrtFree(p);
    if (desc != nullptr) (void)aclmdlDestroyDesc(desc);
    if (loaded) (void)aclmdlUnload(id);
  }
  void* Add(aclmdlDataset* set, size_t size) {
    void* p = nullptr;
    if (!asim::bench::Check(aclrtMalloc(&p, size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")) return nullptr;
    memory.push_back(p);
    aclDataBuffer* b = aclCreateDataBuffer(p, size);
    if (b == nullptr || !asim::bench::Check(aclmdlAddDatasetBuffer(set, b), "aclmdlAddDatasetBuffer")) return nullptr;
    return p;
  }
};

bool RunDynamic(const std::string& model, const std::string& inPath, const std::string& outPath,
                const std::vector<int64_t>& gear) {
  using asim::bench::Check;
  DynamicRun r;
  if (!Check(aclmdlLoadFromFile(model.c_str(), &r.id), "aclmdlLoadFromFile")) return false;
  r.loaded = true;
  r.desc = aclmdlCreateDesc();
  if (r.desc == nullptr || !Check(aclmdlGetDesc(r.desc, r.id), "aclmdlGetDesc")) return false;
  size_t dynamicIndex = 0;
  if (!Check(aclmdlGetInputIndexByName(r.desc, ACL_DYNAMIC_TENSOR_NAME, &dynamicIndex), "aclmdlGetInputIndexByName") ||
      dynamicIndex != 1 || aclmdlGetInputDataType(r.desc, 0) != ACL_FLOAT) {
    std::fprintf(stderr, "acl_infer: %s: want one fp32 input converted with --dynamic_dims\n", model.c_str());
    return false;
  }
  aclmdlIODims dims = {};
  if (!Check(aclmdlGetInputDims(r.desc, 0, &dims), "aclmdlGetInputDims")) return false;
  size_t count = 1, next = 0;
  for (size_t i = 0; i < dims.dimCount; ++i) {
    if (dims.dims[i] < 0) dims.dims[i] = next < gear.size() ? gear[next++] : 0;
    count *= static_cast<size_t>(dims.dims[i]);
  }
  std::vector<float> values(count);
  FILE* f = std::fopen(inPath.c_str(), "rb");
  const size_t got = f != nullptr ? std::fread(values.data(), sizeof(float), count, f) : 0;
  if (f != nullptr) std::fclose(f);
  if (got != count || next != gear.size()) {
    std::fprintf(stderr, "acl_infer: %s must hold the %zu floats of the gear\n", inPath.c_str(), count);
    return false;
  }
  r.in = aclmdlCreateDataset();
  r.out = aclmdlCreateDataset();
  if (r.in == nullptr || r.out == nullptr) return false;
  void* data = r.Add(r.in, aclmdlGetInputSizeByIndex(r.desc, 0));
  if (data == nullptr || r.Add(r.in, aclmdlGetInputSizeByIndex(r.desc, 1)) == nullptr) return false;
  for (size_t i = 0; i < aclmdlGetNumOutputs(r.desc); ++i) {
    if (r.Add(r.out, aclmdlGetOutputSizeByIndex(r.desc, i)) == nullptr) return false;
  }
  aclmdlIODims set = {};
  std::snprintf(set.name, sizeof(set.name), "%s", ACL_DYNAMIC_TENSOR_NAME);
  set.dimCount = dims.dimCount;  // every dim of the data input, the gear's values in place of its -1s
  for (size_t i = 0; i < dims.dimCount; ++i) set.dims[i] = dims.dims[i];
  aclmdlIODims outDims = {};
  if (!Check(aclrtMemcpy(data, count * sizeof(float), values.data(), count * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE),
             "aclrtMemcpy (input)") ||
      !Check(aclmdlSetInputDynamicDims(r.id, r.in, dynamicIndex, &set), "aclmdlSetInputDynamicDims") ||
      !Check(aclmdlExecute(r.id, r.in, r.out), "aclmdlExecute") ||
      !Check(aclmdlGetCurOutputDims(r.desc, 0, &outDims), "aclmdlGetCurOutputDims")) {
    return false;
  }
  size_t outCount = 1;
  for (size_t i = 0; i < outDims.dimCount; ++i) outCount *= static_cast<size_t>(outDims.dims[i]);
  std::vector<float> result(outCount);
  if (aclmdlGetOutputDataType(r.desc, 0) != ACL_FLOAT ||
      !Check(
          aclrtMemcpy(result.data(), outCount * sizeof(float), aclGetDataBufferAddr(aclmdlGetDatasetBuffer(r.out, 0)),
                      outCount * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST),
          "aclrtMemcpy (output)") ||
      !WriteFile(outPath, result.data(), outCount * sizeof(float))) {
    std::fprintf(stderr, "acl_infer: cannot read an fp32 output 0 into %s\n", outPath.c_str());
    return false;
  }
  std::printf("acl_infer: %s with dynamic dims %zu values: %zu output floats -> %s\n", model.c_str(), gear.size(),
              outCount, outPath.c_str());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string model, inPath, outPath, dynamicDims;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i];
    std::string* slot = key == "--model"          ? &model
                        : key == "--input"        ? &inPath
                        : key == "--output"       ? &outPath
                        : key == "--dynamic-dims" ? &dynamicDims
                                                  : nullptr;
    if (slot == nullptr) {
      std::fprintf(stderr, "acl_infer: unknown option %s\n", argv[i]);
      return 1;
    }
    *slot = argv[i + 1];
  }
  if (model.empty() || inPath.empty() || outPath.empty()) {
    std::fprintf(stderr, "usage: acl_infer --model x.om --input in.bin --output out.bin [--dynamic-dims d1,d2,...]\n");
    return 1;
  }
  if (!asim::bench::Check(aclInit(nullptr), "aclInit")) return 1;
  std::vector<int64_t> gear;
  std::stringstream values(dynamicDims);
  for (std::string v; std::getline(values, v, ',');) gear.push_back(std::atoll(v.c_str()));
  const bool ok = asim::bench::Check(aclrtSetDevice(0), "aclrtSetDevice") &&
                  (gear.empty() ? Run(model, inPath, outPath) : RunDynamic(model, inPath, outPath, gear));
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
  return ok ? 0 : 1;
}
