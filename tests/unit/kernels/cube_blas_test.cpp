// GEMM and GEMV (CANN's BLAS single ops) against a plain double-precision reference written
// here: fp16 operands with fp16 and fp32 results, fp32 (AI CPU on the 310, the cube where it
// computes fp32), int8 with int32 results, transposes, alpha and beta as tensors, beta 0
// ignoring a NaN c, c and y sharing memory, and the refusals.
// Owner: the cube kernels.
#include <cmath>
#include <limits>

#include "kernels/framework/invoke.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

ChipTraits WithFp32Cube() {
  ChipTraits chip;
  chip.soc_version = "Ascend910B";
  chip.cube_fp32 = true;
  return chip;
}

// y = alpha * op(a) * op(b) + beta * c; a [M,K] or [K,M], b [K,N] or [N,K].
std::vector<float> RefGemm(int64_t m, int64_t k, int64_t n, bool ta, bool tb, float alpha, float beta,
                           const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c) {
  std::vector<float> y(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        const double av = ta ? a[kk * m + i] : a[i * k + kk];
        const double bv = tb ? b[j * k + kk] : b[kk * n + j];
        acc += av * bv;
      }
      y[i * n + j] = static_cast<float>(alpha * acc + (beta == 0 ? 0.0 : beta * c[i * n + j]));
    }
  }
  return y;
}

// Values after a round trip through `dtype` (what the kernel actually reads).
std::vector<float> Rounded(DataType dtype, const std::vector<float>& v) {
  return HostTensor::FromFloats(dtype, {static_cast<int64_t>(v.size())}, v).ToFloats();
}

struct GemmCase {
  int64_t m, k, n;
  bool ta, tb;
  DataType ab, c;
  float alpha, beta;
};

void CheckGemm(Engine engine, const GemmCase& t, const ChipTraits& chip = {}) {
  SCOPED_TRACE(std::string(EngineName(engine)) + " m" + std::to_string(t.m) + " k" + std::to_string(t.k) + " n" +
               std::to_string(t.n) + (t.ta ? " ta" : "") + (t.tb ? " tb" : "") + " " + DataTypeName(t.ab) + "->" +
               DataTypeName(t.c));
  const auto a = Rounded(t.ab, RandomFloats(static_cast<size_t>(t.m * t.k), -1, 1, 1));
  const auto b = Rounded(t.ab, RandomFloats(static_cast<size_t>(t.k * t.n), -1, 1, 2));
  const auto c = Rounded(t.c, RandomFloats(static_cast<size_t>(t.m * t.n), -1, 1, 3));
  const std::vector<int64_t> ad = t.ta ? std::vector<int64_t>{t.k, t.m} : std::vector<int64_t>{t.m, t.k};
  const std::vector<int64_t> bd = t.tb ? std::vector<int64_t>{t.n, t.k} : std::vector<int64_t>{t.k, t.n};
  AttrMap attrs;
  attrs.Set("transpose_a", t.ta);
  attrs.Set("transpose_b", t.tb);
  RunResult r = RunOpOn(engine, "GEMM",
                        {HostTensor::FromFloats(t.ab, ad, a), HostTensor::FromFloats(t.ab, bd, b),
                         HostTensor::FromFloats(t.c, {t.m, t.n}, c), HostTensor::FromFloats(t.c, {}, {t.alpha}),
                         HostTensor::FromFloats(t.c, {}, {t.beta})},
                        attrs, chip);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.def->engine, engine);
  ASSERT_EQ(r.outputs[0].spec.dtype, t.c);
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{t.m, t.n}));
  const auto expect = RefGemm(t.m, t.k, t.n, t.ta, t.tb, t.alpha, t.beta, a, b, c);
  const float tol = t.c == DataType::kFloat16 ? 2e-3f * std::sqrt(static_cast<float>(t.k)) + 1e-3f : 1e-4f * t.k;
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), expect, t.c == DataType::kFloat16 ? 1e-3f : 1e-5f, tol));
}

