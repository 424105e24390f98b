// Slice (ONNX opset 1-13: starts/ends/axes/steps as inputs from opset 10, attributes
// before; negative indices count from the end, negative steps walk backwards, bounds are
// clamped). Owner: the movement / shape kernel family.
// AI Core: static shapes, constant starts/ends/axes/steps; MTE2 reads only the slice.
// AI CPU: any; unknown parameter values give unknown dims.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for a zero step, repeated or
// out-of-range axes, or starts/ends/axes/steps of different lengths.
#include <algorithm>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

struct SliceParams {
  std::vector<int64_t> starts, ends, axes, steps;
};

// Reads the parameters from the inputs (values from `data[i]`) or the old attributes.
Status ParamsOf(const std::vector<TensorSpec>& specs, const std::vector<const void*>& data, const AttrMap& attrs,
                SliceParams* p) {
  std::vector<int64_t>* fields[] = {&p->starts, &p->ends, &p->axes, &p->steps};
  const char* names[] = {"starts", "ends", "axes", "steps"};
  for (size_t k = 0; k < 4; ++k) {
    const size_t i = k + 1;
    if (InputPresent(specs, i)) {
      ASIM_RETURN_IF_ERROR(ReadIntValues(specs[i].dtype, data[i], specs[i].ElementCount(),
                                         std::string("Slice input '") + names[k] + "'", fields[k]));
    } else {
      *fields[k] = attrs.GetInts(names[k], {});
    }
  }
  if (!InputPresent(specs, 1) && !attrs.Has("starts")) {
    return Status(err::kOpInputNotMatch, "Slice: 'starts' and 'ends' are required");
  }
  return Status::Ok();
}

// Per output axis: first input index and step; the output dims.
Status Plan(const std::vector<int64_t>& in, const SliceParams& p, std::vector<int64_t>* first,
            std::vector<int64_t>* step, std::vector<int64_t>* out) {
  const int64_t rank = static_cast<int64_t>(in.size());
  const size_t n = p.starts.size();
  std::vector<int64_t> axes = p.axes;
  if (axes.empty()) {
    for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int64_t>(i));
  }
  if (p.ends.size() != n || axes.size() != n || (!p.steps.empty() && p.steps.size() != n)) {
    return Status(err::kOpAttrNotMatch, "Slice: starts, ends, axes and steps differ in length");
  }
  first->assign(in.size(), 0);
  step->assign(in.size(), 1);
  *out = in;
  std::vector<bool> seen(in.size(), false);
  for (size_t i = 0; i < n; ++i) {
    int64_t a = axes[i];
    if (a < -rank || a >= rank) {
      return Status(err::kOpAttrNotMatch,
                    "Slice: axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank));
    }
    if (a < 0) a += rank;
    const size_t ax = static_cast<size_t>(a);
    if (seen[ax]) return Status(err::kOpAttrNotMatch, "Slice: axis " + std::to_string(a) + " is repeated");
    seen[ax] = true;
    const int64_t s = p.steps.empty() ? 1 : p.steps[i];
    if (s == 0) return Status(err::kOpAttrNotMatch, "Slice: step 0 on axis " + std::to_string(a));
    const int64_t dim = in[ax];
    (*step)[ax] = s;
    if (dim <= 0) {
      (*out)[ax] = dim;  // unknown stays unknown, empty stays empty
      continue;
    }
    int64_t b = p.starts[i], e = p.ends[i];
    if (b < 0) b += dim;
    if (e < 0) e += dim;
    if (s > 0) {
      b = std::clamp<int64_t>(b, 0, dim);
      e = std::clamp<int64_t>(e, 0, dim);
      (*out)[ax] = e > b ? (e - b + s - 1) / s : 0;
    } else {
      b = std::clamp<int64_t>(b, 0, dim - 1);
      e = std::clamp<int64_t>(e, -1, dim - 1);
      (*out)[ax] = b > e ? (b - e - s - 1) / -s : 0;
    }
    (*first)[ax] = b;
  }
  return Status::Ok();
}

