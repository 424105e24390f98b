// Unary floating-point math on the AI Core vector unit (fp16, fp32; static shapes) and
// the AI CPU (fp32, fp16, bf16, double; any shape): Sqrt, Exp, Log, Reciprocal, Erf,
// Floor, Ceil, Round (half to even). IEEE results for out-of-domain inputs (Sqrt(-1) and
// Log(-1) are NaN, Log(0) is -inf, Reciprocal(0) is inf). Owner: elementwise family.
// Thread safety: re-entrant. Failure: kUnsupportedDataType outside the declared types.
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

#define ASIM_FLOAT_UNARY(Name, expr) \
  struct Name {                      \
    template <class C>               \
    C operator()(C x) const {        \
      return expr;                   \
    }                                \
  };
ASIM_FLOAT_UNARY(SqrtOp, std::sqrt(x))
ASIM_FLOAT_UNARY(ExpOp, std::exp(x))
ASIM_FLOAT_UNARY(LogOp, std::log(x))
ASIM_FLOAT_UNARY(ReciprocalOp, C(1) / x)
ASIM_FLOAT_UNARY(ErfOp, std::erf(x))
ASIM_FLOAT_UNARY(FloorOp, std::floor(x))
ASIM_FLOAT_UNARY(CeilOp, std::ceil(x))
ASIM_FLOAT_UNARY(RoundOp, std::nearbyint(x))  // default rounding mode: to nearest, ties to even
#undef ASIM_FLOAT_UNARY

template <class Op>
KernelDef FloatUnary(const char* op_type, Engine engine, double ops, int64_t grain) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  return UnaryBuilder(op_type, engine, dtypes, UnaryCompute(FloatTypes{}, Fixed(Op{}), grain), ops, kSource).Build();
}

}  // namespace

KernelDef BuildSqrt_AiCore() {
  return FloatUnary<SqrtOp>("Sqrt", Engine::kAiCore, 2, kCheapGrain);
}
KernelDef BuildSqrt_AiCpu() {
  return FloatUnary<SqrtOp>("Sqrt", Engine::kAiCpu, 2, kCheapGrain);
}
KernelDef BuildExp_AiCore() {
  return FloatUnary<ExpOp>("Exp", Engine::kAiCore, 2, kMathGrain);
}
KernelDef BuildExp_AiCpu() {
  return FloatUnary<ExpOp>("Exp", Engine::kAiCpu, 2, kMathGrain);
}
KernelDef BuildLog_AiCore() {
  return FloatUnary<LogOp>("Log", Engine::kAiCore, 2, kMathGrain);
}
KernelDef BuildLog_AiCpu() {
  return FloatUnary<LogOp>("Log", Engine::kAiCpu, 2, kMathGrain);
}
KernelDef BuildReciprocal_AiCore() {
  return FloatUnary<ReciprocalOp>("Reciprocal", Engine::kAiCore, 2, kCheapGrain);
}
KernelDef BuildReciprocal_AiCpu() {
  return FloatUnary<ReciprocalOp>("Reciprocal", Engine::kAiCpu, 2, kCheapGrain);
}
KernelDef BuildErf_AiCore() {
  return FloatUnary<ErfOp>("Erf", Engine::kAiCore, 10, kMathGrain);
}
KernelDef BuildErf_AiCpu() {
  return FloatUnary<ErfOp>("Erf", Engine::kAiCpu, 10, kMathGrain);
}
KernelDef BuildFloor_AiCore() {
  return FloatUnary<FloorOp>("Floor", Engine::kAiCore, 1, kCheapGrain);
}
KernelDef BuildFloor_AiCpu() {
  return FloatUnary<FloorOp>("Floor", Engine::kAiCpu, 1, kCheapGrain);
}
KernelDef BuildCeil_AiCore() {
  return FloatUnary<CeilOp>("Ceil", Engine::kAiCore, 1, kCheapGrain);
}
KernelDef BuildCeil_AiCpu() {
  return FloatUnary<CeilOp>("Ceil", Engine::kAiCpu, 1, kCheapGrain);
}
KernelDef BuildRound_AiCore() {
  return FloatUnary<RoundOp>("Round", Engine::kAiCore, 1, kCheapGrain);
}
KernelDef BuildRound_AiCpu() {
  return FloatUnary<RoundOp>("Round", Engine::kAiCpu, 1, kCheapGrain);
}

}  // namespace asim::kernels
