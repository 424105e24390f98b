// Pooling kernels against a plain reference (geometry recomputed here from the ONNX
// formulas): MaxPool, AveragePool and LpPool over 1-D, 2-D and 3-D windows with strides,
// asymmetric pads, dilations, ceil_mode and auto_pad; MaxPool's Indices on the AI CPU; the
// AI Core's NC1HWC0 layout (checked lane by lane, and through TransData back to NCHW);
// the global pools; every engine x dtype; refusals. MaxUnpool (AI CPU) against hand-computed
// values, its unknown dims without output_shape's value, and its refusals.
//
// Owner: the pooling family. Thread safety: a gtest binary (tests run one at a time; the
// kernels under test split work across threads). Failure: gtest assertions naming the op,
// engine, dtype and shape (SCOPED_TRACE) and the first differing elements.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "tests/unit/kernels/ew_test_util.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

struct PoolCase {
  std::string name;
  std::vector<int64_t> dims;  // [N, C, spatial...]
  std::vector<int64_t> kernel, strides, pads, dilations;
  int64_t ceil_mode = 0;
  std::string auto_pad = "NOTSET";
};

// gtest prints a failing parameter by name.
void PrintTo(const PoolCase& c, std::ostream* os) {
  *os << c.name;
}

struct Geo {
  std::vector<int64_t> in, k, s, d, pb, pe, out;
};

int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

Geo Geometry(const PoolCase& c) {
  Geo g;
  const size_t r = c.dims.size() - 2;
  for (size_t i = 0; i < r; ++i) {
    const int64_t in = c.dims[2 + i], k = c.kernel[i];
    const int64_t s = c.strides.empty() ? 1 : c.strides[i];
    const int64_t d = c.dilations.empty() ? 1 : c.dilations[i];
    const int64_t eff = (k - 1) * d + 1;
    int64_t pb = c.pads.empty() ? 0 : c.pads[i], pe = c.pads.empty() ? 0 : c.pads[i + r], out;
    if (c.auto_pad == "SAME_UPPER" || c.auto_pad == "SAME_LOWER") {
      out = CeilDiv(in, s);
      const int64_t total = std::max<int64_t>(0, (out - 1) * s + eff - in);
      pb = c.auto_pad == "SAME_UPPER" ? total / 2 : total - total / 2;
      pe = total - pb;
    } else {
      if (c.auto_pad == "VALID") pb = pe = 0;
      const int64_t span = in + pb + pe - eff;
      out = (c.ceil_mode != 0 ? CeilDiv(span, s) : span / s) + 1;
      if (c.ceil_mode != 0 && (out - 1) * s >= in + pb) --out;
    }
    g.in.push_back(in), g.k.push_back(k), g.s.push_back(s), g.d.push_back(d);
    g.pb.push_back(pb), g.pe.push_back(pe), g.out.push_back(out);
  }
  return g;
}

AttrMap AttrsOf(const PoolCase& c) {
  AttrMap a;
  a.Set("kernel_shape", c.kernel);
  if (!c.strides.empty()) a.Set("strides", c.strides);
  if (!c.pads.empty()) a.Set("pads", c.pads);
  if (!c.dilations.empty()) a.Set("dilations", c.dilations);
  a.Set("ceil_mode", c.ceil_mode);
  a.Set("auto_pad", c.auto_pad);
  return a;
}

enum class Kind { kMax, kAvg, kLp };

