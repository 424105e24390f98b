// msame's command line (the real tool's options, Ascend/tools msame/src/main.cpp):
//   --model <x.om> (required)   --input <a,b,...>   --output <dir>   --outfmt BIN|TXT|NPY
//   --loop N (1..100)   --device ID (0..255)   --debug|--profiler|--dump true|false
//   --dymBatch N   --dymHW H,W   --dymDims "name:d0,d1;..."   --dymShape "name:d0,d1;..."
//   --outputSize "s0,s1,..."   --help
// "--name value" and "--name=value" both work (CLI11); a repeated option takes its last
// value. Owns: parsing and the checks that need no device (value syntax and ranges, option
// combinations); the checks against the model are in msame.cpp.
// Thread safety: pure functions. Failure: ParseOptions prints "[ERROR] <what>" (log.h) and
// returns kError; every value is checked here, so later code may trust Options.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace asim::msame {

enum class OutFormat { kBin, kTxt, kNpy };
const char* OutFormatExtension(OutFormat format);  // "bin", "txt", "npy"

// One "name:d0,d1,..." entry of --dymDims / --dymShape.
struct NamedDims {
  std::string name;
  std::vector<int64_t> dims;
};

struct Options {
  std::string model;
  std::vector<std::string> inputs;  // --input split at ',' (trimmed); empty: zero-filled inputs
  std::string output;               // empty: the outputs are not written
  OutFormat outfmt = OutFormat::kBin;
  int loop = 1;
  int32_t device = 0;
  bool debug = false;
  bool profiler = false;
  bool dump = false;
  uint64_t dym_batch = 0;  // 0: not given
  bool has_dym_hw = false;
  uint64_t dym_h = 0, dym_w = 0;
  std::vector<NamedDims> dym_dims;   // empty: not given
  std::vector<NamedDims> dym_shape;  // empty: not given
  std::vector<size_t> output_size;   // empty: the model's output sizes
};

enum class ParseResult { kRun, kHelp, kError };

// Parses argv into *out. kHelp after printing the help text (exit 0); kError after an
// "[ERROR]" line (exit non-zero).
ParseResult ParseOptions(int argc, const char* const* argv, Options* out);

// "x:1,600;y:1,600" -> {{"x",{1,600}},{"y",{1,600}}}. Every entry needs a name, a ':' and at
// least one integer >= 0 (-1 only when allow_unknown); names are unique. On failure returns
// false with *error saying which entry and why.
bool ParseNamedDims(const std::string& text, bool allow_unknown, std::vector<NamedDims>* out, std::string* error);

// "a, b,,c" -> {"a","b","","c"}: split at `sep`, each piece trimmed of blanks.
std::vector<std::string> SplitTrimmed(const std::string& text, char sep);

// A whole decimal integer in [min, max] ("12", not "12x", "", "-0x3"); false otherwise.
bool ParseInteger(const std::string& text, int64_t min, int64_t max, int64_t* value);

}  // namespace asim::msame
