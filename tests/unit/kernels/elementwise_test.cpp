// Elementwise unary kernels against plain double references: every op x engine x dtype
// (random values over odd, empty, scalar and thread-splitting shapes), plus the edge
// cases each op defines (half-to-even rounding, integer wrap of Abs / Neg, NaN and inf).
//
// Owner: the elementwise family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <cmath>
#include <functional>
#include <limits>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

struct UnaryCase {
  std::string op;
  std::function<double(double)> ref;
  double lo, hi;    // float inputs
  double ilo, ihi;  // integer inputs (clamped to the type)
  DataType out = DataType::kUndefined;
  AttrMap attrs;
};

// gtest prints a failing parameter by name.
void PrintTo(const UnaryCase& c, std::ostream* os) {
  *os << c.op;
}

// The integer range of `dt` intersected with [lo, hi].
std::pair<double, double> RangeFor(DataType dt, double lo, double hi) {
  switch (dt) {
    case DataType::kInt8: return {std::max(lo, -128.0), std::min(hi, 127.0)};
    case DataType::kUint8: return {std::max(lo, 0.0), std::min(hi, 255.0)};
    case DataType::kInt16: return {std::max(lo, -32768.0), std::min(hi, 32767.0)};
    case DataType::kUint16:
    case DataType::kUint32:
    case DataType::kUint64: return {std::max(lo, 0.0), hi};
    default: return {lo, hi};
  }
}

UnaryCase Case(std::string op, std::function<double(double)> ref, std::vector<double> r,
               DataType out = DataType::kUndefined, AttrMap attrs = {}) {
  UnaryCase c;
  c.op = std::move(op);
  c.ref = std::move(ref);
  c.lo = r[0], c.hi = r[1], c.ilo = r[2], c.ihi = r[3];
  c.out = out;
  c.attrs = std::move(attrs);
  return c;
}

double SignOf(double x) {
  return x > 0 ? 1 : (x < 0 ? -1 : x);
}

std::vector<UnaryCase> UnaryCases() {
  const double inf = std::numeric_limits<double>::infinity();
  AttrMap only_negative;
  only_negative.Set("detect_positive", int64_t{0});
  return {
      Case("Sqrt", [](double x) { return std::sqrt(x); }, {0, 10, 0, 0}),
      Case("Exp", [](double x) { return std::exp(x); }, {-10, 10, 0, 0}),
      Case("Log", [](double x) { return std::log(x); }, {0.01, 100, 0, 0}),
      Case("Reciprocal", [](double x) { return 1 / x; }, {0.1, 10, 0, 0}),
      Case("Erf", [](double x) { return std::erf(x); }, {-3, 3, 0, 0}),
      Case("Floor", [](double x) { return std::floor(x); }, {-10, 10, 0, 0}),
      Case("Ceil", [](double x) { return std::ceil(x); }, {-10, 10, 0, 0}),
      Case("Round", [](double x) { return std::nearbyint(x); }, {-10, 10, 0, 0}),
      Case("Sin", [](double x) { return std::sin(x); }, {-6, 6, 0, 0}),
      Case("Cos", [](double x) { return std::cos(x); }, {-6, 6, 0, 0}),
      Case("Tan", [](double x) { return std::tan(x); }, {-1.2, 1.2, 0, 0}),
      Case("Asin", [](double x) { return std::asin(x); }, {-1, 1, 0, 0}),
      Case("Acos", [](double x) { return std::acos(x); }, {-1, 1, 0, 0}),
      Case("Atan", [](double x) { return std::atan(x); }, {-10, 10, 0, 0}),
      Case("Sinh", [](double x) { return std::sinh(x); }, {-5, 5, 0, 0}),
      Case("Cosh", [](double x) { return std::cosh(x); }, {-5, 5, 0, 0}),
      Case("Asinh", [](double x) { return std::asinh(x); }, {-10, 10, 0, 0}),
      Case("Acosh", [](double x) { return std::acosh(x); }, {1, 10, 0, 0}),
      Case("Atanh", [](double x) { return std::atanh(x); }, {-0.99, 0.99, 0, 0}),
      Case("Abs", [](double x) { return std::fabs(x); }, {-5, 5, -100, 100}),
      Case("Neg", [](double x) { return -x; }, {-5, 5, -100, 100}),
      Case("Sign", SignOf, {-5, 5, -100, 100}),
      Case(
          "IsNaN", [](double x) { return std::isnan(x) ? 1.0 : 0.0; }, {-5, 5, 0, 0}, DataType::kBool),
      Case(
          "IsInf", [inf](double x) { return std::fabs(x) == inf ? 1.0 : 0.0; }, {-5, 5, 0, 0}, DataType::kBool),
      Case(
          "IsInf", [inf](double x) { return x == -inf ? 1.0 : 0.0; }, {-5, 5, 0, 0}, DataType::kBool, only_negative),
      Case("Not", [](double x) { return x == 0 ? 1.0 : 0.0; }, {0, 1, 0, 1}),
      Case("BitwiseNot", [](double x) { return -x - 1; }, {0, 0, -100, 100}),
  };
}

