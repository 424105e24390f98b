// Declaration pieces shared by the convolution kernels (see conv_decl.h).
// Owner: the cube kernels. Thread safety and failure: as the header says.
#include "kernels/cube/conv_decl.h"

#include <string>

#include "kernels/common/cost/cube_work.h"
#include "kernels/cube/conv_operands.h"

namespace asim::kernels {

void AddConvAttrs(KernelBuilder& b, ConvAttrStyle style) {
  if (style == ConvAttrStyle::kCann) {
    b.Attr("strides", std::vector<int64_t>{1, 1, 1, 1})
        .Attr("pads", std::vector<int64_t>{0, 0, 0, 0})
        .Attr("dilations", std::vector<int64_t>{1, 1, 1, 1})
        .Attr("groups", int64_t{1})
        .Attr("data_format", std::string("NCHW"))
        .Attr("offset_x", int64_t{0});
  } else {
    b.Attr("kernel_shape", std::vector<int64_t>{})
        .Attr("strides", std::vector<int64_t>{})
        .Attr("dilations", std::vector<int64_t>{})
        .Attr("pads", std::vector<int64_t>{})
        .Attr("group", int64_t{1})
        .Attr("auto_pad", std::string("NOTSET"));
  }
}

int64_t ConvGroups(ConvAttrStyle style, const AttrMap& attrs) {
  return style == ConvAttrStyle::kCann ? attrs.GetInt("groups", 1) : attrs.GetInt("group", 1);
}

Status ConvParamsFromSpecs(ConvAttrStyle style, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                           ConvParams* p) {
  if (inputs.size() < 2) return Status(err::kOpInputNotMatch, "convolution needs x and a filter");
  ConvOperandShapes shapes;
  ASIM_RETURN_IF_ERROR(ConvShapes(inputs[0], inputs[1], ConvGroups(style, attrs), &shapes));
  ASIM_RETURN_IF_ERROR(ResolveConvParams(style, attrs, shapes, p));
  if (inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined) {
    const TensorSpec& b = inputs[2];
    if (b.dims.size() != 1 || (b.dims[0] >= 0 && p->cout >= 0 && b.dims[0] != p->cout)) {
      return Status(err::kOpInputNotMatch,
                    "bias " + DimsToString(b.dims) + " must be [" + std::to_string(p->cout) + "]");
    }
  }
  return Status::Ok();
}

CostFn ConvCubeCost(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>&, const AttrMap& attrs,
                 const ChipTraits& chip) {
    ConvParams p;
    if (!ConvParamsFromSpecs(style, inputs, attrs, &p).ok()) return WorkDesc{};
    ConvGeometry g;
    g.n = p.n, g.cin = p.cin, g.h = p.in[0], g.w = p.in[1];
    g.cout = p.cout, g.kh = p.kernel[0], g.kw = p.kernel[1];
    g.oh = p.out[0], g.ow = p.out[1];
    g.groups = p.groups;
    g.dtype = inputs[0].dtype;
    g.bias = inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined;
    g.small_channel = inputs[0].format == Format::kNc1hwc0C04;
    return CubeConvWork(g, chip);
  };
}

CostFn ConvAiCpuCost(ConvAttrStyle style) {
  return [style](const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                 const ChipTraits&) {
    WorkDesc w;
    w.on_ai_cpu = true;
    ConvParams p;
    if (ConvParamsFromSpecs(style, inputs, attrs, &p).ok()) w.aicpu_ops = static_cast<uint64_t>(2 * p.Macs());
    for (const auto& t : inputs) w.aicpu_bytes += t.Bytes();
    for (const auto& t : outputs) w.aicpu_bytes += t.Bytes();
    return w;
  };
}

}  // namespace asim::kernels
