// The TensorFlow nn-op translations (tools/atc/tensorflow/ops_nn.cpp, ops_math.cpp): tiny
// NHWC graphs converted and run on the host kernels against references written from
// TensorFlow's definitions (NHWC loops, SAME padding with the odd pixel at the end).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tests/unit/atc_tensorflow/tf_test_util.h"

namespace asim::atc::testing {
namespace {

using asim::tf::DT_FLOAT;
using asim::tf::DT_INT32;

std::vector<std::string> NodeNames(const om::Model& m) {
  std::vector<std::string> names;
  for (const auto& n : m.graphs.at(0).nodes) names.push_back(n.name);
  return names;
}

struct ConvCase {
  int64_t h, w, c, kh, kw, co, s, d;
  std::string padding;
};

class TfConv2D : public ::testing::TestWithParam<ConvCase> {};

TEST_P(TfConv2D, MatchesTheNhwcReferenceWithBiasAndRelu) {
  const ConvCase p = GetParam();
  TfGraph g;
  g.Placeholder("x", {1, p.h, p.w, p.c});
  const auto f = Rand(static_cast<size_t>(p.kh * p.kw * p.c * p.co), 7);
  const auto b = Rand(static_cast<size_t>(p.co), 8);
  g.Const("k", {p.kh, p.kw, p.c, p.co}, f);
  g.Op("Identity", "k/read", {"k"});
  g.Const("b", {p.co}, b);
  g.Op("Conv2D", "conv", {"x", "k/read"},
       {{"strides", AttrInts({1, p.s, p.s, 1})},
        {"dilations", AttrInts({1, p.d, p.d, 1})},
        {"padding", AttrS(p.padding)},
        {"data_format", AttrS("NHWC")}});
  g.Op("BiasAdd", "bias", {"conv", "b"}, {{"data_format", AttrS("NHWC")}});
  g.Op("Relu", "relu", {"bias"});
  const auto x = Rand(static_cast<size_t>(p.h * p.w * p.c), 9);
  const int64_t keff = (p.kh - 1) * p.d + 1;
  const bool same = p.padding == "SAME";
  const int64_t oh = same ? SameOut(p.h, p.s) : (p.h - keff) / p.s + 1;
  const int64_t ow = same ? SameOut(p.w, p.s) : (p.w - ((p.kw - 1) * p.d + 1)) / p.s + 1;
  const int64_t pt = same ? SamePadBefore(p.h, p.kh, p.s, p.d) : 0;
  const int64_t pl = same ? SamePadBefore(p.w, p.kw, p.s, p.d) : 0;
  auto want = RefConv2D(x, {1, p.h, p.w, p.c}, f, p.kh, p.kw, p.c, p.co, p.s, p.s, p.d, p.d, pt, pl, oh, ow);
  for (size_t i = 0; i < want.size(); ++i) want[i] = std::max(0.0f, want[i] + b[i % static_cast<size_t>(p.co)]);
  om::Model m;
  ASSERT_TRUE(ConvertTf(g, &m).ok());
  const auto names = NodeNames(m);
  EXPECT_NE(std::find(names.begin(), names.end(), "conv"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "bias"), names.end()) << "BiasAdd becomes the conv's bias";
  const auto r = RunTf(g, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, oh, ow, p.co}));
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-4);
}

INSTANTIATE_TEST_SUITE_P(Windows, TfConv2D,
                         ::testing::Values(ConvCase{7, 6, 3, 3, 3, 4, 2, 1, "SAME"},
                                           ConvCase{8, 8, 2, 3, 3, 5, 2, 1, "SAME"},
                                           ConvCase{6, 7, 4, 1, 1, 3, 1, 1, "VALID"},
                                           ConvCase{9, 9, 2, 3, 3, 2, 1, 2, "SAME"},
                                           ConvCase{9, 8, 3, 2, 2, 4, 3, 1, "VALID"}));

