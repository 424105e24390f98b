// Conv2D (CANN attributes) and Conv (ONNX attributes, 2-D) on the AI Core cube, in the
// hardware layout: x NC1HWC0, filter FRACTAL_Z (with its origin shape), optional bias ND
// [Cout], y NC1HWC0 (origin NCHW). A second kernel per op takes the small-channel layouts of
// atc --enable_small_channel: x NC1HWC0_C04 and filter FRACTAL_Z_C04 (fp16, at most 4 input
// channels, no groups), where the cube's reduction axis is C0 = 4 times the kernel window
// instead of 16 padded channels per tap. fp16 (fp16 storage, fp32 accumulation), fp32 where the
// chip's cube computes fp32 (ChipTraits::cube_fp32), int8 (int32 output and accumulation).
// Plain NCHW operands reach this kernel through TransData conversions chosen by the
// selection; fp32 on a chip without fp32 cube, double, and dynamic shapes go to the AI CPU.
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses with
// the reason (dtype the chip's cube lacks, format, shape, attribute); compute returns the
// engine's Status.
#include "kernels/cube/conv_decl.h"
#include "kernels/cube/conv_epilogue.h"
#include "kernels/cube/conv_int8.h"
#include "kernels/cube/conv_operands.h"
#include "kernels/cube/conv_runner.h"

namespace asim::kernels {
namespace {

DataType OutputDtype(DataType x) {
  return x == DataType::kInt8 ? DataType::kInt32 : x;
}

InferShapeFn Infer(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    ConvParams p;
    ASIM_RETURN_IF_ERROR(ConvParamsFromSpecs(style, inputs, attrs, &p));
    if (p.spatial != 2) return Status(err::kOpInputNotMatch, "the AI Core convolution is 2-D only");
    outputs->assign(1, ConvOutputSpec(OutputDtype(inputs[0].dtype), Format::kNc1hwc0, p));
    return CheckConvEpilogue(inputs, attrs, outputs->front());
  };
}

Status ChipSupports(const std::vector<TensorSpec>& inputs, const AttrMap&, const ChipTraits& chip) {
  const DataType t = inputs[0].dtype;
  if (inputs[0].format == Format::kNc1hwc0C04) {
    if (t != DataType::kFloat16) {
      return Status(err::kUnsupportedDataType, std::string("NC1HWC0_C04 is an fp16 layout; x is ") + DataTypeName(t));
    }
    if (inputs[0].dims.size() != 5 || inputs[0].dims[1] != 1) {
      return Status(err::kOpInputNotMatch, "NC1HWC0_C04 x must be [N, 1, H, W, 4] (at most 4 channels)");
    }
  }
  if (t == DataType::kFloat && !chip.cube_fp32) {
    return Status(err::kUnsupportedDataType, "DT_FLOAT needs a cube that computes fp32; the " + chip.soc_version +
                                                 " cube computes fp16 and int8 only");
  }
  if (t == DataType::kInt8 && !chip.cube_int8) {
    return Status(err::kUnsupportedDataType, "DT_INT8 needs an int8 cube; the " + chip.soc_version + " has none");
  }
  if (inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined) {
    const DataType b = inputs[2].dtype;
    const bool ok = t == DataType::kInt8 ? b == DataType::kInt32 : (b == DataType::kFloat16 || b == DataType::kFloat);
    if (!ok) {
      return Status(err::kUnsupportedDataType,
                    std::string("bias dtype ") + DataTypeName(b) + " does not fit x dtype " + DataTypeName(t));
    }
  }
  return Status::Ok();
}

WorkspaceFn Workspace(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs) {
    ConvParams p;
    if (inputs[0].dtype == DataType::kInt8 || !ConvParamsFromSpecs(style, inputs, attrs, &p).ok()) return size_t{0};
    const FilterTensor w = FilterView(nullptr, inputs[1], p.cout, p.cin_g(), {p.kernel[0], p.kernel[1]});
    return ConvWorkspaceBytes(p, inputs[0].format, inputs[0].dtype, w, Format::kNc1hwc0, OutputDtype(inputs[0].dtype));
  };
}

// A model's constant filter is packed for the engine once, at load (RunConv then copies
// chunks instead of transposing fractals in every work item).
PrepareFn Prepare(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const AttrMap& attrs) -> std::shared_ptr<const void> {
    if (inputs.size() < 2 || inputs[1].host_data == nullptr || inputs[0].dtype == DataType::kInt8) return nullptr;
    ConvParams p;
    if (!ConvParamsFromSpecs(style, inputs, attrs, &p).ok() || p.spatial != 2) return nullptr;
    const FilterTensor w = FilterView(inputs[1].host_data, inputs[1], p.cout, p.cin_g(), {p.kernel[0], p.kernel[1]});
    return PrepackConvWeights(p, inputs[0].format, inputs[0].dtype, w, Format::kNc1hwc0, OutputDtype(inputs[0].dtype));
  };
}

AdoptPreparedFn Adopt(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const PreparedImage& image,
                 std::shared_ptr<const void> keep) -> std::shared_ptr<const void> {
    if (inputs.size() < 2 || inputs[0].dtype == DataType::kInt8) return nullptr;
    ConvParams p;
    if (!ConvParamsFromSpecs(style, inputs, attrs, &p).ok() || p.spatial != 2) return nullptr;
    const FilterTensor w = FilterView(nullptr, inputs[1], p.cout, p.cin_g(), {p.kernel[0], p.kernel[1]});
    return AdoptPrepackedConvWeights(p, inputs[0].format, inputs[0].dtype, w, Format::kNc1hwc0,
                                     OutputDtype(inputs[0].dtype), image, std::move(keep));
  };
}

