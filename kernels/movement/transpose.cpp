// Transpose (ONNX opset 1-21: the `perm` attribute, default reversed axes; CANN's prototype:
// `perm` as a second, constant input, which wins when given). Owner: the movement / shape
// kernel family. AI Core: static shapes, rank <= 8 (the TransposeD limit), the vector unit
// rearranges what MTE2 loads. AI CPU: every fixed-size type, any rank.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for a perm that is not a
// permutation of the input's axes.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

// Checks `perm` (empty: reversed axes) against the rank.
Status CheckPerm(size_t rank, std::vector<int64_t>* perm) {
  if (perm->empty()) {
    for (size_t i = rank; i-- > 0;) perm->push_back(static_cast<int64_t>(i));
  }
  std::vector<bool> seen(rank, false);
  bool ok = perm->size() == rank;
  for (int64_t p : *perm) {
    ok = ok && p >= 0 && p < static_cast<int64_t>(rank) && !seen[static_cast<size_t>(p)];
    if (ok) seen[static_cast<size_t>(p)] = true;
  }
  if (!ok) {
    return Status(err::kOpAttrNotMatch, "Transpose: perm " + DimsToString(*perm) + " is not a permutation of " +
                                            std::to_string(rank) + " axes");
  }
  return Status::Ok();
}

Status PermOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<int64_t>* perm) {
  if (InputPresent(inputs, 1)) {
    Status st;
    if (!KnownInts(inputs, 1, "perm", perm, &st)) {
      return st.ok() ? Status(err::kOpInputNotMatch, "Transpose: input 1 'perm' must be a constant") : st;
    }
  } else {
    *perm = attrs.GetInts("perm", {});
  }
  return CheckPerm(inputs[0].dims.size(), perm);
}

Status TransposeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  std::vector<int64_t> perm;
  ASIM_RETURN_IF_ERROR(PermOf(inputs, attrs, &perm));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  for (int64_t p : perm) o.dims.push_back(inputs[0].dims[static_cast<size_t>(p)]);
  outputs->assign(1, o);
  return Status::Ok();
}

Status TransposeCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Transpose"));
  const TensorView& x = ctx.in(0);
  std::vector<int64_t> perm;
  if (ctx.inputs.size() > 1 && ctx.in(1).dtype() != DataType::kUndefined) {
    ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(1), "perm", &perm));
  } else {
    perm = ctx.attrs->GetInts("perm", {});
  }
  ASIM_RETURN_IF_ERROR(CheckPerm(x.dims().size(), &perm));
  const std::vector<int64_t> in_strides = ContiguousStrides(x.dims());
  std::vector<int64_t> strides;
  for (int64_t p : perm) strides.push_back(in_strides[static_cast<size_t>(p)]);
  StridedCopy(x.data, ctx.out(0).data, DataTypeSize(x.dtype()), ctx.out(0).dims(), strides, 0);
  return Status::Ok();
}

Status RankAtMost8(const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits&) {
  if (inputs[0].dims.size() > 8) {
    return Status(err::kOpInputNotMatch,
                  "rank " + std::to_string(inputs[0].dims.size()) + " exceeds the AI Core transpose limit of 8");
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildTranspose_AiCore() {
  return KernelBuilder("Transpose", Engine::kAiCore)
      .Input("data", AiCoreMoveTypes(), MovementFormats())
      .OptionalInput("perm", {DataType::kInt32, DataType::kInt64})
      .Output("transposed", {})
      .Attr("perm", std::vector<int64_t>{})
      .StaticShapesOnly()
      .Constraint(RankAtMost8)
      .Constraint(ConstantWhenPresent({1}, {"perm"}))
      .InferShape(TransposeInfer)
      .Compute(TransposeCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildTranspose_AiCpu() {
  return KernelBuilder("Transpose", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .OptionalInput("perm", {DataType::kInt32, DataType::kInt64})
      .Output("transposed", {})
      .Attr("perm", std::vector<int64_t>{})
      .Constraint(ConstantWhenPresent({1}, {"perm"}))
      .InferShape(TransposeInfer)
      .Compute(TransposeCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
