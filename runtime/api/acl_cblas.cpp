// acl/ops/acl_cblas.h: GEMM and GEMV, the way CANN's libacl_cblas does it: each call
// describes CANN's "GEMM" / "GEMV" single op (inputs a, b|x, c|y, alpha, beta as 0-d
// tensors; attrs transpose_a / transpose_b or transpose; one output that shares c's / y's
// memory) and runs it through the public single-op API (aclopExecuteV2), so it finds the op
// models `atc --singleop` wrote and aclopSetModelDir / aclopLoad loaded, exactly like any
// other single op; the CreateHandleFor* functions make the matching aclopHandle for
// aclopExecWithHandle (inputs a, b|x, c|y, alpha, beta; output c|y).
//
// Matrices are row-major: lda / ldb / ldc are the distances between rows of the stored
// matrices (A [m, k], or [k, m] when transposed; B [k, n] or [n, k]; C [m, n]; the GEMV matrix
// [m, n]) and must be at least the row lengths; vector increments must be >= 1. Larger
// leading dimensions (sub-matrices of wider ones) and increments over 1 work by packing the
// operands into dense device buffers with aclrtMemcpy2dAsync on the stream and copying the
// result back into C's (Y's) rows; such a call returns after the stream has finished (the
// buffers are freed). The FRACTAL_NZ forms (ACL_TRANS_NZ / ACL_TRANS_NZ_T) and a transposed C
// are refused with ACL_ERROR_INVALID_PARAM and a message saying so.
// alpha and beta point to device memory holding one element of C's (Y's) type.
// Types: fp16 A/B with fp16 or fp32 C; fp32 A/B with fp32 C; int8 A/B with int32 C (the
// kernels' combinations, docs/ops.md). Both compute types give the kernels' precision
// (fp32 accumulation; int32 exact).
//
// Thread safety: as the single-op API (calls on one stream are ordered). Failure: argument
// errors return ACL_ERROR_INVALID_PARAM with a message for aclGetRecentErrMsg naming the
// argument; failures of the single-op API (no op model, ...) return its code, with its
// message prefixed by this function's name.
#include <cstdint>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "acl/ops/acl_cblas.h"
#include "base/status.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/error_state.h"

namespace {

struct Fail {
  aclError code = ACL_SUCCESS;
  std::string message;
  bool ok() const { return code == ACL_SUCCESS; }
};

Fail Invalid(std::string message) {
  return Fail{ACL_ERROR_INVALID_PARAM, std::move(message)};
}

const char* TypeName(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return "ACL_FLOAT16";
    case ACL_FLOAT: return "ACL_FLOAT";
    case ACL_INT8: return "ACL_INT8";
    case ACL_INT32: return "ACL_INT32";
    default: return nullptr;
  }
}

std::string TypeText(aclDataType t) {
  const char* name = TypeName(t);
  return name != nullptr ? name : "aclDataType " + std::to_string(static_cast<int>(t));
}

size_t TypeSize(aclDataType t) {
  switch (t) {
    case ACL_FLOAT16: return 2;
    case ACL_INT8: return 1;
    default: return 4;
  }
}

Fail CheckTrans(const char* name, aclTransType t) {
  if (t == ACL_TRANS_N || t == ACL_TRANS_T) return {};
  if (t == ACL_TRANS_NZ || t == ACL_TRANS_NZ_T) {
    return Invalid(std::string(name) + " " + (t == ACL_TRANS_NZ ? "ACL_TRANS_NZ" : "ACL_TRANS_NZ_T") +
                   ": matrices in FRACTAL_NZ layout are not supported; pass ND matrices with ACL_TRANS_N or "
                   "ACL_TRANS_T");
  }
  return Invalid(std::string(name) + " " + std::to_string(static_cast<int>(t)) +
                 " is not an aclTransType (ACL_TRANS_N, ACL_TRANS_T)");
}

Fail CheckCompute(aclComputeType type) {
  if (type == ACL_COMPUTE_HIGH_PRECISION || type == ACL_COMPUTE_LOW_PRECISION) return {};
  return Invalid("type " + std::to_string(static_cast<int>(type)) +
                 " is not an aclComputeType (ACL_COMPUTE_HIGH_PRECISION, ACL_COMPUTE_LOW_PRECISION)");
}

Fail CheckPositive(const char* name, int v) {
  if (v > 0) return {};
  return Invalid(std::string(name) + " " + std::to_string(v) + " must be > 0");
}

