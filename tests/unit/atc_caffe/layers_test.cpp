// The Caffe layer translations, one small network per layer (or parameter variant), run on the
// host kernels and checked against references written from Caffe's definitions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tests/unit/atc_caffe/caffe_test_util.h"

namespace asim::atc::testing {
namespace {

std::string Net(const std::vector<int64_t>& dims, const std::string& layers) {
  std::string s = "name: \"t\"\ninput: \"data\"\ninput_shape {";
  for (int64_t d : dims) s += " dim: " + std::to_string(d);
  return s + " }\n" + layers;
}

void ExpectNear(const std::vector<float>& got, const std::vector<float>& want, float tol = 1e-4f) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_NEAR(got[i], want[i], tol * std::max(1.0f, std::fabs(want[i]))) << "at " << i;
  }
}

// NCHW convolution with groups, dilation, symmetric pads.
std::vector<float> RefConv(const std::vector<float>& x, int64_t n, int64_t c, int64_t h, int64_t w,
                           const std::vector<float>& wt, int64_t o, int64_t kh, int64_t kw, int64_t s, int64_t p,
                           int64_t d, int64_t g, const std::vector<float>& bias, int64_t* oh_out, int64_t* ow_out) {
  const int64_t oh = (h + 2 * p - d * (kh - 1) - 1) / s + 1, ow = (w + 2 * p - d * (kw - 1) - 1) / s + 1;
  *oh_out = oh;
  *ow_out = ow;
  const int64_t cg = c / g, og = o / g;
  std::vector<float> y(static_cast<size_t>(n * o * oh * ow));
  for (int64_t b = 0; b < n; ++b)
    for (int64_t oc = 0; oc < o; ++oc)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double acc = bias.empty() ? 0.0 : bias[static_cast<size_t>(oc)];
          const int64_t grp = oc / og;
          for (int64_t ic = 0; ic < cg; ++ic)
            for (int64_t u = 0; u < kh; ++u)
              for (int64_t v = 0; v < kw; ++v) {
                const int64_t yy = i * s - p + u * d, xx = j * s - p + v * d;
                if (yy < 0 || yy >= h || xx < 0 || xx >= w) continue;
                acc += x[static_cast<size_t>(((b * c + grp * cg + ic) * h + yy) * w + xx)] *
                       wt[static_cast<size_t>(((oc * cg + ic) * kh + u) * kw + v)];
              }
          y[static_cast<size_t>(((b * o + oc) * oh + i) * ow + j)] = static_cast<float>(acc);
        }
  return y;
}

TEST(CaffeLayers, ConvolutionWithGroupDilationAndBias) {
  CaffeFiles f(Net({1, 4, 9, 8}, R"(
layer { name: "conv" type: "Convolution" bottom: "data" top: "conv"
  convolution_param { num_output: 6 kernel_size: 3 stride: 2 pad: 2 dilation: 2 group: 2
                      weight_filler { type: "msra" } } })"));
  const auto w = Random(6 * 2 * 3 * 3, 1), b = Random(6, 2), x = Random(4 * 9 * 8, 3);
  f.Blobs("conv", {{{6, 2, 3, 3}, w}, {{6}, b}});
  const auto r = RunCaffe(f, {x});
  int64_t oh = 0, ow = 0;
  const auto want = RefConv(x, 1, 4, 9, 8, w, 6, 3, 3, 2, 2, 2, 2, b, &oh, &ow);
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 6, oh, ow}));
  ExpectNear(r.values, want);
}

