// Reduction kernels against plain double references: Reduce* over contiguous and split
// axes (attribute and constant-input forms, keepdims, noop_with_empty_axes, empty sets),
// ArgMax / ArgMin (ties, select_last_index), Softmax / LogSoftmax / Hardmax (any axis,
// opset < 13 coercion), every engine x dtype.
//
// Owner: the reduction family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"
#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

// Groups input elements by output element for a reduction over `mask`.
std::vector<std::vector<double>> Groups(const std::vector<double>& x, const std::vector<int64_t>& dims,
                                        const std::vector<bool>& mask, std::vector<int64_t>* out_dims) {
  out_dims->clear();
  for (size_t i = 0; i < dims.size(); ++i) out_dims->push_back(mask[i] ? 1 : dims[i]);
  std::vector<std::vector<double>> groups(static_cast<size_t>(ew::Numel(*out_dims)));
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t rest = static_cast<int64_t>(i), out = 0, stride = 1;
    for (size_t k = dims.size(); k-- > 0;) {
      const int64_t c = rest % dims[k];
      rest /= dims[k];
      if (!mask[k]) out += c * stride;
      stride *= (*out_dims)[k];
    }
    groups[static_cast<size_t>(out)].push_back(x[i]);
  }
  return groups;
}

struct ReduceRef {
  std::function<double(const std::vector<double>&)> f;
  double lo, hi;  // float inputs
  bool ints;      // also checked on integer types
};

