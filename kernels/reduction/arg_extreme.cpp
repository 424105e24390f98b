// ArgMax / ArgMin along one axis (keepdims, select_last_index), int64 indices out; and CANN's
// ArgMaxD / ArgMinD (attr dimension, the axis removed, int32 indices; a 1-D input gives [1],
// as the public samples' single-op descriptions declare).
// AI Core vector unit: fp16 / fp32 (static shapes); AI CPU: fp32, fp16, bf16, double,
// int8..int64, uint8 (any shape). NaN counts as the extreme (numpy): the first NaN wins, or
// the last with select_last_index. Owner: reduction family. Thread safety: re-entrant.
// Failure: kOpAttrNotMatch for an axis out of range; kOpInputNotMatch for an empty axis.
#include "kernels/common/cost/vector_cost.h"
#include "kernels/common/elementwise/elementwise_defs.h"
#include "kernels/common/elementwise/elementwise_loops.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/type_dispatch.h"
#include "kernels/reduction/reduce_util.h"

namespace asim::kernels {
namespace {

constexpr const char* kSource = ASIM_KERNEL_SOURCE;
constexpr int64_t kInnerBlock = 256;

// Whether x replaces the current best (NaN is the most extreme value).
template <class C>
inline bool Better(C x, C best, bool want_max, bool last) {
  if (x != x) return last || best == best;
  if (best != best) return false;
  if (want_max) return last ? x >= best : x > best;
  return last ? x <= best : x < best;
}

template <class S>
void ArgTyped(const AxisView& v, const S* x, int64_t* y, bool want_max, bool last) {
  using C = ComputeOf<S>;
  const int64_t nblk = (v.inner + kInnerBlock - 1) / kInnerBlock;
  const int64_t grain = std::max<int64_t>(1, 32768 / std::max<int64_t>(1, v.axis * std::min(v.inner, kInnerBlock)));
  ParallelFor(v.outer * nblk, grain, [&](int64_t b, int64_t e) {
    C best[kInnerBlock];
    int64_t idx[kInnerBlock];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / nblk;
      const int64_t j0 = (item % nblk) * kInnerBlock;
      const int64_t m = std::min(kInnerBlock, v.inner - j0);
      const S* base = x + o * v.axis * v.inner + j0;
      for (int64_t j = 0; j < m; ++j) {
        best[j] = Storage<S>::Load(base[j]);
        idx[j] = 0;
      }
      for (int64_t k = 1; k < v.axis; ++k) {
        const S* row = base + k * v.inner;
        for (int64_t j = 0; j < m; ++j) {
          const C value = Storage<S>::Load(row[j]);
          if (Better(value, best[j], want_max, last)) {
            best[j] = value;
            idx[j] = k;
          }
        }
      }
      std::copy(idx, idx + m, y + o * v.inner + j0);
    }
  });
}

Status ArgAxis(const std::vector<int64_t>& dims, const AttrMap& attrs, size_t* axis) {
  if (dims.empty()) return Status(err::kOpInputNotMatch, "input must have at least one dim");
  return NormalizeAxis(attrs.GetInt("axis", 0), dims.size(), axis);
}

Status ArgInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(ArgAxis(inputs[0].dims, attrs, &axis));
  if (inputs[0].dims[axis] == 0) return Status(err::kOpInputNotMatch, "cannot take the extreme of an empty axis");
  std::vector<bool> mask(inputs[0].dims.size(), false);
  mask[axis] = true;
  TensorSpec o;
  o.dtype = DataType::kInt64;
  o.format = inputs[0].format;
  o.dims = ReducedDims(inputs[0].dims, mask, attrs.GetInt("keepdims", 1) != 0);
  if (o.dims.size() != inputs[0].dims.size()) o.format = Format::kNd;  // fewer axes: no longer NCHW
  outputs->assign(1, o);
  return Status::Ok();
}

ComputeFn ArgCompute(bool want_max) {
  return [want_max](KernelContext& ctx) {
    const TensorView& x = ctx.in(0);
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(ArgAxis(x.dims(), *ctx.attrs, &axis));
    const AxisView v = AxisViewOf(x.dims(), axis);
    if (v.axis == 0 && v.outer * v.inner > 0) {
      return Status(err::kOpInputNotMatch, "cannot take the extreme of an empty axis");
    }
    if (ctx.out(0).ElementCount() != v.outer * v.inner) {
      return Status(err::kOpInputNotMatch, "output must hold " + std::to_string(v.outer * v.inner) + " elements");
    }
    const bool last = ctx.attrs->GetInt("select_last_index", 0) != 0;
    return Dispatch(NumericTypes{}, x.dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      ArgTyped<S>(v, x.as<const S>(), ctx.out(0).as<int64_t>(), want_max, last);
      return Status::Ok();
    });
  };
}

