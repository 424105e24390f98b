// GEMM and GEMV (CANN's BLAS single ops) on the AI CPU: what the cube refuses (fp32 on chips
// whose cube lacks it, dynamic shapes). Same declaration and host code as the AI Core kernel
// (blas_decl.h).
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with the
// reason; compute fails with kOpInputNotMatch when run-time shapes do not fit.
#include "kernels/cube/blas_decl.h"

namespace asim::kernels {
namespace {

KernelDef Build(BlasKind kind) {
  KernelBuilder b(BlasOpName(kind), Engine::kAiCpu);
  AddBlasDecl(b, kind);
  return b.InferShape(BlasInfer(kind))
      .Workspace(BlasWorkspace(kind))
      .Compute(BlasCompute(kind, /*allow_heap=*/true))
      .Cost(BlasAiCpuCost(kind))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildGEMM_AiCpu() {
  return Build(BlasKind::kGemm);
}
KernelDef BuildGEMV_AiCpu() {
  return Build(BlasKind::kGemv);
}

}  // namespace asim::kernels
