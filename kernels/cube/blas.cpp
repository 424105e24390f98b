// GEMM and GEMV (CANN's BLAS single ops, what acl_cblas.h runs) on the AI Core cube: ND
// operands, fp16 (fp16 storage, fp32 accumulation, fp16 or fp32 result), int8 with int32
// results, fp32 where the chip's cube computes fp32 (blas_decl.h). The rest goes to the AI CPU.
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with the
// reason (a dtype the chip's cube lacks, shapes, dtype combinations).
#include "kernels/cube/blas_decl.h"

namespace asim::kernels {
namespace {

Status CubeSupports(const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits& chip) {
  if (inputs[0].dtype == DataType::kFloat && !chip.cube_fp32) {
    return Status(err::kUnsupportedDataType, "DT_FLOAT needs a cube that computes fp32; the " + chip.soc_version +
                                                 " cube computes fp16 and int8 only");
  }
  if (inputs[0].dtype == DataType::kInt8 && !chip.cube_int8) {
    return Status(err::kUnsupportedDataType, "DT_INT8: the " + chip.soc_version + " cube has no int8 mode");
  }
  return Status::Ok();
}

KernelDef Build(BlasKind kind) {
  KernelBuilder b(BlasOpName(kind), Engine::kAiCore);
  AddBlasDecl(b, kind);
  return b.StaticShapesOnly()
      .Constraint([kind](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
        BlasPlan p;
        return BlasPlanFromSpecs(kind, inputs, attrs, &p);
      })
      .Constraint(CubeSupports)
      .InferShape(BlasInfer(kind))
      .Workspace(BlasWorkspace(kind))
      .Compute(BlasCompute(kind, /*allow_heap=*/false))
      .Cost(BlasCubeCost(kind))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildGEMM_AiCore() {
  return Build(BlasKind::kGemm);
}
KernelDef BuildGEMV_AiCore() {
  return Build(BlasKind::kGemv);
}

}  // namespace asim::kernels
