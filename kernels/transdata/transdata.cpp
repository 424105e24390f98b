// TransData on the AI Core: converts a tensor between the plain formats (NCHW, NHWC, HWCN,
// ND) and the cube's internal ones (NC1HWC0, FRACTAL_Z, FRACTAL_NZ), as the real TransData
// op does. Attributes as the real op: src_format and dst_format (format names, e.g.
// "NCHW", "NC1HWC0"; src_format may be left empty to mean the input's format) and groups
// (only 1: grouped weights use plain FRACTAL_Z, see transdata_layout.h).
//
// Owner: the cube kernels. Thread safety: re-entrant. Failure: the selection refuses an
// unknown format name, a src_format that differs from the input's format, and a pair
// transdata_layout.h does not convert (kFormatNotMatch), each with the reason.
#include "kernels/common/cost/cost_utils.h"
#include "kernels/framework/kernel_def.h"
#include "kernels/transdata/transdata_layout.h"

namespace asim::kernels {
namespace {

// The destination format the attributes ask for, checked against the input.
Status TargetFormat(const TensorSpec& input, const AttrMap& attrs, Format* dst) {
  const std::string src_name = attrs.GetString("src_format", "");
  const std::string dst_name = attrs.GetString("dst_format", "");
  if (!src_name.empty()) {
    auto src = FormatFromName(src_name);
    if (!src) return Status(err::kOpAttrNotMatch, "src_format '" + src_name + "' is not a format name");
    if (*src != input.format) {
      return Status(err::kFormatNotMatch,
                    "src_format " + src_name + " differs from the input's format " + FormatName(input.format));
    }
  }
  auto to = FormatFromName(dst_name);
  if (!to) return Status(err::kOpAttrNotMatch, "dst_format '" + dst_name + "' is not a format name");
  if (attrs.GetInt("groups", 1) != 1) {
    return Status(err::kOpAttrNotMatch, "groups " + std::to_string(attrs.GetInt("groups", 1)) +
                                            " is not supported (grouped weights use plain FRACTAL_Z)");
  }
  *dst = *to;
  return Status::Ok();
}

Status TransDataInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  Format dst = Format::kUndefined;
  ASIM_RETURN_IF_ERROR(TargetFormat(inputs.at(0), attrs, &dst));
  TensorSpec out;
  ASIM_RETURN_IF_ERROR(TransDataShape(inputs[0], dst, &out));
  outputs->assign(1, std::move(out));
  return Status::Ok();
}

Status TransDataCompute(KernelContext& ctx) {
  return ConvertLayout(ctx.in(0).spec, ctx.in(0).data, ctx.out(0).spec, ctx.out(0).data);
}

}  // namespace

KernelDef BuildTransData_AiCore() {
  return KernelBuilder("TransData", Engine::kAiCore)
      .Input("src", {DataType::kFloat16, DataType::kFloat, DataType::kBf16, DataType::kInt8, DataType::kUint8,
                     DataType::kInt16, DataType::kInt32})
      .Output("dst", {})
      .Attr("src_format", std::string())
      .RequiredAttr("dst_format", AttrType::kString)
      .Attr("groups", int64_t{1})
      .StaticShapesOnly()
      .Constraint([](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
        std::vector<TensorSpec> outputs;
        return TransDataInfer(inputs, attrs, &outputs);
      })
      .InferShape(TransDataInfer)
      .Compute(TransDataCompute)
      .Cost(VectorElementwiseCost(1.0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