class UnaryRef : public ::testing::TestWithParam<UnaryCase> {};

TEST_P(UnaryRef, EveryEngineAndDtypeMatchesTheReference) {
  const UnaryCase& c = GetParam();
  bool any = false;
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    const auto defs = KernelRegistry::Get().Find(c.op);
    if (std::none_of(defs.begin(), defs.end(), [&](const KernelDef* d) { return d->engine == engine; })) continue;
    for (DataType dt : ew::Declared(c.op, engine)) {
      any = true;
      if (dt == DataType::kBool || ew::IsFloat(dt)) {
        ew::CheckUnary(c.op, engine, dt, c.attrs, c.ref, c.lo, c.hi, c.out);
        continue;
      }
      const auto [lo, hi] = RangeFor(dt, c.ilo, c.ihi);
      // Unsigned BitwiseNot wraps to the type's top: compare through the unsigned cast.
      std::function<double(double)> ref = c.ref;
      if (c.op == "BitwiseNot" && (dt == DataType::kUint8 || dt == DataType::kUint16 || dt == DataType::kUint32)) {
        const double top = dt == DataType::kUint8 ? 255 : (dt == DataType::kUint16 ? 65535 : 4294967295.0);
        ref = [top](double x) { return top - x; };
      }
      if (c.op == "BitwiseNot" && dt == DataType::kUint64) continue;  // checked bit-exactly below
      ew::CheckUnary(c.op, engine, dt, c.attrs, ref, lo, hi, c.out);
    }
  }
  EXPECT_TRUE(any) << c.op << " has no kernels";
}

INSTANTIATE_TEST_SUITE_P(Elementwise, UnaryRef, ::testing::ValuesIn(UnaryCases()),
                         [](const ::testing::TestParamInfo<UnaryCase>& info) {
                           return info.param.op + std::to_string(info.index);
                         });

TEST(UnaryEdges, RoundIsHalfToEven) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : {DataType::kFloat, DataType::kFloat16}) {
      RunResult r = RunOpOn(engine, "Round", {ew::Tensor(dt, {7}, {0.5, 1.5, 2.5, -0.5, -2.5, 3.49, -3.51})});
      ASSERT_TRUE(r.status.ok());
      EXPECT_EQ(ew::Read(r.outputs[0]), (std::vector<double>{0, 2, 2, -0.0, -2, 3, -4}));
    }
  }
}

TEST(UnaryEdges, IntegerAbsAndNegWrapAtTheMostNegativeValue) {
  RunResult abs = RunOp("Abs", {HostTensor::FromValues<int32_t>(DataType::kInt32, {3}, {INT32_MIN, -5, 7})});
  ASSERT_TRUE(abs.status.ok());
  EXPECT_EQ(abs.def->engine, Engine::kAiCore);
  EXPECT_EQ(abs.outputs[0].Values<int32_t>(), (std::vector<int32_t>{INT32_MIN, 5, 7}));
  RunResult neg = RunOp("Neg", {HostTensor::FromValues<int8_t>(DataType::kInt8, {3}, {-128, 127, 0})});
  ASSERT_TRUE(neg.status.ok());
  EXPECT_EQ(neg.def->engine, Engine::kAiCpu);
  EXPECT_EQ(neg.outputs[0].Values<int8_t>(), (std::vector<int8_t>{-128, -127, 0}));
  RunResult neg64 = RunOp("Neg", {HostTensor::FromValues<int64_t>(DataType::kInt64, {2}, {INT64_MIN, 5})});
  ASSERT_TRUE(neg64.status.ok());
  EXPECT_EQ(neg64.outputs[0].Values<int64_t>(), (std::vector<int64_t>{INT64_MIN, -5}));
}

