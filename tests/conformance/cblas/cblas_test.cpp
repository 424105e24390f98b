// acl/ops/acl_cblas.h as an application uses it: op models written by `atc --singleop`
// (cblas_ops.json, at build time) loaded with aclopSetModelDir, then every aclblas*
// function on device memory (alpha and beta too, as the public gemm sample does) compared
// with a host reference; every aclblasCreateHandleFor* run through aclopExecWithHandle; every
// argument error with its code and message. Public API only.
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_cblas.h"
#include "conformance_util.h"

namespace {

using conformance::LastMsg;
using conformance::RecentMsg;

class CblasEnv : public ::testing::Environment {
 public:
  void SetUp() override {
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS) << RecentMsg();
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS) << RecentMsg();
    ASSERT_EQ(aclopSetModelDir(CBLAS_OP_MODELS_DIR), ACL_SUCCESS) << RecentMsg();
  }
  void TearDown() override {
    aclrtResetDevice(0);
    aclFinalize();
  }
};
[[maybe_unused]] const auto* const kEnv = ::testing::AddGlobalTestEnvironment(new CblasEnv);

// Device memory holding a host vector of T.
template <typename T>
class Dev {
 public:
  explicit Dev(const std::vector<T>& host) : n_(host.size()) {
    const size_t bytes = std::max<size_t>(1, n_ * sizeof(T));
    EXPECT_EQ(aclrtMalloc(&p_, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    if (n_ > 0) {
      EXPECT_EQ(aclrtMemcpy(p_, bytes, host.data(), n_ * sizeof(T), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    }
  }
  ~Dev() { aclrtFree(p_); }
  Dev(const Dev&) = delete;
  Dev& operator=(const Dev&) = delete;
  T* get() const { return static_cast<T*>(p_); }
  size_t bytes() const { return n_ * sizeof(T); }
  std::vector<T> Read() const {
    std::vector<T> out(n_);
    EXPECT_EQ(aclrtMemcpy(out.data(), n_ * sizeof(T), p_, n_ * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    return out;
  }

 private:
  void* p_ = nullptr;
  size_t n_;
};

std::vector<float> Random(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& x : v) x = d(rng);
  return v;
}
std::vector<int8_t> RandomInt8(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<int8_t> v(n);
  for (int8_t& x : v) x = static_cast<int8_t>(static_cast<int>(rng() % 256) - 128);
  return v;
}
std::vector<aclFloat16> Half(const std::vector<float>& v) {
  std::vector<aclFloat16> h;
  for (float x : v) h.push_back(aclFloatToFloat16(x));
  return h;
}
std::vector<float> Widen(const std::vector<aclFloat16>& v) {
  std::vector<float> f;
  for (aclFloat16 x : v) f.push_back(aclFloat16ToFloat(x));
  return f;
}

// Row-major y = alpha * op(a) * op(b) + beta * c (a [m,k] or [k,m]; b [k,n] or [n,k]).
template <typename In, typename Out>
std::vector<double> Ref(int m, int n, int k, bool ta, bool tb, double alpha, const std::vector<In>& a,
                        const std::vector<In>& b, double beta, const std::vector<Out>& c) {
  std::vector<double> y(static_cast<size_t>(m) * n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double acc = 0;
      for (int p = 0; p < k; ++p) {
        acc += static_cast<double>(ta ? a[p * m + i] : a[i * k + p]) *
               static_cast<double>(tb ? b[j * k + p] : b[p * n + j]);
      }
      y[i * n + j] = alpha * acc + beta * static_cast<double>(c[i * n + j]);
    }
  }
  return y;
}

void ExpectNear(const std::vector<float>& got, const std::vector<double>& want, double tol) {
  ASSERT_EQ(got.size(), want.size());
  int bad = 0;
  for (size_t i = 0; i < got.size() && bad < 5; ++i) {
    if (std::fabs(got[i] - want[i]) > tol * (1 + std::fabs(want[i]))) {
      ADD_FAILURE() << "element " << i << ": " << got[i] << " vs reference " << want[i];
      ++bad;
    }
  }
}

class Cblas : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(aclrtCreateStream(&stream_), ACL_SUCCESS) << RecentMsg(); }
  void TearDown() override { aclrtDestroyStream(stream_); }
  void Sync() { ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << RecentMsg(); }
  aclrtStream stream_ = nullptr;
};

// Model 0: GEMM fp16 16x16x16 N N, fp16 C.
TEST_F(Cblas, HgemmMatchesTheReference) {
  const int m = 16, n = 16, k = 16;
  const auto a = Half(Random(m * k, 1)), b = Half(Random(k * n, 2)), c = Half(Random(m * n, 3));
  Dev<aclFloat16> da(a), db(b), dc(c), alpha({aclFloatToFloat16(1.5f)}), beta({aclFloatToFloat16(0.5f)});
  ASSERT_EQ(aclblasHgemm(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), k, db.get(), n,
                         beta.get(), dc.get(), n, ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  ExpectNear(Widen(dc.Read()), Ref(m, n, k, false, false, 1.5, Widen(a), Widen(b), 0.5, Widen(c)), 4e-3);
}

// Model 0 again through GemmEx, and the low-precision compute type.
TEST_F(Cblas, GemmExFp16) {
  const int m = 16, n = 16, k = 16;
  const auto a = Half(Random(m * k, 4)), b = Half(Random(k * n, 5)), c = Half(Random(m * n, 6));
  Dev<aclFloat16> da(a), db(b), dc(c), alpha({aclFloatToFloat16(1.0f)}), beta({aclFloatToFloat16(0.0f)});
  ASSERT_EQ(
      aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), k, ACL_FLOAT16, db.get(), n,
                    ACL_FLOAT16, beta.get(), dc.get(), n, ACL_FLOAT16, ACL_COMPUTE_LOW_PRECISION, stream_),
      ACL_SUCCESS)
      << RecentMsg();
  Sync();
  ExpectNear(Widen(dc.Read()), Ref(m, n, k, false, false, 1.0, Widen(a), Widen(b), 0.0, Widen(c)), 4e-3);
}

// Model 1: GEMM fp16 m32 n48 k24, A transposed, fp32 C.
TEST_F(Cblas, GemmExFp16InFp32OutTransposedA) {
  const int m = 32, n = 48, k = 24;
  const auto a = Half(Random(k * m, 7)), b = Half(Random(k * n, 8));
  const auto c = Random(m * n, 9);
  Dev<aclFloat16> da(a), db(b);
  Dev<float> dc(c), alpha({2.0f}), beta({-1.0f});
  ASSERT_EQ(
      aclblasGemmEx(ACL_TRANS_T, ACL_TRANS_N, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), m, ACL_FLOAT16, db.get(), n,
                    ACL_FLOAT16, beta.get(), dc.get(), n, ACL_FLOAT, ACL_COMPUTE_HIGH_PRECISION, stream_),
      ACL_SUCCESS)
      << RecentMsg();
  Sync();
  ExpectNear(dc.Read(), Ref(m, n, k, true, false, 2.0, Widen(a), Widen(b), -1.0, c), 1e-4);
}

