// Declaration pieces shared by the GEMM / GEMV kernels (see blas_decl.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/blas_decl.h"

#include <memory>
#include <new>
#include <string>

#include "base/fp16.h"
#include "kernels/common/cost/cube_work.h"
#include "kernels/common/host/parallel.h"
#include "kernels/cube/gemm.h"

namespace asim::kernels {
namespace {

bool IsFloat(DataType t) {
  return t == DataType::kFloat16 || t == DataType::kFloat;
}

std::string Name(DataType t) {
  return DataTypeName(t);
}

bool IsScalar(const TensorSpec& s) {
  return s.ElementCount() == 1 && s.IsStatic();
}

Status CheckDtypes(BlasKind kind, const std::vector<TensorSpec>& in, BlasPlan* p) {
  const char* op = BlasOpName(kind);
  const char* c_name = kind == BlasKind::kGemm ? "c" : "y";
  p->ab = in[0].dtype;
  p->c = in[2].dtype;
  p->scalar = in[3].dtype;
  if (in[4].dtype != p->scalar) {
    return Status(err::kUnsupportedDataType, std::string(op) + ": alpha " + Name(p->scalar) + " and beta " +
                                                 Name(in[4].dtype) + " must have one dtype");
  }
  if (p->ab == DataType::kInt8) {
    // CANN's two int8 combinations: int32 or fp32 results, alpha and beta of the result's type.
    const bool to_int32 = p->c == DataType::kInt32 && p->scalar == DataType::kInt32;
    const bool to_float = p->c == DataType::kFloat && p->scalar == DataType::kFloat;
    if (!to_int32 && !to_float) {
      return Status(err::kUnsupportedDataType, std::string(op) + ": int8 operands need a DT_INT32 or DT_FLOAT " +
                                                   c_name + " with alpha and beta of its dtype, got " + c_name + " " +
                                                   Name(p->c) + ", alpha " + Name(p->scalar));
    }
    return Status::Ok();
  }
  if (!IsFloat(p->ab)) {
    return Status(err::kUnsupportedDataType,
                  std::string(op) + ": operands " + Name(p->ab) + " (DT_FLOAT16, DT_FLOAT or DT_INT8)");
  }
  if (!IsFloat(p->c) || (p->ab == DataType::kFloat && p->c != DataType::kFloat)) {
    return Status(err::kUnsupportedDataType, std::string(op) + ": " + Name(p->ab) + " operands with " + c_name + " " +
                                                 Name(p->c) + " (DT_FLOAT16 operands take a DT_FLOAT16 or DT_FLOAT " +
                                                 c_name + ", DT_FLOAT operands a DT_FLOAT " + c_name + ")");
  }
  if (!IsFloat(p->scalar)) {
    return Status(err::kUnsupportedDataType,
                  std::string(op) + ": alpha and beta " + Name(p->scalar) + " with floating-point operands");
  }
  return Status::Ok();
}

float ReadScalar(const TensorView& v) {
  switch (v.dtype()) {
    case DataType::kFloat16: return HalfToFloat(*v.as<const uint16_t>());
    case DataType::kInt32: return static_cast<float>(*v.as<const int32_t>());
    default: return *v.as<const float>();
  }
}

// int8 x int8, accumulated exactly (the cube's int32 accumulator), then scaled into an int32
// result (wrapping modulo 2^32 as the cube's int32 does) or an fp32 one.
void Int8Gemm(const BlasPlan& p, KernelContext& ctx) {
  const auto* a = ctx.in(0).as<const int8_t>();
  const auto* b = ctx.in(1).as<const int8_t>();
  const bool to_float = p.c == DataType::kFloat;
  ParallelFor(p.m, 4, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      for (int64_t j = 0; j < p.n; ++j) {
        int64_t acc = 0;
        for (int64_t kk = 0; kk < p.k; ++kk) {
          const int64_t av = p.trans_a ? a[kk * p.m + i] : a[i * p.k + kk];
          const int64_t bv = p.trans_b ? b[j * p.k + kk] : b[kk * p.n + j];
          acc += av * bv;
        }
        const int64_t at = i * p.n + j;
        if (to_float) {
          const float alpha = *ctx.in(3).as<const float>(), beta = *ctx.in(4).as<const float>();
          float v = alpha * static_cast<float>(static_cast<int32_t>(acc));
          if (beta != 0) v += beta * ctx.in(2).as<const float>()[at];  // BLAS: beta 0 does not read c
          ctx.out(0).as<float>()[at] = v;
          continue;
        }
        const int64_t alpha = *ctx.in(3).as<const int32_t>(), beta = *ctx.in(4).as<const int32_t>();
        int64_t v = alpha * acc;
        if (beta != 0) v += beta * static_cast<int64_t>(ctx.in(2).as<const int32_t>()[at]);
        ctx.out(0).as<int32_t>()[at] = static_cast<int32_t>(v);
      }
    }
  });
}

