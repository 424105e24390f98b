// Split (ONNX opset 1-18): sizes from the `split` input (opset 13+), the `split` attribute
// (before 13), or `num_outputs` (opset 18; ceil-sized chunks, the last one smaller). The
// number of outputs is variable: InferShape produces one spec per chunk. For an older
// node with neither, the converter must set `num_outputs` to the node's output count
// (equal split). Owner: the movement / shape kernel family.
// AI Core: static shapes, constant `split`. AI CPU: any; an unknown `split` value gives
// unknown sizes along the axis.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch when the sizes do not add up to the
// dim, or no size information is given.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status SplitSizes(int64_t dim, const std::vector<TensorSpec>& inputs, const AttrMap& attrs,
                  std::vector<int64_t>* sizes) {
  Status st;
  if (InputPresent(inputs, 1)) {
    if (!KnownInts(inputs, 1, "Split input 'split'", sizes, &st)) {
      sizes->assign(static_cast<size_t>(std::max<int64_t>(0, inputs[1].ElementCount())), -1);
      return Status::Ok();
    }
    ASIM_RETURN_IF_ERROR(st);
  } else if (attrs.Has("split") && !attrs.GetInts("split", {}).empty()) {
    *sizes = attrs.GetInts("split", {});
  } else {
    const int64_t n = attrs.GetInt("num_outputs", 0);
    if (n <= 0) {
      return Status(err::kOpAttrNotMatch,
                    "Split: needs the 'split' input or attribute, or 'num_outputs' (for opset < 18 the "
                    "converter sets num_outputs to the node's output count)");
    }
    if (dim < 0) {
      sizes->assign(static_cast<size_t>(n), -1);
      return Status::Ok();
    }
    const int64_t chunk = (dim + n - 1) / n;
    sizes->assign(static_cast<size_t>(n), chunk);
    sizes->back() = dim - chunk * (n - 1);
    if (sizes->back() < 0) {
      return Status(err::kOpAttrNotMatch, "Split: " + std::to_string(dim) + " cannot be split into " +
                                              std::to_string(n) + " ceil-sized chunks");
    }
    return Status::Ok();
  }
  int64_t total = 0;
  for (int64_t s : *sizes) {
    if (s < 0) return Status(err::kOpAttrNotMatch, "Split: negative size in " + DimsToString(*sizes));
    total += s;
  }
  if (dim >= 0 && total != dim) {
    return Status(err::kOpAttrNotMatch,
                  "Split: sizes " + DimsToString(*sizes) + " do not add up to " + std::to_string(dim));
  }
  return Status::Ok();
}

Status SplitInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  if (in.empty()) return Status(err::kOpInputNotMatch, "Split: the input must have rank >= 1");
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", 0), in.size(), &axis));
  std::vector<int64_t> sizes;
  ASIM_RETURN_IF_ERROR(SplitSizes(in[axis], inputs, attrs, &sizes));
  outputs->clear();
  for (int64_t s : sizes) {
    TensorSpec o;
    o.dtype = inputs[0].dtype;
    o.format = inputs[0].format;
    o.dims = in;
    o.dims[axis] = s;
    outputs->push_back(o);
  }
  return Status::Ok();
}

Status SplitCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Split"));
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", 0), x.dims().size(), &axis));
  const size_t elem = DataTypeSize(x.dtype());
  int64_t outer = 1, inner = 1;
  for (size_t k = 0; k < axis; ++k) outer *= x.dims()[k];
  for (size_t k = axis + 1; k < x.dims().size(); ++k) inner *= x.dims()[k];
  const size_t in_row = static_cast<size_t>(x.dims()[axis] * inner) * elem;
  std::vector<size_t> chunk, start;
  size_t at = 0;
  for (const auto& y : ctx.outputs) {
    chunk.push_back(static_cast<size_t>(y.dims()[axis] * inner) * elem);
    start.push_back(at);
    at += chunk.back();
  }
  if (at != in_row) return Status(err::kOpOutputNotMatch, "Split: outputs do not cover the input");
  if (in_row == 0) return Status::Ok();
  const uint8_t* in = x.as<const uint8_t>();
  const int64_t grain = std::max<int64_t>(1, static_cast<int64_t>((64 * 1024) / in_row));
  ParallelFor(outer, grain, [&](int64_t b, int64_t e) {
    for (int64_t o = b; o < e; ++o) {
      for (size_t i = 0; i < ctx.outputs.size(); ++i) {
        if (chunk[i] == 0) continue;
        std::memcpy(ctx.outputs[i].as<uint8_t>() + static_cast<size_t>(o) * chunk[i],
                    in + static_cast<size_t>(o) * in_row + start[i], chunk[i]);
      }
    }
  });
  return Status::Ok();
}

}  // namespace

KernelDef BuildSplit_AiCore() {
  return KernelBuilder("Split", Engine::kAiCore)
      .Input("input", AiCoreMoveTypes(), MovementFormats())
      .OptionalInput("split", {DataType::kInt64})
      .Output("outputs", {})
      .Attr("axis", int64_t{0})
      .Attr("split", std::vector<int64_t>{})
      .Attr("num_outputs", int64_t{0})
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1}, {"split"}))
      .InferShape(SplitInfer)
      .Compute(SplitCompute)
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 0, 0))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

KernelDef BuildSplit_AiCpu() {
  return KernelBuilder("Split", Engine::kAiCpu)
      .Input("input", AllMoveTypes())
      .OptionalInput("split", {DataType::kInt64})
      .Output("outputs", {})
      .Attr("axis", int64_t{0})
      .Attr("split", std::vector<int64_t>{})
      .Attr("num_outputs", int64_t{0})
      .InferShape(SplitInfer)
      .Compute(SplitCompute)
      .Cost(AiCpuMoveCost(1))
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
