// Activation kernels against plain double references: every kernel x engine x dtype (Relu,
// the reference kernel, and the 15 others), attribute edge cases, engine selection
// (fp16 / fp32 static shapes on the AI Core, the rest and dynamic shapes on the AI CPU)
// and the work each engine reports.
//
// Owner: the activation family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

TEST(Relu, Fp32AndFp16OnAiCoreMatchTheReference) {
  for (DataType dt : {DataType::kFloat, DataType::kFloat16}) {
    auto values = RandomFloats(1000, -4, 4, 1);
    RunResult r = RunOpOn(Engine::kAiCore, "Relu", {HostTensor::FromFloats(dt, {10, 100}, values)});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    std::vector<float> expected(values.size());
    HostTensor rounded = HostTensor::FromFloats(dt, {10, 100}, values);
    auto in = rounded.ToFloats();
    std::transform(in.begin(), in.end(), expected.begin(), [](float v) { return std::max(v, 0.0f); });
    EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), expected, 0, 0)) << DataTypeName(dt);
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{10, 100}));
  }
}

TEST(Relu, IntegersGoToAiCpu) {
  RunResult r = RunOp("Relu", {HostTensor::FromValues<int64_t>(DataType::kInt64, {4}, {-3, 0, 5, -1})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{0, 0, 5, 0}));
}

TEST(Relu, AllAiCpuDtypes) {
  for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kBf16, DataType::kInt8,
                      DataType::kInt32, DataType::kInt64}) {
    RunResult r = RunOpOn(Engine::kAiCpu, "Relu", {HostTensor::FromFloats(dt, {3}, {-2, 0, 3})});
    ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
    EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{0, 0, 3})) << DataTypeName(dt);
  }
}

TEST(Relu, EmptyTensor) {
  RunResult r = RunOp("Relu", {HostTensor::Make(DataType::kFloat, {0, 5})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0, 5}));
}