TEST(TfOps, Conv2DWithExplicitPaddingAndNchwFormat) {
  TfGraph g;
  g.Placeholder("x", {1, 2, 5, 5});  // NCHW
  const auto f = Rand(3 * 3 * 2 * 3, 1);
  g.Const("k", {3, 3, 2, 3}, f);
  g.Op("Conv2D", "conv", {"x", "k"},
       {{"strides", AttrInts({1, 1, 1, 1})},
        {"padding", AttrS("EXPLICIT")},
        {"explicit_paddings", AttrInts({0, 0, 0, 0, 1, 0, 2, 1})},
        {"data_format", AttrS("NCHW")}});
  const auto x = Rand(50, 2);
  // Reference in NHWC: transpose x in, y out.
  std::vector<float> xh(50);
  for (int c = 0; c < 2; ++c)
    for (int i = 0; i < 25; ++i) xh[static_cast<size_t>(i * 2 + c)] = x[static_cast<size_t>(c * 25 + i)];
  const int64_t oh = 5 + 1 - 3 + 1, ow = 5 + 3 - 3 + 1;
  const auto yh = RefConv2D(xh, {1, 5, 5, 2}, f, 3, 3, 2, 3, 1, 1, 1, 1, 1, 2, oh, ow);
  std::vector<float> want(yh.size());
  for (int64_t c = 0; c < 3; ++c)
    for (int64_t i = 0; i < oh * ow; ++i)
      want[static_cast<size_t>(c * oh * ow + i)] = yh[static_cast<size_t>(i * 3 + c)];
  ConvertOptions o = TestOptions();
  o.input_format = Format::kNchw;
  const auto r = RunTf(g, {x}, 0, o);
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 3, oh, ow}));
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-4);
}

TEST(TfOps, DepthwiseConv2dNativeWithMultiplier) {
  TfGraph g;
  g.Placeholder("x", {1, 6, 6, 3});
  const int64_t m = 2;
  const auto f = Rand(3 * 3 * 3 * m, 3);
  g.Const("k", {3, 3, 3, m}, f);
  g.Op("DepthwiseConv2dNative", "dw", {"x", "k"}, {{"strides", AttrInts({1, 2, 2, 1})}, {"padding", AttrS("SAME")}});
  const auto x = Rand(108, 4);
  // Output channel c*m + q is channel c convolved with f[:, :, c, q].
  const int64_t o = SameOut(6, 2), pad = SamePadBefore(6, 3, 2);
  std::vector<float> want(static_cast<size_t>(o * o * 3 * m));
  Nhwc xs{1, 6, 6, 3};
  for (int64_t y = 0; y < o; ++y)
    for (int64_t xx = 0; xx < o; ++xx)
      for (int64_t c = 0; c < 3; ++c)
        for (int64_t q = 0; q < m; ++q) {
          double acc = 0;
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 3; ++kx) {
              const int64_t iy = y * 2 - pad + ky, ix = xx * 2 - pad + kx;
              if (iy < 0 || iy >= 6 || ix < 0 || ix >= 6) continue;
              acc += x[xs.at(0, iy, ix, c)] * f[static_cast<size_t>(((ky * 3 + kx) * 3 + c) * m + q)];
            }
          want[static_cast<size_t>((y * o + xx) * 3 * m + c * m + q)] = static_cast<float>(acc);
        }
  const auto r = RunTf(g, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, o, o, 3 * m}));
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-4);
}

