// Declaration pieces shared by the matrix-multiplication kernels (see matmul_decl.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/matmul_decl.h"

#include <memory>
#include <new>
#include <string>

#include "kernels/common/cost/cube_work.h"

namespace asim::kernels {
namespace {

bool HasC(const std::vector<TensorSpec>& inputs) {
  return inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined;
}

bool Fits(int64_t have, int64_t full) {
  return have == 1 || have < 0 || full < 0 || have == full;
}

}  // namespace

const char* MatMulOpName(MatMulKind kind) {
  switch (kind) {
    case MatMulKind::kMatMul: return "MatMul";
    case MatMulKind::kBatchMatMul: return "BatchMatMul";
    default: return "Gemm";
  }
}

void AddMatMulDecl(KernelBuilder& b, MatMulKind kind, const std::vector<DataType>& types,
                   const std::vector<Format>& formats) {
  const bool gemm = kind == MatMulKind::kGemm;
  b.Input(gemm ? "A" : "x1", types, formats)
      .Input(gemm ? "B" : "x2", types, formats)
      .SameDtypeAs(0)
      .OptionalInput(gemm ? "C" : "bias", types)
      .SameDtypeAs(0)
      .Output(gemm ? "Y" : "y", {});
  if (kind == MatMulKind::kMatMul) {
    b.Attr("transpose_x1", false).Attr("transpose_x2", false);
  } else if (kind == MatMulKind::kBatchMatMul) {
    b.Attr("adj_x1", false).Attr("adj_x2", false);
  } else {
    b.Attr("alpha", 1.0f).Attr("beta", 1.0f).Attr("transA", int64_t{0}).Attr("transB", int64_t{0});
  }
}

Status MatMulPlanFromSpecs(MatMulKind kind, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                           MatMulPlan* plan) {
  MatMulPlan p;
  if (inputs.size() < 2) return Status(err::kOpInputNotMatch, "matmul needs two inputs");
  switch (kind) {
    case MatMulKind::kMatMul:
      p.trans_a = attrs.GetBool("transpose_x1", false);
      p.trans_b = attrs.GetBool("transpose_x2", false);
      break;
    case MatMulKind::kBatchMatMul:
      p.trans_a = attrs.GetBool("adj_x1", false);
      p.trans_b = attrs.GetBool("adj_x2", false);
      break;
    case MatMulKind::kGemm:
      p.trans_a = attrs.GetInt("transA", 0) != 0;
      p.trans_b = attrs.GetInt("transB", 0) != 0;
      p.alpha = attrs.GetFloat("alpha", 1.0f);
      p.beta = attrs.GetFloat("beta", 1.0f);
      if (inputs[0].dims.size() != 2 || inputs[1].dims.size() != 2) {
        return Status(err::kOpInputNotMatch, "Gemm needs 2-D A and B, got " + DimsToString(inputs[0].dims) + " and " +
                                                 DimsToString(inputs[1].dims));
      }
      break;
  }
  ASIM_RETURN_IF_ERROR(InferMatMulShape(inputs[0].dims, inputs[1].dims, p.trans_a, p.trans_b, &p.shape));
  if (HasC(inputs)) {
    const std::vector<int64_t>& c = inputs[2].dims;
    p.has_c = true;
    if (c.size() > 2 || (kind != MatMulKind::kGemm && c.size() != 1)) {
      return Status(err::kOpInputNotMatch, std::string(kind == MatMulKind::kGemm ? "C " : "bias ") + DimsToString(c) +
                                               (kind == MatMulKind::kGemm ? " must have rank <= 2" : " must be [N]"));
    }
    p.c_rows = c.size() == 2 ? c[0] : 1;
    p.c_cols = c.empty() ? 1 : c.back();
    if (!Fits(p.c_rows, p.shape.m) || !Fits(p.c_cols, p.shape.n)) {
      return Status(err::kOpInputNotMatch, DimsToString(c) + " does not broadcast to [" + std::to_string(p.shape.m) +
                                               "," + std::to_string(p.shape.n) + "]");
    }
  }
  *plan = std::move(p);
  return Status::Ok();
}

InferShapeFn MatMulInfer(MatMulKind kind, DataType (*out_dtype)(DataType)) {
  return
      [kind, out_dtype](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
        MatMulPlan p;
        ASIM_RETURN_IF_ERROR(MatMulPlanFromSpecs(kind, inputs, attrs, &p));
        TensorSpec y;
        y.dtype = out_dtype(inputs[0].dtype);
        y.format = inputs[0].format;
        y.dims = p.shape.out_dims;
        outputs->assign(1, std::move(y));
        return Status::Ok();
      };
}

WorkspaceFn MatMulWorkspace(MatMulKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs) {
    MatMulPlan p;
    const DataType t = inputs[0].dtype;
    if ((t != DataType::kFloat && t != DataType::kFloat16) || !MatMulPlanFromSpecs(kind, inputs, attrs, &p).ok() ||
        p.shape.m < 0 || p.shape.k < 0 || p.shape.n < 0) {
      return size_t{0};
    }
    return GemmWorkspaceBytes(p.shape.m, p.shape.k, p.shape.n, t, p.trans_b);
  };
}