TEST(Gemm_CANN, Fp16OnTheCube) {
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      CheckGemm(Engine::kAiCore, {16, 16, 16, ta, tb, DataType::kFloat16, DataType::kFloat16, 1.0f, 1.0f});
      CheckGemm(Engine::kAiCore, {37, 70, 19, ta, tb, DataType::kFloat16, DataType::kFloat16, 0.5f, -2.0f});
    }
  }
  CheckGemm(Engine::kAiCore, {33, 129, 65, false, false, DataType::kFloat16, DataType::kFloat, 1.5f, 0.25f});
  CheckGemm(Engine::kAiCore, {1, 5, 1, true, false, DataType::kFloat16, DataType::kFloat, 1.0f, 0.0f});
}

TEST(Gemm_CANN, Fp32GoesToTheAiCpuWithoutAnFp32Cube) {
  CheckGemm(Engine::kAiCpu, {20, 30, 40, true, false, DataType::kFloat, DataType::kFloat, 2.0f, 1.0f});
  CheckGemm(Engine::kAiCore, {20, 30, 40, false, true, DataType::kFloat, DataType::kFloat, 2.0f, 1.0f}, WithFp32Cube());
  AttrMap none;
  RunResult r = RunOp("GEMM",
                      {HostTensor::Make(DataType::kFloat, {4, 4}), HostTensor::Make(DataType::kFloat, {4, 4}),
                       HostTensor::Make(DataType::kFloat, {4, 4}), HostTensor::Make(DataType::kFloat, {}),
                       HostTensor::Make(DataType::kFloat, {})},
                      none);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  // The AI CPU kernel also runs fp16 (the same host code).
  CheckGemm(Engine::kAiCpu, {9, 17, 33, false, false, DataType::kFloat16, DataType::kFloat16, 1.0f, 1.0f});
}

void CheckInt8Gemm(Engine engine, int64_t m, int64_t k, int64_t n, bool ta, bool tb, int32_t alpha, int32_t beta) {
  std::vector<int8_t> a(static_cast<size_t>(m * k)), b(static_cast<size_t>(k * n));
  std::vector<int32_t> c(static_cast<size_t>(m * n));
  std::mt19937 rng(7);
  for (auto& v : a) v = static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  for (auto& v : b) v = static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  for (auto& v : c) v = static_cast<int32_t>(rng() % 2001) - 1000;
  AttrMap attrs;
  attrs.Set("transpose_a", ta);
  attrs.Set("transpose_b", tb);
  RunResult r =
      RunOpOn(engine, "GEMM",
              {HostTensor::FromValues(DataType::kInt8, ta ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k}, a),
               HostTensor::FromValues(DataType::kInt8, tb ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n}, b),
               HostTensor::FromValues(DataType::kInt32, {m, n}, c),
               HostTensor::FromValues(DataType::kInt32, {}, std::vector<int32_t>{alpha}),
               HostTensor::FromValues(DataType::kInt32, {}, std::vector<int32_t>{beta})},
              attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dtype, DataType::kInt32);
  const std::vector<int32_t> y = r.outputs[0].Values<int32_t>();
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      int64_t acc = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        acc += int64_t{ta ? a[kk * m + i] : a[i * k + kk]} * int64_t{tb ? b[j * k + kk] : b[kk * n + j]};
      }
      ASSERT_EQ(y[i * n + j], static_cast<int32_t>(alpha * acc + beta * c[i * n + j])) << i << "," << j;
    }
  }
}

TEST(Gemm_CANN, Int8WithInt32ResultsIsExact) {
  CheckInt8Gemm(Engine::kAiCore, 16, 16, 16, false, false, 1, 1);
  CheckInt8Gemm(Engine::kAiCore, 23, 300, 17, true, true, 3, -2);
  CheckInt8Gemm(Engine::kAiCpu, 5, 7, 3, false, true, 1, 0);
}