// Pools one plane (row-major spatial values) at output coordinate `o`; *arg gets the
// row-major position of the max (or -1).
double PoolAt(Kind kind, const std::vector<double>& plane, const Geo& g, const std::vector<int64_t>& o,
              bool count_include_pad, int64_t p, int64_t* arg) {
  const size_t r = g.in.size();
  double acc = kind == Kind::kMax ? -std::numeric_limits<double>::infinity() : 0;
  int64_t valid = 0, padded = 0;
  *arg = -1;
  std::vector<int64_t> t(r, 0);
  while (true) {
    bool inside = true, in_padded = true;
    int64_t pos = 0;
    for (size_t i = 0; i < r; ++i) {
      const int64_t x = o[i] * g.s[i] - g.pb[i] + t[i] * g.d[i];
      inside = inside && x >= 0 && x < g.in[i];
      in_padded = in_padded && x < g.in[i] + g.pe[i];
      pos = pos * g.in[i] + x;
    }
    if (in_padded) ++padded;
    if (inside) {
      ++valid;
      const double v = plane[static_cast<size_t>(pos)];
      if (kind == Kind::kMax && (v > acc || *arg < 0)) acc = v, *arg = pos;
      if (kind == Kind::kAvg) acc += v;
      if (kind == Kind::kLp) acc += std::pow(std::fabs(v), static_cast<double>(p));
    }
    size_t i = r;
    while (i-- > 0) {
      if (++t[i] < g.k[i]) break;
      t[i] = 0;
    }
    if (i == static_cast<size_t>(-1)) break;
  }
  if (kind == Kind::kAvg) {
    const int64_t div = count_include_pad ? padded : valid;
    return div == 0 ? 0 : acc / static_cast<double>(div);
  }
  if (kind == Kind::kLp) return std::pow(acc, 1.0 / static_cast<double>(p));
  return valid == 0 ? -std::numeric_limits<double>::max() : acc;
}

// Reference over a whole NCHW tensor; `indices` gets MaxPool's flat indices.
std::vector<double> PoolRef(Kind kind, const std::vector<double>& x, const PoolCase& c, const Geo& g,
                            bool count_include_pad, int64_t p, std::vector<int64_t>* indices = nullptr) {
  const int64_t planes = c.dims[0] * c.dims[1];
  const int64_t in_size = ew::Numel(g.in), out_size = ew::Numel(g.out);
  std::vector<double> y;
  for (int64_t pl = 0; pl < planes; ++pl) {
    const std::vector<double> plane(x.begin() + pl * in_size, x.begin() + (pl + 1) * in_size);
    for (int64_t oi = 0; oi < out_size; ++oi) {
      std::vector<int64_t> o(g.out.size());
      int64_t rest = oi;
      for (size_t k = g.out.size(); k-- > 0;) o[k] = rest % g.out[k], rest /= g.out[k];
      int64_t arg = -1;
      y.push_back(PoolAt(kind, plane, g, o, count_include_pad, p, &arg));
      if (indices != nullptr) indices->push_back(pl * in_size + std::max<int64_t>(arg, 0));
    }
  }
  return y;
}

std::vector<PoolCase> Cases() {
  return {
      {"ResNetMax3x3s2p1", {2, 3, 11, 11}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}},
      {"K2S2", {1, 2, 8, 9}, {2, 2}, {2, 2}, {}, {}},
      {"AsymmetricPads", {1, 2, 7, 6}, {3, 3}, {1, 1}, {0, 1, 2, 0}, {}},
      {"Dilated", {1, 2, 9, 9}, {3, 2}, {1, 2}, {1, 0, 1, 1}, {2, 3}},
      {"CeilMode", {1, 2, 10, 10}, {3, 3}, {2, 2}, {}, {}, 1},
      {"CeilModePadded", {1, 1, 6, 6}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}, 1},
      {"SameUpper", {1, 2, 7, 8}, {3, 2}, {2, 3}, {}, {}, 0, "SAME_UPPER"},
      {"SameLower", {1, 2, 7, 8}, {2, 3}, {2, 2}, {}, {}, 0, "SAME_LOWER"},
      {"Valid", {1, 2, 7, 8}, {3, 3}, {2, 2}, {}, {}, 0, "VALID"},
      {"OneD", {2, 3, 13}, {3}, {2}, {1, 0}, {}},
      {"ThreeD", {1, 2, 5, 6, 7}, {2, 3, 2}, {2, 1, 2}, {0, 1, 0, 0, 1, 1}, {}},
      {"Large", {1, 4, 64, 64}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}},
  };
}

