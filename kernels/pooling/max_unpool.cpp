// MaxUnpool (ONNX opset 11): the partial inverse of MaxPool. X [N, C, D1 ...] and its
// indices I (int64, X's shape, flattened over the whole unpooled tensor as MaxPool's
// Indices are) scatter into zeros of the inferred shape [N, C, (Di - 1) * stride_i -
// pad_begin_i - pad_end_i + kernel_i ...]; with output_shape given (pads then ignored, as
// the ONNX reference does) the result sits at the origin of a zero tensor of that shape,
// which must not be smaller than the inferred one. A later duplicate index wins.
// output_shape decides the output's dims: without its value at selection (a graph input)
// they are unknown (-1) and the runtime infers them again with the value.
// Owner: the pooling family. AI CPU only: fp32, fp16, bf16, double X, any shape.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for kernel_shape / strides / pads of
// the wrong length or non-positive kernel / stride, negative pads, an inferred dim beyond
// int64; kOpInputNotMatch for X of
// rank below 3, I not of X's shape, output_shape of the wrong length or smaller than the
// inferred shape, an index outside the inferred shape (naming it).
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

Status AttrFail(const std::string& why) {
  return Status(err::kOpAttrNotMatch, "MaxUnpool: " + why);
}
Status InputFail(const std::string& why) {
  return Status(err::kOpInputNotMatch, "MaxUnpool: " + why);
}

// The inferred output dims for X's dims (-1 where X's dim is unknown).
Status InferredDims(const std::vector<int64_t>& x, const AttrMap& attrs, bool given_shape, std::vector<int64_t>* out) {
  if (x.size() < 3) return InputFail("X " + DimsToString(x) + " must have rank 3 or more ([N, C, D1 ...])");
  const size_t n = x.size() - 2;
  const std::vector<int64_t> kernel = attrs.GetInts("kernel_shape", {});
  std::vector<int64_t> strides = attrs.GetInts("strides", {});
  std::vector<int64_t> pads = attrs.GetInts("pads", {});
  if (strides.empty()) strides.assign(n, 1);
  if (pads.empty()) pads.assign(2 * n, 0);
  if (kernel.size() != n) {
    return AttrFail("kernel_shape has " + std::to_string(kernel.size()) + " values for " + std::to_string(n) +
                    " spatial dims");
  }
  if (strides.size() != n) {
    return AttrFail("strides has " + std::to_string(strides.size()) + " values for " + std::to_string(n) +
                    " spatial dims");
  }
  if (pads.size() != 2 * n) {
    return AttrFail("pads has " + std::to_string(pads.size()) + " values, not " + std::to_string(2 * n));
  }
  *out = {x[0], x[1]};
  for (size_t i = 0; i < n; ++i) {
    if (kernel[i] <= 0 || strides[i] <= 0) {
      return AttrFail("kernel_shape and strides must be positive (axis " + std::to_string(i) + ": " +
                      std::to_string(kernel[i]) + ", " + std::to_string(strides[i]) + ")");
    }
    if (pads[i] < 0 || pads[i + n] < 0) return AttrFail("pads must not be negative");
    int64_t pad = 0;
    if (!given_shape && __builtin_add_overflow(pads[i], pads[i + n], &pad)) return AttrFail("pads overflow int64");
    const int64_t d = x[i + 2];
    if (d < 0) {
      out->push_back(-1);
      continue;
    }
    int64_t v = 0;
    if (__builtin_mul_overflow(d - 1, strides[i], &v) || __builtin_add_overflow(v, kernel[i], &v) ||
        __builtin_sub_overflow(v, pad, &v)) {
      return AttrFail("the inferred dim " + std::to_string(i + 2) + " overflows int64 (kernel_shape, strides, pads)");
    }
    if (v < 0) {
      return InputFail("the inferred dim " + std::to_string(i + 2) + " is negative (" + std::to_string(v) + ")");
    }
    out->push_back(v);
  }
  return Status::Ok();
}

// The output dims given output_shape's value and the inferred dims.
Status GivenDims(const std::vector<int64_t>& shape, const std::vector<int64_t>& inferred) {
  if (shape.size() != inferred.size()) {
    return InputFail("output_shape has " + std::to_string(shape.size()) + " values for X of rank " +
                     std::to_string(inferred.size()));
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    if (inferred[i] >= 0 && shape[i] < inferred[i]) {
      return InputFail("output_shape " + DimsToString(shape) + " is smaller than the inferred shape " +
                       DimsToString(inferred));
    }
  }
  return Status::Ok();
}