TEST(CaffeLayers, ConvolutionKernelHwWithoutBias) {
  CaffeFiles f(Net({1, 2, 6, 7}, R"(
layer { name: "conv" type: "Convolution" bottom: "data" top: "y"
  convolution_param { num_output: 3 kernel_h: 3 kernel_w: 3 pad_h: 1 pad_w: 1 bias_term: false } })"));
  const auto w = Random(3 * 2 * 9, 4), x = Random(2 * 6 * 7, 5);
  f.Blobs("conv", {{{3, 2, 3, 3}, w}});
  const auto r = RunCaffe(f, {x});
  int64_t oh = 0, ow = 0;
  ExpectNear(r.values, RefConv(x, 1, 2, 6, 7, w, 3, 3, 3, 1, 1, 1, 1, {}, &oh, &ow));
}

TEST(CaffeLayers, DeconvolutionUpsamplesAsTheAdjointOfConvolution) {
  // 1 channel in, 1 out, kernel 2, stride 2: every input pixel paints a 2x2 block.
  CaffeFiles f(Net({1, 1, 2, 2}, R"(
layer { name: "up" type: "Deconvolution" bottom: "data" top: "up"
  convolution_param { num_output: 1 kernel_size: 2 stride: 2 } })"));
  f.Blobs("up", {{{1, 1, 2, 2}, {1, 2, 3, 4}}, {{1}, {0.5f}}});
  const auto r = RunCaffe(f, {{1, 10, 100, 1000}});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1, 4, 4}));
  std::vector<float> want(16);
  const float in[4] = {1, 10, 100, 1000}, k[4] = {1, 2, 3, 4};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      want[static_cast<size_t>(i * 4 + j)] = in[(i / 2) * 2 + j / 2] * k[(i % 2) * 2 + j % 2] + 0.5f;
  ExpectNear(r.values, want);
}

TEST(CaffeLayers, InnerProductFlattensFromAxisOne) {
  CaffeFiles f(Net({2, 3, 2, 2}, R"(
layer { name: "fc" type: "InnerProduct" bottom: "data" top: "fc" inner_product_param { num_output: 5 } })"));
  const auto w = Random(5 * 12, 6), b = Random(5, 7), x = Random(24, 8);
  f.Blobs("fc", {{{5, 12}, w}, {{5}, b}});
  const auto r = RunCaffe(f, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2, 5}));
  std::vector<float> want(10);
  for (int n = 0; n < 2; ++n)
    for (int o = 0; o < 5; ++o) {
      double acc = b[static_cast<size_t>(o)];
      for (int k = 0; k < 12; ++k) acc += x[static_cast<size_t>(n * 12 + k)] * w[static_cast<size_t>(o * 12 + k)];
      want[static_cast<size_t>(n * 5 + o)] = static_cast<float>(acc);
    }
  ExpectNear(r.values, want);
}

TEST(CaffeLayers, InnerProductTransposed) {
  CaffeFiles f(Net({1, 4}, R"(
layer { name: "fc" type: "InnerProduct" bottom: "data" top: "fc"
  inner_product_param { num_output: 2 bias_term: false transpose: true } })"));
  f.Blobs("fc", {{{4, 2}, {1, 2, 3, 4, 5, 6, 7, 8}}});
  const auto r = RunCaffe(f, {{1, 1, 1, 1}});
  ExpectNear(r.values, {16, 20});
}

// BatchNorm (mean and variance divided by the stored factor) then Scale, in place.
std::vector<float> RefBnScale(const std::vector<float>& x, int64_t c, int64_t hw, const std::vector<float>& mean,
                              const std::vector<float>& var, float factor, float eps, const std::vector<float>& gamma,
                              const std::vector<float>& beta) {
  std::vector<float> y(x.size());
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t i = 0; i < hw; ++i) {
      const size_t k = static_cast<size_t>(ch * hw + i), cc = static_cast<size_t>(ch);
      const double m = mean[cc] / factor, v = var[cc] / factor;
      y[k] = static_cast<float>((x[k] - m) / std::sqrt(v + eps) * gamma[cc] + beta[cc]);
    }
  return y;
}