KernelDef Arg(const char* op, Engine engine, bool want_max) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(NumericTypes{});
  KernelBuilder b(op, engine);
  b.Input("data", dtypes, PlainFormats())
      .Output("reduced", {DataType::kInt64})
      .Attr("axis", int64_t{0})
      .Attr("keepdims", int64_t{1})
      .Attr("select_last_index", int64_t{0})
      .InferShape(ArgInfer)
      .Compute(ArgCompute(want_max))
      .Cost(StreamingCost(engine, 2, 0))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

// CANN's ArgMaxD / ArgMinD: `dimension` is the axis, which the output drops (a 1-D input
// gives one element), int32 indices.
Status ArgDInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  if (inputs[0].dims.empty()) return Status(err::kOpInputNotMatch, "input must have at least one dim");
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("dimension", 0), inputs[0].dims.size(), &axis));
  if (inputs[0].dims[axis] == 0) return Status(err::kOpInputNotMatch, "cannot take the extreme of an empty axis");
  TensorSpec o;
  o.dtype = DataType::kInt32;
  o.format = Format::kNd;
  for (size_t i = 0; i < inputs[0].dims.size(); ++i) {
    if (i != axis) o.dims.push_back(inputs[0].dims[i]);
  }
  if (o.dims.empty()) o.dims = {1};
  outputs->assign(1, o);
  return Status::Ok();
}

ComputeFn ArgDCompute(bool want_max) {
  return [want_max](KernelContext& ctx) {
    const TensorView& x = ctx.in(0);
    if (x.dims().empty()) return Status(err::kOpInputNotMatch, "input must have at least one dim");
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("dimension", 0), x.dims().size(), &axis));
    const AxisView v = AxisViewOf(x.dims(), axis);
    if (v.axis == 0 || ctx.out(0).ElementCount() != v.outer * v.inner) {
      return Status(err::kOpInputNotMatch, "output must hold " + std::to_string(v.outer * v.inner) + " elements");
    }
    std::vector<int64_t> wide(static_cast<size_t>(v.outer * v.inner));
    ASIM_RETURN_IF_ERROR(Dispatch(NumericTypes{}, x.dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      ArgTyped<S>(v, x.as<const S>(), wide.data(), want_max, false);
      return Status::Ok();
    }));
    int32_t* y = ctx.out(0).as<int32_t>();
    for (size_t i = 0; i < wide.size(); ++i) y[i] = static_cast<int32_t>(wide[i]);
    return Status::Ok();
  };
}

KernelDef ArgD(const char* op, Engine engine, bool want_max) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(NumericTypes{});
  KernelBuilder b(op, engine);
  b.Input("x", dtypes, PlainFormats())
      .Output("y", {DataType::kInt32})
      .RequiredAttr("dimension", AttrType::kInt)
      .InferShape(ArgDInfer)
      .Compute(ArgDCompute(want_max))
      .Cost(StreamingCost(engine, 2, 0))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildArgMaxD_AiCore() {
  return ArgD("ArgMaxD", Engine::kAiCore, true);
}
KernelDef BuildArgMaxD_AiCpu() {
  return ArgD("ArgMaxD", Engine::kAiCpu, true);
}
KernelDef BuildArgMinD_AiCore() {
  return ArgD("ArgMinD", Engine::kAiCore, false);
}
KernelDef BuildArgMinD_AiCpu() {
  return ArgD("ArgMinD", Engine::kAiCpu, false);
}

KernelDef BuildArgMax_AiCore() {
  return Arg("ArgMax", Engine::kAiCore, true);
}
KernelDef BuildArgMax_AiCpu() {
  return Arg("ArgMax", Engine::kAiCpu, true);
}
KernelDef BuildArgMin_AiCore() {
  return Arg("ArgMin", Engine::kAiCore, false);
}
KernelDef BuildArgMin_AiCpu() {
  return Arg("ArgMin", Engine::kAiCpu, false);
}

}  // namespace asim::kernels