Status MaxUnpoolInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const bool given = InputPresent(inputs, 2);
  std::vector<int64_t> inferred;
  ASIM_RETURN_IF_ERROR(InferredDims(inputs[0].dims, attrs, given, &inferred));
  if (inputs[0].IsStatic() && inputs[1].IsStatic() && inputs[0].dims != inputs[1].dims) {
    return InputFail("I " + DimsToString(inputs[1].dims) + " must have X's shape " + DimsToString(inputs[0].dims));
  }
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = inferred;
  if (given) {
    std::vector<int64_t> shape;
    Status st;
    if (KnownInts(inputs, 2, "MaxUnpool output_shape", &shape, &st)) {
      ASIM_RETURN_IF_ERROR(GivenDims(shape, inferred));
      y.dims = shape;
    } else {
      ASIM_RETURN_IF_ERROR(st);
      y.dims = UnknownDims(inferred.size());
    }
  }
  outputs->assign(1, y);
  return Status::Ok();
}

Status MaxUnpoolCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "MaxUnpool"));
  const TensorView& x = ctx.in(0);
  const TensorView& idx = ctx.in(1);
  TensorView& y = ctx.out(0);
  const bool given = ctx.has_input(2);
  std::vector<int64_t> inferred;
  ASIM_RETURN_IF_ERROR(InferredDims(x.dims(), *ctx.attrs, given, &inferred));
  if (idx.dims() != x.dims()) {
    return InputFail("I " + DimsToString(idx.dims()) + " must have X's shape " + DimsToString(x.dims()));
  }
  if (given) {
    std::vector<int64_t> shape;
    ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(2), "MaxUnpool output_shape", &shape));
    ASIM_RETURN_IF_ERROR(GivenDims(shape, inferred));
    if (shape != y.dims()) return Status(err::kOpOutputNotMatch, "MaxUnpool: output dims do not match output_shape");
  } else if (inferred != y.dims()) {
    return Status(err::kOpOutputNotMatch, "MaxUnpool: output dims do not match the inferred shape");
  }
  const size_t rank = inferred.size();
  int64_t inferred_count = 1;
  for (int64_t d : inferred) inferred_count *= d;
  const size_t elem = DataTypeSize(x.dtype());
  auto* out = static_cast<uint8_t*>(y.data);
  std::memset(out, 0, static_cast<size_t>(y.ElementCount()) * elem);
  const auto* src = static_cast<const uint8_t*>(x.data);
  const int64_t* at = idx.as<const int64_t>();
  std::vector<int64_t> coord(rank);
  for (int64_t i = 0; i < x.ElementCount(); ++i) {
    int64_t flat = at[i];
    if (flat < 0 || flat >= inferred_count) {
      return InputFail("index " + std::to_string(flat) + " (element " + std::to_string(i) +
                       " of I) is outside the inferred shape " + DimsToString(inferred));
    }
    // Coordinates in the inferred shape, then the offset in the (possibly larger) output.
    for (size_t k = rank; k-- > 0;) {
      coord[k] = flat % inferred[k];
      flat /= inferred[k];
    }
    int64_t offset = 0;
    for (size_t k = 0; k < rank; ++k) offset = offset * y.dims()[k] + coord[k];
    std::memcpy(out + offset * static_cast<int64_t>(elem), src + i * static_cast<int64_t>(elem), elem);
  }
  return Status::Ok();
}

// One scatter per element of X plus zeroing the output.
WorkDesc MaxUnpoolCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                       const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  w.aicpu_ops = static_cast<uint64_t>(std::max<int64_t>(0, inputs[0].ElementCount()) * 8 +
                                      std::max<int64_t>(0, outputs[0].ElementCount()));
  w.aicpu_bytes = inputs[0].Bytes() + inputs[1].Bytes() + outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildMaxUnpool_AiCpu() {
  const std::vector<DataType> types = {DataType::kFloat, DataType::kFloat16, DataType::kBf16, DataType::kDouble};
  return KernelBuilder("MaxUnpool", Engine::kAiCpu)
      .Input("X", types)
      .Input("I", {DataType::kInt64})
      .OptionalInput("output_shape", {DataType::kInt64})
      .Output("Y", types)
      .SameDtypeAs(0)
      .RequiredAttr("kernel_shape", AttrType::kListInt)
      .Attr("pads", std::vector<int64_t>{})
      .Attr("strides", std::vector<int64_t>{})
      .InferShape(MaxUnpoolInfer)
      .Compute(MaxUnpoolCompute)
      .Cost(MaxUnpoolCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
