// Abs, Neg and Sign on the AI Core vector unit (fp16, fp32, int32; static shapes) and the
// AI CPU (floats, signed integers, uint8 — Neg: signed types only; any shape). Integer
// Abs/Neg of the most negative value wrap (two's complement) instead of overflowing.
// Sign(NaN) is NaN, Sign(±0) is ±0. Owner: elementwise family. Thread safety:
// re-entrant. Failure: kUnsupportedDataType outside the declared types.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

struct AbsOp {
  template <class C>
  C operator()(C x) const {
    return WrapAbs(x);
  }
};
struct NegOp {
  template <class C>
  C operator()(C x) const {
    return WrapNeg(x);
  }
};
struct SignOp {
  template <class C>
  C operator()(C x) const {
    if (x > C(0)) return C(1);
    if constexpr (std::is_signed_v<C>) {
      if (x < C(0)) return C(-1);
    }
    return x;  // zero keeps its sign, NaN stays NaN
  }
};

template <class Op, class CpuList>
KernelDef SignLike(const char* op_type, Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreNumericTypes{}) : DtypesOf(CpuList{});
  return UnaryBuilder(op_type, engine, dtypes, UnaryCompute(CpuList{}, Fixed(Op{}), kCheapGrain), 1, kSource).Build();
}

}  // namespace

KernelDef BuildAbs_AiCore() {
  return SignLike<AbsOp, NumericTypes>("Abs", Engine::kAiCore);
}
KernelDef BuildAbs_AiCpu() {
  return SignLike<AbsOp, NumericTypes>("Abs", Engine::kAiCpu);
}
KernelDef BuildNeg_AiCore() {
  return SignLike<NegOp, SignedNumericTypes>("Neg", Engine::kAiCore);
}
KernelDef BuildNeg_AiCpu() {
  return SignLike<NegOp, SignedNumericTypes>("Neg", Engine::kAiCpu);
}
KernelDef BuildSign_AiCore() {
  return SignLike<SignOp, NumericTypes>("Sign", Engine::kAiCore);
}
KernelDef BuildSign_AiCpu() {
  return SignLike<SignOp, NumericTypes>("Sign", Engine::kAiCpu);
}

}  // namespace asim::kernels
