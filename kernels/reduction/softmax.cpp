// Softmax, LogSoftmax and Hardmax along `axis` (opset 13 semantics: one axis; with the
// `coerce_2d` attribute set, opset < 13 semantics: the input is seen as 2-D, [dims before
// axis] x [axis and every dim after it]). AI Core vector unit: fp16 / fp32 with fp32
// arithmetic (static shapes); AI CPU: fp32, fp16, bf16, double (any shape). The maximum is
// subtracted before exponentiating; Hardmax marks the first maximum. NaN in a slice makes
// that slice NaN (Softmax / LogSoftmax). Owner: reduction family. Thread safety:
// re-entrant. Failure: kOpAttrNotMatch for an axis out of range.
#include <cmath>
#include <vector>

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

enum class Kind { kSoftmax, kLogSoftmax, kHardmax };

// One slice along the axis, read through `at(k)` (a widened block of `m` lanes at step k).
// Lane j of every row is independent; `m` lanes are processed together.
template <class C, class Row, class Out>
void SoftLanes(int64_t steps, int64_t m, Kind kind, const Row& at, const Out& out) {
  C mx[kInnerBlock], sum[kInnerBlock];
  int64_t arg[kInnerBlock];
  for (int64_t j = 0; j < m; ++j) {
    mx[j] = -std::numeric_limits<C>::infinity();
    sum[j] = C(0);
    arg[j] = 0;
  }
  for (int64_t k = 0; k < steps; ++k) {
    const C* p = at(k);
    for (int64_t j = 0; j < m; ++j) {
      if (p[j] > mx[j] || k == 0) {
        mx[j] = p[j];
        arg[j] = k;
      }
    }
  }
  if (kind == Kind::kHardmax) {
    C row[kInnerBlock];
    for (int64_t k = 0; k < steps; ++k) {
      for (int64_t j = 0; j < m; ++j) row[j] = arg[j] == k ? C(1) : C(0);
      out(k, row);
    }
    return;
  }
  for (int64_t k = 0; k < steps; ++k) {
    const C* p = at(k);
    for (int64_t j = 0; j < m; ++j) sum[j] += std::exp(p[j] - mx[j]);
  }
  C row[kInnerBlock];
  if (kind == Kind::kSoftmax) {
    for (int64_t j = 0; j < m; ++j) sum[j] = C(1) / sum[j];
    for (int64_t k = 0; k < steps; ++k) {
      const C* p = at(k);
      for (int64_t j = 0; j < m; ++j) row[j] = std::exp(p[j] - mx[j]) * sum[j];
      out(k, row);
    }
  } else {
    // (x - max) - log(sum), not x - (max + log(sum)): rounding max + log(sum) would cost up
    // to half an ulp of a large max.
    for (int64_t j = 0; j < m; ++j) sum[j] = std::log(sum[j]);
    for (int64_t k = 0; k < steps; ++k) {
      const C* p = at(k);
      for (int64_t j = 0; j < m; ++j) row[j] = (p[j] - mx[j]) - sum[j];
      out(k, row);
    }
  }
}

template <class S>
void SoftTyped(const AxisView& v, const S* x, S* y, Kind kind) {
  using C = ComputeOf<S>;
  if (v.inner == 1) {
    // The axis is innermost: each row is contiguous; three passes over it in widened blocks.
    const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, v.axis));
    ParallelFor(v.outer, grain, [&](int64_t b, int64_t e) {
      C buf[kWidenBlock];
      C row[kWidenBlock];
      // Softmax keeps a row's exponentials from the sum for the output (rows up to 1 Mi
      // elements): one exp per element instead of two, the same bytes.
      const bool keep = kind == Kind::kSoftmax && v.axis <= (int64_t{1} << 20);
      std::vector<C> exps(keep ? static_cast<size_t>(v.axis) : 0);
      for (int64_t o = b; o < e; ++o) {
        const S* px = x + o * v.axis;
        S* py = y + o * v.axis;
        C mx = -std::numeric_limits<C>::infinity();
        int64_t arg = 0;
        for (int64_t t = 0; t < v.axis; t += kWidenBlock) {
          const int64_t m = std::min(kWidenBlock, v.axis - t);
          const C* p = ew_detail::Widen(px + t, 1, m, buf);
          for (int64_t i = 0; i < m; ++i) {
            if (p[i] > mx || t + i == 0) {
              mx = p[i];
              arg = t + i;
            }
          }
        }
        C sum = C(0);
        if (kind != Kind::kHardmax) {
          for (int64_t t = 0; t < v.axis; t += kWidenBlock) {
            const int64_t m = std::min(kWidenBlock, v.axis - t);
            const C* p = ew_detail::Widen(px + t, 1, m, buf);
            if (keep) {
              C* ex = exps.data() + t;
              for (int64_t i = 0; i < m; ++i) {
                ex[i] = std::exp(p[i] - mx);
                sum += ex[i];
              }
            } else {
              for (int64_t i = 0; i < m; ++i) sum += std::exp(p[i] - mx);
            }
          }
        }
        const C scale = C(1) / sum;
        const C log_sum = std::log(sum);  // (x - max) - log_sum: see the strided path
        for (int64_t t = 0; t < v.axis; t += kWidenBlock) {
          const int64_t m = std::min(kWidenBlock, v.axis - t);
          const C* p = keep ? nullptr : ew_detail::Widen(px + t, 1, m, buf);
          if (keep) {
            for (int64_t i = 0; i < m; ++i) row[i] = exps[static_cast<size_t>(t + i)] * scale;
          } else if (kind == Kind::kSoftmax) {
            for (int64_t i = 0; i < m; ++i) row[i] = std::exp(p[i] - mx) * scale;
          } else if (kind == Kind::kLogSoftmax) {
            for (int64_t i = 0; i < m; ++i) row[i] = (p[i] - mx) - log_sum;
          } else {
            for (int64_t i = 0; i < m; ++i) row[i] = t + i == arg ? C(1) : C(0);
          }
          for (int64_t i = 0; i < m; ++i) py[t + i] = Storage<S>::Store(row[i]);
        }
      }
    });
    return;
  }
  const int64_t nblk = (v.inner + kInnerBlock - 1) / kInnerBlock;
  const int64_t grain = std::max<int64_t>(1, 16384 / std::max<int64_t>(1, v.axis * std::min(v.inner, kInnerBlock)));
  ParallelFor(v.outer * nblk, grain, [&](int64_t b, int64_t e) {
    C buf[kInnerBlock];
    for (int64_t item = b; item < e; ++item) {
      const int64_t o = item / nblk;
      const int64_t j0 = (item % nblk) * kInnerBlock;
      const int64_t m = std::min(kInnerBlock, v.inner - j0);
      const S* base = x + o * v.axis * v.inner + j0;
      S* obase = y + o * v.axis * v.inner + j0;
      auto at = [&](int64_t k) { return ew_detail::Widen(base + k * v.inner, 1, m, buf); };
      auto out = [&](int64_t k, const C* row) {
        S* dst = obase + k * v.inner;
        for (int64_t j = 0; j < m; ++j) dst[j] = Storage<S>::Store(row[j]);
      };
      SoftLanes<C>(v.axis, m, kind, at, out);
    }
  });
}

