// Single-operator descriptions as JSON: the `--singleop` file's text, one entry of it, the
// rendering back to JSON and the .om file stem (see single_op.h). Apart from
// single_op.cpp (the compilation) so that the parse needs neither the graph compiler nor
// the kernels (the fuzz target tests/fuzz/singleop_json_fuzz.cpp is built from this file).
// Thread safety: pure functions. Failure: as the header says; nothing throws (the file's
// text is parsed under a catch of every nlohmann exception, entries with type checks
// before every get).
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "base/fp16.h"
#include "compiler/single_op.h"
#include "kernels/framework/tensor.h"

namespace asim::atc {
namespace {

using nlohmann::json;

struct TypeName {
  const char* name;
  DataType dtype;
};

// The tensor type strings of the description file; the first spelling of a type is the one
// SingleOpToJson writes.
constexpr TypeName kTypeNames[] = {
    {"float16", DataType::kFloat16}, {"float", DataType::kFloat},   {"float32", DataType::kFloat},
    {"int8", DataType::kInt8},       {"int16", DataType::kInt16},   {"int32", DataType::kInt32},
    {"int64", DataType::kInt64},     {"uint8", DataType::kUint8},   {"uint16", DataType::kUint16},
    {"uint32", DataType::kUint32},   {"uint64", DataType::kUint64}, {"double", DataType::kDouble},
    {"bool", DataType::kBool},       {"bfloat16", DataType::kBf16},
};

constexpr const char* kTypeList =
    "float16, float, float32, int8, int16, int32, int64, uint8, uint16, uint32, uint64, "
    "double, bool, bfloat16 or a DT_* name";

std::optional<DataType> ParseTypeName(const std::string& s) {
  for (const TypeName& t : kTypeNames) {
    if (s == t.name) return t.dtype;
  }
  if (s.rfind("DT_", 0) == 0) {
    std::optional<DataType> d = DataTypeFromName(s);
    if (d && *d != DataType::kUndefined) return d;
  }
  return std::nullopt;
}

std::string TypeNameOf(DataType dtype) {
  for (const TypeName& t : kTypeNames) {
    if (t.dtype == dtype) return t.name;
  }
  return DataTypeName(dtype);
}

// "[1, 2]" style rendering of a JSON value for messages, shortened.
std::string Show(const json& v) {
  std::string s = v.dump();
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  return s;
}

Status Bad(const std::string& where, const std::string& what) {
  return Status(err::kInvalidParam, where + ": " + what);
}

Status ParseDims(const json& v, const std::string& where, std::vector<int64_t>* dims) {
  if (!v.is_array()) return Bad(where, "must be an array of dimensions, got " + Show(v));
  dims->clear();
  for (size_t i = 0; i < v.size(); ++i) {
    const json& d = v[i];
    if (!d.is_number_integer()) return Bad(where + "[" + std::to_string(i) + "]", "must be an integer, got " + Show(d));
    const int64_t value = d.get<int64_t>();
    if (value < 0) {
      return Bad(where + "[" + std::to_string(i) + "]",
                 std::to_string(value) + ": dynamic or negative dimensions are not supported for single ops");
    }
    dims->push_back(value);
  }
  return Status::Ok();
}

Status ParseFormat(const json& v, const std::string& where, Format* format) {
  if (!v.is_string()) return Bad(where, "must be a format name (ND, NCHW, NHWC, NC1HWC0 ...), got " + Show(v));
  const std::string s = v.get<std::string>();
  std::optional<Format> f = FormatFromName(s);
  if (!f || *f == Format::kUndefined) {
    return Bad(where, "'" + s + "' is not a format (ND, NCHW, NHWC, NC1HWC0, FRACTAL_Z, FRACTAL_NZ ...)");
  }
  *format = *f;
  return Status::Ok();
}

// One element of a constant's value, stored as `dtype` at `out`. False when the value does
// not fit the type (a fraction or out of range for an integer type, not a number).
template <typename T>
bool PutInteger(const json& value, uint8_t* out) {
  T x{};
  if (value.is_boolean()) {
    x = static_cast<T>(value.get<bool>() ? 1 : 0);
  } else if (value.is_number_unsigned()) {
    const uint64_t u = value.get<uint64_t>();
    if (u > static_cast<uint64_t>(std::numeric_limits<T>::max())) return false;
    x = static_cast<T>(u);
  } else if (value.is_number_integer()) {
    const int64_t i = value.get<int64_t>();
    if (i < static_cast<int64_t>(std::numeric_limits<T>::min()) ||
        (i > 0 && static_cast<uint64_t>(i) > static_cast<uint64_t>(std::numeric_limits<T>::max()))) {
      return false;
    }
    x = static_cast<T>(i);
  } else {
    return false;
  }
  std::memcpy(out, &x, sizeof(T));
  return true;
}

bool PutElement(const json& value, DataType dtype, uint8_t* out) {
  const bool number = value.is_number() || value.is_boolean();
  if (!number) return false;
  const double d = value.is_boolean() ? (value.get<bool>() ? 1.0 : 0.0) : value.get<double>();
  switch (dtype) {
    case DataType::kFloat: {
      const float f = static_cast<float>(d);
      std::memcpy(out, &f, sizeof(f));
      return true;
    }
    case DataType::kDouble: std::memcpy(out, &d, sizeof(d)); return true;
    case DataType::kFloat16: {
      const uint16_t h = FloatToHalf(static_cast<float>(d));
      std::memcpy(out, &h, sizeof(h));
      return true;
    }
    case DataType::kBool: *out = d != 0.0 ? 1 : 0; return true;
    case DataType::kInt8: return PutInteger<int8_t>(value, out);
    case DataType::kInt16: return PutInteger<int16_t>(value, out);
    case DataType::kInt32: return PutInteger<int32_t>(value, out);
    case DataType::kInt64: return PutInteger<int64_t>(value, out);
    case DataType::kUint8: return PutInteger<uint8_t>(value, out);
    case DataType::kUint16: return PutInteger<uint16_t>(value, out);
    case DataType::kUint32: return PutInteger<uint32_t>(value, out);
    case DataType::kUint64: return PutInteger<uint64_t>(value, out);
    default: return false;
  }
}

json ElementToJson(DataType dtype, const uint8_t* p) {
  auto get = [p](auto zero) {
    decltype(zero) x{};
    std::memcpy(&x, p, sizeof(x));
    return x;
  };
  switch (dtype) {
    case DataType::kFloat: return get(0.0f);
    case DataType::kDouble: return get(0.0);
    case DataType::kFloat16: return HalfToFloat(get(uint16_t{0}));
    case DataType::kBool: return *p != 0;
    case DataType::kInt8: return get(int8_t{0});
    case DataType::kInt16: return get(int16_t{0});
    case DataType::kInt32: return get(int32_t{0});
    case DataType::kInt64: return get(int64_t{0});
    case DataType::kUint8: return get(uint8_t{0});
    case DataType::kUint16: return get(uint16_t{0});
    case DataType::kUint32: return get(uint32_t{0});
    case DataType::kUint64: return get(uint64_t{0});
    default: return nullptr;
  }
}

// "is_const" / "const_value": the constant's elements, one number per element of `shape`.
Status ParseConst(const json& v, const std::string& where, SingleOpTensor* out) {
  out->is_const = false;
  out->const_data.clear();
  if (v.contains("is_const") && !v["is_const"].is_boolean()) {
    return Bad(where + ".is_const", "must be true or false, got " + Show(v["is_const"]));
  }
  const bool is_const = v.contains("is_const") && v["is_const"].get<bool>();
  if (!is_const) {
    if (v.contains("const_value")) return Bad(where + ".const_value", "needs \"is_const\": true");
    return Status::Ok();
  }
  if (!v.contains("const_value")) return Bad(where, "\"is_const\": true needs 'const_value' (the elements)");
  const json& values = v["const_value"];
  const json list = values.is_array() ? values : json::array({values});
  const kernels::TensorSpec spec = kernels::MakeSpec(out->dtype, out->dims);
  const size_t size = DataTypeSize(out->dtype);
  if (!spec.IsStatic() || size == 0) {
    return Bad(where + ".const_value", "a constant needs a known shape and a numeric or bool type");
  }
  if (static_cast<int64_t>(list.size()) != spec.ElementCount()) {
    return Bad(where + ".const_value", "has " + std::to_string(list.size()) + " values but shape " +
                                           kernels::DimsToString(out->dims) + " has " +
                                           std::to_string(spec.ElementCount()) + " elements");
  }
  std::vector<uint8_t> data(list.size() * size);
  for (size_t i = 0; i < list.size(); ++i) {
    if (!PutElement(list[i], out->dtype, data.data() + i * size)) {
      return Bad(where + ".const_value[" + std::to_string(i) + "]",
                 Show(list[i]) + " is not a " + TypeNameOf(out->dtype) + " value");
    }
  }
  out->is_const = true;
  out->const_data = std::move(data);
  return Status::Ok();
}

Status ParseTensor(const json& v, const std::string& where, SingleOpTensor* out) {
  if (!v.is_object()) return Bad(where, "must be an object with format, shape and type, got " + Show(v));
  for (auto it = v.begin(); it != v.end(); ++it) {
    static const char* const kKnown[] = {"format",       "shape",       "type",     "name",       "origin_format",
                                         "origin_shape", "shape_range", "is_const", "const_value"};
    bool known = false;
    for (const char* k : kKnown) known = known || it.key() == k;
    if (!known) {
      return Bad(where, "unknown key '" + it.key() +
                            "' (a tensor has format, shape, type and optionally name, origin_format, origin_shape, "
                            "is_const, const_value)");
    }
  }
  if (!v.contains("type")) return Bad(where, "missing key 'type'");
  if (!v.contains("shape")) return Bad(where, "missing key 'shape'");
  if (!v.contains("format")) return Bad(where, "missing key 'format'");
  const json& type = v["type"];
  if (!type.is_string()) return Bad(where + ".type", "must be a string (" + std::string(kTypeList) + ")");
  std::optional<DataType> dtype = ParseTypeName(type.get<std::string>());
  if (!dtype) {
    return Bad(where + ".type", "'" + type.get<std::string>() + "' is not a tensor type (" + kTypeList + ")");
  }
  out->dtype = *dtype;
  ASIM_RETURN_IF_ERROR(ParseFormat(v["format"], where + ".format", &out->format));
  ASIM_RETURN_IF_ERROR(ParseDims(v["shape"], where + ".shape", &out->dims));
  out->name.clear();
  if (v.contains("name")) {
    if (!v["name"].is_string()) return Bad(where + ".name", "must be a string, got " + Show(v["name"]));
    out->name = v["name"].get<std::string>();
  }
  out->origin_format = Format::kUndefined;
  out->origin_dims.clear();
  if (v.contains("origin_format")) {
    ASIM_RETURN_IF_ERROR(ParseFormat(v["origin_format"], where + ".origin_format", &out->origin_format));
  }
  if (v.contains("origin_shape")) {
    ASIM_RETURN_IF_ERROR(ParseDims(v["origin_shape"], where + ".origin_shape", &out->origin_dims));
  }
  if (v.contains("shape_range") && !(v["shape_range"].is_array() && v["shape_range"].empty())) {
    return Bad(where + ".shape_range", "dynamic shape ranges are not supported for single ops");
  }
  return ParseConst(v, where, out);
}

Status ParseTensors(const json& entry, const char* key, const std::string& where, std::vector<SingleOpTensor>* out) {
  out->clear();
  if (!entry.contains(key)) return Bad(where, std::string("missing key '") + key + "'");
  const json& list = entry[key];
  if (!list.is_array()) return Bad(where + "." + key, "must be an array of tensor descriptions, got " + Show(list));
  for (size_t i = 0; i < list.size(); ++i) {
    SingleOpTensor t;
    ASIM_RETURN_IF_ERROR(ParseTensor(list[i], where + "." + key + "[" + std::to_string(i) + "]", &t));
    out->push_back(std::move(t));
  }
  return Status::Ok();
}

Status ParseDataTypeValue(const json& v, const std::string& where, DataType* out) {
  if (v.is_string()) {
    std::optional<DataType> d = ParseTypeName(v.get<std::string>());
    if (!d) return Bad(where, "'" + v.get<std::string>() + "' is not a data type (" + kTypeList + ")");
    *out = *d;
    return Status::Ok();
  }
  if (v.is_number_integer()) {
    const int64_t n = v.get<int64_t>();
    if (n < INT32_MIN || n > INT32_MAX || !IsValidDataType(static_cast<int32_t>(n)) || n < 0) {
      return Bad(where, std::to_string(n) + " is not an aclDataType value");
    }
    *out = static_cast<DataType>(n);
    return Status::Ok();
  }
  return Bad(where, "must be a data type name or an aclDataType value, got " + Show(v));
}

// Element parsers for the scalar attribute kinds; `where` names the value.
Status ParseBool(const json& v, const std::string& where, bool* out) {
  if (!v.is_boolean()) return Bad(where, "must be true or false, got " + Show(v));
  *out = v.get<bool>();
  return Status::Ok();
}
Status ParseInt(const json& v, const std::string& where, int64_t* out) {
  if (!v.is_number_integer()) return Bad(where, "must be an integer, got " + Show(v));
  if (v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
    return Bad(where, Show(v) + " does not fit in int64");
  }
  *out = v.get<int64_t>();
  return Status::Ok();
}
Status ParseFloat(const json& v, const std::string& where, float* out) {
  if (!v.is_number()) return Bad(where, "must be a number, got " + Show(v));
  // A double beyond float's range would become inf, which JSON cannot hold: the desc stored
  // in the model (SingleOpToJson) would then not read back.
  if (!(std::fabs(v.get<double>()) <= static_cast<double>(std::numeric_limits<float>::max()))) {
    return Bad(where, Show(v) + " is outside the range of float");
  }
  *out = v.get<float>();
  return Status::Ok();
}
Status ParseString(const json& v, const std::string& where, std::string* out) {
  if (!v.is_string()) return Bad(where, "must be a string, got " + Show(v));
  *out = v.get<std::string>();
  return Status::Ok();
}

template <typename T>
Status ParseList(const json& v, const std::string& where, std::vector<T>* out,
                 const std::function<Status(const json&, const std::string&, T*)>& element) {
  if (!v.is_array()) return Bad(where, "must be an array, got " + Show(v));
  out->clear();
  for (size_t i = 0; i < v.size(); ++i) {
    T item{};
    ASIM_RETURN_IF_ERROR(element(v[i], where + "[" + std::to_string(i) + "]", &item));
    out->push_back(std::move(item));
  }
  return Status::Ok();
}

Status ParseAttrValue(const std::string& type, const json& v, const std::string& where, kernels::AttrValue* out) {
  if (type == "bool") {
    bool b = false;
    ASIM_RETURN_IF_ERROR(ParseBool(v, where, &b));
    *out = b;
  } else if (type == "int") {
    int64_t i = 0;
    ASIM_RETURN_IF_ERROR(ParseInt(v, where, &i));
    *out = i;
  } else if (type == "float") {
    float f = 0;
    ASIM_RETURN_IF_ERROR(ParseFloat(v, where, &f));
    *out = f;
  } else if (type == "string") {
    std::string s;
    ASIM_RETURN_IF_ERROR(ParseString(v, where, &s));
    *out = s;
  } else if (type == "data_type") {
    DataType d = DataType::kUndefined;
    ASIM_RETURN_IF_ERROR(ParseDataTypeValue(v, where, &d));
    *out = d;
  } else if (type == "list_bool") {
    std::vector<bool> l;
    if (!v.is_array()) return Bad(where, "must be an array, got " + Show(v));
    for (size_t i = 0; i < v.size(); ++i) {
      bool b = false;
      ASIM_RETURN_IF_ERROR(ParseBool(v[i], where + "[" + std::to_string(i) + "]", &b));
      l.push_back(b);
    }
    *out = l;
  } else if (type == "list_int") {
    std::vector<int64_t> l;
    ASIM_RETURN_IF_ERROR(ParseList<int64_t>(v, where, &l, ParseInt));
    *out = l;
  } else if (type == "list_float") {
    std::vector<float> l;
    ASIM_RETURN_IF_ERROR(ParseList<float>(v, where, &l, ParseFloat));
    *out = l;
  } else if (type == "list_string") {
    std::vector<std::string> l;
    ASIM_RETURN_IF_ERROR(ParseList<std::string>(v, where, &l, ParseString));
    *out = l;
  } else if (type == "list_data_type") {
    std::vector<DataType> l;
    ASIM_RETURN_IF_ERROR(ParseList<DataType>(v, where, &l, ParseDataTypeValue));
    *out = l;
  } else if (type == "list_list_int") {
    std::vector<std::vector<int64_t>> l;
    const std::function<Status(const json&, const std::string&, std::vector<int64_t>*)> row =
        [](const json& r, const std::string& w, std::vector<int64_t>* o) {
          return ParseList<int64_t>(r, w, o, ParseInt);
        };
    ASIM_RETURN_IF_ERROR(ParseList<std::vector<int64_t>>(v, where, &l, row));
    *out = l;
  } else {
    return Bad(where, "unknown attribute type '" + type +
                          "' (bool, int, float, string, data_type, list_bool, list_int, list_float, "
                          "list_string, list_data_type, list_list_int)");
  }
  return Status::Ok();
}

Status ParseAttrs(const json& entry, const std::string& where, kernels::AttrMap* out) {
  *out = kernels::AttrMap();
  if (!entry.contains("attr")) return Status::Ok();
  const json& list = entry["attr"];
  if (!list.is_array()) return Bad(where + ".attr", "must be an array of {name, type, value}, got " + Show(list));
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string at = where + ".attr[" + std::to_string(i) + "]";
    const json& a = list[i];
    if (!a.is_object()) return Bad(at, "must be an object {name, type, value}, got " + Show(a));
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (it.key() != "name" && it.key() != "type" && it.key() != "value") {
        return Bad(at, "unknown key '" + it.key() + "' (an attribute has name, type and value)");
      }
    }
    if (!a.contains("name") || !a["name"].is_string() || a["name"].get<std::string>().empty()) {
      return Bad(at + ".name", "missing or not a non-empty string");
    }
    const std::string name = a["name"].get<std::string>();
    const std::string named = at + " '" + name + "'";
    if (!a.contains("type") || !a["type"].is_string()) return Bad(named + ".type", "missing or not a string");
    if (!a.contains("value")) return Bad(named, "missing key 'value'");
    if (out->Has(name)) return Bad(named, "attribute given twice");
    kernels::AttrValue value;
    ASIM_RETURN_IF_ERROR(ParseAttrValue(a["type"].get<std::string>(), a["value"], named + ".value", &value));
    out->Set(name, std::move(value));
  }
  return Status::Ok();
}

