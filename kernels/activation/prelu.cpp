// PRelu (y = x < 0 ? slope * x : x, slope broadcast to x's shape) on the AI Core vector
// unit (fp16, fp32; static shapes) and the AI CPU (floats, int32, int64; any shape).
// Owner: activation family. Thread safety: re-entrant. Failure: kOpInputNotMatch when the
// slope does not broadcast to x (unidirectional broadcasting: y always has x's shape).
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
using PReluCpuTypes = ConcatTypes<FloatTypes, Types<int32_t, int64_t>>::type;

struct PReluOp {
  template <class C>
  C operator()(C x, C slope) const {
    return x < C(0) ? WrapMul(slope, x) : x;
  }
};

Status PReluInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  std::vector<int64_t> dims;
  ASIM_RETURN_IF_ERROR(BroadcastDims({inputs[0].dims, inputs[1].dims}, &dims));
  if (dims.size() != inputs[0].dims.size()) {
    return Status(err::kOpInputNotMatch,
                  "slope " + DimsToString(inputs[1].dims) + " does not broadcast to x " + DimsToString(inputs[0].dims));
  }
  for (size_t i = 0; i < dims.size(); ++i) {
    if (inputs[0].dims[i] >= 0 && dims[i] != inputs[0].dims[i]) {
      return Status(err::kOpInputNotMatch, "slope " + DimsToString(inputs[1].dims) + " does not broadcast to x " +
                                               DimsToString(inputs[0].dims));
    }
  }
  TensorSpec o = inputs[0];
  o.host_data = nullptr;
  outputs->assign(1, o);
  return Status::Ok();
}

KernelDef PRelu(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(PReluCpuTypes{});
  return BinaryBuilder("PRelu", engine, dtypes, BinaryCompute(PReluCpuTypes{}, Fixed(PReluOp{}), kCheapGrain), 3,
                       kSource, DataType::kUndefined, {"X", "slope"})
      .InferShape(PReluInfer)
      .Build();
}

}  // namespace

KernelDef BuildPRelu_AiCore() {
  return PRelu(Engine::kAiCore);
}
KernelDef BuildPRelu_AiCpu() {
  return PRelu(Engine::kAiCpu);
}

}  // namespace asim::kernels
