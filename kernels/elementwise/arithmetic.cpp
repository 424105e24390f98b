// Add, Sub, Mul, Div with numpy broadcasting. AI Core vector unit: fp16, fp32, int32
// (static shapes); AI CPU: fp32, fp16, bf16, double, int8..int64, uint8 (any shape; the
// only engine for int64 arithmetic, as on the hardware). Integer arithmetic wraps (two's
// complement); integer Div truncates toward zero (ONNX), x / 0 gives 0 and MIN / -1 gives
// MIN (defined here; C++ leaves them undefined). Owner: elementwise family.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

struct AddOp {
  template <class C>
  C operator()(C a, C b) const {
    return WrapAdd(a, b);
  }
};
struct SubOp {
  template <class C>
  C operator()(C a, C b) const {
    return WrapSub(a, b);
  }
};
struct MulOp {
  template <class C>
  C operator()(C a, C b) const {
    return WrapMul(a, b);
  }
};
struct DivOp {
  template <class C>
  C operator()(C a, C b) const {
    if constexpr (std::is_integral_v<C>) {
      return IntDiv(a, b);
    } else {
      return a / b;
    }
  }
};

template <class Op>
KernelDef Arithmetic(const char* op_type, Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreNumericTypes{}) : DtypesOf(NumericTypes{});
  return BinaryBuilder(op_type, engine, dtypes, BinaryCompute(NumericTypes{}, Fixed(Op{}), kCheapGrain), 1, kSource)
      .Build();
}

}  // namespace

KernelDef BuildAdd_AiCore() {
  return Arithmetic<AddOp>("Add", Engine::kAiCore);
}
KernelDef BuildAdd_AiCpu() {
  return Arithmetic<AddOp>("Add", Engine::kAiCpu);
}
KernelDef BuildSub_AiCore() {
  return Arithmetic<SubOp>("Sub", Engine::kAiCore);
}
KernelDef BuildSub_AiCpu() {
  return Arithmetic<SubOp>("Sub", Engine::kAiCpu);
}
KernelDef BuildMul_AiCore() {
  return Arithmetic<MulOp>("Mul", Engine::kAiCore);
}
KernelDef BuildMul_AiCpu() {
  return Arithmetic<MulOp>("Mul", Engine::kAiCpu);
}
KernelDef BuildDiv_AiCore() {
  return Arithmetic<DivOp>("Div", Engine::kAiCore);
}
KernelDef BuildDiv_AiCpu() {
  return Arithmetic<DivOp>("Div", Engine::kAiCpu);
}

}  // namespace asim::kernels
