// MatMul, BatchMatMul and Gemm on the AI CPU: every shape (dynamic included) and the
// dtypes the cube lacks. fp16/fp32 run on the blocked GEMM (fp32 accumulation); double,
// int32 and int64 (MatMul and BatchMatMul; Gemm is floating point only) on a direct loop
// (double / int64 accumulation; int32 results wrap as ONNX's int32 MatMul does).
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with
// the reason; compute fails with kOpInputNotMatch when run-time shapes do not fit.
#include <type_traits>

#include "kernels/common/host/parallel.h"
#include "kernels/cube/matmul_decl.h"

namespace asim::kernels {
namespace {

DataType SameDtype(DataType t) {
  return t;
}

template <typename T, typename Acc>
void DirectMatMul(const MatMulPlan& plan, KernelContext& ctx) {
  const MatMulShape& s = plan.shape;
  const T* a = ctx.in(0).as<const T>();
  const T* b = ctx.in(1).as<const T>();
  const T* c = plan.has_c ? ctx.in(2).as<const T>() : nullptr;
  T* y = ctx.out(0).as<T>();
  const int64_t batches = s.BatchCount();
  ParallelFor(batches * s.m, 4, [&](int64_t begin, int64_t end) {
    for (int64_t row = begin; row < end; ++row) {
      const int64_t i = row % s.m, batch = row / s.m;
      int64_t ai, bi;
      s.Offsets(batch, &ai, &bi);
      const T* am = a + ai * s.m * s.k;
      const T* bm = b + bi * s.k * s.n;
      for (int64_t j = 0; j < s.n; ++j) {
        Acc acc = 0;
        for (int64_t kk = 0; kk < s.k; ++kk) {
          const T av = plan.trans_a ? am[kk * s.m + i] : am[i * s.k + kk];
          const T bv = plan.trans_b ? bm[j * s.k + kk] : bm[kk * s.n + j];
          acc += static_cast<Acc>(av) * static_cast<Acc>(bv);
        }
        if constexpr (std::is_floating_point_v<T>) {
          acc = static_cast<Acc>(plan.alpha) * acc;
          if (c != nullptr) {
            acc += static_cast<Acc>(plan.beta) *
                   static_cast<Acc>(c[(plan.c_rows == 1 ? 0 : i) * plan.c_cols + (plan.c_cols == 1 ? 0 : j)]);
          }
        } else if (c != nullptr) {
          acc += static_cast<Acc>(c[(plan.c_rows == 1 ? 0 : i) * plan.c_cols + (plan.c_cols == 1 ? 0 : j)]);
        }
        y[row * s.n + j] = static_cast<T>(acc);
      }
    }
  });
}

KernelDef Build(MatMulKind kind) {
  std::vector<DataType> types{DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  if (kind != MatMulKind::kGemm) {
    types.push_back(DataType::kInt32);
    types.push_back(DataType::kInt64);
  }
  KernelBuilder b(MatMulOpName(kind), Engine::kAiCpu);
  AddMatMulDecl(b, kind, types, {});
  return b.InferShape(MatMulInfer(kind, SameDtype))
      .Workspace(MatMulWorkspace(kind))
      .Compute([kind](KernelContext& ctx) {
        std::vector<TensorSpec> specs;
        for (const auto& v : ctx.inputs) specs.push_back(v.spec);
        MatMulPlan plan;
        ASIM_RETURN_IF_ERROR(MatMulPlanFromSpecs(kind, specs, *ctx.attrs, &plan));
        switch (specs[0].dtype) {
          case DataType::kDouble: DirectMatMul<double, double>(plan, ctx); return Status::Ok();
          case DataType::kInt32: DirectMatMul<int32_t, int64_t>(plan, ctx); return Status::Ok();
          case DataType::kInt64: DirectMatMul<int64_t, int64_t>(plan, ctx); return Status::Ok();
          default: return RunFloatMatMul(plan, ctx, /*allow_heap=*/true);
        }
      })
      .Cost(MatMulAiCpuCost(kind))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildMatMul_AiCpu() {
  return Build(MatMulKind::kMatMul);
}
KernelDef BuildBatchMatMul_AiCpu() {
  return Build(MatMulKind::kBatchMatMul);
}
KernelDef BuildGemm_AiCpu() {
  return Build(MatMulKind::kGemm);
}

}  // namespace asim::kernels