// Conv2DBackpropInput is the gradient of Conv2D: <conv(a), b> == <a, conv_transpose(b)>.
TEST(TfOps, Conv2DBackpropInputIsTheAdjointOfConv2D) {
  for (const std::string padding : {"SAME", "VALID"}) {
    const int64_t h = 7, w = 8, ci = 2, co = 3, k = 3, s = 2;
    const int64_t oh = padding == "SAME" ? SameOut(h, s) : (h - k) / s + 1;
    const int64_t ow = padding == "SAME" ? SameOut(w, s) : (w - k) / s + 1;
    const auto f = Rand(static_cast<size_t>(k * k * ci * co), 5);
    TfGraph g;
    g.Placeholder("dy", {1, oh, ow, co});
    g.ConstI32("sizes", {4}, {1, static_cast<int32_t>(h), static_cast<int32_t>(w), static_cast<int32_t>(ci)});
    g.Const("k", {k, k, ci, co}, f);
    g.Op("Conv2DBackpropInput", "deconv", {"sizes", "k", "dy"},
         {{"strides", AttrInts({1, s, s, 1})}, {"padding", AttrS(padding)}});
    const auto a = Rand(static_cast<size_t>(h * w * ci), 6);
    const auto b = Rand(static_cast<size_t>(oh * ow * co), 7);
    const int64_t pt = padding == "SAME" ? SamePadBefore(h, k, s) : 0;
    const int64_t pl = padding == "SAME" ? SamePadBefore(w, k, s) : 0;
    const auto conv_a = RefConv2D(a, {1, h, w, ci}, f, k, k, ci, co, s, s, 1, 1, pt, pl, oh, ow);
    const auto r = RunTf(g, {b});
    ASSERT_EQ(r.dims, (std::vector<int64_t>{1, h, w, ci})) << padding;
    double lhs = 0, rhs = 0;
    for (size_t i = 0; i < b.size(); ++i) lhs += static_cast<double>(conv_a[i]) * b[i];
    for (size_t i = 0; i < a.size(); ++i) rhs += static_cast<double>(a[i]) * r.values[i];
    EXPECT_NEAR(lhs, rhs, 1e-3) << padding;
  }
}

TEST(TfOps, FusedBatchNormV3FoldsIntoTheConvolution) {
  TfGraph g;
  g.Placeholder("x", {1, 4, 4, 2});
  g.Const("k", {1, 1, 2, 2}, {1, 0, 0, 1});
  g.Op("Conv2D", "conv", {"x", "k"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}});
  g.Const("gamma", {2}, {2, 3});
  g.Const("beta", {2}, {0.5f, -1});
  g.Const("mean", {2}, {0.25f, 1});
  g.Const("var", {2}, {4, 0.5f});
  g.Op("FusedBatchNormV3", "bn", {"conv", "gamma", "beta", "mean", "var"},
       {{"epsilon", AttrF(0.001f)}, {"is_training", AttrB(false)}, {"U", AttrType(DT_FLOAT)}});
  const auto x = Rand(32, 3);
  std::vector<float> want(32);
  const float gamma[2] = {2, 3}, beta[2] = {0.5f, -1}, mean[2] = {0.25f, 1}, var[2] = {4, 0.5f};
  for (size_t i = 0; i < 32; ++i) {
    const size_t c = i % 2;
    want[i] = gamma[c] * (x[i] - mean[c]) / std::sqrt(var[c] + 0.001f) + beta[c];
  }
  om::Model m;
  ConvertResult res;
  ASSERT_TRUE(ConvertTf(g, &m, &res).ok());
  EXPECT_EQ(res.folded_batchnorms, 1u);
  const auto r = RunTf(g, {x});
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5);
}

TEST(TfOps, FusedBatchNormInTrainingModeIsRefused) {
  TfGraph g;
  g.Placeholder("x", {1, 2, 2, 1});
  for (const char* n : {"s", "o", "m", "v"}) g.Const(n, {1}, {1});
  g.Op("FusedBatchNorm", "bn", {"x", "s", "o", "m", "v"}, {{"is_training", AttrB(true)}});
  om::Model m;
  Status st = ConvertTf(g, &m);
  EXPECT_EQ(CodeOf(st), "E16007");
  EXPECT_NE(st.message().find("Node [bn] (op [FusedBatchNorm])"), std::string::npos) << st.message();
}

TEST(TfOps, MaxPoolAndAvgPoolSameExcludeThePadding) {
  for (const std::string op : {"MaxPool", "AvgPool"}) {
    TfGraph g;
    g.Placeholder("x", {1, 5, 5, 2});
    g.Op(op, "pool", {"x"},
         {{"ksize", AttrInts({1, 3, 3, 1})}, {"strides", AttrInts({1, 2, 2, 1})}, {"padding", AttrS("SAME")}});
    const auto x = Rand(50, 4);
    const int64_t o = SameOut(5, 2), pad = SamePadBefore(5, 3, 2);
    std::vector<float> want;
    Nhwc xs{1, 5, 5, 2};
    for (int64_t y = 0; y < o; ++y)
      for (int64_t xx = 0; xx < o; ++xx)
        for (int64_t c = 0; c < 2; ++c) {
          float mx = -1e30f;
          double sum = 0;
          int count = 0;
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 3; ++kx) {
              const int64_t iy = y * 2 - pad + ky, ix = xx * 2 - pad + kx;
              if (iy < 0 || iy >= 5 || ix < 0 || ix >= 5) continue;
              mx = std::max(mx, x[xs.at(0, iy, ix, c)]);
              sum += x[xs.at(0, iy, ix, c)];
              ++count;
            }
          want.push_back(op == "MaxPool" ? mx : static_cast<float>(sum / count));
        }
    const auto r = RunTf(g, {x});
    EXPECT_EQ(r.dims, (std::vector<int64_t>{1, o, o, 2})) << op;
    EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5) << op;
  }
}