// A leading dimension: at least the stored row length (larger: a sub-matrix of a wider one).
Fail CheckLd(const char* name, int ld, int row, const std::string& what) {
  if (ld >= row) return {};
  return Invalid(std::string(name) + " " + std::to_string(ld) + " must be >= " + std::to_string(row) + " (" + what +
                 ")");
}

Fail CheckInc(const char* name, int inc) {
  if (inc >= 1) return {};
  return Invalid(std::string(name) + " " + std::to_string(inc) +
                 " must be > 0 (negative increments are not supported)");
}

// The operand/result type combinations the GEMM and GEMV kernels take.
Fail CheckTypes(const char* a_name, aclDataType a, const char* b_name, aclDataType b, const char* c_name,
                aclDataType c) {
  if (TypeName(a) == nullptr || a == ACL_INT32) {
    return Invalid(std::string(a_name) + " " + TypeText(a) + " is not supported (ACL_FLOAT16, ACL_FLOAT, ACL_INT8)");
  }
  if (b != a) {
    return Invalid(std::string(b_name) + " " + TypeText(b) + " must equal " + a_name + " " + TypeText(a));
  }
  const bool ok = (a == ACL_FLOAT16 && (c == ACL_FLOAT16 || c == ACL_FLOAT)) || (a == ACL_FLOAT && c == ACL_FLOAT) ||
                  (a == ACL_INT8 && (c == ACL_INT32 || c == ACL_FLOAT));
  if (!ok) {
    return Invalid(std::string(c_name) + " " + TypeText(c) + " does not go with " + a_name + " " + TypeText(a) +
                   " (ACL_FLOAT16 takes ACL_FLOAT16 or ACL_FLOAT, ACL_FLOAT takes ACL_FLOAT, ACL_INT8 takes "
                   "ACL_INT32 or ACL_FLOAT)");
  }
  return {};
}

Fail CheckPointer(const char* name, const void* p) {
  if (p != nullptr) return {};
  return Invalid(std::string(name) + " must not be NULL");
}

// The op: its type, tensor shapes and types, attributes; the descs and attr it creates.
struct OpCall {
  const char* op = "GEMM";
  std::vector<std::vector<int64_t>> in_dims;  // a, b|x, c|y, alpha, beta
  std::vector<aclDataType> in_types;
  std::vector<int64_t> out_dims;
  aclDataType out_type = ACL_FLOAT16;
  std::vector<std::pair<const char*, bool>> attrs;
  // Inputs 0..2 as stored: `rows` rows of `row` elements, `pitch` elements apart (pitch >
  // row: a sub-matrix, or a vector with an increment); {0, 0, 0} = dense.
  struct Stored {
    int64_t rows = 0, row = 0, pitch = 0;
  };
  Stored stored[3];

  std::vector<aclTensorDesc*> in_descs;
  aclTensorDesc* out_desc = nullptr;
  aclopAttr* attr = nullptr;

  ~OpCall() {
    for (aclTensorDesc* d : in_descs) aclDestroyTensorDesc(d);
    aclDestroyTensorDesc(out_desc);
    if (attr != nullptr) aclopDestroyAttr(attr);
  }

  // Copies the single-op API's message into this function's failure.
  static Fail Inner(const char* what, aclError code) {
    const char* msg = aclGetRecentErrMsg();
    return Fail{code, std::string(what) + " failed (" + std::to_string(code) + ")" +
                          (msg != nullptr && *msg != '\0' ? std::string(": ") + msg : std::string())};
  }

  Fail Describe() {
    static const int64_t kNoDims[1] = {0};
    for (size_t i = 0; i < in_dims.size(); ++i) {
      const std::vector<int64_t>& d = in_dims[i];
      aclTensorDesc* desc =
          aclCreateTensorDesc(in_types[i], static_cast<int>(d.size()), d.empty() ? kNoDims : d.data(), ACL_FORMAT_ND);
      if (desc == nullptr) return Inner("aclCreateTensorDesc", ACL_ERROR_INVALID_PARAM);
      in_descs.push_back(desc);
    }
    out_desc = aclCreateTensorDesc(out_type, static_cast<int>(out_dims.size()), out_dims.data(), ACL_FORMAT_ND);
    if (out_desc == nullptr) return Inner("aclCreateTensorDesc", ACL_ERROR_INVALID_PARAM);
    attr = aclopCreateAttr();
    if (attr == nullptr) return Inner("aclopCreateAttr", ACL_ERROR_BAD_ALLOC);
    for (const auto& [name, value] : attrs) {
      const aclError rc = aclopSetAttrBool(attr, name, value ? 1 : 0);
      if (rc != ACL_SUCCESS) return Inner("aclopSetAttrBool", rc);
    }
    return {};
  }

