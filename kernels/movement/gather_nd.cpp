// GatherND (ONNX opset 11-13, batch_dims from 12): indices [..., k] pick slices of data;
// output dims = indices.dims[:-1] + data.dims[batch_dims+k:].
// Owner: the movement / shape kernel family.
// AI Core: static shapes; reads only the picked slices. AI CPU: every fixed-size type.
// Thread safety: re-entrant. Failure: kInvalidParam for an index out of range,
// kOpInputNotMatch for shapes that do not fit.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/nd_index.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status GatherNdInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& data = inputs[0].dims;
  const auto& idx = inputs[1].dims;
  const int64_t b = attrs.GetInt("batch_dims", 0);
  NdIndexGeometry g;
  ASIM_RETURN_IF_ERROR(MakeNdIndexGeometry(data, idx, b, "GatherND", &g));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims.assign(idx.begin(), idx.end() - 1);
  o.dims.insert(o.dims.end(), data.begin() + b + g.k, data.end());
  outputs->assign(1, o);
  return Status::Ok();
}

Status GatherNdCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "GatherND"));
  const TensorView& x = ctx.in(0);
  NdIndexGeometry g;
  ASIM_RETURN_IF_ERROR(
      MakeNdIndexGeometry(x.dims(), ctx.in(1).dims(), ctx.attrs->GetInt("batch_dims", 0), "GatherND", &g));
  const size_t elem = DataTypeSize(x.dtype());
  const size_t slice_bytes = static_cast<size_t>(g.slice) * elem;
  const uint8_t* in = x.as<const uint8_t>();
  uint8_t* out = ctx.out(0).as<uint8_t>();
  for (int64_t bt = 0; bt < g.batches; ++bt) {
    for (int64_t t = 0; t < g.tuples; ++t) {
      const int64_t tuple = bt * g.tuples + t;
      int64_t off = 0;
      ASIM_RETURN_IF_ERROR(NdSliceOffset(ctx.in(1), g, tuple, "GatherND", &off));
      if (slice_bytes != 0) {
        std::memcpy(out + static_cast<size_t>(tuple) * slice_bytes,
                    in + static_cast<size_t>(bt * g.batch_stride + off) * elem, slice_bytes);
      }
    }
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildGatherND_AiCore() {
  return KernelBuilder("GatherND", Engine::kAiCore)
      .Input("data", AiCoreMoveTypes(), MovementFormats())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("batch_dims", int64_t{0})
      .StaticShapesOnly()
      .InferShape(GatherNdInfer)
      .Compute(GatherNdCompute)
      .Cost(AiCoreMoveCost(MoveReads::kOutputSized, 0, 0.25))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildGatherND_AiCpu() {
  return KernelBuilder("GatherND", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("batch_dims", int64_t{0})
      .InferShape(GatherNdInfer)
      .Compute(GatherNdCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
