// Elementwise binary, variadic and ternary kernels against plain double references: every
// op x engine x dtype over broadcasting shape pairs (same shape, per-channel, row vector,
// outer product, scalar, empty, thread-splitting), plus each op's defined edge cases
// (integer division and modulo signs, division by zero, wrap, mixed-type Pow, shifts).
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

using Ref2 = std::function<double(double, double)>;

struct BinaryCase {
  std::string name;
  std::string op;
  Ref2 ref;
  double alo, ahi, blo, bhi;      // float inputs
  double ialo, iahi, iblo, ibhi;  // integer inputs (clamped to the type)
  DataType out = DataType::kUndefined;
  AttrMap attrs;
  bool integral_floats = false;  // whole-number floats (comparisons)
  bool nonzero_b = false;        // b never 0 for integer types
};

// gtest prints a failing parameter by name.
void PrintTo(const BinaryCase& c, std::ostream* os) {
  *os << c.name;
}

BinaryCase Case(std::string name, std::string op, Ref2 ref, std::vector<double> r, DataType out = DataType::kUndefined,
                AttrMap attrs = {}, bool integral_floats = false) {
  BinaryCase c;
  c.name = std::move(name);
  c.op = std::move(op);
  c.ref = std::move(ref);
  c.alo = r[0], c.ahi = r[1], c.blo = r[2], c.bhi = r[3];
  c.ialo = r[4], c.iahi = r[5], c.iblo = r[6], c.ibhi = r[7];
  c.out = out;
  c.attrs = std::move(attrs);
  c.integral_floats = integral_floats;
  return c;
}

std::pair<double, double> Clamp(DataType dt, double lo, double hi) {
  switch (dt) {
    case DataType::kUint8:
    case DataType::kUint16:
    case DataType::kUint32:
    case DataType::kUint64: return {std::max(lo, 0.0), hi};
    default: return {lo, hi};
  }
}

int64_t I(double v) {
  return static_cast<int64_t>(v);
}