void CheckPool(const std::string& op, Kind kind, const PoolCase& c, Engine engine, DataType dt, AttrMap attrs,
               bool count_include_pad, int64_t p) {
  SCOPED_TRACE(ew::Label(op, engine, dt, c.dims) + " " + c.name);
  const bool f = ew::IsFloat(dt);
  HostTensor x = ew::Random(dt, c.dims, f ? -3 : 0, f ? 3 : 100, 21);
  RunResult r = RunOpOn(engine, op, {x}, attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const Geo g = Geometry(c);
  std::vector<int64_t> want = {c.dims[0], c.dims[1]};
  want.insert(want.end(), g.out.begin(), g.out.end());
  ASSERT_EQ(r.outputs[0].spec.dims, want);
  const auto expected = PoolRef(kind, ew::Read(x), c, g, count_include_pad, p);
  EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), f ? expected : ew::RoundTo(dt, expected), ew::TolFor(dt)));
}

class PoolRefTest : public ::testing::TestWithParam<PoolCase> {};

TEST_P(PoolRefTest, MaxAverageAndLpEveryEngineAndDtype) {
  const PoolCase& c = GetParam();
  for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
    for (DataType dt : ew::Declared("MaxPool", engine)) {
      CheckPool("MaxPool", Kind::kMax, c, engine, dt, AttrsOf(c), false, 2);
    }
    for (DataType dt : ew::Declared("AveragePool", engine)) {
      for (int64_t include : {0, 1}) {
        AttrMap attrs = AttrsOf(c);
        attrs.Set("count_include_pad", include);
        CheckPool("AveragePool", Kind::kAvg, c, engine, dt, attrs, include != 0, 2);
      }
    }
    for (DataType dt : ew::Declared("LpPool", engine)) {
      for (int64_t p : {1, 2, 3}) {
        AttrMap attrs = AttrsOf(c);
        attrs.Set("p", p);
        CheckPool("LpPool", Kind::kLp, c, engine, dt, attrs, false, p);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Pooling, PoolRefTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<PoolCase>& info) { return info.param.name; });

TEST(MaxPoolIndices, RowAndColumnMajorOnAiCpu) {
  const PoolCase c{"Indices", {2, 3, 7, 6}, {3, 2}, {2, 2}, {1, 0, 1, 1}, {}};
  const Geo g = Geometry(c);
  HostTensor x = ew::Random(DataType::kFloat, c.dims, -3, 3, 22);
  for (int64_t order : {0, 1}) {
    AttrMap attrs = AttrsOf(c);
    attrs.Set("output_indices", int64_t{1});
    attrs.Set("storage_order", order);
    RunResult r = RunOp("MaxPool", {x}, attrs);
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.def->engine, Engine::kAiCpu);  // the AI Core kernel produces no indices
    ASSERT_EQ(r.outputs.size(), 2u);
    EXPECT_EQ(r.outputs[1].spec.dtype, DataType::kInt64);
    std::vector<int64_t> idx;
    const auto y = PoolRef(Kind::kMax, ew::Read(x), c, g, false, 2, &idx);
    EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), y, ew::Tol{}));
    if (order == 1) {  // column-major within the plane: h + w * H
      for (auto& v : idx) {
        const int64_t plane = v / 42, pos = v % 42;
        v = plane * 42 + (pos / 6) + (pos % 6) * 7;
      }
    }
    EXPECT_EQ(r.outputs[1].Values<int64_t>(), idx) << "storage_order " << order;
  }
}

// NC1HWC0 [N, C1, H, W, C0]: every (n, c1, c0) lane is an independent plane.
std::vector<double> LanePlanes(const HostTensor& x) {
  const auto& d = x.spec.dims;
  const auto v = ew::Read(x);
  std::vector<double> planes(v.size());  // [N, C1, C0, H, W]
  for (size_t i = 0; i < v.size(); ++i) {
    int64_t li = static_cast<int64_t>(i);
    const int64_t c0 = li % d[4], w = (li / d[4]) % d[3], h = (li / (d[4] * d[3])) % d[2];
    const int64_t nc1 = li / (d[4] * d[3] * d[2]);
    planes[static_cast<size_t>(((nc1 * d[4] + c0) * d[2] + h) * d[3] + w)] = v[i];
  }
  return planes;
}