double SumOf(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

std::map<std::string, ReduceRef> Reducers() {
  const double inf = std::numeric_limits<double>::infinity();
  return {
      {"ReduceSum", {SumOf, -2, 2, true}},
      {"ReduceMean", {[](const auto& v) { return SumOf(v) / static_cast<double>(v.size()); }, -2, 2, true}},
      {"ReduceSumSquare",
       {[](const auto& v) {
          double s = 0;
          for (double x : v) s += x * x;
          return s;
        },
        -2, 2, true}},
      {"ReduceL1",
       {[](const auto& v) {
          double s = 0;
          for (double x : v) s += std::fabs(x);
          return s;
        },
        -2, 2, true}},
      {"ReduceL2",
       {[](const auto& v) {
          double s = 0;
          for (double x : v) s += x * x;
          return std::sqrt(s);
        },
        -2, 2, false}},
      {"ReduceLogSum", {[](const auto& v) { return std::log(SumOf(v)); }, 0.1, 2, false}},
      {"ReduceLogSumExp",
       {[inf](const auto& v) {
          double m = -inf;
          for (double x : v) m = std::max(m, x);
          double s = 0;
          for (double x : v) s += std::exp(x - m);
          return v.empty() ? -inf : m + std::log(s);
        },
        -3, 3, false}},
      {"ReduceMax",
       {[inf](const auto& v) {
          double m = -inf;
          for (double x : v) m = std::max(m, x);
          return m;
        },
        -2, 2, true}},
      {"ReduceMin",
       {[inf](const auto& v) {
          double m = inf;
          for (double x : v) m = std::min(m, x);
          return m;
        },
        -2, 2, true}},
      {"ReduceProd",
       {[](const auto& v) {
          double p = 1;
          for (double x : v) p *= x;
          return p;
        },
        0.5, 1.5, true}},
  };
}

struct Layout {
  std::vector<int64_t> dims;
  std::vector<int64_t> axes;
};

const std::vector<Layout>& Layouts() {
  static const std::vector<Layout> layouts = {
      {{3, 4, 5}, {1}},       {{3, 4, 5}, {0, 2}}, {{3, 4, 5}, {}},  {{3, 4, 5}, {-1}},
      {{2, 3, 4, 5}, {1, 3}}, {{6, 7}, {0}},       {{7}, {0}},       {{}, {}},
      {{0, 3}, {1}},          {{2, 3001}, {1}},    {{4001, 3}, {0}}, {{2, 1, 9}, {1}}};
  return layouts;
}

// Allowed error for a reduction: the dtype tolerance plus fp32 accumulation over the
// group's magnitude (float32 accumulates in fp32, fp16 / bf16 too).
double Allowed(DataType dt, double expected, const std::vector<double>& group) {
  const ew::Tol t = ew::TolFor(dt);
  double magnitude = 0;
  for (double x : group) magnitude += std::fabs(x) * (1 + std::fabs(x));
  const double acc = dt == DataType::kDouble ? 1e-13 : 4e-7;
  return t.atol + t.rtol * std::fabs(expected) + acc * magnitude;
}

void CheckReduce(const std::string& op, const ReduceRef& ref, Engine engine, DataType dt) {
  const bool f = ew::IsFloat(dt);
  int case_index = 0;
  for (const Layout& l : Layouts()) {
    for (bool keepdims : {true, false}) {
      ++case_index;
      if (op == "ReduceProd" && ew::Numel(l.dims) > 64) continue;  // products of thousands overflow
      SCOPED_TRACE(ew::Label(op, engine, dt, l.dims) + " axes " + DimsToString(l.axes) + (keepdims ? " keepdims" : ""));
      const double lo = f ? ref.lo : (dt == DataType::kUint8 || op == "ReduceProd" ? 0 : -5);
      const double hi = f ? ref.hi : (op == "ReduceProd" ? 2 : 5);
      HostTensor x = ew::Random(dt, l.dims, lo, hi, static_cast<uint32_t>(case_index));
      AttrMap attrs;
      attrs.Set("keepdims", int64_t{keepdims ? 1 : 0});
      std::vector<HostTensor> inputs = {x};
      if (case_index % 2 == 0 && !l.axes.empty()) {
        inputs.push_back(ew::I64s(l.axes).AsConstant());  // opset 18 form
      } else {
        attrs.Set("axes", l.axes);  // attribute form
      }
      RunResult r = RunOpOn(engine, op, inputs, attrs);
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      std::vector<bool> mask(l.dims.size(), l.axes.empty());
      for (int64_t a : l.axes) mask[static_cast<size_t>(a < 0 ? a + static_cast<int64_t>(l.dims.size()) : a)] = true;
      std::vector<int64_t> kept;
      const auto groups = Groups(ew::Read(x), l.dims, mask, &kept);
      std::vector<int64_t> want_dims;
      for (size_t i = 0; i < l.dims.size(); ++i) {
        if (!mask[i] || keepdims) want_dims.push_back(kept[i]);
      }
      ASSERT_EQ(r.outputs[0].spec.dims, want_dims);
      const auto actual = ew::Read(r.outputs[0]);
      ASSERT_EQ(actual.size(), groups.size());
      for (size_t g = 0; g < groups.size(); ++g) {
        double e = ref.f(groups[g]);
        if (!f) {
          if (op == "ReduceMean")
            e = groups[g].empty() ? 0 : std::trunc(SumOf(groups[g]) / static_cast<double>(groups[g].size()));
          e = ew::RoundTo(dt, {e})[0];
          EXPECT_EQ(actual[g], e) << "output " << g;
          continue;
        }
        if (std::isnan(e) || std::isinf(e)) {
          EXPECT_TRUE((std::isnan(e) && std::isnan(actual[g])) || actual[g] == e) << actual[g] << " vs " << e;
          continue;
        }
        EXPECT_NEAR(actual[g], e, Allowed(dt, e, groups[g])) << "output " << g;
      }
    }
  }
}

class ReduceOps : public ::testing::TestWithParam<std::string> {};

TEST_P(ReduceOps, EveryEngineDtypeAndAxesMatchTheReference) {
  const std::string op = GetParam();
  const ReduceRef ref = Reducers().at(op);
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared(op, engine)) {
      if (!ew::IsFloat(dt) && !ref.ints) ADD_FAILURE() << op << " declares " << DataTypeName(dt);
      CheckReduce(op, ref, engine, dt);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Reductions, ReduceOps,
                         ::testing::Values("ReduceSum", "ReduceMean", "ReduceSumSquare", "ReduceL1", "ReduceL2",
                                           "ReduceLogSum", "ReduceLogSumExp", "ReduceMax", "ReduceMin", "ReduceProd"));

TEST(ReduceEdges, EmptySetsGiveTheIdentity) {
  const double inf = std::numeric_limits<double>::infinity();
  HostTensor x = HostTensor::Make(DataType::kFloat, {3, 0});
  AttrMap attrs;
  attrs.Set("axes", std::vector<int64_t>{1});
  const std::vector<std::pair<std::string, double>> want = {{"ReduceSum", 0},          {"ReduceProd", 1},
                                                            {"ReduceMax", -inf},       {"ReduceMin", inf},
                                                            {"ReduceLogSumExp", -inf}, {"ReduceL2", 0}};
  for (const auto& [op, v] : want) {
    RunResult r = RunOp(op, {x}, attrs);
    ASSERT_TRUE(r.status.ok()) << op << ": " << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{3, 1}));
    EXPECT_EQ(ew::Read(r.outputs[0]), std::vector<double>(3, v)) << op;
  }
  RunResult mean = RunOp("ReduceMean", {x}, attrs);
  ASSERT_TRUE(mean.status.ok());
  EXPECT_TRUE(std::isnan(ew::Read(mean.outputs[0])[0]));
}