TEST(Gemm_CANN, BetaZeroIgnoresNanC) {
  const auto a = RandomFloats(16 * 16, -1, 1, 4), b = RandomFloats(16 * 16, -1, 1, 5);
  std::vector<float> c(256, std::numeric_limits<float>::quiet_NaN());
  RunResult r = RunOpOn(
      Engine::kAiCore, "GEMM",
      {HostTensor::FromFloats(DataType::kFloat16, {16, 16}, a), HostTensor::FromFloats(DataType::kFloat16, {16, 16}, b),
       HostTensor::FromFloats(DataType::kFloat, {16, 16}, c), HostTensor::FromFloats(DataType::kFloat, {}, {1.0f}),
       HostTensor::FromFloats(DataType::kFloat, {}, {0.0f})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  for (float v : r.outputs[0].ToFloats()) ASSERT_FALSE(std::isnan(v));
}

TEST(Gemm_CANN, OutputMayShareCsMemory) {
  const int64_t m = 24, k = 40, n = 33;
  const auto a = Rounded(DataType::kFloat16, RandomFloats(m * k, -1, 1, 6));
  const auto b = Rounded(DataType::kFloat16, RandomFloats(k * n, -1, 1, 7));
  const auto c = Rounded(DataType::kFloat16, RandomFloats(m * n, -1, 1, 8));
  HostTensor ta = HostTensor::FromFloats(DataType::kFloat16, {m, k}, a);
  HostTensor tb = HostTensor::FromFloats(DataType::kFloat16, {k, n}, b);
  HostTensor tc = HostTensor::FromFloats(DataType::kFloat16, {m, n}, c);
  HostTensor alpha = HostTensor::FromFloats(DataType::kFloat16, {}, {1.0f});
  HostTensor beta = HostTensor::FromFloats(DataType::kFloat16, {}, {1.0f});
  const KernelDef* def = nullptr;
  for (const KernelDef* d : KernelRegistry::Get().Find("GEMM")) {
    if (d->engine == Engine::kAiCore) def = d;
  }
  ASSERT_NE(def, nullptr);
  KernelContext ctx;
  for (HostTensor* t : {&ta, &tb, &tc, &alpha, &beta}) ctx.inputs.push_back(TensorView{t->spec, t->bytes.data()});
  ctx.outputs.push_back(TensorView{tc.spec, tc.bytes.data()});  // y is c
  AttrMap attrs;
  ctx.attrs = &attrs;
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  std::vector<uint8_t> ws(def->workspace(specs, {tc.spec}, attrs));
  ctx.workspace = ws.data();
  ctx.workspace_bytes = ws.size();
  ASSERT_TRUE(kernels::InvokeKernel(*def, ctx).ok());
  EXPECT_TRUE(AllClose(tc.ToFloats(), RefGemm(m, k, n, false, false, 1, 1, a, b, c), 1e-3f, 2e-2f));
}

TEST(Gemm_CANN, Refusals) {
  auto run = [](std::vector<HostTensor> in) { return RunOp("GEMM", in, {}); };
  const HostTensor h44 = HostTensor::Make(DataType::kFloat16, {4, 4});
  const HostTensor hs = HostTensor::Make(DataType::kFloat16, {});
  RunResult r = run({h44, HostTensor::Make(DataType::kFloat16, {5, 4}), h44, hs, hs});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("disagree on K"), std::string::npos) << r.status.message();
  r = run({h44, h44, HostTensor::Make(DataType::kFloat16, {4, 5}), hs, hs});
  EXPECT_NE(r.status.message().find("c [4,5] must be [M, N] = [4,4]"), std::string::npos) << r.status.message();
  r = run({h44, h44, h44, HostTensor::Make(DataType::kFloat16, {2}), hs});
  EXPECT_NE(r.status.message().find("must hold one element"), std::string::npos) << r.status.message();
  r = run({HostTensor::Make(DataType::kInt8, {4, 4}), HostTensor::Make(DataType::kInt8, {4, 4}), h44, hs, hs});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("int8 operands need a DT_INT32 or DT_FLOAT"), std::string::npos)
      << r.status.message();
  const HostTensor f44 = HostTensor::Make(DataType::kFloat, {4, 4});
  r = run({f44, f44, h44, hs, hs});
  EXPECT_NE(r.status.message().find("DT_FLOAT operands with c DT_FLOAT16"), std::string::npos) << r.status.message();
}