ComputeFn Compute(ConvAttrStyle style) {
  return [style](KernelContext& ctx) {
    std::vector<TensorSpec> specs;
    for (const auto& v : ctx.inputs) specs.push_back(v.spec);
    ConvParams p;
    ASIM_RETURN_IF_ERROR(ConvParamsFromSpecs(style, specs, *ctx.attrs, &p));
    const bool plain = ctx.plain_source.data != nullptr;
    if (specs[0].dtype == DataType::kInt8) {
      if (plain) return Status(err::kInternalError, "an int8 convolution reads its input only as NC1HWC0");
      ASIM_RETURN_IF_ERROR(ctx.Materialize(1));  // never prepared: read as it is
      RunConvInt8(p, ctx);
      return Status::Ok();
    }
    const std::vector<int64_t> in_sp{p.in[0], p.in[1]}, out_sp{p.out[0], p.out[1]}, k{p.kernel[0], p.kernel[1]};
    ConvIo io;
    // Where the runtime did not run the TransData that made x (KernelDef::reads_plain_source),
    // x is read from the image it came from: every path of RunConv packs either layout.
    const TensorView& x = plain ? ctx.plain_source : ctx.in(0);
    io.x = ActView(x.data, x.spec, p.n, p.cin, in_sp);
    io.w = FilterView(ctx.in(1).data, specs[1], p.cout, p.cin_g(), k);
    if (ctx.has_input(2)) {
      io.bias = ctx.in(2).data;
      io.bias_dtype = ctx.in(2).dtype();
    }
    io.y = ActView(ctx.out(0).data, ctx.out(0).spec, p.n, p.cout, out_sp);
    // An fp32 output takes the epilogue in the convolution's own final stores when it can (one
    // pass over the output instead of two); fp16 rounds the conv first, so it stays a pass.
    bool epilogue_fused = false;
    if (ctx.out(0).dtype() == DataType::kFloat) {
      io.relu = ctx.attrs->GetString(kConvFusedActivationAttr, "") == "Relu";
      if (ctx.has_input(kConvResidualInput)) io.residual = static_cast<const float*>(ctx.in(kConvResidualInput).data);
      io.epilogue_fused = &epilogue_fused;
    }
    const std::function<Status()> load_filter = [&ctx] { return ctx.Materialize(1); };
    io.load_filter = &load_filter;
    ASIM_RETURN_IF_ERROR(RunConv(p, io, ctx.workspace, ctx.workspace_bytes, /*allow_heap=*/false, ctx.prepared));
    return epilogue_fused ? Status::Ok() : ApplyConvEpilogue(ctx);
  };
}

KernelDef Build(const char* op, ConvAttrStyle style, bool small_channel) {
  const bool cann = style == ConvAttrStyle::kCann;
  KernelBuilder b(op, Engine::kAiCore);
  if (small_channel) {
    b.Input(cann ? "x" : "X", {DataType::kFloat16}, {Format::kNc1hwc0C04})
        .Input(cann ? "filter" : "W", {DataType::kFloat16}, {Format::kFractalZC04});
  } else {
    b.Input(cann ? "x" : "X", {DataType::kFloat16, DataType::kFloat, DataType::kInt8}, {Format::kNc1hwc0})
        .Input(cann ? "filter" : "W", {DataType::kFloat16, DataType::kFloat, DataType::kInt8}, {Format::kFractalZ});
  }
  b.SameDtypeAs(0)
      .OptionalInput(cann ? "bias" : "B", {DataType::kFloat16, DataType::kFloat, DataType::kInt32})
      .Output(cann ? "y" : "Y", {DataType::kFloat16, DataType::kFloat, DataType::kInt32}, {Format::kNc1hwc0});
  AddConvEpilogue(b, {Format::kNc1hwc0});
  AddConvAttrs(b, style);
  if (!small_channel) b.ReadsPlainSource();
  return b.StaticShapesOnly()
      .Constraint(ChipSupports)
      .InferShape(Infer(style))
      .Workspace(Workspace(style))
      .Compute(Compute(style))
      // A 3x3 filter may be transformed for Winograd; with a prepared filter, the filter
      // input is read only through ctx.Materialize (RunConv's paths that cannot use it).
      .Prepare(Prepare(style), /*same_bytes=*/false, /*replaces=*/{1})
      .PreparedImages(ExportPrepackedConvWeights, Adopt(style))
      .Cost([style](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                    const ChipTraits& chip) {
        WorkDesc w = ConvCubeCost(style)(inputs, outputs, attrs, chip);
        AddConvEpilogueWork(inputs, attrs, outputs, &w);
        return w;
      })
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace

KernelDef BuildConv2D_AiCore() {
  return Build("Conv2D", ConvAttrStyle::kCann, false);
}
KernelDef BuildConv_AiCore() {
  return Build("Conv", ConvAttrStyle::kOnnx, false);
}
KernelDef BuildConv2DC04_AiCore() {
  return Build("Conv2D", ConvAttrStyle::kCann, true);
}
KernelDef BuildConvC04_AiCore() {
  return Build("Conv", ConvAttrStyle::kOnnx, true);
}

}  // namespace asim::kernels
