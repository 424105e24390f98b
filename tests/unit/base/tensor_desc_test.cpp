// Tests of base/tensor_desc: validation messages and codes, element and byte
// counts (including > 4 GiB tensors, saturation and sub-byte packing), the views, ranges,
// const data and placement.
// Owner: base. Thread safety: single-threaded test. Failure: gtest assertions.
#include "base/tensor_desc.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace asim {
namespace {

using ::testing::HasSubstr;

TEST(TensorDesc, DefaultIsUndefinedScalar) {
  TensorDesc desc;
  EXPECT_EQ(desc.data_type(), DataType::kUndefined);
  EXPECT_EQ(desc.format(), Format::kUndefined);
  EXPECT_EQ(desc.NumDims(), 0u);
  EXPECT_EQ(desc.ElementCount(), 1);
  EXPECT_EQ(desc.SizeBytes(), 0u);
  EXPECT_FALSE(desc.IsConst());
  EXPECT_EQ(desc.placement(), 0);
  EXPECT_EQ(desc.address(), nullptr);
}

TEST(TensorDesc, CreateAndQuery) {
  const int64_t dims[] = {1, 3, 224, 224};
  TensorDesc desc;
  ASSERT_TRUE(TensorDesc::Create(DataType::kFloat16, 4, dims, Format::kNchw, &desc).ok());
  EXPECT_EQ(desc.NumDims(), 4u);
  EXPECT_EQ(desc.ElementCount(), 150528);
  EXPECT_EQ(desc.SizeBytes(), 301056u);
  int64_t d = 0;
  ASSERT_TRUE(desc.Dim(3, &d).ok());
  EXPECT_EQ(d, 224);
  EXPECT_FALSE(desc.IsDynamic());
  EXPECT_EQ(desc.DebugString(), "DT_FLOAT16 NCHW [1,3,224,224]");
}

TEST(TensorDesc, DimOutOfRangeIsInvalidParam) {
  const int64_t dims[] = {2, 3};
  TensorDesc desc(DataType::kFloat, Format::kNd, {dims, dims + 2});
  int64_t d = 42;
  Status s = desc.Dim(2, &d);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("dim index 2"));
  EXPECT_THAT(s.message(), HasSubstr("2 dims"));
  EXPECT_EQ(d, 42);
}

TEST(TensorDesc, ScalarAndZeroSizedAndUnknown) {
  TensorDesc scalar(DataType::kInt32, Format::kNd, {});
  EXPECT_EQ(scalar.ElementCount(), 1);
  EXPECT_EQ(scalar.SizeBytes(), 4u);

  TensorDesc empty(DataType::kInt32, Format::kNd, {4, 0, 5});
  EXPECT_EQ(empty.ElementCount(), 0);
  EXPECT_EQ(empty.SizeBytes(), 0u);

  TensorDesc dynamic(DataType::kFloat, Format::kNchw, {-1, 3, 224, 224});
  EXPECT_TRUE(dynamic.IsDynamic());
  EXPECT_EQ(dynamic.ElementCount(), 0);
  EXPECT_EQ(dynamic.SizeBytes(), 0u);

  TensorDesc unknown_rank(DataType::kFloat, Format::kNd, {TensorDesc::kUnknownRank});
  EXPECT_TRUE(unknown_rank.IsUnknownRank());
  EXPECT_EQ(unknown_rank.ElementCount(), 0);
  EXPECT_EQ(ShapeToString(unknown_rank.dims()), "[-2]");
}

TEST(TensorDesc, SizeAbove4GiBIsExact) {
  // 2^31 + 7 fp32 elements: 8 GiB + 28 bytes; a 32-bit product would wrap.
  const int64_t n = (int64_t{1} << 31) + 7;
  TensorDesc desc(DataType::kFloat, Format::kNd, {n});
  EXPECT_EQ(desc.ElementCount(), n);
  EXPECT_EQ(desc.SizeBytes(), static_cast<size_t>(n) * 4u);
  EXPECT_GT(desc.SizeBytes(), size_t{4} << 30);

  TensorDesc wide(DataType::kFloat16, Format::kNchw, {65536, 65536, 2});
  EXPECT_EQ(wide.SizeBytes(), size_t{1} << 34);
}