TEST(CaffeLayers, BatchNormWithScaleInPlaceFoldsIntoOneNode) {
  CaffeFiles f(Net({1, 3, 2, 2}, R"(
layer { name: "bn" type: "BatchNorm" bottom: "data" top: "data" batch_norm_param { use_global_stats: true eps: 0.001 } }
layer { name: "sc" type: "Scale" bottom: "data" top: "data" scale_param { bias_term: true } })"));
  const std::vector<float> mean{0.5f, -1, 2}, var{2, 0.5f, 8}, gamma{1.5f, 0.5f, -1}, beta{0.1f, 0.2f, 0.3f};
  f.Blobs("bn", {{{3}, mean}, {{3}, var}, {{1}, {2.0f}}}).Blobs("sc", {{{3}, gamma}, {{3}, beta}});
  const auto x = Random(12, 9, -3, 3);
  const auto r = RunCaffe(f, {x});
  ExpectNear(r.values, RefBnScale(x, 3, 4, mean, var, 2.0f, 0.001f, gamma, beta));
  om::Model m;
  ConvertResult cr;
  ASSERT_TRUE(ConvertCaffe(f, &m, &cr).ok());
  EXPECT_EQ(cr.graph_nodes, 1u);  // BatchNormalization carrying both layers
}

TEST(CaffeLayers, BatchNormWhoseOutputIsReadTwiceKeepsTheScaleSeparate) {
  CaffeFiles f(Net({1, 2, 1, 2}, R"(
layer { name: "bn" type: "BatchNorm" bottom: "data" top: "bn" }
layer { name: "sc" type: "Scale" bottom: "bn" top: "sc" }
layer { name: "sum" type: "Eltwise" bottom: "bn" bottom: "sc" top: "sum" })"));
  const std::vector<float> mean{1, 2}, var{1, 4};
  f.Blobs("bn", {{{2}, mean}, {{2}, var}, {{1}, {1.0f}}}).Blobs("sc", {{{2}, {3, -1}}});
  const std::vector<float> x{2, 3, 4, 6};
  const auto r = RunCaffe(f, {x});
  std::vector<float> want;
  for (int i = 0; i < 4; ++i) {
    const int c = i / 2;
    const float bn = static_cast<float>((x[static_cast<size_t>(i)] - mean[static_cast<size_t>(c)]) /
                                        std::sqrt(var[static_cast<size_t>(c)] + 1e-5));
    want.push_back(bn + bn * (c == 0 ? 3.0f : -1.0f));
  }
  ExpectNear(r.values, want);
}

TEST(CaffeLayers, BatchNormWithAZeroFactorUsesZeroStatistics) {
  CaffeFiles f(Net({1, 1, 1, 2}, R"(layer { name: "bn" type: "BatchNorm" bottom: "data" top: "y" })"));
  f.Blobs("bn", {{{1}, {5}}, {{1}, {5}}, {{1}, {0}}});
  const auto r = RunCaffe(f, {{1, -2}});
  ExpectNear(r.values, {static_cast<float>(1 / std::sqrt(1e-5)), static_cast<float>(-2 / std::sqrt(1e-5))}, 1e-3f);
}

TEST(CaffeLayers, ScaleAndBiasFromASecondBottom) {
  CaffeFiles f(R"(input: "x" input_shape { dim: 1 dim: 2 dim: 1 dim: 2 }
input: "s" input_shape { dim: 2 }
layer { name: "sc" type: "Scale" bottom: "x" bottom: "s" top: "y" scale_param { axis: 1 } }
layer { name: "b" type: "Bias" bottom: "y" bottom: "s" top: "z" })");
  const auto r = RunCaffe(f, {{1, 2, 3, 4}, {10, -1}});
  ExpectNear(r.values, {20, 30, -4, -5});
}

struct Activation {
  const char* name;
  std::string layer;
  float (*ref)(float);
};

class CaffeActivations : public ::testing::TestWithParam<Activation> {};

TEST_P(CaffeActivations, MatchCaffesDefinition) {
  const Activation& a = GetParam();
  CaffeFiles f(Net({1, 2, 3, 4}, a.layer));
  const auto x = Random(24, 11, -2, 2);
  const auto r = RunCaffe(f, {x});
  std::vector<float> want;
  for (float v : x) want.push_back(a.ref(v));
  ExpectNear(r.values, want);
}

INSTANTIATE_TEST_SUITE_P(
    All, CaffeActivations,
    ::testing::Values(
        Activation{"ReLU", R"(layer { name: "a" type: "ReLU" bottom: "data" top: "data" })",
                   [](float x) { return std::max(x, 0.0f); }},
        Activation{"LeakyReLU",
                   R"(layer { name: "a" type: "ReLU" bottom: "data" top: "y" relu_param { negative_slope: 0.1 } })",
                   [](float x) { return x > 0 ? x : 0.1f * x; }},
        Activation{"ReLU6", R"(layer { name: "a" type: "ReLU6" bottom: "data" top: "y" })",
                   [](float x) { return std::min(std::max(x, 0.0f), 6.0f); }},
        Activation{"Sigmoid", R"(layer { name: "a" type: "Sigmoid" bottom: "data" top: "y" })",
                   [](float x) { return 1.0f / (1.0f + std::exp(-x)); }},
        Activation{"TanH", R"(layer { name: "a" type: "TanH" bottom: "data" top: "y" })",
                   [](float x) { return std::tanh(x); }},
        Activation{"ELU", R"(layer { name: "a" type: "ELU" bottom: "data" top: "y" elu_param { alpha: 0.5 } })",
                   [](float x) { return x > 0 ? x : 0.5f * (std::exp(x) - 1); }},
        Activation{"AbsVal", R"(layer { name: "a" type: "AbsVal" bottom: "data" top: "y" })",
                   [](float x) { return std::fabs(x); }},
        Activation{"BNLL", R"(layer { name: "a" type: "BNLL" bottom: "data" top: "y" })",
                   [](float x) { return std::log1p(std::exp(x)); }},
        Activation{
            "Power",
            R"(layer { name: "a" type: "Power" bottom: "data" top: "y" power_param { power: 2 scale: 0.5 shift: 3 } })",
            [](float x) { return (3 + 0.5f * x) * (3 + 0.5f * x); }},
        Activation{
            "Exp",
            R"(layer { name: "a" type: "Exp" bottom: "data" top: "y" exp_param { base: 2 scale: 0.5 shift: 1 } })",
            [](float x) { return std::pow(2.0f, 1 + 0.5f * x); }},
        Activation{
            "Log",
            R"(layer { name: "a" type: "Log" bottom: "data" top: "y" log_param { base: 10 scale: 2 shift: 5 } })",
            [](float x) { return std::log10(5 + 2 * x); }},
        Activation{
            "Threshold",
            R"(layer { name: "a" type: "Threshold" bottom: "data" top: "y" threshold_param { threshold: 0.25 } })",
            [](float x) { return x > 0.25f ? 1.0f : 0.0f; }},
        Activation{
            "Dropout",
            R"(layer { name: "a" type: "Dropout" bottom: "data" top: "y" dropout_param { dropout_ratio: 0.3 } })",
            [](float x) { return x; }}),
    [](const ::testing::TestParamInfo<Activation>& i) { return std::string(i.param.name); });

TEST(CaffeLayers, ReLU6ClipsAtSix) {
  CaffeFiles f(Net({1, 4}, R"(layer { name: "a" type: "ReLU6" bottom: "data" top: "data" })"));
  EXPECT_EQ(RunCaffe(f, {{-3, 2, 6, 9}}).values, (std::vector<float>{0, 2, 6, 6}));
}

TEST(CaffeLayers, PReLUPerChannel) {
  CaffeFiles f(Net({1, 2, 1, 2}, R"(layer { name: "p" type: "PReLU" bottom: "data" top: "y" })"));
  f.Blobs("p", {{{2}, {0.1f, 0.5f}}});
  const auto r = RunCaffe(f, {{-1, 2, -4, 3}});
  ExpectNear(r.values, {-0.1f, 2, -2, 3});
}

// Caffe's pooling: ceil-rounded output (one less when the last window starts in the pad);
// AVE divides by the window clipped to the padded input.
std::vector<float> RefPool(const std::vector<float>& x, int64_t c, int64_t h, int64_t w, int64_t k, int64_t s,
                           int64_t p, bool max, int64_t* oh_out, int64_t* ow_out) {
  auto out = [&](int64_t in) {
    int64_t o = static_cast<int64_t>(std::ceil(static_cast<double>(in + 2 * p - k) / s)) + 1;
    if (p > 0 && (o - 1) * s >= in + p) --o;
    return o;
  };
  const int64_t oh = out(h), ow = out(w);
  *oh_out = oh;
  *ow_out = ow;
  std::vector<float> y;
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j) {
        int64_t hs = i * s - p, ws = j * s - p;
        int64_t he = std::min(hs + k, max ? h : h + p), we = std::min(ws + k, max ? w : w + p);
        const int64_t size = (he - hs) * (we - ws);
        hs = std::max<int64_t>(hs, 0);
        ws = std::max<int64_t>(ws, 0);
        he = std::min(he, h);
        we = std::min(we, w);
        double acc = max ? -1e30 : 0.0;
        for (int64_t u = hs; u < he; ++u)
          for (int64_t v = ws; v < we; ++v) {
            const float e = x[static_cast<size_t>((ch * h + u) * w + v)];
            acc = max ? std::max<double>(acc, e) : acc + e;
          }
        y.push_back(static_cast<float>(max ? acc : acc / static_cast<double>(size)));
      }
  return y;
}

struct PoolCase {
  const char* name;
  bool max;
  int64_t h, w, k, s, p;
};

class CaffePooling : public ::testing::TestWithParam<PoolCase> {};

TEST_P(CaffePooling, RoundsUpAsCaffeDoes) {
  const PoolCase& pc = GetParam();
  CaffeFiles f(Net({1, 2, pc.h, pc.w}, std::string(R"(layer { name: "pool" type: "Pooling" bottom: "data" top: "pool"
  pooling_param { pool: )") + (pc.max ? "MAX" : "AVE") +
                                           " kernel_size: " + std::to_string(pc.k) + " stride: " +
                                           std::to_string(pc.s) + " pad: " + std::to_string(pc.p) + " } }"));
  const auto x = Random(static_cast<size_t>(2 * pc.h * pc.w), 12, -5, 5);
  const auto r = RunCaffe(f, {x});
  int64_t oh = 0, ow = 0;
  const auto want = RefPool(x, 2, pc.h, pc.w, pc.k, pc.s, pc.p, pc.max, &oh, &ow);
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 2, oh, ow}));
  ExpectNear(r.values, want);
}

