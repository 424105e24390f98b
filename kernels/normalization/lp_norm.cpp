// LpNormalization along `axis` (default -1): y = x / ||x||_p with p = 1 or 2; a slice whose
// norm is 0 gives 0 (not NaN). AI Core vector unit: fp16 / fp32 (static shapes); AI CPU:
// fp32, fp16, bf16, double (any shape). Norms accumulate in double. Owner: normalisation
// family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for p other than 1 / 2 or
// an axis out of range.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/reduction/reduce_util.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr int64_t kLanes = 256;

inline double Term(double v, bool l1) {
  return l1 ? std::fabs(v) : v * v;
}
inline double Scale(double acc, bool l1) {
  const double norm = l1 ? acc : std::sqrt(acc);
  return norm == 0.0 ? 0.0 : 1.0 / norm;
}

template <class S>
void LpTyped(const AxisView& v, const S* x, S* y, bool l1) {
  using C = ComputeOf<S>;
  if (v.inner == 1) {
    const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, v.axis));
    ParallelFor(v.outer, grain, [&](int64_t b, int64_t e) {
      C buf[kWidenBlock];
      for (int64_t o = b; o < e; ++o) {
        const S* px = x + o * v.axis;
        S* py = y + o * v.axis;
        double acc = 0;
        for (int64_t t = 0; t < v.axis; t += kWidenBlock) {
          const int64_t m = std::min(kWidenBlock, v.axis - t);
          const C* p = ew_detail::Widen(px + t, 1, m, buf);
          for (int64_t i = 0; i < m; ++i) acc += Term(static_cast<double>(p[i]), l1);
        }
        const double s = Scale(acc, l1);
        for (int64_t t = 0; t < v.axis; t += kWidenBlock) {
          const int64_t m = std::min(kWidenBlock, v.axis - t);
          const C* p = ew_detail::Widen(px + t, 1, m, buf);
          for (int64_t i = 0; i < m; ++i) py[t + i] = Storage<S>::Store(static_cast<C>(static_cast<double>(p[i]) * s));
        }
      }
    });
    return;
  }
  const int64_t nblk = (v.inner + kLanes - 1) / kLanes;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, v.axis * std::min(v.inner, kLanes)));
  ParallelFor(v.outer * nblk, grain, [&](int64_t b, int64_t e) {
    C buf[kLanes];
    double acc[kLanes];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / nblk;
      const int64_t j0 = (item % nblk) * kLanes;
      const int64_t m = std::min(kLanes, v.inner - j0);
      const int64_t base = o * v.axis * v.inner + j0;
      std::fill(acc, acc + m, 0.0);
      for (int64_t k = 0; k < v.axis; ++k) {
        const C* p = ew_detail::Widen(x + base + k * v.inner, 1, m, buf);
        for (int64_t j = 0; j < m; ++j) acc[j] += Term(static_cast<double>(p[j]), l1);
      }
      for (int64_t j = 0; j < m; ++j) acc[j] = Scale(acc[j], l1);
      for (int64_t k = 0; k < v.axis; ++k) {
        const C* p = ew_detail::Widen(x + base + k * v.inner, 1, m, buf);
        S* dst = y + base + k * v.inner;
        for (int64_t j = 0; j < m; ++j) dst[j] = Storage<S>::Store(static_cast<C>(static_cast<double>(p[j]) * acc[j]));
      }
    }
  });
}

Status LpCheck(const std::vector<int64_t>& dims, const AttrMap& attrs, size_t* axis) {
  const int64_t p = attrs.GetInt("p", 2);
  if (p != 1 && p != 2) return Status(err::kOpAttrNotMatch, "p must be 1 or 2, got " + std::to_string(p));
  if (dims.empty()) return Status(err::kOpInputNotMatch, "input must have at least one dim");
  return NormalizeAxis(attrs.GetInt("axis", -1), dims.size(), axis);
}

Status LpInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(LpCheck(inputs[0].dims, attrs, &axis));
  return SameShapeInfer()(inputs, attrs, outputs);
}

Status LpCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(LpCheck(x.dims(), *ctx.attrs, &axis));
  const AxisView v = AxisViewOf(x.dims(), axis);
  if (v.outer * v.axis * v.inner == 0) return Status::Ok();
  const bool l1 = ctx.attrs->GetInt("p", 2) == 1;
  return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    LpTyped<S>(v, x.as<const S>(), ctx.out(0).as<S>(), l1);
    return Status::Ok();
  });
}

KernelDef LpNorm(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b("LpNormalization", engine);
  b.Input("input", dtypes, PlainFormats())
      .Output("output", {})
      .Attr("axis", int64_t{-1})
      .Attr("p", int64_t{2})
      .InferShape(LpInfer)
      .Compute(LpCompute)
      .Cost(StreamingCost(engine, 4, 0))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildLpNormalization_AiCore() {
  return LpNorm(Engine::kAiCore);
}
KernelDef BuildLpNormalization_AiCpu() {
  return LpNorm(Engine::kAiCpu);
}

}  // namespace asim::kernels