  static size_t Bytes(const std::vector<int64_t>& dims, aclDataType t) {
    size_t n = TypeSize(t);
    for (int64_t d : dims) n *= static_cast<size_t>(d);
    return n;
  }

  // Runs with `pointers` for the five inputs; the output shares input 2's memory. Strided
  // inputs are packed into dense device buffers first (2-D copies on the stream) and the
  // result copied back into C's rows; the call then waits for the stream before freeing them.
  Fail Execute(std::vector<const void*> pointers, aclrtStream stream) {
    Fail f = Describe();
    if (!f.ok()) return f;
    std::vector<void*> temps;
    auto free_temps = [&]() {
      for (void* t : temps) aclrtFree(t);
    };
    void* c_temp = nullptr;
    for (size_t i = 0; i < 3; ++i) {
      const Stored& st = stored[i];
      if (st.pitch <= st.row) continue;
      const size_t elem = TypeSize(in_types[i]);
      const size_t width = static_cast<size_t>(st.row) * elem;
      void* temp = nullptr;
      aclError rc = aclrtMalloc(&temp, width * static_cast<size_t>(st.rows), ACL_MEM_MALLOC_HUGE_FIRST);
      if (rc != ACL_SUCCESS) {
        free_temps();
        return Inner("aclrtMalloc of a dense copy of a strided operand", rc);
      }
      temps.push_back(temp);
      rc = aclrtMemcpy2dAsync(temp, width, pointers[i], static_cast<size_t>(st.pitch) * elem, width,
                              static_cast<size_t>(st.rows), ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
      if (rc != ACL_SUCCESS) {
        aclrtSynchronizeStream(stream);
        free_temps();
        return Inner("aclrtMemcpy2dAsync packing a strided operand", rc);
      }
      pointers[i] = temp;
      if (i == 2) c_temp = temp;
    }
    f = Run(pointers, stream);
    if (f.ok() && c_temp != nullptr) {
      const Stored& st = stored[2];
      const size_t elem = TypeSize(in_types[2]);
      const size_t width = static_cast<size_t>(st.row) * elem;
      const aclError rc =
          aclrtMemcpy2dAsync(const_cast<void*>(original_c), static_cast<size_t>(st.pitch) * elem, c_temp, width, width,
                             static_cast<size_t>(st.rows), ACL_MEMCPY_DEVICE_TO_DEVICE, stream);
      if (rc != ACL_SUCCESS) f = Inner("aclrtMemcpy2dAsync writing the result back", rc);
    }
    if (!temps.empty()) {
      const aclError rc = aclrtSynchronizeStream(stream);
      if (f.ok() && rc != ACL_SUCCESS) f = Inner("aclrtSynchronizeStream after a strided operation", rc);
      free_temps();
    }
    return f;
  }

  const void* original_c = nullptr;

  Fail Run(const std::vector<const void*>& pointers, aclrtStream stream) {
    std::vector<aclDataBuffer*> in;
    aclDataBuffer* out = nullptr;
    auto release = [&]() {
      for (aclDataBuffer* b : in) aclDestroyDataBuffer(b);
      if (out != nullptr) aclDestroyDataBuffer(out);
    };
    for (size_t i = 0; i < pointers.size(); ++i) {
      in.push_back(aclCreateDataBuffer(const_cast<void*>(pointers[i]), Bytes(in_dims[i], in_types[i])));
    }
    out = aclCreateDataBuffer(const_cast<void*>(pointers[2]), Bytes(out_dims, out_type));
    for (aclDataBuffer* b : in) {
      if (b == nullptr) {
        release();
        return Inner("aclCreateDataBuffer", ACL_ERROR_BAD_ALLOC);
      }
    }
    if (out == nullptr) {
      release();
      return Inner("aclCreateDataBuffer", ACL_ERROR_BAD_ALLOC);
    }
    aclDataBuffer* outs[1] = {out};
    aclTensorDesc* out_descs[1] = {out_desc};
    const aclError rc =
        aclopExecuteV2(op, static_cast<int>(in.size()), in_descs.data(), in.data(), 1, out_descs, outs, attr, stream);
    release();
    if (rc != ACL_SUCCESS) return Inner((std::string("aclopExecuteV2 of the ") + op + " single op").c_str(), rc);
    return {};
  }

  Fail MakeHandle(aclopHandle** handle) {
    Fail f = Describe();
    if (!f.ok()) return f;
    std::vector<const aclTensorDesc*> ins(in_descs.begin(), in_descs.end());
    const aclTensorDesc* outs[1] = {out_desc};
    const aclError rc = aclopCreateHandle(op, static_cast<int>(ins.size()), ins.data(), 1, outs, attr, handle);
    if (rc != ACL_SUCCESS) return Inner((std::string("aclopCreateHandle of the ") + op + " single op").c_str(), rc);
    return {};
  }
};

// GEMM: validates and describes y = alpha * op(A) * op(B) + beta * C.
Fail DescribeGemm(aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k, int* lda, int* ldb, int* ldc,
                  aclDataType at, aclDataType bt, aclDataType ct, aclComputeType type, OpCall* call) {
  for (const Fail& f : {CheckTrans("transA", ta), CheckTrans("transB", tb), CheckTrans("transC", tc),
                        CheckCompute(type), CheckPositive("m", m), CheckPositive("n", n), CheckPositive("k", k),
                        CheckTypes("dataTypeA", at, "dataTypeB", bt, "dataTypeC", ct)}) {
    if (!f.ok()) return f;
  }
  if (tc != ACL_TRANS_N) return Invalid("transC ACL_TRANS_T: a transposed C is not supported; pass ACL_TRANS_N");
  const bool trans_a = ta == ACL_TRANS_T, trans_b = tb == ACL_TRANS_T;
  if (lda != nullptr) {
    // CANN documents lda / ldb / ldc as reserved, "-1 only" (its sample passes -1): -1 is the
    // dense layout; a larger leading dimension is taken as BLAS reads it.
    if (*lda == -1) *lda = trans_a ? m : k;
    if (*ldb == -1) *ldb = trans_b ? k : n;
    if (*ldc == -1) *ldc = n;
    Fail f = CheckLd("lda", *lda, trans_a ? m : k, trans_a ? "A is stored k x m" : "A is stored m x k");
    if (!f.ok()) return f;
    f = CheckLd("ldb", *ldb, trans_b ? k : n, trans_b ? "B is stored n x k" : "B is stored k x n");
    if (!f.ok()) return f;
    f = CheckLd("ldc", *ldc, n, "C is m x n");
    if (!f.ok()) return f;
  }
  call->op = "GEMM";
  call->in_dims = {trans_a ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k},
                   trans_b ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n},
                   {m, n},
                   {},
                   {}};
  call->in_types = {at, bt, ct, ct, ct};
  call->out_dims = {m, n};
  call->out_type = ct;
  call->attrs = {{"transpose_a", trans_a}, {"transpose_b", trans_b}};
  if (lda != nullptr) {
    call->stored[0] = {trans_a ? k : m, trans_a ? m : k, *lda};
    call->stored[1] = {trans_b ? n : k, trans_b ? k : n, *ldb};
    call->stored[2] = {m, n, *ldc};
  }
  return {};
}

