// CANN op types that name an op the kernels implement under another type, so that single
// ops written against CANN's operator prototypes (aclopExecuteV2, atc --singleop) find them:
//   TransposeD, ReduceSumD / ReduceMeanD / ReduceMaxD / ReduceMinD / ReduceProdD: the "D"
//     forms take as attributes (perm, axes) what the base forms may take as constant inputs;
//     the base kernels read both, so the D forms are the same kernels under CANN's names
//     (keep_dims as for the base reductions: compiler/single_op.cpp).
//   MatMulV2, BatchMatMulV2: MatMul / BatchMatMul plus int8 quantization offsets (optional
//     input 3 `offset_w`, attribute `offset_x`). Without them (offset_x 0, no offset_w) they
//     are the plain products; a quantized call is refused with the reason, not computed
//     without its offsets.
// Owner: the kernel registry's lists (kernels/lists/*.inc). Thread safety: pure builders.
// Failure: the quantized MatMulV2 refusal above, at selection.
#include <string>
#include <utility>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

KernelDef BuildTranspose_AiCore();
KernelDef BuildTranspose_AiCpu();
KernelDef BuildReduceSum_AiCore();
KernelDef BuildReduceSum_AiCpu();
KernelDef BuildReduceMean_AiCore();
KernelDef BuildReduceMean_AiCpu();
KernelDef BuildReduceMax_AiCore();
KernelDef BuildReduceMax_AiCpu();
KernelDef BuildReduceMin_AiCore();
KernelDef BuildReduceMin_AiCpu();
KernelDef BuildReduceProd_AiCore();
KernelDef BuildReduceProd_AiCpu();
KernelDef BuildMatMul_AiCore();
KernelDef BuildMatMul_AiCpu();
KernelDef BuildBatchMatMul_AiCore();
KernelDef BuildBatchMatMul_AiCpu();

namespace {

KernelDef Renamed(KernelDef def, std::string op_type) {
  def.op_type = std::move(op_type);
  return def;
}

Status NoQuantOffsets(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  if (inputs.size() > 3 && inputs[3].dtype != DataType::kUndefined) {
    return Status(err::kOpInputNotMatch,
                  "input 3 'offset_w' (an int8 quantization offset) is given: quantized products are not supported");
  }
  const int64_t offset_x = attrs.GetInt("offset_x", 0);
  if (offset_x != 0) {
    return Status(err::kOpAttrNotMatch, "offset_x " + std::to_string(offset_x) +
                                            " (an int8 quantization offset) is not 0: quantized products are not "
                                            "supported");
  }
  return Status::Ok();
}

KernelDef WithQuantOffsets(KernelDef def, std::string op_type) {
  def.op_type = std::move(op_type);
  IoSpec offset_w;
  offset_w.name = "offset_w";
  offset_w.dtypes = {DataType::kInt8, DataType::kInt4};
  offset_w.optional = true;
  def.inputs.push_back(std::move(offset_w));
  AttrSpec offset_x;
  offset_x.name = "offset_x";
  offset_x.type = AttrType::kInt;
  offset_x.has_default = true;
  offset_x.default_value = int64_t{0};
  def.attrs.push_back(std::move(offset_x));
  def.constraints.push_back(NoQuantOffsets);
  return def;
}

}  // namespace

KernelDef BuildTransposeD_AiCore() {
  return Renamed(BuildTranspose_AiCore(), "TransposeD");
}
KernelDef BuildTransposeD_AiCpu() {
  return Renamed(BuildTranspose_AiCpu(), "TransposeD");
}
KernelDef BuildReduceSumD_AiCore() {
  return Renamed(BuildReduceSum_AiCore(), "ReduceSumD");
}
KernelDef BuildReduceSumD_AiCpu() {
  return Renamed(BuildReduceSum_AiCpu(), "ReduceSumD");
}
KernelDef BuildReduceMeanD_AiCore() {
  return Renamed(BuildReduceMean_AiCore(), "ReduceMeanD");
}
KernelDef BuildReduceMeanD_AiCpu() {
  return Renamed(BuildReduceMean_AiCpu(), "ReduceMeanD");
}
KernelDef BuildReduceMaxD_AiCore() {
  return Renamed(BuildReduceMax_AiCore(), "ReduceMaxD");
}
KernelDef BuildReduceMaxD_AiCpu() {
  return Renamed(BuildReduceMax_AiCpu(), "ReduceMaxD");
}
KernelDef BuildReduceMinD_AiCore() {
  return Renamed(BuildReduceMin_AiCore(), "ReduceMinD");
}
KernelDef BuildReduceMinD_AiCpu() {
  return Renamed(BuildReduceMin_AiCpu(), "ReduceMinD");
}
KernelDef BuildReduceProdD_AiCore() {
  return Renamed(BuildReduceProd_AiCore(), "ReduceProdD");
}
KernelDef BuildReduceProdD_AiCpu() {
  return Renamed(BuildReduceProd_AiCpu(), "ReduceProdD");
}
KernelDef BuildMatMulV2_AiCore() {
  return WithQuantOffsets(BuildMatMul_AiCore(), "MatMulV2");
}
KernelDef BuildMatMulV2_AiCpu() {
  return WithQuantOffsets(BuildMatMul_AiCpu(), "MatMulV2");
}
KernelDef BuildBatchMatMulV2_AiCore() {
  return WithQuantOffsets(BuildBatchMatMul_AiCore(), "BatchMatMulV2");
}
KernelDef BuildBatchMatMulV2_AiCpu() {
  return WithQuantOffsets(BuildBatchMatMul_AiCpu(), "BatchMatMulV2");
}

}  // namespace asim::kernels