TEST(ReduceEdges, NoopWithEmptyAxesReducesEachElementAlone) {
  HostTensor x = ew::Tensor(DataType::kFloat, {2, 2}, {1, -2, 3, -4});
  AttrMap attrs;
  attrs.Set("noop_with_empty_axes", int64_t{1});
  RunResult sum = RunOp("ReduceSum", {x}, attrs);
  ASSERT_TRUE(sum.status.ok());
  EXPECT_EQ(sum.outputs[0].spec.dims, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(ew::Read(sum.outputs[0]), (std::vector<double>{1, -2, 3, -4}));
  RunResult sq = RunOp("ReduceSumSquare", {x}, attrs);
  ASSERT_TRUE(sq.status.ok());
  EXPECT_EQ(ew::Read(sq.outputs[0]), (std::vector<double>{1, 4, 9, 16}));
  RunResult all = RunOp("ReduceSum", {x});  // default: every axis
  ASSERT_TRUE(all.status.ok());
  EXPECT_EQ(all.outputs[0].spec.dims, (std::vector<int64_t>{1, 1}));
  EXPECT_EQ(ew::Read(all.outputs[0]), (std::vector<double>{-2}));
}

TEST(ReduceEdges, BadAxesAreRefused) {
  HostTensor x = ew::Random(DataType::kFloat, {2, 3}, -1, 1, 1);
  AttrMap repeated;
  repeated.Set("axes", std::vector<int64_t>{1, -1});
  EXPECT_EQ(RunOp("ReduceSum", {x}, repeated).status.code(), err::kOpAttrNotMatch);
  AttrMap out_of_range;
  out_of_range.Set("axes", std::vector<int64_t>{2});
  RunResult r = RunOp("ReduceMax", {x}, out_of_range);
  EXPECT_EQ(r.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(r.status.message().find("out of range"), std::string::npos);
}

TEST(ReduceEdges, NaNPropagatesAndLogSumExpDoesNotOverflow) {
  RunResult mx = RunOp("ReduceMax", {ew::Tensor(DataType::kFloat, {3}, {1, std::nan(""), 2})});
  ASSERT_TRUE(mx.status.ok());
  EXPECT_TRUE(std::isnan(ew::Read(mx.outputs[0])[0]));
  RunResult lse = RunOp("ReduceLogSumExp", {ew::Tensor(DataType::kFloat16, {2}, {1000, 1000})});
  ASSERT_TRUE(lse.status.ok());
  EXPECT_NEAR(ew::Read(lse.outputs[0])[0], 1000 + std::log(2.0), 1.0);
}

TEST(ReduceEngines, AxesInputMustBeConstantOnAiCore) {
  HostTensor x = ew::Random(DataType::kFloat, {4, 6}, -1, 1, 3);
  // Axes known only at run time: the AI Core refuses, the AI CPU computes the shape.
  RunResult refused = RunOpOn(Engine::kAiCore, "ReduceSum", {x, ew::I64s({1})});
  EXPECT_FALSE(refused.status.ok());
  EXPECT_NE(refused.status.message().find("not a constant"), std::string::npos) << refused.status.message();
  RunResult dynamic = RunComputedShape(Engine::kAiCpu, "ReduceSum", {x, ew::I64s({1})});
  ASSERT_TRUE(dynamic.status.ok()) << dynamic.status.message();
  EXPECT_EQ(dynamic.outputs[0].spec.dims, (std::vector<int64_t>{4, 1}));
  RunResult constant = RunOp("ReduceSum", {x, ew::I64s({1}).AsConstant()});
  ASSERT_TRUE(constant.status.ok());
  EXPECT_EQ(constant.def->engine, Engine::kAiCore);
  EXPECT_EQ(ew::Read(dynamic.outputs[0]), ew::Read(constant.outputs[0]));
  EXPECT_EQ(constant.work.vector_ops, 24u);
  EXPECT_EQ(constant.work.mte2_bytes, 24u * 4 + 8);
  // At selection with unknown axes the AI CPU kernel reports the bound (the input's dims).
  TensorSpec xs = x.spec, axes;
  axes.dtype = DataType::kInt64;
  axes.dims = {1};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("ReduceMean", {xs, axes}, {}, ChipTraits{}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{4, 6}));
}

// An empty axes tensor (opset 18's "reduce every axis" without noop_with_empty_axes) has no
// bytes to point at, yet its values are known: the shape is decided at selection ([] with
// keepdims 0), on the AI Core, not bounded by the input's dims as for run-time axes.
TEST(ReduceEngines, AnEmptyAxesTensorReducesEveryAxisAtSelection) {
  TensorSpec x, axes;
  x.dtype = DataType::kFloat;
  x.dims = {2, 3, 4};
  axes.dtype = DataType::kInt64;
  axes.dims = {0};  // no host_data: nothing to point at
  AttrMap attrs;
  attrs.Set("keepdims", int64_t{0});
  for (const char* op : {"ReduceSum", "ReduceMean", "ReduceMax"}) {
    Selection sel;
    ASSERT_TRUE(KernelRegistry::Get().Select(op, {x, axes}, attrs, ChipTraits{}, &sel).ok()) << op;
    EXPECT_EQ(sel.def->engine, Engine::kAiCore) << op;
    EXPECT_EQ(sel.outputs[0].dims, std::vector<int64_t>{}) << op;
  }
}

TEST(ReduceEngines, BlockedLayoutIsConvertedBackFirst) {
  // An NC1HWC0 input reaches the reduction through TransData to NCHW.
  HostTensor x = ew::Random(DataType::kFloat16, {1, 16, 2, 2}, -1, 1, 9);
  AttrMap to5hd = KernelRegistry::TransDataAttrs(Format::kNchw, Format::kNc1hwc0);
  x.spec.format = Format::kNchw;
  RunResult blocked = RunOp(KernelRegistry::kTransDataOp, {x}, to5hd);
  ASSERT_TRUE(blocked.status.ok()) << blocked.status.message();
  AttrMap attrs;
  attrs.Set("axes", std::vector<int64_t>{1});
  RunResult r = RunOp("ReduceSum", {blocked.outputs[0]}, attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.conversions.size(), 1u);
  RunResult plain = RunOp("ReduceSum", {x}, attrs);
  ASSERT_TRUE(plain.status.ok());
  EXPECT_EQ(ew::Read(r.outputs[0]), ew::Read(plain.outputs[0]));
}

// ---- ArgMax / ArgMin -----------------------------------------------------------------

// CANN's ArgMaxD / ArgMinD: `dimension`, the axis dropped, int32 out; a 1-D input gives [1]
// (the public vpc_resnet50 sample's single-op ArgMaxD: float16 [1000] -> int32 [1]).
TEST(ArgExtreme, CannDVariants) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    HostTensor x = HostTensor::FromFloats(DataType::kFloat16, {6}, {0.5f, 3, -1, 3, 2, 0});
    AttrMap attrs;
    attrs.Set("dimension", int64_t{0});
    RunResult r = RunOpOn(engine, "ArgMaxD", {x}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, std::vector<int64_t>{1});
    EXPECT_EQ(r.outputs[0].spec.dtype, DataType::kInt32);
    EXPECT_EQ(r.outputs[0].Values<int32_t>(), std::vector<int32_t>{1});
    r = RunOpOn(engine, "ArgMinD", {x}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].Values<int32_t>(), std::vector<int32_t>{2});
    HostTensor m = HostTensor::FromFloats(DataType::kFloat, {2, 3}, {1, 5, 2, 9, 0, 4});
    attrs.Set("dimension", int64_t{-1});
    r = RunOpOn(engine, "ArgMaxD", {m}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, std::vector<int64_t>{2});
    EXPECT_EQ(r.outputs[0].Values<int32_t>(), (std::vector<int32_t>{1, 0}));
  }
}

