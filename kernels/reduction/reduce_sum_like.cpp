// Additive reductions: ReduceSum, ReduceMean, ReduceSumSquare, ReduceL1, ReduceL2,
// ReduceLogSum. AI Core vector unit: fp16 / fp32 with fp32 accumulation (static shapes,
// constant axes); AI CPU: fp32, fp16, bf16, double, plus int32, int64, int8, uint8 for
// Sum / Mean / SumSquare / L1 (integers accumulate in int64 and wrap to the type; integer
// Mean truncates). Reducing an empty set gives 0 (Sum, SumSquare, L1, L2), NaN (Mean, and
// 0 for integers), -inf (LogSum). With noop_with_empty_axes and no axes, each element is
// reduced on its own (SumSquare gives x*x, L1 |x|). Owner: reduction family. Thread
// safety: re-entrant. Failure: see reduce_def.h.
#include "kernels/reduction/reduce_def.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

template <class C>
struct SumBase {
  using Acc = ReduceAcc<C>;
  static constexpr bool kShifted = false;
  static Acc Init() { return Acc(0); }
  static Acc Merge(Acc a, Acc b) { return WrapAdd(a, b); }
};

template <class C>
struct SumR : SumBase<C> {
  using Acc = ReduceAcc<C>;
  static Acc Step(Acc a, C x) { return WrapAdd(a, static_cast<Acc>(x)); }
  static C Final(Acc a, int64_t, C) { return static_cast<C>(a); }
};
template <class C>
struct MeanR : SumR<C> {
  using Acc = ReduceAcc<C>;
  static C Final(Acc a, int64_t n, C) {
    if constexpr (std::is_integral_v<C>) {
      return n == 0 ? C(0) : static_cast<C>(a / n);
    } else {
      return static_cast<C>(a / static_cast<Acc>(n));
    }
  }
};
template <class C>
struct SumSquareR : SumBase<C> {
  using Acc = ReduceAcc<C>;
  static Acc Step(Acc a, C x) { return WrapAdd(a, WrapMul(static_cast<Acc>(x), static_cast<Acc>(x))); }
  static C Final(Acc a, int64_t, C) { return static_cast<C>(a); }
};
template <class C>
struct L1R : SumBase<C> {
  using Acc = ReduceAcc<C>;
  static Acc Step(Acc a, C x) { return WrapAdd(a, WrapAbs(static_cast<Acc>(x))); }
  static C Final(Acc a, int64_t, C) { return static_cast<C>(a); }
};
template <class C>
struct L2R : SumSquareR<C> {
  using Acc = ReduceAcc<C>;
  static C Final(Acc a, int64_t, C) { return static_cast<C>(std::sqrt(a)); }
};
template <class C>
struct LogSumR : SumR<C> {
  using Acc = ReduceAcc<C>;
  static C Final(Acc a, int64_t, C) { return static_cast<C>(std::log(a)); }
};

std::vector<DataType> Dtypes(Engine engine, bool ints) {
  if (engine == Engine::kAiCore) return DtypesOf(AiCoreFloatTypes{});
  return ints ? DtypesOf(ReduceNumericTypes{}) : DtypesOf(FloatTypes{});
}

}  // namespace

KernelDef BuildReduceSum_AiCore() {
  return ReduceDef("ReduceSum", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<SumR>(ReduceNumericTypes{}), 1, 0, kSource);
}
KernelDef BuildReduceSum_AiCpu() {
  return ReduceDef("ReduceSum", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true), ReduceCompute<SumR>(ReduceNumericTypes{}),
                   1, 0, kSource);
}
KernelDef BuildReduceMean_AiCore() {
  return ReduceDef("ReduceMean", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<MeanR>(ReduceNumericTypes{}), 1, 1, kSource);
}
KernelDef BuildReduceMean_AiCpu() {
  return ReduceDef("ReduceMean", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true),
                   ReduceCompute<MeanR>(ReduceNumericTypes{}), 1, 1, kSource);
}
KernelDef BuildReduceSumSquare_AiCore() {
  return ReduceDef("ReduceSumSquare", Engine::kAiCore, Dtypes(Engine::kAiCore, true),
                   ReduceCompute<SumSquareR>(ReduceNumericTypes{}), 2, 0, kSource);
}
KernelDef BuildReduceSumSquare_AiCpu() {
  return ReduceDef("ReduceSumSquare", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true),
                   ReduceCompute<SumSquareR>(ReduceNumericTypes{}), 2, 0, kSource);
}
KernelDef BuildReduceL1_AiCore() {
  return ReduceDef("ReduceL1", Engine::kAiCore, Dtypes(Engine::kAiCore, true), ReduceCompute<L1R>(ReduceNumericTypes{}),
                   2, 0, kSource);
}
KernelDef BuildReduceL1_AiCpu() {
  return ReduceDef("ReduceL1", Engine::kAiCpu, Dtypes(Engine::kAiCpu, true), ReduceCompute<L1R>(ReduceNumericTypes{}),
                   2, 0, kSource);
}
KernelDef BuildReduceL2_AiCore() {
  return ReduceDef("ReduceL2", Engine::kAiCore, Dtypes(Engine::kAiCore, false), ReduceCompute<L2R>(FloatTypes{}), 2, 2,
                   kSource);
}
KernelDef BuildReduceL2_AiCpu() {
  return ReduceDef("ReduceL2", Engine::kAiCpu, Dtypes(Engine::kAiCpu, false), ReduceCompute<L2R>(FloatTypes{}), 2, 2,
                   kSource);
}
KernelDef BuildReduceLogSum_AiCore() {
  return ReduceDef("ReduceLogSum", Engine::kAiCore, Dtypes(Engine::kAiCore, false),
                   ReduceCompute<LogSumR>(FloatTypes{}), 1, 2, kSource);
}
KernelDef BuildReduceLogSum_AiCpu() {
  return ReduceDef("ReduceLogSum", Engine::kAiCpu, Dtypes(Engine::kAiCpu, false), ReduceCompute<LogSumR>(FloatTypes{}),
                   1, 2, kSource);
}

}  // namespace asim::kernels
