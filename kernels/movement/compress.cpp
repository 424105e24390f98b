// Compress (ONNX opset 9-11): keeps the slices along `axis` (or the elements of the
// flattened input when axis is absent) whose `condition` entry is true; a condition
// shorter than the axis drops the slices beyond it. With a constant condition the output
// shape is known at selection; otherwise InferShape gives the upper bound and compute
// reports the actual dims (kernels/common/shape/computed_shape.h).
// Owner: the movement / shape kernel family. AI CPU only (data-dependent).
// Thread safety: re-entrant. Failure: kOpInputNotMatch for a condition longer than the
// axis or not 1-D; kOpAttrNotMatch for an axis out of range.
#include <climits>
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

constexpr int64_t kNoAxis = LLONG_MIN;  // `axis` absent: work on the flattened input

// Dims of the output for `kept` selected slices (or the bound, with kept = the axis length).
Status OutDims(const std::vector<int64_t>& in, const TensorSpec& cond, const AttrMap& attrs, int64_t kept,
               std::vector<int64_t>* out, int64_t* axis_len) {
  const int64_t axis = attrs.GetInt("axis", kNoAxis);
  if (cond.dims.size() != 1) return Status(err::kOpInputNotMatch, "Compress: condition must be 1-D");
  if (axis == kNoAxis) {
    int64_t n = 1;
    for (int64_t d : in) n = (n < 0 || d < 0) ? -1 : n * d;
    *axis_len = n;
    *out = {kept < 0 ? n : kept};
  } else {
    size_t a = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(axis, in.size(), &a));
    *axis_len = in[a];
    *out = in;
    (*out)[a] = kept < 0 ? in[a] : kept;
  }
  if (*axis_len >= 0 && cond.dims[0] > *axis_len) {
    return Status(err::kOpInputNotMatch,
                  "Compress: condition " + DimsToString(cond.dims) + " is longer than " + std::to_string(*axis_len));
  }
  return Status::Ok();
}

int64_t CountTrue(const uint8_t* c, int64_t n) {
  int64_t k = 0;
  for (int64_t i = 0; i < n; ++i) k += c[i] != 0;
  return k;
}

Status CompressInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  int64_t kept = -1, len = 0;
  if (inputs[1].host_data != nullptr && inputs[1].IsStatic()) {
    kept = CountTrue(static_cast<const uint8_t*>(inputs[1].host_data), inputs[1].ElementCount());
  }
  ASIM_RETURN_IF_ERROR(OutDims(inputs[0].dims, inputs[1], attrs, kept, &o.dims, &len));
  outputs->assign(1, o);
  return Status::Ok();
}

Status CompressCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  const TensorView& cond = ctx.in(1);
  const uint8_t* c = cond.as<const uint8_t>();
  const int64_t kept = CountTrue(c, cond.ElementCount());
  std::vector<int64_t> dims;
  int64_t len = 0;
  ASIM_RETURN_IF_ERROR(OutDims(x.dims(), cond.spec, *ctx.attrs, kept, &dims, &len));
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, dims, "Compress"));
  const int64_t axis = ctx.attrs->GetInt("axis", kNoAxis);
  int64_t outer = 1, inner = 1;
  if (axis != kNoAxis) {
    size_t a = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(axis, x.dims().size(), &a));
    for (size_t k = 0; k < a; ++k) outer *= x.dims()[k];
    for (size_t k = a + 1; k < x.dims().size(); ++k) inner *= x.dims()[k];
  }
  const size_t row = static_cast<size_t>(inner) * DataTypeSize(x.dtype());
  uint8_t* out = ctx.out(0).as<uint8_t>();
  const uint8_t* in = x.as<const uint8_t>();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < cond.ElementCount(); ++i) {
      if (c[i] == 0 || row == 0) continue;
      std::memcpy(out, in + static_cast<size_t>(o * len + i) * row, row);
      out += row;
    }
  }
  return Status::Ok();
}

}  // namespace

KernelDef BuildCompress_AiCpu() {
  return KernelBuilder("Compress", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .Input("condition", {DataType::kBool})
      .Output("output", {})
      .ShapeFromComputeUnlessKnown(1)
      .Attr("axis", int64_t{kNoAxis})
      .InferShape(CompressInfer)
      .Compute(CompressCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