TEST(TfOps, LrnUsesTensorFlowsAlpha) {
  TfGraph g;
  g.Placeholder("x", {1, 2, 2, 7});
  g.Op("LRN", "lrn", {"x"},
       {{"depth_radius", AttrI(2)}, {"bias", AttrF(1.5f)}, {"alpha", AttrF(0.3f)}, {"beta", AttrF(0.75f)}});
  const auto x = Rand(28, 5);
  std::vector<float> want(28);
  for (size_t p = 0; p < 4; ++p)
    for (int64_t c = 0; c < 7; ++c) {
      double sq = 0;
      for (int64_t j = std::max<int64_t>(0, c - 2); j <= std::min<int64_t>(6, c + 2); ++j) {
        const double v = x[p * 7 + static_cast<size_t>(j)];
        sq += v * v;
      }
      want[p * 7 + static_cast<size_t>(c)] =
          static_cast<float>(x[p * 7 + static_cast<size_t>(c)] / std::pow(1.5 + 0.3 * sq, 0.75));
    }
  const auto r = RunTf(g, {x});
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5);
}

TEST(TfOps, MeanOverHeightAndWidthThenMatMulSoftmax) {
  // Keras' classifier head: GlobalAveragePooling2D (Mean [1, 2]) -> Dense (MatMul + BiasAdd) -> Softmax.
  TfGraph g;
  g.Placeholder("x", {2, 3, 3, 4});
  g.Const("k", {1, 1, 4, 4}, Rand(16, 1));
  g.Op("Conv2D", "conv", {"x", "k"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("SAME")}});
  g.ConstI32("axes", {2}, {1, 2});
  g.Op("Mean", "gap", {"conv", "axes"}, {{"keep_dims", AttrB(false)}, {"Tidx", AttrType(DT_INT32)}});
  const auto wm = Rand(12, 2);
  g.Const("w", {4, 3}, wm);
  g.Op("MatMul", "fc", {"gap", "w"}, {{"transpose_a", AttrB(false)}, {"transpose_b", AttrB(false)}});
  g.Const("fb", {3}, {0.1f, -0.2f, 0.3f});
  g.Op("BiasAdd", "fc_bias", {"fc", "fb"});
  g.Op("Softmax", "prob", {"fc_bias"});
  const auto x = Rand(72, 3);
  const auto k = Rand(16, 1);
  const auto conv = RefConv2D(x, {2, 3, 3, 4}, k, 1, 1, 4, 4, 1, 1, 1, 1, 0, 0, 3, 3);
  std::vector<float> want;
  for (int n = 0; n < 2; ++n) {
    double gap[4] = {0, 0, 0, 0};
    for (int p = 0; p < 9; ++p)
      for (int c = 0; c < 4; ++c) gap[c] += conv[static_cast<size_t>((n * 9 + p) * 4 + c)] / 9.0;
    double logits[3], mx = -1e30, sum = 0;
    for (int j = 0; j < 3; ++j) {
      logits[j] = (j == 0 ? 0.1 : j == 1 ? -0.2 : 0.3);
      for (int c = 0; c < 4; ++c) logits[j] += gap[c] * wm[static_cast<size_t>(c * 3 + j)];
      mx = std::max(mx, logits[j]);
    }
    for (double& l : logits) sum += std::exp(l - mx);
    for (double l : logits) want.push_back(static_cast<float>(std::exp(l - mx) / sum));
  }
  const auto r = RunTf(g, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2, 3}));
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5);
  // The Mean's [N, C] output is ND, so the MatMul's Gemm stays on the AI Core.
  om::Model m;
  ConvertResult res;
  ASSERT_TRUE(ConvertTf(g, &m, &res).ok());
  for (const auto& n : res.report.nodes) {
    EXPECT_EQ(n.engine, kernels::Engine::kAiCore) << n.name << " " << n.type << ": " << n.reason;
  }
}