TEST(Relu, WorkDescriptionIsVectorWork) {
  RunResult r = RunOpOn(Engine::kAiCore, "Relu", {HostTensor::Make(DataType::kFloat16, {1, 64, 56, 56})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.work.vector_ops, 64u * 56 * 56);
  EXPECT_EQ(r.work.mte2_bytes, 64u * 56 * 56 * 2);
  EXPECT_EQ(r.work.mte3_bytes, 64u * 56 * 56 * 2);
  EXPECT_EQ(r.work.cube_macs, 0u);
  EXPECT_GE(r.work.block_dim, 1u);
}

// ---- The other activations: every op x engine x dtype against a double reference ------

struct UnaryCase {
  std::string name;  // test name
  std::string op;
  AttrMap attrs;
  std::function<double(double)> ref;
  double lo, hi;
};

// gtest prints a failing parameter by name.
void PrintTo(const UnaryCase& c, std::ostream* os) {
  *os << c.name;
}

double F(float v) {
  return static_cast<double>(v);
}  // attribute values are floats

std::vector<UnaryCase> ActivationCases() {
  const double selu_a = F(1.67326319217681884765625f), selu_g = F(1.05070102214813232421875f);
  auto celu = [](double a) {
    return [a](double x) { return std::max(0.0, x) + std::min(0.0, a * std::expm1(x / a)); };
  };
  auto gelu = [](double x) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); };
  auto gelu_tanh = [](double x) { return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x))); };
  return {
      {"Sigmoid", "Sigmoid", {}, [](double x) { return 1 / (1 + std::exp(-x)); }, -12, 12},
      {"Tanh", "Tanh", {}, [](double x) { return std::tanh(x); }, -5, 5},
      {"LeakyRelu", "LeakyRelu", {}, [](double x) { return x < 0 ? F(0.01f) * x : x; }, -4, 4},
      {"LeakyReluAlpha", "LeakyRelu", Attrs({{"alpha", 0.3f}}), [](double x) { return x < 0 ? F(0.3f) * x : x; }, -4,
       4},
      {"Elu", "Elu", {}, [](double x) { return x < 0 ? std::expm1(x) : x; }, -6, 3},
      {"EluAlpha", "Elu", Attrs({{"alpha", 2.0f}}), [](double x) { return x < 0 ? 2 * std::expm1(x) : x; }, -6, 3},
      {"Selu", "Selu", {}, [=](double x) { return x <= 0 ? selu_g * selu_a * std::expm1(x) : selu_g * x; }, -6, 3},
      {"SeluAttrs", "Selu", Attrs({{"alpha", 1.5f}, {"gamma", 2.0f}}),
       [](double x) { return x <= 0 ? 2 * 1.5 * std::expm1(x) : 2 * x; }, -6, 3},
      {"Celu", "Celu", {}, celu(1.0), -6, 3},
      {"CeluAlpha", "Celu", Attrs({{"alpha", 0.5f}}), celu(0.5), -6, 3},
      {"ThresholdedRelu", "ThresholdedRelu", {}, [](double x) { return x > 1 ? x : 0; }, -3, 3},
      {"ThresholdedReluAlpha", "ThresholdedRelu", Attrs({{"alpha", 0.5f}}), [](double x) { return x > 0.5 ? x : 0; },
       -3, 3},
      {"HardSigmoid", "HardSigmoid", {}, [](double x) { return std::clamp(F(0.2f) * x + F(0.5f), 0.0, 1.0); }, -5, 5},
      {"HardSigmoidAttrs", "HardSigmoid", Attrs({{"alpha", 0.25f}, {"beta", 0.4f}}),
       [](double x) { return std::clamp(0.25 * x + F(0.4f), 0.0, 1.0); }, -5, 5},
      {"HardSwish", "HardSwish", {}, [](double x) { return x * std::clamp(x / 6 + 0.5, 0.0, 1.0); }, -5, 5},
      {"Softplus", "Softplus", {}, [](double x) { return std::log1p(std::exp(x)); }, -20, 20},
      {"Softsign", "Softsign", {}, [](double x) { return x / (1 + std::fabs(x)); }, -10, 10},
      {"Gelu", "Gelu", {}, gelu, -5, 5},
      {"GeluTanh", "Gelu", Attrs({{"approximate", std::string("tanh")}}), gelu_tanh, -5, 5},
      {"Mish", "Mish", {}, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); }, -10, 10},
      {"ClipAttrs", "Clip", Attrs({{"min", -1.0f}, {"max", 2.0f}}), [](double x) { return std::clamp(x, -1.0, 2.0); },
       -4, 4},
      {"ClipUnbounded", "Clip", {}, [](double x) { return x; }, -4, 4},
  };
}

class ActivationRef : public ::testing::TestWithParam<UnaryCase> {};

TEST_P(ActivationRef, EveryEngineAndDtypeMatchesTheReference) {
  const UnaryCase& c = GetParam();
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared(c.op, engine)) {
      if (!ew::IsFloat(dt)) continue;  // integer Clip has its own test
      ew::CheckUnary(c.op, engine, dt, c.attrs, c.ref, c.lo, c.hi);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Activations, ActivationRef, ::testing::ValuesIn(ActivationCases()),
                         [](const ::testing::TestParamInfo<UnaryCase>& info) { return info.param.name; });

TEST(ActivationEngines, AiCoreTakesFp16AndFp32AiCpuTheRest) {
  for (const char* op : {"Sigmoid", "Tanh", "Gelu", "HardSwish", "Celu"}) {
    RunResult core = RunOp(op, {ew::Random(DataType::kFloat16, {4, 4}, -1, 1, 1)});
    ASSERT_TRUE(core.status.ok()) << core.status.message();
    EXPECT_EQ(core.def->engine, Engine::kAiCore) << op;
    for (DataType dt : {DataType::kBf16, DataType::kDouble}) {
      RunResult cpu = RunOp(op, {ew::Random(dt, {4, 4}, -1, 1, 1)});
      ASSERT_TRUE(cpu.status.ok()) << cpu.status.message();
      EXPECT_EQ(cpu.def->engine, Engine::kAiCpu) << op << " " << DataTypeName(dt);
    }
    RunResult ints = RunOp(op, {ew::Random(DataType::kInt32, {4}, -3, 3, 1)});
    EXPECT_EQ(ints.status.code(), err::kUnsupportedDataType) << op;
  }
}