void StoreFloat(void* y, DataType t, int64_t i, float v) {
  if (t == DataType::kFloat16) {
    static_cast<uint16_t*>(y)[i] = FloatToHalf(v);
  } else {
    static_cast<float*>(y)[i] = v;
  }
}

float LoadFloat(const void* p, DataType t, int64_t i) {
  return t == DataType::kFloat16 ? HalfToFloat(static_cast<const uint16_t*>(p)[i]) : static_cast<const float*>(p)[i];
}

}  // namespace

const char* BlasOpName(BlasKind kind) {
  return kind == BlasKind::kGemm ? "GEMM" : "GEMV";
}

void AddBlasDecl(KernelBuilder& b, BlasKind kind) {
  const std::vector<DataType> operands{DataType::kFloat16, DataType::kFloat, DataType::kInt8};
  const std::vector<DataType> results{DataType::kFloat16, DataType::kFloat, DataType::kInt32};
  const std::vector<Format> nd{Format::kNd};
  if (kind == BlasKind::kGemm) {
    b.Input("a", operands, nd).Input("b", operands, nd).SameDtypeAs(0).Input("c", results, nd);
  } else {
    b.Input("a", operands, nd).Input("x", operands, nd).SameDtypeAs(0).Input("y", results, nd);
  }
  b.Input("alpha", results, nd).Input("beta", results, nd).Output("y", results, nd);
  if (kind == BlasKind::kGemm) {
    b.Attr("transpose_a", false).Attr("transpose_b", false);
  } else {
    b.Attr("transpose", false);
  }
}

Status BlasPlanFromSpecs(BlasKind kind, const std::vector<TensorSpec>& in, const AttrMap& attrs, BlasPlan* plan) {
  const std::string op = BlasOpName(kind);
  if (in.size() != 5) return Status(err::kOpInputNotMatch, op + " takes 5 inputs, got " + std::to_string(in.size()));
  BlasPlan p;
  p.kind = kind;
  ASIM_RETURN_IF_ERROR(CheckDtypes(kind, in, &p));
  const std::vector<int64_t>& a = in[0].dims;
  if (a.size() != 2) return Status(err::kOpInputNotMatch, op + ": a must be 2-D, got " + DimsToString(a));
  if (!IsScalar(in[3]) || !IsScalar(in[4])) {
    return Status(err::kOpInputNotMatch, op + ": alpha " + DimsToString(in[3].dims) + " and beta " +
                                             DimsToString(in[4].dims) + " must hold one element each");
  }
  if (kind == BlasKind::kGemm) {
    const std::vector<int64_t>& b = in[1].dims;
    if (b.size() != 2) return Status(err::kOpInputNotMatch, op + ": b must be 2-D, got " + DimsToString(b));
    p.trans_a = attrs.GetBool("transpose_a", false);
    p.trans_b = attrs.GetBool("transpose_b", false);
    p.m = p.trans_a ? a[1] : a[0];
    p.k = p.trans_a ? a[0] : a[1];
    const int64_t kb = p.trans_b ? b[1] : b[0];
    p.n = p.trans_b ? b[0] : b[1];
    if (kb != p.k) {
      return Status(err::kOpInputNotMatch, op + ": op(a) " + DimsToString(a) + " and op(b) " + DimsToString(b) +
                                               " (transpose_a " + (p.trans_a ? "true" : "false") + ", transpose_b " +
                                               (p.trans_b ? "true" : "false") + ") disagree on K");
    }
    p.out_dims = {p.m, p.n};
    if (in[2].dims != p.out_dims) {
      return Status(err::kOpInputNotMatch,
                    op + ": c " + DimsToString(in[2].dims) + " must be [M, N] = " + DimsToString(p.out_dims));
    }
  } else {
    p.trans_a = attrs.GetBool("transpose", false);
    p.m = p.trans_a ? a[1] : a[0];
    p.k = p.trans_a ? a[0] : a[1];
    p.n = 1;
    if (in[1].dims != std::vector<int64_t>{p.k}) {
      return Status(err::kOpInputNotMatch, op + ": x " + DimsToString(in[1].dims) + " must be [" + std::to_string(p.k) +
                                               "] for a " + DimsToString(a) + (p.trans_a ? " (transposed)" : ""));
    }
    p.out_dims = {p.m};
    if (in[2].dims != p.out_dims) {
      return Status(err::kOpInputNotMatch, op + ": y " + DimsToString(in[2].dims) + " must be [" + std::to_string(p.m) +
                                               "] for a " + DimsToString(a) + (p.trans_a ? " (transposed)" : ""));
    }
  }
  *plan = std::move(p);
  return Status::Ok();
}

