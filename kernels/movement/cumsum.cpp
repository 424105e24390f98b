// CumSum (ONNX opset 11-14): running sums along `axis` (a scalar int32/int64 input), with
// `exclusive` (each output leaves out its own element) and `reverse`. fp16/bf16 accumulate
// in fp32 and round each output, as the AI Core vector unit does.
// Owner: the movement / shape kernel family. AI Core: fp16/fp32/int32/int8/uint8, static
// shapes, constant axis. AI CPU: every numeric type.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status AxisOf(const TensorSpec& x, const TensorSpec& axis_spec, const void* data, size_t* axis) {
  std::vector<int64_t> v;
  ASIM_RETURN_IF_ERROR(ReadIntValues(axis_spec.dtype, data, axis_spec.ElementCount(), "CumSum input 'axis'", &v));
  if (v.size() != 1) return Status(err::kOpInputNotMatch, "CumSum: 'axis' must hold one value");
  return NormalizeAxis(v[0], x.dims.size(), axis);
}

Status CumSumInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  if (inputs[0].dims.empty()) return Status(err::kOpInputNotMatch, "CumSum: the input must have rank >= 1");
  if (inputs[1].host_data != nullptr) {
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(AxisOf(inputs[0], inputs[1], inputs[1].host_data, &axis));
  }
  TensorSpec o = inputs[0];
  o.host_data = nullptr;
  outputs->assign(1, o);
  return Status::Ok();
}

Status CumSumCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(AxisOf(x.spec, ctx.in(1).spec, ctx.in(1).data, &axis));
  const bool exclusive = ctx.attrs->GetInt("exclusive", 0) != 0;
  const bool reverse = ctx.attrs->GetInt("reverse", 0) != 0;
  int64_t outer = 1, inner = 1;
  const int64_t n = x.dims()[axis];
  for (size_t k = 0; k < axis; ++k) outer *= x.dims()[k];
  for (size_t k = axis + 1; k < x.dims().size(); ++k) inner *= x.dims()[k];
  return DispatchNumeric(x.dtype(), "CumSum", [&](auto tag) {
    using T = decltype(tag);
    using A = Arith<T>;
    const T* in = x.as<const T>();
    T* out = ctx.out(0).as<T>();
    ParallelFor(outer * inner, 1024, [&](int64_t b, int64_t e) {
      for (int64_t line = b; line < e; ++line) {
        const int64_t base = (line / inner) * n * inner + line % inner;
        A sum = 0;
        for (int64_t j = 0; j < n; ++j) {
          const int64_t at = base + (reverse ? n - 1 - j : j) * inner;
          const A v = ToArith(in[at]);
          if (!exclusive) sum = static_cast<A>(sum + v);
          out[at] = FromArith<T>(sum);
          if (exclusive) sum = static_cast<A>(sum + v);
        }
      }
    });
    return Status::Ok();
  });
}

KernelBuilder Declare(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  KernelBuilder b("CumSum", engine);
  b.Input("x",
          core ? std::vector<DataType>{DataType::kFloat16, DataType::kFloat, DataType::kInt32, DataType::kInt8,
                                       DataType::kUint8}
               : AllNumericTypes(),
          core ? MovementFormats() : std::vector<Format>{})
      .Input("axis", IndexTypes())
      .Output("y", {})
      .Attr("exclusive", int64_t{0})
      .Attr("reverse", int64_t{0})
      .InferShape(CumSumInfer)
      .Compute(CumSumCompute)
      .Source(ASIM_KERNEL_SOURCE);
  return b;
}

}  // namespace

KernelDef BuildCumSum_AiCore() {
  return Declare(Engine::kAiCore)
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1}, {"axis"}))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Build();
}

KernelDef BuildCumSum_AiCpu() {
  return Declare(Engine::kAiCpu).Cost(AiCpuMoveCost(1)).Build();
}

}  // namespace asim::kernels
