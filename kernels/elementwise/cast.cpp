// Cast (attribute `to`, or CANN's `dst_type` as single-op calls and aclopCast give it) and
// CastLike (the second input's dtype) between fp32, fp16, bf16, double, int8..int64,
// uint8..uint64 and bool, with the conversion rules of kernels/common/values/cast_util.h (float ->
// int saturates, NaN -> 0; int -> int wraps). `to` / `dst_type` is a DataType (aclDataType
// numbering), not an ONNX TensorProto number: the converter maps it. CANN's `truncate`
// (aclopCast) is accepted and ignored: the conversion rules above are the only ones. AI Core
// vector unit: fp32, fp16, int32, int8, uint8, bool on both sides (static shapes); AI CPU:
// every pair (any shape). Owner: elementwise family.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for a `to` outside the engine's
// types (the AI Core refusal sends the op to AI CPU).
#include <algorithm>

#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/cast_util.h"
#include "kernels/common/values/type_dispatch.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

std::vector<DataType> AiCoreCastTypes() {
  return {DataType::kFloat, DataType::kFloat16, DataType::kInt32, DataType::kInt8, DataType::kUint8, DataType::kBool};
}

Status CastTo(const TensorView& x, TensorView& y) {
  if (!IsConvertible(x.dtype()) || !IsConvertible(y.dtype())) {
    return Status(err::kUnsupportedDataType, std::string("Cast: no conversion from ") + DataTypeName(x.dtype()) +
                                                 " to " + DataTypeName(y.dtype()));
  }
  const auto* src = static_cast<const uint8_t*>(x.data);
  auto* dst = static_cast<uint8_t*>(y.data);
  const size_t in_size = DataTypeSize(x.dtype()), out_size = DataTypeSize(y.dtype());
  ParallelFor(y.ElementCount(), 65536, [&](int64_t b, int64_t e) {
    // Both types were checked above, so the conversion cannot fail.
    (void)ConvertElements(src + static_cast<size_t>(b) * in_size, x.dtype(), dst + static_cast<size_t>(b) * out_size,
                          y.dtype(), e - b);
  });
  return Status::Ok();
}

Status CastCompute(KernelContext& ctx) {
  return CastTo(ctx.in(0), ctx.out(0));
}

DataType TargetOf(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, bool like) {
  if (like) return inputs.size() > 1 ? inputs[1].dtype : DataType::kUndefined;
  if (attrs.Has("to")) return attrs.GetDataType("to", DataType::kUndefined);
  return attrs.GetDataType("dst_type", DataType::kUndefined);
}

InferShapeFn CastInfer(bool like) {
  return [like](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    TensorSpec o = inputs[0];
    o.host_data = nullptr;
    o.dtype = TargetOf(inputs, attrs, like);
    outputs->assign(1, o);
    return Status::Ok();
  };
}

ConstraintFn TargetIn(std::vector<DataType> allowed, bool like) {
  return [allowed = std::move(allowed), like](const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                                              const ChipTraits&) {
    const DataType to = TargetOf(inputs, attrs, like);
    if (!like && !attrs.Has("to") && !attrs.Has("dst_type")) {
      return Status(err::kOpAttrNotMatch, "the target dtype is missing: set attribute 'to' or 'dst_type'");
    }
    if (std::find(allowed.begin(), allowed.end(), to) != allowed.end()) return Status::Ok();
    return Status(err::kOpAttrNotMatch, std::string("target dtype ") + DataTypeName(to) + " is not supported");
  };
}

KernelDef Cast(Engine engine, bool like) {
  const auto dtypes = engine == Engine::kAiCore ? AiCoreCastTypes() : DtypesOf(AllTypes{});
  KernelBuilder b(like ? "CastLike" : "Cast", engine);
  b.Input("input", dtypes);
  if (like) {
    b.Input("target_type", dtypes);
  } else {
    // One of the two names is required (TargetIn checks it): ONNX's `to`, CANN's `dst_type`.
    b.OptionalAttr("to", AttrType::kDataType).OptionalAttr("dst_type", AttrType::kDataType);
    b.Attr("truncate", false);
  }
  b.Attr("saturate", int64_t{1})  // float8 targets only; accepted and ignored
      .Output("output", {})
      .Constraint(TargetIn(dtypes, like))
      .InferShape(CastInfer(like))
      .Compute(CastCompute)
      .Source(kSource);
  return EngineRules(b, engine, 1).Build();
}

}  // namespace

KernelDef BuildCast_AiCore() {
  return Cast(Engine::kAiCore, false);
}
KernelDef BuildCast_AiCpu() {
  return Cast(Engine::kAiCpu, false);
}
KernelDef BuildCastLike_AiCore() {
  return Cast(Engine::kAiCore, true);
}
KernelDef BuildCastLike_AiCpu() {
  return Cast(Engine::kAiCpu, true);
}

}  // namespace asim::kernels
