// Relu on the AI Core vector unit (fp16, fp32) and on the AI CPU (float types, integers).
#include <algorithm>

#include "kernels/common/cost/cost_utils.h"
#include "kernels/common/elementwise/elementwise.h"
#include "kernels/common/shape/shape_utils.h"

namespace asim::kernels {
namespace {

Status ReluCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  TensorView& y = ctx.out(0);
  switch (x.dtype()) {
    case DataType::kInt32: {
      const int32_t* in = x.as<const int32_t>();
      int32_t* out = y.as<int32_t>();
      for (int64_t i = 0; i < y.ElementCount(); ++i) out[i] = std::max(in[i], 0);
      return Status::Ok();
    }
    case DataType::kInt64: {
      const int64_t* in = x.as<const int64_t>();
      int64_t* out = y.as<int64_t>();
      for (int64_t i = 0; i < y.ElementCount(); ++i) out[i] = std::max<int64_t>(in[i], 0);
      return Status::Ok();
    }
    case DataType::kInt8: {
      const int8_t* in = x.as<const int8_t>();
      int8_t* out = y.as<int8_t>();
      for (int64_t i = 0; i < y.ElementCount(); ++i) out[i] = std::max<int8_t>(in[i], 0);
      return Status::Ok();
    }
    default: return UnaryFloat(x, y, [](float v) { return v > 0.0f ? v : 0.0f; });
  }
}

}  // namespace

KernelDef BuildRelu_AiCore() {
  return KernelBuilder("Relu", Engine::kAiCore)
      .Input("x", {DataType::kFloat16, DataType::kFloat})
      .Output("y", {DataType::kFloat16, DataType::kFloat})
      .StaticShapesOnly()
      .InferShape(SameAsInput(0))
      .Compute(ReluCompute)
      .Cost(VectorElementwiseCost(1.0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildRelu_AiCpu() {
  return KernelBuilder("Relu", Engine::kAiCpu)
      .Input("x", {DataType::kFloat16, DataType::kFloat, DataType::kDouble, DataType::kBf16, DataType::kInt8,
                   DataType::kInt32, DataType::kInt64})
      .Output("y", {})
      .InferShape(SameAsInput(0))
      .Compute(ReluCompute)
      .Cost(AiCpuElementwiseCost(1.0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
