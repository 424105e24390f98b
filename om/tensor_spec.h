// The kernels' view of a model tensor: om::Tensor -> kernels::TensorSpec (dtype, format and
// dims, with the plain view an internal format came from; no data).
//
// Owner: om (shared by the compiler's prepared data and the runtime's loader, which must see
// a node's tensors the same way). Thread safety: a pure function. Failure: none.
#pragma once

#include "kernels/framework/kernel_def.h"
#include "om/model.h"

namespace asim::om {

inline kernels::TensorSpec SpecOf(const Tensor& t) {
  kernels::TensorSpec s;
  s.dtype = t.desc.dtype;
  s.format = t.desc.format;
  s.dims = t.desc.dims;
  s.origin_format = t.desc.origin_format;
  s.origin_dims = t.desc.origin_dims;
  return s;
}

}  // namespace asim::om