json TensorToJson(const SingleOpTensor& t) {
  json j = json::object();
  j["format"] = FormatName(t.format);
  j["shape"] = t.dims;
  j["type"] = TypeNameOf(t.dtype);
  if (!t.name.empty()) j["name"] = t.name;
  if (t.origin_format != Format::kUndefined) j["origin_format"] = FormatName(t.origin_format);
  if (!t.origin_dims.empty()) j["origin_shape"] = t.origin_dims;
  if (t.is_const) {
    j["is_const"] = true;
    json values = json::array();
    const size_t size = DataTypeSize(t.dtype);
    for (size_t at = 0; size != 0 && at + size <= t.const_data.size(); at += size) {
      values.push_back(ElementToJson(t.dtype, t.const_data.data() + at));
    }
    j["const_value"] = std::move(values);
  }
  return j;
}

json DataTypesToJson(const std::vector<DataType>& l) {
  json j = json::array();
  for (DataType d : l) j.push_back(TypeNameOf(d));
  return j;
}

json AttrToJson(const std::string& name, const kernels::AttrValue& value) {
  json j = json::object();
  j["name"] = name;
  j["type"] = [&]() -> const char* {
    switch (kernels::TypeOf(value)) {
      case kernels::AttrType::kBool: return "bool";
      case kernels::AttrType::kInt: return "int";
      case kernels::AttrType::kFloat: return "float";
      case kernels::AttrType::kString: return "string";
      case kernels::AttrType::kDataType: return "data_type";
      case kernels::AttrType::kListBool: return "list_bool";
      case kernels::AttrType::kListInt: return "list_int";
      case kernels::AttrType::kListFloat: return "list_float";
      case kernels::AttrType::kListString: return "list_string";
      case kernels::AttrType::kListDataType: return "list_data_type";
      case kernels::AttrType::kListListInt: return "list_list_int";
    }
    return "int";
  }();
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, DataType>) {
          j["value"] = TypeNameOf(v);
        } else if constexpr (std::is_same_v<T, std::vector<DataType>>) {
          j["value"] = DataTypesToJson(v);
        } else {
          j["value"] = v;
        }
      },
      value);
  return j;
}
}  // namespace

