// Conformance: acl_base.h — data buffers, aclDataTypeSize, fp16 conversion, tensor
// descriptors and their format transforms, aclAppLog, aclrtGetSocName.
//
// PUBLIC API ONLY: this file includes only acl/... headers, standard headers and gtest; no
// runtime/ or device_sim/ internals.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "conformance_util.h"

// The deprecated getters are part of the contract under test.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

namespace {

using conformance::RecentMsg;

[[maybe_unused]] const ::testing::Environment* const kEnv =
    ::testing::AddGlobalTestEnvironment(new conformance::AclEnvironment(std::string(), /*set_device=*/false));

constexpr size_t kGiB = size_t{1} << 30;

// ---- data buffers --------------------------------------------------------------------

TEST(DataBuffer, CreateWrapsPointerAndSize) {
  std::vector<uint8_t> storage(100);
  aclDataBuffer* buffer = aclCreateDataBuffer(storage.data(), storage.size());
  ASSERT_NE(buffer, nullptr) << RecentMsg();
  EXPECT_EQ(aclGetDataBufferAddr(buffer), storage.data());
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 100u);
  EXPECT_EQ(aclGetDataBufferSize(buffer), 100u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
  // The data itself is not owned: still usable after the buffer is gone.
  storage[99] = 7;
  EXPECT_EQ(storage[99], 7);
}

TEST(DataBuffer, NullDataWithZeroSizeIsAllowed) {
  aclDataBuffer* buffer = aclCreateDataBuffer(nullptr, 0);
  ASSERT_NE(buffer, nullptr) << RecentMsg();
  EXPECT_EQ(aclGetDataBufferAddr(buffer), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 0u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

TEST(DataBuffer, NullDataWithNonZeroSizeReturnsNullWithMessage) {
  EXPECT_EQ(aclCreateDataBuffer(nullptr, 16), nullptr);
  EXPECT_RECENT_MSG_HAS("aclCreateDataBuffer");
  EXPECT_RECENT_MSG_HAS("16");
}

TEST(DataBuffer, UpdateReplacesPointerAndSize) {
  std::vector<uint8_t> a(10), b(20);
  aclDataBuffer* buffer = aclCreateDataBuffer(a.data(), a.size());
  ASSERT_NE(buffer, nullptr);
  ASSERT_ACL_OK(aclUpdateDataBuffer(buffer, b.data(), b.size()));
  EXPECT_EQ(aclGetDataBufferAddr(buffer), b.data());
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 20u);
  // To an empty placeholder and back.
  ASSERT_ACL_OK(aclUpdateDataBuffer(buffer, nullptr, 0));
  EXPECT_EQ(aclGetDataBufferAddr(buffer), nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 0u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

TEST(DataBuffer, UpdateWithNullDataAndSizeIsInvalidParamAndKeepsOldValues) {
  std::vector<uint8_t> a(10);
  aclDataBuffer* buffer = aclCreateDataBuffer(a.data(), a.size());
  ASSERT_NE(buffer, nullptr);
  EXPECT_ACL_ERROR(aclUpdateDataBuffer(buffer, nullptr, 8), ACL_ERROR_INVALID_PARAM, "size is 8");
  EXPECT_EQ(aclGetDataBufferAddr(buffer), a.data());
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), 10u);
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

TEST(DataBuffer, UpdateNullBufferIsInvalidParam) {
  int x = 0;
  EXPECT_ACL_ERROR(aclUpdateDataBuffer(nullptr, &x, sizeof(x)), ACL_ERROR_INVALID_PARAM, "dataBuffer");
}

TEST(DataBuffer, UpdateDestroyedBufferIsInvalidResourceHandle) {
  int x = 0;
  aclDataBuffer* buffer = aclCreateDataBuffer(&x, sizeof(x));
  ASSERT_NE(buffer, nullptr);
  ASSERT_ACL_OK(aclDestroyDataBuffer(buffer));
  EXPECT_ACL_ERROR(aclUpdateDataBuffer(buffer, &x, sizeof(x)), ACL_ERROR_INVALID_RESOURCE_HANDLE, "dataBuffer");
}

TEST(DataBuffer, DestroyTwiceIsErrorNotCrash) {
  int x = 0;
  aclDataBuffer* buffer = aclCreateDataBuffer(&x, sizeof(x));
  ASSERT_NE(buffer, nullptr);
  ASSERT_ACL_OK(aclDestroyDataBuffer(buffer));
  EXPECT_ACL_ERROR(aclDestroyDataBuffer(buffer), ACL_ERROR_INVALID_RESOURCE_HANDLE, "destroyed twice");
}

TEST(DataBuffer, DestroyNullIsInvalidParam) {
  EXPECT_ACL_ERROR(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM, "dataBuffer");
}

TEST(DataBuffer, GettersOnNullReturnZeroWithMessage) {
  EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
  EXPECT_RECENT_MSG_HAS("aclGetDataBufferAddr");
  EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("aclGetDataBufferSizeV2");
  EXPECT_EQ(aclGetDataBufferSize(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("aclGetDataBufferSize");
}

TEST(DataBuffer, GettersOnADestroyedOrMadeUpHandleReturnZeroWithMessage) {
  // Never read through a handle that is not a live buffer (a made-up one crashed the process).
  int x = 0;
  aclDataBuffer* buffer = aclCreateDataBuffer(&x, sizeof(x));
  ASSERT_NE(buffer, nullptr);
  ASSERT_ACL_OK(aclDestroyDataBuffer(buffer));
  long long junk[4] = {0x12345678, 0, 0, 0};
  const aclDataBuffer* made_up = reinterpret_cast<const aclDataBuffer*>(&junk);
  for (const aclDataBuffer* h : {static_cast<const aclDataBuffer*>(buffer), made_up}) {
    EXPECT_EQ(aclGetDataBufferAddr(h), nullptr);
    EXPECT_RECENT_MSG_HAS("not a live data buffer");
    EXPECT_EQ(aclGetDataBufferSizeV2(h), 0u);
    EXPECT_EQ(aclGetDataBufferSize(h), 0u);
  }
}

TEST(DataBuffer, SizeOver4GiBV2IsExactDeprecatedTruncates) {
  // The buffer only records the pointer; nothing is read through it.
  static char anchor = 0;
  const size_t size = 5 * kGiB + 3;
  aclDataBuffer* buffer = aclCreateDataBuffer(&anchor, size);
  ASSERT_NE(buffer, nullptr);
  EXPECT_EQ(aclGetDataBufferSizeV2(buffer), size);
  EXPECT_EQ(aclGetDataBufferSize(buffer), static_cast<uint32_t>(size));  // 1 GiB + 3
  EXPECT_EQ(aclGetDataBufferSize(buffer), static_cast<uint32_t>(kGiB + 3));
  EXPECT_ACL_OK(aclDestroyDataBuffer(buffer));
}

// ---- aclDataTypeSize -----------------------------------------------------------------

struct TypeSize {
  aclDataType type;
  size_t size;
};

TEST(DataTypeSize, EveryDataTypeHasItsByteSize) {
  const TypeSize table[] = {
      {ACL_DT_UNDEFINED, 0}, {ACL_FLOAT, 4},  {ACL_FLOAT16, 2}, {ACL_INT8, 1},   {ACL_INT32, 4},
      {ACL_UINT8, 1},        {ACL_INT16, 2},  {ACL_UINT16, 2},  {ACL_UINT32, 4}, {ACL_INT64, 8},
      {ACL_UINT64, 8},       {ACL_DOUBLE, 8}, {ACL_BOOL, 1},    {ACL_STRING, 0}, {ACL_COMPLEX64, 8},
      {ACL_COMPLEX128, 16},  {ACL_BF16, 2},   {ACL_INT4, 0},    {ACL_UINT1, 0},  {ACL_COMPLEX32, 4},
  };
  for (const TypeSize& t : table) {
    EXPECT_EQ(aclDataTypeSize(t.type), t.size) << "aclDataType " << static_cast<int>(t.type);
  }
}

TEST(DataTypeSize, ValuesOutsideTheEnumAreZero) {
  for (int v : {5, 14, 15, 18, 26, 1000, -2}) {
    EXPECT_EQ(aclDataTypeSize(static_cast<aclDataType>(v)), 0u) << v;
  }
}

// ---- fp16 conversion -----------------------------------------------------------------

TEST(Float16, OneIs0x3C00BothWays) {
  EXPECT_EQ(aclFloatToFloat16(1.0f), 0x3C00);
  EXPECT_EQ(aclFloat16ToFloat(0x3C00), 1.0f);
  EXPECT_EQ(aclFloatToFloat16(-2.0f), 0xC000);
  EXPECT_EQ(aclFloat16ToFloat(0xC000), -2.0f);
  EXPECT_EQ(aclFloatToFloat16(0.5f), 0x3800);
}

TEST(Float16, SignedZeros) {
  EXPECT_EQ(aclFloatToFloat16(0.0f), 0x0000);
  EXPECT_EQ(aclFloatToFloat16(-0.0f), 0x8000);
  const float negzero = aclFloat16ToFloat(0x8000);
  EXPECT_EQ(negzero, 0.0f);
  EXPECT_TRUE(std::signbit(negzero));
}

TEST(Float16, LargestFiniteIs65504) {
  EXPECT_EQ(aclFloatToFloat16(65504.0f), 0x7BFF);
  EXPECT_EQ(aclFloat16ToFloat(0x7BFF), 65504.0f);
  EXPECT_EQ(aclFloatToFloat16(-65504.0f), 0xFBFF);
  // 65519.99 still rounds down to 65504; 65520 is the halfway point and overflows.
  EXPECT_EQ(aclFloatToFloat16(65519.0f), 0x7BFF);
  EXPECT_EQ(aclFloatToFloat16(65520.0f), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(1.0e6f), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(-1.0e6f), 0xFC00);
}

TEST(Float16, Infinities) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(aclFloatToFloat16(inf), 0x7C00);
  EXPECT_EQ(aclFloatToFloat16(-inf), 0xFC00);
  EXPECT_EQ(aclFloat16ToFloat(0x7C00), inf);
  EXPECT_EQ(aclFloat16ToFloat(0xFC00), -inf);
}

TEST(Float16, NaNStaysNaN) {
  const aclFloat16 h = aclFloatToFloat16(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(h & 0x7C00, 0x7C00);
  EXPECT_NE(h & 0x03FF, 0);
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(h)));
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(0x7E00)));
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(0x7C01)));  // signalling pattern
  EXPECT_TRUE(std::isnan(aclFloat16ToFloat(0xFE00)));
  const aclFloat16 neg = aclFloatToFloat16(-std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(neg & 0x8000, 0x8000);
}