double PyMod(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
double IntPyMod(double a, double b) {
  const int64_t r = I(a) % I(b);
  return static_cast<double>(r != 0 && ((r < 0) != (b < 0)) ? r + I(b) : r);
}
double IntPow(double a, double b) {
  double r = 1;
  for (int64_t i = 0; i < I(b); ++i) r *= a;
  return r;
}

AttrMap With(const char* name, AttrValue v) {
  AttrMap m;
  m.Set(name, std::move(v));
  return m;
}

std::vector<BinaryCase> BinaryCases() {
  auto b = [](bool v) { return v ? 1.0 : 0.0; };
  return {
      Case("Add", "Add", [](double a, double c) { return a + c; }, {-5, 5, -5, 5, -100, 100, -100, 100}),
      Case("Sub", "Sub", [](double a, double c) { return a - c; }, {-5, 5, -5, 5, -100, 100, -100, 100}),
      Case("Mul", "Mul", [](double a, double c) { return a * c; }, {-5, 5, -5, 5, -20, 20, -20, 20}),
      Case("Div", "Div", [](double a, double c) { return a / c; }, {-5, 5, 0.5, 4, -100, 100, -9, 9}),
      Case("Pow", "Pow", [](double a, double c) { return std::pow(a, c); }, {0.1, 3, -2, 2, -5, 5, 0, 5}),
      Case("ModFmod0", "Mod", PyMod, {-9, 9, 0.5, 4, -100, 100, -9, 9}, DataType::kUndefined, With("fmod", int64_t{0})),
      Case(
          "ModFmod1", "Mod", [](double a, double c) { return std::fmod(a, c); }, {-9, 9, 0.5, 4, -100, 100, -9, 9},
          DataType::kUndefined, With("fmod", int64_t{1})),
      Case("Max", "Max", [](double a, double c) { return std::max(a, c); }, {-5, 5, -5, 5, -100, 100, -100, 100}),
      Case("Min", "Min", [](double a, double c) { return std::min(a, c); }, {-5, 5, -5, 5, -100, 100, -100, 100}),
      Case("Sum", "Sum", [](double a, double c) { return a + c; }, {-5, 5, -5, 5, 0, 0, 0, 0}),
      Case("Mean", "Mean", [](double a, double c) { return (a + c) / 2; }, {-5, 5, -5, 5, 0, 0, 0, 0}),
      Case(
          "Equal", "Equal", [b](double a, double c) { return b(a == c); }, {-3, 3, -3, 3, -3, 3, -3, 3},
          DataType::kBool, {}, true),
      Case(
          "Less", "Less", [b](double a, double c) { return b(a < c); }, {-3, 3, -3, 3, -3, 3, -3, 3}, DataType::kBool,
          {}, true),
      Case(
          "LessOrEqual", "LessOrEqual", [b](double a, double c) { return b(a <= c); }, {-3, 3, -3, 3, -3, 3, -3, 3},
          DataType::kBool, {}, true),
      Case(
          "Greater", "Greater", [b](double a, double c) { return b(a > c); }, {-3, 3, -3, 3, -3, 3, -3, 3},
          DataType::kBool, {}, true),
      Case(
          "GreaterOrEqual", "GreaterOrEqual", [b](double a, double c) { return b(a >= c); },
          {-3, 3, -3, 3, -3, 3, -3, 3}, DataType::kBool, {}, true),
      Case("And", "And", [b](double a, double c) { return b(a != 0 && c != 0); }, {0, 1, 0, 1, 0, 1, 0, 1}),
      Case("Or", "Or", [b](double a, double c) { return b(a != 0 || c != 0); }, {0, 1, 0, 1, 0, 1, 0, 1}),
      Case("Xor", "Xor", [b](double a, double c) { return b((a != 0) != (c != 0)); }, {0, 1, 0, 1, 0, 1, 0, 1}),
      Case("BitwiseAnd", "BitwiseAnd", [](double a, double c) { return static_cast<double>(I(a) & I(c)); },
           {0, 0, 0, 0, -100, 100, -100, 100}),
      Case("BitwiseOr", "BitwiseOr", [](double a, double c) { return static_cast<double>(I(a) | I(c)); },
           {0, 0, 0, 0, -100, 100, -100, 100}),
      Case("BitwiseXor", "BitwiseXor", [](double a, double c) { return static_cast<double>(I(a) ^ I(c)); },
           {0, 0, 0, 0, -100, 100, -100, 100}),
      Case(
          "BitShiftLeft", "BitShift", [](double a, double c) { return static_cast<double>(I(a) << I(c)); },
          {0, 0, 0, 0, 0, 255, 0, 7}, DataType::kUndefined, With("direction", std::string("LEFT"))),
      Case(
          "BitShiftRight", "BitShift", [](double a, double c) { return static_cast<double>(I(a) >> I(c)); },
          {0, 0, 0, 0, 0, 255, 0, 7}, DataType::kUndefined, With("direction", std::string("RIGHT"))),
  };
}

// Integer references where the float formula differs.
Ref2 IntegerRef(const BinaryCase& c) {
  if (c.op == "Div") return [](double a, double b) { return static_cast<double>(I(a) / I(b)); };
  if (c.name == "ModFmod0") return IntPyMod;
  if (c.name == "ModFmod1") return [](double a, double b) { return static_cast<double>(I(a) % I(b)); };
  if (c.op == "Pow") return IntPow;
  return c.ref;
}

const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>>& ShapePairs() {
  static const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> pairs = {{{3, 4, 5}, {3, 4, 5}},
                                                                                           {{2, 3, 4, 5}, {1, 3, 1, 1}},
                                                                                           {{6, 7}, {7}},
                                                                                           {{4, 1, 3}, {1, 5, 1}},
                                                                                           {{}, {2, 3}},
                                                                                           {{5}, {}},
                                                                                           {{0, 3}, {1, 3}},
                                                                                           {{2, 17001}, {2, 1}},
                                                                                           {{}, {}}};
  return pairs;
}

void CheckBinary(const BinaryCase& c, Engine engine, DataType dt) {
  const bool f = ew::IsFloat(dt);
  const auto [alo, ahi] = f ? std::pair{c.alo, c.ahi} : Clamp(dt, c.ialo, c.iahi);
  const auto [blo, bhi] = f ? std::pair{c.blo, c.bhi} : Clamp(dt, c.iblo, c.ibhi);
  const Ref2 ref = f ? c.ref : IntegerRef(c);
  uint32_t seed = 100;
  for (const auto& [ad, bd] : ShapePairs()) {
    SCOPED_TRACE(ew::Label(c.op, engine, dt, ad) + " with " + DimsToString(bd));
    HostTensor a = ew::Random(dt, ad, alo, ahi, seed++, Format::kNd, c.integral_floats);
    HostTensor b = ew::Random(dt, bd, blo, bhi, seed++, Format::kNd, c.integral_floats);
    if (!f && (c.nonzero_b || c.op == "Div" || c.op == "Mod")) {
      for (size_t i = 0; i < static_cast<size_t>(b.spec.ElementCount()); ++i) {
        if (ew::ReadAt(b, i) == 0) ew::WriteAt(&b, i, 1);
      }
    }
    RunResult r = RunOpOn(engine, c.op, {a, b}, c.attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    ASSERT_EQ(r.def->engine, engine);
    const std::vector<int64_t> od = ew::BroadcastShape(ad, bd);
    EXPECT_EQ(r.outputs[0].spec.dims, od);
    const DataType odt = c.out == DataType::kUndefined ? dt : c.out;
    EXPECT_EQ(r.outputs[0].spec.dtype, odt);
    const auto av = ew::Read(a), bv = ew::Read(b);
    std::vector<double> expected(static_cast<size_t>(ew::Numel(od)));
    for (size_t i = 0; i < expected.size(); ++i) {
      const int64_t li = static_cast<int64_t>(i);
      expected[i] = ref(av[static_cast<size_t>(ew::BroadcastIndex(od, ad, li))],
                        bv[static_cast<size_t>(ew::BroadcastIndex(od, bd, li))]);
    }
    if (!ew::IsFloat(odt)) expected = ew::RoundTo(odt, expected);
    EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(odt)));
  }
}

