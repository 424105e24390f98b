// The DumpData enums (OutputDataType, OutputFormat) against the runtime's DataType and
// Format, with names and element sizes.
//
// Owns: the one mapping table. OutputFormat numbers equal aclFormat's (so Format converts
// by value); OutputDataType numbers do not equal aclDataType's (DT_FLOAT is 1 in a dump, 0
// in acl), hence the table. Owner: dumpfmt.
// Thread safety: pure functions over constant tables. Failure: none; unknown values map to
// DT_UNDEFINED / nullopt / "DT_UNKNOWN".
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "base/dtype.h"
#include "base/format.h"

namespace asim::dump {

// OutputDataType values used by name in the tools.
inline constexpr int32_t kDtUndefined = 0;
inline constexpr int32_t kDtFloat = 1;
inline constexpr int32_t kDtFloat16 = 2;
inline constexpr int32_t kDtInt8 = 3;
inline constexpr int32_t kDtUint8 = 4;
inline constexpr int32_t kDtInt16 = 5;
inline constexpr int32_t kDtUint16 = 6;
inline constexpr int32_t kDtInt32 = 7;
inline constexpr int32_t kDtInt64 = 8;
inline constexpr int32_t kDtUint32 = 9;
inline constexpr int32_t kDtUint64 = 10;
inline constexpr int32_t kDtBool = 11;
inline constexpr int32_t kDtDouble = 12;
inline constexpr int32_t kDtBf16 = 27;

// OutputFormat values (= aclFormat) used by name.
inline constexpr int32_t kFormatNchw = 0;
inline constexpr int32_t kFormatNhwc = 1;
inline constexpr int32_t kFormatNd = 2;
inline constexpr int32_t kFormatNc1hwc0 = 3;
inline constexpr int32_t kFormatFractalZ = 4;
inline constexpr int32_t kFormatNc1hwc0C04 = 12;
inline constexpr int32_t kFormatFractalZC04 = 13;
inline constexpr int32_t kFormatHwcn = 16;
inline constexpr int32_t kFormatFractalNz = 29;
inline constexpr int32_t kFormatNc = 35;
inline constexpr int32_t kFormatReserved = 40;  // what msaccucmp writes for a tensor from .npy

// DataType -> OutputDataType (kDtUndefined when the dump has no such type).
int32_t DumpDataTypeOf(DataType type);
// OutputDataType -> DataType (nullopt when the runtime has no such type).
std::optional<DataType> DataTypeOfDump(int32_t dump_type);
// "DT_FLOAT16" ...; "DT_UNKNOWN" for values outside the enum.
const char* DumpDataTypeName(int32_t dump_type);
// Bytes per element; 0 for undefined, string and sub-byte types.
size_t DumpDataTypeSize(int32_t dump_type);

// Format -> OutputFormat (FORMAT_RESERVED for kUndefined).
int32_t DumpFormatOf(Format format);
// "NC1HWC0", "FRACTAL_Z", "ND" ... (OutputFormat names without FORMAT_); "UNKNOWN" otherwise.
const char* DumpFormatName(int32_t dump_format);

}  // namespace asim::dump
