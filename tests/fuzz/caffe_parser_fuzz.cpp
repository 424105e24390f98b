// libFuzzer target of atc's Caffe reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for LoadCaffeNet. An input is a .prototxt's text up to the first
// NUL byte and, after it, the bytes of a .caffemodel (no NUL: no weight file). Any input must
// return (never crash, never trip ASan / UBSan); a failure must carry one of the loader's
// documented codes (kParseFile, kParseModel, kInvalidFile) and a message that starts with the
// ATC code it documents; a success must give layers that point into the parsed network.
// The layer translations need the kernel registry and are covered by the unit suites, not here.
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "tools/atc/caffe/caffe_loader.h"

namespace {

// The two files each input is written to, in a directory of this process that goes at exit
// (the path is never destroyed, so the exit handler can still read it).
const std::filesystem::path& Dir() {
  static const std::filesystem::path* dir = [] {
    auto* d = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                        ("asim_caffe_fuzz_" + std::to_string(::getpid())));
    std::filesystem::create_directories(*d);
    return d;
  }();
  static const bool cleanup = [] {
    return std::atexit([] {
             std::error_code ec;
             std::filesystem::remove_all(Dir(), ec);
           }) == 0;
  }();
  (void)cleanup;
  return *dir;
}

void Write(const std::filesystem::path& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const void* nul = std::memchr(data, 0, size);
  const size_t text_size = nul == nullptr ? size : static_cast<size_t>(static_cast<const uint8_t*>(nul) - data);
  const auto model = Dir() / "net.prototxt";
  const auto weights = Dir() / "net.caffemodel";
  Write(model, data, text_size);
  std::string weight_path;
  if (nul != nullptr) {
    Write(weights, data + text_size + 1, size - text_size - 1);
    weight_path = weights.string();
  }
  asim::atc::caffe_import::CaffeNet net;
  const asim::Status st = asim::atc::caffe_import::LoadCaffeNet(model.string(), weight_path, &net);
  if (!st.ok()) {
    const int32_t c = st.code();
    if (c != asim::err::kParseFile && c != asim::err::kParseModel && c != asim::err::kInvalidFile) __builtin_trap();
    if (st.message().rfind("E19", 0) != 0) __builtin_trap();
    return 0;
  }
  for (const auto& l : net.layers) {
    if (l.param == nullptr) __builtin_trap();
    (void)l.param->type().size();
    for (const auto* b : l.blobs) (void)b->data_size();
  }
  return 0;
}
