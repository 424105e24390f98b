// libFuzzer target of atc's ONNX front end and graph compiler (scripts/fuzz.sh builds and
// runs it).
//
// Owns: the fuzzing oracle for the whole ONNX conversion atc runs (ConvertModel: load,
// ONNX's checker and shape inference, import with constant folding, the passes, the graph
// compiler) on arbitrary bytes written as model.onnx into a private directory, for the
// default SoC (Ascend310, force_fp16) and for Ascend910B2 (must_keep_origin_dtype), picked
// by the input's first byte. Any input must return (never crash, never trip ASan / UBSan,
// never ask for more than libFuzzer's memory limit); a failure must carry a message that
// starts with its ATC code ("E16002 ...", "EZ3003 ..."); a success must be a model the .om
// writer accepts and that reads back.
// Bounded sizes: inputs are at most 64 KiB (libFuzzer's -max_len from scripts/fuzz.sh); the
// converter's own limits (constant folding's output bound, the compiler's tensor sizes)
// keep a small file from asking for gigabytes.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <google/protobuf/stubs/logging.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "om/om_reader.h"
#include "om/om_writer.h"
#include "tools/atc/driver/convert.h"

namespace {

std::string g_dir;  // mkdtemp'd once; model.onnx is rewritten per input

bool WriteFile(const std::string& path, const uint8_t* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = size == 0 || std::fwrite(data, 1, size, f) == size;
  return std::fclose(f) == 0 && ok;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);   // protobuf's non-UTF-8 string warnings
  setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 1);  // the converter's info lines, per input
  char tmpl[] = "/tmp/onnx_import_fuzz.XXXXXX";
  if (mkdtemp(tmpl) == nullptr) std::abort();
  g_dir = tmpl;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const bool ascend910 = (data[0] & 1) != 0;
  const std::string path = g_dir + "/model.onnx";
  if (!WriteFile(path, data + 1, size - 1)) std::abort();  // the harness's own failure, not a finding

  asim::atc::ConvertOptions options;
  options.model_path = path;
  options.model_name = "fuzz";
  if (ascend910) {
    options.soc_version = "Ascend910B2";
    options.precision_mode = asim::atc::ir::PrecisionMode::kMustKeepOriginDtype;
  }
  asim::om::Model model;
  asim::atc::ConvertResult result;
  const asim::Status st = asim::atc::ConvertModel(options, &model, &result);
  if (!st.ok()) {
    if (st.message().size() < 2 || st.message()[0] != 'E') __builtin_trap();
    return 0;
  }
  std::vector<uint8_t> bytes;
  if (!asim::om::WriteModel(model, &bytes).ok()) __builtin_trap();
  asim::om::Model again;
  if (!asim::om::ReadModel(bytes.data(), bytes.size(), &again).ok()) __builtin_trap();
  return 0;
}
