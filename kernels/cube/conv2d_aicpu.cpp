// Conv2D (CANN attributes) and Conv (ONNX attributes, 1-D to 3-D) on the AI CPU, in plain
// layouts: x NCHW / ND (or NHWC), filter NCHW / ND (or NHWC, HWCN), optional bias [Cout],
// y in x's format. Everything the AI Core refuses lands here: fp32 on chips whose cube has
// no fp32, double, dynamic shapes. fp32 and fp16 1-D/2-D convolutions run on the same
// blocked engine as the AI Core kernel (fp32 accumulation); double and 3-D use the direct
// loop nest (double accumulation). Shapes unknown at selection are resolved at run time.
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with
// the reason (dtype, format, shape, attribute); compute returns kOpInputNotMatch when the
// run-time shapes do not fit.
#include "kernels/cube/conv_decl.h"
#include "kernels/cube/conv_epilogue.h"
#include "kernels/cube/conv_operands.h"
#include "kernels/cube/conv_runner.h"
#include "kernels/cube/naive_conv.h"

namespace asim::kernels {
namespace {

// CANN Conv2D with data_format NHWC reads an ND x as NHWC.
std::vector<TensorSpec> Normalized(ConvAttrStyle style, std::vector<TensorSpec> inputs, const AttrMap& attrs) {
  bool nhwc = false;
  if (style == ConvAttrStyle::kCann && ConvDataFormat(attrs, &nhwc).ok() && nhwc && !inputs.empty() &&
      inputs[0].format == Format::kNd) {
    inputs[0].format = Format::kNhwc;
  }
  return inputs;
}

bool UsesEngine(DataType t, const ConvParams& p) {
  return (t == DataType::kFloat || t == DataType::kFloat16) && p.spatial <= 2;
}

Status Accepts(ConvAttrStyle style, const std::vector<TensorSpec>& given, const AttrMap& attrs) {
  const std::vector<TensorSpec> inputs = Normalized(style, given, attrs);
  ConvParams p;
  ASIM_RETURN_IF_ERROR(ConvParamsFromSpecs(style, inputs, attrs, &p));
  const DataType t = inputs[0].dtype;
  if (!UsesEngine(t, p) &&
      (inputs[0].format == Format::kNhwc || (inputs[1].format != Format::kNchw && inputs[1].format != Format::kNd))) {
    return Status(err::kFormatNotMatch, std::string(DataTypeName(t)) + " " + std::to_string(p.spatial) +
                                            "-D convolution needs NCHW x and filter on the AI CPU");
  }
  if (inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined) {
    const DataType b = inputs[2].dtype;
    const bool ok =
        t == DataType::kDouble ? b == DataType::kDouble : (b == DataType::kFloat || b == DataType::kFloat16);
    if (!ok) {
      return Status(err::kUnsupportedDataType,
                    std::string("bias dtype ") + DataTypeName(b) + " does not fit x dtype " + DataTypeName(t));
    }
  }
  return Status::Ok();
}

InferShapeFn Infer(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& given, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    const std::vector<TensorSpec> inputs = Normalized(style, given, attrs);
    ConvParams p;
    ASIM_RETURN_IF_ERROR(ConvParamsFromSpecs(style, inputs, attrs, &p));
    TensorSpec y = ConvOutputSpec(inputs[0].dtype, inputs[0].format, p);
    y.format = given[0].format;
    outputs->assign(1, std::move(y));
    return CheckConvEpilogue(given, attrs, outputs->front());
  };
}

WorkspaceFn Workspace(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& given, const std::vector<TensorSpec>&, const AttrMap& attrs) {
    const std::vector<TensorSpec> inputs = Normalized(style, given, attrs);
    ConvParams p;
    if (!ConvParamsFromSpecs(style, inputs, attrs, &p).ok() || !UsesEngine(inputs[0].dtype, p)) return size_t{0};
    const FilterTensor w = FilterView(nullptr, inputs[1], p.cout, p.cin_g(),
                                      std::vector<int64_t>(p.kernel.begin(), p.kernel.begin() + p.spatial));
    return ConvWorkspaceBytes(p, inputs[0].format, inputs[0].dtype, w, inputs[0].format, inputs[0].dtype);
  };
}

ComputeFn Compute(ConvAttrStyle style) {
  return [style](KernelContext& ctx) {
    std::vector<TensorSpec> given;
    for (const auto& v : ctx.inputs) given.push_back(v.spec);
    const std::vector<TensorSpec> specs = Normalized(style, given, *ctx.attrs);
    ConvParams p;
    ASIM_RETURN_IF_ERROR(ConvParamsFromSpecs(style, specs, *ctx.attrs, &p));
    const TensorView* bias = ctx.has_input(2) ? &ctx.inputs[2] : nullptr;
    if (!UsesEngine(specs[0].dtype, p)) {
      NaiveConv(p, ctx.in(0), ctx.in(1), bias, ctx.out(0));
      return ApplyConvEpilogue(ctx);
    }
    const std::vector<int64_t> in_sp(p.in.begin(), p.in.begin() + p.spatial);
    const std::vector<int64_t> out_sp(p.out.begin(), p.out.begin() + p.spatial);
    const std::vector<int64_t> k(p.kernel.begin(), p.kernel.begin() + p.spatial);
    ConvIo io;
    io.x = ActView(ctx.in(0).data, specs[0], p.n, p.cin, in_sp);
    io.w = FilterView(ctx.in(1).data, specs[1], p.cout, p.cin_g(), k);
    if (bias != nullptr) {
      io.bias = bias->data;
      io.bias_dtype = bias->dtype();
    }
    TensorSpec y_spec = ctx.out(0).spec;
    y_spec.format = specs[0].format;
    io.y = ActView(ctx.out(0).data, y_spec, p.n, p.cout, out_sp);
    ASIM_RETURN_IF_ERROR(RunConv(p, io, ctx.workspace, ctx.workspace_bytes, /*allow_heap=*/true));
    return ApplyConvEpilogue(ctx);
  };
}

KernelDef Build(const char* op, ConvAttrStyle style) {
  const bool cann = style == ConvAttrStyle::kCann;
  const std::vector<DataType> types{DataType::kFloat16, DataType::kFloat, DataType::kDouble};
  KernelBuilder b(op, Engine::kAiCpu);
  b.Input(cann ? "x" : "X", types, {Format::kNchw, Format::kNd, Format::kNhwc})
      .Input(cann ? "filter" : "W", types, {Format::kNchw, Format::kNd, Format::kNhwc, Format::kHwcn})
      .SameDtypeAs(0)
      .OptionalInput(cann ? "bias" : "B", types)
      .Output(cann ? "y" : "Y", types);
  AddConvEpilogue(b, {Format::kNchw, Format::kNd, Format::kNhwc});
  AddConvAttrs(b, style);
  return b
      .Constraint([style](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
        return Accepts(style, inputs, attrs);
      })
      .InferShape(Infer(style))
      .Workspace(Workspace(style))
      .Compute(Compute(style))
      .Cost([style](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                    const ChipTraits& chip) {
        WorkDesc w = ConvAiCpuCost(style)(inputs, outputs, attrs, chip);
        AddConvEpilogueWork(inputs, attrs, outputs, &w);
        return w;
      })
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildConv2D_AiCpu() {
  return Build("Conv2D", ConvAttrStyle::kCann);
}
KernelDef BuildConv_AiCpu() {
  return Build("Conv", ConvAttrStyle::kOnnx);
}

}  // namespace asim::kernels