TEST(ArgExtreme, EveryEngineDtypeAxisAndTieRule) {
  const std::vector<std::pair<std::vector<int64_t>, int64_t>> cases = {
      {{3, 4, 5}, 1}, {{3, 4, 5}, -1}, {{3, 4, 5}, 0}, {{7}, 0}, {{2, 3001}, 1}, {{300, 3}, 0}, {{0, 4}, 1}};
  for (const char* op : {"ArgMax", "ArgMin"}) {
    const bool want_max = std::string(op) == "ArgMax";
    for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
      for (DataType dt : ew::Declared(op, engine)) {
        for (const auto& [dims, axis] : cases) {
          for (int last = 0; last < 2; ++last) {
            for (int keep = 0; keep < 2; ++keep) {
              SCOPED_TRACE(ew::Label(op, engine, dt, dims) + " axis " + std::to_string(axis) + (last ? " last" : "") +
                           (keep ? " keepdims" : ""));
              HostTensor x = ew::Random(dt, dims, 0, 3, 5, Format::kNd, /*integral=*/true);  // many ties
              AttrMap attrs;
              attrs.Set("axis", axis);
              attrs.Set("select_last_index", int64_t{last});
              attrs.Set("keepdims", int64_t{keep});
              RunResult r = RunOpOn(engine, op, {x}, attrs);
              ASSERT_TRUE(r.status.ok()) << r.status.message();
              const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(dims.size()) : axis);
              std::vector<bool> mask(dims.size(), false);
              mask[a] = true;
              std::vector<int64_t> kept;
              const auto groups = Groups(ew::Read(x), dims, mask, &kept);
              std::vector<int64_t> want_dims = kept;
              if (!keep) want_dims.erase(want_dims.begin() + static_cast<int64_t>(a));
              ASSERT_EQ(r.outputs[0].spec.dims, want_dims);
              ASSERT_EQ(r.outputs[0].spec.dtype, DataType::kInt64);
              const auto got = r.outputs[0].Values<int64_t>();
              for (size_t g = 0; g < groups.size(); ++g) {
                int64_t best = 0;
                for (size_t k = 1; k < groups[g].size(); ++k) {
                  const double v = groups[g][k], b = groups[g][static_cast<size_t>(best)];
                  const bool better = want_max ? (last ? v >= b : v > b) : (last ? v <= b : v < b);
                  if (better) best = static_cast<int64_t>(k);
                }
                ASSERT_EQ(got[g], best) << "group " << g;
              }
            }
          }
        }
      }
    }
  }
}