TEST(Float16, Subnormals) {
  const float tiny = std::ldexp(1.0f, -24);  // smallest half subnormal
  EXPECT_EQ(aclFloatToFloat16(tiny), 0x0001);
  EXPECT_EQ(aclFloat16ToFloat(0x0001), tiny);
  EXPECT_EQ(aclFloat16ToFloat(0x03FF), std::ldexp(1023.0f, -24));  // largest subnormal
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1023.0f, -24)), 0x03FF);
  EXPECT_EQ(aclFloat16ToFloat(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(aclFloatToFloat16(-tiny), 0x8001);
  // Half of the smallest subnormal is a tie: rounds to even (zero); a bit more rounds up.
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(1.0f, -30)), 0x0000);
  // 3 x 2^-25 is a tie between 0x0001 and 0x0002: to even.
  EXPECT_EQ(aclFloatToFloat16(std::ldexp(3.0f, -25)), 0x0002);
}

TEST(Float16, RoundsToNearestTiesToEven) {
  // Between 1.0 (0x3C00) and 1 + 2^-10 (0x3C01): the tie goes to the even 0x3C00.
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11)), 0x3C00);
  // Between 0x3C01 and 0x3C02: the tie goes to the even 0x3C02.
  EXPECT_EQ(aclFloatToFloat16(1.0f + 3.0f * std::ldexp(1.0f, -11)), 0x3C02);
  // Just above a tie rounds up; just below rounds down.
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), 0x3C01);
  EXPECT_EQ(aclFloatToFloat16(1.0f + std::ldexp(1.0f, -11) - std::ldexp(1.0f, -20)), 0x3C00);
  // 0.1 is 0x2E66 (0.0999755859375).
  EXPECT_EQ(aclFloatToFloat16(0.1f), 0x2E66);
  EXPECT_EQ(aclFloat16ToFloat(0x2E66), 0.0999755859375f);
}

