// LSTM, GRU and RNN against a straightforward reference (the ONNX equations written as
// loops, in double) with fixed small weights: forward / reverse / bidirectional, optional
// B, sequence_lens, initial_h / initial_c and peepholes, clip, input_forget,
// linear_before_reset, activation overrides with alpha/beta, layout 1; fp32, fp16, double.
#include <cmath>
#include <utility>
#include <vector>

#include "kernels/irregular/rnn_common.h"
#include "tests/unit/kernels/movement_test_util.h"

namespace asim::kernels::testing {
namespace {

struct Case {
  std::string op = "LSTM";
  int64_t seq = 4, batch = 3, input = 5, hidden = 3;
  std::string direction = "forward";
  bool bias = false, lens = false, init = false, peep = false;
  std::vector<std::string> activations;
  std::vector<float> alphas, betas;
  float clip = 0;
  int64_t linear_before_reset = 0, input_forget = 0, layout = 0;
};

int64_t Gates(const std::string& op) {
  return op == "LSTM" ? 4 : op == "GRU" ? 3 : 1;
}

double Act(const std::string& name, double x, double alpha, double beta) {
  if (name == "Sigmoid") return 1 / (1 + std::exp(-x));
  if (name == "Tanh") return std::tanh(x);
  if (name == "Relu") return std::max(0.0, x);
  if (name == "LeakyRelu") return x >= 0 ? x : alpha * x;
  if (name == "HardSigmoid") return std::max(0.0, std::min(1.0, alpha * x + beta));
  if (name == "Affine") return alpha * x + beta;
  ADD_FAILURE() << "reference lacks " << name;
  return 0;
}

struct Fn {
  std::string name;
  double alpha = 0, beta = 0;
  double operator()(double x) const { return Act(name, x, alpha, beta); }
};

std::vector<double> Deterministic(size_t n, double seed, double scale) {
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = scale * std::sin(1.7 * static_cast<double>(i) + seed);
  return v;
}

struct Outputs {
  std::vector<double> y, yh, yc;  // layout 0
};

// The ONNX equations, one batch row and direction at a time.
Outputs Reference(const Case& c, const std::vector<double>& x, const std::vector<double>& w,
                  const std::vector<double>& r, const std::vector<double>& b, const std::vector<int64_t>& lens,
                  const std::vector<double>& h0, const std::vector<double>& c0, const std::vector<double>& p,
                  const std::vector<Fn>& fns) {
  const int64_t S = c.seq, B = c.batch, I = c.input, H = c.hidden, G = Gates(c.op);
  const int64_t D = c.direction == "bidirectional" ? 2 : 1;
  const size_t per_dir = fns.size() / static_cast<size_t>(D);
  auto clip = [&](double v) { return c.clip > 0 ? std::max<double>(-c.clip, std::min<double>(c.clip, v)) : v; };
  Outputs out;
  out.y.assign(static_cast<size_t>(S * D * B * H), 0.0);
  out.yh.assign(static_cast<size_t>(D * B * H), 0.0);
  out.yc.assign(static_cast<size_t>(D * B * H), 0.0);
  for (int64_t d = 0; d < D; ++d) {
    const Fn& f = fns[static_cast<size_t>(d) * per_dir];
    const Fn& g = fns[std::min(static_cast<size_t>(d) * per_dir + 1, fns.size() - 1)];
    const Fn& hf = fns[std::min(static_cast<size_t>(d) * per_dir + 2, fns.size() - 1)];
    const bool backwards = c.direction == "reverse" || d == 1;
    // gate block k, row j: W[d][k*H + j][i]
    auto wx = [&](int64_t k, int64_t j, const double* xv) {
      double s = b[static_cast<size_t>(d * 2 * G * H + k * H + j)];
      for (int64_t i = 0; i < I; ++i) s += w[static_cast<size_t>(((d * G + k) * H + j) * I + i)] * xv[i];
      return s;
    };
    auto rh = [&](int64_t k, int64_t j, const std::vector<double>& hv) {
      double s = b[static_cast<size_t>(d * 2 * G * H + G * H + k * H + j)];
      for (int64_t i = 0; i < H; ++i)
        s += r[static_cast<size_t>(((d * G + k) * H + j) * H + i)] * hv[static_cast<size_t>(i)];
      return s;
    };
    for (int64_t bt = 0; bt < B; ++bt) {
      std::vector<double> h(static_cast<size_t>(H)), cs(static_cast<size_t>(H));
      for (int64_t j = 0; j < H; ++j) {
        h[static_cast<size_t>(j)] = h0[static_cast<size_t>((d * B + bt) * H + j)];
        cs[static_cast<size_t>(j)] = c0[static_cast<size_t>((d * B + bt) * H + j)];
      }
      const int64_t len = lens[static_cast<size_t>(bt)];
      for (int64_t s = 0; s < len; ++s) {
        const int64_t t = backwards ? len - 1 - s : s;
        const double* xv = &x[static_cast<size_t>((t * B + bt) * I)];
        std::vector<double> hn(static_cast<size_t>(H)), cn(static_cast<size_t>(H));
        for (int64_t j = 0; j < H; ++j) {
          const size_t J = static_cast<size_t>(j);
          if (c.op == "LSTM") {  // blocks i, o, f, c
            const double* pp = &p[static_cast<size_t>(d * 3 * H)];
            const double it = f(clip(wx(0, j, xv) + rh(0, j, h) + pp[j] * cs[J]));
            const double ft = c.input_forget ? 1 - it : f(clip(wx(2, j, xv) + rh(2, j, h) + pp[2 * H + j] * cs[J]));
            const double ct = g(clip(wx(3, j, xv) + rh(3, j, h)));
            cn[J] = ft * cs[J] + it * ct;
            const double ot = f(clip(wx(1, j, xv) + rh(1, j, h) + pp[H + j] * cn[J]));
            hn[J] = ot * hf(cn[J]);
          } else if (c.op == "GRU") {  // blocks z, r, h
            const double z = f(clip(wx(0, j, xv) + rh(0, j, h)));
            double cand;
            if (c.linear_before_reset) {
              const double rg = f(clip(wx(1, j, xv) + rh(1, j, h)));
              cand = g(clip(wx(2, j, xv) + rg * rh(2, j, h)));
            } else {
              std::vector<double> rh_prod(static_cast<size_t>(H));
              for (int64_t k = 0; k < H; ++k)
                rh_prod[static_cast<size_t>(k)] = f(clip(wx(1, k, xv) + rh(1, k, h))) * h[static_cast<size_t>(k)];
              cand = g(clip(wx(2, j, xv) + rh(2, j, rh_prod)));
            }
            hn[J] = (1 - z) * cand + z * h[J];
          } else {
            hn[J] = f(clip(wx(0, j, xv) + rh(0, j, h)));
          }
        }
        h = hn;
        cs = cn;
        for (int64_t j = 0; j < H; ++j)
          out.y[static_cast<size_t>(((t * D + d) * B + bt) * H + j)] = h[static_cast<size_t>(j)];
      }
      for (int64_t j = 0; j < H; ++j) {
        out.yh[static_cast<size_t>((d * B + bt) * H + j)] = h[static_cast<size_t>(j)];
        out.yc[static_cast<size_t>((d * B + bt) * H + j)] = cs[static_cast<size_t>(j)];
      }
    }
  }
  return out;
}

// [a, b, rest] -> [b, a, rest]
std::vector<double> SwapFirstTwo(const std::vector<double>& v, int64_t a, int64_t b, int64_t rest) {
  std::vector<double> out(v.size());
  for (int64_t i = 0; i < a; ++i) {
    for (int64_t j = 0; j < b; ++j) {
      for (int64_t k = 0; k < rest; ++k)
        out[static_cast<size_t>((j * a + i) * rest + k)] = v[static_cast<size_t>((i * b + j) * rest + k)];
    }
  }
  return out;
}

void Check(const Case& c, DataType dt) {
  const int64_t S = c.seq, B = c.batch, I = c.input, H = c.hidden, G = Gates(c.op);
  const int64_t D = c.direction == "bidirectional" ? 2 : 1;
  auto stored = [&](std::vector<double> v) { return AsDoubles(Numbers(dt, {static_cast<int64_t>(v.size())}, v)); };
  const auto x = stored(Deterministic(static_cast<size_t>(S * B * I), 0.1, 1.0));
  const auto w = stored(Deterministic(static_cast<size_t>(D * G * H * I), 0.7, 0.4));
  const auto r = stored(Deterministic(static_cast<size_t>(D * G * H * H), 1.3, 0.4));
  const auto b = c.bias ? stored(Deterministic(static_cast<size_t>(D * 2 * G * H), 2.1, 0.3))
                        : std::vector<double>(static_cast<size_t>(D * 2 * G * H), 0.0);
  const auto h0 = c.init ? stored(Deterministic(static_cast<size_t>(D * B * H), 2.9, 0.5))
                         : std::vector<double>(static_cast<size_t>(D * B * H), 0.0);
  const auto c0 = c.init ? stored(Deterministic(static_cast<size_t>(D * B * H), 3.7, 0.5))
                         : std::vector<double>(static_cast<size_t>(D * B * H), 0.0);
  const auto p = c.peep ? stored(Deterministic(static_cast<size_t>(D * 3 * H), 4.3, 0.3))
                        : std::vector<double>(static_cast<size_t>(D * 3 * H), 0.0);
  std::vector<int64_t> lens(static_cast<size_t>(B), S);
  if (c.lens) {
    for (int64_t i = 0; i < B; ++i) lens[static_cast<size_t>(i)] = std::max<int64_t>(1, S - i);
  }
  // Activations with alpha/beta consumed in order by the functions that take them.
  std::vector<std::string> names = c.activations;
  if (names.empty()) {
    const std::vector<std::string> def = c.op == "LSTM"  ? std::vector<std::string>{"Sigmoid", "Tanh", "Tanh"}
                                         : c.op == "GRU" ? std::vector<std::string>{"Sigmoid", "Tanh"}
                                                         : std::vector<std::string>{"Tanh"};
    for (int64_t d = 0; d < D; ++d) names.insert(names.end(), def.begin(), def.end());
  }
  std::vector<Fn> fns;
  size_t ai = 0, bi = 0;
  for (const auto& n : names) {
    Fn fn{n};
    if (n == "LeakyRelu") fn.alpha = ai < c.alphas.size() ? c.alphas[ai++] : 0.01;
    if (n == "HardSigmoid" || n == "Affine") {
      fn.alpha = ai < c.alphas.size() ? c.alphas[ai++] : (n == "Affine" ? 1.0 : 0.2);
      fn.beta = bi < c.betas.size() ? c.betas[bi++] : (n == "Affine" ? 0.0 : 0.5);
    }
    fns.push_back(fn);
  }
  const Outputs want = Reference(c, x, w, r, b, lens, h0, c0, p, fns);
  // Inputs (in the requested layout).
  const bool bf = c.layout == 1;
  std::vector<HostTensor> in = {
      bf ? Numbers(dt, {B, S, I}, SwapFirstTwo(x, S, B, I)) : Numbers(dt, {S, B, I}, x),
      Numbers(dt, {D, G * H, I}, w),
      Numbers(dt, {D, G * H, H}, r),
      c.bias ? Numbers(dt, {D, 2 * G * H}, b) : Absent(),
      c.lens ? HostTensor::FromValues<int32_t>(DataType::kInt32, {B}, std::vector<int32_t>(lens.begin(), lens.end()))
             : Absent(),
      c.init ? (bf ? Numbers(dt, {B, D, H}, SwapFirstTwo(h0, D, B, H)) : Numbers(dt, {D, B, H}, h0)) : Absent()};
  if (c.op == "LSTM") {
    in.push_back(c.init ? (bf ? Numbers(dt, {B, D, H}, SwapFirstTwo(c0, D, B, H)) : Numbers(dt, {D, B, H}, c0))
                        : Absent());
    in.push_back(c.peep ? Numbers(dt, {D, 3 * H}, p) : Absent());
  }
  AttrMap attrs;
  attrs.Set("hidden_size", H);
  attrs.Set("direction", c.direction);
  attrs.Set("layout", c.layout);
  if (c.clip > 0) attrs.Set("clip", c.clip);
  if (!c.activations.empty()) attrs.Set("activations", c.activations);
  if (!c.alphas.empty()) attrs.Set("activation_alpha", c.alphas);
  if (!c.betas.empty()) attrs.Set("activation_beta", c.betas);
  if (c.op == "GRU") attrs.Set("linear_before_reset", c.linear_before_reset);
  if (c.op == "LSTM") attrs.Set("input_forget", c.input_forget);
  RunResult res = RunOp(c.op, in, attrs);
  const std::string what = c.op + " " + c.direction + " " + DataTypeName(dt);
  ASSERT_TRUE(res.status.ok()) << what << ": " << res.status.message();
  EXPECT_EQ(res.def->engine, Engine::kAiCpu);
  ASSERT_EQ(res.outputs.size(), c.op == "LSTM" ? 3u : 2u);
  const std::vector<int64_t> y_dims = bf ? std::vector<int64_t>{B, S, D, H} : std::vector<int64_t>{S, D, B, H};
  const std::vector<int64_t> s_dims = bf ? std::vector<int64_t>{B, D, H} : std::vector<int64_t>{D, B, H};
  EXPECT_EQ(res.outputs[0].spec.dims, y_dims) << what;
  EXPECT_EQ(res.outputs[1].spec.dims, s_dims) << what;
  const double rtol = dt == DataType::kFloat16 ? 2e-3 : dt == DataType::kFloat ? 1e-5 : 1e-12;
  const double atol = dt == DataType::kFloat16 ? 1e-3 : dt == DataType::kFloat ? 1e-6 : 1e-12;
  auto expect = [&](const HostTensor& got, const std::vector<double>& ref, const char* name) {
    EXPECT_TRUE(Near(AsDoubles(got), stored(ref), rtol, atol)) << what << " " << name;
  };
  if (bf) {
    // Y [S, D, B, H] -> [B, S, D, H]; states [D, B, H] -> [B, D, H].
    std::vector<double> y(want.y.size());
    for (int64_t t = 0; t < S; ++t)
      for (int64_t d = 0; d < D; ++d)
        for (int64_t bt = 0; bt < B; ++bt)
          for (int64_t j = 0; j < H; ++j)
            y[static_cast<size_t>(((bt * S + t) * D + d) * H + j)] =
                want.y[static_cast<size_t>(((t * D + d) * B + bt) * H + j)];
    EXPECT_TRUE(Near(AsDoubles(res.outputs[0]), stored(y), rtol, atol)) << what << " Y";
    EXPECT_TRUE(Near(AsDoubles(res.outputs[1]), stored(SwapFirstTwo(want.yh, D, B, H)), rtol, atol)) << what << " Y_h";
    if (c.op == "LSTM") {
      EXPECT_TRUE(Near(AsDoubles(res.outputs[2]), stored(SwapFirstTwo(want.yc, D, B, H)), rtol, atol))
          << what << " Y_c";
    }
    return;
  }
  expect(res.outputs[0], want.y, "Y");
  expect(res.outputs[1], want.yh, "Y_h");
  if (c.op == "LSTM") expect(res.outputs[2], want.yc, "Y_c");
}

constexpr DataType kTypes[] = {DataType::kFloat, DataType::kFloat16, DataType::kDouble};

TEST(LSTM, ForwardWithEveryOptionalInput) {
  Case c;
  c.bias = c.lens = c.init = c.peep = true;
  for (DataType dt : kTypes) Check(c, dt);
}

TEST(LSTM, BidirectionalReverseClipInputForgetAndLayout) {
  Case c;
  c.direction = "bidirectional";
  c.bias = true;
  for (DataType dt : kTypes) Check(c, dt);
  Case rev;
  rev.direction = "reverse";
  rev.clip = 0.5f;
  rev.input_forget = 1;
  rev.init = rev.lens = true;
  Check(rev, DataType::kFloat);
  Case bf = c;
  bf.layout = 1;
  bf.init = bf.lens = bf.peep = true;
  Check(bf, DataType::kFloat);
  Case acts;
  acts.activations = {"HardSigmoid", "LeakyRelu", "Tanh"};
  acts.alphas = {0.3f, 0.1f};
  acts.betas = {0.4f};
  acts.bias = true;
  Check(acts, DataType::kFloat);
}

TEST(GRU, LinearBeforeResetBothWaysDirectionsAndActivations) {
  for (int64_t lbr : {int64_t{0}, int64_t{1}}) {
    Case c;
    c.op = "GRU";
    c.linear_before_reset = lbr;
    c.bias = c.init = true;
    for (DataType dt : kTypes) Check(c, dt);
    c.direction = "bidirectional";
    c.lens = true;
    Check(c, DataType::kFloat);
    c.layout = 1;
    Check(c, DataType::kFloat);
  }
  Case r;
  r.op = "GRU";
  r.direction = "reverse";
  r.clip = 0.7f;
  r.activations = {"Sigmoid", "Relu"};
  Check(r, DataType::kFloat);
}

TEST(RNN, DefaultTanhAndOverriddenActivations) {
  Case c;
  c.op = "RNN";
  c.bias = c.init = true;
  for (DataType dt : kTypes) Check(c, dt);
  c.direction = "bidirectional";
  c.activations = {"Relu", "LeakyRelu"};
  c.alphas = {0.2f};
  c.lens = true;
  Check(c, DataType::kFloat);
  c.direction = "reverse";
  c.activations = {"Affine"};
  c.alphas = {0.5f};
  c.betas = {0.25f};
  Check(c, DataType::kFloat);
}

TEST(RNNFamily, RefusalsAndWork) {
  Case c;
  const HostTensor x = Numbers(DataType::kFloat, {2, 1, 3}, std::vector<double>(6, 0.5));
  RunResult r = RunOp("RNN", {x, Numbers(DataType::kFloat, {1, 4, 2}, std::vector<double>(8, 0)),
                              Numbers(DataType::kFloat, {1, 4, 4}, std::vector<double>(16, 0))});
  EXPECT_NE(r.status.message().find("W is [1,4,2], expected [1,4,3]"), std::string::npos) << r.status.message();
  AttrMap bad;
  bad.Set("activations", std::vector<std::string>{"Gelu"});
  r = RunOp("RNN",
            {x, Numbers(DataType::kFloat, {1, 4, 3}, std::vector<double>(12, 0)),
             Numbers(DataType::kFloat, {1, 4, 4}, std::vector<double>(16, 0))},
            bad);
  EXPECT_NE(r.status.message().find("activation 'Gelu' is not supported"), std::string::npos) << r.status.message();
  r = RunOp("GRU", {x, Numbers(DataType::kFloat, {1, 12, 3}, std::vector<double>(36, 0)),
                    Numbers(DataType::kFloat, {1, 12, 4}, std::vector<double>(48, 0)), Absent(),
                    HostTensor::FromValues<int32_t>(DataType::kInt32, {1}, {3})});
  EXPECT_EQ(r.status.code(), err::kInvalidParam) << r.status.message();
  r = RunOp("LSTM", {x, Numbers(DataType::kFloat, {1, 16, 3}, std::vector<double>(48, 0)),
                     Numbers(DataType::kFloat, {1, 16, 4}, std::vector<double>(64, 0))});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_TRUE(r.work.on_ai_cpu);
  EXPECT_GE(r.work.aicpu_ops, 2u * 1 * 2 * 16 * (3 + 4));  // the gate matmuls: 2 steps x 16 rows x (3 + 4)
  EXPECT_EQ(KernelRegistry::Get().Find("LSTM").size(), 1u) << "LSTM runs on the AI CPU only";
}

}  // namespace
}  // namespace asim::kernels::testing