InferShapeFn BlasInfer(BlasKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    BlasPlan p;
    ASIM_RETURN_IF_ERROR(BlasPlanFromSpecs(kind, inputs, attrs, &p));
    TensorSpec y;
    y.dtype = p.c;
    y.format = Format::kNd;
    y.dims = p.out_dims;
    outputs->assign(1, std::move(y));
    return Status::Ok();
  };
}

WorkspaceFn BlasWorkspace(BlasKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs) {
    BlasPlan p;
    if (!BlasPlanFromSpecs(kind, inputs, attrs, &p).ok() || !IsFloat(p.ab) || p.k == 0) return size_t{0};
    return GemmWorkspaceBytes(p.m, p.k, p.n, p.ab, p.trans_b);
  };
}

CostFn BlasCubeCost(BlasKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs,
                const ChipTraits& chip) {
    BlasPlan p;
    if (!BlasPlanFromSpecs(kind, inputs, attrs, &p).ok()) return WorkDesc{};
    return CubeMatMulWork(1, p.m, p.k, p.n, p.ab, /*bias=*/true, chip);
  };
}

CostFn BlasAiCpuCost(BlasKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    BlasPlan p;
    if (BlasPlanFromSpecs(kind, inputs, attrs, &p).ok()) w.aicpu_ops = static_cast<uint64_t>(2 * p.m * p.k * p.n);
    for (const auto& t : inputs) w.aicpu_bytes += t.Bytes();
    for (const auto& t : outputs) w.aicpu_bytes += t.Bytes();
    return w;
  };
}

Status RunBlas(const BlasPlan& p, KernelContext& ctx, bool allow_heap) {
  if (p.m == 0 || p.n == 0) return Status::Ok();
  if (p.ab == DataType::kInt8) {
    Int8Gemm(p, ctx);
    return Status::Ok();
  }
  const float alpha = ReadScalar(ctx.in(3)), beta = ReadScalar(ctx.in(4));
  const void* c = ctx.in(2).data;
  void* y = ctx.out(0).data;
  const DataType y_dtype = ctx.out(0).dtype();
  if (p.k == 0) {  // an empty product: y = beta * c
    for (int64_t i = 0; i < p.m * p.n; ++i) StoreFloat(y, y_dtype, i, beta == 0 ? 0.0f : beta * LoadFloat(c, p.c, i));
    return Status::Ok();
  }
  const size_t need = GemmWorkspaceBytes(p.m, p.k, p.n, p.ab, p.trans_b);
  void* workspace = ctx.workspace;
  std::unique_ptr<char[]> heap;
  if (ctx.workspace_bytes < need) {
    if (!allow_heap) {
      return Status(err::kInvalidParam, std::string(BlasOpName(p.kind)) + " workspace has " +
                                            std::to_string(ctx.workspace_bytes) + " bytes, needs " +
                                            std::to_string(need));
    }
    heap.reset(new (std::nothrow) char[need]);
    if (!heap) return Status(err::kBadAlloc, "GEMM workspace of " + std::to_string(need) + " bytes");
    workspace = heap.get();
  }
  GemmArgs g;
  g.a = ctx.in(0).data;
  g.b = ctx.in(1).data;
  g.ab_dtype = p.ab;
  g.m = p.m, g.k = p.k, g.n = p.n;
  g.trans_a = p.trans_a;
  g.trans_b = p.trans_b;
  g.alpha = alpha;
  g.beta = beta;
  // BLAS: with beta 0, c is not read (it may hold anything, NaN included).
  g.c = beta == 0 ? nullptr : c;
  g.c_dtype = p.c;
  g.c_rows = p.m;
  g.c_cols = p.n;
  g.y = y;
  g.y_dtype = y_dtype;
  RunGemm(g, workspace, /*reuse_b=*/false);
  return Status::Ok();
}

ComputeFn BlasCompute(BlasKind kind, bool allow_heap) {
  return [kind, allow_heap](KernelContext& ctx) {
    std::vector<TensorSpec> specs;
    for (const auto& v : ctx.inputs) specs.push_back(v.spec);
    BlasPlan plan;
    ASIM_RETURN_IF_ERROR(BlasPlanFromSpecs(kind, specs, *ctx.attrs, &plan));
    return RunBlas(plan, ctx, allow_heap);
  };
}

}  // namespace asim::kernels