// out = alpha * op(a) x + beta * y, a [M, N].
void CheckGemv(Engine engine, int64_t m, int64_t n, bool trans, DataType ab, DataType yt, float alpha, float beta) {
  SCOPED_TRACE(std::string(EngineName(engine)) + " " + std::to_string(m) + "x" + std::to_string(n) +
               (trans ? " T " : " N ") + DataTypeName(ab) + "->" + DataTypeName(yt));
  const int64_t rows = trans ? n : m, cols = trans ? m : n;
  const auto a = Rounded(ab, RandomFloats(m * n, -1, 1, 9));
  const auto x = Rounded(ab, RandomFloats(cols, -1, 1, 10));
  const auto y = Rounded(yt, RandomFloats(rows, -1, 1, 11));
  AttrMap attrs;
  attrs.Set("transpose", trans);
  RunResult r = RunOpOn(engine, "GEMV",
                        {HostTensor::FromFloats(ab, {m, n}, a), HostTensor::FromFloats(ab, {cols}, x),
                         HostTensor::FromFloats(yt, {rows}, y), HostTensor::FromFloats(yt, {}, {alpha}),
                         HostTensor::FromFloats(yt, {}, {beta})},
                        attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  ASSERT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{rows}));
  // As a GEMM with N = 1: op(a) [rows, cols] x [cols, 1].
  const auto expect = RefGemm(rows, cols, 1, trans, false, alpha, beta, a, x, y);
  EXPECT_TRUE(AllClose(r.outputs[0].ToFloats(), expect, 1e-3f, 5e-3f * std::sqrt(static_cast<float>(cols)) + 1e-3f));
}

TEST(Gemv_CANN, Fp16AndFp32) {
  for (bool trans : {false, true}) {
    CheckGemv(Engine::kAiCore, 16, 16, trans, DataType::kFloat16, DataType::kFloat16, 1, 1);
    CheckGemv(Engine::kAiCore, 37, 101, trans, DataType::kFloat16, DataType::kFloat, 0.5f, -1);
    CheckGemv(Engine::kAiCpu, 20, 9, trans, DataType::kFloat, DataType::kFloat, 2, 0.5f);
  }
}

TEST(Gemv_CANN, Int8AndRefusals) {
  const std::vector<int8_t> a{1, 2, 3, 4, 5, 6};  // [2, 3]
  const std::vector<int8_t> x{1, -1};             // transposed: a^T [3, 2] x [2]
  const std::vector<int32_t> y{10, 20, 30};
  AttrMap attrs;
  attrs.Set("transpose", true);
  RunResult r =
      RunOpOn(Engine::kAiCore, "GEMV",
              {HostTensor::FromValues(DataType::kInt8, {2, 3}, a), HostTensor::FromValues(DataType::kInt8, {2}, x),
               HostTensor::FromValues(DataType::kInt32, {3}, y),
               HostTensor::FromValues(DataType::kInt32, {}, std::vector<int32_t>{2}),
               HostTensor::FromValues(DataType::kInt32, {}, std::vector<int32_t>{1})},
              attrs);
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].Values<int32_t>(),
            (std::vector<int32_t>{2 * (1 - 4) + 10, 2 * (2 - 5) + 20, 2 * (3 - 6) + 30}));
  r = RunOp("GEMV", {HostTensor::Make(DataType::kFloat16, {2, 3}), HostTensor::Make(DataType::kFloat16, {2}),
                     HostTensor::Make(DataType::kFloat16, {2}), HostTensor::Make(DataType::kFloat16, {}),
                     HostTensor::Make(DataType::kFloat16, {})});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("x [2] must be [3]"), std::string::npos) << r.status.message();
}

}  // namespace
}  // namespace asim::kernels::testing
