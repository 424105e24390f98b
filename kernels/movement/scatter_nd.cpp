// ScatterND (ONNX opset 11-18: reduction none/add/mul from 16, max/min from 18): a copy of
// data with the slices that indices [..., k] address replaced (or combined) by updates of
// shape indices.dims[:-1] + data.dims[k:]. Updates are applied in index order, so
// duplicate indices give the last update (none) or combine them all.
// Owner: the movement / shape kernel family.
// AI Core: fp16/fp32/int32 with int32 indices, reduction none or add, static shapes.
// AI CPU: every fixed-size type for none, numeric types for the reductions.
// Thread safety: re-entrant. Failure: kInvalidParam for an index out of range,
// kOpInputNotMatch for updates of the wrong shape, kOpAttrNotMatch for a bad reduction.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/nd_index.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/scatter_reduction.h"

namespace asim::kernels {
namespace {

Status ScatterNdInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& data = inputs[0].dims;
  const auto& idx = inputs[1].dims;
  NdIndexGeometry g;
  ASIM_RETURN_IF_ERROR(MakeNdIndexGeometry(data, idx, 0, "ScatterND", &g));
  std::vector<int64_t> want(idx.begin(), idx.end() - 1);
  want.insert(want.end(), data.begin() + g.k, data.end());
  if (inputs[2].dims != want) {
    return Status(err::kOpInputNotMatch,
                  "ScatterND: updates " + DimsToString(inputs[2].dims) + " should be " + DimsToString(want));
  }
  ScatterReduction r;
  ASIM_RETURN_IF_ERROR(ParseScatterReduction(attrs.GetString("reduction", "none"), "ScatterND", &r));
  TensorSpec o = inputs[0];
  o.host_data = nullptr;
  outputs->assign(1, o);
  return Status::Ok();
}

Status ScatterNdCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "ScatterND"));
  const TensorView& x = ctx.in(0);
  TensorView& y = ctx.out(0);
  NdIndexGeometry g;
  ASIM_RETURN_IF_ERROR(MakeNdIndexGeometry(x.dims(), ctx.in(1).dims(), 0, "ScatterND", &g));
  ScatterReduction r;
  ASIM_RETURN_IF_ERROR(ParseScatterReduction(ctx.attrs->GetString("reduction", "none"), "ScatterND", &r));
  if (y.data != x.data && y.Bytes() != 0) std::memcpy(y.data, x.data, y.Bytes());
  const size_t elem = DataTypeSize(x.dtype());
  const auto apply = [&](auto tag) {
    using T = decltype(tag);
    T* out = y.as<T>();
    const T* upd = ctx.in(2).as<const T>();
    for (int64_t t = 0; t < g.tuples; ++t) {
      int64_t off = 0;
      ASIM_RETURN_IF_ERROR(NdSliceOffset(ctx.in(1), g, t, "ScatterND", &off));
      if (r == ScatterReduction::kNone) {
        std::memcpy(out + off, upd + t * g.slice, static_cast<size_t>(g.slice) * elem);
      } else {
        for (int64_t i = 0; i < g.slice; ++i) Combine(r, &out[off + i], upd[t * g.slice + i]);
      }
    }
    return Status::Ok();
  };
  if (r == ScatterReduction::kNone) return DispatchByElemSize(elem, apply);
  return DispatchNumeric(x.dtype(), "ScatterND", apply);
}

}  // namespace

KernelDef BuildScatterND_AiCore() {
  return KernelBuilder("ScatterND", Engine::kAiCore)
      .Input("data", {DataType::kFloat16, DataType::kFloat, DataType::kInt32}, MovementFormats())
      .Input("indices", {DataType::kInt32})
      .Input("updates", {})
      .SameDtypeAs(0)
      .Output("output", {})
      .Attr("reduction", std::string("none"))
      .StaticShapesOnly()
      .Constraint(AiCoreScatterReductions())
      .InferShape(ScatterNdInfer)
      .Compute(ScatterNdCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0.25))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildScatterND_AiCpu() {
  return KernelBuilder("ScatterND", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("indices", IndexTypes())
      .Input("updates", {})
      .SameDtypeAs(0)
      .Output("output", {})
      .Attr("reduction", std::string("none"))
      .InferShape(ScatterNdInfer)
      .Compute(ScatterNdCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
