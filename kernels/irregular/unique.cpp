// Unique (ONNX opset 11): the distinct elements (or, with `axis`, the distinct slices
// along it) of X, ascending when sorted=1 (slices compare lexicographically) or in order
// of first occurrence when sorted=0; plus int64 `indices` (first occurrences),
// `inverse_indices` (where each input element / slice went) and `counts`. NaNs compare
// equal to each other and above every number. The number of distinct values depends on
// the data: InferShape gives bounds and compute reports the actual dims
// (kernels/common/shape/computed_shape.h); inverse_indices' shape is exact.
// Owner: the AI CPU irregular family. AI CPU only, as on the chip.
// Thread safety: re-entrant. Failure: kOpAttrNotMatch for an axis out of range.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <numeric>

#include "kernels/common/shape/computed_shape.h"
#include "kernels/common/shape/shape_utils.h"
#include "kernels/common/values/typed_values.h"
#include "kernels/movement/movement_types.h"

namespace asim::kernels {
namespace {

constexpr int64_t kNoAxis = LLONG_MIN;  // `axis` absent: unique over the flattened input

struct Layout {
  int64_t outer = 1, m = 0, inner = 1;  // slices: m of them, each outer x inner elements
  bool flat = true;
  size_t axis = 0;
};

Status LayoutOf(const std::vector<int64_t>& dims, const AttrMap& attrs, Layout* l) {
  const int64_t axis = attrs.GetInt("axis", kNoAxis);
  *l = Layout{};
  if (axis == kNoAxis) {
    l->m = 1;
    for (int64_t d : dims) l->m = (l->m < 0 || d < 0) ? -1 : l->m * d;
    return Status::Ok();
  }
  l->flat = false;
  ASIM_RETURN_IF_ERROR(NormalizeAxis(axis, dims.size(), &l->axis));
  if (dims.empty()) return Status(err::kOpAttrNotMatch, "Unique: axis on a scalar");
  for (size_t k = 0; k < dims.size(); ++k) {
    if (k < l->axis) l->outer *= dims[k];
    if (k > l->axis) l->inner *= dims[k];
  }
  l->m = dims[l->axis];
  return Status::Ok();
}

std::vector<int64_t> YDims(const std::vector<int64_t>& in, const Layout& l, int64_t u) {
  if (l.flat) return {u};
  std::vector<int64_t> d = in;
  d[l.axis] = u;
  return d;
}

Status UniqueInfer(const std::vector<TensorSpec>& inputs, const AttrMap& attrs, std::vector<TensorSpec>* outputs) {
  Layout l;
  ASIM_RETURN_IF_ERROR(LayoutOf(inputs[0].dims, attrs, &l));
  TensorSpec y;
  y.dtype = inputs[0].dtype;
  y.dims = YDims(inputs[0].dims, l, l.m);
  TensorSpec idx;
  idx.dtype = DataType::kInt64;
  idx.dims = {l.m};
  *outputs = {y, idx, idx, idx};
  return Status::Ok();
}

// -1, 0, 1 comparing two numbers with NaN equal to NaN and above everything.
template <typename A>
int Compare(A a, A b) {
  const bool na = IsNanValue(a), nb = IsNanValue(b);
  if (na || nb) return na == nb ? 0 : (na ? 1 : -1);
  return a < b ? -1 : (b < a ? 1 : 0);
}

template <typename T>
Status UniqueTyped(KernelContext& ctx, const Layout& l) {
  const T* in = ctx.in(0).as<const T>();
  const int64_t m = l.m;
  // Lexicographic comparison of slices a and b.
  const auto cmp = [&](int64_t a, int64_t b) {
    for (int64_t o = 0; o < l.outer; ++o) {
      for (int64_t i = 0; i < l.inner; ++i) {
        const int c = Compare(ToArith(in[(o * m + a) * l.inner + i]), ToArith(in[(o * m + b) * l.inner + i]));
        if (c != 0) return c;
      }
    }
    return 0;
  };
  std::vector<int64_t> order(static_cast<size_t>(m));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return cmp(a, b) < 0; });
  // Groups of equal slices: first occurrence (the lowest index, by stability) and count.
  std::vector<int64_t> first, count, group_of(static_cast<size_t>(m));
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || cmp(order[i - 1], order[i]) != 0) {
      first.push_back(order[i]);
      count.push_back(0);
    }
    ++count.back();
    group_of[static_cast<size_t>(order[i])] = static_cast<int64_t>(first.size()) - 1;
  }
  const int64_t u = static_cast<int64_t>(first.size());
  // Output position of each group.
  std::vector<int64_t> groups(static_cast<size_t>(u));
  std::iota(groups.begin(), groups.end(), 0);
  if (ctx.attrs->GetInt("sorted", 1) == 0) {
    std::sort(groups.begin(), groups.end(),
              [&](int64_t a, int64_t b) { return first[static_cast<size_t>(a)] < first[static_cast<size_t>(b)]; });
  }
  std::vector<int64_t> position(static_cast<size_t>(u));
  for (int64_t p = 0; p < u; ++p) position[static_cast<size_t>(groups[static_cast<size_t>(p)])] = p;
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 0, YDims(ctx.in(0).dims(), l, u), "Unique"));
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 1, {u}, "Unique"));
  ASIM_RETURN_IF_ERROR(SetComputedDims(ctx, 3, {u}, "Unique"));
  T* y = ctx.out(0).as<T>();
  int64_t* indices = ctx.out(1).as<int64_t>();
  int64_t* inverse = ctx.out(2).as<int64_t>();
  int64_t* counts = ctx.out(3).as<int64_t>();
  for (int64_t p = 0; p < u; ++p) {
    const size_t g = static_cast<size_t>(groups[static_cast<size_t>(p)]);
    indices[p] = first[g];
    counts[p] = count[g];
    for (int64_t o = 0; o < l.outer; ++o) {
      std::memcpy(&y[(o * u + p) * l.inner], &in[(o * m + first[g]) * l.inner],
                  static_cast<size_t>(l.inner) * sizeof(T));
    }
  }
  for (int64_t j = 0; j < m; ++j) inverse[j] = position[static_cast<size_t>(group_of[static_cast<size_t>(j)])];
  return Status::Ok();
}