TEST(ActivationEngines, DynamicShapesGoToAiCpu) {
  TensorSpec x;
  x.dtype = DataType::kFloat;
  x.dims = {-1, 16};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Sigmoid", {x}, {}, ChipTraits{}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, 16}));
  ASSERT_FALSE(sel.refusals.empty());
  EXPECT_NE(sel.refusals[0].find("dynamic shape"), std::string::npos) << sel.refusals[0];
}

TEST(ActivationEngines, WorkIsVectorWorkOnAiCoreAndScalarWorkOnAiCpu) {
  RunResult core = RunOpOn(Engine::kAiCore, "Sigmoid", {HostTensor::Make(DataType::kFloat16, {2, 1000})});
  ASSERT_TRUE(core.status.ok());
  EXPECT_EQ(core.work.vector_ops, 4u * 2000);
  EXPECT_EQ(core.work.mte2_bytes, 4000u);
  EXPECT_EQ(core.work.mte3_bytes, 4000u);
  EXPECT_FALSE(core.work.on_ai_cpu);
  RunResult cpu = RunOpOn(Engine::kAiCpu, "Sigmoid", {HostTensor::Make(DataType::kDouble, {2, 1000})});
  ASSERT_TRUE(cpu.status.ok());
  EXPECT_TRUE(cpu.work.on_ai_cpu);
  EXPECT_EQ(cpu.work.aicpu_ops, 4u * 2000);
  EXPECT_EQ(cpu.work.vector_ops, 0u);
}

TEST(ActivationAttrs, BadValuesAreRefused) {
  RunResult gelu =
      RunOp("Gelu", {ew::Random(DataType::kFloat, {4}, -1, 1, 1)}, Attrs({{"approximate", std::string("erf")}}));
  EXPECT_EQ(gelu.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(gelu.status.message().find("approximate"), std::string::npos);
  RunResult celu = RunOp("Celu", {ew::Random(DataType::kFloat, {4}, -1, 1, 1)}, Attrs({{"alpha", 0.0f}}));
  EXPECT_EQ(celu.status.code(), err::kOpAttrNotMatch);
  RunResult leaky =
      RunOp("LeakyRelu", {ew::Random(DataType::kFloat, {4}, -1, 1, 1)}, Attrs({{"alpha", std::string("x")}}));
  EXPECT_EQ(leaky.status.code(), err::kOpAttrNotMatch);
}

TEST(ActivationEdges, SpecialValues) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  RunResult r = RunOp("Sigmoid", {ew::Tensor(DataType::kFloat, {4}, {-inf, inf, nan, -100})});
  ASSERT_TRUE(r.status.ok());
  const auto v = ew::Read(r.outputs[0]);
  EXPECT_EQ(v[0], 0.0);
  EXPECT_EQ(v[1], 1.0);
  EXPECT_TRUE(std::isnan(v[2]));
  EXPECT_GE(v[3], 0.0);
  RunResult sp = RunOp("Softplus", {ew::Tensor(DataType::kFloat, {2}, {1000, -1000})});
  ASSERT_TRUE(sp.status.ok());
  EXPECT_EQ(ew::Read(sp.outputs[0]), (std::vector<double>{1000, 0}));
}

// ---- Clip: bounds from inputs (opset >= 11) or attributes (opset 6) --------------------

TEST(Clip, BoundInputsEveryEngineAndDtype) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared("Clip", engine)) {
      SCOPED_TRACE(ew::Label("Clip", engine, dt, {5, 9}));
      const bool is_float = ew::IsFloat(dt);
      const double lo = dt == DataType::kUint8 ? 3 : -2, hi = dt == DataType::kUint8 ? 200 : 3;
      HostTensor x = ew::Random(dt, {5, 9}, is_float ? -5 : (dt == DataType::kUint8 ? 0 : -100), is_float ? 5 : 100, 7);
      RunResult r = RunOpOn(engine, "Clip", {x, ew::Scalar(dt, lo), ew::Scalar(dt, hi)});
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      std::vector<double> expected;
      for (double v : ew::Read(x)) expected.push_back(std::clamp(v, lo, hi));
      EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
      // Only a max bound (min absent): the type's lowest is the floor.
      RunResult only_max = RunOpOn(engine, "Clip", {x, ew::Absent(), ew::Scalar(dt, hi)});
      ASSERT_TRUE(only_max.status.ok()) << only_max.status.message();
      expected.clear();
      for (double v : ew::Read(x)) expected.push_back(std::min(v, hi));
      EXPECT_TRUE(ew::Near(ew::Read(only_max.outputs[0]), expected, ew::TolFor(dt)));
    }
  }
}

