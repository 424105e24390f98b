// DFT and STFT (ONNX opset 17) as direct sums in double (O(n^2) per transform; the twiddles
// come from one table of exp(-2 pi i m / n), indexed by j * k mod n), rounded once to the
// output's dtype (the input's).
//
// DFT: input [batch, s1 ... sN, 1 or 2] (real, or complex as (re, im) pairs); the transform
// runs along `axis` (default 1; negative counts from the back, and must land in
// [0, rank - 2]). dft_length (optional int32 / int64 scalar) zero-pads or truncates that
// axis to its value; without it the axis' length. inverse = 1 takes exp(+2 pi i jk / n) and
// divides by n. onesided = 1 keeps the first floor(n / 2) + 1 bins (real input only, as the
// spec says). Output: the input's shape with that axis n (or the onesided count) and a
// last dim of 2.
// STFT: signal [batch, signal_length, 1 or 2], frame_step (int32 / int64 scalar), window
// (optional [frame_length]), frame_length (optional scalar; without it the window's length;
// one of the two must be given, and they must agree). Frame f covers samples
// [f * step, f * step + frame_length), multiplied by the window, transformed at length
// frame_length. Output [batch, frames = (signal_length - frame_length) / step + 1, bins, 2]
// with bins = frame_length / 2 + 1 when onesided (default 1; real signals only), else
// frame_length.
// dft_length, frame_step and frame_length decide output dims: without their values at
// selection (graph inputs) those dims are unknown (-1) and the runtime infers them again
// with the values.
// Owner: the AI CPU irregular family. AI CPU only: fp32, fp16, bf16, double.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range, onesided
// with complex input; kOpInputNotMatch for a bad rank, a last dim other than 1 or 2, a
// dft_length / frame_length / frame_step below 1, a window that is empty, not rank 1 or
// disagrees with frame_length, a signal shorter than one frame, neither window nor
// frame_length.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "kernels/common/host/parallel.h"
#include "kernels/common/values/cast_util.h"
#include "kernels/common/values/value_inputs.h"

