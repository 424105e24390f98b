// Predicates and logical negation: IsNaN, IsInf(detect_negative, detect_positive) on
// floats -> bool, and Not on bool. AI Core: fp16/fp32 (IsNaN, IsInf) and bool (Not), static
// shapes; AI CPU: fp32, fp16, bf16, double and bool, any shape. Owner: elementwise
// family. Thread safety: re-entrant. Failure: kUnsupportedDataType outside the declared
// types.
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

struct IsNaNOp {
  template <class C>
  bool operator()(C x) const {
    return x != x;
  }
};
struct IsInfOp {
  bool negative, positive;
  template <class C>
  bool operator()(C x) const {
    return std::isinf(x) && (x > C(0) ? positive : negative);
  }
};
struct NotOp {
  bool operator()(bool x) const { return !x; }
};

std::vector<DataType> FloatDtypes(Engine engine) {
  return engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
}

KernelDef IsNaN(Engine engine) {
  return UnaryBuilder("IsNaN", engine, FloatDtypes(engine),
                      UnaryToCompute<BoolByte>(FloatTypes{}, Fixed(IsNaNOp{}), kCheapGrain), 1, kSource,
                      DataType::kBool)
      .Build();
}

KernelDef IsInf(Engine engine) {
  auto make = [](const AttrMap& a) {
    return IsInfOp{a.GetInt("detect_negative", 1) != 0, a.GetInt("detect_positive", 1) != 0};
  };
  return UnaryBuilder("IsInf", engine, FloatDtypes(engine), UnaryToCompute<BoolByte>(FloatTypes{}, make, kCheapGrain),
                      2, kSource, DataType::kBool)
      .Attr("detect_negative", int64_t{1})
      .Attr("detect_positive", int64_t{1})
      .Build();
}

KernelDef Not(Engine engine) {
  return UnaryBuilder("Not", engine, {DataType::kBool}, UnaryCompute(Types<BoolByte>{}, Fixed(NotOp{}), kCheapGrain), 1,
                      kSource)
      .Build();
}

}  // namespace

KernelDef BuildIsNaN_AiCore() {
  return IsNaN(Engine::kAiCore);
}
KernelDef BuildIsNaN_AiCpu() {
  return IsNaN(Engine::kAiCpu);
}
KernelDef BuildIsInf_AiCore() {
  return IsInf(Engine::kAiCore);
}
KernelDef BuildIsInf_AiCpu() {
  return IsInf(Engine::kAiCpu);
}
KernelDef BuildNot_AiCore() {
  return Not(Engine::kAiCore);
}
KernelDef BuildNot_AiCpu() {
  return Not(Engine::kAiCpu);
}

}  // namespace asim::kernels
