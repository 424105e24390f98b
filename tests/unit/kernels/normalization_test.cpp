// Normalisation kernels against plain double references: BatchNormalization (ND / NCHW
// and the AI Core's NC1HWC0 with per-channel parameters padded to C1 * C0),
// InstanceNormalization, GroupNormalization, LayerNormalization (with its Mean /
// InvStdDev outputs), LpNormalization, LRN and MeanVarianceNormalization, every engine x
// dtype, plus their refusals.
//
// Owner: the normalisation family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <algorithm>
#include <cmath>
#include <map>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

std::vector<DataType> Both(const std::string& op, Engine engine) {
  return ew::Declared(op, engine);
}

// Stats of a list.
std::pair<double, double> MeanVar(const std::vector<double>& v) {
  double m = 0, s = 0;
  for (double x : v) m += x;
  m /= static_cast<double>(v.size());
  for (double x : v) s += (x - m) * (x - m);
  return {m, s / static_cast<double>(v.size())};
}

// ---- BatchNormalization -----------------------------------------------------------------

std::vector<HostTensor> BnParams(DataType dt, int64_t channels, uint32_t seed) {
  return {ew::Random(dt, {channels}, -2, 2, seed), ew::Random(dt, {channels}, -1, 1, seed + 1),
          ew::Random(dt, {channels}, -1, 1, seed + 2), ew::Random(dt, {channels}, 0.1, 2, seed + 3)};
}

double BnRef(const std::vector<HostTensor>& p, int64_t c, double x, double eps) {
  const size_t i = static_cast<size_t>(c);
  return (x - ew::ReadAt(p[2], i)) / std::sqrt(ew::ReadAt(p[3], i) + eps) * ew::ReadAt(p[0], i) + ew::ReadAt(p[1], i);
}

TEST(BatchNormalization, NchwAndNdEveryEngineAndDtype) {
  const std::vector<std::vector<int64_t>> shapes = {{2, 3, 4, 5}, {4, 6}, {2, 3, 7}, {1, 8, 130, 130}, {0, 3, 2, 2}};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("BatchNormalization", engine)) {
      for (const auto& dims : shapes) {
        for (float eps : {1e-5f, 1e-2f}) {
          SCOPED_TRACE(ew::Label("BatchNormalization", engine, dt, dims));
          HostTensor x = ew::Random(dt, dims, -3, 3, 1);
          // Parameters in fp32 whatever x is (ONNX T1 / T2 may differ from T).
          const auto p = BnParams(DataType::kFloat, dims[1], 2);
          AttrMap attrs;
          attrs.Set("epsilon", eps);
          RunResult r = RunOpOn(engine, "BatchNormalization", {x, p[0], p[1], p[2], p[3]}, attrs);
          ASSERT_TRUE(r.status.ok()) << r.status.message();
          const auto xv = ew::Read(x);
          int64_t spatial = 1;
          for (size_t i = 2; i < dims.size(); ++i) spatial *= dims[i];
          std::vector<double> expected(xv.size());
          for (size_t i = 0; i < xv.size(); ++i) {
            expected[i] = BnRef(p, (static_cast<int64_t>(i) / spatial) % dims[1], xv[i], static_cast<double>(eps));
          }
          EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
        }
      }
    }
  }
}

TEST(BatchNormalization, Nc1hwc0WithPaddedChannelParameters) {
  for (DataType dt : {DataType::kFloat16, DataType::kFloat}) {
    const std::vector<int64_t> dims = {2, 3, 5, 7, 16};  // C1 = 3, C0 = 16: 48 padded channels
    HostTensor x = ew::Random(dt, dims, -3, 3, 4, Format::kNc1hwc0);
    const auto p = BnParams(dt, 48, 5);
    RunResult r = RunOp("BatchNormalization", {x, p[0], p[1], p[2], p[3]});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.def->engine, Engine::kAiCore);
    EXPECT_EQ(r.outputs[0].spec.format, Format::kNc1hwc0);
    EXPECT_EQ(r.outputs[0].spec.dims, dims);
    const auto xv = ew::Read(x);
    std::vector<double> expected(xv.size());
    for (size_t i = 0; i < xv.size(); ++i) {
      const int64_t li = static_cast<int64_t>(i);
      const int64_t c0 = li % 16, c1 = (li / (16 * 5 * 7)) % 3;
      expected[i] = BnRef(p, c1 * 16 + c0, xv[i], 1e-5);
    }
    EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt))) << DataTypeName(dt);
    EXPECT_EQ(r.work.mte2_bytes, static_cast<uint64_t>(x.bytes.size() + 4 * 48 * DataTypeSize(dt)));
  }
}

