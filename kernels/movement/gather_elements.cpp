// GatherElements (ONNX opset 11-13): output[i...] = data[i... with i_axis replaced by
// indices[i...]]; the output has the indices' shape (same rank as data, each dim off the
// axis no larger than data's). Owner: the movement / shape kernel family.
// AI Core: static shapes. AI CPU: every fixed-size type.
// Thread safety: re-entrant. Failure: kInvalidParam for an index out of range,
// kOpInputNotMatch for mismatched ranks or dims.
#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/index_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

Status GatherElementsInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                           std::vector<TensorSpec>* outputs) {
  const auto& data = inputs[0].dims;
  const auto& idx = inputs[1].dims;
  if (data.empty() || idx.size() != data.size()) {
    return Status(err::kOpInputNotMatch, "GatherElements: indices " + DimsToString(idx) +
                                             " must have the rank of data " + DimsToString(data) + " (>= 1)");
  }
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", 0), data.size(), &axis));
  for (size_t k = 0; k < data.size(); ++k) {
    if (k != axis && data[k] >= 0 && idx[k] > data[k]) {
      return Status(err::kOpInputNotMatch, "GatherElements: indices " + DimsToString(idx) + " exceed data " +
                                               DimsToString(data) + " on axis " + std::to_string(k));
    }
  }
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.dims = idx;
  outputs->assign(1, o);
  return Status::Ok();
}

template <typename T>
Status Gather(const TensorView& x, const TensorView& indices, TensorView& y, size_t axis) {
  const auto& dims = y.dims();
  const std::vector<int64_t> strides = ContiguousStrides(x.dims());
  const int64_t dim = x.dims()[axis];
  const int64_t n = y.ElementCount();
  const T* in = x.as<const T>();
  T* out = y.as<T>();
  BadIndexPosition bad;
  ParallelFor(n, 16384, [&](int64_t b, int64_t e) {
    std::vector<int64_t> pos(dims.size());
    int64_t rest = b;
    for (size_t k = dims.size(); k-- > 0;) {
      pos[k] = rest % dims[k];
      rest /= dims[k];
    }
    for (int64_t i = b; i < e; ++i) {
      int64_t v = IndexAt(indices, i);
      if (!WrapIndex(&v, dim)) {
        bad.Report(i);
        return;
      }
      int64_t off = 0;
      for (size_t k = 0; k < dims.size(); ++k) off += (k == axis ? v : pos[k]) * strides[k];
      out[i] = in[off];
      for (size_t k = dims.size(); k-- > 0;) {
        if (++pos[k] < dims[k]) break;
        pos[k] = 0;
      }
    }
  });
  if (bad.any()) return IndexOutOfRange("GatherElements", bad.position(), IndexAt(indices, bad.position()), dim);
  return Status::Ok();
}

Status GatherElementsCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "GatherElements"));
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", 0), ctx.in(0).dims().size(), &axis));
  return DispatchByElemSize(DataTypeSize(ctx.in(0).dtype()),
                            [&](auto tag) { return Gather<decltype(tag)>(ctx.in(0), ctx.in(1), ctx.out(0), axis); });
}

}  // namespace

KernelDef BuildGatherElements_AiCore() {
  return KernelBuilder("GatherElements", Engine::kAiCore)
      .Input("data", AiCoreMoveTypes(), MovementFormats())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .StaticShapesOnly()
      .InferShape(GatherElementsInfer)
      .Compute(GatherElementsCompute)
      .Cost(AiCoreMoveCost(MoveReads::kOutputSized, 1, 1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildGatherElements_AiCpu() {
  return KernelBuilder("GatherElements", Engine::kAiCpu)
      .Input("data", AllMoveTypes())
      .Input("indices", IndexTypes())
      .Output("output", {})
      .Attr("axis", int64_t{0})
      .InferShape(GatherElementsInfer)
      .Compute(GatherElementsCompute)
      .Cost(AiCpuMoveCost(2))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
