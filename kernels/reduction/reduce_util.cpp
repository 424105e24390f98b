// Reduction axes (attribute or input, ONNX rules), reduced shapes and ReduceLayout's
// dim merging (see reduce_util.h).
// Owner: reduction family (kernels/common, shared). Thread safety: pure functions.
// Failure: kOpAttrNotMatch for axes out of range or repeated; kOpInputNotMatch for an axes
// tensor that is not 1-D int64 / int32; kInvalidParam beyond 16 separate reduced axes.
#include "kernels/reduction/reduce_util.h"

#include <cstring>

namespace asim::kernels {

Status ReduceMask(const std::vector<int64_t>& axes, size_t rank, bool noop_with_empty_axes, std::vector<bool>* mask) {
  mask->assign(rank, axes.empty() && !noop_with_empty_axes);
  const int64_t r = static_cast<int64_t>(rank);
  for (int64_t a : axes) {
    if (a < -r || a >= r) {
      return Status(err::kOpAttrNotMatch,
                    "axis " + std::to_string(a) + " is out of range for rank " + std::to_string(rank));
    }
    const size_t i = static_cast<size_t>(a < 0 ? a + r : a);
    if ((*mask)[i]) return Status(err::kOpAttrNotMatch, "axis " + std::to_string(a) + " is repeated");
    (*mask)[i] = true;
  }
  return Status::Ok();
}

std::vector<int64_t> ReducedDims(const std::vector<int64_t>& dims, const std::vector<bool>& mask, bool keepdims) {
  std::vector<int64_t> out;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!mask[i]) {
      out.push_back(dims[i]);
    } else if (keepdims) {
      out.push_back(1);
    }
  }
  return out;
}

Status ReadAxes(const void* data, DataType dtype, int64_t count, std::vector<int64_t>* axes) {
  axes->resize(static_cast<size_t>(std::max<int64_t>(0, count)));
  if (count <= 0) return Status::Ok();
  if (dtype == DataType::kInt64) {
    std::memcpy(axes->data(), data, static_cast<size_t>(count) * sizeof(int64_t));
  } else if (dtype == DataType::kInt32) {
    const auto* p = static_cast<const int32_t*>(data);
    for (int64_t i = 0; i < count; ++i) (*axes)[static_cast<size_t>(i)] = p[i];
  } else {
    return Status(err::kOpInputNotMatch, std::string("axes must be int64 or int32, got ") + DataTypeName(dtype));
  }
  return Status::Ok();
}

Status AxesFromSpecs(const std::vector<TensorSpec>& inputs, size_t input_index, const AttrMap& attrs,
                     std::vector<int64_t>* axes, bool* known) {
  *known = true;
  if (input_index < inputs.size() && inputs[input_index].dtype != DataType::kUndefined) {
    const TensorSpec& t = inputs[input_index];
    if (t.dims.size() > 1) {
      return Status(err::kOpInputNotMatch, "axes must be 1-D, got shape " + DimsToString(t.dims));
    }
    // An empty axes tensor has no bytes to point at: its (lack of) values are known.
    if (t.IsStatic() && t.ElementCount() == 0) {
      axes->clear();
      return Status::Ok();
    }
    if (t.host_data == nullptr || !t.IsStatic()) {
      *known = false;
      axes->clear();
      return Status::Ok();
    }
    return ReadAxes(t.host_data, t.dtype, t.ElementCount(), axes);
  }
  *axes = attrs.GetInts("axes", {});
  return Status::Ok();
}

Status AxesFromContext(const KernelContext& ctx, size_t input_index, std::vector<int64_t>* axes) {
  if (ctx.has_input(input_index)) {
    const TensorView& t = ctx.in(input_index);
    return ReadAxes(t.data, t.dtype(), t.ElementCount(), axes);
  }
  *axes = ctx.attrs->GetInts("axes", {});
  return Status::Ok();
}

Status ReduceLayout::Make(const std::vector<int64_t>& dims, const std::vector<bool>& mask, ReduceLayout* layout) {
  struct Dim {
    int64_t size;
    bool reduce;
  };
  std::vector<Dim> merged;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == 1) continue;
    if (!merged.empty() && merged.back().reduce == mask[i]) {
      merged.back().size *= dims[i];
    } else {
      merged.push_back(Dim{dims[i], mask[i]});
    }
  }
  ReduceLayout l;
  int64_t stride = 1;
  std::vector<int64_t> strides(merged.size());
  for (size_t d = merged.size(); d-- > 0;) {
    strides[d] = stride;
    stride *= merged[d].size;
  }
  size_t last = merged.size();
  if (!merged.empty()) {
    last = merged.size() - 1;
    if (merged[last].reduce) {
      l.run_ = merged[last].size;
    } else {
      l.inner_ = merged[last].size;
    }
  }
  for (size_t d = 0; d < last; ++d) {
    if (merged[d].reduce) {
      l.red_dims_.push_back(merged[d].size);
      l.red_strides_.push_back(strides[d]);
    } else {
      l.outer_dims_.push_back(merged[d].size);
      l.outer_strides_.push_back(strides[d]);
    }
  }
  if (l.red_dims_.size() > 16) {
    return Status(err::kInvalidParam, "reduction over " + DimsToString(dims) + " has too many separate axes");
  }
  l.outer_ = 1;
  for (int64_t d : l.outer_dims_) l.outer_ *= d;
  l.slices_ = 1;
  for (int64_t d : l.red_dims_) l.slices_ *= d;
  // A zero-sized reduced dim that is the innermost leaves run_ = 0; keep slices
  // consistent so count() is 0 and ForEachSlice visits nothing.
  if (l.run_ == 0) l.slices_ = 0;
  *layout = std::move(l);
  return Status::Ok();
}

AxisView AxisViewOf(const std::vector<int64_t>& dims, size_t axis, bool coerce_2d) {
  AxisView v;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i < axis) {
      v.outer *= dims[i];
    } else if (i == axis || coerce_2d) {
      v.axis *= dims[i];
    } else {
      v.inner *= dims[i];
    }
  }
  return v;
}

}  // namespace asim::kernels
