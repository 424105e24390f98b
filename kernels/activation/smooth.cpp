// Smooth activations on the AI Core vector unit (fp16, fp32; static shapes) and the AI CPU
// (fp32, fp16, bf16, double; any shape): Sigmoid, Tanh, Softplus, Softsign, Mish, Gelu.
// Both engines share one host implementation (fp16/bf16 computed in fp32, double in
// double). Owner: activation family. Thread safety: re-entrant. Failure: Gelu refuses an
// `approximate` other than "none" / "tanh" (kOpAttrNotMatch).
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

// log(1 + e^x) without overflow for large x or loss for very negative x.
template <class C>
C Softplus(C x) {
  return x > C(0) ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

struct SigmoidOp {
  template <class C>
  C operator()(C x) const {
    if (x >= C(0)) return C(1) / (C(1) + std::exp(-x));
    const C e = std::exp(x);
    return e / (C(1) + e);
  }
};
struct TanhOp {
  template <class C>
  C operator()(C x) const {
    return std::tanh(x);
  }
};
struct SoftplusOp {
  template <class C>
  C operator()(C x) const {
    return Softplus(x);
  }
};
struct SoftsignOp {
  template <class C>
  C operator()(C x) const {
    return x / (C(1) + std::fabs(x));
  }
};
struct MishOp {
  template <class C>
  C operator()(C x) const {
    return x * std::tanh(Softplus(x));
  }
};
struct GeluOp {
  bool tanh_approx = false;
  template <class C>
  C operator()(C x) const {
    if (tanh_approx) {
      const C k = C(0.79788456080286535587989211986876);  // sqrt(2 / pi)
      return C(0.5) * x * (C(1) + std::tanh(k * (x + C(0.044715) * x * x * x)));
    }
    return C(0.5) * x * (C(1) + std::erf(x * C(0.70710678118654752440084436210485)));
  }
};

ComputeFn SigmoidCompute() {
  return UnaryCompute(FloatTypes{}, Fixed(SigmoidOp{}), kMathGrain);
}
ComputeFn TanhCompute() {
  return UnaryCompute(FloatTypes{}, Fixed(TanhOp{}), kMathGrain);
}
ComputeFn SoftplusCompute() {
  return UnaryCompute(FloatTypes{}, Fixed(SoftplusOp{}), kMathGrain);
}
ComputeFn SoftsignCompute() {
  return UnaryCompute(FloatTypes{}, Fixed(SoftsignOp{}), kCheapGrain);
}
ComputeFn MishCompute() {
  return UnaryCompute(FloatTypes{}, Fixed(MishOp{}), kMathGrain);
}
ComputeFn GeluCompute() {
  return UnaryCompute(
      FloatTypes{}, [](const AttrMap& a) { return GeluOp{a.GetString("approximate", "none") == "tanh"}; }, kMathGrain);
}

Status GeluApproximateIsKnown(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  const std::string mode = attrs.GetString("approximate", "none");
  if (mode == "none" || mode == "tanh") return Status::Ok();
  return Status(err::kOpAttrNotMatch, "approximate '" + mode + "' is not 'none' or 'tanh'");
}

KernelDef Smooth(const char* op, Engine engine, ComputeFn compute, double ops) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  return UnaryBuilder(op, engine, dtypes, std::move(compute), ops, kSource).Build();
}

KernelDef Gelu(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  return UnaryBuilder("Gelu", engine, dtypes, GeluCompute(), 10, kSource)
      .Attr("approximate", std::string("none"))
      .Constraint(GeluApproximateIsKnown)
      .Build();
}

}  // namespace

KernelDef BuildSigmoid_AiCore() {
  return Smooth("Sigmoid", Engine::kAiCore, SigmoidCompute(), 4);
}
KernelDef BuildSigmoid_AiCpu() {
  return Smooth("Sigmoid", Engine::kAiCpu, SigmoidCompute(), 4);
}
KernelDef BuildTanh_AiCore() {
  return Smooth("Tanh", Engine::kAiCore, TanhCompute(), 6);
}
KernelDef BuildTanh_AiCpu() {
  return Smooth("Tanh", Engine::kAiCpu, TanhCompute(), 6);
}
KernelDef BuildSoftplus_AiCore() {
  return Smooth("Softplus", Engine::kAiCore, SoftplusCompute(), 5);
}
KernelDef BuildSoftplus_AiCpu() {
  return Smooth("Softplus", Engine::kAiCpu, SoftplusCompute(), 5);
}
KernelDef BuildSoftsign_AiCore() {
  return Smooth("Softsign", Engine::kAiCore, SoftsignCompute(), 3);
}
KernelDef BuildSoftsign_AiCpu() {
  return Smooth("Softsign", Engine::kAiCpu, SoftsignCompute(), 3);
}
KernelDef BuildMish_AiCore() {
  return Smooth("Mish", Engine::kAiCore, MishCompute(), 10);
}
KernelDef BuildMish_AiCpu() {
  return Smooth("Mish", Engine::kAiCpu, MishCompute(), 10);
}
KernelDef BuildGelu_AiCore() {
  return Gelu(Engine::kAiCore);
}
KernelDef BuildGelu_AiCpu() {
  return Gelu(Engine::kAiCpu);
}

}  // namespace asim::kernels
