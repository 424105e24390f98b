// Matrix-multiplication kernels against a plain reference written here: MatMul (numpy
// batching and broadcasting, 1-D operands, CANN transpose attributes, bias), BatchMatMul
// (adj_x1/adj_x2), Gemm (alpha, beta, transA, transB, C broadcast) on the AI Core (fp16;
// fp32 where the cube has it) and the AI CPU (fp16, fp32, double, int32, int64), empty
// sizes, dynamic shapes, refusals and the cube work. Tolerances as cube_test.cpp.
// Owner: the cube kernels.
#include "kernels/common/cost/cube_work.h"
#include "tests/unit/kernels/kernel_test_util.h"

namespace asim::kernels::testing {
namespace {

ChipTraits Ascend910B() {
  ChipTraits chip;
  chip.soc_version = "Ascend910B";
  chip.ai_core_count = 24;
  chip.cube_fp32 = true;
  return chip;
}

int64_t Count(const std::vector<int64_t>& d) {
  int64_t n = 1;
  for (int64_t v : d) n *= v;
  return n;
}

// Reference numpy matmul with optional transposes of the last two axes, bias [N] or C
// [rows, cols] broadcast, alpha and beta.
struct RefArgs {
  std::vector<int64_t> a_dims, b_dims;
  bool ta = false, tb = false;
  float alpha = 1, beta = 1;
  std::vector<int64_t> c_dims;  // empty: no C
};

std::vector<float> RefMatMul(const RefArgs& r, const std::vector<float>& a, const std::vector<float>& b,
                             const std::vector<float>& c, std::vector<int64_t>* out_dims) {
  std::vector<int64_t> ad = r.a_dims, bd = r.b_dims;
  const bool av = ad.size() == 1, bv = bd.size() == 1;
  if (av) ad.insert(ad.begin(), 1);
  if (bv) bd.push_back(1);
  const int64_t m = r.ta ? ad.back() : ad[ad.size() - 2], k = r.ta ? ad[ad.size() - 2] : ad.back();
  const int64_t n = r.tb ? bd[bd.size() - 2] : bd.back();
  std::vector<int64_t> ab(ad.begin(), ad.end() - 2), bb(bd.begin(), bd.end() - 2);
  const size_t rank = std::max(ab.size(), bb.size());
  while (ab.size() < rank) ab.insert(ab.begin(), 1);
  while (bb.size() < rank) bb.insert(bb.begin(), 1);
  std::vector<int64_t> batch(rank);
  for (size_t i = 0; i < rank; ++i) batch[i] = std::max(ab[i], bb[i]);
  const int64_t batches = Count(batch);
  std::vector<float> y(static_cast<size_t>(batches * m * n));
  for (int64_t bi = 0; bi < batches; ++bi) {
    int64_t rem = bi, ao = 0, bo = 0, as = 1, bs = 1;
    for (size_t i = rank; i-- > 0;) {
      const int64_t idx = rem % batch[i];
      rem /= batch[i];
      ao += (ab[i] == 1 ? 0 : idx) * as;
      bo += (bb[i] == 1 ? 0 : idx) * bs;
      as *= ab[i];
      bs *= bb[i];
    }
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t kk = 0; kk < k; ++kk) {
          const double x = a[static_cast<size_t>(ao * m * k + (r.ta ? kk * m + i : i * k + kk))];
          const double z = b[static_cast<size_t>(bo * k * n + (r.tb ? j * k + kk : kk * n + j))];
          acc += x * z;
        }
        acc *= r.alpha;
        if (!r.c_dims.empty() || !c.empty()) {
          const int64_t rows = r.c_dims.size() == 2 ? r.c_dims[0] : 1;
          const int64_t cols = r.c_dims.empty() ? 1 : r.c_dims.back();
          acc += static_cast<double>(r.beta) * c[static_cast<size_t>((rows == 1 ? 0 : i) * cols + (cols == 1 ? 0 : j))];
        }
        y[static_cast<size_t>((bi * m + i) * n + j)] = static_cast<float>(acc);
      }
  }
  *out_dims = batch;
  if (!av) out_dims->push_back(m);
  if (!bv) out_dims->push_back(n);
  return y;
}

