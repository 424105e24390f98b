// TensorSpec and TensorView: how kernels see tensors.
//
// Owns: nothing. A TensorSpec is metadata only (for shape inference, selection and cost);
// a TensorView adds the bytes a kernel reads or writes. Both are non-owning. Dims are the
// shape in the tensor's own format (an NC1HWC0 tensor has 5 dims); origin_format and
// origin_dims optionally keep the plain view it came from.
// Thread safety: value types. Failure: none.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"

namespace asim::kernels {

struct TensorSpec {
  DataType dtype = DataType::kUndefined;
  Format format = Format::kNd;
  std::vector<int64_t> dims;
  // Host-readable contents, when known at selection time (constants and shape inputs such
  // as Reshape's `shape`); nullptr otherwise.
  const void* host_data = nullptr;
  // The tensor's plain view before a layout transform (CANN's origin format and shape):
  // set on tensors in internal formats (NC1HWC0, FRACTAL_Z, FRACTAL_NZ) so the way back
  // (TransData to the plain format) knows the unpadded sizes. kUndefined / empty when the
  // tensor is in its plain format or the origin is unknown (the padded sizes are used then).
  Format origin_format = Format::kUndefined;
  std::vector<int64_t> origin_dims;

  int64_t ElementCount() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d < 0 ? 0 : d;
    return n;
  }
  size_t Bytes() const { return static_cast<size_t>(ElementCount()) * DataTypeSize(dtype); }
  bool IsStatic() const {
    for (int64_t d : dims) {
      if (d < 0) return false;
    }
    return true;
  }
};

// The specs with every unknown (-1) dim replaced by 1: how cost and workspace are estimated
// for a tensor whose dims are decided at execution.
inline std::vector<TensorSpec> WithUnknownDimsAsOne(std::vector<TensorSpec> specs) {
  for (TensorSpec& s : specs) {
    for (int64_t& d : s.dims) d = d < 0 ? 1 : d;
  }
  return specs;
}

// A spec with only dtype, dims and format set.
inline TensorSpec MakeSpec(DataType dtype, std::vector<int64_t> dims, Format format = Format::kNd) {
  TensorSpec s;
  s.dtype = dtype;
  s.format = format;
  s.dims = std::move(dims);
  return s;
}

struct TensorView {
  TensorSpec spec;
  void* data = nullptr;

  template <typename T>
  T* as() const {
    return static_cast<T*>(data);
  }
  int64_t ElementCount() const { return spec.ElementCount(); }
  size_t Bytes() const { return spec.Bytes(); }
  const std::vector<int64_t>& dims() const { return spec.dims; }
  DataType dtype() const { return spec.dtype; }
};

// "[1,3,224,224]"
std::string DimsToString(const std::vector<int64_t>& dims);

}  // namespace asim::kernels
