// Tile (ONNX opset 6-13): repeats the input `repeats[i]` times along each axis. The copy
// views the output as [r0, d0, r1, d1, ...] with stride 0 on every repeat axis.
// Owner: the movement / shape kernel family. AI Core: static shapes, constant `repeats`.
// AI CPU: any; an unknown `repeats` value gives unknown dims.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for repeats of the wrong length or
// negative.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

Status CheckRepeats(const std::vector<int64_t>& in, const std::vector<int64_t>& repeats) {
  bool ok = repeats.size() == in.size();
  for (int64_t r : repeats) ok = ok && r >= 0;
  if (!ok) {
    return Status(err::kOpInputNotMatch, "Tile: repeats " + DimsToString(repeats) + " must be " +
                                             std::to_string(in.size()) + " non-negative values for input " +
                                             DimsToString(in));
  }
  return Status::Ok();
}

Status TileInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  std::vector<int64_t> repeats;
  Status st;
  if (KnownInts(inputs, 1, "Tile input 'repeats'", &repeats, &st)) {
    ASIM_RETURN_IF_ERROR(st);
    ASIM_RETURN_IF_ERROR(CheckRepeats(in, repeats));
    for (size_t k = 0; k < in.size(); ++k) o.dims.push_back(in[k] < 0 ? -1 : in[k] * repeats[k]);
  } else {
    o.dims = UnknownDims(in.size());
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status TileCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Tile"));
  const TensorView& x = ctx.in(0);
  std::vector<int64_t> repeats;
  ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(1), "Tile input 'repeats'", &repeats));
  ASIM_RETURN_IF_ERROR(CheckRepeats(x.dims(), repeats));
  const std::vector<int64_t> in_strides = ContiguousStrides(x.dims());
  std::vector<int64_t> dims, strides;
  for (size_t k = 0; k < repeats.size(); ++k) {
    dims.push_back(repeats[k]);
    strides.push_back(0);
    dims.push_back(x.dims()[k]);
    strides.push_back(in_strides[k]);
    if (ctx.out(0).dims()[k] != repeats[k] * x.dims()[k]) {
      return Status(err::kOpOutputNotMatch, "Tile: output " + DimsToString(ctx.out(0).dims()) + " does not match");
    }
  }
  StridedCopy(x.data, ctx.out(0).data, DataTypeSize(x.dtype()), dims, strides, 0);
  return Status::Ok();
}

}  // namespace

KernelDef BuildTile_AiCore() {
  return KernelBuilder("Tile", Engine::kAiCore)
      .Input("input", AiCoreMoveTypes(), MovementFormats())
      .HostInput("repeats", {DataType::kInt64})
      .Output("output", {})
      .StaticShapesOnly()
      .InferShape(TileInfer)
      .Compute(TileCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildTile_AiCpu() {
  return KernelBuilder("Tile", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Input("repeats", {DataType::kInt64})
      .Output("output", {})
      .InferShape(TileInfer)
      .Compute(TileCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