namespace asim::kernels::testing {
namespace {

// The recurrences' matrix-vector product (Eigen's GEMV) against the index-order loop: same
// products up to the summation order, on odd sizes, one row or column, and empty shapes.
TEST(RnnMatVec, EigenProductMatchesTheLoop) {
  uint32_t state = 12345;
  auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state >> 8) / static_cast<double>(1u << 24) - 0.5;
  };
  for (const auto& [rows, n] : std::vector<std::pair<int64_t, int64_t>>{
           {1, 1}, {1, 17}, {17, 1}, {4, 3}, {33, 65}, {256, 128}, {1024, 257}, {0, 5}, {5, 0}}) {
    std::vector<double> w(static_cast<size_t>(rows * n)), v(static_cast<size_t>(n));
    for (double& x : w) x = next();
    for (double& x : v) x = next();
    std::vector<double> loop(static_cast<size_t>(rows)), eigen(static_cast<size_t>(rows));
    for (size_t i = 0; i < loop.size(); ++i) loop[i] = eigen[i] = next();  // accumulates onto what is there
    rnn::MatVecAddLoop(w.data(), v.data(), rows, n, loop.data());
    rnn::MatVecAdd(w.data(), v.data(), rows, n, eigen.data());
    for (size_t i = 0; i < loop.size(); ++i) {
      EXPECT_NEAR(eigen[i], loop[i], 1e-12 * static_cast<double>(n + 1)) << rows << "x" << n << " row " << i;
    }
  }
}

}  // namespace
}  // namespace asim::kernels::testing
