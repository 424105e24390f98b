// Trigonometric and hyperbolic functions on the AI Core vector unit (fp16, fp32; static
// shapes) and the AI CPU (fp32, fp16, bf16, double; any shape): Sin, Cos, Tan, Asin,
// Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh. Out-of-domain inputs give NaN (IEEE).
// Owner: elementwise family. Thread safety: re-entrant. Failure: kUnsupportedDataType
// outside the declared types.
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

#define ASIM_TRIG_OP(Name, fn) \
  struct Name {                \
    template <class C>         \
    C operator()(C x) const {  \
      return fn(x);            \
    }                          \
  };
ASIM_TRIG_OP(SinOp, std::sin)
ASIM_TRIG_OP(CosOp, std::cos)
ASIM_TRIG_OP(TanOp, std::tan)
ASIM_TRIG_OP(AsinOp, std::asin)
ASIM_TRIG_OP(AcosOp, std::acos)
ASIM_TRIG_OP(AtanOp, std::atan)
ASIM_TRIG_OP(SinhOp, std::sinh)
ASIM_TRIG_OP(CoshOp, std::cosh)
ASIM_TRIG_OP(AsinhOp, std::asinh)
ASIM_TRIG_OP(AcoshOp, std::acosh)
ASIM_TRIG_OP(AtanhOp, std::atanh)
#undef ASIM_TRIG_OP

template <class Op>
KernelDef Trig(const char* op_type, Engine engine, double ops) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  return UnaryBuilder(op_type, engine, dtypes, UnaryCompute(FloatTypes{}, Fixed(Op{}), kMathGrain), ops, kSource)
      .Build();
}

}  // namespace

KernelDef BuildSin_AiCore() {
  return Trig<SinOp>("Sin", Engine::kAiCore, 10);
}
KernelDef BuildSin_AiCpu() {
  return Trig<SinOp>("Sin", Engine::kAiCpu, 10);
}
KernelDef BuildCos_AiCore() {
  return Trig<CosOp>("Cos", Engine::kAiCore, 10);
}
KernelDef BuildCos_AiCpu() {
  return Trig<CosOp>("Cos", Engine::kAiCpu, 10);
}
KernelDef BuildTan_AiCore() {
  return Trig<TanOp>("Tan", Engine::kAiCore, 12);
}
KernelDef BuildTan_AiCpu() {
  return Trig<TanOp>("Tan", Engine::kAiCpu, 12);
}
KernelDef BuildAsin_AiCore() {
  return Trig<AsinOp>("Asin", Engine::kAiCore, 12);
}
KernelDef BuildAsin_AiCpu() {
  return Trig<AsinOp>("Asin", Engine::kAiCpu, 12);
}
KernelDef BuildAcos_AiCore() {
  return Trig<AcosOp>("Acos", Engine::kAiCore, 12);
}
KernelDef BuildAcos_AiCpu() {
  return Trig<AcosOp>("Acos", Engine::kAiCpu, 12);
}
KernelDef BuildAtan_AiCore() {
  return Trig<AtanOp>("Atan", Engine::kAiCore, 12);
}
KernelDef BuildAtan_AiCpu() {
  return Trig<AtanOp>("Atan", Engine::kAiCpu, 12);
}
KernelDef BuildSinh_AiCore() {
  return Trig<SinhOp>("Sinh", Engine::kAiCore, 6);
}
KernelDef BuildSinh_AiCpu() {
  return Trig<SinhOp>("Sinh", Engine::kAiCpu, 6);
}
KernelDef BuildCosh_AiCore() {
  return Trig<CoshOp>("Cosh", Engine::kAiCore, 6);
}
KernelDef BuildCosh_AiCpu() {
  return Trig<CoshOp>("Cosh", Engine::kAiCpu, 6);
}
KernelDef BuildAsinh_AiCore() {
  return Trig<AsinhOp>("Asinh", Engine::kAiCore, 8);
}
KernelDef BuildAsinh_AiCpu() {
  return Trig<AsinhOp>("Asinh", Engine::kAiCpu, 8);
}
KernelDef BuildAcosh_AiCore() {
  return Trig<AcoshOp>("Acosh", Engine::kAiCore, 8);
}
KernelDef BuildAcosh_AiCpu() {
  return Trig<AcoshOp>("Acosh", Engine::kAiCpu, 8);
}
KernelDef BuildAtanh_AiCore() {
  return Trig<AtanhOp>("Atanh", Engine::kAiCore, 8);
}
KernelDef BuildAtanh_AiCpu() {
  return Trig<AtanhOp>("Atanh", Engine::kAiCpu, 8);
}

}  // namespace asim::kernels
