// Resize (ONNX opset 10-19): inputs X, roi, scales, sizes (the converter maps opset 10's
// (X, scales) to (X, -, scales)); nearest / linear / cubic with every coordinate mode,
// exclude_outside, extrapolation_value, antialias, axes and keep_aspect_ratio_policy.
// Output dims: floor(in * scale) for scales, the sizes otherwise. Arithmetic in double,
// rounded once to the output type (integers round to nearest and saturate).
// Owner: the movement / shape kernel family. Per-axis taps: kernels/movement/resize_taps.h.
// AI Core: fp16/fp32 4-D tensors resized in H and W only, nearest or linear, no antialias,
// static shapes and constant roi/scales/sizes. AI CPU: the rest.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for scales/sizes of the wrong
// length or both/neither given; kOpAttrNotMatch for bad attribute values.
#include <algorithm>
#include <cmath>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/resize_taps.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

struct ResizeGeometry {
  std::vector<int64_t> out;
  std::vector<double> scale, roi_start, roi_end;
};

Status ReadFloats(const TensorSpec& s, const void* data, std::vector<double>* out) {
  out->clear();
  for (int64_t i = 0; i < s.ElementCount(); ++i) out->push_back(LoadAsDouble(s.dtype, data, i));
  return Status::Ok();
}

Status GeometryOf(const std::vector<TensorSpec>& specs, const std::vector<const void*>& data, const AttrMap& attrs,
                  ResizeGeometry* g) {
  const auto& in = specs[0].dims;
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<int64_t> axes = attrs.GetInts("axes", {});
  if (axes.empty()) {
    for (int64_t i = 0; i < rank; ++i) axes.push_back(i);
  }
  for (auto& a : axes) {
    if (a < -rank || a >= rank)
      return Status(err::kOpAttrNotMatch, "Resize: axis " + std::to_string(a) + " out of range");
    if (a < 0) a += rank;
  }
  const size_t n = axes.size();
  g->out = in;
  g->scale.assign(in.size(), 1.0);
  g->roi_start.assign(in.size(), 0.0);
  g->roi_end.assign(in.size(), 1.0);
  if (InputNonEmpty(specs, 1) && data[1] != nullptr) {  // unknown at inference: it does not decide dims
    std::vector<double> roi;
    ASIM_RETURN_IF_ERROR(ReadFloats(specs[1], data[1], &roi));
    if (roi.size() != 2 * n) {
      return Status(err::kOpInputNotMatch,
                    "Resize: roi holds " + std::to_string(roi.size()) + " values, expected " + std::to_string(2 * n));
    }
    for (size_t i = 0; i < n; ++i) {
      g->roi_start[static_cast<size_t>(axes[i])] = roi[i];
      g->roi_end[static_cast<size_t>(axes[i])] = roi[n + i];
    }
  }
  const bool has_scales = InputNonEmpty(specs, 2), has_sizes = InputNonEmpty(specs, 3);
  if (has_scales == has_sizes) {
    return Status(err::kOpInputNotMatch, "Resize: exactly one of 'scales' and 'sizes' must be given");
  }
  if (has_scales) {
    std::vector<double> scales;
    ASIM_RETURN_IF_ERROR(ReadFloats(specs[2], data[2], &scales));
    if (scales.size() != n) return Status(err::kOpInputNotMatch, "Resize: scales must hold one value per axis");
    for (size_t i = 0; i < n; ++i) {
      const size_t a = static_cast<size_t>(axes[i]);
      if (!(scales[i] > 0)) return Status(err::kOpInputNotMatch, "Resize: scales must be positive");
      g->scale[a] = scales[i];
      g->out[a] = static_cast<int64_t>(std::floor(static_cast<float>(in[a]) * static_cast<float>(scales[i])));
    }
    return Status::Ok();
  }
  std::vector<int64_t> sizes;
  ASIM_RETURN_IF_ERROR(ReadIntValues(specs[3].dtype, data[3], specs[3].ElementCount(), "Resize input 'sizes'", &sizes));
  if (sizes.size() != n) return Status(err::kOpInputNotMatch, "Resize: sizes must hold one value per axis");
  const std::string policy = attrs.GetString("keep_aspect_ratio_policy", "stretch");
  if (policy != "stretch" && policy != "not_larger" && policy != "not_smaller") {
    return Status(err::kOpAttrNotMatch, "Resize: keep_aspect_ratio_policy '" + policy + "' is not supported");
  }
  double common = policy == "not_larger" ? 1e300 : 0.0;
  for (size_t i = 0; i < n; ++i) {
    const size_t a = static_cast<size_t>(axes[i]);
    const double s = static_cast<double>(sizes[i]) / static_cast<double>(in[a]);
    common = policy == "not_larger" ? std::min(common, s) : std::max(common, s);
    g->scale[a] = s;
    g->out[a] = sizes[i];
  }
  if (policy != "stretch") {
    for (size_t i = 0; i < n; ++i) {
      const size_t a = static_cast<size_t>(axes[i]);
      g->scale[a] = common;
      g->out[a] = static_cast<int64_t>(std::round(common * static_cast<double>(in[a])));
    }
  }
  return Status::Ok();
}

