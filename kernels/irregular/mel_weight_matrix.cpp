// MelWeightMatrix (ONNX opset 17): the [dft_length / 2 + 1, num_mel_bins] matrix that maps
// a onesided spectrum to mel bands, computed as the ONNX operator's definition does (in
// double): num_mel_bins + 2 points evenly spaced in mel (mel = 2595 log10(1 + hz / 700))
// from lower_edge_hertz to upper_edge_hertz in steps of (high - low) / (num_mel_bins + 2),
// each mapped back to hertz and to a spectrogram bin floor((dft_length + 1) * hz /
// sample_rate); band i rises linearly from bin[i] to 1 at bin[i + 1] (a zero-width rise is a
// single 1 at bin[i + 1]) and falls linearly to bin[i + 2] (exclusive). Points past the last
// spectrogram row are left out. Output of `output_datatype` (a DataType; default fp32).
// Every input decides an output dim or value: without num_mel_bins' or dft_length's value at
// selection (graph inputs) that dim is unknown (-1) and the runtime infers it again with
// the value.
// Owner: the AI CPU irregular family. AI CPU only. Thread safety: re-entrant.
// Failure: kOpInputNotMatch for a non-scalar input, num_mel_bins or dft_length below 1,
// sample_rate not positive, edges that give a non-finite bin (NaN or infinite hertz);
// kOpAttrNotMatch for an output_datatype that is not numeric.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kernels/common/values/cast_util.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

Status OutputType(const AttrMap& attrs, DataType* t) {
  *t = attrs.GetDataType("output_datatype", DataType::kFloat);
  if (!IsConvertible(*t) || *t == DataType::kBool) {
    return Status(err::kOpAttrNotMatch,
                  std::string("MelWeightMatrix: output_datatype ") + DataTypeName(*t) + " is not a numeric type");
  }
  return Status::Ok();
}

// A positive count from a scalar input's value.
Status Count(const std::vector<int64_t>& v, const std::string& what, int64_t* out) {
  if (v.size() != 1) return Status(err::kOpInputNotMatch, "MelWeightMatrix: " + what + " must be a scalar");
  if (v[0] < 1) {
    return Status(err::kOpInputNotMatch, "MelWeightMatrix: " + what + " is " + std::to_string(v[0]) + ", below 1");
  }
  *out = v[0];
  return Status::Ok();
}

Status MelInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  TensorSpec y;
  ASIM_RETURN_IF_ERROR(OutputType(attrs, &y.dtype));
  for (size_t i = 0; i < 5; ++i) {
    if (inputs[i].IsStatic() && inputs[i].ElementCount() != 1) {
      return Status(err::kOpInputNotMatch, "MelWeightMatrix: input " + std::to_string(i) + " " +
                                               DimsToString(inputs[i].dims) + " must be a scalar");
    }
  }
  int64_t mel = -1, dft = -1;
  std::vector<int64_t> v;
  Status st;
  if (KnownInts(inputs, 0, "MelWeightMatrix num_mel_bins", &v, &st)) {
    ASIM_RETURN_IF_ERROR(Count(v, "num_mel_bins", &mel));
  }
  ASIM_RETURN_IF_ERROR(st);
  if (KnownInts(inputs, 1, "MelWeightMatrix dft_length", &v, &st)) ASIM_RETURN_IF_ERROR(Count(v, "dft_length", &dft));
  ASIM_RETURN_IF_ERROR(st);
  y.dims = {dft < 0 ? -1 : dft / 2 + 1, mel};
  outputs->assign(1, y);
  return Status::Ok();
}