INSTANTIATE_TEST_SUITE_P(All, CaffePooling,
                         ::testing::Values(PoolCase{"MaxCeil", true, 112, 112, 3, 2, 0},  // ResNet-50's pool1: 56
                                           PoolCase{"MaxCeilPadded", true, 7, 6, 3, 2, 1},
                                           PoolCase{"AveCeil", false, 6, 6, 3, 2, 0},
                                           PoolCase{"AvePadded", false, 7, 5, 3, 2, 1},
                                           PoolCase{"AveLastWindowInPad", false, 5, 5, 2, 2, 1}),
                         [](const ::testing::TestParamInfo<PoolCase>& i) { return std::string(i.param.name); });

TEST(CaffeLayers, PoolingRoundModeFloor) {
  CaffeFiles f(Net({1, 1, 6, 6}, R"(layer { name: "pool" type: "Pooling" bottom: "data" top: "pool"
  pooling_param { pool: MAX kernel_size: 3 stride: 2 round_mode: FLOOR } })"));
  const auto r = RunCaffe(f, {Random(36, 13)});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1, 2, 2}));
}

TEST(CaffeLayers, GlobalPooling) {
  CaffeFiles f(Net({1, 2, 2, 2}, R"(
layer { name: "gap" type: "Pooling" bottom: "data" top: "gap" pooling_param { pool: AVE global_pooling: true } }
layer { name: "gmp" type: "Pooling" bottom: "data" top: "gmp" pooling_param { pool: MAX global_pooling: true } })"));
  const std::vector<float> x{1, 2, 3, 4, -1, -2, -3, 8};
  EXPECT_EQ(RunCaffe(f, {x}, 0).values, (std::vector<float>{2.5f, 0.5f}));
  EXPECT_EQ(RunCaffe(f, {x}, 1).values, (std::vector<float>{4, 8}));
}

std::vector<float> RefLrn(const std::vector<float>& x, int64_t c, int64_t h, int64_t w, int64_t n, float alpha,
                          float beta, float k, bool across) {
  std::vector<float> y(x.size());
  const int64_t half = (n - 1) / 2;
  for (int64_t ch = 0; ch < c; ++ch)
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < w; ++j) {
        double sum = 0;
        if (across) {
          for (int64_t q = std::max<int64_t>(0, ch - half); q <= std::min(c - 1, ch + half); ++q) {
            const double v = x[static_cast<size_t>((q * h + i) * w + j)];
            sum += v * v;
          }
        } else {
          for (int64_t u = i - half; u <= i + half; ++u)
            for (int64_t v = j - half; v <= j + half; ++v) {
              if (u < 0 || u >= h || v < 0 || v >= w) continue;
              const double e = x[static_cast<size_t>((ch * h + u) * w + v)];
              sum += e * e;
            }
        }
        const double scale = across ? k + alpha / n * sum : 1 + alpha / (n * n) * sum;
        const size_t idx = static_cast<size_t>((ch * h + i) * w + j);
        y[idx] = static_cast<float>(x[idx] / std::pow(scale, beta));
      }
  return y;
}

