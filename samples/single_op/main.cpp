// samples/single_op: single operators through AscendCL, the way the public samples do it
// (level1_single_api/1_acl: the add / conv2d single-op samples and 4_blas/gemm).
//
// The op models are compiled offline by `atc --singleop` from the description files in
// run/out/test_data/config (gemm.json is the public gemm sample's file); this program loads
// them with aclopSetModelDir("op_models") and runs
//   1. Add     (fp32 [8, 16] + [8, 16])            via aclopExecuteV2
//   2. Conv2D  (fp16 NCHW 1x3x16x16, 8 3x3 filters) via aclopExecuteV2 with list_int attrs
//   3. GEMM    (fp16 16x16x16, C = alpha*A*B + beta*C, alpha/beta in device memory)
//              via aclblasGemmEx
// then compares every result with a host reference and prints it. Exit status 0 when all
// three are within tolerance (fp32: 1e-6; fp16: 1e-3 relative + 1e-3 absolute, the fp16
// rounding of the result), 1 otherwise.
//
// Usage (from run/out, as the public sample): ./single_op [op_model_dir (default op_models)]
// C++11, public AscendCL API only.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_cblas.h"

namespace {

#define CHECK_ACL(expr)                                                                                               \
  do {                                                                                                                \
    aclError ret_ = (expr);                                                                                           \
    if (ret_ != ACL_SUCCESS) {                                                                                        \
      const char* msg_ = aclGetRecentErrMsg();                                                                        \
      std::fprintf(stderr, "[ERROR] %s failed: %d %s\n", #expr, static_cast<int>(ret_), msg_ != nullptr ? msg_ : ""); \
      return false;                                                                                                   \
    }                                                                                                                 \
  } while (0)

// Deterministic inputs in [-1, 1).
std::vector<float> Inputs(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    v[i] = static_cast<float>(s >> 8) / static_cast<float>(1u << 24) * 2.0f - 1.0f;
  }
  return v;
}

std::vector<aclFloat16> ToHalf(const std::vector<float>& v) {
  std::vector<aclFloat16> h(v.size());
  for (size_t i = 0; i < v.size(); ++i) h[i] = aclFloatToFloat16(v[i]);
  return h;
}

std::vector<float> FromHalf(const std::vector<aclFloat16>& h) {
  std::vector<float> v(h.size());
  for (size_t i = 0; i < h.size(); ++i) v[i] = aclFloat16ToFloat(h[i]);
  return v;
}

// One device buffer with its aclDataBuffer.
struct DeviceBuffer {
  void* dev = nullptr;
  size_t size = 0;
  aclDataBuffer* buffer = nullptr;