TEST(Float16, EveryFiniteHalfRoundTrips) {
  for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    const aclFloat16 h = static_cast<aclFloat16>(bits);
    if ((h & 0x7C00) == 0x7C00) continue;  // inf / NaN covered above
    ASSERT_EQ(aclFloatToFloat16(aclFloat16ToFloat(h)), h) << std::hex << bits;
  }
}

// ---- tensor descriptors --------------------------------------------------------------

class TensorDescTest : public ::testing::Test {
 protected:
  void TearDown() override {
    for (aclTensorDesc* d : owned_) aclDestroyTensorDesc(d);
  }
  aclTensorDesc* Make(aclDataType type, std::vector<int64_t> dims, aclFormat format) {
    aclTensorDesc* d = aclCreateTensorDesc(type, static_cast<int>(dims.size()), dims.data(), format);
    if (d != nullptr) owned_.push_back(d);
    return d;
  }
  std::vector<int64_t> Dims(const aclTensorDesc* d) {
    std::vector<int64_t> out(aclGetTensorDescNumDims(d));
    for (size_t i = 0; i < out.size(); ++i) EXPECT_ACL_OK(aclGetTensorDescDimV2(d, i, &out[i]));
    return out;
  }
  std::vector<aclTensorDesc*> owned_;
};

TEST_F(TensorDescTest, GettersReportWhatWasCreated) {
  aclTensorDesc* d = Make(ACL_FLOAT16, {1, 3, 224, 224}, ACL_FORMAT_NCHW);
  ASSERT_NE(d, nullptr) << RecentMsg();
  EXPECT_EQ(aclGetTensorDescType(d), ACL_FLOAT16);
  EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NCHW);
  EXPECT_EQ(aclGetTensorDescNumDims(d), 4u);
  EXPECT_EQ(Dims(d), (std::vector<int64_t>{1, 3, 224, 224}));
  EXPECT_EQ(aclGetTensorDescDim(d, 1), 3);
  EXPECT_EQ(aclGetTensorDescElementCount(d), 150528u);
  EXPECT_EQ(aclGetTensorDescSize(d), 301056u);  // bytes, not elements
  EXPECT_EQ(aclGetTensorDescAddress(d), nullptr);
  EXPECT_STREQ(aclGetTensorDescName(d), "");
}

TEST_F(TensorDescTest, GettersOnADestroyedOrMadeUpHandleFailWithMessage) {
  const int64_t dims[] = {2, 3};
  aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
  ASSERT_NE(desc, nullptr);
  aclDestroyTensorDesc(desc);
  long long junk[8] = {0x12345678, 0, 0, 0, 0, 0, 0, 0};
  aclTensorDesc* made_up = reinterpret_cast<aclTensorDesc*>(&junk);
  for (aclTensorDesc* h : {desc, made_up}) {
    EXPECT_EQ(aclGetTensorDescSize(h), 0u);
    EXPECT_RECENT_MSG_HAS("not a live tensor descriptor");
    EXPECT_EQ(aclGetTensorDescNumDims(h), 0u);
    EXPECT_EQ(aclGetTensorDescType(h), ACL_DT_UNDEFINED);
    EXPECT_EQ(aclGetTensorDescDim(h, 0), -1);
    int64_t dim = 0;
    EXPECT_EQ(aclGetTensorDescDimV2(h, 0, &dim), ACL_ERROR_INVALID_RESOURCE_HANDLE);
    EXPECT_EQ(aclGetTensorDescName(h), nullptr);
  }
}

