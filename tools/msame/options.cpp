// options.cpp: see options.h.
#include "tools/msame/options.h"

#include <CLI/CLI.hpp>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

#include "tools/msame/log.h"

namespace asim::msame {
namespace {

constexpr const char* kExample =
    "Example:\n"
    "  msame --model resnet50.om --input data.bin --output out/ --outfmt TXT --loop 2\n"
    "  (several inputs: --input a.bin,b.bin; a directory per input runs every file set in it)\n";

std::string Trim(const std::string& text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  const size_t last = text.find_last_not_of(" \t\r\n");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

std::string Upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

bool ParseBool(const std::string& option, const std::string& text, bool* value) {
  const std::string v = Upper(text);
  if (v == "TRUE") {
    *value = true;
  } else if (v == "FALSE") {
    *value = false;
  } else {
    Error("%s must be true or false, got '%s'", option.c_str(), text.c_str());
    return false;
  }
  return true;
}

// Checks and converts the raw option strings; every failure prints one [ERROR] line.
bool Convert(const std::map<std::string, std::string>& raw, Options* out) {
  auto has = [&](const char* name) { return raw.count(name) != 0; };
  auto get = [&](const char* name) { return raw.at(name); };
  out->model = get("--model");
  if (out->model.empty()) {
    Error("--model is empty: give the .om file to run");
    return false;
  }
  if (has("--input")) {
    out->inputs = SplitTrimmed(get("--input"), ',');
    for (size_t i = 0; i < out->inputs.size(); ++i) {
      if (out->inputs[i].empty()) {
        Error("--input '%s': entry %zu is empty (separate the inputs with ',', no empty entries)",
              get("--input").c_str(), i);
        return false;
      }
    }
  }
  if (has("--output")) {
    out->output = get("--output");
    if (out->output.empty()) {
      Error("--output is empty: give the directory the outputs go to");
      return false;
    }
  }
  if (has("--outfmt")) {
    const std::string f = Upper(get("--outfmt"));
    if (f == "BIN") {
      out->outfmt = OutFormat::kBin;
    } else if (f == "TXT") {
      out->outfmt = OutFormat::kTxt;
    } else if (f == "NPY") {
      out->outfmt = OutFormat::kNpy;
    } else {
      Error("--outfmt must be BIN, TXT or NPY, got '%s'", get("--outfmt").c_str());
      return false;
    }
  }
  int64_t value = 0;
  if (has("--loop")) {
    if (!ParseInteger(get("--loop"), 1, 100, &value)) {
      Error("--loop must be an integer in [1, 100], got '%s'", get("--loop").c_str());
      return false;
    }
    out->loop = static_cast<int>(value);
  }
  if (has("--device")) {
    if (!ParseInteger(get("--device"), 0, 255, &value)) {
      Error("--device must be an integer in [0, 255], got '%s'", get("--device").c_str());
      return false;
    }
    out->device = static_cast<int32_t>(value);
  }
  if (has("--debug") && !ParseBool("--debug", get("--debug"), &out->debug)) return false;
  if (has("--profiler") && !ParseBool("--profiler", get("--profiler"), &out->profiler)) return false;
  if (has("--dump") && !ParseBool("--dump", get("--dump"), &out->dump)) return false;
  if (out->profiler && out->dump) {
    Error("dump and profiler can not both be true");
    return false;
  }
  if ((out->profiler || out->dump) && out->output.empty()) {
    Error("--%s true needs --output: the %s data goes to <output>/%s", out->profiler ? "profiler" : "dump",
          out->profiler ? "profiling" : "dump", out->profiler ? "profiler" : "dump");
    return false;
  }

  int dynamic = 0;
  if (has("--dymBatch")) {
    ++dynamic;
    if (!ParseInteger(get("--dymBatch"), 1, 2048, &value)) {
      Error("--dymBatch must be an integer in [1, 2048], got '%s'", get("--dymBatch").c_str());
      return false;
    }
    out->dym_batch = static_cast<uint64_t>(value);
  }
  if (has("--dymHW")) {
    ++dynamic;
    const std::vector<std::string> hw = SplitTrimmed(get("--dymHW"), ',');
    int64_t h = 0, w = 0;
    if (hw.size() != 2 || !ParseInteger(hw[0], 1, INT32_MAX, &h) || !ParseInteger(hw[1], 1, INT32_MAX, &w)) {
      Error("--dymHW must be two positive integers \"H,W\" (e.g. --dymHW 300,500), got '%s'", get("--dymHW").c_str());
      return false;
    }
    out->has_dym_hw = true;
    out->dym_h = static_cast<uint64_t>(h);
    out->dym_w = static_cast<uint64_t>(w);
  }
  std::string error;
  if (has("--dymDims")) {
    ++dynamic;
    if (!ParseNamedDims(get("--dymDims"), false, &out->dym_dims, &error)) {
      Error("--dymDims '%s': %s (e.g. --dymDims \"data:1,600;img_info:1,600\")", get("--dymDims").c_str(),
            error.c_str());
      return false;
    }
  }
  if (has("--dymShape")) {
    ++dynamic;
    if (!ParseNamedDims(get("--dymShape"), false, &out->dym_shape, &error)) {
      Error("--dymShape '%s': %s (e.g. --dymShape \"input1:8,3,5,10;input2:5,3,10,10\")", get("--dymShape").c_str(),
            error.c_str());
      return false;
    }
  }
  if (dynamic > 1) {
    Error("dymBatch dymDims dymHW dymShape cannot be set at the same time");
    return false;
  }
  if (has("--outputSize")) {
    for (const std::string& s : SplitTrimmed(get("--outputSize"), ',')) {
      if (!ParseInteger(s, 1, INT64_MAX, &value)) {
        Error("--outputSize must be positive byte counts \"s0,s1,...\" (one per model output), got '%s'",
              get("--outputSize").c_str());
        return false;
      }
      out->output_size.push_back(static_cast<size_t>(value));
    }
  }
  if (!out->dym_shape.empty()) {
    if (out->inputs.empty()) {
      Error("the dymShape parameter must be used with the input parameter");
      return false;
    }
    if (out->output_size.empty()) {
      Error(
          "the dymShape parameter must be used with the outputSize parameter (the output sizes of a "
          "dynamic-shape model are not known before it runs)");
      return false;
    }
  }
  return true;
}

}  // namespace

const char* OutFormatExtension(OutFormat format) {
  switch (format) {
    case OutFormat::kTxt: return "txt";
    case OutFormat::kNpy: return "npy";
    default: return "bin";
  }
}

std::vector<std::string> SplitTrimmed(const std::string& text, char sep) {
  std::vector<std::string> parts;
  size_t begin = 0;
  while (true) {
    const size_t end = text.find(sep, begin);
    parts.push_back(Trim(text.substr(begin, end == std::string::npos ? std::string::npos : end - begin)));
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  return parts;
}

bool ParseInteger(const std::string& text, int64_t min, int64_t max, int64_t* value) {
  if (text.empty()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    const bool sign = i == 0 && (text[i] == '-' || text[i] == '+') && text.size() > 1;
    if (!sign && !std::isdigit(static_cast<unsigned char>(text[i]))) return false;
  }
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE || end != text.c_str() + text.size() || v < min || v > max) return false;
  *value = v;
  return true;
}

bool ParseNamedDims(const std::string& text, bool allow_unknown, std::vector<NamedDims>* out, std::string* error) {
  out->clear();
  std::set<std::string> names;
  std::vector<std::string> entries = SplitTrimmed(text, ';');
  if (entries.size() > 1 && entries.back().empty()) entries.pop_back();  // a trailing ';'
  for (const std::string& entry : entries) {
    const size_t colon = entry.rfind(':');  // names may hold ':' ("x:0"), dims may not
    if (entry.empty() || colon == std::string::npos || colon == 0) {
      *error = "entry '" + entry + "' is not name:d0,d1,...";
      return false;
    }
    NamedDims nd;
    nd.name = Trim(entry.substr(0, colon));
    for (const std::string& d : SplitTrimmed(entry.substr(colon + 1), ',')) {
      int64_t v = 0;
      if (!ParseInteger(d, allow_unknown ? -1 : 0, INT64_MAX, &v)) {
        *error = "entry '" + entry + "': '" + d +
                 "' is not a dimension (an integer >= " + (allow_unknown ? "-1" : "0") + ")";
        return false;
      }
      nd.dims.push_back(v);
    }
    if (!names.insert(nd.name).second) {
      *error = "input '" + nd.name + "' is given twice";
      return false;
    }
    out->push_back(std::move(nd));
  }
  return true;
}

ParseResult ParseOptions(int argc, const char* const* argv, Options* out) {
  CLI::App app{"msame: runs an offline model (.om) on the (simulated) Ascend device and writes its outputs", "msame"};
  app.footer(kExample);
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  struct Spec {
    const char* name;
    const char* type;
    const char* help;
  };
  static const Spec kSpecs[] = {
      {"--model", "FILE", "the .om model file to run (required)"},
      {"--input", "LIST",
       "the model's inputs, separated by ',': one .bin or .npy file per input, or one directory of such files per "
       "input (the model runs once per file set; files matched by name, or by sorted position). Without it: "
       "zero-filled inputs"},
      {"--output", "DIR", "output root: the outputs go to <output>/<YYYYMMDD_HHMMSS>/ (not written without --output)"},
      {"--outfmt", "BIN|TXT|NPY", "output file format (default BIN)"},
      {"--loop", "N", "inference count, 1..100 (default 1; ignored with directory inputs)"},
      {"--device", "ID", "device id, 0..255 (default 0)"},
      {"--debug", "true|false", "print the model description (default false)"},
      {"--profiler", "true|false", "profile the run into <output>/profiler (default false)"},
      {"--dump", "true|false", "dump every operator's output into <output>/dump (default false)"},
      {"--dymBatch", "N", "batch size of a dynamic batch model (atc --dynamic_batch_size), e.g. --dymBatch 2"},
      {"--dymHW", "H,W", "image size of a dynamic image size model (atc --dynamic_image_size), e.g. --dymHW 300,500"},
      {"--dymDims", "\"name:d0,d1;...\"",
       "input dims of a dynamic dims model (atc --dynamic_dims), e.g. --dymDims \"data:1,600;img_info:1,600\""},
      {"--dymShape", "\"name:d0,d1;...\"",
       "input shapes of a dynamic shape model (atc --input_shape_range), with --input and --outputSize"},
      {"--outputSize", "\"s0,s1,...\"", "output buffer sizes in bytes, one per model output, e.g. \"10000,10000\""},
  };
  std::map<std::string, std::string> values;
  std::map<std::string, CLI::Option*> options;
  for (const Spec& spec : kSpecs) {
    options[spec.name] = app.add_option(spec.name, values[spec.name], spec.help)->type_name(spec.type);
  }
  options["--model"]->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::printf("%s", app.help().c_str());
    std::fflush(stdout);
    return ParseResult::kHelp;
  } catch (const CLI::ParseError& e) {
    Error("%s (msame --help lists the options)", e.what());
    return ParseResult::kError;
  }
  std::map<std::string, std::string> given;
  for (const auto& [name, option] : options) {
    if (option->count() > 0) given[name] = values[name];
  }
  return Convert(given, out) ? ParseResult::kRun : ParseResult::kError;
}

}  // namespace asim::msame
