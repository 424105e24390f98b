// Shape / value kernels against plain references: Shape, Size, ConstantOfShape, Range,
// CumSum, Trilu and Einsum — every kernel x engine x declared dtype.
#include <cmath>
#include <limits>
#include <map>

#include "kernels/movement/movement_types.h"
#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

constexpr Engine kEngines[] = {Engine::kAiCore, Engine::kAiCpu};

bool IsFloat(DataType t) {
  return t == DataType::kFloat || t == DataType::kFloat16 || t == DataType::kBf16 || t == DataType::kDouble;
}

// Relative tolerance for a result rounded once to `t`.
double Rtol(DataType t) {
  if (t == DataType::kFloat16) return 2e-3;
  if (t == DataType::kBf16) return 1.6e-2;
  if (t == DataType::kFloat) return 1e-6;
  return 0;
}

std::vector<double> RandomValues(DataType t, size_t n, uint32_t seed) {
  std::vector<double> v;
  for (float f : RandomFloats(n, IsFloat(t) ? -2.0f : 0.0f, IsFloat(t) ? 2.0f : 4.0f, seed)) {
    v.push_back(IsFloat(t) ? StoredAs(t, f) : std::floor(f));
  }
  return v;
}

TEST(Shape, StartEndClampedAndAnyInputType) {
  const std::vector<int64_t> dims = {2, 0, 5, 7};
  const std::vector<std::tuple<int64_t, int64_t, std::vector<int64_t>>> cases = {
      {0, INT64_MAX, dims}, {1, 3, {0, 5}}, {-2, INT64_MAX, {5, 7}}, {-10, 10, dims}, {3, 1, {}}};
  for (DataType dt : {DataType::kFloat, DataType::kBool, DataType::kComplex64, DataType::kInt64}) {
    for (const auto& [start, end, want] : cases) {
      RunResult r = RunOp("Shape", {HostTensor::Make(dt, dims)}, Attrs({{"start", start}, {"end", end}}));
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      EXPECT_EQ(r.def->engine, Engine::kAiCpu);
      EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{static_cast<int64_t>(want.size())}));
      EXPECT_EQ(r.outputs[0].Values<int64_t>(), want);
    }
  }
  RunResult r = RunOp("Shape", {HostTensor::Make(DataType::kInt8, {})});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0}));
}

TEST(Size, ElementCountAsScalar) {
  for (const std::vector<int64_t>& dims :
       {std::vector<int64_t>{3, 4, 5}, std::vector<int64_t>{}, std::vector<int64_t>{2, 0}}) {
    RunResult r = RunOp("Size", {HostTensor::Make(DataType::kFloat16, dims)});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_TRUE(r.outputs[0].spec.dims.empty());
    EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{Count(dims)}));
  }
}

TEST(ConstantOfShape, EveryOutputTypeOnEveryEngineWithIntAndFloatValues) {
  std::vector<DataType> cpu = AllNumericTypes();
  cpu.push_back(DataType::kBool);
  for (Engine e : kEngines) {
    for (DataType dt : e == Engine::kAiCore ? AiCoreMoveTypes() : cpu) {
      for (const AttrValue& value : {AttrValue{int64_t{3}}, AttrValue{1.5f}}) {
        RunResult r =
            RunOpOn(e, "ConstantOfShape", {I64s({2, 0, 3}).AsConstant()}, Attrs({{"dtype", dt}, {"value", value}}));
        ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
        EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 0, 3}));
        r = RunOpOn(e, "ConstantOfShape", {I64s({2, 3}).AsConstant()}, Attrs({{"dtype", dt}, {"value", value}}));
        ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
        ASSERT_EQ(r.outputs[0].spec.dtype, dt);
        double want = std::holds_alternative<int64_t>(value) ? 3.0 : 1.5;
        if (dt == DataType::kBool)
          want = 1;
        else if (!IsFloat(dt))
          want = std::nearbyint(want);
        EXPECT_EQ(AsDoubles(r.outputs[0]), std::vector<double>(6, want)) << DataTypeName(dt);
      }
    }
  }
  // Default: float zeros; a scalar shape [] gives a scalar; large int64 values stay exact.
  RunResult r = RunOp("ConstantOfShape", {I64({0}, {}).AsConstant()});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(r.outputs[0].spec.dims.empty());
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{0}));
  r = RunOp("ConstantOfShape", {I64s({1}).AsConstant()},
            Attrs({{"dtype", DataType::kInt64}, {"value", int64_t{(int64_t{1} << 53) + 1}}}));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.outputs[0].Values<int64_t>(), (std::vector<int64_t>{(int64_t{1} << 53) + 1}));
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  r = RunOp("ConstantOfShape", {I64s({2}).AsConstant()}, Attrs({{"dtype", DataType::kDouble}}));
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
}

