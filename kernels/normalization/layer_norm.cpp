// LayerNormalization (opset 17): statistics over dims [axis, rank) of each row, then
// y = (x - mean) / sqrt(var + epsilon) * Scale + B (B optional). Outputs Y, and always the
// optional Mean and InvStdDev (fp32, shape dims[:axis] + 1s; stash_type 1). Scale / B
// broadcast to the normalised dims when they equal its trailing dims (e.g. [D] for
// [S, D]). AI Core vector unit: fp16 / fp32 (static shapes); AI CPU: fp32, fp16, bf16,
// double (any shape). Statistics accumulate in double. Owner: normalisation family.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range;
// kOpInputNotMatch for a Scale / B that is not the normalised shape's suffix.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/normalization/norm_common.h"
#include "kernels/reduction/reduce_util.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

// Scale / B must equal the trailing dims of the normalised shape (leading 1s ignored).
Status CheckSuffix(const std::vector<int64_t>& x, size_t axis, const std::vector<int64_t>& p, const char* name) {
  size_t lead = 0;
  while (lead < p.size() && p[lead] == 1) ++lead;
  const size_t k = p.size() - lead;
  bool ok = k <= x.size() - axis;
  for (size_t i = 0; ok && i < k; ++i) {
    const int64_t pd = p[lead + i], xd = x[x.size() - k + i];
    ok = pd == xd || pd < 0 || xd < 0;
  }
  if (ok) return Status::Ok();
  return Status(err::kOpInputNotMatch, std::string(name) + " " + DimsToString(p) +
                                           " is not a suffix of the normalised dims of " + DimsToString(x));
}

Status LnAxis(const std::vector<int64_t>& dims, const AttrMap& attrs, size_t* axis) {
  if (dims.empty()) return Status(err::kOpInputNotMatch, "X must have at least one dim");
  return NormalizeAxis(attrs.GetInt("axis", -1), dims.size(), axis);
}

Status LnInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(LnAxis(inputs[0].dims, attrs, &axis));
  ASIM_RETURN_IF_ERROR(CheckSuffix(inputs[0].dims, axis, inputs[1].dims, "Scale"));
  if (inputs.size() > 2 && inputs[2].dtype != DataType::kUndefined) {
    ASIM_RETURN_IF_ERROR(CheckSuffix(inputs[0].dims, axis, inputs[2].dims, "B"));
  }
  TensorSpec y = inputs[0];
  y.host_data = nullptr;
  TensorSpec stat;
  stat.dtype = DataType::kFloat;
  stat.format = Format::kNd;
  stat.dims = inputs[0].dims;
  for (size_t i = axis; i < stat.dims.size(); ++i) stat.dims[i] = 1;
  *outputs = {y, stat, stat};
  return Status::Ok();
}

template <class S>
void LnTyped(KernelContext& ctx, int64_t rows, int64_t d, double eps) {
  using C = ComputeOf<S>;
  const S* x = ctx.in(0).as<const S>();
  const S* scale = ctx.in(1).as<const S>();
  const int64_t ks = ctx.in(1).ElementCount();
  const bool has_bias = ctx.has_input(2);
  const S* bias = has_bias ? ctx.in(2).as<const S>() : nullptr;
  const int64_t kb = has_bias ? ctx.in(2).ElementCount() : 1;
  const bool full_scale = ks == d, full_bias = has_bias && kb == d;
  S* y = ctx.outputs[0].as<S>();
  float* mean_out = ctx.outputs.size() > 1 ? ctx.outputs[1].as<float>() : nullptr;
  float* inv_out = ctx.outputs.size() > 2 ? ctx.outputs[2].as<float>() : nullptr;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, d));
  ParallelFor(rows, grain, [&](int64_t begin, int64_t end) {
    C xb[kWidenBlock], yb[kWidenBlock], sb[kWidenBlock], bbuf[kWidenBlock];
    for (int64_t r = begin; r < end; ++r) {
      const S* px = x + r * d;
      S* py = y + r * d;
      const MeanVar mv = ChunkMeanVar(px, d);
      const double inv = 1.0 / std::sqrt(mv.var + eps);
      if (mean_out != nullptr) mean_out[r] = static_cast<float>(mv.mean);
      if (inv_out != nullptr) inv_out[r] = static_cast<float>(inv);
      const C cm = static_cast<C>(mv.mean), ci = static_cast<C>(inv);
      for (int64_t off = 0; off < d; off += kWidenBlock) {
        const int64_t m = std::min(kWidenBlock, d - off);
        const C* p = ew_detail::Widen(px + off, 1, m, xb);
        // Scale / B of the normalised shape itself (the usual case): widened blocks; a
        // broadcast suffix: element by element.
        const C* s = full_scale ? ew_detail::Widen(scale + off, 1, m, sb) : nullptr;
        const C* bb = full_bias ? ew_detail::Widen(bias + off, 1, m, bbuf) : nullptr;
        for (int64_t i = 0; i < m; ++i) {
          const C si = s != nullptr ? s[i] : Storage<S>::Load(scale[(off + i) % ks]);
          const C bi = bb != nullptr ? bb[i] : (has_bias ? Storage<S>::Load(bias[(off + i) % kb]) : C(0));
          yb[i] = (p[i] - cm) * ci * si + bi;
        }
        for (int64_t i = 0; i < m; ++i) py[off + i] = Storage<S>::Store(yb[i]);
      }
    }
  });
}

Status LnCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(LnAxis(x.dims(), *ctx.attrs, &axis));
  ASIM_RETURN_IF_ERROR(CheckSuffix(x.dims(), axis, ctx.in(1).dims(), "Scale"));
  if (ctx.has_input(2)) ASIM_RETURN_IF_ERROR(CheckSuffix(x.dims(), axis, ctx.in(2).dims(), "B"));
  const AxisView v = AxisViewOf(x.dims(), axis, /*coerce_2d=*/true);
  if (v.outer * v.axis == 0) return Status::Ok();
  if (ctx.in(1).ElementCount() == 0 || (ctx.has_input(2) && ctx.in(2).ElementCount() == 0)) {
    return Status(err::kOpInputNotMatch, "LayerNormalization: Scale / B must not be empty");
  }
  const double eps = ctx.attrs->GetFloat("epsilon", 1e-5f);
  return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
    LnTyped<typename decltype(tag)::type>(ctx, v.outer, v.axis, eps);
    return Status::Ok();
  });
}

KernelDef LayerNorm(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b("LayerNormalization", engine);
  b.Input("X", dtypes, PlainFormats())
      .Input("Scale", dtypes)
      .SameDtypeAs(0)
      .OptionalInput("B", dtypes)
      .SameDtypeAs(0)
      .Output("Y", {})
      .Output("Mean", {DataType::kFloat})
      .Output("InvStdDev", {DataType::kFloat})
      .Attr("axis", int64_t{-1})
      .Attr("epsilon", 1e-5f)
      .Attr("stash_type", int64_t{1})
      .InferShape(LnInfer)
      .Compute(LnCompute)
      .Cost(StreamingCost(engine, 6, 2))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildLayerNormalization_AiCore() {
  return LayerNorm(Engine::kAiCore);
}
KernelDef BuildLayerNormalization_AiCpu() {
  return LayerNorm(Engine::kAiCpu);
}

}  // namespace asim::kernels