class BinaryRef : public ::testing::TestWithParam<BinaryCase> {};

TEST_P(BinaryRef, EveryEngineAndDtypeMatchesTheReference) {
  const BinaryCase& c = GetParam();
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    const auto defs = KernelRegistry::Get().Find(c.op);
    if (std::none_of(defs.begin(), defs.end(), [&](const KernelDef* d) { return d->engine == engine; })) continue;
    for (DataType dt : ew::Declared(c.op, engine)) CheckBinary(c, engine, dt);
  }
}

INSTANTIATE_TEST_SUITE_P(Elementwise, BinaryRef, ::testing::ValuesIn(BinaryCases()),
                         [](const ::testing::TestParamInfo<BinaryCase>& info) { return info.param.name; });

// ---- Variadic Sum / Mean / Max / Min ---------------------------------------------------

TEST(Variadic, OneToFourInputsBroadcastEveryEngineAndDtype) {
  const std::vector<std::vector<int64_t>> shapes = {{2, 3, 4}, {3, 1}, {4}, {}};
  for (const char* op : {"Sum", "Mean", "Max", "Min"}) {
    for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
      for (DataType dt : ew::Declared(op, engine)) {
        for (size_t n : {1u, 3u, 4u}) {
          SCOPED_TRACE(ew::Label(op, engine, dt, shapes[0]) + " inputs " + std::to_string(n));
          std::vector<HostTensor> in;
          std::vector<int64_t> od;
          for (size_t k = 0; k < n; ++k) {
            in.push_back(ew::Random(dt, shapes[k], ew::IsFloat(dt) ? -5 : 0, ew::IsFloat(dt) ? 5 : 50,
                                    static_cast<uint32_t>(k + 3)));
            od = ew::BroadcastShape(od, shapes[k]);
          }
          RunResult r = RunOpOn(engine, op, in);
          ASSERT_TRUE(r.status.ok()) << r.status.message();
          ASSERT_EQ(r.outputs[0].spec.dims, od);
          std::vector<double> expected(static_cast<size_t>(ew::Numel(od)));
          for (size_t i = 0; i < expected.size(); ++i) {
            double acc = 0;
            for (size_t k = 0; k < n; ++k) {
              const double v =
                  ew::ReadAt(in[k], static_cast<size_t>(ew::BroadcastIndex(od, shapes[k], static_cast<int64_t>(i))));
              if (k == 0) {
                acc = v;
              } else if (std::string(op) == "Max") {
                acc = std::max(acc, v);
              } else if (std::string(op) == "Min") {
                acc = std::min(acc, v);
              } else {
                acc += v;
              }
            }
            expected[i] = std::string(op) == "Mean" ? acc / static_cast<double>(n) : acc;
          }
          EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
        }
      }
    }
  }
}