// GEMV: validates and describes y = alpha * op(A) * x + beta * y, A m x n.
Fail DescribeGemv(aclTransType ta, int m, int n, int* lda, int* incx, int* incy, aclDataType at, aclDataType xt,
                  aclDataType yt, aclComputeType type, OpCall* call) {
  for (const Fail& f : {CheckTrans("transA", ta), CheckCompute(type), CheckPositive("m", m), CheckPositive("n", n),
                        CheckTypes("dataTypeA", at, "dataTypeX", xt, "dataTypeY", yt)}) {
    if (!f.ok()) return f;
  }
  const bool trans = ta == ACL_TRANS_T;
  if (lda != nullptr) {
    // Reserved in CANN's documentation, "-1 only": the dense layout and unit increments.
    if (*lda == -1) *lda = n;
    if (*incx == -1) *incx = 1;
    if (*incy == -1) *incy = 1;
    for (const Fail& f :
         {CheckLd("lda", *lda, n, "A is stored m x n"), CheckInc("incx", *incx), CheckInc("incy", *incy)}) {
      if (!f.ok()) return f;
    }
  }
  const int64_t rows = trans ? n : m, cols = trans ? m : n;
  call->op = "GEMV";
  call->in_dims = {{m, n}, {cols}, {rows}, {}, {}};
  call->in_types = {at, xt, yt, yt, yt};
  call->out_dims = {rows};
  call->out_type = yt;
  call->attrs = {{"transpose", trans}};
  if (lda != nullptr) {
    call->stored[0] = {m, n, *lda};
    call->stored[1] = {cols, 1, *incx};  // a vector with increment inc: rows of one element
    call->stored[2] = {rows, 1, *incy};
  }
  return {};
}

