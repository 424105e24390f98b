// Shape (ONNX opset 1-19, start/end from 15) and Size (opset 1-19): the input's dims, or
// their product, as int64. They read only the input's descriptor, so an input of any type
// and a dynamic shape are fine (the runtime passes the actual dims at execution).
// Owner: the movement / shape kernel family. AI CPU only (on the chip GE folds them on
// the host; as launched kernels they are AI CPU tasks).
// Thread safety: re-entrant. Failure: kOpOutputNotMatch when the rank changed between
// inference and compute.
#include <algorithm>

#include "kernels/framework/kernel_def.h"
#include "kernels/movement/shape_bounds.h"

namespace asim::kernels {
namespace {

Status ShapeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  int64_t s = 0, e = 0;
  ShapeBounds(inputs[0].dims.size(), attrs, &s, &e);
  TensorSpec o;
  o.dtype = DataType::kInt64;
  o.dims = {std::max<int64_t>(0, e - s)};
  outputs->assign(1, o);
  return Status::Ok();
}

Status ShapeCompute(KernelContext& ctx) {
  int64_t s = 0, e = 0;
  ShapeBounds(ctx.in(0).dims().size(), *ctx.attrs, &s, &e);
  if (ctx.out(0).ElementCount() != std::max<int64_t>(0, e - s)) {
    return Status(err::kOpOutputNotMatch, "Shape: the input rank changed after inference");
  }
  for (int64_t i = s; i < e; ++i) ctx.out(0).as<int64_t>()[i - s] = ctx.in(0).dims()[static_cast<size_t>(i)];
  return Status::Ok();
}

Status SizeInfer(const std::vector<TensorSpec>&, const AttrMap&, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = DataType::kInt64;
  outputs->assign(1, o);
  return Status::Ok();
}

Status SizeCompute(KernelContext& ctx) {
  ctx.out(0).as<int64_t>()[0] = ctx.in(0).ElementCount();
  return Status::Ok();
}

// They never read the input's data: a few scalar ops and the output bytes.
WorkDesc DescriptorOnlyCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs,
                            const AttrMap&, const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  w.aicpu_ops = inputs[0].dims.size() + 1;
  w.aicpu_bytes = outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildShape_AiCpu() {
  return KernelBuilder("Shape", Engine::kAiCpu)
      .Input("data", {})
      .Output("shape", {DataType::kInt64})
      .Attr("start", int64_t{0})
      .Attr("end", int64_t{LLONG_MAX})
      .InferShape(ShapeInfer)
      .Compute(ShapeCompute)
      .Cost(DescriptorOnlyCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildSize_AiCpu() {
  return KernelBuilder("Size", Engine::kAiCpu)
      .Input("data", {})
      .Output("size", {DataType::kInt64})
      .InferShape(SizeInfer)
      .Compute(SizeCompute)
      .Cost(DescriptorOnlyCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
