// Tests of base/dtype: enumerator values (aclDataType numbers), sizes as
// aclDataTypeSize reports them, names and validity.
// Owner: base. Thread safety: single-threaded test. Failure: gtest assertions.
#include "base/dtype.h"

#include <gtest/gtest.h>

#include <string>

namespace asim {
namespace {

TEST(DataType, ValuesMatchAclDataType) {
  EXPECT_EQ(static_cast<int32_t>(DataType::kUndefined), -1);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat), 0);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat16), 1);
  EXPECT_EQ(static_cast<int32_t>(DataType::kInt8), 2);
  EXPECT_EQ(static_cast<int32_t>(DataType::kInt32), 3);
  EXPECT_EQ(static_cast<int32_t>(DataType::kUint8), 4);
  EXPECT_EQ(static_cast<int32_t>(DataType::kInt16), 6);
  EXPECT_EQ(static_cast<int32_t>(DataType::kUint16), 7);
  EXPECT_EQ(static_cast<int32_t>(DataType::kUint32), 8);
  EXPECT_EQ(static_cast<int32_t>(DataType::kInt64), 9);
  EXPECT_EQ(static_cast<int32_t>(DataType::kUint64), 10);
  EXPECT_EQ(static_cast<int32_t>(DataType::kDouble), 11);
  EXPECT_EQ(static_cast<int32_t>(DataType::kBool), 12);
  EXPECT_EQ(static_cast<int32_t>(DataType::kString), 13);
  EXPECT_EQ(static_cast<int32_t>(DataType::kComplex64), 16);
  EXPECT_EQ(static_cast<int32_t>(DataType::kComplex128), 17);
  EXPECT_EQ(static_cast<int32_t>(DataType::kBf16), 27);
  EXPECT_EQ(static_cast<int32_t>(DataType::kInt4), 29);
  EXPECT_EQ(static_cast<int32_t>(DataType::kUint1), 30);
  EXPECT_EQ(static_cast<int32_t>(DataType::kComplex32), 33);
  EXPECT_EQ(static_cast<int32_t>(DataType::kHiFloat8), 34);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat8E5M2), 35);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat8E4M3FN), 36);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat8E8M0), 37);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat6E3M2), 38);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat6E2M3), 39);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat4E2M1), 40);
  EXPECT_EQ(static_cast<int32_t>(DataType::kFloat4E1M2), 41);
}

TEST(DataType, SizesMatchAclDataTypeSize) {
  EXPECT_EQ(DataTypeSize(DataType::kFloat), 4u);
  EXPECT_EQ(DataTypeSize(DataType::kFloat16), 2u);
  EXPECT_EQ(DataTypeSize(DataType::kBf16), 2u);
  EXPECT_EQ(DataTypeSize(DataType::kInt8), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kUint8), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kBool), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kInt16), 2u);
  EXPECT_EQ(DataTypeSize(DataType::kUint16), 2u);
  EXPECT_EQ(DataTypeSize(DataType::kInt32), 4u);
  EXPECT_EQ(DataTypeSize(DataType::kUint32), 4u);
  EXPECT_EQ(DataTypeSize(DataType::kInt64), 8u);
  EXPECT_EQ(DataTypeSize(DataType::kUint64), 8u);
  EXPECT_EQ(DataTypeSize(DataType::kDouble), 8u);
  EXPECT_EQ(DataTypeSize(DataType::kComplex32), 4u);
  EXPECT_EQ(DataTypeSize(DataType::kComplex64), 8u);
  EXPECT_EQ(DataTypeSize(DataType::kComplex128), 16u);
  EXPECT_EQ(DataTypeSize(DataType::kHiFloat8), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kFloat8E5M2), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kFloat8E4M3FN), 1u);
  EXPECT_EQ(DataTypeSize(DataType::kFloat8E8M0), 1u);
}

TEST(DataType, NonByteSizedTypesHaveSizeZero) {
  for (DataType t : {DataType::kUndefined, DataType::kString, DataType::kInt4, DataType::kUint1, DataType::kFloat6E3M2,
                     DataType::kFloat6E2M3, DataType::kFloat4E2M1, DataType::kFloat4E1M2, static_cast<DataType>(5),
                     static_cast<DataType>(1000)}) {
    EXPECT_EQ(DataTypeSize(t), 0u) << static_cast<int32_t>(t);
  }
}

TEST(DataType, BitWidths) {
  EXPECT_EQ(DataTypeBits(DataType::kFloat), 32u);
  EXPECT_EQ(DataTypeBits(DataType::kInt4), 4u);
  EXPECT_EQ(DataTypeBits(DataType::kUint1), 1u);
  EXPECT_EQ(DataTypeBits(DataType::kFloat6E3M2), 6u);
  EXPECT_EQ(DataTypeBits(DataType::kFloat4E2M1), 4u);
  EXPECT_EQ(DataTypeBits(DataType::kString), 0u);
  EXPECT_EQ(DataTypeBits(static_cast<DataType>(99)), 0u);
}

TEST(DataType, Validity) {
  for (int32_t v :
       {-1, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 27, 29, 30, 33, 34, 35, 36, 37, 38, 39, 40, 41}) {
    EXPECT_TRUE(IsValidDataType(v)) << v;
  }
  for (int32_t v : {-2, 5, 14, 15, 18, 26, 28, 31, 32, 42, 255, INT32_MIN, INT32_MAX}) {
    EXPECT_FALSE(IsValidDataType(v)) << v;
  }
}

TEST(DataType, NamesRoundTrip) {
  EXPECT_STREQ(DataTypeName(DataType::kFloat16), "DT_FLOAT16");
  EXPECT_STREQ(DataTypeName(DataType::kFloat), "DT_FLOAT");
  EXPECT_STREQ(DataTypeName(DataType::kBf16), "DT_BF16");
  EXPECT_STREQ(DataTypeName(DataType::kUndefined), "DT_UNDEFINED");
  EXPECT_STREQ(DataTypeName(DataType::kFloat8E4M3FN), "DT_FLOAT8_E4M3FN");
  EXPECT_STREQ(DataTypeName(static_cast<DataType>(5)), "DT_INVALID");
  for (int32_t v = -1; v <= 41; ++v) {
    if (!IsValidDataType(v)) continue;
    const auto type = static_cast<DataType>(v);
    auto back = DataTypeFromName(DataTypeName(type));
    ASSERT_TRUE(back.has_value()) << v;
    EXPECT_EQ(*back, type);
  }
  EXPECT_FALSE(DataTypeFromName("DT_INVALID").has_value());
  EXPECT_FALSE(DataTypeFromName("float16").has_value());
}

}  // namespace
}  // namespace asim