TEST(CaffeLayers, LrnAcrossChannels) {
  CaffeFiles f(Net({1, 7, 3, 3}, R"(layer { name: "norm" type: "LRN" bottom: "data" top: "norm"
  lrn_param { local_size: 5 alpha: 0.0001 beta: 0.75 k: 2 } })"));
  const auto x = Random(63, 14, -20, 20);
  ExpectNear(RunCaffe(f, {x}).values, RefLrn(x, 7, 3, 3, 5, 1e-4f, 0.75f, 2, true));
}

TEST(CaffeLayers, LrnWithinChannel) {
  CaffeFiles f(Net({1, 2, 5, 4}, R"(layer { name: "norm" type: "LRN" bottom: "data" top: "norm"
  lrn_param { local_size: 3 alpha: 0.5 beta: 0.75 norm_region: WITHIN_CHANNEL } })"));
  const auto x = Random(40, 15, -2, 2);
  ExpectNear(RunCaffe(f, {x}).values, RefLrn(x, 2, 5, 4, 3, 0.5f, 0.75f, 1, false));
}

TEST(CaffeLayers, EltwiseSumWithCoefficientsProdAndMax) {
  CaffeFiles f(R"(input: "a" input_shape { dim: 1 dim: 3 }
input: "b" input_shape { dim: 1 dim: 3 }
layer { name: "sum" type: "Eltwise" bottom: "a" bottom: "b" top: "sum" eltwise_param { operation: SUM coeff: 2 coeff: -1 } }
layer { name: "prod" type: "Eltwise" bottom: "a" bottom: "b" top: "prod" eltwise_param { operation: PROD } }
layer { name: "max" type: "Eltwise" bottom: "a" bottom: "b" top: "max" eltwise_param { operation: MAX } })");
  const std::vector<float> a{1, 2, 3}, b{4, -5, 6};
  EXPECT_EQ(RunCaffe(f, {a, b}, 0).values, (std::vector<float>{-2, 9, 0}));
  EXPECT_EQ(RunCaffe(f, {a, b}, 1).values, (std::vector<float>{4, -10, 18}));
  EXPECT_EQ(RunCaffe(f, {a, b}, 2).values, (std::vector<float>{4, 2, 6}));
}

