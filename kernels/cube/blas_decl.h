// Declaration pieces shared by CANN's BLAS single ops on both engines (what acl_cblas.h
// runs):
//   GEMM  inputs a, b, c, alpha, beta (alpha and beta 0-d, or [1]); attrs transpose_a,
//         transpose_b; y = alpha * op(a) * op(b) + beta * c, y in c's dtype and shape [M, N].
//   GEMV  inputs a, x, y, alpha, beta; attr transpose; out = alpha * op(a) * x + beta * y,
//         a [M, N], x [N] ([M] when transposed), out in y's dtype and shape.
// Dtypes: fp16 a/b (x) with fp16 or fp32 c (y) and fp16 or fp32 alpha/beta; fp32 a/b with
// fp32 c (cube fp32 only on the AI Core); int8 a/b with int32 c, alpha, beta (S8gemm, S8gemv).
// Floating point runs on the blocked GEMM (gemm.h, fp32 accumulation); int8 on a direct loop
// with exact int32 accumulation. y may share c's memory (cblas passes one buffer): every
// element of c is read before the same element of y is written.
//
// Owner: the cube kernels. Thread safety: pure functions. Failure: kOpInputNotMatch naming
// the shapes, kUnsupportedDataType naming the dtype combination.
#pragma once

#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

enum class BlasKind { kGemm, kGemv };

struct BlasPlan {
  BlasKind kind = BlasKind::kGemm;
  int64_t m = 0, k = 0, n = 0;  // the product as a GEMM: [M, K] x [K, N] (GEMV: N = 1)
  bool trans_a = false, trans_b = false;
  DataType ab = DataType::kFloat16;  // a and b (x)
  DataType c = DataType::kFloat16;   // c (y) and the output
  DataType scalar = DataType::kFloat16;
  std::vector<int64_t> out_dims;
};

const char* BlasOpName(BlasKind kind);  // "GEMM", "GEMV"
// Inputs, output and attributes of the op on `b`.
void AddBlasDecl(KernelBuilder& b, BlasKind kind);
// Shapes and dtypes of the inputs -> plan; kOpInputNotMatch / kUnsupportedDataType.
Status BlasPlanFromSpecs(BlasKind kind, const std::vector<TensorSpec>& inputs, const AttrMap& attrs, BlasPlan* plan);
InferShapeFn BlasInfer(BlasKind kind);
WorkspaceFn BlasWorkspace(BlasKind kind);
CostFn BlasCubeCost(BlasKind kind);
CostFn BlasAiCpuCost(BlasKind kind);
// Runs the plan on ctx's inputs and output 0. `allow_heap`: allocate when the workspace is
// short (AI CPU).
Status RunBlas(const BlasPlan& plan, KernelContext& ctx, bool allow_heap);
// The kernel's compute: plans from ctx's input specs, then RunBlas.
ComputeFn BlasCompute(BlasKind kind, bool allow_heap);

}  // namespace asim::kernels
