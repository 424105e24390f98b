// Option value parsers (see option_parse.h). Thread safety and failure: as the header says.
#include "tools/atc/driver/option_parse.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <fstream>
#include <sstream>

#include "tools/atc/passes/atc_error.h"

namespace asim::atc {
namespace {

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : text) {
    if (ch == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(cur);
  return parts;
}

std::string Trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

bool ParseInt(const std::string& text, int64_t* out) {
  const std::string t = Trim(text);
  if (t.empty()) return false;
  size_t i = t[0] == '-' ? 1 : 0;
  if (i == t.size()) return false;
  for (size_t k = i; k < t.size(); ++k) {
    if (!std::isdigit(static_cast<unsigned char>(t[k]))) return false;
  }
  try {
    *out = std::stoll(t);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// "1,2,3" -> ints, each >= min_value.
Status IntList(const std::string& param, const std::string& whole, const std::string& text, int64_t min_value,
               std::vector<int64_t>* out) {
  out->clear();
  if (Trim(text).empty()) return Status::Ok();
  for (const auto& part : Split(text, ',')) {
    int64_t v = 0;
    if (!ParseInt(part, &v)) {
      return InvalidArgument(param, whole, "'" + Trim(part) + "' in '" + text + "' is not an integer");
    }
    if (v < min_value) {
      return InvalidArgument(param, whole,
                             std::to_string(v) + " in '" + text + "' must be >= " + std::to_string(min_value));
    }
    out->push_back(v);
  }
  return Status::Ok();
}

Status Profiles(const std::string& param, const std::string& text, size_t per_profile, Gears* out) {
  out->clear();
  if (Trim(text).empty()) return InvalidArgument(param, text, "the value is empty");
  for (const auto& profile : Split(text, ';')) {
    if (Trim(profile).empty()) continue;  // a trailing ';'
    std::vector<int64_t> values;
    ASIM_RETURN_IF_ERROR(IntList(param, text, profile, 1, &values));
    if (per_profile != 0 && values.size() != per_profile) {
      return InvalidArgument(param, text,
                             "each profile needs " + std::to_string(per_profile) + " values; '" + profile + "' has " +
                                 std::to_string(values.size()));
    }
    if (values.empty()) return InvalidArgument(param, text, "a profile is empty");
    for (const auto& earlier : *out) {
      if (earlier == values) return InvalidArgument(param, text, "the profile '" + profile + "' is repeated");
    }
    out->push_back(std::move(values));
  }
  if (out->size() < 2 || out->size() > 100) {
    return InvalidArgument(param, text, "give 2 to 100 profiles (" + std::to_string(out->size()) + " given)");
  }
  return Status::Ok();
}

bool OutputDtype(const std::string& name, DataType* out) {
  static const std::pair<const char*, DataType> kTypes[] = {
      {"FP32", DataType::kFloat},    {"FP16", DataType::kFloat16},  {"UINT8", DataType::kUint8},
      {"INT8", DataType::kInt8},     {"INT16", DataType::kInt16},   {"UINT16", DataType::kUint16},
      {"INT32", DataType::kInt32},   {"INT64", DataType::kInt64},   {"UINT32", DataType::kUint32},
      {"UINT64", DataType::kUint64}, {"DOUBLE", DataType::kDouble},
  };
  for (const auto& [n, t] : kTypes) {
    if (name == n) {
      *out = t;
      return true;
    }
  }
  return false;
}

}  // namespace

Status ParseInputShape(const std::string& text, NamedDims* out) {
  out->clear();
  for (const auto& entry : Split(text, ';')) {
    if (Trim(entry).empty()) continue;
    const size_t colon = entry.rfind(':');
    if (colon == std::string::npos || colon == 0) {
      return InvalidArgument("--input_shape", text, "'" + entry + "' must be name:dims, e.g. \"data:1,3,224,224\"");
    }
    const std::string name = Trim(entry.substr(0, colon));
    std::vector<int64_t> dims;
    ASIM_RETURN_IF_ERROR(IntList("--input_shape", text, entry.substr(colon + 1), -1, &dims));
    for (const auto& [n, d] : *out) {
      if (n == name) return InvalidArgument("--input_shape", text, "input '" + name + "' is given twice");
    }
    out->emplace_back(name, std::move(dims));
  }
  if (out->empty()) return InvalidArgument("--input_shape", text, "no input is given");
  return Status::Ok();
}

Status ParseDynamicBatchSize(const std::string& text, Gears* out) {
  out->clear();
  const std::string param = "--dynamic_batch_size";
  if (text.find(';') != std::string::npos) {
    return InvalidArgument(param, text, "separate the batch sizes with ',' (e.g. \"1,2,4,8\")");
  }
  std::vector<int64_t> values;
  ASIM_RETURN_IF_ERROR(IntList(param, text, text, 1, &values));
  for (int64_t v : values) {
    for (const auto& earlier : *out) {
      if (earlier[0] == v) return InvalidArgument(param, text, "the batch size " + std::to_string(v) + " is repeated");
    }
    out->push_back({v});
  }
  if (out->size() < 2 || out->size() > 100) {
    return InvalidArgument(param, text, "give 2 to 100 batch sizes (" + std::to_string(out->size()) + " given)");
  }
  return Status::Ok();
}

Status ParseDynamicImageSize(const std::string& text, Gears* out) {
  return Profiles("--dynamic_image_size", text, 2, out);
}

Status ParseDynamicDims(const std::string& text, Gears* out) {
  ASIM_RETURN_IF_ERROR(Profiles("--dynamic_dims", text, 0, out));
  for (const auto& g : *out) {
    if (g.size() != out->front().size()) {
      return InvalidArgument("--dynamic_dims", text, "every profile needs the same number of values");
    }
  }
  return Status::Ok();
}

Status ParseOutputType(const std::string& text, OutputTypes* out) {
  *out = OutputTypes{};
  const std::string t = Trim(text);
  if (t.find(':') == std::string::npos) {
    if (!OutputDtype(t, &out->all)) {
      return InvalidArgument("--output_type", text,
                             "the type must be FP32, FP16, UINT8, INT8, INT16, UINT16, INT32, INT64, UINT32, UINT64 "
                             "or DOUBLE, or per output \"node:index:type;...\"");
    }
    return Status::Ok();
  }
  for (const auto& entry : Split(t, ';')) {
    if (Trim(entry).empty()) continue;
    const auto parts = Split(entry, ':');
    int64_t index = 0;
    OutputTypes::PerOutput p;
    if (parts.size() < 3 || !ParseInt(parts[parts.size() - 2], &index) || index < 0 ||
        !OutputDtype(Trim(parts.back()), &p.dtype)) {
      return InvalidArgument("--output_type", text,
                             "'" + entry + "' must be node:index:type with type FP32, FP16, UINT8 ...");
    }
    for (size_t i = 0; i + 2 < parts.size(); ++i) p.node += (i ? ":" : "") + parts[i];
    p.node = Trim(p.node);
    p.index = static_cast<int>(index);
    out->per_output.push_back(p);
  }
  return Status::Ok();
}

Status ParseOutNodes(const std::string& text, std::vector<std::pair<std::string, int>>* out) {
  out->clear();
  for (const auto& entry : Split(text, ';')) {
    if (Trim(entry).empty()) continue;
    const size_t colon = entry.rfind(':');
    int64_t index = 0;
    if (colon == std::string::npos || colon == 0 || !ParseInt(entry.substr(colon + 1), &index) || index < 0) {
      return InvalidArgument("--out_nodes", text, "'" + entry + "' must be node_name:output_index, e.g. \"prob:0\"");
    }
    out->emplace_back(Trim(entry.substr(0, colon)), static_cast<int>(index));
  }
  if (out->empty()) return InvalidArgument("--out_nodes", text, "no node is given");
  return Status::Ok();
}

Status ParseNameList(const std::string& param, const std::string& text, std::vector<std::string>* out) {
  out->clear();
  for (const auto& entry : Split(text, ';')) {
    const std::string name = Trim(entry);
    if (name.empty()) return InvalidArgument(param, text, "an entry is empty (separate names with ';')");
    out->push_back(name);
  }
  return Status::Ok();
}

Status ParseInputFormat(const std::string& text, Format* out) {
  static const std::pair<const char*, Format> kFormats[] = {
      {"NCHW", Format::kNchw},   {"NHWC", Format::kNhwc},   {"ND", Format::kNd},
      {"NCDHW", Format::kNcdhw}, {"NDHWC", Format::kNdhwc},
  };
  for (const auto& [n, f] : kFormats) {
    if (text == n) {
      *out = f;
      return Status::Ok();
    }
  }
  return InvalidArgument("--input_format", text, "only support NCHW, NHWC, ND, NCDHW, NDHWC");
}

bool FusionSwitches::Enabled(const std::string& pass) const {
  auto it = passes.find(pass);
  if (it != passes.end()) return it->second;
  return !all_off;
}

Status ParseFusionSwitchFile(const std::string& path, FusionSwitches* out) {
  *out = FusionSwitches{};
  std::ifstream f(path);
  if (!f)
    return AtcError(ecode::kOpenFile, err::kInvalidFile, "Failed to open file [" + path + "] (--fusion_switch_file).");
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  const std::string trimmed = Trim(text);
  if (!trimmed.empty() && trimmed[0] == '{') {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("Switch") || !j["Switch"].is_object()) {
      return InvalidArgument("--fusion_switch_file", path,
                             "the JSON form must be {\"Switch\":{\"GraphFusion\":{...},\"UBFusion\":{...}}}");
    }
    for (const auto& [section, passes] : j["Switch"].items()) {
      if (!passes.is_object()) {
        return InvalidArgument("--fusion_switch_file", path, "\"" + section + "\" must be an object of pass: on/off");
      }
      for (const auto& [pass, value] : passes.items()) {
        if (!value.is_string() || (value != "on" && value != "off")) {
          return InvalidArgument("--fusion_switch_file", path, "pass \"" + pass + "\" must be \"on\" or \"off\"");
        }
        const bool on = value == "on";
        if (pass == "ALL") {
          out->all_off = out->all_off || !on;
        } else {
          out->passes[pass] = on;
        }
      }
    }
    return Status::Ok();
  }
  int line_no = 0;
  for (const auto& raw : Split(text, '\n')) {
    ++line_no;
    const std::string line = Trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const size_t colon = line.rfind(':');
    const std::string value = colon == std::string::npos ? "" : Trim(line.substr(colon + 1));
    if (colon == std::string::npos || (value != "on" && value != "off")) {
      return InvalidArgument("--fusion_switch_file", path,
                             "line " + std::to_string(line_no) + " '" + line + "' must be PassName:on or PassName:off");
    }
    const std::string pass = Trim(line.substr(0, colon));
    if (pass == "ALL") {
      out->all_off = value == "off";
    } else {
      out->passes[pass] = value == "on";
    }
  }
  return Status::Ok();
}

}  // namespace asim::atc
