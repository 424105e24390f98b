// Piecewise activations with attributes, on the AI Core vector unit (fp16, fp32; static
// shapes) and the AI CPU (fp32, fp16, bf16, double; any shape): LeakyRelu(alpha),
// Elu(alpha), Selu(alpha, gamma), Celu(alpha), ThresholdedRelu(alpha),
// HardSigmoid(alpha, beta), HardSwish. One host implementation for both engines.
// Owner: activation family. Thread safety: re-entrant. Failure: Celu refuses alpha == 0
// (kOpAttrNotMatch).
#include <algorithm>
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
// ONNX Selu defaults (float literals of the spec).
constexpr float kSeluAlpha = 1.67326319217681884765625f;
constexpr float kSeluGamma = 1.05070102214813232421875f;

struct LeakyReluOp {
  float alpha;
  template <class C>
  C operator()(C x) const {
    return x < C(0) ? C(alpha) * x : x;
  }
};
struct EluOp {
  float alpha;
  template <class C>
  C operator()(C x) const {
    return x < C(0) ? C(alpha) * std::expm1(x) : x;
  }
};
struct SeluOp {
  float alpha, gamma;
  template <class C>
  C operator()(C x) const {
    return x <= C(0) ? C(gamma) * C(alpha) * std::expm1(x) : C(gamma) * x;
  }
};
struct CeluOp {
  float alpha;
  template <class C>
  C operator()(C x) const {
    return x > C(0) ? x : C(alpha) * std::expm1(x / C(alpha));
  }
};
struct ThresholdedReluOp {
  float alpha;
  template <class C>
  C operator()(C x) const {
    return x > C(alpha) ? x : C(0);
  }
};
struct HardSigmoidOp {
  float alpha, beta;
  template <class C>
  C operator()(C x) const {
    return std::clamp(C(alpha) * x + C(beta), C(0), C(1));
  }
};
struct HardSwishOp {
  template <class C>
  C operator()(C x) const {
    return x * std::clamp(x / C(6) + C(0.5), C(0), C(1));
  }
};

std::vector<DataType> Dtypes(Engine engine) {
  return engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
}

// The slope is ONNX's `alpha` (default 0.01) or CANN's `negative_slope` (single-op calls),
// which wins when both are given.
KernelDef LeakyRelu(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{},
      [](const AttrMap& a) {
        return LeakyReluOp{a.Has("negative_slope") ? a.GetFloat("negative_slope", 0.0f) : a.GetFloat("alpha", 0.01f)};
      },
      kCheapGrain);
  return UnaryBuilder("LeakyRelu", engine, Dtypes(engine), compute, 2, kSource)
      .Attr("alpha", 0.01f)
      .OptionalAttr("negative_slope", AttrType::kFloat)
      .Build();
}

KernelDef Elu(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{}, [](const AttrMap& a) { return EluOp{a.GetFloat("alpha", 1.0f)}; }, kMathGrain);
  return UnaryBuilder("Elu", engine, Dtypes(engine), compute, 4, kSource).Attr("alpha", 1.0f).Build();
}

KernelDef Selu(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{},
      [](const AttrMap& a) {
        return SeluOp{a.GetFloat("alpha", kSeluAlpha), a.GetFloat("gamma", kSeluGamma)};
      },
      kMathGrain);
  return UnaryBuilder("Selu", engine, Dtypes(engine), compute, 5, kSource)
      .Attr("alpha", kSeluAlpha)
      .Attr("gamma", kSeluGamma)
      .Build();
}

Status CeluAlphaNonZero(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  if (attrs.GetFloat("alpha", 1.0f) != 0.0f) return Status::Ok();
  return Status(err::kOpAttrNotMatch, "alpha must not be 0");
}

KernelDef Celu(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{}, [](const AttrMap& a) { return CeluOp{a.GetFloat("alpha", 1.0f)}; }, kMathGrain);
  return UnaryBuilder("Celu", engine, Dtypes(engine), compute, 5, kSource)
      .Attr("alpha", 1.0f)
      .Constraint(CeluAlphaNonZero)
      .Build();
}

KernelDef ThresholdedRelu(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{}, [](const AttrMap& a) { return ThresholdedReluOp{a.GetFloat("alpha", 1.0f)}; }, kCheapGrain);
  return UnaryBuilder("ThresholdedRelu", engine, Dtypes(engine), compute, 2, kSource).Attr("alpha", 1.0f).Build();
}

KernelDef HardSigmoid(Engine engine) {
  const ComputeFn compute = UnaryCompute(
      FloatTypes{},
      [](const AttrMap& a) {
        return HardSigmoidOp{a.GetFloat("alpha", 0.2f), a.GetFloat("beta", 0.5f)};
      },
      kCheapGrain);
  return UnaryBuilder("HardSigmoid", engine, Dtypes(engine), compute, 3, kSource)
      .Attr("alpha", 0.2f)
      .Attr("beta", 0.5f)
      .Build();
}

KernelDef HardSwish(Engine engine) {
  const ComputeFn compute = UnaryCompute(FloatTypes{}, Fixed(HardSwishOp{}), kCheapGrain);
  return UnaryBuilder("HardSwish", engine, Dtypes(engine), compute, 4, kSource).Build();
}

}  // namespace

KernelDef BuildLeakyRelu_AiCore() {
  return LeakyRelu(Engine::kAiCore);
}
KernelDef BuildLeakyRelu_AiCpu() {
  return LeakyRelu(Engine::kAiCpu);
}
KernelDef BuildElu_AiCore() {
  return Elu(Engine::kAiCore);
}
KernelDef BuildElu_AiCpu() {
  return Elu(Engine::kAiCpu);
}
KernelDef BuildSelu_AiCore() {
  return Selu(Engine::kAiCore);
}
KernelDef BuildSelu_AiCpu() {
  return Selu(Engine::kAiCpu);
}
KernelDef BuildCelu_AiCore() {
  return Celu(Engine::kAiCore);
}
KernelDef BuildCelu_AiCpu() {
  return Celu(Engine::kAiCpu);
}
KernelDef BuildThresholdedRelu_AiCore() {
  return ThresholdedRelu(Engine::kAiCore);
}
KernelDef BuildThresholdedRelu_AiCpu() {
  return ThresholdedRelu(Engine::kAiCpu);
}
KernelDef BuildHardSigmoid_AiCore() {
  return HardSigmoid(Engine::kAiCore);
}
KernelDef BuildHardSigmoid_AiCpu() {
  return HardSigmoid(Engine::kAiCpu);
}
KernelDef BuildHardSwish_AiCore() {
  return HardSwish(Engine::kAiCore);
}
KernelDef BuildHardSwish_AiCpu() {
  return HardSwish(Engine::kAiCpu);
}

}  // namespace asim::kernels