CostFn MatMulCubeCost(MatMulKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs,
                const ChipTraits& chip) {
    MatMulPlan p;
    if (!MatMulPlanFromSpecs(kind, inputs, attrs, &p).ok()) return WorkDesc{};
    return CubeMatMulWork(p.shape.BatchCount(), p.shape.m, p.shape.k, p.shape.n, inputs[0].dtype, p.has_c, chip);
  };
}

CostFn MatMulAiCpuCost(MatMulKind kind) {
  return [kind](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    MatMulPlan p;
    if (MatMulPlanFromSpecs(kind, inputs, attrs, &p).ok() && p.shape.m >= 0 && p.shape.k >= 0 && p.shape.n >= 0) {
      w.aicpu_ops = static_cast<uint64_t>(2 * p.shape.BatchCount() * p.shape.m * p.shape.k * p.shape.n);
    }
    for (const auto& t : inputs) w.aicpu_bytes += t.Bytes();
    for (const auto& t : outputs) w.aicpu_bytes += t.Bytes();
    return w;
  };
}

Status RunFloatMatMul(const MatMulPlan& plan, KernelContext& ctx, bool allow_heap) {
  const MatMulShape& s = plan.shape;
  const int64_t batches = s.BatchCount();
  if (batches == 0 || s.m == 0 || s.n == 0) return Status::Ok();
  const size_t need = GemmWorkspaceBytes(s.m, s.k, s.n, ctx.in(0).dtype(), plan.trans_b);
  void* workspace = ctx.workspace;
  std::unique_ptr<char[]> heap;
  if (ctx.workspace_bytes < need) {
    if (!allow_heap) {
      return Status(err::kInvalidParam, "matmul workspace has " + std::to_string(ctx.workspace_bytes) +
                                            " bytes, needs " + std::to_string(need));
    }
    heap.reset(new (std::nothrow) char[need]);
    if (!heap) return Status(err::kBadAlloc, "matmul workspace of " + std::to_string(need) + " bytes");
    workspace = heap.get();
  }
  const DataType t = ctx.in(0).dtype();
  const size_t in_bytes = DataTypeSize(t), out_bytes = DataTypeSize(ctx.out(0).dtype());
  const auto* a = static_cast<const char*>(ctx.in(0).data);
  const auto* b = static_cast<const char*>(ctx.in(1).data);
  auto* y = static_cast<char*>(ctx.out(0).data);
  int64_t previous_b = -1;
  for (int64_t i = 0; i < batches; ++i) {
    int64_t ai, bi;
    s.Offsets(i, &ai, &bi);
    GemmArgs g;
    g.a = a + static_cast<size_t>(ai * s.m * s.k) * in_bytes;
    g.b = b + static_cast<size_t>(bi * s.k * s.n) * in_bytes;
    g.ab_dtype = t;
    g.m = s.m, g.k = s.k, g.n = s.n;
    g.trans_a = plan.trans_a;
    g.trans_b = plan.trans_b;
    g.alpha = plan.alpha;
    g.beta = plan.beta;
    if (plan.has_c) {
      g.c = ctx.in(2).data;
      g.c_dtype = ctx.in(2).dtype();
      g.c_rows = plan.c_rows;
      g.c_cols = plan.c_cols;
    }
    g.y = y + static_cast<size_t>(i * s.m * s.n) * out_bytes;
    g.y_dtype = ctx.out(0).dtype();
    RunGemm(g, workspace, bi == previous_b);
    previous_b = bi;
  }
  return Status::Ok();
}

}  // namespace asim::kernels