struct Tolerance {
  float rtol, atol;
};
Tolerance TolFor(DataType t) {
  if (t == DataType::kFloat16) return {kFp16Rtol, kFp16Atol};
  if (t == DataType::kDouble) return {1e-6f, 1e-6f};  // compared after rounding to float
  if (t == DataType::kInt32 || t == DataType::kInt64) return {0, 0};
  return {1e-4f, 5e-4f};
}

std::vector<float> Values(DataType t, size_t n, uint32_t seed) {
  std::vector<float> v = RandomFloats(n, -1, 1, seed);
  if (t == DataType::kInt32 || t == DataType::kInt64) {
    for (auto& x : v) x = std::round(x * 9);
  }
  return v;
}

void CheckMatMul(const std::string& op, Engine engine, DataType dt, const RefArgs& r, const ChipTraits& chip,
                 uint32_t seed) {
  SCOPED_TRACE(op + " " + EngineName(engine) + " " + DataTypeName(dt) + " " + DimsToString(r.a_dims) + " x " +
               DimsToString(r.b_dims) + " C " + DimsToString(r.c_dims));
  HostTensor a = HostTensor::FromFloats(dt, r.a_dims, Values(dt, static_cast<size_t>(Count(r.a_dims)), seed));
  HostTensor b = HostTensor::FromFloats(dt, r.b_dims, Values(dt, static_cast<size_t>(Count(r.b_dims)), seed + 1));
  std::vector<HostTensor> inputs{a, b};
  std::vector<float> c;
  if (!r.c_dims.empty()) {
    inputs.push_back(HostTensor::FromFloats(dt, r.c_dims, Values(dt, static_cast<size_t>(Count(r.c_dims)), seed + 2)));
    c = inputs.back().ToFloats();
  }
  AttrMap attrs;
  if (op == "MatMul") {
    attrs.Set("transpose_x1", r.ta);
    attrs.Set("transpose_x2", r.tb);
  } else if (op == "BatchMatMul") {
    attrs.Set("adj_x1", r.ta);
    attrs.Set("adj_x2", r.tb);
  } else {
    attrs.Set("transA", int64_t{r.ta});
    attrs.Set("transB", int64_t{r.tb});
    attrs.Set("alpha", r.alpha);
    attrs.Set("beta", r.beta);
  }
  RunResult res = RunOpOn(engine, op, inputs, attrs, chip);
  ASSERT_TRUE(res.status.ok()) << res.status.message();
  std::vector<int64_t> dims;
  RefArgs rr = r;
  if (op != "Gemm") rr.alpha = 1, rr.beta = 1;
  const std::vector<float> expect = RefMatMul(rr, a.ToFloats(), b.ToFloats(), c, &dims);
  ASSERT_EQ(res.outputs[0].spec.dims, dims);
  ASSERT_EQ(res.outputs[0].spec.dtype, dt);
  const Tolerance tol = TolFor(dt);
  EXPECT_TRUE(AllClose(res.outputs[0].ToFloats(), expect, tol.rtol, tol.atol));
}

std::vector<RefArgs> MatMulCases() {
  std::vector<RefArgs> cases;
  auto add = [&](std::vector<int64_t> a, std::vector<int64_t> b, bool ta = false, bool tb = false,
                 std::vector<int64_t> c = {}) {
    RefArgs r;
    r.a_dims = std::move(a);
    r.b_dims = std::move(b);
    r.ta = ta;
    r.tb = tb;
    r.c_dims = std::move(c);
    cases.push_back(r);
  };
  add({1, 1}, {1, 1});
  add({5, 7}, {7, 3});
  add({17, 33}, {33, 45}, false, false, {45});
  add({2, 1, 5, 7}, {3, 7, 4});  // batch broadcast
  add({4, 9}, {2, 3, 9, 6});
  add({9}, {9, 4});     // 1-D A
  add({3, 6, 9}, {9});  // 1-D B
  add({13}, {13});      // dot product
  add({7, 5}, {7, 6}, true, false);
  add({2, 5, 8}, {2, 6, 8}, false, true);
  add({3, 8, 5}, {6, 8}, true, true);
  add({70, 129}, {129, 50});
  add({5, 32}, {20, 32}, false, true);  // B [N][K] with whole K blocks: moved as fractals
  add({3, 48}, {48, 40}, false, false, {40});
  // fp32 A of at most 16 rows against B [N][K]: dot products (gemv.h), vector body and tail.
  add({16, 70}, {37, 70}, false, true, {37});
  add({1, 2048}, {1000, 2048}, false, true, {1000});  // ResNet-50's classifier head
  add({17, 40}, {9, 40}, false, true);                // one row more: the blocked engine
  return cases;
}

