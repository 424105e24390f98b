// Pow with numpy broadcasting. AI Core vector unit: fp16 / fp32 base with an exponent of
// the same type (static shapes). AI CPU: base fp32, fp16, bf16, double, int32, int64 with
// an exponent of any of fp32, fp16, bf16, double, int8..int64, uint8..uint64 (ONNX Pow-15
// T / T1).
// Float bases compute std::pow in the base's compute type. Integer bases with an integral
// exponent use exact repeated squaring (wrapping on overflow); a negative exponent gives
// 1 / base^n truncated (so 0 unless base is +-1, and 0 for base 0); a fractional exponent
// computes in double and saturates back. Owner: elementwise family.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for shapes that do not broadcast.
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/values/cast_util.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
// NumericTypes with uint16, uint32 and uint64 too (ONNX lists every integer width here).
using AllNumericTypes = ConcatTypes<FloatTypes, IntTypes>::type;
using PowBaseTypes = Types<float, Fp16, Bf16, double, int32_t, int64_t>;

template <class C>
C IntPow(C base, int64_t exp) {
  if (exp < 0) {
    if (base == C(1)) return C(1);
    if (base == C(-1)) return (exp & 1) != 0 ? C(-1) : C(1);
    return C(0);
  }
  C result = C(1);
  while (exp != 0) {
    if ((exp & 1) != 0) result = WrapMul(result, base);
    exp >>= 1;
    if (exp != 0) base = WrapMul(base, base);
  }
  return result;
}

struct PowOp {
  template <class C>
  C operator()(C a, C b) const {
    if constexpr (std::is_integral_v<C>) {
      return IntPow(a, static_cast<int64_t>(b));
    } else {
      return std::pow(a, b);
    }
  }
};

// Base in its compute type, exponent widened to double.
struct PowMixedOp {
  template <class C>
  C operator()(C a, double e) const {
    if constexpr (std::is_integral_v<C>) {
      if (std::trunc(e) == e && std::fabs(e) < 9.2e18) return IntPow(a, static_cast<int64_t>(e));
      return SaturateToInt<C>(std::pow(static_cast<double>(a), e));
    } else {
      return std::pow(a, static_cast<C>(e));
    }
  }
};

template <class S>
Status PowMixed(const TensorView& base, const TensorView& exp, TensorView& out) {
  BroadcastPlan plan;
  ASIM_RETURN_IF_ERROR(BroadcastPlan::Make(out.dims(), {&base.dims(), &exp.dims()}, &plan));
  const S* pb = base.as<const S>();
  const uint8_t* pe = static_cast<const uint8_t*>(exp.data);
  const DataType edt = exp.dtype();
  const int64_t esize = static_cast<int64_t>(DataTypeSize(edt));
  S* po = out.as<S>();
  const int64_t sb = plan.inner_stride(0), se = plan.inner_stride(1);
  plan.ParallelRuns(kMathGrain, [&](int64_t out_off, const int64_t* in, int64_t len) {
    double eb[kWidenBlock];
    for (int64_t off = 0; off < len; off += kWidenBlock) {
      const int64_t m = std::min(kWidenBlock, len - off);
      // The dtype was checked at selection; a conversion failure cannot happen here.
      (void)ConvertElements(pe + (in[1] + off * se) * esize, edt, eb, DataType::kDouble, se != 0 ? m : 1);
      BinaryRun(pb + in[0] + off * sb, sb, eb, se, po + out_off + off, m, PowMixedOp{});
    }
  });
  return Status::Ok();
}

Status PowCompute(KernelContext& ctx) {
  const TensorView& base = ctx.in(0);
  const TensorView& exp = ctx.in(1);
  return Dispatch(PowBaseTypes{}, base.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if (exp.dtype() == base.dtype()) return ApplyBinary<S, S, S>(base, exp, ctx.out(0), kMathGrain, PowOp{});
    return PowMixed<S>(base, exp, ctx.out(0));
  });
}

KernelDef Pow(Engine engine) {
  KernelBuilder b("Pow", engine);
  if (engine == Engine::kAiCore) {
    b.Input("x", DtypesOf(AiCoreFloatTypes{})).Input("y", DtypesOf(AiCoreFloatTypes{})).SameDtypeAs(0);
  } else {
    b.Input("x", DtypesOf(PowBaseTypes{})).Input("y", DtypesOf(AllNumericTypes{}));
  }
  b.Output("z", {}).Constraint(SameLayoutOrScalar()).InferShape(BroadcastInfer()).Compute(PowCompute).Source(kSource);
  return EngineRules(b, engine, 8).Build();
}

}  // namespace

KernelDef BuildPow_AiCore() {
  return Pow(Engine::kAiCore);
}
KernelDef BuildPow_AiCpu() {
  return Pow(Engine::kAiCpu);
}

}  // namespace asim::kernels
