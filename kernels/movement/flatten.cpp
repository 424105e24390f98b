// Flatten (ONNX opset 1-13: axis in [-r, r], default 1) to a 2-D tensor
// [d0*...*d(axis-1), d(axis)*...*d(r-1)]. Owner: the movement / shape kernel family.
// AI Core: static shapes. AI CPU: every type, unknown dims propagate.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/view_copy.h"

namespace asim::kernels {
namespace {

Status FlattenInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  const int64_t rank = static_cast<int64_t>(in.size());
  int64_t axis = attrs.GetInt("axis", 1);
  if (axis < -rank || axis > rank) {
    return Status(err::kOpAttrNotMatch,
                  "Flatten: axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank));
  }
  if (axis < 0) axis += rank;
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t& part = i < axis ? outer : inner;
    part = (part < 0 || in[static_cast<size_t>(i)] < 0) ? -1 : part * in[static_cast<size_t>(i)];
  }
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims = {outer, inner};
  outputs->assign(1, o);
  return Status::Ok();
}

}  // namespace

KernelDef BuildFlatten_AiCore() {
  return KernelBuilder("Flatten", Engine::kAiCore)
      .Input("input", AiCoreMoveTypes(), MovementFormats())
      .Output("output", {})
      .Attr("axis", int64_t{1})
      .StaticShapesOnly()
      .InferShape(FlattenInfer)
      .Compute(ViewCopy("Flatten"))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildFlatten_AiCpu() {
  return KernelBuilder("Flatten", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Output("output", {})
      .Attr("axis", int64_t{1})
      .InferShape(FlattenInfer)
      .Compute(ViewCopy("Flatten"))
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