aclError Report(const char* func, const Fail& f) {
  if (!f.ok()) asim::api::SetRecentError(func, static_cast<int32_t>(f.code), std::string(func) + ": " + f.message);
  return f.code;
}

aclError RunGemm(const char* func, aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k,
                 const void* alpha, const void* a, int lda, aclDataType at, const void* b, int ldb, aclDataType bt,
                 const void* beta, void* c, int ldc, aclDataType ct, aclComputeType type, aclrtStream stream) {
  return asim::api::GuardedError(func, [&]() -> aclError {
    OpCall call;
    Fail f = DescribeGemm(ta, tb, tc, m, n, k, &lda, &ldb, &ldc, at, bt, ct, type, &call);
    for (const auto& [name, p] : std::initializer_list<std::pair<const char*, const void*>>{
             {"alpha", alpha}, {"matrixA", a}, {"matrixB", b}, {"beta", beta}, {"matrixC", c}}) {
      if (f.ok()) f = CheckPointer(name, p);
    }
    call.original_c = c;
    if (f.ok()) f = call.Execute({a, b, c, alpha, beta}, stream);
    return Report(func, f);
  });
}

aclError RunGemv(const char* func, aclTransType ta, int m, int n, const void* alpha, const void* a, int lda,
                 aclDataType at, const void* x, int incx, aclDataType xt, const void* beta, void* y, int incy,
                 aclDataType yt, aclComputeType type, aclrtStream stream) {
  return asim::api::GuardedError(func, [&]() -> aclError {
    OpCall call;
    Fail f = DescribeGemv(ta, m, n, &lda, &incx, &incy, at, xt, yt, type, &call);
    for (const auto& [name, p] : std::initializer_list<std::pair<const char*, const void*>>{
             {"alpha", alpha}, {"a", a}, {"x", x}, {"beta", beta}, {"y", y}}) {
      if (f.ok()) f = CheckPointer(name, p);
    }
    call.original_c = y;
    if (f.ok()) f = call.Execute({a, x, y, alpha, beta}, stream);
    return Report(func, f);
  });
}

aclError GemmHandle(const char* func, aclTransType ta, aclTransType tb, aclTransType tc, int m, int n, int k,
                    aclDataType at, aclDataType bt, aclDataType ct, aclComputeType type, aclopHandle** handle) {
  return asim::api::GuardedError(func, [&]() -> aclError {
    OpCall call;
    Fail f = CheckPointer("handle", handle);
    if (f.ok()) f = DescribeGemm(ta, tb, tc, m, n, k, nullptr, nullptr, nullptr, at, bt, ct, type, &call);
    if (f.ok()) f = call.MakeHandle(handle);
    return Report(func, f);
  });
}

aclError GemvHandle(const char* func, aclTransType ta, int m, int n, aclDataType at, aclDataType xt, aclDataType yt,
                    aclComputeType type, aclopHandle** handle) {
  return asim::api::GuardedError(func, [&]() -> aclError {
    OpCall call;
    Fail f = CheckPointer("handle", handle);
    if (f.ok()) f = DescribeGemv(ta, m, n, nullptr, nullptr, nullptr, at, xt, yt, type, &call);
    if (f.ok()) f = call.MakeHandle(handle);
    return Report(func, f);
  });
}

}  // namespace

