// Squeeze and Unsqueeze (ONNX: `axes` an attribute up to opset 12, an optional int64 input
// from opset 13; both are accepted, the input wins). Squeeze without axes drops every dim
// of size 1. Owner: the movement / shape kernel family.
// AI Core: static shapes and constant axes. AI CPU: any; unknown axes give unknown dims.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range, repeated,
// or (Squeeze) naming a dim that is not 1.
#include <algorithm>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/view_copy.h"

namespace asim::kernels {
namespace {

// The axes from input 1 or the attribute. Returns false when input 1 is given but unknown.
bool AxesOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const std::string& op,
            std::vector<int64_t>* axes, Status* st) {
  if (InputPresent(inputs, 1)) return KnownInts(inputs, 1, op + " input 'axes'", axes, st);
  *axes = attrs.GetInts("axes", {});
  return true;
}

Status NormalizeAxes(const std::vector<int64_t>& axes, int64_t rank, const std::string& op, std::vector<bool>* mark) {
  mark->assign(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    if (a < -rank || a >= rank) {
      return Status(err::kOpAttrNotMatch,
                    op + ": axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank));
    }
    const size_t at = static_cast<size_t>(a < 0 ? a + rank : a);
    if ((*mark)[at]) return Status(err::kOpAttrNotMatch, op + ": axis " + std::to_string(a) + " is repeated");
    (*mark)[at] = true;
  }
  return Status::Ok();
}

Status SqueezeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  std::vector<int64_t> axes;
  Status st;
  if (!AxesOf(inputs, attrs, "Squeeze", &axes, &st)) {
    o.dims = UnknownDims(in.size() - std::min<size_t>(in.size(), static_cast<size_t>(inputs[1].ElementCount())));
    outputs->assign(1, o);
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR(st);
  std::vector<bool> drop;
  ASIM_RETURN_IF_ERROR(NormalizeAxes(axes, static_cast<int64_t>(in.size()), "Squeeze", &drop));
  for (size_t i = 0; i < in.size(); ++i) {
    if (axes.empty()) drop[i] = in[i] == 1;
    if (drop[i] && in[i] != 1 && in[i] >= 0) {
      return Status(err::kOpAttrNotMatch,
                    "Squeeze: dim " + std::to_string(i) + " of " + DimsToString(in) + " is not 1");
    }
    if (!drop[i]) o.dims.push_back(in[i]);
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status UnsqueezeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  std::vector<int64_t> axes;
  Status st;
  if (!AxesOf(inputs, attrs, "Unsqueeze", &axes, &st)) {
    o.dims = UnknownDims(in.size() + static_cast<size_t>(inputs[1].ElementCount()));
    outputs->assign(1, o);
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR(st);
  if (axes.empty()) return Status(err::kOpAttrNotMatch, "Unsqueeze: 'axes' is required");
  const int64_t rank = static_cast<int64_t>(in.size() + axes.size());
  std::vector<bool> insert;
  ASIM_RETURN_IF_ERROR(NormalizeAxes(axes, rank, "Unsqueeze", &insert));
  size_t next = 0;
  for (int64_t i = 0; i < rank; ++i) o.dims.push_back(insert[static_cast<size_t>(i)] ? 1 : in[next++]);
  outputs->assign(1, o);
  return Status::Ok();
}

KernelDef Build(const std::string& op, Engine engine, InferShapeFn infer) {
  KernelBuilder b(op, engine);
  const bool core = engine == Engine::kAiCore;
  b.Input("data", core ? AiCoreMoveTypes() : AllMoveTypes(), core ? MovementFormats() : std::vector<Format>{})
      .OptionalInput("axes", {DataType::kInt64})
      .Output(op == "Squeeze" ? "squeezed" : "expanded", {})
      .Attr("axes", std::vector<int64_t>{})
      .InferShape(std::move(infer))
      .Compute(ViewCopy(op))
      .Source(ASIM_KERNEL_SOURCE);
  if (core) {
    b.StaticShapesOnly()
        .Constraint(ConstantWhenPresent({1}, {"axes"}))
        .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0));
  } else {
    b.Cost(AiCpuMoveCost(1));
  }
  return b.Build();
}

}  // namespace

KernelDef BuildSqueeze_AiCore() {
  return Build("Squeeze", Engine::kAiCore, SqueezeInfer);
}
KernelDef BuildSqueeze_AiCpu() {
  return Build("Squeeze", Engine::kAiCpu, SqueezeInfer);
}
KernelDef BuildUnsqueeze_AiCore() {
  return Build("Unsqueeze", Engine::kAiCore, UnsqueezeInfer);
}
KernelDef BuildUnsqueeze_AiCpu() {
  return Build("Unsqueeze", Engine::kAiCpu, UnsqueezeInfer);
}

}  // namespace asim::kernels
