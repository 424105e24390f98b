// OpAttr: setters, text and matching of single-op attributes. See op_attr.h.
#include "runtime/op/op_attr.h"

#include <cmath>
#include <set>
#include <sstream>
#include <type_traits>

#include "kernels/framework/registry.h"

namespace asim::op {
namespace {

std::string Number(float v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

template <typename T>
std::string ListText(const std::vector<T>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ",";
    out += AttrValueText(kernels::AttrValue(values[i]));
  }
  return out + "]";
}

// A scalar attribute as a double when it is numeric (bool, int, float), for cross-kind equality.
bool AsNumber(const kernels::AttrValue& v, double* out) {
  if (auto* b = std::get_if<bool>(&v)) {
    *out = *b ? 1.0 : 0.0;
  } else if (auto* i = std::get_if<int64_t>(&v)) {
    *out = static_cast<double>(*i);
  } else if (auto* f = std::get_if<float>(&v)) {
    *out = static_cast<double>(*f);
  } else if (auto* d = std::get_if<DataType>(&v)) {
    *out = static_cast<double>(static_cast<int>(*d));
  } else {
    return false;
  }
  return true;
}

bool AsNumbers(const kernels::AttrValue& v, std::vector<double>* out) {
  out->clear();
  if (auto* b = std::get_if<std::vector<bool>>(&v)) {
    for (bool x : *b) out->push_back(x ? 1.0 : 0.0);
  } else if (auto* i = std::get_if<std::vector<int64_t>>(&v)) {
    for (int64_t x : *i) out->push_back(static_cast<double>(x));
  } else if (auto* f = std::get_if<std::vector<float>>(&v)) {
    for (float x : *f) out->push_back(static_cast<double>(x));
  } else if (auto* d = std::get_if<std::vector<DataType>>(&v)) {
    for (DataType x : *d) out->push_back(static_cast<double>(static_cast<int>(x)));
  } else {
    return false;
  }
  return true;
}

// The kernel's declared default of attribute `name` of `op_type` (the first candidate that
// declares it), or nullptr.
const kernels::AttrValue* KernelDefault(const std::string& op_type, const std::string& name) {
  for (const kernels::KernelDef* def : kernels::KernelRegistry::Get().Find(op_type)) {
    for (const kernels::AttrSpec& spec : def->attrs) {
      if (spec.name == name && !spec.required && spec.has_default) return &spec.default_value;
    }
  }
  return nullptr;
}

}  // namespace

Status OpAttr::Set(const std::string& name, kernels::AttrValue value) {
  if (name.empty()) return Status(err::kInvalidParam, "attrName must not be empty");
  map_.Set(name, std::move(value));
  return Status::Ok();
}

std::string AttrValueText(const kernels::AttrValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, bool>) {
          return v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, int64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<T, float>) {
          return Number(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return "'" + v + "'";
        } else if constexpr (std::is_same_v<T, DataType>) {
          return DataTypeName(v);
        } else if constexpr (std::is_same_v<T, std::vector<bool>>) {
          std::string out = "[";
          for (size_t i = 0; i < v.size(); ++i) out += std::string(i ? "," : "") + (v[i] ? "true" : "false");
          return out + "]";
        } else {
          return ListText(v);
        }
      },
      value);
}

std::string AttrMapText(const kernels::AttrMap& attrs) {
  std::string out = "{";
  bool first = true;
  for (const auto& [name, value] : attrs.values()) {
    out += (first ? "" : ", ") + name + "=" + AttrValueText(value);
    first = false;
  }
  return out + "}";
}

bool AttrValuesEqual(const kernels::AttrValue& a, const kernels::AttrValue& b) {
  if (a == b) return true;
  double x = 0, y = 0;
  if (AsNumber(a, &x) && AsNumber(b, &y)) return x == y;
  std::vector<double> xs, ys;
  if (AsNumbers(a, &xs) && AsNumbers(b, &ys)) return xs == ys;
  return false;
}

bool AttrsMatch(const std::string& op_type, const kernels::AttrMap& call, const kernels::AttrMap& model,
                std::string* why) {
  std::set<std::string> names;
  for (const auto& [name, value] : call.values()) names.insert(name);
  for (const auto& [name, value] : model.values()) names.insert(name);
  for (const std::string& name : names) {
    const kernels::AttrValue* c = call.Find(name);
    const kernels::AttrValue* m = model.Find(name);
    if (c != nullptr && m != nullptr) {
      if (AttrValuesEqual(*c, *m)) continue;
      *why = "attr '" + name + "': call " + AttrValueText(*c) + ", model " + AttrValueText(*m);
      return false;
    }
    const kernels::AttrValue* present = c != nullptr ? c : m;
    const kernels::AttrValue* def = KernelDefault(op_type, name);
    if (def != nullptr && AttrValuesEqual(*present, *def)) continue;
    *why = "attr '" + name + "' is " + AttrValueText(*present) + " in the " + (c != nullptr ? "call" : "model") +
           " and absent in the " + (c != nullptr ? "model" : "call") +
           (def != nullptr ? " (kernel default " + AttrValueText(*def) + ")" : "");
    return false;
  }
  return true;
}

}  // namespace asim::op
