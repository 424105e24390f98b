// Operator attributes: values, the map a kernel reads them from, and their schema.
//
// Owns: AttrValue (the AscendCL / ONNX attribute kinds), AttrMap (name -> value) and the
// typed getters kernels use. Defaults come from the kernel's declaration (AttrSpec), so a
// kernel never hard-codes them twice.
// Thread safety: value types. Failure: Get* return Status kInvalidParam naming the
// attribute and the expected type.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "base/dtype.h"
#include "base/status.h"

namespace asim::kernels {

using AttrValue = std::variant<bool, int64_t, float, std::string, DataType, std::vector<bool>, std::vector<int64_t>,
                               std::vector<float>, std::vector<std::string>, std::vector<DataType>,
                               std::vector<std::vector<int64_t>>>;

enum class AttrType {
  kBool,
  kInt,
  kFloat,
  kString,
  kDataType,
  kListBool,
  kListInt,
  kListFloat,
  kListString,
  kListDataType,
  kListListInt
};

const char* AttrTypeName(AttrType type);
AttrType TypeOf(const AttrValue& value);

class AttrMap {
 public:
  void Set(const std::string& name, AttrValue value) { values_[name] = std::move(value); }
  bool Has(const std::string& name) const { return values_.count(name) != 0; }
  const AttrValue* Find(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  }
  const std::map<std::string, AttrValue>& values() const { return values_; }

  // Typed access; ints and floats convert to each other, bools from ints.
  int64_t GetInt(const std::string& name, int64_t fallback) const;
  float GetFloat(const std::string& name, float fallback) const;
  bool GetBool(const std::string& name, bool fallback) const;
  std::string GetString(const std::string& name, const std::string& fallback) const;
  std::vector<int64_t> GetInts(const std::string& name, const std::vector<int64_t>& fallback) const;
  std::vector<float> GetFloats(const std::string& name, const std::vector<float>& fallback) const;
  DataType GetDataType(const std::string& name, DataType fallback) const;

 private:
  std::map<std::string, AttrValue> values_;
};

// One attribute a kernel understands.
struct AttrSpec {
  std::string name;
  AttrType type = AttrType::kInt;
  bool required = false;
  // false: an optional attribute without a default (OptionalAttr): absent stays absent, for a
  // kernel that reads it only when given (another name for what a default attribute sets).
  bool has_default = true;
  AttrValue default_value = int64_t{0};
};

}  // namespace asim::kernels
