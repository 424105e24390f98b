// InstanceNormalization and GroupNormalization over [N, C, D1, ...] (channel dim 1):
// statistics per (n, group) over the group's channels and all spatial positions, then
// y = (x - mean) / sqrt(var + epsilon) * scale + bias. InstanceNormalization is the case of
// one channel per group. GroupNormalization takes scale / bias of either C elements (opset
// 21) or num_groups elements (opset 18). AI Core vector unit: fp16 / fp32 (static
// shapes); AI CPU: fp32, fp16, bf16, double (any shape). Statistics accumulate in double.
// Owner: normalisation family. Thread safety: re-entrant. Failure: kOpInputNotMatch for
// rank < 2, parameter sizes that fit neither rule, or C not divisible by num_groups;
// kOpAttrNotMatch for num_groups < 1.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/values/param_values.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/normalization/norm_common.h"

namespace asim::kernels {
namespace {

constexpr const char* kSourcePath = ASIM_KERNEL_SOURCE;

struct GroupGeometry {
  int64_t n = 0, channels = 0, groups = 1, spatial = 1;
  bool per_channel_params = true;
};

Status Geometry(const std::vector<int64_t>& dims, int64_t groups, int64_t scale_count, int64_t bias_count,
                GroupGeometry* g) {
  if (dims.size() < 2) return Status(err::kOpInputNotMatch, "x must have at least 2 dims, got " + DimsToString(dims));
  if (groups < 1) return Status(err::kOpAttrNotMatch, "num_groups must be at least 1");
  g->n = dims[0];
  g->channels = dims[1];
  g->groups = groups;
  g->spatial = 1;
  for (size_t i = 2; i < dims.size(); ++i) g->spatial *= dims[i];
  if (g->channels % groups != 0) {
    return Status(err::kOpInputNotMatch, "channels " + std::to_string(g->channels) + " do not divide into " +
                                             std::to_string(groups) + " groups");
  }
  if (scale_count == g->channels && bias_count == g->channels) {
    g->per_channel_params = true;
  } else if (scale_count == groups && bias_count == groups) {
    g->per_channel_params = false;
  } else {
    return Status(err::kOpInputNotMatch, "scale / bias must have one element per channel (" +
                                             std::to_string(g->channels) + ") or per group (" + std::to_string(groups) +
                                             ")");
  }
  return Status::Ok();
}

int64_t GroupsOf(const AttrMap& attrs, const std::vector<int64_t>& dims, bool instance) {
  if (instance) return dims.size() >= 2 ? std::max<int64_t>(1, dims[1]) : 1;
  return attrs.GetInt("num_groups", 1);
}

template <class S>
void GroupTyped(const KernelContext& ctx, const GroupGeometry& g, double eps) {
  using C = ComputeOf<S>;
  const S* x = ctx.in(0).as<const S>();
  S* y = ctx.outputs[0].as<S>();
  const int64_t per_group = g.channels / g.groups;
  const int64_t chunk = per_group * g.spatial;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, chunk));
  ParallelFor(g.n * g.groups, grain, [&](int64_t begin, int64_t end) {
    for (int64_t item = begin; item < end; ++item) {
      const int64_t group = item % g.groups;
      const S* px = x + item * chunk;
      S* py = y + item * chunk;
      const MeanVar mv = ChunkMeanVar(px, chunk);
      const double inv = 1.0 / std::sqrt(mv.var + eps);
      for (int64_t k = 0; k < per_group; ++k) {
        const int64_t param = g.per_channel_params ? group * per_group + k : group;
        const double scale = ParamAt(ctx.in(1), param) * inv;
        const C a = static_cast<C>(scale);
        const C b = static_cast<C>(ParamAt(ctx.in(2), param) - mv.mean * scale);
        AffineLanes<S>(px + k * g.spatial, py + k * g.spatial, g.spatial, &a, &b, 1);
      }
    }
  });
}

InferShapeFn GroupInfer(bool instance) {
  return [instance](const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
    const auto& dims = inputs[0].dims;
    if (inputs[0].IsStatic() && inputs[1].IsStatic() && inputs[2].IsStatic()) {
      GroupGeometry g;
      ASIM_RETURN_IF_ERROR(
          Geometry(dims, GroupsOf(attrs, dims, instance), inputs[1].ElementCount(), inputs[2].ElementCount(), &g));
    }
    return SameShapeInfer()(inputs, attrs, outputs);
  };
}

ComputeFn GroupCompute(bool instance) {
  return [instance](KernelContext& ctx) {
    const TensorView& x = ctx.in(0);
    GroupGeometry g;
    ASIM_RETURN_IF_ERROR(Geometry(x.dims(), GroupsOf(*ctx.attrs, x.dims(), instance), ctx.in(1).ElementCount(),
                                  ctx.in(2).ElementCount(), &g));
    const double eps = ctx.attrs->GetFloat("epsilon", 1e-5f);
    return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
      GroupTyped<typename decltype(tag)::type>(ctx, g, eps);
      return Status::Ok();
    });
  };
}

KernelDef GroupNormDef(const char* op, Engine engine, bool instance) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b(op, engine);
  b.Input("X", dtypes, {Format::kNd, Format::kNchw})
      .Input("scale", dtypes)
      .Input("B", dtypes)
      .Output("Y", {})
      .Attr("epsilon", 1e-5f)
      .InferShape(GroupInfer(instance))
      .Compute(GroupCompute(instance))
      .Cost(StreamingCost(engine, 5, 0))
      .Source(kSourcePath);
  if (!instance) b.RequiredAttr("num_groups", AttrType::kInt).Attr("stash_type", int64_t{1});
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildInstanceNormalization_AiCore() {
  return GroupNormDef("InstanceNormalization", Engine::kAiCore, true);
}
KernelDef BuildInstanceNormalization_AiCpu() {
  return GroupNormDef("InstanceNormalization", Engine::kAiCpu, true);
}
KernelDef BuildGroupNormalization_AiCore() {
  return GroupNormDef("GroupNormalization", Engine::kAiCore, false);
}
KernelDef BuildGroupNormalization_AiCpu() {
  return GroupNormDef("GroupNormalization", Engine::kAiCpu, false);
}

}  // namespace asim::kernels
