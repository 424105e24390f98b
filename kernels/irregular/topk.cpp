// TopK (ONNX opset 1-11: K as an int64 input from opset 10, largest and sorted from 11):
// the K largest (or smallest) elements along `axis` and their int64 indices. Equal values
// keep the lower index first; NaN ranks above every number; results are always sorted
// (ONNX leaves the order free when sorted=0). K decides the output shape: an unknown K
// gives an unknown dim that the runtime resolves at execution (kernels/common/values/value_inputs.h).
// Owner: the AI CPU irregular family. AI CPU only, as on the chip.
// Thread safety: re-entrant. Failure: kOpInputNotMatch for K outside [0, dim] or not one
// value; kOpAttrNotMatch for an axis out of range.
#include <algorithm>
#include <cmath>
#include <numeric>

#include "kernels/common/host/parallel.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/common/values/value_inputs.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

Status KOf(const std::vector<int64_t>& v, int64_t dim, int64_t* k) {
  if (v.size() != 1) return Status(err::kOpInputNotMatch, "TopK: K must hold one value");
  if (v[0] < 0 || (dim >= 0 && v[0] > dim)) {
    return Status(err::kOpInputNotMatch,
                  "TopK: K = " + std::to_string(v[0]) + " is outside [0, " + std::to_string(dim) + "]");
  }
  *k = v[0];
  return Status::Ok();
}

Status TopKInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  const auto& in = inputs[0].dims;
  size_t axis = 0;
  if (in.empty()) return Status(err::kOpInputNotMatch, "TopK: the input must have rank >= 1");
  ASIM_RETURN_IF_ERROR(NormalizeAxis(attrs.GetInt("axis", -1), in.size(), &axis));
  int64_t k = -1;
  std::vector<int64_t> v;
  Status st;
  if (KnownInts(inputs, 1, "TopK input 'K'", &v, &st)) {
    ASIM_RETURN_IF_ERROR(st);
    ASIM_RETURN_IF_ERROR(KOf(v, in[axis], &k));
  }
  TensorSpec values;
  values.dtype = inputs[0].dtype;
  values.dims = in;
  values.dims[axis] = k;
  TensorSpec indices = values;
  indices.dtype = DataType::kInt64;
  *outputs = {values, indices};
  return Status::Ok();
}

Status TopKCompute(KernelContext& ctx) {
  ASIM_RETURN_IF_ERROR(RequireResolvedOutputs(ctx, "TopK"));
  const TensorView& x = ctx.in(0);
  size_t axis = 0;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(ctx.attrs->GetInt("axis", -1), x.dims().size(), &axis));
  const int64_t n = x.dims()[axis];
  std::vector<int64_t> v;
  ASIM_RETURN_IF_ERROR(ViewInts(ctx.in(1), "TopK input 'K'", &v));
  int64_t k = 0;
  ASIM_RETURN_IF_ERROR(KOf(v, n, &k));
  if (ctx.out(0).dims()[axis] != k) return Status(err::kOpOutputNotMatch, "TopK: output does not match K");
  const bool largest = ctx.attrs->GetInt("largest", 1) != 0;
  int64_t outer = 1, inner = 1;
  for (size_t d = 0; d < axis; ++d) outer *= x.dims()[d];
  for (size_t d = axis + 1; d < x.dims().size(); ++d) inner *= x.dims()[d];
  if (k == 0) return Status::Ok();
  return DispatchNumeric(x.dtype(), "TopK", [&](auto tag) {
    using T = decltype(tag);
    const T* in = x.as<const T>();
    T* values = ctx.out(0).as<T>();
    int64_t* indices = ctx.out(1).as<int64_t>();
    ParallelFor(outer * inner, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, n)), [&](int64_t b, int64_t e) {
      std::vector<int64_t> order(static_cast<size_t>(n));
      std::vector<Arith<T>> row(static_cast<size_t>(n));
      for (int64_t line = b; line < e; ++line) {
        const int64_t o = line / inner, i = line % inner;
        for (int64_t j = 0; j < n; ++j) row[static_cast<size_t>(j)] = ToArith(in[(o * n + j) * inner + i]);
        std::iota(order.begin(), order.end(), 0);
        // NaN counts as larger than every number (first when largest, last otherwise).
        const auto greater = [](Arith<T> p, Arith<T> q) {
          if (IsNanValue(p) || IsNanValue(q)) return IsNanValue(p) && !IsNanValue(q);
          return p > q;
        };
        const auto before = [&](int64_t a, int64_t c) {
          const auto va = row[static_cast<size_t>(a)], vc = row[static_cast<size_t>(c)];
          if (largest ? greater(va, vc) : greater(vc, va)) return true;
          if (largest ? greater(vc, va) : greater(va, vc)) return false;
          return a < c;
        };
        std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
        for (int64_t j = 0; j < k; ++j) {
          const int64_t src = order[static_cast<size_t>(j)];
          values[(o * k + j) * inner + i] = in[(o * n + src) * inner + i];
          indices[(o * k + j) * inner + i] = src;
        }
      }
    });
    return Status::Ok();
  });
}

// A partial sort per line: about n * log2(k) comparisons.
WorkDesc TopKCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap& attrs,
                  const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double n = static_cast<double>(inputs[0].ElementCount());
  size_t axis = 0;
  double k = 2;
  if (NormalizeAxis(attrs.GetInt("axis", -1), inputs[0].dims.size(), &axis).ok()) {
    k = static_cast<double>(outputs[0].dims[axis]);
  }
  w.aicpu_ops = static_cast<uint64_t>(n * (2.0 + std::log2(std::max(2.0, k))));
  w.aicpu_bytes = inputs[0].Bytes() + outputs[0].Bytes() + outputs[1].Bytes();
  return w;
}

}  // namespace

KernelDef BuildTopK_AiCpu() {
  return KernelBuilder("TopK", Engine::kAiCpu)
      .Input("X", AllNumericTypes())
      .Input("K", {DataType::kInt64})
      .Output("Values", {})
      .Output("Indices", {DataType::kInt64})
      .Attr("axis", int64_t{-1})
      .Attr("largest", int64_t{1})
      .Attr("sorted", int64_t{1})
      .InferShape(TopKInfer)
      .Compute(TopKCompute)
      .Cost(TopKCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