// Model 3: GEMM int8 m8 n16 k32, B transposed, int32 C: exact.
TEST_F(Cblas, S8gemmIsExact) {
  const int m = 8, n = 16, k = 32;
  const auto a = RandomInt8(m * k, 10), b = RandomInt8(n * k, 11);
  std::vector<int32_t> c(m * n);
  for (size_t i = 0; i < c.size(); ++i) c[i] = static_cast<int32_t>(i) - 50;
  Dev<int8_t> da(a), db(b);
  Dev<int32_t> dc(c), alpha({3}), beta({-2});
  ASSERT_EQ(aclblasS8gemm(ACL_TRANS_N, ACL_TRANS_T, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), k, db.get(), k,
                          beta.get(), dc.get(), n, ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  const auto want = Ref(m, n, k, false, true, 3, a, b, -2, c);
  const auto got = dc.Read();
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], static_cast<int32_t>(want[i])) << i;
}

// Models 4 and 5: GEMV fp16 32x16, N with fp16 y, T with fp32 y.
TEST_F(Cblas, HgemvAndGemvEx) {
  const int m = 32, n = 16;
  const auto a = Half(Random(m * n, 12)), x = Half(Random(n, 13)), y = Half(Random(m, 14));
  {
    Dev<aclFloat16> da(a), dx(x), dy(y), alpha({aclFloatToFloat16(1.0f)}), beta({aclFloatToFloat16(1.0f)});
    ASSERT_EQ(aclblasHgemv(ACL_TRANS_N, m, n, alpha.get(), da.get(), n, dx.get(), 1, beta.get(), dy.get(), 1,
                           ACL_COMPUTE_HIGH_PRECISION, stream_),
              ACL_SUCCESS)
        << RecentMsg();
    Sync();
    ExpectNear(Widen(dy.Read()), Ref(m, 1, n, false, false, 1.0, Widen(a), Widen(x), 1.0, Widen(y)), 4e-3);
  }
  const auto xt = Half(Random(m, 15));
  const auto yt = Random(n, 16);
  Dev<aclFloat16> da(a), dx(xt);
  Dev<float> dy(yt), alpha({0.5f}), beta({2.0f});
  ASSERT_EQ(aclblasGemvEx(ACL_TRANS_T, m, n, alpha.get(), da.get(), n, ACL_FLOAT16, dx.get(), 1, ACL_FLOAT16,
                          beta.get(), dy.get(), 1, ACL_FLOAT, ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  // y[n] = 0.5 * a^T x + 2 y: a^T is [n, m] = op(a) with a stored [m, n].
  ExpectNear(dy.Read(), Ref(n, 1, m, true, false, 0.5, Widen(a), Widen(xt), 2.0, yt), 1e-4);
}

// Models 6 and 7: GEMV int8 16x32, both orientations.
TEST_F(Cblas, S8gemvIsExact) {
  const int m = 16, n = 32;
  const auto a = RandomInt8(m * n, 17);
  for (bool trans : {false, true}) {
    const int rows = trans ? n : m, cols = trans ? m : n;
    const auto x = RandomInt8(cols, 18);
    std::vector<int32_t> y(rows, 7);
    Dev<int8_t> da(a), dx(x);
    Dev<int32_t> dy(y), alpha({2}), beta({3});
    ASSERT_EQ(aclblasS8gemv(trans ? ACL_TRANS_T : ACL_TRANS_N, m, n, alpha.get(), da.get(), n, dx.get(), 1, beta.get(),
                            dy.get(), 1, ACL_COMPUTE_HIGH_PRECISION, stream_),
              ACL_SUCCESS)
        << RecentMsg();
    Sync();
    const auto want = Ref(rows, 1, cols, trans, false, 2, a, x, 3, y);
    const auto got = dy.Read();
    for (int i = 0; i < rows; ++i) ASSERT_EQ(got[i], static_cast<int32_t>(want[i])) << trans << " " << i;
  }
}

// A handle and aclopExecWithHandle: inputs a, b|x, c|y, alpha, beta; the output is c|y.
template <typename A, typename C>
void RunHandle(aclopHandle* handle, const Dev<A>& a, const Dev<A>& b, const Dev<C>& c, const Dev<C>& alpha,
               const Dev<C>& beta, aclrtStream stream) {
  aclDataBuffer* in[5] = {aclCreateDataBuffer(a.get(), a.bytes()), aclCreateDataBuffer(b.get(), b.bytes()),
                          aclCreateDataBuffer(c.get(), c.bytes()), aclCreateDataBuffer(alpha.get(), alpha.bytes()),
                          aclCreateDataBuffer(beta.get(), beta.bytes())};
  aclDataBuffer* out[1] = {aclCreateDataBuffer(c.get(), c.bytes())};
  EXPECT_EQ(aclopExecWithHandle(handle, 5, in, 1, out, stream), ACL_SUCCESS) << RecentMsg();
  EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS) << RecentMsg();
  for (aclDataBuffer* bf : in) aclDestroyDataBuffer(bf);
  aclDestroyDataBuffer(out[0]);
}

TEST_F(Cblas, EveryGemmHandle) {
  {  // Hgemm, model 0
    aclopHandle* h = nullptr;
    ASSERT_EQ(
        aclblasCreateHandleForHgemm(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, 16, 16, 16, ACL_COMPUTE_HIGH_PRECISION, &h),
        ACL_SUCCESS)
        << RecentMsg();
    const auto a = Half(Random(256, 20)), b = Half(Random(256, 21)), c = Half(Random(256, 22));
    Dev<aclFloat16> da(a), db(b), dc(c), alpha({aclFloatToFloat16(1)}), beta({aclFloatToFloat16(1)});
    RunHandle(h, da, db, dc, alpha, beta, stream_);
    ExpectNear(Widen(dc.Read()), Ref(16, 16, 16, false, false, 1, Widen(a), Widen(b), 1, Widen(c)), 4e-3);
    aclopDestroyHandle(h);
  }
  {  // GemmEx, model 2: fp16 m24 n40 k20, B transposed
    aclopHandle* h = nullptr;
    ASSERT_EQ(aclblasCreateHandleForGemmEx(ACL_TRANS_N, ACL_TRANS_T, ACL_TRANS_N, 24, 40, 20, ACL_FLOAT16, ACL_FLOAT16,
                                           ACL_FLOAT16, ACL_COMPUTE_HIGH_PRECISION, &h),
              ACL_SUCCESS)
        << RecentMsg();
    const auto a = Half(Random(24 * 20, 23)), b = Half(Random(40 * 20, 24)), c = Half(Random(24 * 40, 25));
    Dev<aclFloat16> da(a), db(b), dc(c), alpha({aclFloatToFloat16(1)}), beta({aclFloatToFloat16(0.25f)});
    RunHandle(h, da, db, dc, alpha, beta, stream_);
    ExpectNear(Widen(dc.Read()), Ref(24, 40, 20, false, true, 1, Widen(a), Widen(b), 0.25, Widen(c)), 4e-3);
    aclopDestroyHandle(h);
  }
  {  // S8gemm, model 3
    aclopHandle* h = nullptr;
    ASSERT_EQ(
        aclblasCreateHandleForS8gemm(ACL_TRANS_N, ACL_TRANS_T, ACL_TRANS_N, 8, 16, 32, ACL_COMPUTE_HIGH_PRECISION, &h),
        ACL_SUCCESS)
        << RecentMsg();
    const auto a = RandomInt8(8 * 32, 26), b = RandomInt8(16 * 32, 27);
    std::vector<int32_t> c(8 * 16, 1);
    Dev<int8_t> da(a), db(b);
    Dev<int32_t> dc(c), alpha({1}), beta({1});
    RunHandle(h, da, db, dc, alpha, beta, stream_);
    const auto want = Ref(8, 16, 32, false, true, 1, a, b, 1, c);
    const auto got = dc.Read();
    for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], static_cast<int32_t>(want[i]));
    aclopDestroyHandle(h);
  }
}