// A reduction that keeps an NHWC value's channel axis with another one must give the axes in
// TensorFlow's order, whatever order the value is stored in.
TEST(TfOps, ReductionsKeepTheLogicalAxisOrder) {
  struct Case {
    std::string op;
    std::vector<int32_t> axes;
    bool keep;
  };
  for (const Case& cs : {Case{"Sum", {1}, false}, Case{"Max", {2}, true}, Case{"Min", {0, 2}, false},
                         Case{"Prod", {3}, false}, Case{"Mean", {1, 2, 3}, false}}) {
    TfGraph g;
    g.Placeholder("x", {2, 3, 4, 2});
    g.Const("k", {1, 1, 2, 2}, {1, 0, 0, 1});  // identity 1x1 conv: the value is stored NCHW after it
    g.Op("Conv2D", "conv", {"x", "k"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}});
    g.ConstI32("axes", {static_cast<int64_t>(cs.axes.size())}, cs.axes);
    g.Op(cs.op, "r", {"conv", "axes"}, {{"keep_dims", AttrB(cs.keep)}});
    const auto x = Rand(48, 11, 0.5f, 1.5f);
    const int64_t d[4] = {2, 3, 4, 2};
    std::vector<int64_t> out_dims;
    for (int a = 0; a < 4; ++a) {
      const bool reduced = std::find(cs.axes.begin(), cs.axes.end(), a) != cs.axes.end();
      if (!reduced)
        out_dims.push_back(d[a]);
      else if (cs.keep)
        out_dims.push_back(1);
    }
    std::map<std::vector<int64_t>, std::vector<double>> groups;
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t h = 0; h < 3; ++h)
        for (int64_t w = 0; w < 4; ++w)
          for (int64_t c = 0; c < 2; ++c) {
            const int64_t idx[4] = {n, h, w, c};
            std::vector<int64_t> key;
            for (int a = 0; a < 4; ++a) {
              if (std::find(cs.axes.begin(), cs.axes.end(), a) == cs.axes.end()) key.push_back(idx[a]);
            }
            groups[key].push_back(x[static_cast<size_t>(((n * 3 + h) * 4 + w) * 2 + c)]);
          }
    std::vector<float> want;
    for (const auto& [key, vals] : groups) {  // std::map: row-major order of the kept axes
      double acc = cs.op == "Prod" ? 1 : cs.op == "Max" ? -1e30 : cs.op == "Min" ? 1e30 : 0;
      for (double v : vals) {
        if (cs.op == "Sum" || cs.op == "Mean") acc += v;
        if (cs.op == "Prod") acc *= v;
        if (cs.op == "Max") acc = std::max(acc, v);
        if (cs.op == "Min") acc = std::min(acc, v);
      }
      if (cs.op == "Mean") acc /= static_cast<double>(vals.size());
      want.push_back(static_cast<float>(acc));
    }
    const auto r = RunTf(g, {x});
    EXPECT_EQ(r.dims, out_dims) << cs.op;
    EXPECT_LT(MaxAbsDiff(r.values, want), 1e-4) << cs.op;
  }
}

