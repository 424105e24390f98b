// DataType: the element types of tensors, numerically identical to aclDataType.
//
// Owns: the one table of element types (value, name, width in bits). The numbers mirror
// acl_base.h (fact sheet ascendcl_api.md section 3) but are declared here independently,
// so nothing below runtime/api includes an acl/ header. Owner: base.
// Thread safety: pure functions over constant tables; safe from any thread.
// Failure: none. Unknown values are reported by IsValidDataType, named "DT_INVALID" and
// have size 0; nothing here aborts or throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace asim {

enum class DataType : int32_t {
  kUndefined = -1,
  kFloat = 0,
  kFloat16 = 1,
  kInt8 = 2,
  kInt32 = 3,
  kUint8 = 4,
  kInt16 = 6,
  kUint16 = 7,
  kUint32 = 8,
  kInt64 = 9,
  kUint64 = 10,
  kDouble = 11,
  kBool = 12,
  kString = 13,
  kComplex64 = 16,
  kComplex128 = 17,
  kBf16 = 27,
  kInt4 = 29,
  kUint1 = 30,
  kComplex32 = 33,
  // Newest CANN only (hicann/runtime 2026).
  kHiFloat8 = 34,
  kFloat8E5M2 = 35,
  kFloat8E4M3FN = 36,
  kFloat8E8M0 = 37,
  kFloat6E3M2 = 38,
  kFloat6E2M3 = 39,
  kFloat4E2M1 = 40,
  kFloat4E1M2 = 41,
};

// True when `value` is one of the enumerators above (ACL_DT_UNDEFINED included).
bool IsValidDataType(int32_t value);

// Element size in bytes, as aclDataTypeSize reports it. 0 for kUndefined, kString, the
// sub-byte types (INT4, UINT1, FLOAT6_*, FLOAT4_*) and invalid values.
size_t DataTypeSize(DataType type);

// Element width in bits: 8 * DataTypeSize for byte-sized types, 4 / 1 / 6 for the
// sub-byte types, 0 for kUndefined, kString and invalid values. Use it to size packed
// sub-byte tensors (TensorDesc::SizeBytes does).
size_t DataTypeBits(DataType type);

// "DT_FLOAT16", "DT_BF16", "DT_UNDEFINED" ...; "DT_INVALID" for values outside the enum.
const char* DataTypeName(DataType type);

// Inverse of DataTypeName ("DT_FLOAT16" -> kFloat16); nullopt for unknown names.
std::optional<DataType> DataTypeFromName(std::string_view name);

}  // namespace asim
