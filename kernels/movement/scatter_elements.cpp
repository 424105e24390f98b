// ScatterElements (ONNX opset 11-18: reduction none/add/mul from 16, max/min from 18): a
// copy of data where, for every position p of indices, the element at p with p[axis]
// replaced by indices[p] becomes (or combines with) updates[p]. Applied in index order.
// Owner: the movement / shape kernel family.
// AI Core: fp16/fp32/int32 with int32 indices, reduction none or add, static shapes.
// AI CPU: every fixed-size type for none, numeric types for the reductions.
// Thread safety: re-entrant. Failure: kInvalidParam for an index out of range,
// kOpInputNotMatch for mismatched shapes, kOpAttrNotMatch for a bad axis or reduction.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/index_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/scatter_reduction.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

Status ScatterElementsInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                            std::vector<TensorSpec>* outputs) {
  const auto& data = inputs[0].dims;
  const auto& idx = inputs[1].dims;
  if (data.empty() || idx.size() != data.size() || inputs[2].dims != idx) {
    return Status(err::kOpInputNotMatch, "ScatterElements: indices " + DimsToString(idx) + " and updates " +
                                             DimsToString(inputs[2].dims) + " must match and have the rank of data " +
                                             DimsToString(data));
  }
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", 0), data.size(), &axis));
  for (size_t k = 0; k < data.size(); ++k) {
    if (k != axis && idx[k] > data[k]) {
      return Status(err::kOpInputNotMatch, "ScatterElements: indices " + DimsToString(idx) + " exceed data " +
                                               DimsToString(data) + " on axis " + std::to_string(k));
    }
  }
  ScatterReduction r;
  ASIM_RETURN_IF_ERROR(ParseScatterReduction(attrs.GetString("reduction", "none"), "ScatterElements", &r));
  TensorSpec o = inputs[0];
  o.host_data = nullptr;
  outputs->assign(1, o);
  return Status::Ok();
}

Status ScatterElementsCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "ScatterElements"));
  const TensorView& x = ctx.in(0);
  const TensorView& indices = ctx.in(1);
  TensorView& y = ctx.out(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", 0), x.dims().size(), &axis));
  ScatterReduction r;
  ASIM_RETURN_IF_ERROR(ParseScatterReduction(ctx.attrs->GetString("reduction", "none"), "ScatterElements", &r));
  if (y.data != x.data && y.Bytes() != 0) std::memcpy(y.data, x.data, y.Bytes());
  const std::vector<int64_t> strides = ContiguousStrides(x.dims());
  const auto& idims = indices.dims();
  const int64_t dim = x.dims()[axis];
  const auto apply = [&](auto tag) {
    using T = decltype(tag);
    T* out = y.as<T>();
    const T* upd = ctx.in(2).as<const T>();
    std::vector<int64_t> pos(idims.size(), 0);
    for (int64_t i = 0; i < indices.ElementCount(); ++i) {
      int64_t v = IndexAt(indices, i);
      if (!WrapIndex(&v, dim)) return IndexOutOfRange("ScatterElements", i, IndexAt(indices, i), dim);
      int64_t off = 0;
      for (size_t k = 0; k < idims.size(); ++k) off += (k == axis ? v : pos[k]) * strides[k];
      Combine(r, &out[off], upd[i]);
      for (size_t k = idims.size(); k-- > 0;) {
        if (++pos[k] < idims[k]) break;
        pos[k] = 0;
      }
    }
    return Status::Ok();
  };
  if (r == ScatterReduction::kNone) return DispatchByElemSize(DataTypeSize(x.dtype()), apply);
  return DispatchNumeric(x.dtype(), "ScatterElements", apply);
}

}  // namespace

KernelDef BuildScatterElements_AiCore() {
  return KernelBuilder("ScatterElements", Engine::kAiCore)
      .Input("data", {DataType::kFloat16, DataType::kFloat, DataType::kInt32}, MovementFormats())
      .Input("indices", {DataType::kInt32})
      .Input("updates", {})
      .SameDtypeAs(0)
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .Attr("reduction", std::string("none"))
      .StaticShapesOnly()
      .Constraint(AiCoreScatterReductions())
      .InferShape(ScatterElementsInfer)
      .Compute(ScatterElementsCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildScatterElements_AiCpu() {
  return KernelBuilder("ScatterElements", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("indices", IndexTypes())
      .Input("updates", {})
      .SameDtypeAs(0)
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .Attr("reduction", std::string("none"))
      .InferShape(ScatterElementsInfer)
      .Compute(ScatterElementsCompute)
      .Cost(AiCpuMoveCost(2))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