TEST(Variadic, Fp16SumOfManyInputsAccumulatesInFp32) {
  // 2048 + 1 rounds back to 2048 in fp16 (spacing 2, ties to even): folding in fp16 would
  // lose every 1; the fp32 workspace keeps them and rounds once.
  std::vector<HostTensor> in = {ew::Tensor(DataType::kFloat16, {1}, {2048})};
  for (int k = 0; k < 8; ++k) in.push_back(ew::Tensor(DataType::kFloat16, {1}, {1}));
  RunResult r = RunOpOn(Engine::kAiCore, "Sum", in);
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(ew::Read(r.outputs[0])[0], 2056);  // fp16-by-fp16 folding would give 2048
}

TEST(Variadic, MaxAndMinPropagateNaN) {
  const double nan = std::nan("");
  for (const char* op : {"Max", "Min"}) {
    RunResult r =
        RunOp(op, {ew::Tensor(DataType::kFloat, {3}, {nan, 1, 2}), ew::Tensor(DataType::kFloat, {3}, {0, nan, 5})});
    ASSERT_TRUE(r.status.ok());
    const auto v = ew::Read(r.outputs[0]);
    EXPECT_TRUE(std::isnan(v[0]) && std::isnan(v[1])) << op;
    EXPECT_EQ(v[2], std::string(op) == "Max" ? 5 : 2);
  }
}

// ---- Integer edge cases ----------------------------------------------------------------

TEST(IntegerEdges, DivTruncatesAndDefinesDivisionByZero) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    RunResult r = RunOpOn(engine, "Div",
                          {HostTensor::FromValues<int32_t>(DataType::kInt32, {5}, {7, -7, 7, 9, INT32_MIN}),
                           HostTensor::FromValues<int32_t>(DataType::kInt32, {5}, {-2, 2, 0, 3, -1})});
    ASSERT_TRUE(r.status.ok());
    EXPECT_EQ(r.outputs[0].Values<int32_t>(), (std::vector<int32_t>{-3, -3, 0, 3, INT32_MIN}));
  }
}

TEST(IntegerEdges, ModSignFollowsFmod) {
  HostTensor a = HostTensor::FromValues<int64_t>(DataType::kInt64, {4}, {-7, 7, -7, 5});
  HostTensor b = HostTensor::FromValues<int64_t>(DataType::kInt64, {4}, {3, -3, -3, 0});
  RunResult py = RunOp("Mod", {a, b});
  ASSERT_TRUE(py.status.ok());
  EXPECT_EQ(py.def->engine, Engine::kAiCpu);
  EXPECT_EQ(py.outputs[0].Values<int64_t>(), (std::vector<int64_t>{2, -2, -1, 0}));
  RunResult c = RunOp("Mod", {a, b}, With("fmod", int64_t{1}));
  ASSERT_TRUE(c.status.ok());
  EXPECT_EQ(c.outputs[0].Values<int64_t>(), (std::vector<int64_t>{-1, 1, -1, 0}));
  RunResult fl =
      RunOp("Mod", {ew::Tensor(DataType::kFloat, {2}, {-7.5, 7.5}), ew::Tensor(DataType::kFloat, {2}, {2, -2})});
  ASSERT_TRUE(fl.status.ok());
  EXPECT_EQ(ew::Read(fl.outputs[0]), (std::vector<double>{0.5, -0.5}));
}

