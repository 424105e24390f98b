// ConstantOfShape (ONNX opset 9-20): a tensor of the dims held by the int64 input, filled
// with `value`. ONNX's `value` is a one-element tensor attribute; here it arrives as the
// scalar attribute `value` (int or float) plus `dtype` (the output type, default fp32) —
// the converter splits the tensor attribute that way.
// Owner: the movement / shape kernel family. AI Core: constant shape input, output types
// the vector unit fills (vector_dup). AI CPU: any numeric or bool output; an unknown shape
// value gives unknown dims.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for negative dims,
// kUnsupportedDataType for an output type that cannot be filled.
#include <algorithm>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status ConstantOfShapeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                            std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = attrs.GetDataType("dtype", DataType::kFloat);
  std::vector<int64_t> dims;
  Status st;
  if (KnownInts(inputs, 0, "ConstantOfShape input", &dims, &st)) {
    ASIM_RETURN_IF_ERROR(st);
    for (int64_t d : dims) {
      if (d < 0) return Status(err::kOpInputNotMatch, "ConstantOfShape: negative dim in " + DimsToString(dims));
    }
    o.dims = dims;
  } else {
    o.dims = UnknownDims(static_cast<size_t>(std::max<int64_t>(0, inputs[0].ElementCount())));
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status ConstantOfShapeCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "ConstantOfShape"));
  TensorView& y = ctx.out(0);
  const AttrValue* v = ctx.attrs->Find("value");
  const int64_t* as_int = v != nullptr ? std::get_if<int64_t>(v) : nullptr;
  const double as_double = ctx.attrs->GetFloat("value", 0.0f);
  return DispatchNumeric(y.dtype(), "ConstantOfShape", [&](auto tag) {
    using T = decltype(tag);
    T fill;
    if constexpr (kIsFloatStorage<T>) {
      fill = FromDouble<T>(as_int != nullptr ? static_cast<double>(*as_int) : as_double);
    } else {
      fill = as_int != nullptr ? static_cast<T>(*as_int) : FromDouble<T>(as_double);
    }
    if (y.dtype() == DataType::kBool) fill = FromDouble<T>(ToDouble(fill) != 0.0 ? 1.0 : 0.0);
    std::fill(y.as<T>(), y.as<T>() + y.ElementCount(), fill);
    return Status::Ok();
  });
}

Status AiCoreFillTypes(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  const DataType t = attrs.GetDataType("dtype", DataType::kFloat);
  const auto ok = AiCoreMoveTypes();
  if (std::find(ok.begin(), ok.end(), t) == ok.end()) {
    return Status(err::kUnsupportedDataType,
                  std::string("output dtype ") + DataTypeName(t) + " is not filled by the AI Core");
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildConstantOfShape_AiCore() {
  return KernelBuilder("ConstantOfShape", Engine::kAiCore)
      .HostInput("input", {DataType::kInt64})
      .Output("output", {})
      .Attr("value", 0.0f)
      .Attr("dtype", DataType::kFloat)
      .Constraint(AiCoreFillTypes)
      .InferShape(ConstantOfShapeInfer)
      .Compute(ConstantOfShapeCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildConstantOfShape_AiCpu() {
  return KernelBuilder("ConstantOfShape", Engine::kAiCpu)
      .Input("input", {DataType::kInt64})
      .Output("output", {})
      .Attr("value", 0.0f)
      .Attr("dtype", DataType::kFloat)
      .InferShape(ConstantOfShapeInfer)
      .Compute(ConstantOfShapeCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