TEST(CaffeLayers, ConcatSliceAndSplit) {
  CaffeFiles f(Net({1, 6, 1, 1}, R"(
layer { name: "slice" type: "Slice" bottom: "data" top: "s0" top: "s1" top: "s2" slice_param { axis: 1 slice_point: 1 slice_point: 4 } }
layer { name: "split" type: "Split" bottom: "s1" top: "t0" top: "t1" }
layer { name: "cat" type: "Concat" bottom: "s2" bottom: "t0" bottom: "s0" bottom: "t1" top: "cat" })"));
  const auto r = RunCaffe(f, {{0, 1, 2, 3, 4, 5}});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 9, 1, 1}));
  EXPECT_EQ(r.values, (std::vector<float>{4, 5, 1, 2, 3, 0, 1, 2, 3}));
}

TEST(CaffeLayers, SliceInEqualParts) {
  CaffeFiles f(
      Net({2, 4}, R"(layer { name: "slice" type: "Slice" bottom: "data" top: "a" top: "b" slice_param { axis: 1 } })"));
  EXPECT_EQ(RunCaffe(f, {{0, 1, 2, 3, 4, 5, 6, 7}}, 1).values, (std::vector<float>{2, 3, 6, 7}));
}

TEST(CaffeLayers, FlattenReshapeAndPermuteShapes) {
  CaffeFiles f(Net({2, 3, 4, 5}, R"(
layer { name: "perm" type: "Permute" bottom: "data" top: "perm" permute_param { order: 0 order: 2 order: 3 order: 1 } }
layer { name: "flat" type: "Flatten" bottom: "perm" top: "flat" flatten_param { axis: 1 end_axis: 2 } }
layer { name: "resh" type: "Reshape" bottom: "flat" top: "resh" reshape_param { shape { dim: 0 dim: -1 dim: 3 } } })"));
  const auto x = Random(120, 16);
  const auto r = RunCaffe(f, {x});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2, 20, 3}));
  // (n, h, w, c) order, then reshaped: element [n][h*5+w][c] = x[n][c][h][w].
  for (int n = 0; n < 2; ++n)
    for (int hw = 0; hw < 20; ++hw)
      for (int c = 0; c < 3; ++c)
        ASSERT_EQ(r.values[static_cast<size_t>((n * 20 + hw) * 3 + c)], x[static_cast<size_t>((n * 3 + c) * 20 + hw)]);
}

