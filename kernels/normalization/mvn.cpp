// MeanVarianceNormalization over `axes` (default [0, 2, 3]): y = (x - mean) / (std + 1e-9)
// with mean and population standard deviation taken over the axes (the ONNX function
// body adds epsilon to the standard deviation). AI Core vector unit: fp16 / fp32 (static
// shapes); AI CPU: fp32, fp16, bf16, double (any shape). Statistics accumulate in double.
// Owner: normalisation family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for an
// axis out of range or repeated.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/reduction/reduce_util.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr int64_t kLanes = 256;
constexpr double kEpsilon = 1e-9;

template <class S>
void MvnTyped(const ReduceLayout& L, const S* x, S* y) {
  using C = ComputeOf<S>;
  const int64_t inner = L.inner(), run = L.run();
  const double count = static_cast<double>(L.count());
  const int64_t nblk = (inner + kLanes - 1) / kLanes;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, L.count() * std::min(inner, kLanes)));
  ParallelFor(L.outer() * nblk, grain, [&](int64_t b, int64_t e) {
    C buf[kWidenBlock];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / nblk;
      const int64_t j0 = (item % nblk) * kLanes;
      const int64_t m = std::min(kLanes, inner - j0);
      const int64_t base = L.OuterOffset(o) + j0;
      // Lanes: m kept positions (run == 1), or a single group of contiguous runs.
      const int64_t lanes = run == 1 ? m : 1;
      const int64_t width = run == 1 ? m : run;
      double mean[kLanes] = {}, var[kLanes] = {};
      auto visit = [&](auto&& f) {
        L.ForEachSlice([&](int64_t off) {
          for (int64_t t = 0; t < width; t += kWidenBlock) {
            const int64_t mm = std::min(kWidenBlock, width - t);
            f(base + off + t, ew_detail::Widen(x + base + off + t, 1, mm, buf), mm, t);
          }
        });
      };
      visit([&](int64_t, const C* p, int64_t mm, int64_t t) {
        for (int64_t i = 0; i < mm; ++i) mean[lanes == 1 ? 0 : t + i] += static_cast<double>(p[i]);
      });
      for (int64_t j = 0; j < lanes; ++j) mean[j] /= count;
      visit([&](int64_t, const C* p, int64_t mm, int64_t t) {
        for (int64_t i = 0; i < mm; ++i) {
          const int64_t j = lanes == 1 ? 0 : t + i;
          const double d = static_cast<double>(p[i]) - mean[j];
          var[j] += d * d;
        }
      });
      for (int64_t j = 0; j < lanes; ++j) var[j] = 1.0 / (std::sqrt(var[j] / count) + kEpsilon);
      visit([&](int64_t at, const C* p, int64_t mm, int64_t t) {
        for (int64_t i = 0; i < mm; ++i) {
          const int64_t j = lanes == 1 ? 0 : t + i;
          y[at + i] = Storage<S>::Store(static_cast<C>((static_cast<double>(p[i]) - mean[j]) * var[j]));
        }
      });
    }
  });
}

Status MvnLayout(const std::vector<int64_t>& dims, const AttrMap& attrs, ReduceLayout* layout) {
  std::vector<bool> mask;
  ASIM_RETURN_IF_ERROR(ReduceMask(attrs.GetInts("axes", {0, 2, 3}), dims.size(), false, &mask));
  return ReduceLayout::Make(dims, mask, layout);
}

Status MvnInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  std::vector<bool> mask;
  ASIM_RETURN_IF_ERROR(ReduceMask(attrs.GetInts("axes", {0, 2, 3}), inputs[0].dims.size(), false, &mask));
  return SameShapeInfer()(inputs, attrs, outputs);
}

Status MvnCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  ReduceLayout layout;
  ASIM_RETURN_IF_ERROR(MvnLayout(x.dims(), *ctx.attrs, &layout));
  if (x.ElementCount() == 0) return Status::Ok();
  return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    MvnTyped<S>(layout, x.as<const S>(), ctx.out(0).as<S>());
    return Status::Ok();
  });
}

KernelDef Mvn(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b("MeanVarianceNormalization", engine);
  b.Input("X", dtypes, PlainFormats())
      .Output("Y", {})
      .Attr("axes", std::vector<int64_t>{0, 2, 3})
      .InferShape(MvnInfer)
      .Compute(MvnCompute)
      .Cost(StreamingCost(engine, 6, 0))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildMeanVarianceNormalization_AiCore() {
  return Mvn(Engine::kAiCore);
}
KernelDef BuildMeanVarianceNormalization_AiCpu() {
  return Mvn(Engine::kAiCpu);
}

}  // namespace asim::kernels