Status ParseSingleOpJson(const nlohmann::json& entry, const std::string& where, SingleOpDesc* out) {
  if (!entry.is_object()) {
    return Bad(where, "must be an object with op, input_desc, output_desc and optionally attr, got " + Show(entry));
  }
  if (!entry.contains("op")) return Bad(where, "missing key 'op'");
  if (!entry["op"].is_string() || entry["op"].get<std::string>().empty()) {
    return Bad(where + ".op", "must be a non-empty op type string, got " + Show(entry["op"]));
  }
  SingleOpDesc desc;
  desc.op_type = entry["op"].get<std::string>();
  const std::string named = where + " '" + desc.op_type + "'";
  for (auto it = entry.begin(); it != entry.end(); ++it) {
    static const char* const kKnown[] = {"op", "input_desc", "output_desc", "attr", "compile_flag", "name"};
    bool known = false;
    for (const char* k : kKnown) known = known || it.key() == k;
    if (!known) {
      return Bad(named, "unknown key '" + it.key() + "' (an op has op, input_desc, output_desc and optionally attr)");
    }
  }
  ASIM_RETURN_IF_ERROR(ParseTensors(entry, "input_desc", named, &desc.inputs));
  ASIM_RETURN_IF_ERROR(ParseTensors(entry, "output_desc", named, &desc.outputs));
  if (desc.outputs.empty()) return Bad(named + ".output_desc", "an op needs at least one output");
  ASIM_RETURN_IF_ERROR(ParseAttrs(entry, named, &desc.attrs));
  *out = std::move(desc);
  return Status::Ok();
}

