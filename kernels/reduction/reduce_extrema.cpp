// Multiplicative and extremal reductions: ReduceMax, ReduceMin, ReduceProd,
// ReduceLogSumExp. AI Core vector unit: fp16 / fp32 (fp32 arithmetic; static shapes,
// constant axes); AI CPU: fp32, fp16, bf16, double, plus int32, int64, int8, uint8 for
// Max / Min / Prod (Prod wraps). Max / Min propagate NaN; over an empty set Max gives
// -inf (the type's lowest for integers), Min +inf (highest), Prod 1, LogSumExp -inf.
// LogSumExp subtracts each output's maximum before exponentiating (no overflow).
// Owner: reduction family. Thread safety: re-entrant. Failure: see reduce_def.h.
#include "kernels/reduction/reduce_def.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

template <class C>
struct MaxR : reduce_detail::MaxOf<C> {
  static C Final(C a, int64_t, C) { return a; }
};
template <class C>
struct MinR {
  using Acc = C;
  static constexpr bool kShifted = false;
  static Acc Init() {
    if constexpr (std::numeric_limits<C>::has_infinity) return std::numeric_limits<C>::infinity();
    return std::numeric_limits<C>::max();
  }
  static Acc Step(Acc a, C x) { return (x < a || x != x) ? x : a; }
  static Acc Merge(Acc a, Acc b) { return Step(a, b); }
  static C Final(C a, int64_t, C) { return a; }
};
template <class C>
struct ProdR {
  using Acc = ReduceAcc<C>;
  static constexpr bool kShifted = false;
  static Acc Init() { return Acc(1); }
  static Acc Step(Acc a, C x) { return WrapMul(a, static_cast<Acc>(x)); }
  static Acc Merge(Acc a, Acc b) { return WrapMul(a, b); }
  static C Final(Acc a, int64_t, C) { return static_cast<C>(a); }
};
template <class C>
struct LogSumExpR {
  using Acc = C;
  static constexpr bool kShifted = true;
  static Acc Init() { return C(0); }
  static Acc Step(Acc a, C shifted) { return a + std::exp(shifted); }
  static Acc Merge(Acc a, Acc b) { return a + b; }
  static C Final(Acc a, int64_t, C max) {
    if (!std::isfinite(max)) return max;  // empty or all -inf: -inf; any +inf: +inf; NaN: NaN
    return max + std::log(a);
  }
};

std::vector<DataType> Dtypes(Engine engine, bool ints) {
  if (engine == Engine::kAiCore) return DtypesOf(AiCoreFloatTypes{});
  return ints ? DtypesOf(ReduceNumericTypes{}) : DtypesOf(FloatTypes{});
}

}  // namespace

KernelDef BuildReduceMax_AiCore() {
  return ReduceDef("ReduceMax", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<MaxR>(ReduceNumericTypes{}), 1, 0, kSource);
}
KernelDef BuildReduceMax_AiCpu() {
  return ReduceDef("ReduceMax", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true), ReduceCompute<MaxR>(ReduceNumericTypes{}),
                   1, 0, kSource);
}
KernelDef BuildReduceMin_AiCore() {
  return ReduceDef("ReduceMin", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<MinR>(ReduceNumericTypes{}), 1, 0, kSource);
}
KernelDef BuildReduceMin_AiCpu() {
  return ReduceDef("ReduceMin", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true), ReduceCompute<MinR>(ReduceNumericTypes{}),
                   1, 0, kSource);
}
KernelDef BuildReduceProd_AiCore() {
  return ReduceDef("ReduceProd", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<ProdR>(ReduceNumericTypes{}), 1, 0, kSource);
}
KernelDef BuildReduceProd_AiCpu() {
  return ReduceDef("ReduceProd", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true),
                   ReduceCompute<ProdR>(ReduceNumericTypes{}), 1, 0, kSource);
}
KernelDef BuildReduceLogSumExp_AiCore() {
  return ReduceDef("ReduceLogSumExp", Engine::kAiCore, Dtypes(Engine::kAiCore, false),
                   ReduceCompute<LogSumExpR>(FloatTypes{}), 5, 2, kSource);
}
KernelDef BuildReduceLogSumExp_AiCpu() {
  return ReduceDef("ReduceLogSumExp", Engine::kAiCpu, Dtypes(Engine::kAiCpu, false),
                   ReduceCompute<LogSumExpR>(FloatTypes{}), 5, 2, kSource);
}

}  // namespace asim::kernels