TEST(TensorDesc, CreateRefusesDimsWhoseBytesDoNotFitInt64) {
  TensorDesc d;
  const int64_t elements[] = {int64_t{1} << 40, int64_t{1} << 40};
  Status st = TensorDesc::Create(DataType::kFloat, 2, elements, Format::kNd, &d);
  EXPECT_EQ(st.code(), err::kInvalidParam);
  EXPECT_NE(st.message().find("dims [1099511627776,1099511627776] of DT_FLOAT hold more than 2^63 - 1 bytes"),
            std::string::npos)
      << st.message();
  const int64_t complex[] = {int64_t{1} << 60};  // 2^60 x 16 bytes
  EXPECT_FALSE(TensorDesc::Create(DataType::kComplex128, 1, complex, Format::kNd, &d).ok());
  const int64_t edge[] = {int64_t{1} << 59};  // 2^59 x 8 bytes = 2^62: fits
  EXPECT_TRUE(TensorDesc::Create(DataType::kDouble, 1, edge, Format::kNd, &d).ok());
  const int64_t packed[] = {int64_t{1} << 62};  // int4: 2^61 bytes
  EXPECT_TRUE(TensorDesc::Create(DataType::kInt4, 1, packed, Format::kNd, &d).ok());
  const int64_t unknown[] = {-1, int64_t{1} << 40, int64_t{1} << 20};  // the -1 is left out
  EXPECT_TRUE(TensorDesc::Create(DataType::kFloat, 3, unknown, Format::kNd, &d).ok());
  EXPECT_EQ(d.SetShape(2, elements).code(), err::kInvalidParam);
  EXPECT_EQ(d.SetOriginShape(2, elements).code(), err::kInvalidParam);
  EXPECT_EQ(d.SetStorageShape(2, elements).code(), err::kInvalidParam);
}

TEST(TensorDesc, SizeSaturatesInsteadOfWrapping) {
  const int64_t big = int64_t{1} << 40;
  TensorDesc elements_overflow(DataType::kInt8, Format::kNd, {big, big});
  EXPECT_EQ(elements_overflow.ElementCount(), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(elements_overflow.SizeBytes(), std::numeric_limits<size_t>::max());

  TensorDesc bytes_overflow(DataType::kComplex128, Format::kNd, {int64_t{1} << 61});
  EXPECT_EQ(bytes_overflow.ElementCount(), int64_t{1} << 61);
  EXPECT_EQ(bytes_overflow.SizeBytes(), std::numeric_limits<size_t>::max());

  // A zero dim after an overflowing prefix still means an empty tensor.
  TensorDesc empty(DataType::kInt8, Format::kNd, {big, big, 0});
  EXPECT_EQ(empty.ElementCount(), 0);
}

TEST(TensorDesc, SubByteTypesArePacked) {
  EXPECT_EQ(TensorDesc(DataType::kInt4, Format::kNd, {7}).SizeBytes(), 4u);
  EXPECT_EQ(TensorDesc(DataType::kInt4, Format::kNd, {8}).SizeBytes(), 4u);
  EXPECT_EQ(TensorDesc(DataType::kUint1, Format::kNd, {9}).SizeBytes(), 2u);
  EXPECT_EQ(TensorDesc(DataType::kFloat6E3M2, Format::kNd, {3}).SizeBytes(), 3u);
  EXPECT_EQ(TensorDesc(DataType::kInt4, Format::kNd, {int64_t{1} << 62}).SizeBytes(), size_t{1} << 61);
  EXPECT_EQ(TensorDesc(DataType::kString, Format::kNd, {10}).SizeBytes(), 0u);
}

TEST(TensorDesc, ValidateAcceptsGoodShapes) {
  const int64_t dims[] = {1, -1, 0, 7};
  EXPECT_TRUE(TensorDesc::Validate(DataType::kFloat, 4, dims, Format::kNchw).ok());
  EXPECT_TRUE(TensorDesc::Validate(DataType::kFloat, 0, nullptr, Format::kNd).ok());
  const int64_t unknown_rank[] = {-2};
  EXPECT_TRUE(TensorDesc::Validate(DataType::kFloat, 1, unknown_rank, Format::kNd).ok());
  EXPECT_TRUE(TensorDesc::Validate(DataType::kUndefined, 0, nullptr, Format::kUndefined).ok());
  std::vector<int64_t> max_dims(128, 1);
  EXPECT_TRUE(TensorDesc::Validate(DataType::kInt8, 128, max_dims.data(), Format::kNd).ok());
}

TEST(TensorDesc, ValidateRejectsNegativeNumDims) {
  Status s = TensorDesc::Validate(DataType::kFloat, -1, nullptr, Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("number of dims is -1"));
}

TEST(TensorDesc, ValidateRejectsTooManyDims) {
  std::vector<int64_t> dims(129, 1);
  Status s = TensorDesc::Validate(DataType::kFloat, 129, dims.data(), Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("129"));
  EXPECT_THAT(s.message(), HasSubstr("128"));
}

TEST(TensorDesc, ValidateRejectsNullDims) {
  Status s = TensorDesc::Validate(DataType::kFloat, 2, nullptr, Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("dims is null"));
}

TEST(TensorDesc, ValidateRejectsBadDimValues) {
  const int64_t dims[] = {1, -3, 4};
  Status s = TensorDesc::Validate(DataType::kFloat, 3, dims, Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("dims[1] is -3"));

  const int64_t misplaced_rank[] = {2, -2};
  s = TensorDesc::Validate(DataType::kFloat, 2, misplaced_rank, Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("dims[1] is -2"));
}

TEST(TensorDesc, ValidateRejectsUnknownTypeAndFormat) {
  Status s = TensorDesc::Validate(static_cast<DataType>(5), 0, nullptr, Format::kNd);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("data type 5"));
  s = TensorDesc::Validate(DataType::kFloat, 0, nullptr, static_cast<Format>(5));
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("format 5"));
}

