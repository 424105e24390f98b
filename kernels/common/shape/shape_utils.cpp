#include "kernels/common/shape/shape_utils.h"

#include <algorithm>

namespace asim::kernels {

Status BroadcastShapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
  const size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> result(rank);
  for (size_t i = 0; i < rank; ++i) {
    const int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da == db || db == 1) {
      result[i] = da;
    } else if (da == 1) {
      result[i] = db;
    } else {
      return Status(err::kOpInputNotMatch,
                    "shapes " + DimsToString(a) + " and " + DimsToString(b) + " cannot be broadcast together");
    }
  }
  *out = std::move(result);
  return Status::Ok();
}

InferShapeFn SameAsInput(size_t index) {
  return [index](const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
    if (index >= inputs.size()) return Status(err::kOpInputNotMatch, "missing input " + std::to_string(index));
    TensorSpec o = inputs[index];
    o.host_data = nullptr;
    outputs->assign(1, o);
    return Status::Ok();
  };
}

InferShapeFn Broadcasting(DataType out_dtype) {
  return [out_dtype](const std::vector<TensorSpec>& inputs, const AttrMap&, std::vector<TensorSpec>* outputs) {
    if (inputs.empty()) return Status(err::kOpInputNotMatch, "no inputs");
    std::vector<int64_t> dims = inputs[0].dims;
    for (size_t i = 1; i < inputs.size(); ++i) ASIM_RETURN_IF_ERROR(BroadcastShapes(dims, inputs[i].dims, &dims));
    TensorSpec o;
    o.dtype = out_dtype == DataType::kUndefined ? inputs[0].dtype : out_dtype;
    o.format = inputs[0].format;
    o.dims = std::move(dims);
    outputs->assign(1, o);
    return Status::Ok();
  };
}

Status NormalizeAxis(int64_t axis, size_t rank, size_t* out) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= std::max<int64_t>(r, 1)) {
    return Status(err::kOpAttrNotMatch,
                  "axis " + std::to_string(axis) + " is out of range for rank " + std::to_string(rank));
  }
  *out = static_cast<size_t>(axis < 0 ? axis + r : axis);
  return Status::Ok();
}

}  // namespace asim::kernels
