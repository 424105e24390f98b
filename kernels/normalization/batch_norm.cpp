// BatchNormalization in inference mode: y = (x - mean) / sqrt(var + epsilon) * scale + B,
// folded per channel into y = x * a + b. Layouts: ND / NCHW ([N, C, D1, ...], channel dim
// 1) and NC1HWC0 ([N, C1, H, W, C0], per-channel parameters padded to C1 * C0 elements,
// as the AI Core BNInference takes them). AI Core vector unit: x fp16 / fp32 (static
// shapes, all three layouts); AI CPU: x fp32, fp16, bf16, double (ND / NCHW, any shape).
// Parameters may be any of fp32 / fp16 / bf16 / double independently (ONNX T1 / T2).
// Owner: normalisation family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for
// training_mode = 1 (not supported: inference only); kOpInputNotMatch for a parameter whose
// element count is not the channel count (C, or C1 * C0), or x of rank < 2.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/values/param_values.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/normalization/norm_common.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr int64_t kMaxLanes = 64;
constexpr int64_t kChunk = 16384;

struct BnGeometry {
  int64_t planes = 0;      // N * C (ND) or N * C1 (NC1HWC0)
  int64_t channels = 0;    // C, or C1 * C0
  int64_t plane_size = 0;  // elements per plane
  int64_t lanes = 1;       // 1, or C0: channels interleaved inside a plane
};

Status Geometry(const std::vector<int64_t>& dims, Format format, BnGeometry* g) {
  if (format == Format::kNc1hwc0) {
    if (dims.size() != 5) return Status(err::kOpInputNotMatch, "NC1HWC0 x must have 5 dims, got " + DimsToString(dims));
    if (dims[4] > kMaxLanes) return Status(err::kOpInputNotMatch, "C0 above 64 is not supported");
    g->planes = dims[0] * dims[1];
    g->channels = dims[1] * dims[4];
    g->plane_size = dims[2] * dims[3] * dims[4];
    g->lanes = dims[4];
    return Status::Ok();
  }
  if (dims.size() < 2) return Status(err::kOpInputNotMatch, "x must have at least 2 dims, got " + DimsToString(dims));
  g->planes = dims[0] * dims[1];
  g->channels = dims[1];
  g->plane_size = 1;
  for (size_t i = 2; i < dims.size(); ++i) g->plane_size *= dims[i];
  g->lanes = 1;
  return Status::Ok();
}

Status BnInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  BnGeometry g;
  ASIM_RETURN_IF_ERROR(Geometry(inputs[0].dims, inputs[0].format, &g));
  static const char* kNames[] = {"X", "scale", "B", "input_mean", "input_var"};
  for (size_t i = 1; i < 5 && i < inputs.size(); ++i) {
    if (g.channels >= 0 && inputs[i].IsStatic() && inputs[i].ElementCount() != g.channels) {
      return Status(err::kOpInputNotMatch, std::string(kNames[i]) + " has " + std::to_string(inputs[i].ElementCount()) +
                                               " elements, expected " + std::to_string(g.channels) +
                                               " (one per channel)");
    }
  }
  return SameShapeInfer()(inputs, attrs, outputs);
}

Status InferenceOnly(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  if (attrs.GetInt("training_mode", 0) == 0) return Status::Ok();
  return Status(err::kOpAttrNotMatch, "training_mode=1 is not supported (inference only)");
}

template <class S>
void BnTyped(const KernelContext& ctx, const BnGeometry& g, double eps) {
  using C = ComputeOf<S>;
  const S* x = ctx.in(0).as<const S>();
  S* y = ctx.outputs[0].as<S>();
  // Chunks of whole lane groups so the channel of element i is i % lanes.
  const int64_t chunk = std::max<int64_t>(1, kChunk / g.lanes) * g.lanes;
  const int64_t per_plane = std::max<int64_t>(1, (g.plane_size + chunk - 1) / chunk);
  ParallelFor(g.planes * per_plane, 1, [&](int64_t begin, int64_t end) {
    C a[kMaxLanes], b[kMaxLanes];
    int64_t coef_plane = -1;
    for (int64_t item = begin; item < end; ++item) {
      const int64_t p = item / per_plane;
      const int64_t start = (item % per_plane) * chunk;
      const int64_t n = std::min(chunk, g.plane_size - start);
      if (n <= 0) continue;
      if (p != coef_plane) {
        const int64_t first_channel = (p * g.lanes) % g.channels;
        for (int64_t l = 0; l < g.lanes; ++l) {
          const int64_t c = first_channel + l;
          const double inv = 1.0 / std::sqrt(ParamAt(ctx.in(4), c) + eps);
          const double scale = ParamAt(ctx.in(1), c) * inv;
          a[l] = static_cast<C>(scale);
          b[l] = static_cast<C>(ParamAt(ctx.in(2), c) - ParamAt(ctx.in(3), c) * scale);
        }
        coef_plane = p;
      }
      const int64_t off = p * g.plane_size + start;
      AffineLanes<S>(x + off, y + off, n, a, b, g.lanes);
    }
  });
}

Status BnCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  BnGeometry g;
  ASIM_RETURN_IF_ERROR(Geometry(x.dims(), x.spec.format, &g));
  for (size_t i = 1; i < 5; ++i) {
    if (ctx.in(i).ElementCount() != g.channels) {
      return Status(err::kOpInputNotMatch,
                    "BatchNormalization: parameter " + std::to_string(i) + " does not have one element per channel");
    }
  }
  const double eps = ctx.attrs->GetFloat("epsilon", 1e-5f);
  return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
    BnTyped<typename decltype(tag)::type>(ctx, g, eps);
    return Status::Ok();
  });
}

KernelDef BatchNorm(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  const auto dtypes = core ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  std::vector<Format> formats = {Format::kNd, Format::kNchw};
  if (core) formats.push_back(Format::kNc1hwc0);
  const auto& params = dtypes;
  KernelBuilder b("BatchNormalization", engine);
  b.Input("X", dtypes, formats)
      .Input("scale", params)
      .Input("B", params)
      .Input("input_mean", params)
      .Input("input_var", params)
      .Output("Y", {})
      .Attr("epsilon", 1e-5f)
      .Attr("momentum", 0.9f)
      .Attr("training_mode", int64_t{0})
      .Constraint(InferenceOnly)
      .InferShape(BnInfer)
      .Compute(BnCompute)
      .Cost(StreamingCost(engine, 2, 0))
      .Source(kSource);
  if (core) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildBatchNormalization_AiCore() {
  return BatchNorm(Engine::kAiCore);
}
KernelDef BuildBatchNormalization_AiCpu() {
  return BatchNorm(Engine::kAiCpu);
}

}  // namespace asim::kernels