TEST(PoolNc1hwc0, PoolsHwOfEveryLaneOnAiCore) {
  const PoolCase c{"Blocked", {2, 2 * 16, 9, 10}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}};
  const Geo g = Geometry(c);
  for (DataType dt : {DataType::kFloat16, DataType::kFloat}) {
    HostTensor x = ew::Random(dt, {2, 2, 9, 10, 16}, -3, 3, 23, Format::kNc1hwc0);
    const auto planes = LanePlanes(x);
    for (const auto& [op, kind] : std::vector<std::pair<std::string, Kind>>{
             {"MaxPool", Kind::kMax}, {"AveragePool", Kind::kAvg}, {"LpPool", Kind::kLp}}) {
      SCOPED_TRACE(op + " " + DataTypeName(dt));
      RunResult r = RunOp(op, {x}, AttrsOf(c));
      ASSERT_TRUE(r.status.ok()) << r.status.message();
      EXPECT_EQ(r.def->engine, Engine::kAiCore);
      EXPECT_EQ(r.outputs[0].spec.format, Format::kNc1hwc0);
      ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{2, 2, g.out[0], g.out[1], 16}));
      const auto want_planes = PoolRef(kind, planes, c, g, false, 2);
      EXPECT_TRUE(ew::Near(LanePlanes(r.outputs[0]), want_planes, ew::TolFor(dt)));
    }
  }
}

// Max pooling over NC1HWC0 fp32 runs on the vector target (pool_max_row.h): a NaN in a window
// wins there as in the engine's loop, padding never does, on every target, bit for bit.
TEST(PoolNc1hwc0, MaxPoolOnTheVectorTargetPropagatesNaN) {
  const PoolCase c{"BlockedNaN", {1, 16, 7, 8}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}};
  HostTensor x = ew::Random(DataType::kFloat, {1, 1, 7, 8, 16}, -3, 3, 29, Format::kNc1hwc0);
  auto* v = reinterpret_cast<float*>(x.bytes.data());
  v[(2 * 8 + 3) * 16 + 5] = std::numeric_limits<float>::quiet_NaN();  // (h 2, w 3), lane 5
  v[(6 * 8 + 7) * 16 + 0] = std::numeric_limits<float>::quiet_NaN();  // the last position, lane 0
  RunResult r = RunOp("MaxPool", {x}, AttrsOf(c));
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 4, 4, 16}));
  const auto* y = reinterpret_cast<const float*>(r.outputs[0].bytes.data());
  for (int64_t oh = 0; oh < 4; ++oh)
    for (int64_t ow = 0; ow < 4; ++ow)
      for (int64_t l = 0; l < 16; ++l) {
        float m = -std::numeric_limits<float>::infinity();
        bool nan = false;
        for (int64_t ih = oh * 2 - 1; ih <= oh * 2 + 1; ++ih)
          for (int64_t iw = ow * 2 - 1; iw <= ow * 2 + 1; ++iw) {
            if (ih < 0 || ih >= 7 || iw < 0 || iw >= 8) continue;
            const float e = v[(ih * 8 + iw) * 16 + l];
            nan = nan || std::isnan(e);
            m = std::max(m, e);
          }
        const float got = y[(oh * 4 + ow) * 16 + l];
        if (nan) {
          EXPECT_TRUE(std::isnan(got)) << oh << "," << ow << " lane " << l;
        } else {
          EXPECT_EQ(got, m) << oh << "," << ow << " lane " << l;
        }
      }
}

