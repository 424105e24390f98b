// ReverseSequence (ONNX opset 10): for each batch entry b, the first sequence_lens[b]
// steps along time_axis are reversed, the rest copied. time_axis and batch_axis are 0 and
// 1 in either order. Owner: the movement / shape kernel family. AI CPU only.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for bad axes; kOpInputNotMatch for
// sequence_lens of the wrong length; kInvalidParam for a length outside [0, time steps].
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/index_values.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status Axes(const AttrMap& attrs, size_t rank, size_t* time, size_t* batch) {
  const int64_t t = attrs.GetInt("time_axis", 0), b = attrs.GetInt("batch_axis", 1);
  if (rank < 2 || !((t == 0 && b == 1) || (t == 1 && b == 0))) {
    return Status(err::kOpAttrNotMatch, "ReverseSequence: time_axis/batch_axis must be 0/1 or 1/0 on rank >= 2");
  }
  *time = static_cast<size_t>(t);
  *batch = static_cast<size_t>(b);
  return Status::Ok();
}

Status ReverseSequenceInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                            std::vector<TensorSpec>* outputs) {
  size_t t = 0, b = 0;
  ASIM_RETURN_IF_ERROR(Axes(attrs, inputs[0].dims.size(), &t, &b));
  if (inputs[1].dims.size() != 1 || inputs[1].dims[0] != inputs[0].dims[b]) {
    return Status(err::kOpInputNotMatch, "ReverseSequence: sequence_lens " + DimsToString(inputs[1].dims) +
                                             " must be [" + std::to_string(inputs[0].dims[b]) + "]");
  }
  return SameAsInput(0)(inputs, attrs, outputs);
}

Status ReverseSequenceCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  size_t t_axis = 0, b_axis = 0;
  ASIM_RETURN_IF_ERROR(Axes(*ctx.attrs, x.dims().size(), &t_axis, &b_axis));
  const int64_t steps = x.dims()[t_axis], batch = x.dims()[b_axis];
  int64_t inner = 1;
  for (size_t k = 2; k < x.dims().size(); ++k) inner *= x.dims()[k];
  const size_t row = static_cast<size_t>(inner) * DataTypeSize(x.dtype());
  for (int64_t b = 0; b < batch; ++b) {
    const int64_t len = IndexAt(ctx.in(1), b);
    if (len < 0 || len > steps) {
      return Status(err::kInvalidParam, "ReverseSequence: sequence_lens[" + std::to_string(b) + "] = " +
                                            std::to_string(len) + " is outside [0, " + std::to_string(steps) + "]");
    }
    for (int64_t t = 0; t < steps; ++t) {
      const int64_t src_t = t < len ? len - 1 - t : t;
      // Row (t, b) sits at t * batch + b (time first) or b * steps + t (batch first).
      const int64_t dst = t_axis == 0 ? t * batch + b : b * steps + t;
      const int64_t src = t_axis == 0 ? src_t * batch + b : b * steps + src_t;
      if (row != 0) {
        std::memcpy(ctx.out(0).as<uint8_t>() + static_cast<size_t>(dst) * row,
                    x.as<const uint8_t>() + static_cast<size_t>(src) * row, row);
      }
    }
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildReverseSequence_AiCpu() {
  return KernelBuilder("ReverseSequence", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Input("sequence_lens", IndexTypes())
      .Output("Y", {})
      .Attr("time_axis", int64_t{0})
      .Attr("batch_axis", int64_t{1})
      .InferShape(ReverseSequenceInfer)
      .Compute(ReverseSequenceCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
