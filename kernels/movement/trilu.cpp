// Trilu (ONNX opset 14): keeps the upper (upper=1: column - row >= k) or lower
// (column - row <= k) triangle of the last two dims, zeroing the rest; k is an optional
// scalar int64 input (default 0). Owner: the movement / shape kernel family.
// AI Core: static shapes, constant k. AI CPU: every fixed-size type.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for a rank below 2 or a k that is
// not one value.
#include <algorithm>
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status TriluInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  if (inputs[0].dims.size() < 2) return Status(err::kOpInputNotMatch, "Trilu: the input must have rank >= 2");
  return SameAsInput(0)(inputs, attrs, outputs);
}

Status TriluCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Trilu"));
  const TensorView& x = ctx.in(0);
  int64_t k = 0;
  if (ctx.has_input(1)) {
    std::vector<int64_t> v;
    ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(1), "Trilu input 'k'", &v));
    if (v.size() != 1) return Status(err::kOpInputNotMatch, "Trilu: k must hold one value");
    k = v[0];
  }
  const bool upper = ctx.attrs->GetInt("upper", 1) != 0;
  const auto& d = x.dims();
  const int64_t rows = d[d.size() - 2], cols = d.back();
  const int64_t mats = rows * cols == 0 ? 0 : x.ElementCount() / (rows * cols);
  const size_t elem = DataTypeSize(x.dtype());
  const uint8_t* in = x.as<const uint8_t>();
  uint8_t* out = ctx.out(0).as<uint8_t>();
  ParallelFor(mats * rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, cols)), [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      const int64_t row = r % rows;
      // Columns kept: [row + k, cols) for upper, [0, row + k] for lower.
      const int64_t lo = upper ? std::clamp<int64_t>(row + k, 0, cols) : 0;
      const int64_t hi = upper ? cols : std::clamp<int64_t>(row + k + 1, 0, cols);
      uint8_t* o = out + static_cast<size_t>(r * cols) * elem;
      const uint8_t* i = in + static_cast<size_t>(r * cols) * elem;
      std::memset(o, 0, static_cast<size_t>(cols) * elem);
      if (hi > lo) std::memcpy(o + lo * elem, i + lo * elem, static_cast<size_t>(hi - lo) * elem);
    }
  });
  return Status::Ok();
}

KernelBuilder Declare(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  KernelBuilder b("Trilu", engine);
  b.Input("input", core ? AiCoreMoveTypes() : AllMoveTypes(), core ? MovementFormats() : std::vector<Format>{})
      .OptionalInput("k", {DataType::kInt64})
      .Output("output", {})
      .Attr("upper", int64_t{1})
      .InferShape(TriluInfer)
      .Compute(TriluCompute)
      .Source(ASIM_KERNEL_SOURCE);
  return b;
}

}  // namespace

KernelDef BuildTrilu_AiCore() {
  return Declare(Engine::kAiCore)
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1}, {"k"}))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Build();
}

KernelDef BuildTrilu_AiCpu() {
  return Declare(Engine::kAiCpu).Cost(AiCpuMoveCost(1)).Build();
}

}  // namespace asim::kernels
