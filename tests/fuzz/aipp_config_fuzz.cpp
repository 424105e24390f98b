// libFuzzer target of atc's AIPP configuration reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for ParseAippConfig (--insert_op_conf text -> AippSpec per block).
// Any input must return (never crash, never trip ASan / UBSan); a failure carries one of the
// documented codes (kParseFile for text that does not parse, kInvalidParam for values outside
// the rules) and a message starting with its ATC code; a success gives specs inside the
// documented ranges (padding [0, 32], biases and means [0, 255], one block per input).
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <google/protobuf/stubs/logging.h>

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include "tools/atc/aipp/aipp_config.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace aipp = asim::atc::aipp;
  std::vector<aipp::AippSpec> specs;
  const asim::Status st =
      aipp::ParseAippConfig(std::string(reinterpret_cast<const char*>(data), size), "fuzz.cfg", &specs);
  if (!st.ok()) {
    if (st.code() != asim::err::kParseFile && st.code() != asim::err::kInvalidParam) __builtin_trap();
    if (st.message().empty() || st.message()[0] != 'E') __builtin_trap();
    return 0;
  }
  std::set<uint32_t> inputs;
  for (const auto& s : specs) {
    if (!inputs.insert(s.input_rank).second) __builtin_trap();
    for (int32_t p : {s.pad_top, s.pad_bottom, s.pad_left, s.pad_right}) {
      if (p < 0 || p > 32) __builtin_trap();
    }
    for (int32_t m : s.mean) {
      if (m < 0 || m > 255) __builtin_trap();
    }
    if (s.ImageBytes() < 0 || s.InputDims(1).size() != 4) __builtin_trap();
  }
  return 0;
}
