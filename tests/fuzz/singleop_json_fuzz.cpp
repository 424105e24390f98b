// libFuzzer target of atc's --singleop reader (scripts/fuzz.sh builds and runs it).
//
// Owns: the fuzzing oracle for ParseSingleOpFile (the text of a `--singleop` file -> one
// SingleOpDesc per entry: JSON syntax, the nesting limit, the top-level array, every
// entry's op, input_desc, output_desc and attr through ParseSingleOpJson), the parse and
// validate step of `atc --singleop` only: no op is compiled, no file written. Inputs are
// bounded by libFuzzer's -max_len. Any input must return (never crash, never trip ASan /
// UBSan, never throw); a failure is kParseFile (not JSON, too deep) or kInvalidParam (a
// malformed entry) with a message; an accepted desc has an op type, at least one output and
// no negative dimension, renders (SingleOpToJson, what the runtime stores in the model)
// to JSON that parses back to the same desc, and gives a file stem of at most 200 bytes of
// [A-Za-z0-9_-] (the name atc writes the .om under).
// Thread safety: libFuzzer calls it from one thread. Failure: __builtin_trap on a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/single_op.h"

namespace {

bool SameDesc(const asim::atc::SingleOpDesc& a, const asim::atc::SingleOpDesc& b) {
  return a.op_type == b.op_type && a.inputs == b.inputs && a.outputs == b.outputs &&
         a.attrs.values() == b.attrs.values();
}

bool StemCharacter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace atc = asim::atc;
  std::vector<atc::SingleOpDesc> descs;
  const asim::Status st =
      atc::ParseSingleOpFile(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz/ops.json", &descs);
  if (!st.ok()) {
    if (st.code() != asim::err::kParseFile && st.code() != asim::err::kInvalidParam) __builtin_trap();
    if (st.message().empty() || !descs.empty()) __builtin_trap();
    return 0;
  }
  if (descs.empty()) __builtin_trap();
  for (size_t i = 0; i < descs.size(); ++i) {
    const atc::SingleOpDesc& desc = descs[i];
    if (desc.op_type.empty() || desc.outputs.empty()) __builtin_trap();
    for (const auto* list : {&desc.inputs, &desc.outputs}) {
      for (const atc::SingleOpTensor& t : *list) {
        for (int64_t d : t.dims) {
          if (d < 0) __builtin_trap();
        }
      }
    }
    const std::string text = atc::SingleOpToJson(desc).dump();
    atc::SingleOpDesc again;
    const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
    if (parsed.is_discarded() || !atc::ParseSingleOpJson(parsed, "again", &again).ok() || !SameDesc(desc, again)) {
      __builtin_trap();
    }
    const std::string stem = atc::SingleOpFileStem(i, desc);
    if (stem.empty() || stem.size() > 200) __builtin_trap();
    for (char c : stem) {
      if (!StemCharacter(c)) __builtin_trap();
    }
  }
  return 0;
}