TEST(TfOps, ActivationsAndUnaryMath) {
  struct Case {
    std::string op;
    float (*ref)(float);
  };
  const std::vector<Case> cases = {
      {"Relu6", [](float v) { return std::min(6.0f, std::max(0.0f, v)); }},
      {"Elu", [](float v) { return v > 0 ? v : std::expm1(v); }},
      {"Selu", [](float v) { return 1.0507009873554805f * (v > 0 ? v : 1.6732632423543772f * std::expm1(v)); }},
      {"Sigmoid", [](float v) { return 1.0f / (1.0f + std::exp(-v)); }},
      {"Tanh", [](float v) { return std::tanh(v); }},
      {"Rsqrt", [](float v) { return 1.0f / std::sqrt(std::fabs(v) + 1); }},
      {"Sqrt", [](float v) { return std::sqrt(std::fabs(v) + 1); }},
      {"Square", [](float v) { return v * v; }},
      {"Exp", [](float v) { return std::exp(v); }},
      {"Log", [](float v) { return std::log(std::fabs(v) + 1); }},
  };
  for (const auto& cs : cases) {
    TfGraph g;
    g.Placeholder("x", {2, 3, 3, 2});
    std::string in = "x";
    const bool positive = cs.op == "Rsqrt" || cs.op == "Sqrt" || cs.op == "Log";
    if (positive) {  // |x| + 1
      g.Op("Abs", "abs", {"x"});
      g.Const("one", {}, {1.0f});
      in = g.Op("AddV2", "plus1", {"abs", "one"});
    }
    g.Op(cs.op, "y", {in});
    auto x = Rand(36, 12, -8, 8);
    std::vector<float> want;
    for (float v : x) want.push_back(cs.ref(v));
    const auto r = RunTf(g, {x});
    EXPECT_LT(MaxAbsDiff(r.values, want), 2e-5 * (cs.op == "Exp" ? 3000 : 1)) << cs.op;
  }
}

// Binary ops broadcast from the right as TensorFlow does, on values stored NCHW too (after a
// convolution) and on both sides.
TEST(TfOps, BinaryBroadcastingOnNhwcValues) {
  for (const std::string op : {"Add", "Sub", "Mul", "RealDiv", "Maximum", "Minimum", "SquaredDifference"}) {
    for (bool const_first : {false, true}) {
      TfGraph g;
      g.Placeholder("x", {1, 2, 3, 4});
      g.Const("k", {1, 1, 4, 4}, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
      g.Op("Conv2D", "conv", {"x", "k"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}});
      const auto cv = Rand(12, 21, 0.5f, 2.0f);
      g.Const("c", {3, 4}, cv);  // broadcast over N and H
      g.Op(op, "y", const_first ? std::vector<std::string>{"c", "conv"} : std::vector<std::string>{"conv", "c"});
      const auto x = Rand(24, 22, 0.5f, 2.0f);
      std::vector<float> want(24);
      for (size_t i = 0; i < 24; ++i) {
        float a = x[i], b = cv[i % 12];
        if (const_first) std::swap(a, b);
        want[i] = op == "Add"       ? a + b
                  : op == "Sub"     ? a - b
                  : op == "Mul"     ? a * b
                  : op == "RealDiv" ? a / b
                  : op == "Maximum" ? std::max(a, b)
                  : op == "Minimum" ? std::min(a, b)
                                    : (a - b) * (a - b);
      }
      const auto r = RunTf(g, {x});
      EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 2, 3, 4})) << op;
      EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5) << op << " const_first " << const_first;
    }
  }
}

TEST(TfOps, BatchMatMulWithAdjoints) {
  TfGraph g;
  g.Placeholder("a", {2, 3, 4});
  const auto bv = Rand(2 * 5 * 4, 3);
  g.Const("b", {2, 5, 4}, bv);
  g.Op("BatchMatMulV2", "mm", {"a", "b"}, {{"adj_x", AttrB(false)}, {"adj_y", AttrB(true)}});
  const auto a = Rand(24, 4);
  std::vector<float> want;
  for (int n = 0; n < 2; ++n)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 5; ++j) {
        double acc = 0;
        for (int k = 0; k < 4; ++k)
          acc += a[static_cast<size_t>((n * 3 + i) * 4 + k)] * bv[static_cast<size_t>((n * 5 + j) * 4 + k)];
        want.push_back(static_cast<float>(acc));
      }
  const auto r = RunTf(g, {a});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2, 3, 5}));
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5);
}