Status UniqueCompute(KernelContext& ctx) {
  Layout l;
  ASIM_RETURN_IF_ERROR(LayoutOf(ctx.in(0).dims(), *ctx.attrs, &l));
  return DispatchNumeric(ctx.in(0).dtype(), "Unique", [&](auto tag) { return UniqueTyped<decltype(tag)>(ctx, l); });
}

WorkDesc UniqueCost(const std::vector<TensorSpec>& inputs, const std::vector<TensorSpec>& outputs, const AttrMap&,
                    const ChipTraits&) {
  WorkDesc w;
  w.on_ai_cpu = true;
  const double n = static_cast<double>(std::max<int64_t>(2, inputs[0].ElementCount()));
  w.aicpu_ops = static_cast<uint64_t>(n * std::log2(n) * 2);
  w.aicpu_bytes = inputs[0].Bytes();
  for (const auto& o : outputs) w.aicpu_bytes += o.Bytes();
  return w;
}

}  // namespace

KernelDef BuildUnique_AiCpu() {
  std::vector<DataType> types = AllNumericTypes();
  types.push_back(DataType::kBool);
  return KernelBuilder("Unique", Engine::kAiCpu)
      .Input("X", types)
      .Output("Y", {})
      .ShapeFromCompute()
      .Output("indices", {DataType::kInt64})
      .ShapeFromCompute()
      .Output("inverse_indices", {DataType::kInt64})
      .Output("counts", {DataType::kInt64})
      .ShapeFromCompute()
      .Attr("sorted", int64_t{1})
      .Attr("axis", int64_t{kNoAxis})
      .InferShape(UniqueInfer)
      .Compute(UniqueCompute)
      .Cost(UniqueCost)
      .Source(ASIM_KERNEL_SOURCE)
      .Build();
}

}  // namespace asim::kernels