Status SoftAxis(const std::vector<int64_t>& dims, const AttrMap& attrs, size_t* axis) {
  if (dims.empty()) {
    *axis = 0;
    return Status::Ok();
  }
  // CANN's SoftmaxV2 / LogSoftmaxV2 name it `axes` (a list): one axis is supported.
  if (attrs.Has("axes")) {
    const std::vector<int64_t> axes = attrs.GetInts("axes", {});
    if (axes.size() != 1) {
      return Status(err::kOpAttrNotMatch,
                    "attribute 'axes' lists " + std::to_string(axes.size()) + " axes: one axis is supported");
    }
    return NormalizeAxis(axes[0], dims.size(), axis);
  }
  return NormalizeAxis(attrs.GetInt("axis", -1), dims.size(), axis);
}

Status SoftInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(SoftAxis(inputs[0].dims, attrs, &axis));
  return SameShapeInfer()(inputs, attrs, outputs);
}

ComputeFn SoftCompute(Kind kind) {
  return [kind](KernelContext& ctx) {
    const TensorView& x = ctx.in(0);
    size_t axis = 0;
    ASIM_RETURN_IF_ERROR(SoftAxis(x.dims(), *ctx.attrs, &axis));
    const AxisView v =
        x.dims().empty() ? AxisView{} : AxisViewOf(x.dims(), axis, ctx.attrs->GetInt("coerce_2d", 0) != 0);
    if (v.outer * v.axis * v.inner == 0) return Status::Ok();
    return Dispatch(FloatTypes{}, x.dtype(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      SoftTyped<S>(v, x.as<const S>(), ctx.out(0).as<S>(), kind);
      return Status::Ok();
    });
  };
}

KernelDef Soft(const char* op, Engine engine, Kind kind, double ops) {
  const auto dtypes = engine == Engine::kAiCore ? DtypesOf(AiCoreFloatTypes{}) : DtypesOf(FloatTypes{});
  KernelBuilder b(op, engine);
  b.Input("input", dtypes, PlainFormats())
      .Output("output", {})
      .Attr("axis", int64_t{-1})
      .OptionalAttr("axes", AttrType::kListInt)
      .Attr("coerce_2d", int64_t{0})
      .InferShape(SoftInfer)
      .Compute(SoftCompute(kind))
      .Cost(StreamingCost(engine, ops, 0))
      .Source(kSource);
  if (engine == Engine::kAiCore) b.StaticShapesOnly();
  return b.Build();
}

}  // namespace

KernelDef BuildSoftmax_AiCore() {
  return Soft("Softmax", Engine::kAiCore, Kind::kSoftmax, 6);
}
KernelDef BuildSoftmax_AiCpu() {
  return Soft("Softmax", Engine::kAiCpu, Kind::kSoftmax, 6);
}
KernelDef BuildLogSoftmax_AiCore() {
  return Soft("LogSoftmax", Engine::kAiCore, Kind::kLogSoftmax, 6);
}
KernelDef BuildLogSoftmax_AiCpu() {
  return Soft("LogSoftmax", Engine::kAiCpu, Kind::kLogSoftmax, 6);
}
KernelDef BuildHardmax_AiCore() {
  return Soft("Hardmax", Engine::kAiCore, Kind::kHardmax, 2);
}
KernelDef BuildHardmax_AiCpu() {
  return Soft("Hardmax", Engine::kAiCpu, Kind::kHardmax, 2);
}

}  // namespace asim::kernels
