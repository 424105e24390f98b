// Cast and CastLike against the conversion rules written out plainly: every source x
// target pair of fp32, fp16, bf16, double, int8..int64, uint8..uint64 and bool on the AI
// CPU, the AI Core's pairs, out-of-range floats (saturate), NaN and infinities, integer
// wrap, and the bulk fp32 <-> fp16 path across threads.
//
// Owner: the elementwise family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <cmath>
#include <cstring>
#include <limits>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

const std::vector<DataType>& AllCastTypes() {
  static const std::vector<DataType> types = {
      DataType::kFloat,  DataType::kFloat16, DataType::kBf16,  DataType::kDouble, DataType::kInt8,
      DataType::kInt16,  DataType::kInt32,   DataType::kInt64, DataType::kUint8,  DataType::kUint16,
      DataType::kUint32, DataType::kUint64,  DataType::kBool};
  return types;
}

std::pair<double, double> IntRange(DataType dt) {
  switch (dt) {
    case DataType::kInt8: return {-128, 127};
    case DataType::kInt16: return {-32768, 32767};
    case DataType::kInt32: return {-2147483648.0, 2147483647.0};
    case DataType::kInt64: return {-9223372036854775808.0, 9223372036854775807.0};
    case DataType::kUint8: return {0, 255};
    case DataType::kUint16: return {0, 65535};
    case DataType::kUint32: return {0, 4294967295.0};
    case DataType::kUint64: return {0, 18446744073709551615.0};
    default: return {0, 0};
  }
}

// Element i of an integer tensor as its two's complement bit pattern.
int64_t RawBits(const HostTensor& t, size_t i) {
  const uint8_t* p = t.bytes.data();
  switch (t.spec.dtype) {
    case DataType::kUint64: return static_cast<int64_t>(reinterpret_cast<const uint64_t*>(p)[i]);
    case DataType::kInt64: return reinterpret_cast<const int64_t*>(p)[i];
    default: return static_cast<int64_t>(ew::ReadAt(t, i));
  }
}

// What a cast of `v` (a value of `src`) to `dst` gives, by the documented rules.
double Expected(DataType src, DataType dst, double v) {
  if (dst == DataType::kBool) return (v != 0 || std::isnan(v)) ? 1 : 0;
  if (ew::IsFloat(dst)) return ew::RoundTo(dst, {v})[0];
  if (ew::IsFloat(src)) {
    if (std::isnan(v)) return 0;
    const auto [lo, hi] = IntRange(dst);
    const double t = std::trunc(v);
    if (t <= lo) return lo;
    if (t >= hi) return hi;
    return t;
  }
  return ew::RoundTo(dst, {v})[0];  // integer / bool source: two's complement wrap
}

std::vector<double> SourceValues(DataType src) {
  const double inf = std::numeric_limits<double>::infinity();
  if (src == DataType::kBool) return {0, 1, 1, 0};
  if (ew::IsFloat(src)) {
    return {0, 1.5, -2.7, 100.25, 255.9, 300, -300, 40000, 70000, -1e10, 3e9, std::nan(""), inf, -inf, -0.4, 1e20};
  }
  return {0, 1, -1, 127, -128, 255, 300, -300, 65535, 70000, -70000, 2147483647, -2147483648.0, 5e9};
}

TEST(Cast, EveryPairOnTheAiCpu) {
  for (DataType src : AllCastTypes()) {
    // Store the candidates in the source type first; the reference starts from what is stored.
    const std::vector<double> candidates = SourceValues(src);
    HostTensor x = ew::Tensor(src, {static_cast<int64_t>(candidates.size())}, candidates);
    const std::vector<double> stored = ew::Read(x);
    const bool int_src = !ew::IsFloat(src) && src != DataType::kBool;
    for (DataType dst : AllCastTypes()) {
      SCOPED_TRACE(std::string(DataTypeName(src)) + " -> " + DataTypeName(dst));
      AttrMap attrs;
      attrs.Set("to", dst);
      RunResult r = RunOpOn(Engine::kAiCpu, "Cast", {x}, attrs);
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      ASSERT_EQ(r.outputs[0].spec.dtype, dst);
      const bool int_dst = !ew::IsFloat(dst) && dst != DataType::kBool;
      if (int_src && int_dst) {
        // Integer to integer wraps: compare the low bits exactly.
        HostTensor want = HostTensor::Make(dst, x.spec.dims);
        const size_t width = DataTypeSize(dst);
        for (size_t i = 0; i < stored.size(); ++i) {
          const int64_t bits = RawBits(x, i);
          std::memcpy(want.bytes.data() + i * width, &bits, width);  // little-endian low bytes
        }
        EXPECT_EQ(r.outputs[0].bytes, want.bytes);
        continue;
      }
      std::vector<double> expected;
      for (double v : stored) expected.push_back(Expected(src, dst, v));
      if (dst == DataType::kUint64 || dst == DataType::kInt64) {
        // Float or bool source: compare the integers themselves (doubles cannot hold every 64-bit value).
        for (size_t i = 0; i < stored.size(); ++i) {
          const double e = expected[i];
          if (dst == DataType::kInt64) {
            const int64_t want = e >= 9.2e18 ? INT64_MAX : (e <= -9.2e18 ? INT64_MIN : static_cast<int64_t>(e));
            EXPECT_EQ(r.outputs[0].Values<int64_t>()[i], want) << i << " from " << stored[i];
          } else {
            const uint64_t want = e >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(e);
            EXPECT_EQ(r.outputs[0].Values<uint64_t>()[i], want) << i << " from " << stored[i];
          }
        }
        continue;
      }
      if (int_src && ew::IsFloat(dst)) {
        // From the exact integer (a uint64 above 2^63 reads back fine as a double).
        for (size_t i = 0; i < stored.size(); ++i) {
          const double exact = src == DataType::kUint64 ? static_cast<double>(static_cast<uint64_t>(RawBits(x, i)))
                                                        : static_cast<double>(RawBits(x, i));
          expected[i] = Expected(src, dst, exact);
        }
      }
      EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::Tol{}));
    }
  }
}