TEST(PoolNc1hwc0, RoundTripThroughTransDataMatchesNchw) {
  // NCHW [1, 20, 9, 9] -> NC1HWC0 (C padded to 32) -> MaxPool -> back to NCHW: equal to
  // pooling NCHW directly; the pooled origin shape lets TransData drop the padding.
  HostTensor x = ew::Random(DataType::kFloat16, {1, 20, 9, 9}, -3, 3, 24, Format::kNchw);
  RunResult blocked =
      RunOp(KernelRegistry::kTransDataOp, {x}, KernelRegistry::TransDataAttrs(Format::kNchw, Format::kNc1hwc0));
  ASSERT_TRUE(blocked.status.ok()) << blocked.status.message();
  const PoolCase c{"RoundTrip", {1, 20, 9, 9}, {3, 3}, {2, 2}, {1, 1, 1, 1}, {}};
  RunResult pooled = RunOp("MaxPool", {blocked.outputs[0]}, AttrsOf(c));
  ASSERT_TRUE(pooled.status.ok()) << pooled.status.message();
  EXPECT_EQ(pooled.outputs[0].spec.origin_dims, (std::vector<int64_t>{1, 20, 5, 5}));
  RunResult back = RunOp(KernelRegistry::kTransDataOp, {pooled.outputs[0]},
                         KernelRegistry::TransDataAttrs(Format::kNc1hwc0, Format::kNchw));
  ASSERT_TRUE(back.status.ok()) << back.status.message();
  RunResult direct = RunOp("MaxPool", {x}, AttrsOf(c));
  ASSERT_TRUE(direct.status.ok());
  EXPECT_EQ(back.outputs[0].spec.dims, direct.outputs[0].spec.dims);
  EXPECT_EQ(ew::Read(back.outputs[0]), ew::Read(direct.outputs[0]));
}

TEST(GlobalPools, EveryEngineDtypeAndLayout) {
  const std::vector<std::vector<int64_t>> shapes = {{2, 3, 5, 7}, {1, 4, 9}, {1, 2, 3, 4, 5}, {1, 3, 1, 1}};
  for (const auto& [op, kind] : std::vector<std::pair<std::string, Kind>>{
           {"GlobalAveragePool", Kind::kAvg}, {"GlobalMaxPool", Kind::kMax}, {"GlobalLpPool", Kind::kLp}}) {
    for (Engine engine : {Engine::kAiCore, Engine::kAiCpu}) {
      for (DataType dt : ew::Declared(op, engine)) {
        for (const auto& dims : shapes) {
          SCOPED_TRACE(ew::Label(op, engine, dt, dims));
          HostTensor x = ew::Random(dt, dims, -3, 3, 25);
          RunResult r = RunOpOn(engine, op, {x});
          ASSERT_TRUE(r.status.ok()) << r.status.message();
          PoolCase c{"Global", dims, std::vector<int64_t>(dims.begin() + 2, dims.end()), {}, {}, {}};
          const Geo g = Geometry(c);
          std::vector<int64_t> want(dims.size(), 1);
          want[0] = dims[0], want[1] = dims[1];
          ASSERT_EQ(r.outputs[0].spec.dims, want);
          EXPECT_TRUE(ew::Near(ew::Read(r.outputs[0]), PoolRef(kind, ew::Read(x), c, g, false, 2), ew::TolFor(dt)));
        }
      }
    }
  }
  // NC1HWC0: [1, 2, 7, 7, 16] -> [1, 2, 1, 1, 16], the ResNet head's layout.
  HostTensor x = ew::Random(DataType::kFloat16, {1, 2, 7, 7, 16}, -3, 3, 26, Format::kNc1hwc0);
  RunResult r = RunOp("GlobalAveragePool", {x});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 2, 1, 1, 16}));
  const auto planes = LanePlanes(x);
  std::vector<double> want;
  for (size_t pl = 0; pl < 32; ++pl) {
    double s = 0;
    for (size_t i = 0; i < 49; ++i) s += planes[pl * 49 + i];
    want.push_back(s / 49);
  }
  EXPECT_TRUE(ew::Near(LanePlanes(r.outputs[0]), want, ew::TolFor(DataType::kFloat16)));
  EXPECT_EQ(r.work.mte2_bytes, x.bytes.size());
  EXPECT_GE(r.work.vector_ops, 32u * 49);
}

