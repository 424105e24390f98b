// GlobalAveragePool, GlobalMaxPool and GlobalLpPool: one window over every spatial
// position of each (n, c) plane; [N, C, D1, ...] -> [N, C, 1, ...]. AI Core vector unit:
// fp16 / fp32 in ND / NCHW and NC1HWC0 ([N, C1, H, W, C0] -> [N, C1, 1, 1, C0]; static
// shapes). AI CPU: fp32, fp16, bf16, double in ND / NCHW, any shape. fp16 accumulates in
// fp32. Owner: pooling family. Thread safety: re-entrant. Failure: see pool_def.h.
#include "kernels/common/values/type_dispatch.h"
#include "kernels/pooling/pool_def.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

KernelDef GlobalPool(const char* op, Engine engine, PoolKind kind, double ops_per_tap) {
  const bool core = engine == Engine::kAiCore;
  std::vector<Format> formats = {Format::kNd, Format::kNchw};
  if (core) formats.push_back(Format::kNc1hwc0);
  KernelBuilder b(op, engine);
  b.Input("X", core ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{}), formats)
      .Output("Y", {})
      .InferShape(PoolInfer(true, false))
      .Compute(PoolCompute(kind, true))
      .Cost(PoolCost(engine, true, ops_per_tap))
      .Source(kSource);
  if (kind == PoolKind::kLp) b.Attr("p", int64_t{2});
  if (core) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildGlobalAveragePool_AiCore() {
  return GlobalPool("GlobalAveragePool", Engine::kAiCore, PoolKind::kAvg, 1);
}
KernelDef BuildGlobalAveragePool_AiCpu() {
  return GlobalPool("GlobalAveragePool", Engine::kAiCpu, PoolKind::kAvg, 1);
}
KernelDef BuildGlobalMaxPool_AiCore() {
  return GlobalPool("GlobalMaxPool", Engine::kAiCore, PoolKind::kMax, 1);
}
KernelDef BuildGlobalMaxPool_AiCpu() {
  return GlobalPool("GlobalMaxPool", Engine::kAiCpu, PoolKind::kMax, 1);
}
KernelDef BuildGlobalLpPool_AiCore() {
  return GlobalPool("GlobalLpPool", Engine::kAiCore, PoolKind::kLp, 3);
}
KernelDef BuildGlobalLpPool_AiCpu() {
  return GlobalPool("GlobalLpPool", Engine::kAiCpu, PoolKind::kLp, 3);
}

}  // namespace asim::kernels
