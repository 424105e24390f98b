// Pad (ONNX opset 2-19): modes constant, reflect, edge and wrap; `pads` as an input from
// opset 11 (the attribute before), optional `constant_value` input (the `value` attribute
// before), optional `axes` input (opset 18). Negative pads crop.
// Owner: the movement / shape kernel family.
// AI Core: static shapes, constant pads/axes; MTE2 reads the input once, the vector unit
// fills the border. AI CPU: every fixed-size type; unknown pads give unknown dims.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for a bad mode or pads of the wrong
// length; kOpInputNotMatch for an output dim below 0 or reflect/edge/wrap padding of an
// empty axis.
#include <cstring>

#include "kernels/common/cost/movement_cost.h"
#include "kernels/common/host/parallel.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"
#include "kernels/movement/strided_copy.h"

namespace asim::kernels {
namespace {

enum class PadMode { kConstant, kReflect, kEdge, kWrap };

Status ModeOf(const AttrMap& attrs, PadMode* mode) {
  const std::string m = attrs.GetString("mode", "constant");
  if (m == "constant")
    *mode = PadMode::kConstant;
  else if (m == "reflect")
    *mode = PadMode::kReflect;
  else if (m == "edge")
    *mode = PadMode::kEdge;
  else if (m == "wrap")
    *mode = PadMode::kWrap;
  else
    return Status(err::kOpAttrNotMatch, "Pad: mode '" + m + "' is not constant, reflect, edge or wrap");
  return Status::Ok();
}

// Per-dim begin/end pads from pads (+ axes), given as values.
Status FullPads(size_t rank, const std::vector<int64_t>& pads, const std::vector<int64_t>& axes_in,
                std::vector<int64_t>* begin, std::vector<int64_t>* end) {
  std::vector<int64_t> axes = axes_in;
  if (axes.empty()) {
    for (size_t i = 0; i < rank; ++i) axes.push_back(static_cast<int64_t>(i));
  }
  if (pads.size() != 2 * axes.size()) {
    return Status(err::kOpAttrNotMatch,
                  "Pad: pads " + DimsToString(pads) + " should hold " + std::to_string(2 * axes.size()) + " values");
  }
  begin->assign(rank, 0);
  end->assign(rank, 0);
  const int64_t r = static_cast<int64_t>(rank);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t a = axes[i];
    if (a < -r || a >= r) return Status(err::kOpAttrNotMatch, "Pad: axis " + std::to_string(a) + " is out of range");
    if (a < 0) a += r;
    (*begin)[static_cast<size_t>(a)] = pads[i];
    (*end)[static_cast<size_t>(a)] = pads[i + axes.size()];
  }
  return Status::Ok();
}

// Pads and axes from the inputs (with `data` pointers) or the old attribute.
Status PadsOf(const std::vector<TensorSpec>& specs, const std::vector<const void*>& data, const AttrMap& attrs,
              std::vector<int64_t>* begin, std::vector<int64_t>* end) {
  std::vector<int64_t> pads = attrs.GetInts("pads", {}), axes;
  if (InputPresent(specs, 1)) {
    ASIM_RETURN_IF_ERROR(ReadIntValues(specs[1].dtype, data[1], specs[1].ElementCount(), "Pad input 'pads'", &pads));
  }
  if (InputPresent(specs, 3)) {
    ASIM_RETURN_IF_ERROR(ReadIntValues(specs[3].dtype, data[3], specs[3].ElementCount(), "Pad input 'axes'", &axes));
  }
  return FullPads(specs[0].dims.size(), pads, axes, begin, end);
}

Status PadInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  PadMode mode;
  ASIM_RETURN_IF_ERROR(ModeOf(attrs, &mode));
  const auto& in = inputs[0].dims;
  TensorSpec o;
  o.dtype = inputs[0].dtype;
  o.format = inputs[0].format;
  std::vector<const void*> data;
  bool known = true;
  for (size_t i = 0; i < inputs.size(); ++i) {
    data.push_back(inputs[i].host_data);
    if ((i == 1 || i == 3) && InputPresent(inputs, i) && inputs[i].host_data == nullptr) known = false;
  }
  if (!known) {
    o.dims = UnknownDims(in.size());
  } else {
    std::vector<int64_t> begin, end;
    ASIM_RETURN_IF_ERROR(PadsOf(inputs, data, attrs, &begin, &end));
    for (size_t k = 0; k < in.size(); ++k) {
      const int64_t d = in[k] < 0 ? -1 : in[k] + begin[k] + end[k];
      if (in[k] >= 0 && d < 0) {
        return Status(err::kOpInputNotMatch,
                      "Pad: pads crop axis " + std::to_string(k) + " of " + DimsToString(in) + " below zero");
      }
      if (mode != PadMode::kConstant && in[k] == 0 && d > 0) {
        return Status(err::kOpInputNotMatch,
                      "Pad: cannot " + attrs.GetString("mode", "") + "-pad empty axis " + std::to_string(k));
      }
      o.dims.push_back(d);
    }
  }
  outputs->assign(1, o);
  return Status::Ok();
}