TEST_F(TensorDescTest, SizeIsElementsTimesTypeSize) {
  aclTensorDesc* f = Make(ACL_FLOAT, {2, 5}, ACL_FORMAT_ND);
  aclTensorDesc* i8 = Make(ACL_INT8, {2, 5}, ACL_FORMAT_ND);
  aclTensorDesc* c128 = Make(ACL_COMPLEX128, {2, 5}, ACL_FORMAT_ND);
  ASSERT_TRUE(f && i8 && c128);
  EXPECT_EQ(aclGetTensorDescSize(f), 40u);
  EXPECT_EQ(aclGetTensorDescSize(i8), 10u);
  EXPECT_EQ(aclGetTensorDescSize(c128), 160u);
}

TEST_F(TensorDescTest, ScalarHasZeroDimsAndOneElement) {
  aclTensorDesc* d = aclCreateTensorDesc(ACL_INT32, 0, nullptr, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr) << RecentMsg();
  owned_.push_back(d);
  EXPECT_EQ(aclGetTensorDescNumDims(d), 0u);
  EXPECT_EQ(aclGetTensorDescElementCount(d), 1u);
  EXPECT_EQ(aclGetTensorDescSize(d), 4u);
}

TEST_F(TensorDescTest, ZeroDimGivesEmptyTensor) {
  aclTensorDesc* d = Make(ACL_FLOAT, {4, 0, 3}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(aclGetTensorDescElementCount(d), 0u);
  EXPECT_EQ(aclGetTensorDescSize(d), 0u);
}

TEST_F(TensorDescTest, Over4GiBTensorReportsItsTrueSize) {
  aclTensorDesc* d = Make(ACL_INT8, {5, int64_t{1} << 30}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(aclGetTensorDescSize(d), 5 * kGiB);
  aclTensorDesc* f = Make(ACL_FLOAT, {int64_t{3} << 30, 2}, ACL_FORMAT_ND);
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(aclGetTensorDescElementCount(f), 6 * kGiB);
  EXPECT_EQ(aclGetTensorDescSize(f), 24 * kGiB);
}

TEST_F(TensorDescTest, UnknownDimAndUnknownRank) {
  aclTensorDesc* d = Make(ACL_FLOAT, {-1, 16}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr) << RecentMsg();
  EXPECT_EQ(aclGetTensorDescElementCount(d), 0u);
  int64_t dim = 0;
  ASSERT_ACL_OK(aclGetTensorDescDimV2(d, 0, &dim));
  EXPECT_EQ(dim, -1);
  aclTensorDesc* r = Make(ACL_FLOAT, {-2}, ACL_FORMAT_ND);
  ASSERT_NE(r, nullptr) << RecentMsg();
  EXPECT_EQ(aclGetTensorDescNumDims(r), static_cast<size_t>(ACL_UNKNOWN_RANK));
}

TEST_F(TensorDescTest, NegativeNumDimsReturnsNullWithMessage) {
  const int64_t dims[] = {1};
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, -1, dims, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("negative");
}

TEST_F(TensorDescTest, TooManyDimsReturnsNullWithMessage) {
  std::vector<int64_t> dims(129, 1);
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 129, dims.data(), ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("129");
  // 128 is the limit and is fine.
  aclTensorDesc* d = aclCreateTensorDesc(ACL_FLOAT, 128, dims.data(), ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  aclDestroyTensorDesc(d);
}

TEST_F(TensorDescTest, NullDimsWithPositiveNumDimsReturnsNull) {
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 2, nullptr, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("null");
}

TEST_F(TensorDescTest, InvalidDimValueReturnsNullNamingIt) {
  const int64_t dims[] = {2, -3, 4};
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 3, dims, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("dims[1] is -3");
  const int64_t rank[] = {2, -2};  // unknown rank must be the only dim
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 2, rank, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("unknown rank");
}

// Dims whose byte size no tensor can have (more than 2^63 - 1 bytes) are refused where they
// enter; unknown (-1) dims are left out of the product, a 0 dim makes the tensor empty.
TEST_F(TensorDescTest, DimsWhoseByteSizeOverflowsAreRefused) {
  const int64_t elements[] = {int64_t{1} << 40, int64_t{1} << 40};  // 2^80 elements
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 2, elements, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("hold more than 2^63 - 1 bytes");
  const int64_t bytes[] = {int64_t{1} << 62};  // fits as elements, not as fp32 bytes
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 1, bytes, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("DT_FLOAT");
  const int64_t fits[] = {-1, int64_t{1} << 30, int64_t{1} << 30};  // 2^60 fp32 = 2^62 bytes
  aclTensorDesc* ok = aclCreateTensorDesc(ACL_FLOAT, 3, fits, ACL_FORMAT_ND);
  EXPECT_NE(ok, nullptr);
  const int64_t empty[] = {0, int64_t{1} << 40, int64_t{1} << 40};
  aclTensorDesc* zero = aclCreateTensorDesc(ACL_FLOAT, 3, empty, ACL_FORMAT_ND);
  EXPECT_NE(zero, nullptr);
  EXPECT_EQ(aclGetTensorDescSize(zero), 0u);
  // aclSetTensorShape and the origin shape check the same.
  EXPECT_EQ(aclSetTensorShape(ok, 2, elements), ACL_ERROR_INVALID_PARAM);
  EXPECT_RECENT_MSG_HAS("hold more than");
  EXPECT_EQ(aclSetTensorOriginShape(ok, 2, elements), ACL_ERROR_INVALID_PARAM);
  aclDestroyTensorDesc(ok);
  aclDestroyTensorDesc(zero);
}

TEST_F(TensorDescTest, InvalidTypeOrFormatReturnsNull) {
  const int64_t dims[] = {2};
  EXPECT_EQ(aclCreateTensorDesc(static_cast<aclDataType>(5), 1, dims, ACL_FORMAT_ND), nullptr);
  EXPECT_RECENT_MSG_HAS("data type 5");
  EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 1, dims, static_cast<aclFormat>(99)), nullptr);
  EXPECT_RECENT_MSG_HAS("99");
}

TEST_F(TensorDescTest, DimIndexOutOfRange) {
  aclTensorDesc* d = Make(ACL_FLOAT, {2, 3}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  int64_t dim = 77;
  EXPECT_ACL_ERROR(aclGetTensorDescDimV2(d, 2, &dim), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_EQ(dim, 77);  // untouched
  EXPECT_EQ(aclGetTensorDescDim(d, 2), -1);
  EXPECT_RECENT_MSG_HAS("out of range");
  EXPECT_ACL_ERROR(aclGetTensorDescDimV2(d, 0, nullptr), ACL_ERROR_INVALID_PARAM, "dimSize");
  EXPECT_ACL_ERROR(aclGetTensorDescDimV2(nullptr, 0, &dim), ACL_ERROR_INVALID_PARAM, "desc");
}

TEST_F(TensorDescTest, GettersOnNullReturnNeutralValuesWithMessage) {
  EXPECT_EQ(aclGetTensorDescType(nullptr), ACL_DT_UNDEFINED);
  EXPECT_RECENT_MSG_HAS("aclGetTensorDescType");
  EXPECT_EQ(aclGetTensorDescFormat(nullptr), ACL_FORMAT_UNDEFINED);
  EXPECT_RECENT_MSG_HAS("aclGetTensorDescFormat");
  EXPECT_EQ(aclGetTensorDescSize(nullptr), 0u);
  EXPECT_RECENT_MSG_HAS("aclGetTensorDescSize");
  EXPECT_EQ(aclGetTensorDescElementCount(nullptr), 0u);
  EXPECT_EQ(aclGetTensorDescNumDims(nullptr), 0u);
  EXPECT_EQ(aclGetTensorDescDim(nullptr, 0), -1);
  EXPECT_EQ(aclGetTensorDescName(nullptr), nullptr);
  EXPECT_EQ(aclGetTensorDescAddress(nullptr), nullptr);
  EXPECT_RECENT_MSG_HAS("aclGetTensorDescAddress");
  aclDestroyTensorDesc(nullptr);  // like free(NULL)
}

TEST_F(TensorDescTest, NameSetAndGet) {
  aclTensorDesc* d = Make(ACL_FLOAT, {1}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  aclSetTensorDescName(d, "input_0");
  EXPECT_STREQ(aclGetTensorDescName(d), "input_0");
  aclSetTensorDescName(d, nullptr);
  EXPECT_STREQ(aclGetTensorDescName(d), "");
}

TEST_F(TensorDescTest, SetFormatAndShapeReplaceTheView) {
  aclTensorDesc* d = Make(ACL_FLOAT, {2, 3}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  ASSERT_ACL_OK(aclSetTensorFormat(d, ACL_FORMAT_NHWC));
  EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NHWC);
  const int64_t dims[] = {1, 4, 4, 8};
  ASSERT_ACL_OK(aclSetTensorShape(d, 4, dims));
  EXPECT_EQ(Dims(d), (std::vector<int64_t>{1, 4, 4, 8}));
  EXPECT_EQ(aclGetTensorDescSize(d), 512u);
  // A bad shape or format is refused and changes nothing.
  const int64_t bad[] = {1, -7};
  EXPECT_ACL_ERROR(aclSetTensorShape(d, 2, bad), ACL_ERROR_INVALID_PARAM, "-7");
  EXPECT_EQ(aclGetTensorDescNumDims(d), 4u);
  EXPECT_ACL_ERROR(aclSetTensorFormat(d, static_cast<aclFormat>(1234)), ACL_ERROR_INVALID_PARAM, "1234");
  EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NHWC);
}

TEST_F(TensorDescTest, OriginAndStorageSetters) {
  aclTensorDesc* d = Make(ACL_FLOAT16, {1, 1, 4, 4, 16}, ACL_FORMAT_NC1HWC0);
  ASSERT_NE(d, nullptr);
  const int64_t origin[] = {1, 16, 4, 4};
  EXPECT_ACL_OK(aclSetTensorOriginFormat(d, ACL_FORMAT_NCHW));
  EXPECT_ACL_OK(aclSetTensorOriginShape(d, 4, origin));
  EXPECT_ACL_OK(aclSetTensorStorageFormat(d, ACL_FORMAT_NC1HWC0));
  const int64_t storage[] = {1, 1, 4, 4, 16};
  EXPECT_ACL_OK(aclSetTensorStorageShape(d, 5, storage));
  // The descriptor's own view is unchanged by the origin/storage setters.
  EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NC1HWC0);
  EXPECT_EQ(aclGetTensorDescNumDims(d), 5u);
  EXPECT_ACL_ERROR(aclSetTensorOriginFormat(d, static_cast<aclFormat>(77)), ACL_ERROR_INVALID_PARAM, "77");
  EXPECT_ACL_ERROR(aclSetTensorOriginShape(d, -1, origin), ACL_ERROR_INVALID_PARAM, "negative");
  EXPECT_ACL_ERROR(aclSetTensorStorageFormat(d, static_cast<aclFormat>(78)), ACL_ERROR_INVALID_PARAM, "78");
  EXPECT_ACL_ERROR(aclSetTensorStorageShape(d, 2, nullptr), ACL_ERROR_INVALID_PARAM, "null");
}

TEST_F(TensorDescTest, SettersOnNullDescAreInvalidParam) {
  const int64_t dims[] = {1};
  EXPECT_ACL_ERROR(aclSetTensorFormat(nullptr, ACL_FORMAT_ND), ACL_ERROR_INVALID_PARAM, "desc");
  EXPECT_ACL_ERROR(aclSetTensorShape(nullptr, 1, dims), ACL_ERROR_INVALID_PARAM, "desc");
  EXPECT_ACL_ERROR(aclSetTensorOriginFormat(nullptr, ACL_FORMAT_ND), ACL_ERROR_INVALID_PARAM, "desc");
  EXPECT_ACL_ERROR(aclSetTensorOriginShape(nullptr, 1, dims), ACL_ERROR_INVALID_PARAM, "desc");
  EXPECT_ACL_ERROR(aclSetTensorPlaceMent(nullptr, ACL_MEMTYPE_HOST), ACL_ERROR_INVALID_PARAM, "desc");
  EXPECT_ACL_ERROR(aclSetTensorDynamicInput(nullptr, "x"), ACL_ERROR_INVALID_PARAM, "desc");
  int v = 0;
  EXPECT_ACL_ERROR(aclSetTensorConst(nullptr, &v, sizeof(v)), ACL_ERROR_INVALID_PARAM, "desc");
}

TEST_F(TensorDescTest, SettersOnDestroyedDescAreInvalidResourceHandle) {
  const int64_t dims[] = {4};
  aclTensorDesc* d = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  aclDestroyTensorDesc(d);
  EXPECT_ACL_ERROR(aclSetTensorFormat(d, ACL_FORMAT_ND), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live");
  EXPECT_ACL_ERROR(aclSetTensorShape(d, 1, dims), ACL_ERROR_INVALID_RESOURCE_HANDLE, "not a live");
  // Destroying it again is reported, not a crash.
  aclDestroyTensorDesc(d);
  EXPECT_RECENT_MSG_HAS("aclDestroyTensorDesc");
}

TEST_F(TensorDescTest, ShapeRangeAndDimRange) {
  aclTensorDesc* d = Make(ACL_FLOAT, {-1, 16}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  int64_t range[2] = {0, 0};
  // An unknown dim has no range until one is set.
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(d, 0, 2, range), ACL_ERROR_INVALID_PARAM, "unknown");
  int64_t ranges[2][ACL_TENSOR_SHAPE_RANGE_NUM] = {{1, 8}, {16, 16}};
  ASSERT_ACL_OK(aclSetTensorShapeRange(d, 2, ranges));
  ASSERT_ACL_OK(aclGetTensorDescDimRange(d, 0, 2, range));
  EXPECT_EQ(range[0], 1);
  EXPECT_EQ(range[1], 8);
  ASSERT_ACL_OK(aclGetTensorDescDimRange(d, 1, 2, range));
  EXPECT_EQ(range[0], 16);
  EXPECT_EQ(range[1], 16);
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(d, 2, 2, range), ACL_ERROR_INVALID_PARAM, "out of range");
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(d, 0, 1, range), ACL_ERROR_INVALID_PARAM, "dimRangeNum");
  EXPECT_ACL_ERROR(aclGetTensorDescDimRange(d, 0, 2, nullptr), ACL_ERROR_INVALID_PARAM, "dimRange");
  // max -1 means unbounded; max < min and negative min are refused.
  int64_t unbounded[1][ACL_TENSOR_SHAPE_RANGE_NUM] = {{1, -1}};
  EXPECT_ACL_OK(aclSetTensorShapeRange(d, 1, unbounded));
  int64_t reversed[1][ACL_TENSOR_SHAPE_RANGE_NUM] = {{5, 2}};
  EXPECT_ACL_ERROR(aclSetTensorShapeRange(d, 1, reversed), ACL_ERROR_INVALID_PARAM, "[5, 2]");
  int64_t negative[1][ACL_TENSOR_SHAPE_RANGE_NUM] = {{-3, 2}};
  EXPECT_ACL_ERROR(aclSetTensorShapeRange(d, 1, negative), ACL_ERROR_INVALID_PARAM, "[-3, 2]");
  EXPECT_ACL_ERROR(aclSetTensorShapeRange(d, 2, nullptr), ACL_ERROR_INVALID_PARAM, "null");
}

TEST_F(TensorDescTest, DimRangeOfKnownDimIsTheDim) {
  aclTensorDesc* d = Make(ACL_FLOAT, {3, 7}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  int64_t range[2] = {0, 0};
  ASSERT_ACL_OK(aclGetTensorDescDimRange(d, 1, 2, range));
  EXPECT_EQ(range[0], 7);
  EXPECT_EQ(range[1], 7);
}

TEST_F(TensorDescTest, ValueRange) {
  aclTensorDesc* d = Make(ACL_INT64, {2}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  int64_t ok[2][ACL_TENSOR_VALUE_RANGE_NUM] = {{0, 10}, {-5, 5}};
  EXPECT_ACL_OK(aclSetTensorValueRange(d, 2, ok));
  int64_t bad[1][ACL_TENSOR_VALUE_RANGE_NUM] = {{4, 3}};
  EXPECT_ACL_ERROR(aclSetTensorValueRange(d, 1, bad), ACL_ERROR_INVALID_PARAM, "below min");
}

TEST_F(TensorDescTest, GetByIndexZeroIsTheDescItself) {
  aclTensorDesc* d = Make(ACL_FLOAT, {1}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(aclGetTensorDescByIndex(d, 0), d);
  EXPECT_EQ(aclGetTensorDescByIndex(d, 1), nullptr);
  EXPECT_RECENT_MSG_HAS("index 1");
  EXPECT_EQ(aclGetTensorDescByIndex(nullptr, 0), nullptr);
}

TEST_F(TensorDescTest, DynamicInputPlacementAndConst) {
  aclTensorDesc* d = Make(ACL_FLOAT, {2}, ACL_FORMAT_ND);
  ASSERT_NE(d, nullptr);
  EXPECT_ACL_OK(aclSetTensorDynamicInput(d, "x"));
  EXPECT_ACL_ERROR(aclSetTensorDynamicInput(d, nullptr), ACL_ERROR_INVALID_PARAM, "dynamicInputName");
  EXPECT_ACL_OK(aclSetTensorPlaceMent(d, ACL_MEMTYPE_HOST));
  EXPECT_ACL_ERROR(aclSetTensorPlaceMent(d, static_cast<aclMemType>(9)), ACL_ERROR_INVALID_PARAM, "9");
  float value[2] = {1.5f, -2.0f};
  EXPECT_ACL_OK(aclSetTensorConst(d, value, sizeof(value)));
  // The data is copied: the caller may reuse its buffer at once.
  value[0] = 0.0f;
  EXPECT_ACL_ERROR(aclSetTensorConst(d, nullptr, 8), ACL_ERROR_INVALID_PARAM, "dataBuffer");
  EXPECT_ACL_ERROR(aclSetTensorConst(d, value, 0), ACL_ERROR_INVALID_PARAM, "length");
}

TEST_F(TensorDescTest, TransNchwToNhwc) {
  aclTensorDesc* src = Make(ACL_FLOAT16, {1, 3, 4, 5}, ACL_FORMAT_NCHW);
  ASSERT_NE(src, nullptr);
  aclTensorDesc* dst = nullptr;
  ASSERT_ACL_OK(aclTransTensorDescFormat(src, ACL_FORMAT_NHWC, &dst));
  ASSERT_NE(dst, nullptr);
  owned_.push_back(dst);
  EXPECT_EQ(aclGetTensorDescFormat(dst), ACL_FORMAT_NHWC);
  EXPECT_EQ(aclGetTensorDescType(dst), ACL_FLOAT16);
  EXPECT_EQ(Dims(dst), (std::vector<int64_t>{1, 4, 5, 3}));
  EXPECT_EQ(aclGetTensorDescSize(dst), aclGetTensorDescSize(src));
  // The source is unchanged.
  EXPECT_EQ(aclGetTensorDescFormat(src), ACL_FORMAT_NCHW);
  EXPECT_EQ(Dims(src), (std::vector<int64_t>{1, 3, 4, 5}));
}

TEST_F(TensorDescTest, TransNchwToNc1hwc0Fp16UsesC0Of16) {
  aclTensorDesc* src = Make(ACL_FLOAT16, {2, 20, 4, 5}, ACL_FORMAT_NCHW);
  ASSERT_NE(src, nullptr);
  aclTensorDesc* dst = nullptr;
  ASSERT_ACL_OK(aclTransTensorDescFormat(src, ACL_FORMAT_NC1HWC0, &dst));
  owned_.push_back(dst);
  EXPECT_EQ(aclGetTensorDescFormat(dst), ACL_FORMAT_NC1HWC0);
  EXPECT_EQ(Dims(dst), (std::vector<int64_t>{2, 2, 4, 5, 16}));
  // Padded channels count: 2*2*4*5*16 fp16 elements.
  EXPECT_EQ(aclGetTensorDescSize(dst), 2u * 2 * 4 * 5 * 16 * 2);
}

TEST_F(TensorDescTest, TransNchwToNc1hwc0Int8UsesC0Of32) {
  aclTensorDesc* src = Make(ACL_INT8, {1, 20, 2, 2}, ACL_FORMAT_NCHW);
  ASSERT_NE(src, nullptr);
  aclTensorDesc* dst = nullptr;
  ASSERT_ACL_OK(aclTransTensorDescFormat(src, ACL_FORMAT_NC1HWC0, &dst));
  owned_.push_back(dst);
  EXPECT_EQ(Dims(dst), (std::vector<int64_t>{1, 1, 2, 2, 32}));
}

TEST_F(TensorDescTest, TransNdToFractalNz) {
  aclTensorDesc* src = Make(ACL_FLOAT16, {100, 50}, ACL_FORMAT_ND);
  ASSERT_NE(src, nullptr);
  aclTensorDesc* dst = nullptr;
  ASSERT_ACL_OK(aclTransTensorDescFormat(src, ACL_FORMAT_FRACTAL_NZ, &dst));
  owned_.push_back(dst);
  EXPECT_EQ(aclGetTensorDescFormat(dst), ACL_FORMAT_FRACTAL_NZ);
  // [m=100, n=50] -> [ceil(n/16), ceil(m/16), 16, 16]
  EXPECT_EQ(Dims(dst), (std::vector<int64_t>{4, 7, 16, 16}));
  // Batched: leading dims are kept.
  aclTensorDesc* batched = Make(ACL_FLOAT16, {3, 17, 33}, ACL_FORMAT_ND);
  ASSERT_NE(batched, nullptr);
  aclTensorDesc* nz = nullptr;
  ASSERT_ACL_OK(aclTransTensorDescFormat(batched, ACL_FORMAT_FRACTAL_NZ, &nz));
  owned_.push_back(nz);
  EXPECT_EQ(Dims(nz), (std::vector<int64_t>{3, 3, 2, 16, 16}));
}

TEST_F(TensorDescTest, TransErrors) {
  aclTensorDesc* src = Make(ACL_FLOAT16, {1, 3, 4, 5}, ACL_FORMAT_NCHW);
  ASSERT_NE(src, nullptr);
  aclTensorDesc* dst = nullptr;
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(src, static_cast<aclFormat>(555), &dst), ACL_ERROR_INVALID_PARAM, "555");
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(src, ACL_FORMAT_NHWC, nullptr), ACL_ERROR_INVALID_PARAM, "dstDesc");
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(nullptr, ACL_FORMAT_NHWC, &dst), ACL_ERROR_INVALID_PARAM, "srcDesc");
  aclTensorDesc* nz = Make(ACL_FLOAT16, {4, 7, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
  ASSERT_NE(nz, nullptr);
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(nz, ACL_FORMAT_NCHW, &dst), ACL_ERROR_INVALID_PARAM, "not supported");
  aclTensorDesc* dyn = Make(ACL_FLOAT16, {-1, 3, 4, 5}, ACL_FORMAT_NCHW);
  ASSERT_NE(dyn, nullptr);
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(dyn, ACL_FORMAT_NHWC, &dst), ACL_ERROR_INVALID_PARAM, "unknown");
  aclTensorDesc* rank3 = Make(ACL_FLOAT16, {3, 4, 5}, ACL_FORMAT_NCHW);
  ASSERT_NE(rank3, nullptr);
  EXPECT_ACL_ERROR(aclTransTensorDescFormat(rank3, ACL_FORMAT_NHWC, &dst), ACL_ERROR_INVALID_PARAM, "4-D");
  EXPECT_EQ(dst, nullptr);
}

// ---- log and SoC name ----------------------------------------------------------------

TEST(AppLog, EveryLevelAndOddArgumentsDoNotCrash) {
  ::testing::internal::CaptureStderr();
  aclAppLog(ACL_DEBUG, "fn", "dir/file.c", 1, "debug %d", 1);
  aclAppLog(ACL_INFO, "fn", "file.c", 2, "info %s", "text");
  aclAppLog(ACL_WARNING, "fn", "file.c", 3, "warning %f", 2.5);
  aclAppLog(ACL_ERROR, "fn", "file.c", 4, "error %p", static_cast<void*>(nullptr));
  aclAppLog(static_cast<aclLogLevel>(42), "fn", "file.c", 5, "odd level");
  aclAppLog(ACL_ERROR, nullptr, nullptr, 0, "no function, no file");
  aclAppLog(ACL_ERROR, "fn", "file.c", 6, nullptr);
  const std::string long_text(5000, 'x');
  aclAppLog(ACL_INFO, "fn", "file.c", 7, "%s", long_text.c_str());
  ACL_APP_LOG(ACL_INFO, "macro with %d argument", 1);
  ACL_APP_LOG(ACL_WARNING, "macro without arguments");
  ACL_APP_LOG(ACL_ERROR, "macro error %d", 42);
  const std::string err = ::testing::internal::GetCapturedStderr();
  // Errors are logged at the default level (stderr), with the file's base name, line and function.
  EXPECT_NE(err.find("[APP] file.c:4 fn: error"), std::string::npos) << err;
  EXPECT_NE(err.find("[APP] :0 : no function, no file"), std::string::npos) << err;
  EXPECT_NE(err.find("odd level"), std::string::npos) << "an unknown level logs as an error: " << err;
  EXPECT_NE(err.find("macro error 42"), std::string::npos) << err;
}

TEST(SocName, IsAscend310ByDefaultAndStable) {
  const char* a = aclrtGetSocName();
  ASSERT_NE(a, nullptr) << RecentMsg();
  EXPECT_STREQ(a, "Ascend310");
  const char* b = aclrtGetSocName();
  ASSERT_NE(b, nullptr);
  EXPECT_STREQ(b, a);
}

}  // namespace