// uint16 / uint32 / uint64 (ONNX Max / Min / Mod list every unsigned width): values past the
// signed range and past 2^53 compare and divide exactly.
TEST(IntegerEdges, WideUnsignedMaxMinModAreExact) {
  const uint64_t big = UINT64_MAX - 1;
  const HostTensor a64 = HostTensor::FromValues<uint64_t>(DataType::kUint64, {3}, {big, 7, 1});
  const HostTensor b64 = HostTensor::FromValues<uint64_t>(DataType::kUint64, {3}, {UINT64_MAX, 3, 0});
  RunResult mx = RunOp("Max", {a64, b64});
  ASSERT_TRUE(mx.status.ok()) << mx.status.message();
  EXPECT_EQ(mx.def->engine, Engine::kAiCpu);
  EXPECT_EQ(mx.outputs[0].Values<uint64_t>(), (std::vector<uint64_t>{UINT64_MAX, 7, 1}));
  RunResult mn = RunOp("Min", {a64, b64});
  ASSERT_TRUE(mn.status.ok()) << mn.status.message();
  EXPECT_EQ(mn.outputs[0].Values<uint64_t>(), (std::vector<uint64_t>{big, 3, 0}));
  RunResult md = RunOp("Mod", {a64, b64});  // x mod 0 is 0
  ASSERT_TRUE(md.status.ok()) << md.status.message();
  EXPECT_EQ(md.outputs[0].Values<uint64_t>(), (std::vector<uint64_t>{big, 1, 0}));
  RunResult m32 = RunOp("Mod",
                        {HostTensor::FromValues<uint32_t>(DataType::kUint32, {2}, {4000000000u, 9}),
                         HostTensor::FromValues<uint32_t>(DataType::kUint32, {2}, {3000000000u, 4})},
                        With("fmod", int64_t{1}));
  ASSERT_TRUE(m32.status.ok()) << m32.status.message();
  EXPECT_EQ(m32.outputs[0].Values<uint32_t>(), (std::vector<uint32_t>{1000000000u, 1}));
  RunResult m16 = RunOp("Max", {HostTensor::FromValues<uint16_t>(DataType::kUint16, {3}, {3, 2, 65535}),
                                HostTensor::FromValues<uint16_t>(DataType::kUint16, {3}, {1, 4, 4})});
  ASSERT_TRUE(m16.status.ok()) << m16.status.message();
  EXPECT_EQ(m16.outputs[0].Values<uint16_t>(), (std::vector<uint16_t>{3, 4, 65535}));
  // The AI Core keeps its int32 lanes: a uint16 Max is not an AI Core kernel's.
  RunResult core = RunOpOn(Engine::kAiCore, "Max", {m16.outputs[0], m16.outputs[0]});
  EXPECT_FALSE(core.status.ok());
  EXPECT_NE(core.status.message().find("DT_UINT16"), std::string::npos) << core.status.message();
}

TEST(IntegerEdges, ArithmeticWraps) {
  RunResult add = RunOp("Add", {HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {INT64_MAX}),
                                HostTensor::FromValues<int64_t>(DataType::kInt64, {1}, {1})});
  ASSERT_TRUE(add.status.ok());
  EXPECT_EQ(add.outputs[0].Values<int64_t>()[0], INT64_MIN);
  RunResult mul = RunOp("Mul", {HostTensor::FromValues<int32_t>(DataType::kInt32, {1}, {65536}),
                                HostTensor::FromValues<int32_t>(DataType::kInt32, {1}, {65537})});
  ASSERT_TRUE(mul.status.ok());
  EXPECT_EQ(mul.outputs[0].Values<int32_t>()[0], 65536);
}

TEST(IntegerEdges, BitShiftByTheWidthOrMoreGivesZero) {
  RunResult r = RunOp("BitShift",
                      {HostTensor::FromValues<uint8_t>(DataType::kUint8, {3}, {255, 255, 1}),
                       HostTensor::FromValues<uint8_t>(DataType::kUint8, {3}, {8, 200, 7})},
                      With("direction", std::string("LEFT")));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].Values<uint8_t>(), (std::vector<uint8_t>{0, 0, 128}));
  RunResult bad = RunOp("BitShift",
                        {HostTensor::FromValues<uint8_t>(DataType::kUint8, {1}, {1}),
                         HostTensor::FromValues<uint8_t>(DataType::kUint8, {1}, {1})},
                        With("direction", std::string("UP")));
  EXPECT_EQ(bad.status.code(), err::kOpAttrNotMatch);
  RunResult missing = RunOp("BitShift", {HostTensor::FromValues<uint8_t>(DataType::kUint8, {1}, {1}),
                                         HostTensor::FromValues<uint8_t>(DataType::kUint8, {1}, {1})});
  EXPECT_EQ(missing.status.code(), err::kOpAttrNotMatch);
}