TEST(TfOps, MatMulTransposeA) {
  TfGraph g;
  g.Placeholder("a", {4, 3});
  const auto bv = Rand(8, 3);
  g.Const("b", {4, 2}, bv);
  g.Op("MatMul", "mm", {"a", "b"}, {{"transpose_a", AttrB(true)}});
  const auto a = Rand(12, 4);
  std::vector<float> want;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      double acc = 0;
      for (int k = 0; k < 4; ++k) acc += a[static_cast<size_t>(k * 3 + i)] * bv[static_cast<size_t>(k * 2 + j)];
      want.push_back(static_cast<float>(acc));
    }
  const auto r = RunTf(g, {a});
  EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5);
}

// TensorFlow's resize coordinate rules: legacy (asymmetric), align_corners, half_pixel_centers.
// --out_nodes naming the convolution as well as what follows its BiasAdd: the user reads the
// convolution's own output, so the bias is not folded into it.
TEST(TfOps, AConvolutionNamedByOutNodesKeepsItsOwnOutput) {
  TfGraph g;
  g.Placeholder("x", {1, 4, 4, 2});
  const auto f = Rand(1 * 1 * 2 * 3, 1);
  const std::vector<float> b = {1, 2, 3};
  g.Const("k", {1, 1, 2, 3}, f);
  g.Const("b", {3}, b);
  g.Op("Conv2D", "conv", {"x", "k"},
       {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("VALID")}, {"data_format", AttrS("NHWC")}});
  g.Op("BiasAdd", "bias", {"conv", "b"});
  g.Op("Relu", "relu", {"bias"});
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"conv", 0}, {"relu", 0}};
  const auto x = Rand(4 * 4 * 2, 2);
  const auto want = RefConv2D(x, {1, 4, 4, 2}, f, 1, 1, 2, 3, 1, 1, 1, 1, 0, 0, 4, 4);
  EXPECT_LT(MaxAbsDiff(RunTf(g, {x}, 0, o).values, want), 1e-5);
  std::vector<float> relu = want;
  for (size_t i = 0; i < relu.size(); ++i) relu[i] = std::max(0.0f, relu[i] + b[i % 3]);
  EXPECT_LT(MaxAbsDiff(RunTf(g, {x}, 1, o).values, relu), 1e-5);
}

