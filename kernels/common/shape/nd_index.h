// Geometry shared by GatherND and ScatterND: `indices` of shape [..., k] address slices of
// `data` (after `batch_dims` leading batch dims); each slice is data.dims[batch_dims+k:].
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: kOpInputNotMatch naming the shapes that do not fit; kInvalidParam (via
// index_values.h) for an index out of range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/common/values/index_values.h"

namespace asim::kernels {

struct NdIndexGeometry {
  int64_t batches = 1;           // product of the batch dims
  int64_t tuples = 1;            // index tuples per batch
  int64_t k = 0;                 // indices.dims.back()
  int64_t slice = 1;             // elements per addressed slice
  int64_t batch_stride = 1;      // data elements per batch
  std::vector<int64_t> dims;     // data dims addressed by a tuple (k of them)
  std::vector<int64_t> strides;  // their strides, in elements
};

inline Status MakeNdIndexGeometry(const std::vector<int64_t>& data, const std::vector<int64_t>& indices,
                                  int64_t batch_dims, const std::string& op, NdIndexGeometry* g) {
  const int64_t r = static_cast<int64_t>(data.size()), q = static_cast<int64_t>(indices.size());
  if (r < 1 || q < 1 || batch_dims < 0 || batch_dims >= std::min(r, q)) {
    return Status(err::kOpInputNotMatch, op + ": data " + DimsToString(data) + ", indices " + DimsToString(indices) +
                                             " and batch_dims " + std::to_string(batch_dims) + " do not fit");
  }
  const int64_t k = indices.back();
  if (k < 1 || k > r - batch_dims) {
    return Status(err::kOpInputNotMatch, op + ": the last indices dim " + std::to_string(k) + " must be in [1, " +
                                             std::to_string(r - batch_dims) + "]");
  }
  *g = NdIndexGeometry{};
  g->k = k;
  for (int64_t i = 0; i < batch_dims; ++i) {
    if (data[static_cast<size_t>(i)] != indices[static_cast<size_t>(i)]) {
      return Status(err::kOpInputNotMatch, op + ": batch dims of data " + DimsToString(data) + " and indices " +
                                               DimsToString(indices) + " differ");
    }
    g->batches *= data[static_cast<size_t>(i)];
  }
  for (int64_t i = batch_dims; i < q - 1; ++i) g->tuples *= indices[static_cast<size_t>(i)];
  for (int64_t i = batch_dims + k; i < r; ++i) g->slice *= data[static_cast<size_t>(i)];
  g->dims.assign(data.begin() + batch_dims, data.begin() + batch_dims + k);
  g->strides.assign(static_cast<size_t>(k), g->slice);
  for (int64_t i = k - 1; i-- > 0;) {
    g->strides[static_cast<size_t>(i)] = g->strides[static_cast<size_t>(i) + 1] * g->dims[static_cast<size_t>(i) + 1];
  }
  g->batch_stride = g->slice;
  for (int64_t d : g->dims) g->batch_stride *= d;
  return Status::Ok();
}

// Element offset (within its batch) of the slice that tuple `t` (counted over all
// batches) addresses.
inline Status NdSliceOffset(const TensorView& indices, const NdIndexGeometry& g, int64_t t, const std::string& op,
                            int64_t* offset) {
  int64_t off = 0;
  for (int64_t j = 0; j < g.k; ++j) {
    int64_t v = IndexAt(indices, t * g.k + j);
    if (!WrapIndex(&v, g.dims[static_cast<size_t>(j)])) {
      return IndexOutOfRange(op, t * g.k + j, IndexAt(indices, t * g.k + j), g.dims[static_cast<size_t>(j)]);
    }
    off += v * g.strides[static_cast<size_t>(j)];
  }
  *offset = off;
  return Status::Ok();
}

}  // namespace asim::kernels
