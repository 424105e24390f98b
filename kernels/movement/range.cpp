// Range (ONNX opset 11): [start, start + delta, ...) up to limit, of
// max(0, ceil((limit - start) / delta)) elements; the three scalars share one type.
// Owner: the movement / shape kernel family. AI Core: fp32 / int32 with constant inputs.
// AI CPU: fp32, double, int16, int32, int64; unknown inputs give an unknown length.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for a zero delta or non-scalar
// inputs.
#include <cmath>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

// The element count, from the scalars' values (any numeric dtype).
Status RangeLength(DataType t, const void* start, const void* limit, const void* delta, int64_t* n) {
  const bool integral = t == DataType::kInt16 || t == DataType::kInt32 || t == DataType::kInt64;
  if (integral) {
    std::vector<int64_t> s, l, d;
    ASIM_RETURN_IF_ERROR(ReadIntValues(t, start, 1, "Range start", &s));
    ASIM_RETURN_IF_ERROR(ReadIntValues(t, limit, 1, "Range limit", &l));
    ASIM_RETURN_IF_ERROR(ReadIntValues(t, delta, 1, "Range delta", &d));
    if (d[0] == 0) return Status(err::kOpInputNotMatch, "Range: delta is 0");
    int64_t span = 0;
    if (__builtin_sub_overflow(l[0], s[0], &span)) {
      return Status(err::kOpInputNotMatch,
                    "Range: limit " + std::to_string(l[0]) + " - start " + std::to_string(s[0]) + " overflows int64");
    }
    int64_t q = span / d[0];
    if (span % d[0] != 0 && ((span > 0) == (d[0] > 0))) ++q;  // ceil
    *n = std::max<int64_t>(0, q);
    return Status::Ok();
  }
  const double s = LoadAsDouble(t, start, 0), l = LoadAsDouble(t, limit, 0), d = LoadAsDouble(t, delta, 0);
  if (d == 0) return Status(err::kOpInputNotMatch, "Range: delta is 0");
  const double count = std::ceil((l - s) / d);
  // Not a number of elements (a NaN or infinite bound, or more than int64 holds): refused,
  // not converted (undefined: it came out as an empty range).
  if (std::isnan(count) || count >= 9.2e18) {
    return Status(err::kOpInputNotMatch, "Range: start " + std::to_string(s) + ", limit " + std::to_string(l) +
                                             ", delta " + std::to_string(d) + " do not give a finite element count");
  }
  *n = count <= 0 ? 0 : static_cast<int64_t>(count);
  return Status::Ok();
}

Status RangeInfer(const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
  for (size_t i = 0; i < 3; ++i) {
    if (inputs[i].ElementCount() != 1 && inputs[i].IsStatic()) {
      return Status(err::kOpInputNotMatch, "Range: input " + std::to_string(i) + " must be a scalar");
    }
  }
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims = {-1};
  if (inputs[0].host_data && inputs[1].host_data && inputs[2].host_data) {
    ASIM_RETURN_IF_ERROR(
        RangeLength(inputs[0].dtype, inputs[0].host_data, inputs[1].host_data, inputs[2].host_data, &o.dims[0]));
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status RangeCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Range"));
  const DataType t = ctx.in(0).dtype();
  int64_t n = 0;
  ASIM_RETURN_IF_ERROR(RangeLength(t, ctx.in(0).data, ctx.in(1).data, ctx.in(2).data, &n));
  if (n != ctx.out(0).ElementCount()) return Status(err::kOpOutputNotMatch, "Range: output length does not match");
  return DispatchNumeric(t, "Range", [&](auto tag) {
    using T = decltype(tag);
    const T start = ctx.in(0).as<const T>()[0], delta = ctx.in(2).as<const T>()[0];
    T* out = ctx.out(0).as<T>();
    for (int64_t i = 0; i < n; ++i) {
      if constexpr (kIsFloatStorage<T>) {
        out[i] = FromDouble<T>(ToDouble(start) + static_cast<double>(i) * ToDouble(delta));
      } else {
        out[i] = static_cast<T>(start + static_cast<T>(i) * delta);
      }
    }
    return Status::Ok();
  });
}

}  // namespace

KernelDef BuildRange_AiCore() {
  const std::vector<DataType> types = {DataType::kFloat, DataType::kInt32};
  return KernelBuilder("Range", Engine::kAiCore)
      .HostInput("start", types)
      .HostInput("limit", types)
      .SameDtypeAs(0)
      .HostInput("delta", types)
      .SameDtypeAs(0)
      .Output("output", {})
      .InferShape(RangeInfer)
      .Compute(RangeCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 2, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildRange_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat, DataType::kDouble, DataType::kInt16, DataType::kInt32,
                                       DataType::kInt64};
  return KernelBuilder("Range", Engine::kAiCpu)
      .Input("start", types)
      .Input("limit", types)
      .SameDtypeAs(0)
      .Input("delta", types)
      .SameDtypeAs(0)
      .Output("output", {})
      .InferShape(RangeInfer)
      .Compute(RangeCompute)
      .Cost(AiCpuMoveCost(2))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