TEST_F(Cblas, EveryGemvHandle) {
  {  // Hgemv, model 4
    aclopHandle* h = nullptr;
    ASSERT_EQ(aclblasCreateHandleForHgemv(ACL_TRANS_N, 32, 16, ACL_COMPUTE_HIGH_PRECISION, &h), ACL_SUCCESS)
        << RecentMsg();
    const auto a = Half(Random(32 * 16, 30)), x = Half(Random(16, 31)), y = Half(Random(32, 32));
    Dev<aclFloat16> da(a), dx(x), dy(y), alpha({aclFloatToFloat16(1)}), beta({aclFloatToFloat16(1)});
    RunHandle(h, da, dx, dy, alpha, beta, stream_);
    ExpectNear(Widen(dy.Read()), Ref(32, 1, 16, false, false, 1, Widen(a), Widen(x), 1, Widen(y)), 4e-3);
    aclopDestroyHandle(h);
  }
  {  // GemvEx, model 5
    aclopHandle* h = nullptr;
    ASSERT_EQ(aclblasCreateHandleForGemvEx(ACL_TRANS_T, 32, 16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT,
                                           ACL_COMPUTE_HIGH_PRECISION, &h),
              ACL_SUCCESS)
        << RecentMsg();
    const auto a = Half(Random(32 * 16, 33)), x = Half(Random(32, 34));
    const auto y = Random(16, 35);
    Dev<aclFloat16> da(a), dx(x);
    Dev<float> dy(y), alpha({1}), beta({1});
    RunHandle(h, da, dx, dy, alpha, beta, stream_);
    ExpectNear(dy.Read(), Ref(16, 1, 32, true, false, 1, Widen(a), Widen(x), 1, y), 1e-4);
    aclopDestroyHandle(h);
  }
  {  // S8gemv, model 6
    aclopHandle* h = nullptr;
    ASSERT_EQ(aclblasCreateHandleForS8gemv(ACL_TRANS_N, 16, 32, ACL_COMPUTE_HIGH_PRECISION, &h), ACL_SUCCESS)
        << RecentMsg();
    const auto a = RandomInt8(16 * 32, 36), x = RandomInt8(32, 37);
    std::vector<int32_t> y(16, -3);
    Dev<int8_t> da(a), dx(x);
    Dev<int32_t> dy(y), alpha({1}), beta({1});
    RunHandle(h, da, dx, dy, alpha, beta, stream_);
    const auto want = Ref(16, 1, 32, false, false, 1, a, x, 1, y);
    const auto got = dy.Read();
    for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], static_cast<int32_t>(want[i]));
    aclopDestroyHandle(h);
  }
}