TEST(Range, PositiveNegativeEmptyAndFractionalSteps) {
  const std::vector<std::array<double, 3>> cases = {{0, 10, 3}, {10, 0, -3}, {1, 1, 1}, {5, 1, 2}, {-4, 3, 2}};
  const std::vector<std::array<double, 3>> fractional = {{0.5, 2, 0.25}, {1, -1, -0.5}};
  for (Engine e : kEngines) {
    for (DataType dt : DeclaredTypes("Range", e)) {
      auto all = cases;
      if (IsFloat(dt)) all.insert(all.end(), fractional.begin(), fractional.end());
      for (const auto& [s, l, d] : all) {
        RunResult r = RunOpOn(
            e, "Range",
            {Numbers(dt, {}, {s}).AsConstant(), Numbers(dt, {}, {l}).AsConstant(), Numbers(dt, {}, {d}).AsConstant()});
        ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
        std::vector<double> want;
        for (int64_t i = 0; i < static_cast<int64_t>(std::ceil((l - s) / d)); ++i) want.push_back(s + i * d);
        EXPECT_EQ(AsDoubles(r.outputs[0]), want) << DataTypeName(dt) << " " << s << ":" << l << ":" << d;
      }
    }
  }
  RunResult r =
      RunOp("Range", {Numbers(DataType::kInt32, {}, {0}).AsConstant(), Numbers(DataType::kInt32, {}, {3}).AsConstant(),
                      Numbers(DataType::kInt32, {}, {0}).AsConstant()});
  EXPECT_NE(r.status.message().find("delta is 0"), std::string::npos) << r.status.message();
  // No finite element count (a NaN or infinite limit, more elements than int64 holds, an
  // int64 span that overflows): refused, not an empty range.
  const double inf = std::numeric_limits<double>::infinity();
  for (double limit : {inf, -inf, std::nan(""), 1e30}) {
    const double delta = limit < 0 ? -1 : 1;
    RunResult bad = RunOp(
        "Range", {Numbers(DataType::kFloat, {}, {0}).AsConstant(), Numbers(DataType::kFloat, {}, {limit}).AsConstant(),
                  Numbers(DataType::kFloat, {}, {delta}).AsConstant()});
    EXPECT_FALSE(bad.status.ok()) << limit;
    EXPECT_NE(bad.status.message().find("finite element count"), std::string::npos) << bad.status.message();
  }
  RunResult overflow = RunOp(
      "Range", {Numbers(DataType::kInt64, {}, {-9e18}).AsConstant(), Numbers(DataType::kInt64, {}, {9e18}).AsConstant(),
                Numbers(DataType::kInt64, {}, {1}).AsConstant()});
  EXPECT_NE(overflow.status.message().find("overflows int64"), std::string::npos) << overflow.status.message();
  // Values unknown at selection: AI CPU with an unknown length.
  TensorSpec s;
  s.dtype = DataType::kInt64;
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("Range", {s, s, s}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1}));
}