TEST(BatchNormalization, Refusals) {
  HostTensor x = ew::Random(DataType::kFloat, {2, 3, 4, 4}, -1, 1, 1);
  auto p = BnParams(DataType::kFloat, 3, 2);
  AttrMap training;
  training.Set("training_mode", int64_t{1});
  RunResult t = RunOp("BatchNormalization", {x, p[0], p[1], p[2], p[3]}, training);
  EXPECT_EQ(t.status.code(), err::kOpAttrNotMatch);
  EXPECT_NE(t.status.message().find("training_mode"), std::string::npos);
  auto wrong = BnParams(DataType::kFloat, 4, 2);
  RunResult w = RunOp("BatchNormalization", {x, wrong[0], wrong[1], wrong[2], wrong[3]});
  EXPECT_FALSE(w.status.ok());
  EXPECT_NE(w.status.message().find("one per channel"), std::string::npos) << w.status.message();
  RunResult bf =
      RunOp("BatchNormalization", {ew::Random(DataType::kBf16, {2, 3, 4, 4}, -1, 1, 1), p[0], p[1], p[2], p[3]});
  ASSERT_TRUE(bf.status.ok()) << bf.status.message();
  EXPECT_EQ(bf.def->engine, Engine::kAiCpu);
}

// ---- InstanceNormalization / GroupNormalization -----------------------------------------

void CheckGroupNorm(const std::string& op, Engine engine, DataType dt, const std::vector<int64_t>& dims, int64_t groups,
                    int64_t param_count) {
  SCOPED_TRACE(ew::Label(op, engine, dt, dims) + " groups " + std::to_string(groups));
  HostTensor x = ew::Random(dt, dims, -3, 3, 6);
  HostTensor scale = ew::Random(dt, {param_count}, -2, 2, 7);
  HostTensor bias = ew::Random(dt, {param_count}, -1, 1, 8);
  AttrMap attrs;
  if (op == "GroupNormalization") attrs.Set("num_groups", groups);
  RunResult r = RunOpOn(engine, op, {x, scale, bias}, attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const int64_t n = dims[0], c = dims[1], per = c / groups;
  int64_t spatial = 1;
  for (size_t i = 2; i < dims.size(); ++i) spatial *= dims[i];
  const auto xv = ew::Read(x);
  std::vector<double> expected(xv.size());
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t g = 0; g < groups; ++g) {
      const size_t base = static_cast<size_t>((b * c + g * per) * spatial);
      const std::vector<double> chunk(xv.begin() + static_cast<int64_t>(base),
                                      xv.begin() + static_cast<int64_t>(base + static_cast<size_t>(per * spatial)));
      const auto [m, v] = MeanVar(chunk);
      for (int64_t k = 0; k < per * spatial; ++k) {
        const int64_t channel = g * per + k / spatial;
        const size_t pi = static_cast<size_t>(param_count == c ? channel : g);
        expected[base + static_cast<size_t>(k)] =
            (chunk[static_cast<size_t>(k)] - m) / std::sqrt(v + 1e-5) * ew::ReadAt(scale, pi) + ew::ReadAt(bias, pi);
      }
    }
  }
  EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
}

