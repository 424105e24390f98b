// Gather (ONNX opset 1-13): takes slices of `data` along `axis` at `indices` (int32 or
// int64, negative counts from the end); output dims = data[:axis] + indices + data[axis+1:].
// Owner: the movement / shape kernel family.
// AI Core: static shapes; MTE2 reads only the gathered rows plus the indices. AI CPU: every
// fixed-size type, any shape.
// Thread safety: re-entrant. Failure: kInvalidParam for an index out of range,
// kOpAttrNotMatch for an axis out of range.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/index_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status GatherInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& data = inputs[0].dims;
  if (data.empty()) return Status(err::kOpInputNotMatch, "Gather: data must have rank >= 1");
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", 0), data.size(), &axis));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims.assign(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(axis));
  o.dims.insert(o.dims.end(), inputs[1].dims.begin(), inputs[1].dims.end());
  o.dims.insert(o.dims.end(), data.begin() + static_cast<std::ptrdiff_t>(axis) + 1, data.end());
  outputs->assign(1, o);
  return Status::Ok();
}

Status GatherCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Gather"));
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", 0), x.dims().size(), &axis));
  const int64_t dim = x.dims()[axis];
  std::vector<int64_t> idx;
  ASIM_RETURN_IF_ERROR(ReadWrappedIndices(ctx.in(1), dim, "Gather", &idx));
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= x.dims()[k];
  for (size_t k = axis + 1; k < x.dims().size(); ++k) inner *= x.dims()[k];
  const size_t row = static_cast<size_t>(inner) * DataTypeSize(x.dtype());
  const int64_t n = static_cast<int64_t>(idx.size());
  if (row == 0 || n == 0) return Status::Ok();
  const uint8_t* in = x.as<const uint8_t>();
  uint8_t* out = ctx.out(0).as<uint8_t>();
  const int64_t grain = std::max<int64_t>(1, static_cast<int64_t>((64 * 1024) / row));
  ParallelFor(outer * n, grain, [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const int64_t o = r / n, i = r % n;
      std::memcpy(out + static_cast<size_t>(r) * row,
                  in + static_cast<size_t>(o * dim + idx[static_cast<size_t>(i)]) * row, row);
    }
  });
  return Status::Ok();
}

}  // namespace

KernelDef BuildGather_AiCore() {
  return KernelBuilder("Gather", Engine::kAiCore)
      .Input("data", AiCoreMoveTypes(), MovementFormats())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .StaticShapesOnly()
      .InferShape(GatherInfer)
      .Compute(GatherCompute)
      .Cost(AiCoreMoveCost(MoveReads::kOutputSized, 0, 0.125))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildGather_AiCpu() {
  return KernelBuilder("Gather", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .InferShape(GatherInfer)
      .Compute(GatherCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
