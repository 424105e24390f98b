// LRN (local response normalisation across channels) over [N, C, D1, ...]:
// y = x / (bias + alpha / size * sum of x^2 over channels [c - floor((size-1)/2),
// c + ceil((size-1)/2)])^beta. AI Core vector unit: fp16 / fp32 (static shapes); AI CPU:
// fp32, fp16, bf16, double (any shape). Arithmetic in fp32 (double for double).
// Owner: normalisation family. Thread safety: re-entrant. Failure: kOpAttrNotMatch for
// size < 1; kOpInputNotMatch for rank < 3.
#include <cmath>

#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/values/type_dispatch.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr int64_t kLanes = 512;

struct LrnParams {
  int64_t size;
  double alpha, beta, bias;
};

template <class S>
void LrnTyped(const S* x, S* y, int64_t n, int64_t channels, int64_t spatial, const LrnParams& p) {
  using C = ComputeOf<S>;
  const int64_t before = (p.size - 1) / 2, after = p.size - 1 - before;
  const int64_t nblk = (spatial + kLanes - 1) / kLanes;
  const C scale = static_cast<C>(p.alpha / static_cast<double>(p.size));
  const C bias = static_cast<C>(p.bias), beta = static_cast<C>(p.beta);
  ParallelFor(n * channels * nblk, std::max<int64_t>(1, 8192 / (kLanes * p.size)), [&](int64_t b, int64_t e) {
    C buf[kLanes], acc[kLanes], out[kLanes];
    for (int64_t item = b; item < e; ++item) {
      const int64_t plane = item / nblk;  // n * C + c
      const int64_t c = plane % channels;
      const int64_t j0 = (item % nblk) * kLanes;
      const int64_t m = std::min(kLanes, spatial - j0);
      const int64_t batch_base = (plane - c) * spatial + j0;
      std::fill(acc, acc + m, C(0));
      for (int64_t k = std::max<int64_t>(0, c - before); k <= std::min(channels - 1, c + after); ++k) {
        const C* q = ew_detail::Widen(x + batch_base + k * spatial, 1, m, buf);
        for (int64_t j = 0; j < m; ++j) acc[j] += q[j] * q[j];
      }
      const C* q = ew_detail::Widen(x + batch_base + c * spatial, 1, m, buf);
      for (int64_t j = 0; j < m; ++j) out[j] = q[j] / std::pow(bias + scale * acc[j], beta);
      S* dst = y + batch_base + c * spatial;
      for (int64_t j = 0; j < m; ++j) dst[j] = Storage<S>::Store(out[j]);
    }
  });
}

Status LrnCheck(const std::vector<int64_t>& dims, const AttrMap& attrs) {
  if (attrs.GetInt("size", 0) < 1) return Status(err::kOpAttrNotMatch, "size must be at least 1");
  if (dims.size() < 3) return Status(err::kOpInputNotMatch, "X must have at least 3 dims, got " + DimsToString(dims));
  return Status::Ok();
}

Status LrnInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  ASIM_RETURN_IF_ERROR(LrnCheck(inputs[0].dims, attrs));
  return SameShapeInfer()(inputs, attrs, outputs);
}

Status LrnCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(0);
  ASIM_RETURN_IF_ERROR(LrnCheck(x.dims(), *ctx.attrs));
  const LrnParams p{ctx.attrs->GetInt("size", 1), ctx.attrs->GetFloat("alpha", 1e-4f),
                    ctx.attrs->GetFloat("beta", 0.75f), ctx.attrs->GetFloat("bias", 1.0f)};
  int64_t spatial = 1;
  for (size_t i = 2; i < x.dims().size(); ++i) spatial *= x.dims()[i];
  if (x.ElementCount() == 0) return Status::Ok();
  return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    LrnTyped<S>(x.as<const S>(), ctx.out(0).as<S>(), x.dims()[0], x.dims()[1], spatial, p);
    return Status::Ok();
  });
}

KernelDef Lrn(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b("LRN", engine);
  b.Input("X", dtypes, {Format::kNd, Format::kNchw})
      .Output("Y", {})
      .RequiredAttr("size", AttrType::kInt)
      .Attr("alpha", 1e-4f)
      .Attr("beta", 0.75f)
      .Attr("bias", 1.0f)
      .InferShape(LrnInfer)
      .Compute(LrnCompute)
      .Cost([engine](const std::vector<TensorSpec>& in, const std::vector<TensorSpec>& out, const AttrMap& attrs,
                     const ChipTraits& chip) {
        const double size = static_cast<double>(attrs.GetInt("size", 1));
        return StreamingCost(engine, 2 * size + 4, 0)(in, out, attrs, chip);
      })
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildLRN_AiCore() {
  return Lrn(Engine::kAiCore);
}
KernelDef BuildLRN_AiCpu() {
  return Lrn(Engine::kAiCpu);
}

}  // namespace asim::kernels
