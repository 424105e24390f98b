// acl_infer: runs an offline model once through the public AscendCL API on the simulated device
// and writes its first output as raw fp32: the "ours" side of the ONNX Runtime comparison
// (tests/e2e/ort_compare/ort_compare.py).
//
//   acl_infer --model x.om --input in.bin --output out.bin
//
// The input file holds the model's single NCHW input as fp32; it is converted to the model's
// input type (fp32, or fp16 with aclFloatToFloat16 for a model converted with
// --input_fp16_nodes) by bench/resnet50's BenchModel, which loads and runs the model. The output
// must be fp32 (atc --output_type=FP32 or an fp32 model). The SoC comes from
// ASCEND_SIM_SOC_VERSION (aclInit without a config). Exit 0 on success, 1 on any failure with a
// message on stderr.
#include <cstdio>
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
  if (!asim::bench::Check(aclInit(nullptr), "aclInit")) return 1;
  const bool ok = asim::bench::Check(aclrtSetDevice(0), "aclrtSetDevice") && Run(model, inPath, outPath);
  (void)aclrtResetDevice(0);
  (void)aclFinalize();
  return ok ? 0 : 1;
}