TEST(TensorDesc, CreateLeavesOutputUntouchedOnError) {
  TensorDesc desc(DataType::kInt8, Format::kNd, {3});
  const int64_t dims[] = {-4};
  EXPECT_FALSE(TensorDesc::Create(DataType::kFloat, 1, dims, Format::kNd, &desc).ok());
  EXPECT_EQ(desc.data_type(), DataType::kInt8);
  EXPECT_EQ(desc.dims(), std::vector<int64_t>{3});
}

TEST(TensorDesc, SettersValidateAndKeepStateOnError) {
  TensorDesc desc(DataType::kFloat, Format::kNchw, {1, 2, 3, 4});
  const int64_t bad[] = {1, -7};
  Status s = desc.SetShape(2, bad);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_EQ(desc.dims(), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(desc.SetFormat(static_cast<Format>(99)).code(), err::kInvalidParam);
  EXPECT_EQ(desc.format(), Format::kNchw);
  EXPECT_EQ(desc.SetDataType(static_cast<DataType>(14)).code(), err::kInvalidParam);
  EXPECT_TRUE(desc.SetDataType(DataType::kBf16).ok());
  EXPECT_EQ(desc.SizeBytes(), 48u);

  s = desc.SetStorageShape(2, bad);
  EXPECT_THAT(s.message(), HasSubstr("storage dims[1] is -7"));
  s = desc.SetOriginShape(-1, bad);
  EXPECT_THAT(s.message(), HasSubstr("origin dims"));
}

TEST(TensorDesc, OriginAndStorageViews) {
  TensorDesc desc(DataType::kFloat16, Format::kNchw, {1, 32, 8, 8});
  EXPECT_FALSE(desc.has_origin_shape());
  EXPECT_FALSE(desc.has_storage_shape());
  const int64_t origin[] = {1, 8, 8, 32};
  ASSERT_TRUE(desc.SetOriginFormat(Format::kNhwc).ok());
  ASSERT_TRUE(desc.SetOriginShape(4, origin).ok());
  const int64_t storage[] = {1, 2, 8, 8, 16};
  ASSERT_TRUE(desc.SetStorageFormat(Format::kNc1hwc0).ok());
  ASSERT_TRUE(desc.SetStorageShape(5, storage).ok());
  EXPECT_EQ(desc.origin_format(), Format::kNhwc);
  EXPECT_EQ(desc.origin_dims(), (std::vector<int64_t>{1, 8, 8, 32}));
  EXPECT_EQ(desc.storage_format(), Format::kNc1hwc0);
  EXPECT_EQ(desc.storage_dims(), (std::vector<int64_t>{1, 2, 8, 8, 16}));
  EXPECT_TRUE(desc.has_origin_shape());
  EXPECT_TRUE(desc.has_storage_shape());
  EXPECT_EQ(desc.dims(), (std::vector<int64_t>{1, 32, 8, 8}));  // the main view is unchanged
}

TEST(TensorDesc, ShapeRange) {
  TensorDesc desc(DataType::kFloat, Format::kNd, {-1, 4});
  TensorDesc::Range r;
  EXPECT_EQ(desc.DimRange(0, &r).code(), err::kInvalidParam);  // unknown dim, no range
  ASSERT_TRUE(desc.DimRange(1, &r).ok());
  EXPECT_EQ(r, (TensorDesc::Range{4, 4}));

  const int64_t ranges[][2] = {{1, 16}, {4, 4}};
  ASSERT_TRUE(desc.SetShapeRange(2, ranges).ok());
  ASSERT_TRUE(desc.DimRange(0, &r).ok());
  EXPECT_EQ(r, (TensorDesc::Range{1, 16}));
  EXPECT_EQ(desc.DimRange(2, &r).code(), err::kInvalidParam);

  const int64_t unbounded[][2] = {{1, -1}};
  EXPECT_TRUE(desc.SetShapeRange(1, unbounded).ok());
  const int64_t reversed[][2] = {{1, 2}, {9, 3}};
  Status s = desc.SetShapeRange(2, reversed);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("shape range[1] is [9, 3]"));
  EXPECT_EQ(desc.shape_range().size(), 1u);  // unchanged
  EXPECT_EQ(desc.SetShapeRange(1, nullptr).code(), err::kInvalidParam);
  EXPECT_EQ(desc.SetShapeRange(129, ranges).code(), err::kInvalidParam);
  EXPECT_TRUE(desc.SetShapeRange(0, nullptr).ok());
  EXPECT_TRUE(desc.shape_range().empty());
}

