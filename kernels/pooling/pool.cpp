// MaxPool, AveragePool and LpPool over 1 to 3 spatial dims (kernel_shape, strides, pads,
// dilations, ceil_mode, auto_pad; count_include_pad for AveragePool, p for LpPool,
// storage_order for MaxPool's Indices). AI Core vector unit: fp16 / fp32 in ND / NCHW and
// NC1HWC0 (pooling H, W of [N, C1, H, W, C0]; static shapes). AI CPU: fp32, fp16, bf16,
// double (and int8 / uint8 for MaxPool) in ND / NCHW, any shape, and MaxPool's optional
// int64 Indices output: set the `output_indices` attribute (the converter sets it when the
// node uses its second output) and selection goes to the AI CPU, as the AI Core kernel
// produces no indices. Owner: pooling family. Thread safety: re-entrant. Failure: see
// pool_def.h and pool_util.h; kOpAttrNotMatch for output_indices on the AI Core.
#include "kernels/common/values/type_dispatch.h"
#include "kernels/pooling/pool_def.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

Status NoIndices(const std::vector<TensorSpec>&, const AttrMap& attrs, const ChipTraits&) {
  if (attrs.GetInt("output_indices", 0) == 0) return Status::Ok();
  return Status(err::kOpAttrNotMatch, "the Indices output is produced on the AI CPU only");
}

KernelBuilder PoolBuilder(const char* op, Engine engine, PoolKind kind, std::vector<DataType> cpu_dtypes,
                          double ops_per_tap) {
  const bool core = engine == Engine::kAiCore;
  std::vector<Format> formats = {Format::kNd, Format::kNchw};
  if (core) formats.push_back(Format::kNc1hwc0);
  KernelBuilder b(op, engine);
  b.Input("X", core ? DtypesOf(AiCoreFloatTypes{}) : std::move(cpu_dtypes), formats)
      .Output("Y", {})
      .RequiredAttr("kernel_shape", AttrType::kListInt)
      .Attr("strides", std::vector<int64_t>{})
      .Attr("pads", std::vector<int64_t>{})
      .Attr("dilations", std::vector<int64_t>{})
      .Attr("ceil_mode", int64_t{0})
      .Attr("auto_pad", std::string("NOTSET"))
      .Compute(PoolCompute(kind, false))
      .Cost(PoolCost(engine, false, ops_per_tap))
      .Source(kSource);
  if (core) b.StaticShapesOnly();
  return b;
}

KernelDef MaxPool(Engine engine) {
  KernelBuilder b = PoolBuilder("MaxPool", engine, PoolKind::kMax,
                                DtypesOf(ConcatTypes<FloatTypes, Types<int8_t, uint8_t>>::type{}), 1);
  b.Output("Indices", {DataType::kInt64})
      .Attr("storage_order", int64_t{0})
      .Attr("output_indices", int64_t{0})
      .InferShape(PoolInfer(false, engine == Engine::kAiCpu));
  if (engine == Engine::kAiCore) b.Constraint(NoIndices);
  return b.Build();
}

KernelDef AveragePool(Engine engine) {
  return PoolBuilder("AveragePool", engine, PoolKind::kAvg, DtypesOf(FloatTypes{}), 1)
      .Attr("count_include_pad", int64_t{0})
      .InferShape(PoolInfer(false, false))
      .Build();
}

KernelDef LpPool(Engine engine) {
  return PoolBuilder("LpPool", engine, PoolKind::kLp, DtypesOf(FloatTypes{}), 3)
      .Attr("p", int64_t{2})
      .InferShape(PoolInfer(false, false))
      .Build();
}

}  // namespace

KernelDef BuildMaxPool_AiCore() {
  return MaxPool(Engine::kAiCore);
}
KernelDef BuildMaxPool_AiCpu() {
  return MaxPool(Engine::kAiCpu);
}
KernelDef BuildAveragePool_AiCore() {
  return AveragePool(Engine::kAiCore);
}
KernelDef BuildAveragePool_AiCpu() {
  return AveragePool(Engine::kAiCpu);
}
KernelDef BuildLpPool_AiCore() {
  return LpPool(Engine::kAiCore);
}
KernelDef BuildLpPool_AiCpu() {
  return LpPool(Engine::kAiCpu);
}

}  // namespace asim::kernels