TEST(CumSum, AxesExclusiveReverseEveryEngineAndDtype) {
  const std::vector<int64_t> dims = {3, 4, 5};
  for (Engine e : kEngines) {
    for (DataType dt : DeclaredTypes("CumSum", e)) {
      const auto values = RandomValues(dt, 60, 100);
      const HostTensor x = Numbers(dt, dims, values);
      for (int64_t axis : {0, 1, -1}) {
        const int64_t a = axis < 0 ? axis + 3 : axis;
        for (int exclusive = 0; exclusive < 2; ++exclusive) {
          for (int reverse = 0; reverse < 2; ++reverse) {
            RunResult r = RunOpOn(e, "CumSum", {x, I64({}, {axis}).AsConstant()},
                                  Attrs({{"exclusive", int64_t{exclusive}}, {"reverse", int64_t{reverse}}}));
            ASSERT_TRUE(r.status.ok()) << DataTypeName(dt) << ": " << r.status.message();
            std::vector<double> want(values.size(), 0);
            for (int64_t i = 0; i < Count(dims); ++i) {
              const auto p = Unravel(i, dims);
              double sum = 0;
              for (int64_t j = 0; j < dims[static_cast<size_t>(a)]; ++j) {
                const int64_t at = p[static_cast<size_t>(a)];
                const bool take = reverse ? (exclusive ? j > at : j >= at) : (exclusive ? j < at : j <= at);
                auto q = p;
                q[static_cast<size_t>(a)] = j;
                if (take) sum += values[static_cast<size_t>(Ravel(q, dims))];
              }
              want[static_cast<size_t>(i)] = StoredAs(dt, sum);
            }
            EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), want, Rtol(dt), IsFloat(dt) ? 1e-2 : 0))
                << DataTypeName(dt) << " axis " << axis << " exclusive " << exclusive << " reverse " << reverse;
          }
        }
      }
    }
  }
  // The AI Core needs a constant axis; the AI CPU reads it at run time.
  RunResult r = RunOp("CumSum", {HostTensor::FromFloats(DataType::kFloat, {3}, {1, 2, 3}), I64({}, {0})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{1, 3, 6}));
}

TEST(Trilu, UpperLowerWithDiagonalOffsetsEveryEngineAndDtype) {
  for (const std::vector<int64_t>& dims : {std::vector<int64_t>{2, 3, 4}, std::vector<int64_t>{5, 3}}) {
    const int64_t rows = dims[dims.size() - 2], cols = dims.back();
    for (int upper = 0; upper < 2; ++upper) {
      for (int64_t k : {int64_t{-1}, int64_t{0}, int64_t{2}, int64_t{-7}}) {
        std::vector<int64_t> src;
        for (int64_t i = 0; i < Count(dims); ++i) {
          const int64_t row = (i / cols) % rows, col = i % cols;
          const bool keep = upper ? col - row >= k : col - row <= k;
          src.push_back(keep ? i : -1);
        }
        for (Engine e : kEngines) {
          ExpectMovesEveryDtype(
              e, "Trilu",
              [&](DataType dt) {
                return std::vector<HostTensor>{RandomBytes(dt, dims, 110), I64({}, {k}).AsConstant()};
              },
              Attrs({{"upper", int64_t{upper}}}), dims, src);
        }
      }
    }
  }
  HostTensor x = HostTensor::FromFloats(DataType::kFloat, {2, 2}, {1, 2, 3, 4});
  RunResult r = RunOp("Trilu", {x});  // k absent: 0, upper
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{1, 2, 0, 4}));
  EXPECT_FALSE(RunOp("Trilu", {HostTensor::Make(DataType::kFloat, {3})}).status.ok());
}