Status ResizeInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  ResizeOptions opt;
  ASIM_RETURN_IF_ERROR(ParseResizeOptions(attrs, &opt));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  const bool value_unknown = (InputPresent(inputs, 2) && inputs[2].host_data == nullptr) ||
                             (InputPresent(inputs, 3) && inputs[3].host_data == nullptr);
  if (value_unknown || !inputs[0].IsStatic()) {
    o.dims = UnknownDims(inputs[0].dims.size());
  } else {
    std::vector<const void*> data;
    for (const auto& s : inputs) data.push_back(s.host_data);
    ResizeGeometry g;
    ASIM_RETURN_IF_ERROR(GeometryOf(inputs, data, attrs, &g));
    for (size_t k = 0; k < g.out.size(); ++k) {
      if (g.out[k] < 0 || (inputs[0].dims[k] == 0 && g.out[k] > 0)) {
        return Status(err::kOpInputNotMatch,
                      "Resize: cannot resize " + DimsToString(inputs[0].dims) + " to " + DimsToString(g.out));
      }
    }
    o.dims = g.out;
  }
  outputs->assign(1, o);
  return Status::Ok();
}

// One axis' non-zero taps per output coordinate, as (element offset, weight).
using TapList = std::vector<std::pair<int64_t, double>>;

template <typename T>
void Interpolate(const T* in, T* out, const std::vector<int64_t>& out_dims,
                 const std::vector<std::vector<TapList>>& taps, const std::vector<std::vector<uint8_t>>& outside,
                 double extrapolation) {
  const size_t rank = out_dims.size();
  const int64_t total = std::max<int64_t>(1, [&] {
    int64_t n = 1;
    for (int64_t d : out_dims) n *= d;
    return n;
  }());
  ParallelFor(total, 4096, [&](int64_t b, int64_t e) {
    std::vector<int64_t> pos(rank);
    std::vector<size_t> tap(rank);
    for (int64_t i = b; i < e; ++i) {
      int64_t rest = i;
      bool extrapolate = false;
      for (size_t k = rank; k-- > 0;) {
        pos[k] = rest % out_dims[k];
        rest /= out_dims[k];
        extrapolate = extrapolate || outside[k][static_cast<size_t>(pos[k])];
      }
      if (extrapolate) {
        out[i] = FromDouble<T>(extrapolation);
        continue;
      }
      // Sum over every combination of the axes' taps (an odometer over tap[]).
      double sum = 0;
      std::fill(tap.begin(), tap.end(), 0);
      while (true) {
        double w = 1;
        int64_t off = 0;
        for (size_t k = 0; k < rank; ++k) {
          const auto& t = taps[k][static_cast<size_t>(pos[k])][tap[k]];
          off += t.first;
          w *= t.second;
        }
        sum += w * ToDouble(in[off]);
        size_t k = rank;
        while (k-- > 0) {
          if (++tap[k] < taps[k][static_cast<size_t>(pos[k])].size()) break;
          tap[k] = 0;
        }
        if (k == static_cast<size_t>(-1)) break;
      }
      out[i] = FromDouble<T>(sum);
    }
  });
}

