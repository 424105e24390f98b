// MatMul, BatchMatMul and Gemm on the AI Core cube: ND operands, fp16 (fp16 storage, fp32
// accumulation) and fp32 where the chip's cube computes fp32; numpy batching and
// broadcasting, transposes, bias / C (matmul_decl.h). Static shapes only; the rest goes to
// the AI CPU.
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with
// the reason (dtype the chip's cube lacks, format, shape).
#include "kernels/cube/matmul_decl.h"

namespace asim::kernels {
namespace {

DataType SameDtype(DataType t) {
  return t;
}

Status ChipSupports(const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits& chip) {
  if (inputs[0].dtype == DataType::kFloat && !chip.cube_fp32) {
    return Status(err::kUnsupportedDataType, "DT_FLOAT needs a cube that computes fp32; the " + chip.soc_version +
                                                 " cube computes fp16 and int8 only");
  }
  return Status::Ok();
}

KernelDef Build(MatMulKind kind) {
  KernelBuilder b(MatMulOpName(kind), Engine::kAiCore);
  AddMatMulDecl(b, kind, {DataType::kFloat16, DataType::kFloat}, {Format::kNd});
  return b.StaticShapesOnly()
      .Constraint(ChipSupports)
      .InferShape(MatMulInfer(kind, SameDtype))
      .Workspace(MatMulWorkspace(kind))
      .Compute([kind](KernelContext& ctx) {
        std::vector<TensorSpec> specs;
        for (const auto& v : ctx.inputs) specs.push_back(v.spec);
        MatMulPlan plan;
        ASIM_RETURN_IF_ERROR(MatMulPlanFromSpecs(kind, specs, *ctx.attrs, &plan));
        return RunFloatMatMul(plan, ctx, /*allow_heap=*/false);
      })
      .Cost(MatMulCubeCost(kind))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildMatMul_AiCore() {
  return Build(MatMulKind::kMatMul);
}
KernelDef BuildBatchMatMul_AiCore() {
  return Build(MatMulKind::kBatchMatMul);
}
KernelDef BuildGemm_AiCore() {
  return Build(MatMulKind::kGemm);
}

}  // namespace asim::kernels
