// DataType table and lookups. See dtype.h for the contract.
//
// Owns: kTypes, the single list of element types. Owner: base.
// Thread safety: read-only data. Failure: lookups of unknown values return neutral answers.
#include "base/dtype.h"

#include <array>

namespace asim {
namespace {

struct TypeInfo {
  DataType type;
  const char* name;
  uint8_t bits;  // 0: not a fixed-width element (undefined, string)
};

constexpr std::array<TypeInfo, 28> kTypes = {{
    {DataType::kUndefined, "DT_UNDEFINED", 0},
    {DataType::kFloat, "DT_FLOAT", 32},
    {DataType::kFloat16, "DT_FLOAT16", 16},
    {DataType::kInt8, "DT_INT8", 8},
    {DataType::kInt32, "DT_INT32", 32},
    {DataType::kUint8, "DT_UINT8", 8},
    {DataType::kInt16, "DT_INT16", 16},
    {DataType::kUint16, "DT_UINT16", 16},
    {DataType::kUint32, "DT_UINT32", 32},
    {DataType::kInt64, "DT_INT64", 64},
    {DataType::kUint64, "DT_UINT64", 64},
    {DataType::kDouble, "DT_DOUBLE", 64},
    {DataType::kBool, "DT_BOOL", 8},
    {DataType::kString, "DT_STRING", 0},
    {DataType::kComplex64, "DT_COMPLEX64", 64},
    {DataType::kComplex128, "DT_COMPLEX128", 128},
    {DataType::kBf16, "DT_BF16", 16},
    {DataType::kInt4, "DT_INT4", 4},
    {DataType::kUint1, "DT_UINT1", 1},
    {DataType::kComplex32, "DT_COMPLEX32", 32},
    {DataType::kHiFloat8, "DT_HIFLOAT8", 8},
    {DataType::kFloat8E5M2, "DT_FLOAT8_E5M2", 8},
    {DataType::kFloat8E4M3FN, "DT_FLOAT8_E4M3FN", 8},
    {DataType::kFloat8E8M0, "DT_FLOAT8_E8M0", 8},
    {DataType::kFloat6E3M2, "DT_FLOAT6_E3M2", 6},
    {DataType::kFloat6E2M3, "DT_FLOAT6_E2M3", 6},
    {DataType::kFloat4E2M1, "DT_FLOAT4_E2M1", 4},
    {DataType::kFloat4E1M2, "DT_FLOAT4_E1M2", 4},
}};

const TypeInfo* Find(DataType type) {
  for (const TypeInfo& info : kTypes) {
    if (info.type == type) return &info;
  }
  return nullptr;
}

}  // namespace

bool IsValidDataType(int32_t value) {
  return Find(static_cast<DataType>(value)) != nullptr;
}

size_t DataTypeBits(DataType type) {
  const TypeInfo* info = Find(type);
  return info == nullptr ? 0 : info->bits;
}

size_t DataTypeSize(DataType type) {
  const size_t bits = DataTypeBits(type);
  return bits % 8 == 0 ? bits / 8 : 0;
}

const char* DataTypeName(DataType type) {
  const TypeInfo* info = Find(type);
  return info == nullptr ? "DT_INVALID" : info->name;
}

std::optional<DataType> DataTypeFromName(std::string_view name) {
  for (const TypeInfo& info : kTypes) {
    if (name == info.name) return info.type;
  }
  return std::nullopt;
}

}  // namespace asim