// ---- Pow with an exponent of another type (AI CPU) -------------------------------------

TEST(PowMixed, ExponentTypesDifferFromTheBase) {
  struct Case {
    DataType base, exp;
    std::vector<double> b, e, want;
  };
  const std::vector<Case> cases = {
      {DataType::kFloat, DataType::kInt8, {2, 3, 0.5}, {3, -1, 2}, {8, 1.0 / 3, 0.25}},
      {DataType::kFloat, DataType::kInt64, {2, -2}, {10, 3}, {1024, -8}},
      {DataType::kFloat16, DataType::kFloat, {4, 9}, {0.5, 0.5}, {2, 3}},
      {DataType::kDouble, DataType::kUint8, {1.5, 2}, {2, 0}, {2.25, 1}},
      {DataType::kFloat, DataType::kUint16, {2, 3}, {3, 0}, {8, 1}},
      {DataType::kFloat, DataType::kUint32, {1, 2, 3}, {4, 5, 6}, {1, 32, 729}},
      {DataType::kFloat, DataType::kUint64, {1, 2, 3}, {4, 5, 6}, {1, 32, 729}},
      {DataType::kInt64, DataType::kUint32, {3, -2}, {4, 3}, {81, -8}},
      {DataType::kInt32, DataType::kFloat, {9, 2, 3}, {0.5, 0.5, 2}, {3, 1, 9}},
      {DataType::kInt64, DataType::kInt8, {2, 1, -1, 5, 0}, {10, -3, -3, -1, -2}, {1024, 1, -1, 0, 0}},
      {DataType::kInt32, DataType::kDouble, {2, 10}, {40, 10.5}, {0, 2147483647}},  // wraps; fractional saturates
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(DataTypeName(c.base)) + " ^ " + DataTypeName(c.exp));
    const int64_t n = static_cast<int64_t>(c.b.size());
    RunResult r = RunOp("Pow", {ew::Tensor(c.base, {n}, c.b), ew::Tensor(c.exp, {n}, c.e)});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.def->engine, Engine::kAiCpu);
    EXPECT_EQ(r.outputs[0].spec.dtype, c.base);
    EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), c.want, ew::TolFor(c.base)));
  }
  // Broadcast a scalar exponent of another type over a large base.
  HostTensor base = ew::Random(DataType::kFloat, {3, 5000}, 0.5, 2, 9);
  RunResult sq = RunOp("Pow", {base, ew::Scalar(DataType::kInt64, 2)});
  ASSERT_TRUE(sq.status.ok());
  std::vector<double> expected;
  for (double v : ew::Read(base)) expected.push_back(v * v);
  EXPECT_TRUE(ew::Near(ew::Read(sq.outputs[0]), expected, ew::TolFor(DataType::kFloat)));
}

// ---- Where ---------------------------------------------------------------------------

TEST(Where, BroadcastsConditionXAndYForEveryEngineAndDtype) {
  const std::vector<int64_t> cd = {2, 1, 4}, xd = {3, 1}, yd = {4};
  const std::vector<int64_t> od = {2, 3, 4};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared("Where", engine, 1)) {
      SCOPED_TRACE(ew::Label("Where", engine, dt, od));
      HostTensor c = ew::Random(DataType::kBool, cd, 0, 1, 1);
      HostTensor x = ew::Random(dt, xd, 0, 100, 2);
      HostTensor y = ew::Random(dt, yd, 0, 100, 3);
      RunResult r = RunOpOn(engine, "Where", {c, x, y});
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      ASSERT_EQ(r.outputs[0].spec.dims, od);
      EXPECT_EQ(r.outputs[0].spec.dtype, dt);
      std::vector<double> expected(24);
      for (int64_t i = 0; i < 24; ++i) {
        const bool take_x = ew::ReadAt(c, static_cast<size_t>(ew::BroadcastIndex(od, cd, i))) != 0;
        expected[static_cast<size_t>(i)] = take_x ? ew::ReadAt(x, static_cast<size_t>(ew::BroadcastIndex(od, xd, i)))
                                                  : ew::ReadAt(y, static_cast<size_t>(ew::BroadcastIndex(od, yd, i)));
      }
      EXPECT_EQ(ew::Read(r.outputs[0]), expected);
    }
  }
  // A large same-shape case (contiguous fast path across threads).
  HostTensor c = ew::Random(DataType::kBool, {70000}, 0, 1, 4);
  HostTensor x = ew::Random(DataType::kFloat, {70000}, -1, 1, 5);
  HostTensor y = ew::Random(DataType::kFloat, {70000}, -1, 1, 6);
  RunResult r = RunOp("Where", {c, x, y});
  ASSERT_TRUE(r.status.ok());
  const auto cv = ew::Read(c), xv = ew::Read(x), yv = ew::Read(y), ov = ew::Read(r.outputs[0]);
  for (size_t i = 0; i < ov.size(); ++i) ASSERT_EQ(ov[i], cv[i] != 0 ? xv[i] : yv[i]) << i;
}