extern "C" {

aclError aclblasGemvEx(aclTransType transA, int m, int n, const void* alpha, const void* a, int lda,
                       aclDataType dataTypeA, const void* x, int incx, aclDataType dataTypeX, const void* beta, void* y,
                       int incy, aclDataType dataTypeY, aclComputeType type, aclrtStream stream) {
  return RunGemv("aclblasGemvEx", transA, m, n, alpha, a, lda, dataTypeA, x, incx, dataTypeX, beta, y, incy, dataTypeY,
                 type, stream);
}

aclError aclblasCreateHandleForGemvEx(aclTransType transA, int m, int n, aclDataType dataTypeA, aclDataType dataTypeX,
                                      aclDataType dataTypeY, aclComputeType type, aclopHandle** handle) {
  return GemvHandle("aclblasCreateHandleForGemvEx", transA, m, n, dataTypeA, dataTypeX, dataTypeY, type, handle);
}

aclError aclblasHgemv(aclTransType transA, int m, int n, const aclFloat16* alpha, const aclFloat16* a, int lda,
                      const aclFloat16* x, int incx, const aclFloat16* beta, aclFloat16* y, int incy,
                      aclComputeType type, aclrtStream stream) {
  return RunGemv("aclblasHgemv", transA, m, n, alpha, a, lda, ACL_FLOAT16, x, incx, ACL_FLOAT16, beta, y, incy,
                 ACL_FLOAT16, type, stream);
}

aclError aclblasCreateHandleForHgemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle** handle) {
  return GemvHandle("aclblasCreateHandleForHgemv", transA, m, n, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16, type, handle);
}

aclError aclblasS8gemv(aclTransType transA, int m, int n, const int32_t* alpha, const int8_t* a, int lda,
                       const int8_t* x, int incx, const int32_t* beta, int32_t* y, int incy, aclComputeType type,
                       aclrtStream stream) {
  return RunGemv("aclblasS8gemv", transA, m, n, alpha, a, lda, ACL_INT8, x, incx, ACL_INT8, beta, y, incy, ACL_INT32,
                 type, stream);
}

aclError aclblasCreateHandleForS8gemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle** handle) {
  return GemvHandle("aclblasCreateHandleForS8gemv", transA, m, n, ACL_INT8, ACL_INT8, ACL_INT32, type, handle);
}

aclError aclblasGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const void* alpha, const void* matrixA, int lda, aclDataType dataTypeA, const void* matrixB,
                       int ldb, aclDataType dataTypeB, const void* beta, void* matrixC, int ldc, aclDataType dataTypeC,
                       aclComputeType type, aclrtStream stream) {
  return RunGemm("aclblasGemmEx", transA, transB, transC, m, n, k, alpha, matrixA, lda, dataTypeA, matrixB, ldb,
                 dataTypeB, beta, matrixC, ldc, dataTypeC, type, stream);
}

aclError aclblasCreateHandleForGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclDataType dataTypeA, aclDataType dataTypeB, aclDataType dataTypeC,
                                      aclComputeType type, aclopHandle** handle) {
  return GemmHandle("aclblasCreateHandleForGemmEx", transA, transB, transC, m, n, k, dataTypeA, dataTypeB, dataTypeC,
                    type, handle);
}

aclError aclblasHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                      const aclFloat16* alpha, const aclFloat16* matrixA, int lda, const aclFloat16* matrixB, int ldb,
                      const aclFloat16* beta, aclFloat16* matrixC, int ldc, aclComputeType type, aclrtStream stream) {
  return RunGemm("aclblasHgemm", transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_FLOAT16, matrixB, ldb,
                 ACL_FLOAT16, beta, matrixC, ldc, ACL_FLOAT16, type, stream);
}

aclError aclblasCreateHandleForHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                                     aclComputeType type, aclopHandle** handle) {
  return GemmHandle("aclblasCreateHandleForHgemm", transA, transB, transC, m, n, k, ACL_FLOAT16, ACL_FLOAT16,
                    ACL_FLOAT16, type, handle);
}

aclError aclblasS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const int32_t* alpha, const int8_t* matrixA, int lda, const int8_t* matrixB, int ldb,
                       const int32_t* beta, int32_t* matrixC, int ldc, aclComputeType type, aclrtStream stream) {
  return RunGemm("aclblasS8gemm", transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_INT8, matrixB, ldb,
                 ACL_INT8, beta, matrixC, ldc, ACL_INT32, type, stream);
}

aclError aclblasCreateHandleForS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclComputeType type, aclopHandle** handle) {
  return GemmHandle("aclblasCreateHandleForS8gemm", transA, transB, transC, m, n, k, ACL_INT8, ACL_INT8, ACL_INT32,
                    type, handle);
}

}  // extern "C"