Status ResizeCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Resize"));
  ResizeOptions opt;
  ASIM_RETURN_IF_ERROR(ParseResizeOptions(*ctx.attrs, &opt));
  const TensorView& x = ctx.in(0);
  TensorView& y = ctx.out(0);
  std::vector<TensorSpec> specs;
  std::vector<const void*> data;
  for (const auto& v : ctx.inputs) {
    specs.push_back(v.spec);
    data.push_back(v.data);
  }
  ResizeGeometry g;
  ASIM_RETURN_IF_ERROR(GeometryOf(specs, data, *ctx.attrs, &g));
  if (g.out != y.dims()) {
    return Status(err::kOpOutputNotMatch,
                  "Resize: output " + DimsToString(y.dims()) + " should be " + DimsToString(g.out));
  }
  if (y.ElementCount() == 0) return Status::Ok();
  const std::vector<int64_t> strides = ContiguousStrides(x.dims());
  std::vector<std::vector<TapList>> taps(g.out.size());
  std::vector<std::vector<uint8_t>> outside(g.out.size());
  for (size_t k = 0; k < g.out.size(); ++k) {
    const AxisTaps t = ResizeAxisTaps(opt, x.dims()[k], g.out[k], g.scale[k], g.roi_start[k], g.roi_end[k]);
    outside[k] = t.outside;
    taps[k].resize(static_cast<size_t>(g.out[k]));
    for (int64_t o = 0; o < g.out[k]; ++o) {
      TapList& list = taps[k][static_cast<size_t>(o)];
      for (int64_t j = 0; j < t.taps; ++j) {
        const size_t at = static_cast<size_t>(o * t.taps + j);
        if (t.weight[at] != 0.0) list.emplace_back(t.index[at] * strides[k], t.weight[at]);
      }
      if (list.empty()) list.emplace_back(0, 0.0);
    }
  }
  return DispatchNumeric(x.dtype(), "Resize", [&](auto tag) {
    using T = decltype(tag);
    Interpolate<T>(x.as<const T>(), y.as<T>(), y.dims(), taps, outside, opt.extrapolation_value);
    return Status::Ok();
  });
}

// The AI Core resizes H and W of a 4-D tensor, nearest or (bi)linear, without antialias.
Status AiCoreResizeShape(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, const ChipTraits&) {
  const std::string mode = attrs.GetString("mode", "nearest");
  if (mode == "cubic") return Status(err::kOpAttrNotMatch, "cubic resize runs on the AI CPU");
  if (attrs.GetInt("antialias", 0) != 0) return Status(err::kOpAttrNotMatch, "antialias runs on the AI CPU");
  if (inputs[0].dims.size() != 4) return Status(err::kOpInputNotMatch, "the AI Core resizes 4-D tensors only");
  std::vector<const void*> data;
  for (const auto& s : inputs) data.push_back(s.host_data);
  ResizeGeometry g;
  ASIM_RETURN_IF_ERROR(GeometryOf(inputs, data, attrs, &g));
  if (g.out[0] != inputs[0].dims[0] || g.out[1] != inputs[0].dims[1] || g.scale[0] != 1.0 || g.scale[1] != 1.0) {
    return Status(err::kOpInputNotMatch, "the AI Core resizes H and W only");
  }
  return Status::Ok();
}

KernelBuilder Declare(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  KernelBuilder b("Resize", engine);
  b.Input("X", core ? std::vector<DataType>{DataType::kFloat16, DataType::kFloat} : AllNumericTypes(),
          core ? MovementFormats() : std::vector<Format>{})
      .OptionalInput("roi", {DataType::kFloat16, DataType::kFloat, DataType::kDouble})
      .OptionalInput("scales", {DataType::kFloat})
      .OptionalInput("sizes", {DataType::kInt64})
      .Output("Y", {})
      .Attr("mode", std::string("nearest"))
      .Attr("coordinate_transformation_mode", std::string("half_pixel"))
      .Attr("nearest_mode", std::string("round_prefer_floor"))
      .Attr("cubic_coeff_a", -0.75f)
      .Attr("exclude_outside", int64_t{0})
      .Attr("extrapolation_value", 0.0f)
      .Attr("antialias", int64_t{0})
      .Attr("axes", std::vector<int64_t>{})
      .Attr("keep_aspect_ratio_policy", std::string("stretch"))
      .InferShape(ResizeInfer)
      .Compute(ResizeCompute)
      .Source(ASIM_KERNEL_SOURCE);
  return b;
}

}  // namespace

KernelDef BuildResize_AiCore() {
  return Declare(Engine::kAiCore)
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1, 2, 3}, {"roi", "scales", "sizes"}))
      .Constraint(AiCoreResizeShape)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 8, 0.25))
      .Build();
}

KernelDef BuildResize_AiCpu() {
  return Declare(Engine::kAiCpu).Cost(AiCpuMoveCost(16)).Build();
}

}  // namespace asim::kernels