TEST(Cast, AiCorePairsAndFallback) {
  const std::vector<DataType> core = {DataType::kFloat, DataType::kFloat16, DataType::kInt32,
                                      DataType::kInt8,  DataType::kUint8,   DataType::kBool};
  for (DataType src : core) {
    HostTensor x = ew::Tensor(src, {4}, {0, 1, 7, 100});
    for (DataType dst : core) {
      AttrMap attrs;
      attrs.Set("to", dst);
      RunResult r = RunOp("Cast", {x}, attrs);
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      EXPECT_EQ(r.def->engine, Engine::kAiCore) << DataTypeName(src) << " -> " << DataTypeName(dst);
      std::vector<double> expected;
      for (double v : ew::Read(x)) expected.push_back(Expected(src, dst, v));
      EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::Tol{}));
    }
    AttrMap to64;
    to64.Set("to", DataType::kInt64);
    RunResult r = RunOp("Cast", {x}, to64);
    ASSERT_TRUE(r.status.ok());
    EXPECT_EQ(r.def->engine, Engine::kAiCpu) << "int64 targets are AI CPU work";
  }
}

TEST(Cast, BulkFp32ToFp16AcrossThreadsMatchesScalarRounding) {
  HostTensor x = ew::Random(DataType::kFloat, {3, 70001}, -70000, 70000, 3);
  AttrMap attrs;
  attrs.Set("to", DataType::kFloat16);
  RunResult r = RunOp("Cast", {x}, attrs);
  ASSERT_TRUE(r.status.ok());
  const auto in = x.Values<float>();
  const auto out = r.outputs[0].Values<uint16_t>();
  for (size_t i = 0; i < in.size(); ++i) ASSERT_EQ(out[i], FloatToHalf(in[i])) << i;
  AttrMap back;
  back.Set("to", DataType::kFloat);
  RunResult rb = RunOp("Cast", {r.outputs[0]}, back);
  ASSERT_TRUE(rb.status.ok());
  const auto widened = rb.outputs[0].Values<float>();
  for (size_t i = 0; i < in.size(); ++i) ASSERT_EQ(widened[i], HalfToFloat(out[i])) << i;
}

TEST(Cast, EmptyAndScalarAndAttributeErrors) {
  AttrMap attrs;
  attrs.Set("to", DataType::kInt32);
  RunResult empty = RunOp("Cast", {HostTensor::Make(DataType::kFloat, {0, 7})}, attrs);
  ASSERT_TRUE(empty.status.ok());
  EXPECT_EQ(empty.outputs[0].spec.dims, (std::vector<int64_t>{0, 7}));
  RunResult scalar = RunOp("Cast", {ew::Scalar(DataType::kDouble, -3.9)}, attrs);
  ASSERT_TRUE(scalar.status.ok());
  EXPECT_EQ(scalar.outputs[0].Values<int32_t>(), (std::vector<int32_t>{-3}));
  RunResult missing = RunOp("Cast", {ew::Scalar(DataType::kFloat, 1)});
  EXPECT_EQ(missing.status.code(), err::kOpAttrNotMatch);
  AttrMap string_target;
  string_target.Set("to", DataType::kString);
  RunResult unsupported = RunOp("Cast", {ew::Scalar(DataType::kFloat, 1)}, string_target);
  EXPECT_FALSE(unsupported.status.ok());
}

TEST(CastLike, TakesTheTargetsDtypeOnBothEngines) {
  HostTensor x = ew::Tensor(DataType::kFloat, {4}, {-1.5, 0.5, 2.5, 300});
  for (DataType target : AllCastTypes()) {
    RunResult r = RunOp("CastLike", {x, HostTensor::Make(target, {1})});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dtype, target);
    if (target != DataType::kUint64 && target != DataType::kInt64) {
      std::vector<double> expected;
      for (double v : ew::Read(x)) expected.push_back(Expected(DataType::kFloat, target, v));
      EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::Tol{})) << DataTypeName(target);
    }
  }
  RunResult core = RunOp("CastLike", {x, HostTensor::Make(DataType::kFloat16, {})});
  ASSERT_TRUE(core.status.ok());
  EXPECT_EQ(core.def->engine, Engine::kAiCore);
  RunResult cpu = RunOp("CastLike", {x, HostTensor::Make(DataType::kInt64, {})});
  ASSERT_TRUE(cpu.status.ok());
  EXPECT_EQ(cpu.def->engine, Engine::kAiCpu);
  EXPECT_EQ(cpu.outputs[0].Values<int64_t>(), (std::vector<int64_t>{-1, 0, 2, 300}));
}

}  // namespace
}  // namespace asim::kernels::testing
