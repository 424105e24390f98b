// Clip on the AI Core vector unit (fp16, fp32; static shapes) and the AI CPU (floats,
// signed integers, uint8; any shape). Bounds come from the optional `min` / `max` scalar
// inputs (opset >= 11) or, when those are absent, the `min` / `max` float attributes
// (opset 6); an absent bound is the type's lowest / highest value. NaN passes through;
// when min > max every element becomes max (ONNX). Owner: activation family.
// Thread safety: re-entrant. Failure: kOpInputNotMatch when a bound input is not a single
// element.
#include <limits>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr float kFloatLowest = std::numeric_limits<float>::lowest();
constexpr float kFloatMax = std::numeric_limits<float>::max();

template <class C>
struct ClipOp {
  C lo, hi;
  C operator()(C x) const {
    const C v = x < lo ? lo : x;
    return v > hi ? hi : v;
  }
};

// The bound at input `index`, else the attribute (floating types only), else `fallback`.
template <class S>
Status Bound(const KernelContext& ctx, size_t index, const char* attr, float attr_default, ComputeOf<S> fallback,
             ComputeOf<S>* out) {
  using C = ComputeOf<S>;
  *out = fallback;
  if (ctx.has_input(index)) {
    const TensorView& t = ctx.in(index);
    if (t.ElementCount() != 1) {
      return Status(err::kOpInputNotMatch,
                    std::string("Clip: '") + attr + "' must hold one element, got shape " + DimsToString(t.dims()));
    }
    *out = Storage<S>::Load(t.as<const S>()[0]);
    return Status::Ok();
  }
  if constexpr (std::is_floating_point_v<C>) {
    const float a = ctx.attrs->GetFloat(attr, attr_default);
    if (a != attr_default) *out = static_cast<C>(a);
  }
  return Status::Ok();
}

Status ClipCompute(KernelContext& ctx) {
  return Dispatch(NumericTypes{}, ctx.in(0).dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    using C = ComputeOf<S>;
    ClipOp<C> op{};
    ASIM_RETURN_IF_ERROR(Bound<S>(ctx, 1, "min", kFloatLowest, std::numeric_limits<C>::lowest(), &op.lo));
    ASIM_RETURN_IF_ERROR(Bound<S>(ctx, 2, "max", kFloatMax, std::numeric_limits<C>::max(), &op.hi));
    ApplyUnary<S, S>(ctx.in(0), ctx.out(0), kCheapGrain, op);
    return Status::Ok();
  });
}

KernelDef Clip(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(NumericTypes{});
  KernelBuilder b("Clip", engine);
  b.Input("input", dtypes)
      .OptionalInput("min", dtypes)
      .SameDtypeAs(0)
      .OptionalInput("max", dtypes)
      .SameDtypeAs(0)
      .Output("output", {})
      .Attr("min", kFloatLowest)
      .Attr("max", kFloatMax)
      .InferShape(SameShapeInfer())
      .Compute(ClipCompute)
      .Source(kSource);
  return EngineRules(b, engine, 2).Build();
}

}  // namespace

KernelDef BuildClip_AiCore() {
  return Clip(Engine::kAiCore);
}
KernelDef BuildClip_AiCpu() {
  return Clip(Engine::kAiCpu);
}

}  // namespace asim::kernels
