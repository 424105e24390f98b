// Comparisons with numpy broadcasting and a bool result: Equal, Less, LessOrEqual,
// Greater, GreaterOrEqual. AI Core vector unit: fp16, fp32, int32 (static shapes); AI CPU:
// floats, int8..int64, uint8, and bool for Equal (any shape). IEEE semantics: any
// comparison with NaN is false. Owner: elementwise family. Thread safety: re-entrant.
// Failure: kOpInputNotMatch for shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
using EqualTypes = ConcatTypes<NumericTypes, Types<BoolByte>>::type;

#define ASIM_COMPARE_OP(Name, expr)   \
  struct Name {                       \
    template <class C>                \
    bool operator()(C a, C b) const { \
      return expr;                    \
    }                                 \
  };
ASIM_COMPARE_OP(EqualOp, a == b)
ASIM_COMPARE_OP(LessOp, a < b)
ASIM_COMPARE_OP(LessOrEqualOp, a <= b)
ASIM_COMPARE_OP(GreaterOp, a > b)
ASIM_COMPARE_OP(GreaterOrEqualOp, a >= b)
#undef ASIM_COMPARE_OP

template <class Op, class CpuList>
KernelDef Compare(const char* op_type, Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreNumericTypes{}) : DtypesOf(CpuList{});
  return BinaryBuilder(op_type, engine, dtypes, BinaryToCompute<BoolByte>(CpuList{}, Fixed(Op{}), kCheapGrain), 1,
                       kSource, DataType::kBool)
      .Build();
}

}  // namespace

KernelDef BuildEqual_AiCore() {
  return Compare<EqualOp, EqualTypes>("Equal", Engine::kAiCore);
}
KernelDef BuildEqual_AiCpu() {
  return Compare<EqualOp, EqualTypes>("Equal", Engine::kAiCpu);
}
KernelDef BuildLess_AiCore() {
  return Compare<LessOp, NumericTypes>("Less", Engine::kAiCore);
}
KernelDef BuildLess_AiCpu() {
  return Compare<LessOp, NumericTypes>("Less", Engine::kAiCpu);
}
KernelDef BuildLessOrEqual_AiCore() {
  return Compare<LessOrEqualOp, NumericTypes>("LessOrEqual", Engine::kAiCore);
}
KernelDef BuildLessOrEqual_AiCpu() {
  return Compare<LessOrEqualOp, NumericTypes>("LessOrEqual", Engine::kAiCpu);
}
KernelDef BuildGreater_AiCore() {
  return Compare<GreaterOp, NumericTypes>("Greater", Engine::kAiCore);
}
KernelDef BuildGreater_AiCpu() {
  return Compare<GreaterOp, NumericTypes>("Greater", Engine::kAiCpu);
}
KernelDef BuildGreaterOrEqual_AiCore() {
  return Compare<GreaterOrEqualOp, NumericTypes>("GreaterOrEqual", Engine::kAiCore);
}
KernelDef BuildGreaterOrEqual_AiCpu() {
  return Compare<GreaterOrEqualOp, NumericTypes>("GreaterOrEqual", Engine::kAiCpu);
}

}  // namespace asim::kernels