TEST(ArgExtreme, NaNIsTheExtremeAndEmptyAxisIsRefused) {
  RunResult r = RunOp("ArgMax", {ew::Tensor(DataType::kFloat, {4}, {1, std::nan(""), 5, std::nan("")})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{1}));
  AttrMap axis1;
  axis1.Set("axis", int64_t{1});
  EXPECT_FALSE(RunOp("ArgMin", {HostTensor::Make(DataType::kFloat, {3, 0})}, axis1).status.ok());
  RunResult i64 = RunOp("ArgMin", {HostTensor::FromValues<int64_t>(DataType::kInt64, {3}, {5, -9, -9})});
  ASSERT_TRUE(i64.status.ok());
  EXPECT_EQ(i64.def->engine, Engine::kAiCpu);
  EXPECT_EQ(i64.outputs[0].Values<int64_t>(), (std::vector<int64_t>{1}));
}

// ---- Softmax / LogSoftmax / Hardmax --------------------------------------------------

TEST(SoftmaxFamily, EveryEngineDtypeAndAxis) {
  struct Case {
    std::vector<int64_t> dims;
    int64_t axis;
    bool coerce;
  };
  const std::vector<Case> cases = {{{3, 4, 5}, -1, false}, {{3, 4, 5}, 1, false}, {{3, 4, 5}, 0, false},
                                   {{2, 3001}, 1, false},  {{3001, 2}, 0, false}, {{2, 3, 4}, 1, true},
                                   {{7}, 0, false},        {{0, 3}, 1, false}};
  for (const char* op : {"Softmax", "LogSoftmax", "Hardmax"}) {
    const std::string name = op;
    for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
      for (DataType dt : ew::Declared(op, engine)) {
        for (const Case& c : cases) {
          SCOPED_TRACE(ew::Label(op, engine, dt, c.dims) + " axis " + std::to_string(c.axis) +
                       (c.coerce ? " coerce_2d" : ""));
          HostTensor x = ew::Random(dt, c.dims, -4, 4, 8, Format::kNd, name == "Hardmax");
          AttrMap attrs;
          attrs.Set("axis", c.axis);
          attrs.Set("coerce_2d", int64_t{c.coerce ? 1 : 0});
          RunResult r = RunOpOn(engine, op, {x}, attrs);
          ASSERT_TRUE(r.status.ok()) << r.status.message();
          ASSERT_EQ(r.outputs[0].spec.dims, c.dims);
          const size_t a = static_cast<size_t>(c.axis < 0 ? c.axis + static_cast<int64_t>(c.dims.size()) : c.axis);
          std::vector<bool> mask(c.dims.size(), false);
          for (size_t i = a; i < c.dims.size(); ++i) mask[i] = i == a || c.coerce;
          // Expected per element: group the slice, then map each member.
          const auto xv = ew::Read(x);
          std::vector<int64_t> kept;
          const auto groups = Groups(xv, c.dims, mask, &kept);
          // Per slice: max, first argmax, sum of exp(x - max).
          std::vector<double> gmax(groups.size()), gsum(groups.size());
          std::vector<size_t> garg(groups.size());
          for (size_t g = 0; g < groups.size(); ++g) {
            double m = -std::numeric_limits<double>::infinity();
            for (size_t k = 0; k < groups[g].size(); ++k) {
              if (groups[g][k] > m) m = groups[g][k], garg[g] = k;
            }
            double sum = 0;
            for (double v : groups[g]) sum += std::exp(v - m);
            gmax[g] = m, gsum[g] = sum;
          }
          std::vector<double> expected(xv.size());
          std::vector<size_t> seen(groups.size(), 0);
          for (size_t i = 0; i < xv.size(); ++i) {
            int64_t rest = static_cast<int64_t>(i), gi = 0, stride = 1;
            for (size_t k = c.dims.size(); k-- > 0;) {
              const int64_t coord = rest % c.dims[k];
              rest /= c.dims[k];
              if (!mask[k]) gi += coord * stride;
              stride *= kept[k];
            }
            const size_t g = static_cast<size_t>(gi);
            const size_t pos = seen[g]++;
            if (name == "Softmax") expected[i] = std::exp(xv[i] - gmax[g]) / gsum[g];
            if (name == "LogSoftmax") expected[i] = xv[i] - gmax[g] - std::log(gsum[g]);
            if (name == "Hardmax") expected[i] = pos == garg[g] ? 1 : 0;
          }
          EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
        }
      }
    }
  }
}