TEST(InstanceNormalization, EveryEngineAndDtype) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("InstanceNormalization", engine)) {
      for (const auto& dims : std::vector<std::vector<int64_t>>{{2, 3, 4, 5}, {2, 3, 7}, {1, 2, 100, 100}}) {
        CheckGroupNorm("InstanceNormalization", engine, dt, dims, dims[1], dims[1]);
      }
    }
  }
}

TEST(GroupNormalization, PerChannelAndPerGroupParameters) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("GroupNormalization", engine)) {
      CheckGroupNorm("GroupNormalization", engine, dt, {2, 6, 4, 5}, 3, 6);
      CheckGroupNorm("GroupNormalization", engine, dt, {2, 6, 4, 5}, 3, 3);
      CheckGroupNorm("GroupNormalization", engine, dt, {2, 6, 9}, 1, 6);
    }
  }
  AttrMap attrs;
  attrs.Set("num_groups", int64_t{4});
  RunResult bad = RunOp("GroupNormalization",
                        {ew::Random(DataType::kFloat, {1, 6, 2, 2}, -1, 1, 1),
                         ew::Random(DataType::kFloat, {6}, -1, 1, 1), ew::Random(DataType::kFloat, {6}, -1, 1, 1)},
                        attrs);
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(bad.status.message().find("groups"), std::string::npos);
  RunResult missing = RunOp("GroupNormalization",
                            {ew::Random(DataType::kFloat, {1, 6, 2, 2}, -1, 1, 1),
                             ew::Random(DataType::kFloat, {6}, -1, 1, 1), ew::Random(DataType::kFloat, {6}, -1, 1, 1)});
  EXPECT_EQ(missing.status.code(), err::kOpAttrNotMatch);
}

// ---- LayerNormalization -------------------------------------------------------------------

TEST(LayerNormalization, EveryEngineDtypeAxisWithStatistics) {
  struct Case {
    std::vector<int64_t> dims;
    int64_t axis;
    std::vector<int64_t> scale_dims;
    bool bias;
  };
  const std::vector<Case> cases = {{{3, 4, 5}, -1, {5}, true}, {{3, 4, 5}, 1, {4, 5}, true},
                                   {{3, 4, 5}, 1, {5}, false}, {{2, 3000}, -1, {3000}, true},
                                   {{6}, 0, {6}, true},        {{0, 4}, 1, {4}, true}};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("LayerNormalization", engine)) {
      for (const Case& c : cases) {
        SCOPED_TRACE(ew::Label("LayerNormalization", engine, dt, c.dims) + " axis " + std::to_string(c.axis));
        HostTensor x = ew::Random(dt, c.dims, -3, 3, 9);
        HostTensor scale = ew::Random(dt, c.scale_dims, -2, 2, 10);
        HostTensor bias = c.bias ? ew::Random(dt, c.scale_dims, -1, 1, 11) : ew::Absent();
        AttrMap attrs;
        attrs.Set("axis", c.axis);
        RunResult r = RunOpOn(engine, "LayerNormalization", {x, scale, bias}, attrs);
        ASSERT_TRUE(r.status.ok()) << r.status.message();
        ASSERT_EQ(r.outputs.size(), 3u);
        const size_t a = static_cast<size_t>(c.axis < 0 ? c.axis + static_cast<int64_t>(c.dims.size()) : c.axis);
        int64_t rows = 1, d = 1;
        for (size_t i = 0; i < c.dims.size(); ++i) (i < a ? rows : d) *= c.dims[i];
        std::vector<int64_t> stat_dims = c.dims;
        for (size_t i = a; i < stat_dims.size(); ++i) stat_dims[i] = 1;
        EXPECT_EQ(r.outputs[1].spec.dims, stat_dims);
        EXPECT_EQ(r.outputs[1].spec.dtype, DataType::kFloat);
        const auto xv = ew::Read(x), sv = ew::Read(scale);
        const auto bv = c.bias ? ew::Read(bias) : std::vector<double>{};
        std::vector<double> y(xv.size()), mean(static_cast<size_t>(rows)), inv(static_cast<size_t>(rows));
        for (int64_t row = 0; row < rows; ++row) {
          const std::vector<double> v(xv.begin() + row * d, xv.begin() + (row + 1) * d);
          const auto [m, var] = MeanVar(v);
          mean[static_cast<size_t>(row)] = m;
          inv[static_cast<size_t>(row)] = 1 / std::sqrt(var + 1e-5);
          for (int64_t k = 0; k < d; ++k) {
            const size_t si = static_cast<size_t>(k % static_cast<int64_t>(sv.size()));
            y[static_cast<size_t>(row * d + k)] =
                (v[static_cast<size_t>(k)] - m) * inv[static_cast<size_t>(row)] * sv[si] + (c.bias ? bv[si] : 0.0);
          }
        }
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), y, ew::TolFor(dt)));
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[1]), mean, ew::TolFor(DataType::kFloat)));
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[2]), inv, ew::TolFor(DataType::kFloat)));
      }
    }
  }
  RunResult bad = RunOp("LayerNormalization",
                        {ew::Random(DataType::kFloat, {3, 4}, -1, 1, 1), ew::Random(DataType::kFloat, {3}, -1, 1, 1)});
  EXPECT_FALSE(bad.status.ok());
  EXPECT_NE(bad.status.message().find("suffix"), std::string::npos) << bad.status.message();
}