TEST(UnaryEdges, NaNAndInfinity) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  HostTensor x = ew::Tensor(DataType::kFloat16, {5}, {nan, inf, -inf, 0, -1});
  RunResult isnan = RunOp("IsNaN", {x});
  ASSERT_TRUE(isnan.status.ok());
  EXPECT_EQ(ew::Read(isnan.outputs[0]), (std::vector<double>{1, 0, 0, 0, 0}));
  AttrMap pos;
  pos.Set("detect_negative", int64_t{0});
  RunResult isinf = RunOp("IsInf", {x}, pos);
  ASSERT_TRUE(isinf.status.ok());
  EXPECT_EQ(ew::Read(isinf.outputs[0]), (std::vector<double>{0, 1, 0, 0, 0}));
  RunResult sqrt = RunOp("Sqrt", {x});
  ASSERT_TRUE(sqrt.status.ok());
  const auto s = ew::Read(sqrt.outputs[0]);
  EXPECT_TRUE(std::isnan(s[0]) && std::isnan(s[2]) && std::isnan(s[4]));
  EXPECT_EQ(s[1], inf);
  RunResult log = RunOp("Log", {x});
  ASSERT_TRUE(log.status.ok());
  EXPECT_EQ(ew::Read(log.outputs[0])[3], -inf);
  RunResult sign = RunOp("Sign", {x});
  ASSERT_TRUE(sign.status.ok());
  const auto g = ew::Read(sign.outputs[0]);
  EXPECT_TRUE(std::isnan(g[0]));
  EXPECT_EQ(g[1], 1);
  EXPECT_EQ(g[2], -1);
  EXPECT_EQ(g[4], -1);
}

TEST(UnaryEdges, BitwiseNotIsBitExactForEveryWidth) {
  RunResult u64 =
      RunOp("BitwiseNot", {HostTensor::FromValues<uint64_t>(DataType::kUint64, {2}, {0, 0x0123456789ABCDEFull})});
  ASSERT_TRUE(u64.status.ok());
  EXPECT_EQ(u64.def->engine, Engine::kAiCpu);
  EXPECT_EQ(u64.outputs[0].Values<uint64_t>(), (std::vector<uint64_t>{~0ull, ~0x0123456789ABCDEFull}));
  RunResult i16 = RunOp("BitwiseNot", {HostTensor::FromValues<int16_t>(DataType::kInt16, {2}, {0, -32768})});
  ASSERT_TRUE(i16.status.ok());
  EXPECT_EQ(i16.outputs[0].Values<int16_t>(), (std::vector<int16_t>{-1, 32767}));
}

TEST(UnaryEngines, SelectionFollowsTheHardware) {
  // fp16 math on the AI Core; bf16 / double on the AI CPU; int64 Abs on the AI CPU; a float
  // op refuses integers everywhere.
  RunResult exp16 = RunOp("Exp", {ew::Random(DataType::kFloat16, {8}, -1, 1, 1)});
  ASSERT_TRUE(exp16.status.ok());
  EXPECT_EQ(exp16.def->engine, Engine::kAiCore);
  RunResult expbf = RunOp("Exp", {ew::Random(DataType::kBf16, {8}, -1, 1, 1)});
  ASSERT_TRUE(expbf.status.ok());
  EXPECT_EQ(expbf.def->engine, Engine::kAiCpu);
  ASSERT_EQ(expbf.status.code(), 0);
  RunResult abs64 = RunOp("Abs", {ew::Random(DataType::kInt64, {8}, -5, 5, 1)});
  ASSERT_TRUE(abs64.status.ok());
  EXPECT_EQ(abs64.def->engine, Engine::kAiCpu);
  RunResult sqrt_int = RunOp("Sqrt", {ew::Random(DataType::kInt32, {8}, 0, 5, 1)});
  EXPECT_EQ(sqrt_int.status.code(), err::kUnsupportedDataType);
  EXPECT_NE(sqrt_int.status.message().find("AI_CORE"), std::string::npos);
  EXPECT_NE(sqrt_int.status.message().find("AI_CPU"), std::string::npos);
  RunResult not_float = RunOp("Not", {ew::Random(DataType::kFloat, {8}, 0, 1, 1)});
  EXPECT_EQ(not_float.status.code(), err::kUnsupportedDataType);
}

TEST(UnaryEngines, Fp16LargeTensorUsesEveryThreadAndMatches) {
  HostTensor x = ew::Random(DataType::kFloat16, {1 << 18}, -3, 3, 5);
  RunResult r = RunOpOn(Engine::kAiCore, "Exp", {x});
  ASSERT_TRUE(r.status.ok());
  std::vector<double> expected;
  for (double v : ew::Read(x)) expected.push_back(std::exp(v));
  EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(DataType::kFloat16)));
  EXPECT_EQ(r.work.vector_ops, 2u << 18);
}

}  // namespace
}  // namespace asim::kernels::testing
