// And, Or, Xor over bool tensors with numpy broadcasting, on the AI Core vector unit
// (static shapes) and the AI CPU (any shape). Owner: elementwise family. Thread safety:
// re-entrant. Failure: kOpInputNotMatch for shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

struct AndOp {
  bool operator()(bool a, bool b) const { return a && b; }
};
struct OrOp {
  bool operator()(bool a, bool b) const { return a || b; }
};
struct XorOp {
  bool operator()(bool a, bool b) const { return a != b; }
};

template <class Op>
KernelDef Logical(const char* op_type, Engine engine) {
  return BinaryBuilder(op_type, engine, {DataType::kBool}, BinaryCompute(Types<BoolByte>{}, Fixed(Op{}), kCheapGrain),
                       1, kSource)
      .Build();
}

}  // namespace

KernelDef BuildAnd_AiCore() {
  return Logical<AndOp>("And", Engine::kAiCore);
}
KernelDef BuildAnd_AiCpu() {
  return Logical<AndOp>("And", Engine::kAiCpu);
}
KernelDef BuildOr_AiCore() {
  return Logical<OrOp>("Or", Engine::kAiCore);
}
KernelDef BuildOr_AiCpu() {
  return Logical<OrOp>("Or", Engine::kAiCpu);
}
KernelDef BuildXor_AiCore() {
  return Logical<XorOp>("Xor", Engine::kAiCore);
}
KernelDef BuildXor_AiCpu() {
  return Logical<XorOp>("Xor", Engine::kAiCpu);
}

}  // namespace asim::kernels