nlohmann::json SingleOpToJson(const SingleOpDesc& desc) {
  json j = json::object();
  j["op"] = desc.op_type;
  j["input_desc"] = json::array();
  for (const SingleOpTensor& t : desc.inputs) j["input_desc"].push_back(TensorToJson(t));
  j["output_desc"] = json::array();
  for (const SingleOpTensor& t : desc.outputs) j["output_desc"].push_back(TensorToJson(t));
  if (!desc.attrs.values().empty()) {
    j["attr"] = json::array();
    for (const auto& [name, value] : desc.attrs.values()) j["attr"].push_back(AttrToJson(name, value));
  }
  return j;
}
std::string SingleOpTypeName(DataType dtype) {
  return TypeNameOf(dtype);
}

std::string SingleOpFileStem(size_t index, const SingleOpDesc& desc) {
  std::string op;
  for (char c : desc.op_type) {
    op += (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-') ? c : '_';
  }
  std::string stem = std::to_string(index) + "_" + op;
  auto add = [&](const SingleOpTensor& t) {
    stem += "_" + std::to_string(static_cast<int32_t>(t.dtype)) + "_" + std::to_string(static_cast<int32_t>(t.format));
    for (int64_t d : t.dims) stem += "_" + std::to_string(d);
  };
  for (const SingleOpTensor& t : desc.inputs) add(t);
  for (const SingleOpTensor& t : desc.outputs) add(t);
  // File names are limited to 255 bytes: long descriptions keep a prefix and a hash of the rest.
  constexpr size_t kMax = 200;
  if (stem.size() > kMax) {
    uint64_t h = 1469598103934665603ull;  // FNV-1a: the same name on every build
    for (char c : stem) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char hex[20];
    std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(h));
    stem = stem.substr(0, kMax - 17) + "_" + hex;
  }
  return stem;
}