TEST(PoolRefusals, SayWhy) {
  HostTensor x = ew::Random(DataType::kFloat, {1, 1, 4, 4}, -1, 1, 27);
  AttrMap big;
  big.Set("kernel_shape", std::vector<int64_t>{5, 5});
  RunResult r = RunOp("MaxPool", {x}, big);
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("larger than the padded input"), std::string::npos) << r.status.message();
  AttrMap wrong_rank;
  wrong_rank.Set("kernel_shape", std::vector<int64_t>{2});
  EXPECT_FALSE(RunOp("AveragePool", {x}, wrong_rank).status.ok());
  EXPECT_EQ(RunOp("MaxPool", {x}).status.code(), err::kOpAttrNotMatch);  // kernel_shape is required
  AttrMap bad_pad = big;
  bad_pad.Set("kernel_shape", std::vector<int64_t>{2, 2});
  bad_pad.Set("auto_pad", std::string("SAME"));
  EXPECT_FALSE(RunOp("MaxPool", {x}, bad_pad).status.ok());
  // bf16 in NC1HWC0: the AI Core refuses the dtype, the AI CPU the layout.
  HostTensor blocked = ew::Random(DataType::kBf16, {1, 1, 4, 4, 16}, -1, 1, 28, Format::kNc1hwc0);
  AttrMap k2;
  k2.Set("kernel_shape", std::vector<int64_t>{2, 2});
  RunResult bf = RunOp("MaxPool", {blocked}, k2);
  EXPECT_FALSE(bf.status.ok());
  EXPECT_NE(bf.status.message().find("NC1HWC0"), std::string::npos) << bf.status.message();
}

// ---- MaxUnpool (AI CPU) ------------------------------------------------------------------

AttrMap Unpool2x2() {
  AttrMap a;
  a.Set("kernel_shape", std::vector<int64_t>{2, 2});
  a.Set("strides", std::vector<int64_t>{2, 2});
  return a;
}

HostTensor Indices(std::vector<int64_t> dims, const std::vector<int64_t>& v) {
  return HostTensor::FromValues<int64_t>(DataType::kInt64, std::move(dims), v);
}

TEST(MaxUnpool, ScattersIntoTheInferredOrGivenShapeEveryDtype) {
  for (DataType dt : ew::Declared("MaxUnpool", Engine::kAiCpu)) {
    SCOPED_TRACE(DataTypeName(dt));
    const HostTensor x = ew::Tensor(dt, {1, 1, 2, 2}, {1, 2, 3, 4});
    const HostTensor idx = Indices({1, 1, 2, 2}, {5, 7, 13, 15});
    // (2 - 1) * 2 + 2 = 4 per spatial dim; indices 5, 7, 13, 15 are (1, 1), (1, 3), (3, 1), (3, 3).
    RunResult r = RunOp("MaxUnpool", {x, idx}, Unpool2x2());
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.def->engine, Engine::kAiCpu);
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 4, 4}));
    EXPECT_EQ(ew::Read(r.outputs[0]), (std::vector<double>{0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4}));
    // output_shape [1, 1, 5, 5]: the indices still address the inferred 4 x 4, placed at the
    // origin of the larger output (as ONNX's reference does).
    RunResult big = RunOp("MaxUnpool", {x, idx, Indices({4}, {1, 1, 5, 5}).AsConstant()}, Unpool2x2());
    ASSERT_TRUE(big.status.ok()) << big.status.message();
    EXPECT_EQ(big.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 5, 5}));
    std::vector<double> want(25, 0.0);
    want[6] = 1, want[8] = 2, want[16] = 3, want[18] = 4;
    EXPECT_EQ(ew::Read(big.outputs[0]), want);
  }
  // pads shrink the inferred shape: (2 - 1) * 2 - 1 - 0 + 2 = 3 per dim.
  AttrMap padded = Unpool2x2();
  padded.Set("pads", std::vector<int64_t>{1, 1, 0, 0});
  RunResult p =
      RunOp("MaxUnpool",
            {ew::Tensor(DataType::kFloat, {1, 1, 2, 2}, {1, 2, 3, 4}), Indices({1, 1, 2, 2}, {0, 2, 6, 8})}, padded);
  ASSERT_TRUE(p.status.ok()) << p.status.message();
  EXPECT_EQ(p.outputs[0].spec.dims, (std::vector<int64_t>{1, 1, 3, 3}));
  EXPECT_EQ(ew::Read(p.outputs[0]), (std::vector<double>{1, 0, 2, 0, 0, 0, 3, 0, 4}));
  // N = 2: the indices run over the whole output (the second image starts at 4).
  RunResult b =
      RunOp("MaxUnpool", {ew::Tensor(DataType::kFloat, {2, 1, 1, 1}, {7, 8}), Indices({2, 1, 1, 1}, {3, 4 + 1})},
            Unpool2x2());
  ASSERT_TRUE(b.status.ok()) << b.status.message();
  EXPECT_EQ(b.outputs[0].spec.dims, (std::vector<int64_t>{2, 1, 2, 2}));
  EXPECT_EQ(ew::Read(b.outputs[0]), (std::vector<double>{0, 0, 0, 7, 0, 8, 0, 0}));
}

