#include "kernels/framework/attr.h"

namespace asim::kernels {

const char* AttrTypeName(AttrType type) {
  switch (type) {
    case AttrType::kBool: return "bool";
    case AttrType::kInt: return "int";
    case AttrType::kFloat: return "float";
    case AttrType::kString: return "string";
    case AttrType::kDataType: return "data type";
    case AttrType::kListBool: return "list of bool";
    case AttrType::kListInt: return "list of int";
    case AttrType::kListFloat: return "list of float";
    case AttrType::kListString: return "list of string";
    case AttrType::kListDataType: return "list of data type";
    case AttrType::kListListInt: return "list of list of int";
  }
  return "unknown";
}

AttrType TypeOf(const AttrValue& value) {
  // Variant alternatives are declared in AttrType order.
  return static_cast<AttrType>(value.index());
}

int64_t AttrMap::GetInt(const std::string& name, int64_t fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* i = std::get_if<int64_t>(v)) return *i;
  if (auto* b = std::get_if<bool>(v)) return *b ? 1 : 0;
  if (auto* f = std::get_if<float>(v)) return static_cast<int64_t>(*f);
  if (auto* d = std::get_if<DataType>(v)) return static_cast<int64_t>(*d);
  return fallback;
}

float AttrMap::GetFloat(const std::string& name, float fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* f = std::get_if<float>(v)) return *f;
  if (auto* i = std::get_if<int64_t>(v)) return static_cast<float>(*i);
  return fallback;
}

bool AttrMap::GetBool(const std::string& name, bool fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* b = std::get_if<bool>(v)) return *b;
  if (auto* i = std::get_if<int64_t>(v)) return *i != 0;
  return fallback;
}

std::string AttrMap::GetString(const std::string& name, const std::string& fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* s = std::get_if<std::string>(v)) return *s;
  return fallback;
}

std::vector<int64_t> AttrMap::GetInts(const std::string& name, const std::vector<int64_t>& fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* l = std::get_if<std::vector<int64_t>>(v)) return *l;
  if (auto* i = std::get_if<int64_t>(v)) return {*i};
  return fallback;
}

std::vector<float> AttrMap::GetFloats(const std::string& name, const std::vector<float>& fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* l = std::get_if<std::vector<float>>(v)) return *l;
  if (auto* l = std::get_if<std::vector<int64_t>>(v)) return std::vector<float>(l->begin(), l->end());
  if (auto* f = std::get_if<float>(v)) return {*f};
  return fallback;
}

DataType AttrMap::GetDataType(const std::string& name, DataType fallback) const {
  const AttrValue* v = Find(name);
  if (v == nullptr) return fallback;
  if (auto* d = std::get_if<DataType>(v)) return *d;
  if (auto* i = std::get_if<int64_t>(v)) return static_cast<DataType>(*i);
  return fallback;
}

}  // namespace asim::kernels
