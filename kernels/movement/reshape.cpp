// Reshape (ONNX opset 5-19: `shape` input, 0 copies the input dim unless allowzero, one -1
// is inferred). Owner: the movement / shape kernel family.
// AI Core: static shapes, `shape` a constant. AI CPU: any shape; an unknown `shape` value
// gives unknown dims that the runtime resolves at execution (kernels/common/values/value_inputs.h).
// Thread safety: re-entrant. Failure: kOpInputNotMatch for a shape that does not fit the
// input (wrong element count, two -1, 0 beyond the input rank).
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/view_copy.h"

namespace asim::kernels {
namespace {

Status ReshapeDims(const std::vector<int64_t>& in, const std::vector<int64_t>& shape, bool allowzero,
                   std::vector<int64_t>* out) {
  const std::string what = "Reshape of " + DimsToString(in) + " to " + DimsToString(shape);
  std::vector<int64_t> dims(shape.size());
  int infer_at = -1;
  bool dynamic = false;
  int64_t known = 1;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t d = shape[i];
    if (d == -1) {
      if (infer_at >= 0) return Status(err::kOpInputNotMatch, what + ": more than one -1");
      infer_at = static_cast<int>(i);
      continue;
    }
    if (d < -1) return Status(err::kOpInputNotMatch, what + ": negative dim " + std::to_string(d));
    if (d == 0 && !allowzero) {
      if (i >= in.size())
        return Status(err::kOpInputNotMatch, what + ": 0 at " + std::to_string(i) + " beyond the input rank");
      d = in[i];
    }
    dims[i] = d;
    if (d < 0)
      dynamic = true;
    else
      known *= d;
  }
  int64_t total = 1;
  bool in_dynamic = false;
  for (int64_t d : in) {
    if (d < 0)
      in_dynamic = true;
    else
      total *= d;
  }
  if (infer_at >= 0) {
    if (allowzero && known == 0) return Status(err::kOpInputNotMatch, what + ": -1 with a 0 dim under allowzero");
    if (in_dynamic || dynamic) {
      dims[static_cast<size_t>(infer_at)] = -1;
    } else if (known == 0 || total % known != 0) {
      return Status(err::kOpInputNotMatch, what + ": the element count " + std::to_string(total) +
                                               " is not a multiple of " + std::to_string(known));
    } else {
      dims[static_cast<size_t>(infer_at)] = total / known;
    }
  } else if (!in_dynamic && !dynamic && known != total) {
    return Status(err::kOpInputNotMatch,
                  what + ": " + std::to_string(total) + " elements do not fit " + std::to_string(known));
  }
  *out = std::move(dims);
  return Status::Ok();
}

Status ReshapeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = Format::kNd;
  std::vector<int64_t> shape;
  Status st;
  if (KnownInts(inputs, 1, "Reshape input 'shape'", &shape, &st)) {
    ASIM_RETURN_IF_ERROR(st);
    ASIM_RETURN_IF_ERROR(ReshapeDims(inputs[0].dims, shape, attrs.GetInt("allowzero", 0) != 0, &o.dims));
  } else {
    if (inputs[1].dims.size() != 1 || inputs[1].dims[0] < 0) {
      return Status(err::kOpInputNotMatch,
                    "Reshape: 'shape' must be 1-D of known length, got " + DimsToString(inputs[1].dims));
    }
    o.dims = UnknownDims(static_cast<size_t>(inputs[1].dims[0]));
  }
  outputs->assign(1, o);
  return Status::Ok();
}

}  // namespace

KernelDef BuildReshape_AiCore() {
  return KernelBuilder("Reshape", Engine::kAiCore)
      .Input("data", AiCoreMoveTypes(), MovementFormats())
      .HostInput("shape", {DataType::kInt64})
      .Output("reshaped", {})
      .Attr("allowzero", int64_t{0})
      .StaticShapesOnly()
      .InferShape(ReshapeInfer)
      .Compute(ViewCopy("Reshape"))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildReshape_AiCpu() {
  return KernelBuilder("Reshape", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("shape", {DataType::kInt64})
      .Output("reshaped", {})
      .Attr("allowzero", int64_t{0})
      .InferShape(ReshapeInfer)
      .Compute(ViewCopy("Reshape"))
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