// ---- LpNormalization ----------------------------------------------------------------------

TEST(LpNormalization, EveryEngineDtypePAndAxis) {
  const std::vector<std::pair<std::vector<int64_t>, int64_t>> cases = {
      {{3, 4, 5}, -1}, {{3, 4, 5}, 1}, {{3, 4, 5}, 0}, {{2, 3000}, 1}, {{3000, 2}, 0}};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("LpNormalization", engine)) {
      for (int64_t p : {1, 2}) {
        for (const auto& [dims, axis] : cases) {
          SCOPED_TRACE(ew::Label("LpNormalization", engine, dt, dims) + " p " + std::to_string(p) + " axis " +
                       std::to_string(axis));
          HostTensor x = ew::Random(dt, dims, -3, 3, 12);
          AttrMap attrs;
          attrs.Set("axis", axis);
          attrs.Set("p", p);
          RunResult r = RunOpOn(engine, "LpNormalization", {x}, attrs);
          ASSERT_TRUE(r.status.ok()) << r.status.message();
          const size_t a = static_cast<size_t>(axis < 0 ? axis + static_cast<int64_t>(dims.size()) : axis);
          int64_t outer = 1, len = dims[a], inner = 1;
          for (size_t i = 0; i < dims.size(); ++i) {
            if (i < a) outer *= dims[i];
            if (i > a) inner *= dims[i];
          }
          const auto xv = ew::Read(x);
          std::vector<double> expected(xv.size());
          for (int64_t o = 0; o < outer; ++o) {
            for (int64_t j = 0; j < inner; ++j) {
              double norm = 0;
              for (int64_t k = 0; k < len; ++k) {
                const double v = xv[static_cast<size_t>((o * len + k) * inner + j)];
                norm += p == 1 ? std::fabs(v) : v * v;
              }
              if (p == 2) norm = std::sqrt(norm);
              for (int64_t k = 0; k < len; ++k) {
                const size_t i = static_cast<size_t>((o * len + k) * inner + j);
                expected[i] = xv[i] / norm;
              }
            }
          }
          EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
        }
      }
    }
  }
  RunResult zero = RunOp("LpNormalization", {ew::Tensor(DataType::kFloat, {2, 2}, {0, 0, 3, 4})});
  ASSERT_TRUE(zero.status.ok());
  EXPECT_TRUE(ew::Near(ew::Read(zero.outputs[0]), {0, 0, 0.6, 0.8}, ew::TolFor(DataType::kFloat)));
  AttrMap p3;
  p3.Set("p", int64_t{3});
  EXPECT_EQ(RunOp("LpNormalization", {ew::Random(DataType::kFloat, {2, 2}, -1, 1, 1)}, p3).status.code(),
            err::kOpAttrNotMatch);
}