  bool Create(const void* host, size_t bytes) {
    size = bytes;
    CHECK_ACL(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    if (host != nullptr) CHECK_ACL(aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    buffer = aclCreateDataBuffer(dev, bytes);
    return buffer != nullptr;
  }
  bool Read(void* host) const {
    CHECK_ACL(aclrtMemcpy(host, size, dev, size, ACL_MEMCPY_DEVICE_TO_HOST));
    return true;
  }
  ~DeviceBuffer() {
    if (buffer != nullptr) aclDestroyDataBuffer(buffer);
    if (dev != nullptr) aclrtFree(dev);
  }
};

// Max |got - want| and whether every element is within atol + rtol * |want|.
bool Compare(const char* what, const std::vector<float>& got, const std::vector<double>& want, double rtol,
             double atol) {
  double max_err = 0;
  size_t bad = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    const double err = std::fabs(got[i] - want[i]);
    if (err > max_err) max_err = err;
    if (err > atol + rtol * std::fabs(want[i])) {
      if (bad < 3) std::printf("  %s[%zu] = %.6f, reference %.6f\n", what, i, got[i], want[i]);
      ++bad;
    }
  }
  std::printf("%s: %zu values, max |error| %.3g vs host reference -> %s\n", what, got.size(), max_err,
              bad == 0 ? "OK" : "MISMATCH");
  return bad == 0;
}

void PrintRow(const char* name, const std::vector<float>& v, size_t count) {
  std::printf("  %s:", name);
  for (size_t i = 0; i < count && i < v.size(); ++i) std::printf(" %8.4f", v[i]);
  std::printf(" ...\n");
}

bool RunAdd(aclrtStream stream) {
  const int64_t dims[2] = {8, 16};
  const size_t n = 8 * 16;
  const std::vector<float> x1 = Inputs(n, 1), x2 = Inputs(n, 2);
  DeviceBuffer b1, b2, out;
  if (!b1.Create(x1.data(), n * 4) || !b2.Create(x2.data(), n * 4) || !out.Create(nullptr, n * 4)) return false;
  aclTensorDesc* in_desc[2] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND),
                               aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
  aclTensorDesc* out_desc[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
  aclDataBuffer* inputs[2] = {b1.buffer, b2.buffer};
  aclDataBuffer* outputs[1] = {out.buffer};
  aclopAttr* attr = aclopCreateAttr();
  const aclError ret = aclopExecuteV2("Add", 2, in_desc, inputs, 1, out_desc, outputs, attr, stream);
  aclopDestroyAttr(attr);
  for (aclTensorDesc* d : in_desc) aclDestroyTensorDesc(d);
  aclDestroyTensorDesc(out_desc[0]);
  CHECK_ACL(ret);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  std::vector<float> y(n);
  if (!out.Read(y.data())) return false;
  std::vector<double> ref(n);
  for (size_t i = 0; i < n; ++i) ref[i] = static_cast<double>(x1[i] + x2[i]);
  std::printf("[Add] y = x1 + x2, fp32 [8, 16] (aclopExecuteV2)\n");
  PrintRow("y[0]", y, 8);
  return Compare("Add", y, ref, 0, 1e-6);
}

bool RunConv2D(aclrtStream stream) {
  const int64_t c = 3, h = 16, w = 16, co = 8, kh = 3, kw = 3;
  const int64_t x_dims[4] = {1, c, h, w}, w_dims[4] = {co, c, kh, kw}, y_dims[4] = {1, co, h, w};
  const std::vector<aclFloat16> x = ToHalf(Inputs(c * h * w, 3)), f = ToHalf(Inputs(co * c * kh * kw, 4));
  const size_t y_count = static_cast<size_t>(co * h * w);
  DeviceBuffer bx, bf, out;
  if (!bx.Create(x.data(), x.size() * 2) || !bf.Create(f.data(), f.size() * 2) || !out.Create(nullptr, y_count * 2)) {
    return false;
  }
  aclTensorDesc* in_desc[2] = {aclCreateTensorDesc(ACL_FLOAT16, 4, x_dims, ACL_FORMAT_NCHW),
                               aclCreateTensorDesc(ACL_FLOAT16, 4, w_dims, ACL_FORMAT_NCHW)};
  aclTensorDesc* out_desc[1] = {aclCreateTensorDesc(ACL_FLOAT16, 4, y_dims, ACL_FORMAT_NCHW)};
  aclDataBuffer* inputs[2] = {bx.buffer, bf.buffer};
  aclDataBuffer* outputs[1] = {out.buffer};
  aclopAttr* attr = aclopCreateAttr();
  const int64_t strides[4] = {1, 1, 1, 1}, pads[4] = {1, 1, 1, 1}, dilations[4] = {1, 1, 1, 1};
  aclError ret = aclopSetAttrListInt(attr, "strides", 4, strides);
  if (ret == ACL_SUCCESS) ret = aclopSetAttrListInt(attr, "pads", 4, pads);
  if (ret == ACL_SUCCESS) ret = aclopSetAttrListInt(attr, "dilations", 4, dilations);
  if (ret == ACL_SUCCESS) ret = aclopExecuteV2("Conv2D", 2, in_desc, inputs, 1, out_desc, outputs, attr, stream);
  aclopDestroyAttr(attr);
  for (aclTensorDesc* d : in_desc) aclDestroyTensorDesc(d);
  aclDestroyTensorDesc(out_desc[0]);
  CHECK_ACL(ret);
  CHECK_ACL(aclrtSynchronizeStream(stream));
  std::vector<aclFloat16> yh(y_count);
  if (!out.Read(yh.data())) return false;
  const std::vector<float> y = FromHalf(yh), xf = FromHalf(x), ff = FromHalf(f);
  std::vector<double> ref(y_count, 0.0);
  for (int64_t o = 0; o < co; ++o) {
    for (int64_t i = 0; i < h; ++i) {
      for (int64_t j = 0; j < w; ++j) {
        double acc = 0;
        for (int64_t ci = 0; ci < c; ++ci) {
          for (int64_t u = 0; u < kh; ++u) {
            for (int64_t v = 0; v < kw; ++v) {
              const int64_t yy = i + u - 1, xx = j + v - 1;
              if (yy < 0 || yy >= h || xx < 0 || xx >= w) continue;
              acc += static_cast<double>(xf[(ci * h + yy) * w + xx]) * ff[((o * c + ci) * kh + u) * kw + v];
            }
          }
        }
        ref[(o * h + i) * w + j] = acc;
      }
    }
  }
  std::printf("[Conv2D] fp16 NCHW x[1,3,16,16] * w[8,3,3,3], stride 1, pad 1 (aclopExecuteV2)\n");
  PrintRow("y[0,0,0]", y, 8);
  return Compare("Conv2D", y, ref, 1e-3, 2e-3);
}

bool RunGemm(aclrtStream stream) {
  const int m = 16, n = 16, k = 16;
  const std::vector<aclFloat16> a = ToHalf(Inputs(m * k, 5)), b = ToHalf(Inputs(k * n, 6)),
                                c = ToHalf(Inputs(m * n, 7));
  const aclFloat16 alpha_h = aclFloatToFloat16(1.0f), beta_h = aclFloatToFloat16(1.0f);
  DeviceBuffer da, db, dc, alpha, beta;
  if (!da.Create(a.data(), a.size() * 2) || !db.Create(b.data(), b.size() * 2) || !dc.Create(c.data(), c.size() * 2) ||
      !alpha.Create(&alpha_h, 2) || !beta.Create(&beta_h, 2)) {
    return false;
  }
  // As the public gemm sample: row-major, lda = k, ldb = n, ldc = n; alpha/beta on the device.
  CHECK_ACL(aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, m, n, k, alpha.dev, da.dev, k, ACL_FLOAT16, db.dev, n,
                          ACL_FLOAT16, beta.dev, dc.dev, n, ACL_FLOAT16, ACL_COMPUTE_HIGH_PRECISION, stream));
  CHECK_ACL(aclrtSynchronizeStream(stream));
  std::vector<aclFloat16> yh(static_cast<size_t>(m * n));
  if (!dc.Read(yh.data())) return false;
  const std::vector<float> y = FromHalf(yh), af = FromHalf(a), bf = FromHalf(b), cf = FromHalf(c);
  std::vector<double> ref(static_cast<size_t>(m * n));
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double acc = 0;
      for (int p = 0; p < k; ++p) acc += static_cast<double>(af[i * k + p]) * bf[p * n + j];
      ref[i * n + j] = 1.0 * acc + 1.0 * cf[i * n + j];
    }
  }
  std::printf("[GEMM] C = alpha * A * B + beta * C, fp16 16x16x16, alpha 1, beta 1 (aclblasGemmEx)\n");
  for (int i = 0; i < 2; ++i) {
    const std::vector<float> row(y.begin() + i * n, y.begin() + (i + 1) * n);
    char name[16];
    std::snprintf(name, sizeof(name), "C[%d]", i);
    PrintRow(name, row, 8);
  }
  return Compare("GEMM", y, ref, 1e-3, 1e-3);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string model_dir = argc > 1 ? argv[1] : "op_models";
  if (aclInit(nullptr) != ACL_SUCCESS) {
    std::fprintf(stderr, "[ERROR] aclInit failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  bool ok = false;
  aclrtStream stream = nullptr;
  if (aclrtSetDevice(0) == ACL_SUCCESS && aclrtCreateStream(&stream) == ACL_SUCCESS) {
    const aclError ret = aclopSetModelDir(model_dir.c_str());
    if (ret != ACL_SUCCESS) {
      std::fprintf(stderr,
                   "[ERROR] aclopSetModelDir(\"%s\") failed: %d %s\n"
                   "  compile the op models first, e.g. from run/out:\n"
                   "  atc --singleop=test_data/config/gemm.json --soc_version=Ascend310 --output=op_models\n",
                   model_dir.c_str(), static_cast<int>(ret), aclGetRecentErrMsg());
    } else {
      std::printf("[INFO] op models loaded from %s\n", model_dir.c_str());
      const bool add = RunAdd(stream);
      const bool conv = RunConv2D(stream);
      const bool gemm = RunGemm(stream);
      ok = add && conv && gemm;
    }
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
  } else {
    std::fprintf(stderr, "[ERROR] device setup failed: %s\n", aclGetRecentErrMsg());
  }
  aclFinalize();
  std::printf(ok ? "single_op sample: all results match the host references\n" : "single_op sample: FAILED\n");
  return ok ? 0 : 1;
}