namespace asim::kernels {
namespace {

const std::vector<DataType> kSignalTypes = {DataType::kFloat, DataType::kFloat16, DataType::kBf16, DataType::kDouble};
const std::vector<DataType> kLengthTypes = {DataType::kInt32, DataType::kInt64};

// exp(sign * 2 pi i m / n) for m in [0, n).
struct Twiddles {
  std::vector<double> re, im;
  Twiddles(int64_t n, bool inverse) : re(static_cast<size_t>(n)), im(static_cast<size_t>(n)) {
    const double sign = inverse ? 1.0 : -1.0;
    for (int64_t m = 0; m < n; ++m) {
      const double a = 2.0 * std::numbers::pi * static_cast<double>(m) / static_cast<double>(n);
      re[static_cast<size_t>(m)] = std::cos(a);
      im[static_cast<size_t>(m)] = sign * std::sin(a);
    }
  }
};

// out[k] = scale * sum_{j < len} in[j] * w^(jk mod n) for k < bins; in / out are (re, im)
// pairs; samples past `len` (up to n) are zero.
void Transform(const double* in, int64_t len, int64_t n, int64_t bins, const Twiddles& w, double scale, double* out) {
  for (int64_t k = 0; k < bins; ++k) {
    double sr = 0.0, si = 0.0;
    int64_t m = 0;  // j * k mod n
    for (int64_t j = 0; j < len; ++j) {
      const double xr = in[2 * j], xi = in[2 * j + 1];
      const double cr = w.re[static_cast<size_t>(m)], ci = w.im[static_cast<size_t>(m)];
      sr += xr * cr - xi * ci;
      si += xr * ci + xi * cr;
      m += k;
      if (m >= n) m %= n;
    }
    out[2 * k] = sr * scale;
    out[2 * k + 1] = si * scale;
  }
}

Status CheckComplexDim(const std::vector<int64_t>& dims, const char* op, const char* what) {
  const int64_t c = dims.back();
  if (c >= 0 && c != 1 && c != 2) {
    return Status(err::kOpInputNotMatch,
                  std::string(op) + ": " + what + " " + DimsToString(dims) + " must end in 1 (real) or 2 (complex)");
  }
  return Status::Ok();
}

// A positive scalar length input; `*value` stays -1 when it is not known at selection.
Status KnownLength(const std::vector<TensorSpec>& inputs, size_t i, const std::string& what, int64_t* value) {
  *value = -1;
  std::vector<int64_t> v;
  Status st;
  if (!KnownInts(inputs, i, what, &v, &st)) return st;
  if (v.size() != 1) return Status(err::kOpInputNotMatch, what + " must be a scalar");
  if (v[0] < 1) return Status(err::kOpInputNotMatch, what + " is " + std::to_string(v[0]) + ", below 1");
  *value = v[0];
  return Status::Ok();
}

Status LengthValue(const TensorView& v, const std::string& what, int64_t* value) {
  std::vector<int64_t> ints;
  ASIM_RETURN_IF_ERROR(ViewInts(v, what, &ints));
  if (ints.size() != 1) return Status(err::kOpInputNotMatch, what + " must be a scalar");
  if (ints[0] < 1) return Status(err::kOpInputNotMatch, what + " is " + std::to_string(ints[0]) + ", below 1");
  *value = ints[0];
  return Status::Ok();
}

// ---- DFT --------------------------------------------------------------------------------

struct DftGeometry {
  size_t axis = 0;
  bool inverse = false, onesided = false;
};

Status DftGeometryOf(const std::vector<int64_t>& dims, const AttrMap& attrs, DftGeometry* g) {
  if (dims.size() < 2) {
    return Status(err::kOpInputNotMatch,
                  "DFT: input " + DimsToString(dims) + " must have rank 2 or more ([batch, signal ..., 1 or 2])");
  }
  ASIM_RETURN_IF_ERROR(CheckComplexDim(dims, "DFT", "input"));
  const int64_t r = static_cast<int64_t>(dims.size());
  const int64_t axis = attrs.GetInt("axis", 1);
  const int64_t a = axis < 0 ? axis + r : axis;
  if (a < 0 || a > r - 2) {
    return Status(err::kOpAttrNotMatch, "DFT: axis " + std::to_string(axis) + " is out of range for input " +
                                            DimsToString(dims) + " (the last dim holds re / im)");
  }
  g->axis = static_cast<size_t>(a);
  g->inverse = attrs.GetInt("inverse", 0) != 0;
  g->onesided = attrs.GetInt("onesided", 0) != 0;
  if (g->onesided && dims.back() == 2) {
    return Status(err::kOpAttrNotMatch, "DFT: onesided = 1 needs a real input (last dim 1), not a complex one");
  }
  return Status::Ok();
}

int64_t Bins(int64_t n, bool onesided) {
  if (n < 0) return -1;
  return onesided ? n / 2 + 1 : n;
}

Status DftInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  DftGeometry g;
  ASIM_RETURN_IF_ERROR(DftGeometryOf(inputs[0].dims, attrs, &g));
  int64_t n = inputs[0].dims[g.axis];
  if (InputPresent(inputs, 1)) ASIM_RETURN_IF_ERROR(KnownLength(inputs, 1, "DFT dft_length", &n));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = inputs[0].dims;
  y.dims[g.axis] = Bins(n, g.onesided);
  y.dims.back() = 2;
  outputs->assign(1, y);
  return Status::Ok();
}

Status DftCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "DFT"));
  const TensorView& x = ctx.in(0);
  DftGeometry g;
  ASIM_RETURN_IF_ERROR(DftGeometryOf(x.dims(), *ctx.attrs, &g));
  const std::vector<int64_t>& d = x.dims();
  const int64_t len = d[g.axis];
  int64_t n = len;
  if (ctx.has_input(1)) ASIM_RETURN_IF_ERROR(LengthValue(ctx.in(1), "DFT dft_length", &n));
  const int64_t bins = Bins(n, g.onesided);
  if (ctx.out(0).dims()[g.axis] != bins) return Status(err::kOpOutputNotMatch, "DFT: output dims do not match");
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < g.axis; ++k) outer *= d[k];
  for (size_t k = g.axis + 1; k + 1 < d.size(); ++k) inner *= d[k];
  const int64_t channels = d.back();
  const std::vector<double> in = ViewDoubles(x);
  std::vector<double> out(static_cast<size_t>(outer * bins * inner * 2));
  const Twiddles w(n, g.inverse);
  const double scale = g.inverse ? 1.0 / static_cast<double>(n) : 1.0;
  const int64_t used = std::min(len, n);
  ParallelFor(outer * inner, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, n * bins)), [&](int64_t b, int64_t e) {
    std::vector<double> seq(static_cast<size_t>(2 * used)), res(static_cast<size_t>(2 * bins));
    for (int64_t t = b; t < e; ++t) {
      const int64_t o = t / inner, i = t % inner;
      for (int64_t j = 0; j < used; ++j) {
        const int64_t at = ((o * len + j) * inner + i) * channels;
        seq[static_cast<size_t>(2 * j)] = in[static_cast<size_t>(at)];
        seq[static_cast<size_t>(2 * j + 1)] = channels == 2 ? in[static_cast<size_t>(at + 1)] : 0.0;
      }
      Transform(seq.data(), used, n, bins, w, scale, res.data());
      for (int64_t k = 0; k < bins; ++k) {
        const int64_t at = ((o * bins + k) * inner + i) * 2;
        out[static_cast<size_t>(at)] = res[static_cast<size_t>(2 * k)];
        out[static_cast<size_t>(at + 1)] = res[static_cast<size_t>(2 * k + 1)];
      }
    }
  });
  return ConvertElements(out.data(), DataType::kDouble, ctx.out(0).data, ctx.out(0).dtype(),
                         static_cast<int64_t>(out.size()));
}