// Plain einsum over letter-only equations: every combination of label values, size-1
// operand dims broadcast.
std::vector<double> EinsumRef(const std::string& eq, const std::vector<std::vector<int64_t>>& shapes,
                              const std::vector<std::vector<double>>& values, std::vector<int64_t>* out_dims) {
  const size_t arrow = eq.find("->");
  std::vector<std::string> terms;
  std::string lhs = eq.substr(0, arrow), out = eq.substr(arrow + 2);
  for (size_t at = 0;;) {
    const size_t comma = lhs.find(',', at);
    terms.push_back(lhs.substr(at, comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  std::map<char, int64_t> size;
  for (size_t o = 0; o < terms.size(); ++o) {
    for (size_t k = 0; k < terms[o].size(); ++k) size[terms[o][k]] = std::max(size[terms[o][k]], shapes[o][k]);
  }
  std::vector<char> labels;
  std::vector<int64_t> sizes;
  for (const auto& [c, n] : size) {
    labels.push_back(c);
    sizes.push_back(n);
  }
  out_dims->clear();
  for (char c : out) out_dims->push_back(size[c]);
  std::vector<double> result(static_cast<size_t>(Count(*out_dims)), 0.0);
  for (int64_t i = 0; i < Count(sizes); ++i) {
    const auto v = Unravel(i, sizes);
    std::map<char, int64_t> at;
    for (size_t k = 0; k < labels.size(); ++k) at[labels[k]] = v[k];
    double prod = 1;
    for (size_t o = 0; o < terms.size(); ++o) {
      std::vector<int64_t> idx;
      for (size_t k = 0; k < terms[o].size(); ++k) idx.push_back(shapes[o][k] == 1 ? 0 : at[terms[o][k]]);
      prod *= values[o][static_cast<size_t>(Ravel(idx, shapes[o]))];
    }
    std::vector<int64_t> oi;
    for (char c : out) oi.push_back(at[c]);
    result[static_cast<size_t>(Ravel(oi, *out_dims))] += prod;
  }
  return result;
}

TEST(Einsum, CommonEquationsEveryDtype) {
  struct Case {
    std::string eq, ref;  // the reference spells "..." and implicit outputs out
    std::vector<std::vector<int64_t>> shapes;
  };
  const std::vector<Case> cases = {
      {"ij,jk->ik", "ij,jk->ik", {{3, 4}, {4, 5}}},
      {"bij,bjk->bik", "bij,bjk->bik", {{2, 3, 4}, {2, 4, 3}}},
      {"bhqd,bhkd->bhqk", "bhqd,bhkd->bhqk", {{1, 2, 3, 4}, {1, 2, 5, 4}}},
      {"ij->ji", "ij->ji", {{3, 5}}},
      {"ii->i", "ii->i", {{4, 4}}},
      {"ij->", "ij->", {{3, 4}}},
      {"i,j->ij", "i,j->ij", {{3}, {4}}},
      {"ij,jk", "ij,jk->ik", {{2, 3}, {3, 2}}},
      {"ba", "ba->ab", {{2, 3}}},
      {"...ij,...jk->...ik", "xyij,yjk->xyik", {{2, 1, 3, 4}, {5, 4, 2}}},
      {"i j , j k -> i k", "ij,jk->ik", {{2, 2}, {2, 2}}},
      {"bij,jk->bk", "bij,jk->bk", {{2, 3, 4}, {4, 2}}},
  };
  for (DataType dt : DeclaredTypes("Einsum", Engine::kAiCpu)) {
    for (const auto& c : cases) {
      std::vector<HostTensor> in;
      std::vector<std::vector<double>> values;
      for (size_t o = 0; o < c.shapes.size(); ++o) {
        values.push_back(RandomValues(dt, static_cast<size_t>(Count(c.shapes[o])), 120 + static_cast<uint32_t>(o)));
        in.push_back(Numbers(dt, c.shapes[o], values.back()));
      }
      RunResult r = RunOp("Einsum", in, Attrs({{"equation", c.eq}}));
      ASSERT_TRUE(r.status.ok()) << c.eq << " " << DataTypeName(dt) << ": " << r.status.message();
      std::vector<int64_t> dims;
      auto want = EinsumRef(c.ref, c.shapes, values, &dims);
      for (auto& w : want) w = StoredAs(dt, w);
      EXPECT_EQ(r.outputs[0].spec.dims, dims) << c.eq;
      EXPECT_TRUE(Near(AsDoubles(r.outputs[0]), want, Rtol(dt), IsFloat(dt) ? 1e-3 : 0))
          << c.eq << " " << DataTypeName(dt);
    }
  }
}

TEST(Einsum, BadEquationsAreRefused) {
  const HostTensor a = HostTensor::Make(DataType::kFloat, {2, 3});
  EXPECT_NE(RunOp("Einsum", {a}, Attrs({{"equation", std::string("ij,jk->ik")}})).status.message().find("names 2"),
            std::string::npos);
  EXPECT_NE(RunOp("Einsum", {a, a}, Attrs({{"equation", std::string("ij,jk->ik")}})).status.message().find("sizes"),
            std::string::npos);
  EXPECT_NE(RunOp("Einsum", {a}, Attrs({{"equation", std::string("ijk->i")}})).status.message().find("rank"),
            std::string::npos);
  EXPECT_NE(RunOp("Einsum", {a}, Attrs({{"equation", std::string("ij->iz")}})).status.message().find("not an input"),
            std::string::npos);
}

}  // namespace
}  // namespace asim::kernels::testing