// Sub-matrices (leading dimensions over the row length) and strided vectors: the elements
// between the rows / increments are neither read into the product nor written.
TEST_F(Cblas, LeadingDimensionsAndIncrements) {
  const int m = 16, n = 16, k = 16, lda = 24, ldb = 20, ldc = 32;
  const auto a = Half(Random(m * lda, 40)), b = Half(Random(k * ldb, 41)), c = Half(Random(m * ldc, 42));
  Dev<aclFloat16> da(a), db(b), dc(c), alpha({aclFloatToFloat16(1.0f)}), beta({aclFloatToFloat16(-1.0f)});
  ASSERT_EQ(aclblasHgemm(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), lda, db.get(), ldb,
                         beta.get(), dc.get(), ldc, ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  const std::vector<float> af = Widen(a), bf = Widen(b), cf = Widen(c), got = Widen(dc.Read());
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < ldc; ++j) {
      if (j >= n) {  // outside the sub-matrix: untouched
        ASSERT_EQ(got[i * ldc + j], cf[i * ldc + j]) << i << "," << j;
        continue;
      }
      double acc = 0;
      for (int p = 0; p < k; ++p) acc += static_cast<double>(af[i * lda + p]) * bf[p * ldb + j];
      const double want = acc - cf[i * ldc + j];
      ASSERT_NEAR(got[i * ldc + j], want, 4e-3 * (1 + std::fabs(want))) << i << "," << j;
    }
  }
  // GEMV (model 4: 32x16, N) with lda 20, incx 2, incy 3.
  const int gm = 32, gn = 16, glda = 20, incx = 2, incy = 3;
  const auto ga = Half(Random(gm * glda, 43)), x = Half(Random(gn * incx, 44)), y = Half(Random(gm * incy, 45));
  Dev<aclFloat16> dga(ga), dx(x), dy(y), one({aclFloatToFloat16(1.0f)});
  ASSERT_EQ(aclblasHgemv(ACL_TRANS_N, gm, gn, one.get(), dga.get(), glda, dx.get(), incx, one.get(), dy.get(), incy,
                         ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  const std::vector<float> gaf = Widen(ga), xf = Widen(x), yf = Widen(y), gy = Widen(dy.Read());
  for (int i = 0; i < gm * incy; ++i) {
    if (i % incy != 0) {
      ASSERT_EQ(gy[i], yf[i]) << i;
      continue;
    }
    const int r = i / incy;
    double acc = 0;
    for (int p = 0; p < gn; ++p) acc += static_cast<double>(gaf[r * glda + p]) * xf[p * incx];
    const double want = acc + yf[i];
    ASSERT_NEAR(gy[i], want, 4e-3 * (1 + std::fabs(want))) << i;
  }
}

// CANN documents lda / ldb / ldc / incx / incy as reserved, "-1 only", and its gemm sample
// passes -1: the dense layout. And int8 A/B with an fp32 C (the last model of cblas_ops.json).
TEST_F(Cblas, TheDocumentedMinusOneLayoutAndInt8ToFp32) {
  const int m = 8, n = 16, k = 32;
  const auto a = RandomInt8(m * k, 50), b = RandomInt8(n * k, 51);
  const auto c = Random(m * n, 52);
  Dev<int8_t> da(a), db(b);
  Dev<float> dc(c), alpha({0.5f}), beta({2.0f});
  ASSERT_EQ(aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_T, ACL_TRANS_N, m, n, k, alpha.get(), da.get(), -1, ACL_INT8, db.get(),
                          -1, ACL_INT8, beta.get(), dc.get(), -1, ACL_FLOAT, ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  ExpectNear(dc.Read(), Ref(m, n, k, false, true, 0.5, a, b, 2.0, c), 1e-6);
  // GEMV (model 4: 32x16, N) with lda, incx and incy -1.
  const int gm = 32, gn = 16;
  const auto ga = Half(Random(gm * gn, 53)), x = Half(Random(gn, 54)), y = Half(Random(gm, 55));
  Dev<aclFloat16> dga(ga), dx(x), dy(y), one({aclFloatToFloat16(1.0f)});
  ASSERT_EQ(aclblasHgemv(ACL_TRANS_N, gm, gn, one.get(), dga.get(), -1, dx.get(), -1, one.get(), dy.get(), -1,
                         ACL_COMPUTE_HIGH_PRECISION, stream_),
            ACL_SUCCESS)
      << RecentMsg();
  Sync();
  std::vector<double> want(gm);
  const std::vector<float> gaf = Widen(ga), xf = Widen(x), yf = Widen(y);
  for (int r = 0; r < gm; ++r) {
    double acc = 0;
    for (int p = 0; p < gn; ++p) acc += static_cast<double>(gaf[r * gn + p]) * xf[p];
    want[r] = acc + yf[r];
  }
  ExpectNear(Widen(dy.Read()), want, 4e-3);
}

TEST_F(Cblas, AShapeWithoutAnOpModelFails) {
  Dev<aclFloat16> a(std::vector<aclFloat16>(17 * 17)), alpha({aclFloatToFloat16(1)});
  const aclError rc = aclblasHgemm(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, 17, 17, 17, alpha.get(), a.get(), 17, a.get(),
                                   17, alpha.get(), a.get(), 17, ACL_COMPUTE_HIGH_PRECISION, stream_);
  EXPECT_NE(rc, ACL_SUCCESS);
  EXPECT_NE(RecentMsg().find("aclblasHgemm"), std::string::npos) << LastMsg();
  EXPECT_NE(LastMsg().find("GEMM"), std::string::npos) << LastMsg();
  aclopHandle* h = nullptr;
  EXPECT_NE(
      aclblasCreateHandleForHgemm(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, 17, 17, 17, ACL_COMPUTE_HIGH_PRECISION, &h),
      ACL_SUCCESS);
}

TEST_F(Cblas, GemmArgumentErrors) {
  Dev<aclFloat16> p(std::vector<aclFloat16>(256));
  aclFloat16* d = p.get();
  const auto hgemm = [&](aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k, const aclFloat16* al,
                         int lda, int ldb, int ldc, aclComputeType type) {
    return aclblasHgemm(ta, tb, tc, m, n, k, al, d, lda, d, ldb, d, d, ldc, type, stream_);
  };
  const aclTransType N = ACL_TRANS_N, T = ACL_TRANS_T;
  const aclComputeType H = ACL_COMPUTE_HIGH_PRECISION;
  EXPECT_ACL_ERROR(hgemm(N, N, N, 0, 16, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM, "m 0 must be > 0");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, -1, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM, "n -1 must be > 0");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, 16, 0, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM, "k 0 must be > 0");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, 16, 16, nullptr, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM,
                   "alpha must not be NULL");
  EXPECT_ACL_ERROR(aclblasHgemm(N, N, N, 16, 16, 16, d, nullptr, 16, d, 16, d, d, 16, H, stream_),
                   ACL_ERROR_INVALID_PARAM, "matrixA must not be NULL");
  EXPECT_ACL_ERROR(aclblasHgemm(N, N, N, 16, 16, 16, d, d, 16, d, 16, d, nullptr, 16, H, stream_),
                   ACL_ERROR_INVALID_PARAM, "matrixC must not be NULL");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, 16, 8, d, 4, 16, 16, H), ACL_ERROR_INVALID_PARAM, "lda 4 must be >= 8");
  EXPECT_ACL_ERROR(hgemm(T, N, N, 16, 16, 8, d, 8, 16, 16, H), ACL_ERROR_INVALID_PARAM, "lda 8 must be >= 16");
  EXPECT_ACL_ERROR(hgemm(N, T, N, 16, 8, 16, d, 16, 8, 8, H), ACL_ERROR_INVALID_PARAM, "ldb 8 must be >= 16");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, 16, 16, d, 16, 16, 15, H), ACL_ERROR_INVALID_PARAM, "ldc 15 must be >= 16");
  EXPECT_ACL_ERROR(hgemm(ACL_TRANS_NZ, N, N, 16, 16, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM,
                   "transA ACL_TRANS_NZ");
  EXPECT_ACL_ERROR(hgemm(N, ACL_TRANS_NZ_T, N, 16, 16, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM,
                   "transB ACL_TRANS_NZ_T");
  EXPECT_ACL_ERROR(hgemm(N, N, T, 16, 16, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM,
                   "a transposed C is not supported");
  EXPECT_ACL_ERROR(hgemm(static_cast<aclTransType>(9), N, N, 16, 16, 16, d, 16, 16, 16, H), ACL_ERROR_INVALID_PARAM,
                   "transA 9 is not an aclTransType");
  EXPECT_ACL_ERROR(hgemm(N, N, N, 16, 16, 16, d, 16, 16, 16, static_cast<aclComputeType>(5)), ACL_ERROR_INVALID_PARAM,
                   "type 5 is not an aclComputeType");
  const auto gemm_ex = [&](aclDataType at, aclDataType bt, aclDataType ct) {
    return aclblasGemmEx(N, N, N, 16, 16, 16, d, d, 16, at, d, 16, bt, d, d, 16, ct, H, stream_);
  };
  EXPECT_ACL_ERROR(gemm_ex(ACL_FLOAT16, ACL_FLOAT16, ACL_INT32), ACL_ERROR_INVALID_PARAM,
                   "dataTypeC ACL_INT32 does not go with dataTypeA ACL_FLOAT16");
  EXPECT_ACL_ERROR(gemm_ex(ACL_FLOAT16, ACL_INT8, ACL_FLOAT16), ACL_ERROR_INVALID_PARAM,
                   "dataTypeB ACL_INT8 must equal dataTypeA ACL_FLOAT16");
  EXPECT_ACL_ERROR(gemm_ex(ACL_INT8, ACL_INT8, ACL_FLOAT16), ACL_ERROR_INVALID_PARAM,
                   "dataTypeC ACL_FLOAT16 does not go with dataTypeA ACL_INT8");
  EXPECT_ACL_ERROR(gemm_ex(ACL_DOUBLE, ACL_DOUBLE, ACL_DOUBLE), ACL_ERROR_INVALID_PARAM,
                   "dataTypeA aclDataType 11 is not supported");
  EXPECT_ACL_ERROR(aclblasS8gemm(N, N, N, 0, 1, 1, nullptr, nullptr, 1, nullptr, 1, nullptr, nullptr, 1, H, stream_),
                   ACL_ERROR_INVALID_PARAM, "aclblasS8gemm: m 0 must be > 0");
}

TEST_F(Cblas, GemvArgumentErrors) {
  Dev<aclFloat16> p(std::vector<aclFloat16>(256));
  aclFloat16* d = p.get();
  const aclComputeType H = ACL_COMPUTE_HIGH_PRECISION;
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_N, 0, 16, d, d, 16, d, 1, d, d, 1, H, stream_), ACL_ERROR_INVALID_PARAM,
                   "m 0 must be > 0");
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_N, 16, 16, d, d, 8, d, 1, d, d, 1, H, stream_), ACL_ERROR_INVALID_PARAM,
                   "lda 8 must be >= 16");
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_N, 16, 16, d, d, 16, d, -2, d, d, 1, H, stream_), ACL_ERROR_INVALID_PARAM,
                   "incx -2 must be > 0");  // -1 is the documented dense default
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_N, 16, 16, d, d, 16, d, 1, d, d, 0, H, stream_), ACL_ERROR_INVALID_PARAM,
                   "incy 0 must be > 0");
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_N, 16, 16, d, d, 16, nullptr, 1, d, d, 1, H, stream_),
                   ACL_ERROR_INVALID_PARAM, "x must not be NULL");
  EXPECT_ACL_ERROR(aclblasHgemv(ACL_TRANS_NZ, 16, 16, d, d, 16, d, 1, d, d, 1, H, stream_), ACL_ERROR_INVALID_PARAM,
                   "FRACTAL_NZ");
  EXPECT_ACL_ERROR(
      aclblasGemvEx(ACL_TRANS_N, 16, 16, d, d, 16, ACL_INT8, d, 1, ACL_INT8, d, d, 1, ACL_FLOAT16, H, stream_),
      ACL_ERROR_INVALID_PARAM, "dataTypeY ACL_FLOAT16 does not go with dataTypeA ACL_INT8");
  EXPECT_ACL_ERROR(
      aclblasS8gemv(ACL_TRANS_N, 16, 16, nullptr, nullptr, 16, nullptr, 1, nullptr, nullptr, 1, H, stream_),
      ACL_ERROR_INVALID_PARAM, "aclblasS8gemv: alpha must not be NULL");
}

