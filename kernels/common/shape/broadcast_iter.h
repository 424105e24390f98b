// Strided numpy-broadcast iteration for elementwise kernels with up to three inputs.
//
// Owns: BroadcastPlan, built once per launch from the output and input shapes. Dims of
// size 1 are dropped and neighbouring dims with the same broadcast pattern are merged, so
// [N,C,H,W] + [1,C,1,1] becomes [N, C, H*W] with the second input's innermost stride 0
// (one scalar per row), [M,K] + [K] becomes a contiguous row per M, and same-shape inputs
// become one contiguous run. ForEachRun walks a range of output elements as runs along
// the innermost merged dim; within a run every input advances by 0 (broadcast: a scalar)
// or 1 (contiguous), which is what the inner loops specialise on. Also: shape inference
// for broadcasting that tolerates unknown (-1) dims.
// Thread safety: a plan is immutable after Make; ForEachRun keeps its odometer on the
// stack, so one plan serves every thread. Failure: Make returns kOpInputNotMatch when the
// shapes do not broadcast to the output, kInvalidParam beyond kMaxDims merged dims.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "kernels/common/host/parallel.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

class BroadcastPlan {
 public:
  static constexpr int kMaxInputs = 3;
  static constexpr int kMaxDims = 16;

  // Plans iteration over `out_dims` for inputs of `in_dims` (each must broadcast to it).
  static Status Make(const std::vector<int64_t>& out_dims, const std::vector<const std::vector<int64_t>*>& in_dims,
                     BroadcastPlan* plan);

  int64_t total() const { return total_; }
  int64_t inner() const { return inner_; }
  // 0 or 1: how input `k` advances inside a run.
  int64_t inner_stride(int k) const { return inner_stride_[static_cast<size_t>(k)]; }
  // True when every input is contiguous with the output (one run, no broadcasting).
  bool all_contiguous() const {
    return outer_rank_ == 0 &&
           std::all_of(inner_stride_.begin(), inner_stride_.begin() + num_inputs_, [](int64_t s) { return s == 1; });
  }

  // Calls f(out_offset, in_offsets, len) for the runs covering output elements
  // [begin, end); in_offsets[k] is input k's element offset at the run's start.
  template <class F>
  void ForEachRun(int64_t begin, int64_t end, F&& f) const {
    if (begin >= end) return;
    std::array<int64_t, kMaxDims> coord{};
    std::array<int64_t, kMaxInputs> base{};
    int64_t row = begin / inner_;
    int64_t col = begin % inner_;
    for (int d = outer_rank_ - 1; d >= 0; --d) {
      const size_t ud = static_cast<size_t>(d);
      coord[ud] = row % dims_[ud];
      row /= dims_[ud];
      for (int k = 0; k < num_inputs_; ++k)
        base[static_cast<size_t>(k)] += coord[ud] * strides_[static_cast<size_t>(k)][ud];
    }
    std::array<int64_t, kMaxInputs> offs{};
    while (begin < end) {
      const int64_t len = std::min(inner_ - col, end - begin);
      for (int k = 0; k < num_inputs_; ++k) {
        const size_t uk = static_cast<size_t>(k);
        offs[uk] = base[uk] + col * inner_stride_[uk];
      }
      f(begin, offs.data(), len);
      begin += len;
      col = 0;
      if (begin >= end) break;
      for (int d = outer_rank_ - 1; d >= 0; --d) {
        const size_t ud = static_cast<size_t>(d);
        for (int k = 0; k < num_inputs_; ++k) base[static_cast<size_t>(k)] += strides_[static_cast<size_t>(k)][ud];
        if (++coord[ud] < dims_[ud]) break;
        for (int k = 0; k < num_inputs_; ++k) {
          base[static_cast<size_t>(k)] -= strides_[static_cast<size_t>(k)][ud] * dims_[ud];
        }
        coord[ud] = 0;
      }
    }
  }

  // ForEachRun over all output elements, split across host threads in chunks of at
  // least `grain` elements.
  template <class F>
  void ParallelRuns(int64_t grain, const F& f) const {
    ParallelFor(total_, grain, [&](int64_t b, int64_t e) { ForEachRun(b, e, f); });
  }

 private:
  int num_inputs_ = 0;
  int outer_rank_ = 0;  // merged dims before the innermost
  int64_t total_ = 0;
  int64_t inner_ = 1;
  std::array<int64_t, kMaxDims> dims_{};
  std::array<std::array<int64_t, kMaxDims>, kMaxInputs> strides_{};
  std::array<int64_t, kMaxInputs> inner_stride_{};
};

// Numpy broadcast of several shapes where -1 means "unknown until run time": an unknown
// dim against 1 stays unknown, against a known d > 1 becomes d. kOpInputNotMatch when two
// known dims differ and neither is 1.
Status BroadcastDims(const std::vector<std::vector<int64_t>>& shapes, std::vector<int64_t>* out);

}  // namespace asim::kernels