// ---- Selection -----------------------------------------------------------------------

TEST(BinaryEngines, Int64ArithmeticRunsOnAiCpuInt32OnAiCore) {
  RunResult i64 =
      RunOp("Add", {ew::Random(DataType::kInt64, {4}, -5, 5, 1), ew::Random(DataType::kInt64, {4}, -5, 5, 2)});
  ASSERT_TRUE(i64.status.ok());
  EXPECT_EQ(i64.def->engine, Engine::kAiCpu);
  EXPECT_TRUE(i64.work.on_ai_cpu);
  RunResult i32 =
      RunOp("Add", {ew::Random(DataType::kInt32, {4}, -5, 5, 1), ew::Random(DataType::kInt32, {4}, -5, 5, 2)});
  ASSERT_TRUE(i32.status.ok());
  EXPECT_EQ(i32.def->engine, Engine::kAiCore);
  RunResult f16 =
      RunOp("Mul", {ew::Random(DataType::kFloat16, {4}, -5, 5, 1), ew::Random(DataType::kFloat16, {}, -5, 5, 2)});
  ASSERT_TRUE(f16.status.ok());
  EXPECT_EQ(f16.def->engine, Engine::kAiCore);
  EXPECT_EQ(f16.work.vector_ops, 4u);
}

TEST(BinaryEngines, RefusalsSayWhy) {
  RunResult mixed =
      RunOp("Add", {ew::Random(DataType::kFloat, {4}, -5, 5, 1), ew::Random(DataType::kInt32, {4}, -5, 5, 2)});
  EXPECT_EQ(mixed.status.code(), err::kUnsupportedDataType);
  EXPECT_NE(mixed.status.message().find("differs from input 0"), std::string::npos) << mixed.status.message();
  RunResult shapes =
      RunOp("Add", {ew::Random(DataType::kFloat, {4, 3}, -5, 5, 1), ew::Random(DataType::kFloat, {4}, -5, 5, 2)});
  EXPECT_FALSE(shapes.status.ok());
  EXPECT_NE(shapes.status.message().find("cannot be broadcast"), std::string::npos) << shapes.status.message();
  HostTensor blocked = ew::Random(DataType::kFloat16, {1, 1, 2, 2, 16}, -1, 1, 1, Format::kNc1hwc0);
  RunResult layouts = RunOp("Add", {blocked, ew::Random(DataType::kFloat16, {16}, -1, 1, 2)});
  EXPECT_EQ(layouts.status.code(), err::kFormatNotMatch) << layouts.status.message();
  RunResult scalar = RunOp("Add", {blocked, ew::Random(DataType::kFloat16, {}, -1, 1, 2)});
  ASSERT_TRUE(scalar.status.ok()) << scalar.status.message();
  EXPECT_EQ(scalar.outputs[0].spec.format, Format::kNc1hwc0);
}

TEST(BinaryEngines, DynamicShapesGoToAiCpuWithUnknownDims) {
  TensorSpec a, b;
  a.dtype = b.dtype = DataType::kFloat;
  a.dims = {-1, 8};
  b.dims = {8};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Add", {a, b}, {}, ChipTraits{}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, 8}));
}

}  // namespace
}  // namespace asim::kernels::testing