TEST(TensorDesc, ValueRange) {
  TensorDesc desc(DataType::kInt32, Format::kNd, {2});
  const int64_t ranges[][2] = {{-5, 5}, {0, 0}};
  ASSERT_TRUE(desc.SetValueRange(2, ranges).ok());
  EXPECT_EQ(desc.value_range().size(), 2u);
  EXPECT_EQ(desc.value_range()[0], (TensorDesc::Range{-5, 5}));
  const int64_t reversed[][2] = {{3, 2}};
  EXPECT_EQ(desc.SetValueRange(1, reversed).code(), err::kInvalidParam);
}

TEST(TensorDesc, ConstDataIsAnOwnedCopy) {
  TensorDesc desc(DataType::kInt32, Format::kNd, {2});
  int32_t values[] = {7, 9};
  ASSERT_TRUE(desc.SetConst(values, sizeof(values)).ok());
  values[0] = 0;  // the descriptor keeps its own bytes
  ASSERT_TRUE(desc.IsConst());
  ASSERT_EQ(desc.const_data().size(), sizeof(values));
  int32_t copy[2];
  std::memcpy(copy, desc.const_data().data(), sizeof(copy));
  EXPECT_EQ(copy[0], 7);
  EXPECT_EQ(copy[1], 9);

  TensorDesc copied = desc;  // value semantics
  desc.ClearConst();
  EXPECT_FALSE(desc.IsConst());
  EXPECT_TRUE(copied.IsConst());

  EXPECT_EQ(desc.SetConst(nullptr, 4).code(), err::kInvalidParam);
  EXPECT_EQ(desc.SetConst(values, 0).code(), err::kInvalidParam);
  EXPECT_FALSE(desc.IsConst());
}

TEST(TensorDesc, PlacementNameDynamicInputAddress) {
  TensorDesc desc;
  EXPECT_TRUE(desc.SetPlacement(1).ok());
  EXPECT_EQ(desc.placement(), 1);
  Status s = desc.SetPlacement(3);
  EXPECT_EQ(s.code(), err::kInvalidParam);
  EXPECT_THAT(s.message(), HasSubstr("placement 3"));
  EXPECT_EQ(desc.placement(), 1);
  desc.set_name("x");
  desc.set_dynamic_input_name("inputs");
  int anchor = 0;
  desc.set_address(&anchor);
  EXPECT_EQ(desc.name(), "x");
  EXPECT_EQ(desc.dynamic_input_name(), "inputs");
  EXPECT_EQ(desc.address(), &anchor);
  EXPECT_EQ(desc.DebugString(), "DT_UNDEFINED UNDEFINED [] name=x");
}

}  // namespace
}  // namespace asim
