// Concat (ONNX opset 4-13: variadic inputs of one type, `axis` required, negative axes
// from opset 11, empty inputs allowed). Owner: the movement / shape kernel family.
// AI Core: static shapes. AI CPU: every fixed-size type, unknown dims propagate.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for ranks or dims that differ off
// the axis; kOpAttrNotMatch for an axis out of range.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status ConcatInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  if (inputs.empty()) return Status(err::kOpInputNotMatch, "Concat: takes at least one input");
  const auto& first = inputs[0].dims;
  if (first.empty()) return Status(err::kOpInputNotMatch, "Concat: inputs must have rank >= 1");
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", 0), first.size(), &axis));
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  o.dims = first;
  for (size_t i = 1; i < inputs.size(); ++i) {
    const auto& d = inputs[i].dims;
    bool fits = d.size() == first.size();
    for (size_t k = 0; fits && k < d.size(); ++k) {
      if (k == axis) continue;
      if (d[k] >= 0 && o.dims[k] >= 0 && d[k] != o.dims[k]) fits = false;
      if (o.dims[k] < 0) o.dims[k] = d[k];
    }
    if (!fits) {
      return Status(err::kOpInputNotMatch, "Concat: input " + std::to_string(i) + " " + DimsToString(d) +
                                               " does not match " + DimsToString(first) + " off axis " +
                                               std::to_string(axis));
    }
    o.dims[axis] = (o.dims[axis] < 0 || d[axis] < 0) ? -1 : o.dims[axis] + d[axis];
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status ConcatCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Concat"));
  TensorView& y = ctx.out(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", 0), y.dims().size(), &axis));
  const size_t elem = DataTypeSize(y.dtype());
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= y.dims()[k];
  for (size_t k = axis + 1; k < y.dims().size(); ++k) inner *= y.dims()[k];
  const size_t out_row = static_cast<size_t>(y.dims()[axis] * inner) * elem;
  if (out_row == 0) return Status::Ok();
  std::vector<size_t> chunk, start;
  size_t at = 0;
  for (const auto& x : ctx.inputs) {
    chunk.push_back(static_cast<size_t>(x.dims()[axis] * inner) * elem);
    start.push_back(at);
    at += chunk.back();
  }
  uint8_t* out = y.as<uint8_t>();
  const int64_t grain = std::max<int64_t>(1, static_cast<int64_t>((64 * 1024) / out_row));
  ParallelFor(outer, grain, [&](int64_t b, int64_t e) {
    for (int64_t o = b; o < e; ++o) {
      for (size_t i = 0; i < ctx.inputs.size(); ++i) {
        if (chunk[i] == 0) continue;
        std::memcpy(out + static_cast<size_t>(o) * out_row + start[i],
                    ctx.inputs[i].as<const uint8_t>() + static_cast<size_t>(o) * chunk[i], chunk[i]);
      }
    }
  });
  return Status::Ok();
}

}  // namespace

KernelDef BuildConcat_AiCore() {
  return KernelBuilder("Concat", Engine::kAiCore)
      .VariadicInput("inputs", AiCoreMoveTypes(), MovementFormats())
      .SameDtypeAs(0)
      .Output("concat_result", {})
      .RequiredAttr("axis", AttrType::kInt)
      .StaticShapesOnly()
      .InferShape(ConcatInfer)
      .Compute(ConcatCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildConcat_AiCpu() {
  return KernelBuilder("Concat", Engine::kAiCpu)
      .VariadicInput("inputs", AllMoveTypes())
      .SameDtypeAs(0)
      .Output("concat_result", {})
      .RequiredAttr("axis", AttrType::kInt)
      .InferShape(ConcatInfer)
      .Compute(ConcatCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