Status ParseSingleOpFile(std::string_view text, const std::string& path, std::vector<SingleOpDesc>* out) {
  json file;
  bool too_deep = false;
  // Checked while parsing (the parser itself does not recurse); Show() and the comparisons
  // below do, so a deeper document is refused before anything walks it.
  const json::parser_callback_t depth = [&](int level, json::parse_event_t, json&) {
    if (level > kMaxSingleOpJsonNesting) too_deep = true;
    return true;
  };
  try {
    file = json::parse(text.begin(), text.end(), depth);
  } catch (const json::parse_error& e) {
    return Status(err::kParseFile,
                  "not valid JSON at byte " + std::to_string(e.byte) + " (" + std::string(e.what()) + ")");
  } catch (const json::exception& e) {  // e.g. out_of_range.406: a number too large for a double
    return Status(err::kParseFile, "not valid JSON (" + std::string(e.what()) + ")");
  }
  if (too_deep) {
    return Status(err::kParseFile, "nested deeper than " + std::to_string(kMaxSingleOpJsonNesting) +
                                       " levels of arrays and objects (an op description needs 6)");
  }
  if (!file.is_array() || file.empty()) {
    return Status(err::kInvalidParam, path +
                                          ": the top level must be a non-empty array of op descriptions "
                                          "([{\"op\": ..., \"input_desc\": [...], \"output_desc\": [...]}])");
  }
  const std::string file_name = std::filesystem::path(path).filename().string();
  std::vector<SingleOpDesc> descs;
  for (size_t i = 0; i < file.size(); ++i) {
    SingleOpDesc desc;
    ASIM_RETURN_IF_ERROR(ParseSingleOpJson(file[i], file_name + " op " + std::to_string(i), &desc));
    descs.push_back(std::move(desc));
  }
  *out = std::move(descs);
  return Status::Ok();
}

}  // namespace asim::atc