// ---- STFT -------------------------------------------------------------------------------

struct StftSizes {
  int64_t batch = -1, length = -1, channels = -1, step = -1, frame = -1, frames = -1, bins = -1;
};

Status StftSignal(const std::vector<int64_t>& s, const AttrMap& attrs, StftSizes* z) {
  if (s.size() != 3) {
    return Status(err::kOpInputNotMatch,
                  "STFT: signal " + DimsToString(s) + " must have rank 3 ([batch, signal_length, 1 or 2])");
  }
  ASIM_RETURN_IF_ERROR(CheckComplexDim(s, "STFT", "signal"));
  if (attrs.GetInt("onesided", 1) != 0 && s[2] == 2) {
    return Status(err::kOpAttrNotMatch, "STFT: onesided = 1 needs a real signal (last dim 1), not a complex one");
  }
  z->batch = s[0];
  z->length = s[1];
  z->channels = s[2];
  return Status::Ok();
}

// The frames and bins once step, frame length and signal length are known (else -1).
Status StftFrames(const AttrMap& attrs, StftSizes* z) {
  const bool onesided = attrs.GetInt("onesided", 1) != 0;
  z->bins = z->frame < 0 ? -1 : Bins(z->frame, onesided);
  z->frames = -1;
  if (z->step < 0 || z->frame < 0 || z->length < 0) return Status::Ok();
  if (z->length < z->frame) {
    return Status(err::kOpInputNotMatch, "STFT: the signal's " + std::to_string(z->length) +
                                             " samples are fewer than one frame of " + std::to_string(z->frame));
  }
  z->frames = (z->length - z->frame) / z->step + 1;
  return Status::Ok();
}

Status StftInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  StftSizes z;
  ASIM_RETURN_IF_ERROR(StftSignal(inputs[0].dims, attrs, &z));
  ASIM_RETURN_IF_ERROR(KnownLength(inputs, 1, "STFT frame_step", &z.step));
  int64_t window = -1;
  const bool has_window = InputPresent(inputs, 2), has_length = InputPresent(inputs, 3);
  if (!has_window && !has_length) {
    return Status(err::kOpInputNotMatch, "STFT: neither window nor frame_length is given (one decides the frame)");
  }
  if (has_window) {
    if (inputs[2].dims.size() != 1) {
      return Status(err::kOpInputNotMatch, "STFT: window " + DimsToString(inputs[2].dims) + " must have rank 1");
    }
    window = inputs[2].dims[0];
    if (window == 0) return Status(err::kOpInputNotMatch, "STFT: the window is empty");
  }
  if (has_length) ASIM_RETURN_IF_ERROR(KnownLength(inputs, 3, "STFT frame_length", &z.frame));
  if (!has_length) z.frame = window;
  if (has_window && has_length && window >= 0 && z.frame >= 0 && window != z.frame) {
    return Status(err::kOpInputNotMatch, "STFT: the window's length " + std::to_string(window) +
                                             " differs from frame_length " + std::to_string(z.frame));
  }
  if (has_window && z.frame < 0) z.frame = window;  // frame_length unknown: the window decides
  ASIM_RETURN_IF_ERROR(StftFrames(attrs, &z));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = {z.batch, z.frames, z.bins, 2};
  outputs->assign(1, y);
  return Status::Ok();
}