Status SliceInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  bool known = true;
  std::vector<const void*> data;
  for (size_t i = 0; i < inputs.size(); ++i) {
    data.push_back(inputs[i].host_data);
    if (i > 0 && InputPresent(inputs, i) && inputs[i].host_data == nullptr) known = false;
  }
  if (!known) {
    // A slice never has more elements along an axis than its input: the input's dims are
    // the bound (AI CPU: the kernel computes the actual dims), or unknown with it.
    o.dims = inputs[0].IsStatic() ? inputs[0].dims : UnknownDims(inputs[0].dims.size());
  } else {
    SliceParams p;
    ASIM_RETURN_IF_ERROR(ParamsOf(inputs, data, attrs, &p));
    std::vector<int64_t> first, step;
    ASIM_RETURN_IF_ERROR(Plan(inputs[0].dims, p, &first, &step, &o.dims));
  }
  outputs->assign(1, o);
  return Status::Ok();
}

Status SliceCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Slice"));
  std::vector<TensorSpec> specs;
  std::vector<const void*> data;
  for (const auto& v : ctx.inputs) {
    specs.push_back(v.spec);
    data.push_back(v.data);
  }
  SliceParams p;
  ASIM_RETURN_IF_ERROR(ParamsOf(specs, data, *ctx.attrs, &p));
  std::vector<int64_t> first, step, dims;
  const TensorView& x = ctx.in(0);
  ASIM_RETURN_IF_ERROR(Plan(x.dims(), p, &first, &step, &dims));
  if (dims != ctx.out(0).dims()) {
    // Allocated at the bound (the input's dims) when starts ... were not known at selection.
    if (ctx.out(0).dims() != x.dims()) {
      return Status(err::kOpOutputNotMatch,
                    "Slice: output " + DimsToString(ctx.out(0).dims()) + " should be " + DimsToString(dims));
    }
    ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, dims, "Slice"));
  }
  const std::vector<int64_t> in_strides = ContiguousStrides(x.dims());
  std::vector<int64_t> strides(dims.size());
  int64_t offset = 0;
  for (size_t k = 0; k < dims.size(); ++k) {
    strides[k] = in_strides[k] * step[k];
    if (dims[k] > 0) offset += first[k] * in_strides[k];
  }
  StridedCopy(x.data, ctx.out(0).data, DataTypeSize(x.dtype()), dims, strides, offset);
  return Status::Ok();
}

KernelBuilder Declare(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  KernelBuilder b("Slice", engine);
  b.Input("data", core ? AiCoreMoveTypes() : AllMoveTypes(), core ? MovementFormats() : std::vector<Format>{})
      .OptionalInput("starts", IndexTypes())
      .OptionalInput("ends", IndexTypes())
      .OptionalInput("axes", IndexTypes())
      .OptionalInput("steps", IndexTypes())
      .Output("output", {})
      .Attr("starts", std::vector<int64_t>{})
      .Attr("ends", std::vector<int64_t>{})
      .Attr("axes", std::vector<int64_t>{})
      .InferShape(SliceInfer)
      .Compute(SliceCompute)
      .Source(ASIM_KERNEL_SOURCE);
  return b;
}

}  // namespace

KernelDef BuildSlice_AiCore() {
  return Declare(Engine::kAiCore)
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1, 2, 3, 4}, {"starts", "ends", "axes", "steps"}))
      .Cost(AiCoreMoveCost(MoveReads::kOutputSized, 0, 0))
      .Build();
}

KernelDef BuildSlice_AiCpu() {
  // starts / ends / axes / steps known only at execution: a data-dependent output.
  return Declare(Engine::kAiCpu).ShapeFromComputeUnlessKnown({1, 2, 3, 4}).Cost(AiCpuMoveCost(1)).Build();
}

}  // namespace asim::kernels
