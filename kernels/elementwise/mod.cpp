// Mod with numpy broadcasting. fmod = 1: the remainder has the dividend's sign (C fmod);
// fmod = 0: the divisor's sign (Python / numpy mod; for floats too, as the ONNX reference
// computes it). Integer x mod 0 gives 0 (defined here; C++ leaves it undefined). AI Core
// vector unit: fp16, fp32, int32 (static shapes); AI CPU: floats, int8..int64,
// uint8..uint64 (any shape). Owner: elementwise family. Thread safety: re-entrant. Failure:
// kOpInputNotMatch for shapes that do not broadcast.
#include <cmath>

#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
// NumericTypes with uint16, uint32 and uint64 too (ONNX lists every integer width here).
using AllNumericTypes = ConcatTypes<FloatTypes, IntTypes>::type;

struct ModOp {
  bool fmod;
  template <class C>
  C operator()(C a, C b) const {
    if constexpr (std::is_integral_v<C>) {
      return fmod ? IntRem(a, b) : IntMod(a, b);
    } else {
      C r = std::fmod(a, b);
      if (!fmod && r != C(0) && ((r < C(0)) != (b < C(0)))) r += b;
      return r;
    }
  }
};

KernelDef Mod(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreNumericTypes{}) : DtypesOf(AllNumericTypes{});
  auto make = [](const AttrMap& a) { return ModOp{a.GetInt("fmod", 0) != 0}; };
  return BinaryBuilder("Mod", engine, dtypes, BinaryCompute(AllNumericTypes{}, make, kCheapGrain), 4, kSource)
      .Attr("fmod", int64_t{0})
      .Build();
}

}  // namespace

KernelDef BuildMod_AiCore() {
  return Mod(Engine::kAiCore);
}
KernelDef BuildMod_AiCpu() {
  return Mod(Engine::kAiCpu);
}

}  // namespace asim::kernels