TEST(MaxUnpool, UnknownOutputShapeGivesUnknownDims) {
  TensorSpec x, i, shape;
  x.dtype = DataType::kFloat, x.dims = {1, 1, 2, 2};
  i.dtype = DataType::kInt64, i.dims = {1, 1, 2, 2};
  shape.dtype = DataType::kInt64, shape.dims = {4};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("MaxUnpool", {x, i, shape}, Unpool2x2(), {}, &sel).ok());
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, -1, -1, -1}));
}

TEST(MaxUnpool, BadIndicesShapesAttributesAndDtypesAreRefused) {
  const HostTensor x = ew::Tensor(DataType::kFloat, {1, 1, 2, 2}, {1, 2, 3, 4});
  // Indices outside the output fail at compute (kOpInputNotMatch); shapes at selection
  // (kOpNotFound with the kernel's reason), attributes with kOpAttrNotMatch.
  auto refused = [](const RunResult& r, int32_t code, const std::string& words) {
    EXPECT_EQ(r.status.code(), code) << r.status.message();
    EXPECT_NE(r.status.message().find(words), std::string::npos) << r.status.message();
  };
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 16})}, Unpool2x2()), err::kOpInputNotMatch,
          "index 16");
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {-1, 7, 13, 15})}, Unpool2x2()), err::kOpInputNotMatch,
          "index -1");
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 4}, {5, 7, 13, 15})}, Unpool2x2()), err::kOpNotFound,
          "must have X's shape");
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 15}), Indices({4}, {1, 1, 3, 3}).AsConstant()},
                Unpool2x2()),
          err::kOpNotFound, "smaller than the inferred shape");
  refused(
      RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 15}), Indices({2}, {5, 5}).AsConstant()}, Unpool2x2()),
      err::kOpNotFound, "output_shape has 2 values");
  refused(
      RunOp("MaxUnpool", {ew::Tensor(DataType::kFloat, {4}, {1, 2, 3, 4}), Indices({4}, {0, 1, 2, 3})}, Unpool2x2()),
      err::kOpNotFound, "rank 3 or more");
  AttrMap one;
  one.Set("kernel_shape", std::vector<int64_t>{2});
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 15})}, one), err::kOpAttrNotMatch,
          "kernel_shape has 1 values");
  EXPECT_EQ(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 15})}).status.code(), err::kOpAttrNotMatch);
  AttrMap huge = Unpool2x2();  // (2 - 1) * 2^62 + 2^62 overflows int64
  huge.Set("kernel_shape", std::vector<int64_t>{int64_t{1} << 62, 2});
  huge.Set("strides", std::vector<int64_t>{int64_t{1} << 62, 2});
  refused(RunOp("MaxUnpool", {x, Indices({1, 1, 2, 2}, {5, 7, 13, 15})}, huge), err::kOpAttrNotMatch,
          "overflows int64");
  refused(RunOp("MaxUnpool",
                {HostTensor::FromValues<int32_t>(DataType::kInt32, {1, 1, 1, 1}, {1}), Indices({1, 1, 1, 1}, {0})},
                Unpool2x2()),
          err::kUnsupportedDataType, "DT_INT32");
}

}  // namespace
}  // namespace asim::kernels::testing