TEST(Clip, MinAboveMaxGivesMaxAndNaNPassesThrough) {
  RunResult r = RunOp("Clip", {ew::Tensor(DataType::kFloat, {4}, {-5, 0, 5, std::nan("")}),
                               ew::Scalar(DataType::kFloat, 2), ew::Scalar(DataType::kFloat, 1)});
  ASSERT_TRUE(r.status.ok());
  const auto v = ew::Read(r.outputs[0]);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[1], 1);
  EXPECT_EQ(v[2], 1);
  EXPECT_TRUE(std::isnan(v[3]));
}

TEST(Clip, Int64GoesToAiCpuAndBoundMustBeOneElement) {
  RunResult r = RunOp("Clip", {ew::Tensor(DataType::kInt64, {3}, {-9, 4, 9}), ew::Scalar(DataType::kInt64, -1),
                               ew::Scalar(DataType::kInt64, 5)});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{-1, 4, 5}));
  RunResult bad =
      RunOp("Clip", {ew::Tensor(DataType::kFloat, {3}, {1, 2, 3}), ew::Tensor(DataType::kFloat, {2}, {0, 1})});
  EXPECT_EQ(bad.status.code(), err::kOpInputNotMatch);
}

// ---- PRelu: slope broadcast to x -------------------------------------------------------

TEST(PRelu, SlopeBroadcastEveryEngineAndDtype) {
  const std::vector<std::pair<std::vector<int64_t>, std::vector<int64_t>>> shapes = {
      {{2, 3, 4, 5}, {3, 1, 1}}, {{2, 3, 4, 5}, {}}, {{7, 9}, {7, 9}}, {{6, 5}, {5}}, {{0, 3}, {3}}};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared("PRelu", engine)) {
      for (const auto& [xd, sd] : shapes) {
        SCOPED_TRACE(ew::Label("PRelu", engine, dt, xd) + " slope " + DimsToString(sd));
        const bool f = ew::IsFloat(dt);
        HostTensor x = ew::Random(dt, xd, f ? -4 : -50, f ? 4 : 50, 3);
        HostTensor s = ew::Random(dt, sd, f ? -1 : -3, f ? 1 : 3, 4);
        RunResult r = RunOpOn(engine, "PRelu", {x, s});
        ASSERT_TRUE(r.status.ok()) << r.status.message();
        EXPECT_EQ(r.outputs[0].spec.dims, xd);
        const auto xv = ew::Read(x), sv = ew::Read(s);
        std::vector<double> expected(xv.size());
        for (size_t i = 0; i < xv.size(); ++i) {
          const double slope = sv[static_cast<size_t>(ew::BroadcastIndex(xd, sd, static_cast<int64_t>(i)))];
          expected[i] = xv[i] < 0 ? slope * xv[i] : xv[i];
        }
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
      }
    }
  }
}

TEST(PRelu, SlopeMustBroadcastToX) {
  RunResult r =
      RunOp("PRelu", {ew::Random(DataType::kFloat, {2, 3}, -1, 1, 1), ew::Random(DataType::kFloat, {4}, -1, 1, 2)});
  EXPECT_FALSE(r.status.ok());  // a shape refusal by every candidate: kOpNotFound with the reasons
  EXPECT_NE(r.status.message().find("broadcast"), std::string::npos) << r.status.message();
  RunResult bigger =
      RunOp("PRelu", {ew::Random(DataType::kFloat, {3}, -1, 1, 1), ew::Random(DataType::kFloat, {2, 3}, -1, 1, 2)});
  EXPECT_FALSE(bigger.status.ok());
}

}  // namespace
}  // namespace asim::kernels::testing