TEST(MatMul, AiCoreFp16AndFp32WhereTheCubeHasIt) {
  uint32_t seed = 10;
  for (const RefArgs& r : MatMulCases()) {
    CheckMatMul("MatMul", Engine::kAiCore, DataType::kFloat16, r, {}, seed += 3);
    CheckMatMul("MatMul", Engine::kAiCore, DataType::kFloat, r, Ascend910B(), seed += 3);
  }
}

TEST(MatMul, AiCpuEveryDtype) {
  uint32_t seed = 100;
  for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kInt32, DataType::kInt64}) {
    for (const RefArgs& r : MatMulCases()) CheckMatMul("MatMul", Engine::kAiCpu, dt, r, {}, seed += 3);
  }
}

TEST(BatchMatMul, AdjointsOnBothEnginesAndEveryDtype) {
  uint32_t seed = 200;
  for (const RefArgs& r : MatMulCases()) {
    if (r.a_dims.size() < 2 || r.b_dims.size() < 2) continue;
    CheckMatMul("BatchMatMul", Engine::kAiCore, DataType::kFloat16, r, {}, seed += 3);
    CheckMatMul("BatchMatMul", Engine::kAiCore, DataType::kFloat, r, Ascend910B(), seed += 3);
    for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble, DataType::kInt32, DataType::kInt64}) {
      CheckMatMul("BatchMatMul", Engine::kAiCpu, dt, r, {}, seed += 3);
    }
  }
}

TEST(Gemm, AlphaBetaTransposesAndCBroadcast) {
  uint32_t seed = 300;
  const std::vector<std::vector<int64_t>> c_shapes{{}, {1}, {6}, {1, 6}, {5, 1}, {5, 6}};
  for (bool ta : {false, true}) {
    for (bool tb : {false, true}) {
      for (const auto& cd : c_shapes) {
        RefArgs r;
        r.a_dims = ta ? std::vector<int64_t>{9, 5} : std::vector<int64_t>{5, 9};
        r.b_dims = tb ? std::vector<int64_t>{6, 9} : std::vector<int64_t>{9, 6};
        r.ta = ta;
        r.tb = tb;
        r.alpha = 0.75f;
        r.beta = cd.empty() ? 1.0f : -1.5f;
        r.c_dims = cd;
        CheckMatMul("Gemm", Engine::kAiCore, DataType::kFloat16, r, {}, seed += 3);
        CheckMatMul("Gemm", Engine::kAiCore, DataType::kFloat, r, Ascend910B(), seed += 3);
        for (DataType dt : {DataType::kFloat, DataType::kFloat16, DataType::kDouble}) {
          CheckMatMul("Gemm", Engine::kAiCpu, dt, r, {}, seed += 3);
        }
      }
    }
  }
}