TEST(CaffeLayers, ReshapeWithAxisAndNumAxes) {
  CaffeFiles f(Net({2, 6, 2}, R"(layer { name: "r" type: "Reshape" bottom: "data" top: "r"
  reshape_param { shape { dim: 2 dim: 3 } axis: 1 num_axes: 1 } })"));
  EXPECT_EQ(RunCaffe(f, {Random(24, 17)}).dims, (std::vector<int64_t>{2, 2, 3, 2}));
}

TEST(CaffeLayers, SoftmaxOverTheChannelAxis) {
  CaffeFiles f(Net({1, 3, 1, 2}, R"(layer { name: "prob" type: "Softmax" bottom: "data" top: "prob" })"));
  const std::vector<float> x{1, 0, 2, 0, 3, 0};
  const auto r = RunCaffe(f, {x});
  const double z = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
  ExpectNear(r.values, {static_cast<float>(std::exp(1.0) / z), 1.0f / 3, static_cast<float>(std::exp(2.0) / z),
                        1.0f / 3, static_cast<float>(std::exp(3.0) / z), 1.0f / 3});
}

TEST(CaffeLayers, ArgMaxPerSampleAndAlongAnAxis) {
  CaffeFiles f(Net({2, 2, 1, 2}, R"(
layer { name: "top" type: "ArgMax" bottom: "data" top: "top" argmax_param { top_k: 2 out_max_val: true } }
layer { name: "ax" type: "ArgMax" bottom: "data" top: "ax" argmax_param { axis: 1 } })"));
  const std::vector<float> x{1, 9, 3, 4, 8, 2, 7, 6};
  const auto r = RunCaffe(f, {x}, 0);
  EXPECT_EQ(r.dims, (std::vector<int64_t>{2, 2, 2}));
  EXPECT_EQ(r.values, (std::vector<float>{1, 3, 9, 4, 0, 2, 8, 7}));
  const auto a = RunCaffe(f, {x}, 1);
  EXPECT_EQ(a.dims, (std::vector<int64_t>{2, 1, 1, 2}));
  EXPECT_EQ(a.values, (std::vector<float>{1, 0, 0, 1}));
}

TEST(CaffeLayers, CropToTheReferenceBottom) {
  CaffeFiles f(R"(input: "a" input_shape { dim: 1 dim: 1 dim: 4 dim: 4 }
input: "b" input_shape { dim: 1 dim: 1 dim: 2 dim: 3 }
layer { name: "crop" type: "Crop" bottom: "a" bottom: "b" top: "c" crop_param { axis: 2 offset: 1 offset: 0 } })");
  std::vector<float> a(16);
  for (int i = 0; i < 16; ++i) a[static_cast<size_t>(i)] = static_cast<float>(i);
  const auto r = RunCaffe(f, {a, std::vector<float>(6)});
  EXPECT_EQ(r.values, (std::vector<float>{4, 5, 6, 8, 9, 10}));
}

TEST(CaffeLayers, NormalizeAcrossChannelsWithPerChannelScale) {
  CaffeFiles f(Net({1, 2, 1, 2}, R"(layer { name: "norm" type: "Normalize" bottom: "data" top: "norm"
  norm_param { across_spatial: false channel_shared: false eps: 1e-10 } })"));
  f.Blobs("norm", {{{2}, {10, 20}}});
  const auto r = RunCaffe(f, {{3, 0, 4, 2}});
  ExpectNear(r.values, {6, 0, 16, 20});
}

TEST(CaffeLayers, InterpZoomsWithAlignedCorners) {
  CaffeFiles f(
      Net({1, 1, 2, 2},
          R"(layer { name: "interp" type: "Interp" bottom: "data" top: "i" interp_param { zoom_factor: 2 } })"));
  const auto r = RunCaffe(f, {{0, 3, 6, 9}});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1, 3, 3}));
  ExpectNear(r.values, {0, 1.5f, 3, 3, 4.5f, 6, 6, 7.5f, 9});
}

TEST(CaffeLayers, UpsampleNearest) {
  CaffeFiles f(Net({1, 1, 1, 2},
                   R"(layer { name: "up" type: "Upsample" bottom: "data" top: "u" upsample_param { scale: 2 } })"));
  const auto r = RunCaffe(f, {{1, 2}});
  EXPECT_EQ(r.dims, (std::vector<int64_t>{1, 1, 2, 4}));
  EXPECT_EQ(r.values, (std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2}));
}

}  // namespace
}  // namespace asim::atc::testing