// LogSoftmax of large values keeps fp32's precision of the difference: (x - max) - log(sum),
// not x - (max + log(sum)), whose rounding at 1000 costs ~3e-5 (ONNX Runtime: -0.3132617).
TEST(SoftmaxFamily, LogSoftmaxOfLargeValuesIsAsPreciseAsOfSmallOnes) {
  const double want0 = -std::log1p(std::exp(-1.0)), want1 = want0 - 1.0;
  RunResult row = RunOp("LogSoftmax", {ew::Tensor(DataType::kFloat, {2}, {1000, 999})});
  ASSERT_TRUE(row.status.ok());
  const std::vector<double> got_row = ew::Read(row.outputs[0]);
  EXPECT_NEAR(got_row[0], want0, 1e-6);
  EXPECT_NEAR(got_row[1], want1, 1e-6);
  AttrMap axis0;
  axis0.Set("axis", int64_t{0});
  RunResult column = RunOp("LogSoftmax", {ew::Tensor(DataType::kFloat, {2, 1}, {1000, 999})}, axis0);
  ASSERT_TRUE(column.status.ok());
  const std::vector<double> got_column = ew::Read(column.outputs[0]);
  EXPECT_NEAR(got_column[0], want0, 1e-6);
  EXPECT_NEAR(got_column[1], want1, 1e-6);
}

TEST(SoftmaxFamily, LargeValuesDoNotOverflowAndBadAxisIsRefused) {
  RunResult r = RunOp("Softmax", {ew::Tensor(DataType::kFloat, {3}, {1000, 1000, -1000})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), {0.5, 0.5, 0}, ew::TolFor(DataType::kFloat)));
  AttrMap bad;
  bad.Set("axis", int64_t{3});
  EXPECT_EQ(RunOp("Softmax", {ew::Random(DataType::kFloat, {2, 3}, -1, 1, 1)}, bad).status.code(),
            err::kOpAttrNotMatch);
}

}  // namespace
}  // namespace asim::kernels::testing