Status StftCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "STFT"));
  StftSizes z;
  ASIM_RETURN_IF_ERROR(StftSignal(ctx.in(0).dims(), *ctx.attrs, &z));
  ASIM_RETURN_IF_ERROR(LengthValue(ctx.in(1), "STFT frame_step", &z.step));
  const bool has_window = ctx.has_input(2), has_length = ctx.has_input(3);
  if (!has_window && !has_length) {
    return Status(err::kOpInputNotMatch, "STFT: neither window nor frame_length is given (one decides the frame)");
  }
  if (has_length) ASIM_RETURN_IF_ERROR(LengthValue(ctx.in(3), "STFT frame_length", &z.frame));
  std::vector<double> window;
  if (has_window) {
    if (ctx.in(2).dims().size() != 1) {
      return Status(err::kOpInputNotMatch, "STFT: window " + DimsToString(ctx.in(2).dims()) + " must have rank 1");
    }
    window = ViewDoubles(ctx.in(2));
    if (window.empty()) return Status(err::kOpInputNotMatch, "STFT: the window is empty");
    if (!has_length) z.frame = static_cast<int64_t>(window.size());
    if (static_cast<int64_t>(window.size()) != z.frame) {
      return Status(err::kOpInputNotMatch, "STFT: the window's length " + std::to_string(window.size()) +
                                               " differs from frame_length " + std::to_string(z.frame));
    }
  } else {
    window.assign(static_cast<size_t>(z.frame), 1.0);
  }
  ASIM_RETURN_IF_ERROR(StftFrames(*ctx.attrs, &z));
  if (ctx.out(0).dims() != std::vector<int64_t>{z.batch, z.frames, z.bins, 2}) {
    return Status(err::kOpOutputNotMatch, "STFT: output dims do not match");
  }
  const std::vector<double> in = ViewDoubles(ctx.in(0));
  std::vector<double> out(static_cast<size_t>(z.batch * z.frames * z.bins * 2));
  const Twiddles w(z.frame, false);
  ParallelFor(z.batch * z.frames, std::max<int64_t>(1, 65536 / std::max<int64_t>(1, z.frame * z.bins)),
              [&](int64_t b, int64_t e) {
                std::vector<double> seq(static_cast<size_t>(2 * z.frame));
                for (int64_t t = b; t < e; ++t) {
                  const int64_t batch = t / z.frames, f = t % z.frames;
                  for (int64_t j = 0; j < z.frame; ++j) {
                    const int64_t at = (batch * z.length + f * z.step + j) * z.channels;
                    const double wj = window[static_cast<size_t>(j)];
                    seq[static_cast<size_t>(2 * j)] = in[static_cast<size_t>(at)] * wj;
                    seq[static_cast<size_t>(2 * j + 1)] = z.channels == 2 ? in[static_cast<size_t>(at + 1)] * wj : 0.0;
                  }
                  Transform(seq.data(), z.frame, z.frame, z.bins, w, 1.0, out.data() + t * z.bins * 2);
                }
              });
  return ConvertElements(out.data(), DataType::kDouble, ctx.out(0).data, ctx.out(0).dtype(),
                         static_cast<int64_t>(out.size()));
}

// n * bins complex multiply-adds per transform.
WorkDesc TransformCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, int64_t n) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double results = static_cast<double>(std::max<int64_t>(0, outputs[0].ElementCount())) / 2.0;
  w.aicpu_ops = static_cast<uint64_t>(results * static_cast<double>(std::max<int64_t>(1, n)) * 8.0);
  w.aicpu_bytes = inputs[0].Bytes() + outputs[0].Bytes();
  return w;
}

WorkDesc DftCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                 const ChipTraits&) {
  DftGeometry g;
  const int64_t n = DftGeometryOf(inputs[0].dims, attrs, &g).ok() ? inputs[0].dims[g.axis] : 1;
  return TransformCost(inputs, outputs, n);
}

WorkDesc StftCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                  const ChipTraits&) {
  const std::vector<int64_t>& y = outputs[0].dims;
  return TransformCost(inputs, outputs, y.size() == 4 ? y[2] : 1);
}

}  // namespace

KernelDef BuildDFT_AiCpu() {
  return KernelBuilder("DFT", Engine::kAiCpu)
      .Input("input", kSignalTypes)
      .OptionalInput("dft_length", kLengthTypes)
      .Output("output", kSignalTypes)
      .SameDtypeAs(0)
      .Attr("axis", int64_t{1})
      .Attr("inverse", int64_t{0})
      .Attr("onesided", int64_t{0})
      .InferShape(DftInfer)
      .Compute(DftCompute)
      .Cost(DftCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildSTFT_AiCpu() {
  return KernelBuilder("STFT", Engine::kAiCpu)
      .Input("signal", kSignalTypes)
      .Input("frame_step", kLengthTypes)
      .OptionalInput("window", kSignalTypes)
      .OptionalInput("frame_length", kLengthTypes)
      .Output("output", kSignalTypes)
      .SameDtypeAs(0)
      .Attr("onesided", int64_t{1})
      .InferShape(StftInfer)
      .Compute(StftCompute)
      .Cost(StftCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
