// DumpData enum tables. See dump_types.h.
#include "dumpfmt/dump_types.h"

#include <array>

namespace asim::dump {
namespace {

struct TypeRow {
  int32_t dump;
  const char* name;
  size_t size;
  std::optional<DataType> acl;
};

// OutputDataType in enum order (index = value), dump_data.proto.
const std::array<TypeRow, 32> kTypes = {{
    {0, "DT_UNDEFINED", 0, DataType::kUndefined},
    {1, "DT_FLOAT", 4, DataType::kFloat},
    {2, "DT_FLOAT16", 2, DataType::kFloat16},
    {3, "DT_INT8", 1, DataType::kInt8},
    {4, "DT_UINT8", 1, DataType::kUint8},
    {5, "DT_INT16", 2, DataType::kInt16},
    {6, "DT_UINT16", 2, DataType::kUint16},
    {7, "DT_INT32", 4, DataType::kInt32},
    {8, "DT_INT64", 8, DataType::kInt64},
    {9, "DT_UINT32", 4, DataType::kUint32},
    {10, "DT_UINT64", 8, DataType::kUint64},
    {11, "DT_BOOL", 1, DataType::kBool},
    {12, "DT_DOUBLE", 8, DataType::kDouble},
    {13, "DT_STRING", 0, DataType::kString},
    {14, "DT_DUAL_SUB_INT8", 1, std::nullopt},
    {15, "DT_DUAL_SUB_UINT8", 1, std::nullopt},
    {16, "DT_COMPLEX64", 8, DataType::kComplex64},
    {17, "DT_COMPLEX128", 16, DataType::kComplex128},
    {18, "DT_QINT8", 1, std::nullopt},
    {19, "DT_QINT16", 2, std::nullopt},
    {20, "DT_QINT32", 4, std::nullopt},
    {21, "DT_QUINT8", 1, std::nullopt},
    {22, "DT_QUINT16", 2, std::nullopt},
    {23, "DT_RESOURCE", 0, std::nullopt},
    {24, "DT_STRING_REF", 0, std::nullopt},
    {25, "DT_DUAL", 0, std::nullopt},
    {26, "DT_VARIANT", 0, std::nullopt},
    {27, "DT_BF16", 2, DataType::kBf16},
    {28, "DT_INT4", 0, DataType::kInt4},
    {29, "DT_UINT1", 0, DataType::kUint1},
    {30, "DT_INT2", 0, std::nullopt},
    {31, "DT_UINT2", 0, std::nullopt},
}};

struct FormatRow {
  int32_t value;
  const char* name;
};

const FormatRow kFormats[] = {
    {0, "NCHW"},
    {1, "NHWC"},
    {2, "ND"},
    {3, "NC1HWC0"},
    {4, "FRACTAL_Z"},
    {5, "NC1C0HWPAD"},
    {6, "NHWC1C0"},
    {7, "FSR_NCHW"},
    {8, "FRACTAL_DECONV"},
    {9, "C1HWNC0"},
    {10, "FRACTAL_DECONV_TRANSPOSE"},
    {11, "FRACTAL_DECONV_SP_STRIDE_TRANS"},
    {12, "NC1HWC0_C04"},
    {13, "FRACTAL_Z_C04"},
    {14, "CHWN"},
    {15, "FRACTAL_DECONV_SP_STRIDE8_TRANS"},
    {16, "HWCN"},
    {17, "NC1KHKWHWC0"},
    {18, "BN_WEIGHT"},
    {19, "FILTER_HWCK"},
    {20, "HASHTABLE_LOOKUP_LOOKUPS"},
    {21, "HASHTABLE_LOOKUP_KEYS"},
    {22, "HASHTABLE_LOOKUP_VALUE"},
    {23, "HASHTABLE_LOOKUP_OUTPUT"},
    {24, "HASHTABLE_LOOKUP_HITS"},
    {25, "C1HWNCoC0"},
    {26, "MD"},
    {27, "NDHWC"},
    {28, "FRACTAL_ZZ"},
    {29, "FRACTAL_NZ"},
    {30, "NCDHW"},
    {31, "DHWCN"},
    {32, "NDC1HWC0"},
    {33, "FRACTAL_Z_3D"},
    {34, "CN"},
    {35, "NC"},
    {36, "DHWNC"},
    {37, "FRACTAL_Z_3D_TRANSPOSE"},
    {38, "FRACTAL_ZN_LSTM"},
    {39, "FRACTAL_Z_G"},
    {40, "RESERVED"},
    {41, "ALL"},
    {42, "NULL"},
    {43, "ND_RNN_BIAS"},
    {44, "FRACTAL_ZN_RNN"},
    {45, "YUV"},
    {46, "YUV_A"},
    {47, "NCL"},
    {48, "FRACTAL_Z_WINO"},
    {49, "C1HWC0"},
    {255, "MAX"},
};

}  // namespace

int32_t DumpDataTypeOf(DataType type) {
  for (const TypeRow& row : kTypes) {
    if (row.acl == type && type != DataType::kUndefined) return row.dump;
  }
  return kDtUndefined;
}

std::optional<DataType> DataTypeOfDump(int32_t dump_type) {
  if (dump_type < 0 || static_cast<size_t>(dump_type) >= kTypes.size()) return std::nullopt;
  return kTypes[static_cast<size_t>(dump_type)].acl;
}

const char* DumpDataTypeName(int32_t dump_type) {
  if (dump_type < 0 || static_cast<size_t>(dump_type) >= kTypes.size()) return "DT_UNKNOWN";
  return kTypes[static_cast<size_t>(dump_type)].name;
}

size_t DumpDataTypeSize(int32_t dump_type) {
  if (dump_type < 0 || static_cast<size_t>(dump_type) >= kTypes.size()) return 0;
  return kTypes[static_cast<size_t>(dump_type)].size;
}

int32_t DumpFormatOf(Format format) {
  return format == Format::kUndefined ? kFormatReserved : static_cast<int32_t>(format);
}

const char* DumpFormatName(int32_t dump_format) {
  for (const FormatRow& row : kFormats) {
    if (row.value == dump_format) return row.name;
  }
  return "UNKNOWN";
}

}  // namespace asim::dump
