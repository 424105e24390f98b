// Shared declaration and launch glue of the Reduce* kernels (see reduce_def.h): axes from
// attribute or input, keepdims / noop_with_empty_axes shape inference, the bound for axes
// known only at run time, and the AI Core's constant-axes rule.
// Owner: reduction family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for bad
// axes; kOpInputNotMatch for a non-constant axes input on the AI Core; kInternalError
// when a computed shape exceeds its bound.
#include "kernels/reduction/reduce_def.h"

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/shape/computed_shape.h"

namespace asim::kernels {
namespace {

Status AxesInputIsConstant(const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits&) {
  if (inputs.size() > 1 && inputs[1].dtype != DataType::kUndefined && inputs[1].host_data == nullptr &&
      !(inputs[1].IsStatic() && inputs[1].ElementCount() == 0)) {
    return Status(err::kOpInputNotMatch, "input 1 'axes' is not a constant; AI Core reductions need static axes");
  }
  return Status::Ok();
}

}  // namespace

Status ReduceInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const TensorSpec& x = inputs[0];
  const bool keepdims = attrs.GetInt("keepdims", 1) != 0;
  const bool noop = attrs.GetInt("noop_with_empty_axes", 0) != 0;
  std::vector<int64_t> axes;
  bool known = true;
  ASIM_RETURN_IF_ERROR(AxesFromSpecs(inputs, 1, attrs, &axes, &known));
  TensorSpec o;
  o.dtype = x.dtype;
  o.format = x.format;
  if (!known) {
    // Axes arrive at run time (AI CPU): the output shape is computed then. Its bound is
    // the input's own shape (a reduction never has more elements); the kernel reports the
    // actual dims (kernels/common/shape/computed_shape.h).
    o.dims = x.dims;
    outputs->assign(1, o);
    return Status::Ok();
  }
  std::vector<bool> mask;
  ASIM_RETURN_IF_ERROR(ReduceMask(axes, x.dims.size(), noop, &mask));
  o.dims = ReducedDims(x.dims, mask, keepdims);
  if (o.dims.size() != x.dims.size()) o.format = Format::kNd;  // an NCHW [N, C, H, W] less axes is not NCHW
  outputs->assign(1, o);
  return Status::Ok();
}

Status ReduceLaunchLayout(KernelContext& ctx, ReduceLayout* layout) {
  const TensorView& x = ctx.in(0);
  std::vector<int64_t> axes;
  ASIM_RETURN_IF_ERROR(AxesFromContext(ctx, 1, &axes));
  std::vector<bool> mask;
  ASIM_RETURN_IF_ERROR(ReduceMask(axes, x.dims().size(), ctx.attrs->GetInt("noop_with_empty_axes", 0) != 0, &mask));
  ASIM_RETURN_IF_ERROR(ReduceLayout::Make(x.dims(), mask, layout));
  if (ctx.outputs.empty()) return Status(err::kOpInputNotMatch, "missing output");
  const std::vector<int64_t> dims = ReducedDims(x.dims(), mask, ctx.attrs->GetInt("keepdims", 1) != 0);
  if (ctx.outputs[0].dims() != dims) {
    // Axes that were unknown at selection: the output was allocated at its bound.
    ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, dims, "reduction"));
  }
  return Status::Ok();
}

KernelDef ReduceDef(const std::string& op, Engine engine, std::vector<DataType> dtypes, ComputeFn compute,
                    double ops_in, double ops_out, const std::string& source) {
  KernelBuilder b(op, engine);
  b.Input("data", std::move(dtypes), PlainFormats())
      .OptionalInput("axes", {DataType::kInt64, DataType::kInt32})
      .Output("reduced", {})
      .ShapeFromComputeUnlessKnown(1)  // axes given at run time (AI CPU only)
      .Attr("keepdims", int64_t{1})
      .Attr("noop_with_empty_axes", int64_t{0})
      .Attr("axes", std::vector<int64_t>{})
      .InferShape(ReduceInfer)
      .Compute(std::move(compute))
      .Cost(StreamingCost(engine, ops_in, ops_out))
      .Source(source);
  if (engine == Engine::kAiCore) b.StaticShapesOnly().Constraint(AxesInputIsConstant);
  return b.Build();
}

}  // namespace asim::kernels