// ---- LRN --------------------------------------------------------------------------------

TEST(LRN, EveryEngineDtypeAndWindow) {
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("LRN", engine)) {
      for (int64_t size : {1, 3, 4}) {
        const std::vector<int64_t> dims = {2, 5, 3, 7};
        SCOPED_TRACE(ew::Label("LRN", engine, dt, dims) + " size " + std::to_string(size));
        HostTensor x = ew::Random(dt, dims, -3, 3, 13);
        AttrMap attrs;
        attrs.Set("size", size);
        attrs.Set("alpha", 0.5f);
        attrs.Set("beta", 0.75f);
        attrs.Set("bias", 2.0f);
        RunResult r = RunOpOn(engine, "LRN", {x}, attrs);
        ASSERT_TRUE(r.status.ok()) << r.status.message();
        const auto xv = ew::Read(x);
        std::vector<double> expected(xv.size());
        const int64_t before = (size - 1) / 2, after = size - 1 - before, plane = 21;
        for (size_t i = 0; i < xv.size(); ++i) {
          const int64_t li = static_cast<int64_t>(i), c = (li / plane) % 5, base = li - c * plane;
          double sq = 0;
          for (int64_t k = std::max<int64_t>(0, c - before); k <= std::min<int64_t>(4, c + after); ++k) {
            const double v = xv[static_cast<size_t>(base + k * plane)];
            sq += v * v;
          }
          expected[i] = xv[i] / std::pow(2.0 + 0.5 / static_cast<double>(size) * sq, 0.75);
        }
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
      }
    }
  }
  EXPECT_EQ(RunOp("LRN", {ew::Random(DataType::kFloat, {1, 2, 2, 2}, -1, 1, 1)}).status.code(), err::kOpAttrNotMatch);
}

// ---- MeanVarianceNormalization ------------------------------------------------------------

TEST(MeanVarianceNormalization, EveryEngineDtypeAndAxes) {
  const std::vector<std::vector<int64_t>> axes_sets = {{0, 2, 3}, {1}, {2, 3}, {0, 1, 2, 3}};
  const std::vector<int64_t> dims = {2, 3, 4, 5};
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : Both("MeanVarianceNormalization", engine)) {
      for (const auto& axes : axes_sets) {
        SCOPED_TRACE(ew::Label("MeanVarianceNormalization", engine, dt, dims) + " axes " + DimsToString(axes));
        HostTensor x = ew::Random(dt, dims, -3, 3, 14);
        AttrMap attrs;
        if (axes != std::vector<int64_t>{0, 2, 3}) attrs.Set("axes", axes);  // default otherwise
        RunResult r = RunOpOn(engine, "MeanVarianceNormalization", {x}, attrs);
        ASSERT_TRUE(r.status.ok()) << r.status.message();
        const auto xv = ew::Read(x);
        // Group by the kept coordinates.
        std::map<int64_t, std::vector<size_t>> groups;
        for (size_t i = 0; i < xv.size(); ++i) {
          int64_t rest = static_cast<int64_t>(i), key = 0;
          for (size_t k = dims.size(); k-- > 0;) {
            const int64_t coord = rest % dims[k];
            rest /= dims[k];
            if (std::find(axes.begin(), axes.end(), static_cast<int64_t>(k)) == axes.end()) key = key * 10 + coord;
          }
          groups[key].push_back(i);
        }
        std::vector<double> expected(xv.size());
        for (const auto& [key, members] : groups) {
          std::vector<double> v;
          for (size_t i : members) v.push_back(xv[i]);
          const auto [m, var] = MeanVar(v);
          for (size_t i : members) expected[i] = (xv[i] - m) / (std::sqrt(var) + 1e-9);
        }
        EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), expected, ew::TolFor(dt)));
      }
    }
  }
}

}  // namespace
}  // namespace asim::kernels::testing
