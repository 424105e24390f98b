// Expand (ONNX opset 8-13): broadcasts the input against `shape` (numpy rules in both
// directions, so a 1 in `shape` keeps the input's dim). Owner: the movement / shape kernel
// family. AI Core: static shapes, constant `shape`. AI CPU: any; an unknown `shape` value
// gives unknown dims.
// Thread safety: re-entrant. Failure: kOpInputNotMatch when the shapes do not broadcast.
#include <algorithm>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

Status ExpandInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  std::vector<int64_t> shape;
  Status st;
  if (KnownInts(inputs, 1, "Expand input 'shape'", &shape, &st)) {
    ASIM_RETURN_IF_ERROR(st);
    ASIM_RETURN_IF_ERROR(BroadcastShapes(inputs[0].dims, shape, &o.dims));
  } else {
    o.dims = UnknownDims(
        std::max<size_t>(inputs[0].dims.size(), static_cast<size_t>(std::max<int64_t>(0, inputs[1].ElementCount()))));
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status ExpandCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Expand"));
  const TensorView& x = ctx.in(0);
  const auto& out = ctx.out(0).dims();
  const auto& in = x.dims();
  if (in.size() > out.size()) return Status(err::kOpOutputNotMatch, "Expand: output rank below input rank");
  const std::vector<int64_t> in_strides = ContiguousStrides(in);
  const size_t lead = out.size() - in.size();
  std::vector<int64_t> strides(out.size(), 0);
  for (size_t k = 0; k < in.size(); ++k) {
    if (in[k] != out[lead + k] && in[k] != 1) {
      return Status(err::kOpOutputNotMatch,
                    "Expand: input " + DimsToString(in) + " does not broadcast to " + DimsToString(out));
    }
    strides[lead + k] = in[k] == 1 ? 0 : in_strides[k];
  }
  StridedCopy(x.data, ctx.out(0).data, DataTypeSize(x.dtype()), out, strides, 0);
  return Status::Ok();
}

}  // namespace

KernelDef BuildExpand_AiCore() {
  return KernelBuilder("Expand", Engine::kAiCore)
      .Input("input", AiCoreMoveTypes(), MovementFormats())
      .HostInput("shape", {DataType::kInt64})
      .Output("output", {})
      .StaticShapesOnly()
      .InferShape(ExpandInfer)
      .Compute(ExpandCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildExpand_AiCpu() {
  return KernelBuilder("Expand", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Input("shape", {DataType::kInt64})
      .Output("output", {})
      .InferShape(ExpandInfer)
      .Compute(ExpandCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