TEST(Gemm, ScalarCIsAZeroRankTensor) {
  HostTensor a = HostTensor::FromFloats(DataType::kFloat, {2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor b = HostTensor::FromFloats(DataType::kFloat, {3, 2}, {1, 0, 0, 1, 1, 1});
  HostTensor c = HostTensor::FromFloats(DataType::kFloat, {}, {10});
  RunResult r = RunOp("Gemm", {a, b, c});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.outputs[0].ToFloats(), (std::vector<float>{14, 15, 20, 21}));
}

TEST(MatMul, Fp32On310GoesToTheAiCpuAndSaysWhy) {
  HostTensor a = HostTensor::FromFloats(DataType::kFloat, {2, 3}, RandomFloats(6, -1, 1, 1));
  HostTensor b = HostTensor::FromFloats(DataType::kFloat, {3, 4}, RandomFloats(12, -1, 1, 2));
  RunResult r = RunOp("MatMul", {a, b});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  EXPECT_EQ(r.def->engine, Engine::kAiCpu);
  r = RunOpOn(Engine::kAiCore, "MatMul", {a, b});
  EXPECT_EQ(r.status.code(), err::kUnsupportedDataType);
  EXPECT_NE(r.status.message().find("DT_FLOAT needs a cube that computes fp32"), std::string::npos)
      << r.status.message();
  r = RunOp("MatMul", {HostTensor::FromFloats(DataType::kFloat16, {2, 3}, RandomFloats(6, -1, 1, 1)),
                       HostTensor::FromFloats(DataType::kFloat16, {3, 4}, RandomFloats(12, -1, 1, 2))});
  ASSERT_TRUE(r.status.ok());
  EXPECT_EQ(r.def->engine, Engine::kAiCore);
}

TEST(MatMul, EmptySizes) {
  for (Engine e : {Engine::kAiCore, Engine::kAiCpu}) {
    RunResult r = RunOpOn(e, "MatMul",
                          {HostTensor::Make(DataType::kFloat16, {0, 4}), HostTensor::Make(DataType::kFloat16, {4, 3})});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].spec.dims, (std::vector<int64_t>{0, 3}));
    // K = 0: every output is zero.
    r = RunOpOn(e, "MatMul",
                {HostTensor::Make(DataType::kFloat16, {2, 0}), HostTensor::Make(DataType::kFloat16, {0, 3})});
    ASSERT_TRUE(r.status.ok()) << r.status.message();
    EXPECT_EQ(r.outputs[0].ToFloats(), std::vector<float>(6, 0.0f));
  }
}

TEST(MatMul, MismatchesAreRefusedWithTheShapes) {
  RunResult r =
      RunOp("MatMul", {HostTensor::Make(DataType::kFloat16, {2, 3}), HostTensor::Make(DataType::kFloat16, {4, 5})});
  EXPECT_FALSE(r.status.ok());
  EXPECT_NE(r.status.message().find("matmul of [2,3] and [4,5]: K differs (3 vs 4)"), std::string::npos)
      << r.status.message();
  r = RunOp("MatMul",
            {HostTensor::Make(DataType::kFloat16, {2, 2, 3}), HostTensor::Make(DataType::kFloat16, {3, 3, 5})});
  EXPECT_NE(r.status.message().find("batch axes do not broadcast"), std::string::npos) << r.status.message();
  r = RunOp("Gemm", {HostTensor::Make(DataType::kFloat16, {2, 3}), HostTensor::Make(DataType::kFloat16, {3, 5}),
                     HostTensor::Make(DataType::kFloat16, {3, 5})});
  EXPECT_NE(r.status.message().find("[3,5] does not broadcast to [2,5]"), std::string::npos) << r.status.message();
}

TEST(MatMul, DynamicShapesGoToTheAiCpu) {
  TensorSpec a;
  a.dtype = DataType::kFloat16;
  a.dims = {-1, 8};
  TensorSpec b = a;
  b.dims = {8, 5};
  Selection sel;
  ASSERT_TRUE(KernelRegistry::Get().Select("MatMul", {a, b}, {}, {}, &sel).ok());
  EXPECT_EQ(sel.def->engine, Engine::kAiCpu);
  EXPECT_EQ(sel.outputs[0].dims, (std::vector<int64_t>{-1, 5}));
}

TEST(MatMul, AiCoreWorkIsTheCubeMatMul) {
  RunResult r =
      RunOpOn(Engine::kAiCore, "MatMul",
              {HostTensor::Make(DataType::kFloat16, {3, 20, 30}), HostTensor::Make(DataType::kFloat16, {30, 40})});
  ASSERT_TRUE(r.status.ok()) << r.status.message();
  const WorkDesc expect = CubeMatMulWork(3, 20, 30, 40, DataType::kFloat16, false, ChipTraits{});
  EXPECT_EQ(r.work.cube_macs, expect.cube_macs);
  EXPECT_EQ(r.work.mte2_bytes, expect.mte2_bytes);
  EXPECT_GE(r.work.cube_macs, 3u * 20 * 30 * 40);
}

}  // namespace
}  // namespace asim::kernels::testing
