// Reductions over arbitrary axes: which axes (attribute or optional input, ONNX rules),
// the output shape, and a layout that iterates an input as contiguous slices.
//
// Owns: axes resolution (negative axes, duplicates, empty axes = all or nothing per
// noop_with_empty_axes), reduced shapes (keepdims), and ReduceLayout. ReduceLayout drops
// size-1 dims and merges neighbouring dims of the same kind (kept / reduced), so any
// reduction becomes: `outer` independent output groups, each `inner` contiguous kept
// elements wide (1 when the innermost dim is reduced), each the combination of `slices`
// slices found by ForEachSlice. When the innermost dim is kept, a slice is `inner`
// contiguous elements (combine elementwise, vectorisable); when it is reduced, a slice is
// a contiguous run of `run` reduced elements (combine along it). Output element
// (o, j) is at o * inner + j: keepdims only inserts 1s, so the layout is the same.
// Also: the single-axis view [outer, axis, inner] used by ArgMax, Softmax and friends.
// Thread safety: immutable after Make; ForEachSlice keeps its odometer on the stack.
// Failure: kOpAttrNotMatch for an axis out of range or repeated; kOpInputNotMatch for an
// axes input that is not a 1-D integer tensor.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

// The reduced-axes mask for a tensor of `rank` dims. Empty `axes`: every axis, or none when
// `noop_with_empty_axes`.
Status ReduceMask(const std::vector<int64_t>& axes, size_t rank, bool noop_with_empty_axes, std::vector<bool>* mask);
// Output dims: reduced dims become 1 (keepdims) or disappear.
std::vector<int64_t> ReducedDims(const std::vector<int64_t>& dims, const std::vector<bool>& mask, bool keepdims);

// Reads an axes tensor's values (int64 or int32).
Status ReadAxes(const void* data, DataType dtype, int64_t count, std::vector<int64_t>* axes);
// The axes of a Reduce* node: input `input_index` when present (its host data at
// selection, or the tensor at run time), else the `axes` attribute. `known` is false when
// the input is present but its value is not known yet (dynamic axes at selection).
Status AxesFromSpecs(const std::vector<TensorSpec>& inputs, size_t input_index, const AttrMap& attrs,
                     std::vector<int64_t>* axes, bool* known);
Status AxesFromContext(const KernelContext& ctx, size_t input_index, std::vector<int64_t>* axes);

class ReduceLayout {
 public:
  static Status Make(const std::vector<int64_t>& dims, const std::vector<bool>& mask, ReduceLayout* layout);

  int64_t outer() const { return outer_; }
  int64_t inner() const { return inner_; }
  int64_t run() const { return run_; }
  int64_t slices() const { return slices_; }
  int64_t count() const { return slices_ * run_; }  // elements combined into each output

  // Element offset of output group `o`'s first input element.
  int64_t OuterOffset(int64_t o) const {
    int64_t off = 0;
    for (size_t d = outer_dims_.size(); d-- > 0;) {
      off += (o % outer_dims_[d]) * outer_strides_[d];
      o /= outer_dims_[d];
    }
    return off;
  }

  // Calls f(offset) with each slice's offset relative to OuterOffset, in input order.
  template <class F>
  void ForEachSlice(F&& f) const {
    if (slices_ == 0) return;
    const size_t rank = red_dims_.size();
    if (rank == 0) {
      f(int64_t{0});
      return;
    }
    int64_t coord[16] = {};
    int64_t off = 0;
    for (int64_t s = 0; s < slices_; ++s) {
      f(off);
      for (size_t d = rank; d-- > 0;) {
        off += red_strides_[d];
        if (++coord[d] < red_dims_[d]) break;
        off -= red_strides_[d] * red_dims_[d];
        coord[d] = 0;
      }
    }
  }

 private:
  int64_t outer_ = 1, inner_ = 1, run_ = 1, slices_ = 1;
  std::vector<int64_t> outer_dims_, outer_strides_;
  std::vector<int64_t> red_dims_, red_strides_;
};

// [outer, axis, inner] view of `dims` around `axis` (already normalised); with
// `coerce_2d` the axis absorbs every dim after it (opset < 13 Softmax semantics).
struct AxisView {
  int64_t outer = 1, axis = 1, inner = 1;
};
AxisView AxisViewOf(const std::vector<int64_t>& dims, size_t axis, bool coerce_2d = false);

}  // namespace asim::kernels