Status MelCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "MelWeightMatrix"));
  std::vector<int64_t> v;
  int64_t mel = 0, dft = 0, rate = 0;
  ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(0), "MelWeightMatrix num_mel_bins", &v));
  ASIM_RETURN_IF_ERROR(Count(v, "num_mel_bins", &mel));
  ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(1), "MelWeightMatrix dft_length", &v));
  ASIM_RETURN_IF_ERROR(Count(v, "dft_length", &dft));
  ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(2), "MelWeightMatrix sample_rate", &v));
  ASIM_RETURN_IF_ERROR(Count(v, "sample_rate", &rate));
  const std::vector<double> lower = ViewDoubles(ctx.in(3)), upper = ViewDoubles(ctx.in(4));
  if (lower.size() != 1 || upper.size() != 1) {
    return Status(err::kOpInputNotMatch, "MelWeightMatrix: lower_edge_hertz and upper_edge_hertz must be scalars");
  }
  const int64_t rows = dft / 2 + 1;
  if (ctx.out(0).dims() != std::vector<int64_t>{rows, mel}) {
    return Status(err::kOpOutputNotMatch, "MelWeightMatrix: output dims do not match");
  }
  const double low_mel = 2595.0 * std::log10(1.0 + lower[0] / 700.0);
  const double high_mel = 2595.0 * std::log10(1.0 + upper[0] / 700.0);
  const double step = (high_mel - low_mel) / static_cast<double>(mel + 2);
  std::vector<int64_t> bin(static_cast<size_t>(mel + 2));
  for (int64_t i = 0; i < mel + 2; ++i) {
    const double m = static_cast<double>(i) * step + low_mel;
    const double hz = 700.0 * (std::pow(10.0, m / 2595.0) - 1.0);
    const double b = std::floor(static_cast<double>(dft + 1) * hz / static_cast<double>(rate));
    if (!std::isfinite(b) || std::fabs(b) > 9.0e15) {
      return Status(err::kOpInputNotMatch, "MelWeightMatrix: lower_edge_hertz " + std::to_string(lower[0]) +
                                               " and upper_edge_hertz " + std::to_string(upper[0]) +
                                               " give a spectrogram bin that is not a finite integer");
    }
    bin[static_cast<size_t>(i)] = static_cast<int64_t>(b);
  }
  std::vector<double> out(static_cast<size_t>(rows * mel), 0.0);
  auto set = [&](int64_t row, int64_t col, double value) {
    if (row >= 0 && row < rows) out[static_cast<size_t>(row * mel + col)] = value;
  };
  for (int64_t i = 0; i < mel; ++i) {
    const int64_t left = bin[static_cast<size_t>(i)], center = bin[static_cast<size_t>(i + 1)],
                  right = bin[static_cast<size_t>(i + 2)];
    const int64_t rise = center - left, fall = right - center;
    // Only rows inside the matrix are visited (the points may lie far outside it).
    if (rise == 0) {
      set(center, i, 1.0);
    } else {
      for (int64_t j = std::max<int64_t>(left, 0); j <= std::min(center, rows - 1); ++j) {
        set(j, i, static_cast<double>(j - left) / static_cast<double>(rise));
      }
    }
    if (fall > 0) {
      for (int64_t j = std::max<int64_t>(center, 0); j < std::min(right, rows); ++j) {
        set(j, i, static_cast<double>(right - j) / static_cast<double>(fall));
      }
    }
  }
  return ConvertElements(out.data(), DataType::kDouble, ctx.out(0).data, ctx.out(0).dtype(),
                         static_cast<int64_t>(out.size()));
}

WorkDesc MelCost(const std::vector<TensorSpec>&, const std::vector<TensorSpec>& outputs, const AttrMap&,
                 const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  w.aicpu_ops = static_cast<uint64_t>(std::max<int64_t>(0, outputs[0].ElementCount()) * 4 + 64);
  w.aicpu_bytes = outputs[0].Bytes();
  return w;
}

}  // namespace

KernelDef BuildMelWeightMatrix_AiCpu() {
  const std::vector<DataType> counts = {DataType::kInt32, DataType::kInt64};
  const std::vector<DataType> hertz = {DataType::kFloat, DataType::kFloat16, DataType::kBf16, DataType::kDouble};
  return KernelBuilder("MelWeightMatrix", Engine::kAiCpu)
      .Input("num_mel_bins", counts)
      .Input("dft_length", counts)
      .Input("sample_rate", counts)
      .Input("lower_edge_hertz", hertz)
      .Input("upper_edge_hertz", hertz)
      .Output("output", {})
      .Attr("output_datatype", DataType::kFloat)
      .InferShape(MelInfer)
      .Compute(MelCompute)
      .Cost(MelCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
