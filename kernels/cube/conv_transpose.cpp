// ConvTranspose (ONNX) on the AI CPU: X [N, Cin, spatial...] (1 to 3 spatial axes),
// W [Cin, Cout/group, k...], optional B [Cout]; attributes kernel_shape, strides,
// dilations, pads, group, auto_pad, output_padding, output_shape with ONNX semantics
// (conv_params.h). fp16, fp32 and double in NCHW / ND; accumulation in double.
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with
// the reason (dtype, format, shape, attribute).
#include <algorithm>
#include <string>

#include "kernels/cube/conv_operands.h"
#include "kernels/cube/naive_conv.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {
namespace {

Status Params(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, ConvParams* p) {
  if (inputs.size() < 2) return Status(err::kOpInputNotMatch, "ConvTranspose needs X and W");
  const auto& w = inputs[1].dims;
  if (w.size() < 3 || w.size() > 5) {
    return Status(err::kOpInputNotMatch, "W " + DimsToString(w) + " must be [Cin, Cout/group, k...] with 1 to 3 k");
  }
  ConvOperandShapes shapes;
  shapes.cin_g = w[0];
  shapes.cout = w[1];
  shapes.kernel.assign(w.begin() + 2, w.end());
  ASIM_RETURN_IF_ERROR(ActivationShape(inputs[0], 0, &shapes.n, &shapes.c, &shapes.spatial));
  ASIM_RETURN_IF_ERROR(ResolveConvTransposeParams(attrs, shapes, p));
  if (inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined &&
      (inputs[2].dims.size() != 1 || inputs[2].dims[0] != p->cout)) {
    return Status(err::kOpInputNotMatch,
                  "B " + DimsToString(inputs[2].dims) + " must be [" + std::to_string(p->cout) + "]");
  }
  return Status::Ok();
}

Status Infer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  ConvParams p;
  ASIM_RETURN_IF_ERROR(Params(inputs, attrs, &p));
  TensorSpec y = ConvOutputSpec(inputs[0].dtype, inputs[0].format, p);
  outputs->assign(1, std::move(y));
  return Status::Ok();
}

Status Compute(KernelContext& ctx) {
  std::vector<TensorSpec> specs;
  for (const auto& v : ctx.inputs) specs.push_back(v.spec);
  ConvParams p;
  ASIM_RETURN_IF_ERROR(Params(specs, *ctx.attrs, &p));
  NaiveConvTranspose(p, ctx.in(0), ctx.in(1), ctx.has_input(2) ? &ctx.inputs[2] : nullptr, ctx.out(0));
  return Status::Ok();
}

WorkDesc Cost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
              const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  ConvParams p;
  if (Params(inputs, attrs, &p).ok()) {
    int64_t macs = p.n < 0 || p.cin < 0 ? 0 : p.n * p.cin * p.cout_g();
    for (int i = 0; i < p.spatial; ++i)
      macs *= std::max<int64_t>(0, p.in[static_cast<size_t>(i)]) * p.kernel[static_cast<size_t>(i)];
    w.aicpu_ops = static_cast<uint64_t>(2 * macs);
  }
  for (const auto& t : inputs) w.aicpu_bytes += t.Bytes();
  for (const auto& t : outputs) w.aicpu_bytes += t.Bytes();
  return w;
}

}  // namespace

KernelDef BuildConvTranspose_AiCpu() {
  const std::vector<DataType> types{DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  return KernelBuilder("ConvTranspose", Engine::kAiCpu)
      .Input("X", types, {Format::kNchw, Format::kNd})
      .Input("W", types, {Format::kNchw, Format::kNd})
      .SameDtypeAs(0)
      .OptionalInput("B", types)
      .SameDtypeAs(0)
      .Output("Y", types)
      .Attr("kernel_shape", std::vector<int64_t>{})
      .Attr("strides", std::vector<int64_t>{})
      .Attr("dilations", std::vector<int64_t>{})
      .Attr("pads", std::vector<int64_t>{})
      .Attr("group", int64_t{1})
      .Attr("auto_pad", std::string("NOTSET"))
      .Attr("output_padding", std::vector<int64_t>{})
      .Attr("output_shape", std::vector<int64_t>{})
      .InferShape(Infer)
      .Compute(Compute)
      .Cost(Cost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