// Under --dynamic_batch_size every gear resizes its own batch (the sizes name H and W only).
TEST(TfOps, ResizeKeepsEachGearsBatch) {
  TfGraph g;
  g.Placeholder("x", {-1, 3, 4, 2});
  g.ConstI32("size", {2}, {6, 8});
  g.Op("ResizeNearestNeighbor", "r", {"x", "size"});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {-1, 3, 4, 2}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {3}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model m;
  const Status st = ConvertTf(g, &m, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(m.graphs.size(), 2u);
  const int64_t batch[2] = {1, 3};
  for (size_t gear = 0; gear < 2; ++gear) {
    bool found = false;
    for (const om::Node& n : m.graphs[gear].nodes) {
      if (n.type != "Resize") continue;
      found = true;
      const om::Tensor& out = m.graphs[gear].tensors[static_cast<size_t>(n.outputs[0])];
      EXPECT_EQ(out.desc.dims, (std::vector<int64_t>{batch[gear], 2, 6, 8})) << "gear " << gear;
    }
    EXPECT_TRUE(found) << "gear " << gear;
  }
}

TEST(TfOps, ResizeBilinearAndNearestNeighbour) {
  struct Case {
    std::string op;
    bool align, half;
  };
  for (const Case& cs : {Case{"ResizeBilinear", false, false}, Case{"ResizeBilinear", true, false},
                         Case{"ResizeBilinear", false, true}, Case{"ResizeNearestNeighbor", false, false},
                         Case{"ResizeNearestNeighbor", true, false}, Case{"ResizeNearestNeighbor", false, true}}) {
    const int64_t ih = 3, iw = 4, oh = 5, ow = 7, c = 2;
    TfGraph g;
    g.Placeholder("x", {1, ih, iw, c});
    g.ConstI32("size", {2}, {static_cast<int32_t>(oh), static_cast<int32_t>(ow)});
    g.Op(cs.op, "r", {"x", "size"}, {{"align_corners", AttrB(cs.align)}, {"half_pixel_centers", AttrB(cs.half)}});
    const auto x = Rand(static_cast<size_t>(ih * iw * c), 5);
    Nhwc xs{1, ih, iw, c};
    const auto scale = [&](int64_t in, int64_t out) {
      return cs.align && out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1)
                                 : static_cast<double>(in) / static_cast<double>(out);
    };
    const double sy = scale(ih, oh), sx = scale(iw, ow);
    std::vector<float> want;
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t xx = 0; xx < ow; ++xx)
        for (int64_t ch = 0; ch < c; ++ch) {
          if (cs.op == "ResizeBilinear") {
            const double fy = cs.half ? (y + 0.5) * sy - 0.5 : y * sy;
            const double fx = cs.half ? (xx + 0.5) * sx - 0.5 : xx * sx;
            const int64_t y0 = std::max<int64_t>(0, static_cast<int64_t>(std::floor(fy)));
            const int64_t x0 = std::max<int64_t>(0, static_cast<int64_t>(std::floor(fx)));
            const int64_t y1 = std::min<int64_t>(ih - 1, static_cast<int64_t>(std::ceil(fy)));
            const int64_t x1 = std::min<int64_t>(iw - 1, static_cast<int64_t>(std::ceil(fx)));
            const double ly = fy - std::floor(fy), lx = fx - std::floor(fx);
            const double top = x[xs.at(0, y0, x0, ch)] + (x[xs.at(0, y0, x1, ch)] - x[xs.at(0, y0, x0, ch)]) * lx;
            const double bot = x[xs.at(0, y1, x0, ch)] + (x[xs.at(0, y1, x1, ch)] - x[xs.at(0, y1, x0, ch)]) * lx;
            want.push_back(static_cast<float>(top + (bot - top) * (fy < 0 ? 0 : ly)));
          } else {
            const auto pick = [&](int64_t o, double s, int64_t in) {
              const double f = cs.half ? (o + 0.5) * s : o * s;
              const int64_t i = cs.align ? static_cast<int64_t>(std::round(f)) : static_cast<int64_t>(std::floor(f));
              return std::min<int64_t>(in - 1, std::max<int64_t>(0, i));
            };
            want.push_back(x[xs.at(0, pick(y, sy, ih), pick(xx, sx, iw), ch)]);
          }
        }
    const auto r = RunTf(g, {x});
    EXPECT_EQ(r.dims, (std::vector<int64_t>{1, oh, ow, c})) << cs.op << cs.align << cs.half;
    EXPECT_LT(MaxAbsDiff(r.values, want), 1e-5) << cs.op << " align " << cs.align << " half " << cs.half;
  }
}

TEST(TfOps, TopKV2AndArgMax) {
  TfGraph g;
  g.Placeholder("x", {2, 6});
  g.ConstI32("k", {}, {3});
  g.Op("TopKV2", "top", {"x", "k"}, {{"sorted", AttrB(true)}});
  g.ConstI32("axis", {}, {1});
  g.Op("ArgMax", "arg", {"x", "axis"}, {{"output_type", AttrType(asim::tf::DT_INT64)}});
  g.Op("Cast", "arg_f", {"arg"}, {{"SrcT", AttrType(asim::tf::DT_INT64)}, {"DstT", AttrType(DT_FLOAT)}});
  g.Op("Cast", "idx_f", {"top:1"}, {{"SrcT", AttrType(DT_INT32)}, {"DstT", AttrType(DT_FLOAT)}});
  const std::vector<float> x{0.1f, 0.9f, 0.3f, 0.7f, 0.2f, 0.5f, 5, 4, 3, 2, 1, 6};
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"top", 0}, {"idx_f", 0}, {"arg_f", 0}};
  om::Model m;
  ASSERT_TRUE(ConvertTf(g, &m, nullptr, o).ok());
  std::vector<int64_t> dims;
  EXPECT_EQ(RunModelFloat(m, {x}, 0, &dims), (std::vector<float>{0.9f, 0.7f, 0.5f, 6, 5, 4}));
  EXPECT_EQ(RunModelFloat(m, {x}, 1), (std::vector<float>{1, 3, 5, 5, 0, 1}));
  EXPECT_EQ(RunModelFloat(m, {x}, 2), (std::vector<float>{1, 5}));
}

}  // namespace
}  // namespace asim::atc::testing