TEST_F(Cblas, HandleArgumentErrors) {
  const aclComputeType H = ACL_COMPUTE_HIGH_PRECISION;
  const aclTransType N = ACL_TRANS_N;
  aclopHandle* h = nullptr;
  EXPECT_ACL_ERROR(aclblasCreateHandleForHgemm(N, N, N, 16, 16, 16, H, nullptr), ACL_ERROR_INVALID_PARAM,
                   "handle must not be NULL");
  EXPECT_ACL_ERROR(aclblasCreateHandleForS8gemm(N, N, N, 16, 0, 16, H, &h), ACL_ERROR_INVALID_PARAM, "n 0 must be > 0");
  EXPECT_ACL_ERROR(
      aclblasCreateHandleForGemmEx(N, N, ACL_TRANS_NZ, 16, 16, 16, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, H, &h),
      ACL_ERROR_INVALID_PARAM, "transC ACL_TRANS_NZ");
  EXPECT_ACL_ERROR(aclblasCreateHandleForGemmEx(N, N, N, 16, 16, 16, ACL_INT8, ACL_INT8, ACL_INT8, H, &h),
                   ACL_ERROR_INVALID_PARAM, "dataTypeC ACL_INT8 does not go with dataTypeA ACL_INT8");
  EXPECT_ACL_ERROR(aclblasCreateHandleForHgemv(N, -2, 16, H, &h), ACL_ERROR_INVALID_PARAM, "m -2 must be > 0");
  EXPECT_ACL_ERROR(aclblasCreateHandleForS8gemv(N, 16, 16, static_cast<aclComputeType>(2), &h), ACL_ERROR_INVALID_PARAM,
                   "type 2 is not an aclComputeType");
  EXPECT_ACL_ERROR(aclblasCreateHandleForGemvEx(N, 16, 16, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT, H, &h),
                   ACL_ERROR_INVALID_PARAM, "dataTypeX ACL_FLOAT16 must equal dataTypeA ACL_FLOAT");
  EXPECT_EQ(h, nullptr);
}

}  // namespace
