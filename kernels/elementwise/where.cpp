// Where(condition, x, y): x where condition else y, numpy broadcasting over all three.
// AI Core vector unit (Select): x / y fp16, fp32, int32 (static shapes); AI CPU: every
// numeric type and bool (any shape). The selection moves bytes, so one loop per element
// width serves every dtype. Owner: elementwise family. Thread safety: re-entrant.
// Failure: kOpInputNotMatch for shapes that do not broadcast.
#include "kernels/common/elementwise/elementwise_compute.h"
#include "kernels/common/elementwise/elementwise_defs.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;

template <class T>
Status WhereTyped(const TensorView& cond, const TensorView& x, const TensorView& y, TensorView& out) {
  BroadcastPlan plan;
  ASIM_RETURN_IF_ERROR(BroadcastPlan::Make(out.dims(), {&cond.dims(), &x.dims(), &y.dims()}, &plan));
  const uint8_t* pc = cond.as<const uint8_t>();
  const T* px = x.as<const T>();
  const T* py = y.as<const T>();
  T* po = out.as<T>();
  const int64_t sc = plan.inner_stride(0), sx = plan.inner_stride(1), sy = plan.inner_stride(2);
  plan.ParallelRuns(kCheapGrain, [&](int64_t o, const int64_t* in, int64_t len) {
    const uint8_t* c = pc + in[0];
    const T* a = px + in[1];
    const T* b = py + in[2];
    T* d = po + o;
    if (sc != 0 && sx != 0 && sy != 0) {
      for (int64_t i = 0; i < len; ++i) d[i] = c[i] != 0 ? a[i] : b[i];
    } else if (sc == 0) {
      const T* src = c[0] != 0 ? a : b;
      const int64_t s = c[0] != 0 ? sx : sy;
      for (int64_t i = 0; i < len; ++i) d[i] = src[i * s];
    } else {
      for (int64_t i = 0; i < len; ++i) d[i] = c[i] != 0 ? a[i * sx] : b[i * sy];
    }
  });
  return Status::Ok();
}

Status WhereCompute(KernelContext& ctx) {
  const TensorView& x = ctx.in(1);
  switch (DataTypeSize(x.dtype())) {
    case 1: return WhereTyped<uint8_t>(ctx.in(0), x, ctx.in(2), ctx.out(0));
    case 2: return WhereTyped<uint16_t>(ctx.in(0), x, ctx.in(2), ctx.out(0));
    case 4: return WhereTyped<uint32_t>(ctx.in(0), x, ctx.in(2), ctx.out(0));
    case 8: return WhereTyped<uint64_t>(ctx.in(0), x, ctx.in(2), ctx.out(0));
    default:
      return Status(err::kUnsupportedDataType,
                    std::string("Where has no ") + DataTypeName(x.dtype()) + " implementation");
  }
}

KernelDef Where(Engine engine) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreNumericTypes{}) : DtypesOf(AllTypes{});
  KernelBuilder b("Where", engine);
  b.Input("condition", {DataType::kBool})
      .Input("X", dtypes)
      .Input("Y", dtypes)
      .SameDtypeAs(1)
      .Output("output", {})
      .Constraint(SameLayoutOrScalar())
      .InferShape(BroadcastInfer(DataType::kUndefined, 1))
      .Compute(WhereCompute)
      .Source(kSource);
  return EngineRules(b, engine, 1).Build();
}

}  // namespace

KernelDef BuildWhere_AiCore() {
  return Where(Engine::kAiCore);
}
KernelDef BuildWhere_AiCpu() {
  return Where(Engine::kAiCpu);
}

}  // namespace asim::kernels
