// OneHot (ONNX opset 9-11): output[..., j, ...] (j on `axis`) = values[1] where
// indices[...] == j (negative indices count from the end of depth), values[0] elsewhere;
// indices out of [-depth, depth) give all off. `depth` decides the output shape.
// Owner: the movement / shape kernel family.
// AI Core: int32/int64 indices, constant depth, static shapes. AI CPU: any numeric
// indices and depth, every value type; an unknown depth gives an unknown dim.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for depth < 1 or values not of 2
// elements; kOpAttrNotMatch for an axis out of range.
#include <cmath>
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status DepthOf(const TensorSpec& s, const void* data, int64_t* depth) {
  if (s.ElementCount() != 1) return Status(err::kOpInputNotMatch, "OneHot: depth must hold one value");
  *depth = static_cast<int64_t>(LoadAsDouble(s.dtype, data, 0));
  if (*depth < 1) return Status(err::kOpInputNotMatch, "OneHot: depth " + std::to_string(*depth) + " is below 1");
  return Status::Ok();
}

Status AxisOf(const AttrMap& attrs, size_t in_rank, size_t* axis) {
  const int64_t r = static_cast<int64_t>(in_rank) + 1;
  int64_t a = attrs.GetInt("axis", -1);
  if (a < -r || a >= r) return Status(err::kOpAttrNotMatch, "OneHot: axis " + std::to_string(a) + " is out of range");
  *axis = static_cast<size_t>(a < 0 ? a + r : a);
  return Status::Ok();
}

Status OneHotInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(AxisOf(attrs, inputs[0].dims.size(), &axis));
  if (inputs[2].IsStatic() && inputs[2].ElementCount() != 2) {
    return Status(err::kOpInputNotMatch, "OneHot: values must hold [off, on]");
  }
  int64_t depth = -1;
  if (inputs[1].host_data != nullptr) ASIM_RETURN_IF_ERROR(DepthOf(inputs[1], inputs[1].host_data, &depth));
  TensorSpec o;
  o.dtype = inputs[2].dtype;
  o.dims = inputs[0].dims;
  o.dims.insert(o.dims.begin() + static_cast<std::ptrdiff_t>(axis), depth);
  outputs->assign(1, o);
  return Status::Ok();
}

Status OneHotCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "OneHot"));
  const TensorView& idx = ctx.in(0);
  int64_t depth = 0;
  ASIM_RETURN_IF_ERROR(DepthOf(ctx.in(1).spec, ctx.in(1).data, &depth));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(AxisOf(*ctx.attrs, idx.dims().size(), &axis));
  TensorView& y = ctx.out(0);
  if (y.dims()[axis] != depth) return Status(err::kOpOutputNotMatch, "OneHot: output depth does not match");
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= idx.dims()[k];
  for (size_t k = axis; k < idx.dims().size(); ++k) inner *= idx.dims()[k];
  // The indices as integers (float indices truncate, as ONNX casts them to int64).
  std::vector<int64_t> at(static_cast<size_t>(idx.ElementCount()));
  for (size_t i = 0; i < at.size(); ++i) {
    const double v = LoadAsDouble(idx.dtype(), idx.data, static_cast<int64_t>(i));
    int64_t j = std::isfinite(v) ? static_cast<int64_t>(v) : -depth - 1;
    if (j < 0) j += depth;
    at[i] = (j >= 0 && j < depth) ? j : -1;
  }
  const size_t elem = DataTypeSize(y.dtype());
  return DispatchByElemSize(elem, [&](auto tag) {
    using T = decltype(tag);
    T off, on;
    std::memcpy(&off, ctx.in(2).data, sizeof(T));
    std::memcpy(&on, static_cast<const uint8_t*>(ctx.in(2).data) + sizeof(T), sizeof(T));
    T* out = y.as<T>();
    ParallelFor(outer, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, depth * inner)), [&](int64_t b, int64_t e) {
      for (int64_t o = b; o < e; ++o) {
        T* block = out + o * depth * inner;
        std::fill(block, block + depth * inner, off);
        for (int64_t i = 0; i < inner; ++i) {
          const int64_t j = at[static_cast<size_t>(o * inner + i)];
          if (j >= 0) block[j * inner + i] = on;
        }
      }
    });
    return Status::Ok();
  });
}

}  // namespace

KernelDef BuildOneHot_AiCore() {
  return KernelBuilder("OneHot", Engine::kAiCore)
      .Input("indices", IndexTypes(), MovementFormats())
      .HostInput("depth", IndexTypes())
      .Input("values", AiCoreMoveTypes())
      .Output("output", {})
      .Attr("axis", int64_t{-1})
      .StaticShapesOnly()
      .InferShape(OneHotInfer)
      .Compute(OneHotCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildOneHot_AiCpu() {
  return KernelBuilder("OneHot", Engine::kAiCpu)
      .Input("indices", AllNumericTypes())
      .Input("depth", AllNumericTypes())
      .Input("values", AllMoveTypes())
      .Output("output", {})
      .Attr("axis", int64_t{-1})
      .InferShape(OneHotInfer)
      .Compute(OneHotCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