// Source coordinate of output coordinate `o` along one axis, or -1 for the constant.
int64_t SourceOf(int64_t o, int64_t begin, int64_t dim, PadMode mode) {
  int64_t i = o - begin;
  if (i >= 0 && i < dim) return i;
  switch (mode) {
    case PadMode::kConstant: return -1;
    case PadMode::kEdge: return i < 0 ? 0 : dim - 1;
    case PadMode::kWrap: return ((i % dim) + dim) % dim;
    case PadMode::kReflect: {
      if (dim == 1) return 0;
      const int64_t period = 2 * (dim - 1);
      i = ((i % period) + period) % period;
      return i < dim ? i : period - i;
    }
  }
  return -1;
}

template <typename T>
void PadCopy(const TensorView& x, TensorView& y, const std::vector<std::vector<int64_t>>& maps, T constant) {
  const auto& out = y.dims();
  const size_t rank = out.size();
  const T* in = x.as<const T>();
  T* dst = y.as<T>();
  if (rank == 0) {
    dst[0] = in[0];
    return;
  }
  const std::vector<int64_t> strides = ContiguousStrides(x.dims());
  const int64_t row = out.back();
  int64_t rows = 1;
  for (size_t k = 0; k + 1 < rank; ++k) rows *= out[k];
  const std::vector<int64_t>& last = maps.back();
  ParallelFor(rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, row)), [&](int64_t b, int64_t e) {
    for (int64_t r = b; r < e; ++r) {
      int64_t rest = r, base = 0;
      bool fill = false;
      for (size_t k = rank - 1; k-- > 0;) {
        const int64_t src = maps[k][static_cast<size_t>(rest % out[k])];
        rest /= out[k];
        if (src < 0) fill = true;
        base += src * strides[k];
      }
      T* o = dst + r * row;
      for (int64_t j = 0; j < row; ++j) {
        const int64_t src = last[static_cast<size_t>(j)];
        o[j] = (fill || src < 0) ? constant : in[base + src];
      }
    }
  });
}

Status PadCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "Pad"));
  PadMode mode;
  ASIM_RETURN_IF_ERROR(ModeOf(*ctx.attrs, &mode));
  const TensorView& x = ctx.in(0);
  TensorView& y = ctx.out(0);
  std::vector<TensorSpec> specs;
  std::vector<const void*> data;
  for (const auto& v : ctx.inputs) {
    specs.push_back(v.spec);
    data.push_back(v.data);
  }
  std::vector<int64_t> begin, end;
  ASIM_RETURN_IF_ERROR(PadsOf(specs, data, *ctx.attrs, &begin, &end));
  std::vector<std::vector<int64_t>> maps(x.dims().size());
  for (size_t k = 0; k < maps.size(); ++k) {
    if (y.dims()[k] != x.dims()[k] + begin[k] + end[k]) {
      return Status(err::kOpOutputNotMatch, "Pad: output " + DimsToString(y.dims()) + " does not match the pads");
    }
    for (int64_t o = 0; o < y.dims()[k]; ++o) maps[k].push_back(SourceOf(o, begin[k], x.dims()[k], mode));
  }
  if (y.ElementCount() == 0) return Status::Ok();
  const size_t elem = DataTypeSize(x.dtype());
  uint64_t constant = 0;  // the constant's bytes in the tensor's type
  if (InputPresent(specs, 2) && ctx.in(2).ElementCount() > 0) {
    std::memcpy(&constant, ctx.in(2).data, elem);
  } else if (ctx.attrs->GetFloat("value", 0.0f) != 0.0f) {
    ASIM_RETURN_IF_ERROR(DispatchNumeric(x.dtype(), "Pad", [&](auto tag) {
      using T = decltype(tag);
      const T v = FromDouble<T>(ctx.attrs->GetFloat("value", 0.0f));
      std::memcpy(&constant, &v, sizeof(T));
      return Status::Ok();
    }));
  }
  return DispatchByElemSize(elem, [&](auto tag) {
    using T = decltype(tag);
    T c;
    std::memcpy(&c, &constant, sizeof(T));
    PadCopy<T>(x, y, maps, c);
    return Status::Ok();
  });
}

KernelBuilder Declare(Engine engine) {
  const bool core = engine == Engine::kAiCore;
  KernelBuilder b("Pad", engine);
  b.Input("data", core ? AiCoreMoveTypes() : AllMoveTypes(), core ? MovementFormats() : std::vector<Format>{})
      .OptionalInput("pads", {DataType::kInt64})
      .OptionalInput("constant_value", {})
      .SameDtypeAs(0)
      .OptionalInput("axes", IndexTypes())
      .Output("output", {})
      .Attr("mode", std::string("constant"))
      .Attr("pads", std::vector<int64_t>{})
      .Attr("value", 0.0f)
      .InferShape(PadInfer)
      .Compute(PadCompute)
      .Source(ASIM_KERNEL_SOURCE);
  return b;
}

}  // namespace

KernelDef BuildPad_AiCore() {
  return Declare(Engine::kAiCore)
      .StaticShapesOnly()
      .Constraint(ConstantWhenPresent({1, 3}, {"pads", "axes"}))
      .Cost(AiCoreMoveCost(MoveReads::kAllInputs, 1, 0))
      .Build();
}

KernelDef BuildPad_AiCpu() {
  return Declare(Engine::kAiCpu).Cost(AiCpuMoveCost(1)).Build();
}

}  // namespace asim::kernels
