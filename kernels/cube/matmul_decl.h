// Declaration pieces shared by the matrix-multiplication kernels of both engines:
//   MatMul       x1, x2, optional bias [N]; transpose_x1, transpose_x2 (CANN names; ONNX
//                MatMul is the default of both); numpy batching and broadcasting.
//   BatchMatMul  the same with CANN's adj_x1, adj_x2.
//   Gemm         A, B (2-D), optional C broadcast to [M, N]; alpha, beta, transA, transB.
// Both engines run fp16/fp32 on the blocked GEMM (gemm.h), once per output batch.
//
// Owner: the cube kernels. Thread safety: pure functions. Failure: kOpInputNotMatch for
// shapes that do not fit (message names them).
#pragma once

#include <vector>

#include "kernels/cube/gemm.h"
#include "kernels/cube/matmul_shape.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

enum class MatMulKind { kMatMul, kBatchMatMul, kGemm };

struct MatMulPlan {
  MatMulShape shape;
  bool trans_a = false, trans_b = false;
  float alpha = 1.0f, beta = 1.0f;
  bool has_c = false;              // bias (MatMul) or C (Gemm)
  int64_t c_rows = 1, c_cols = 1;  // C as [c_rows, c_cols], broadcast to [M, N]
};

const char* MatMulOpName(MatMulKind kind);
// Input names and attributes of the kind, on `b` (dtypes/formats per input).
void AddMatMulDecl(KernelBuilder& b, MatMulKind kind, const std::vector<DataType>& types,
                   const std::vector<Format>& formats);
Status MatMulPlanFromSpecs(MatMulKind kind, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                           MatMulPlan* plan);
// One output, `out_dtype(x1 dtype)`, format of x1.
InferShapeFn MatMulInfer(MatMulKind kind, DataType (*out_dtype)(DataType));
WorkspaceFn MatMulWorkspace(MatMulKind kind);
CostFn MatMulCubeCost(MatMulKind kind);
CostFn MatMulAiCpuCost(MatMulKind kind);

// Runs an fp16/fp32 plan on the blocked GEMM: inputs x1, x2[, c] and output y of `ctx`.
// `allow_heap`: allocate when the workspace is short (AI CPU with shapes unknown at selection).
Status RunFloatMatMul(const MatMulPlan& plan, KernelContext& ctx, bool allow_heap);

}  // namespace asim::kernels
