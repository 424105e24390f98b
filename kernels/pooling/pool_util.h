// Pooling geometry (ONNX MaxPool / AveragePool / LpPool): output sizes and padding from
// kernel_shape, strides, pads, dilations, ceil_mode and auto_pad, and the taps of a window.
//
// Owns: PoolGeometry, always three spatial dims (1-D and 2-D pools are padded with leading
// unit dims), and the per-dim tap ranges a kernel loops over so that no per-tap bounds
// check is needed. Rules:
//   NOTSET: out = floor_or_ceil((in + pad_begin + pad_end - ((k - 1) * d + 1)) / s) + 1;
//     with ceil_mode, a last window that would start inside the end padding is dropped
//     (PyTorch / ONNX reference rule).
//   SAME_UPPER / SAME_LOWER: out = ceil(in / s), total padding split evenly with the extra
//     element at the end (UPPER) or the beginning (LOWER). VALID: no padding, floor.
// Thread safety: value type, pure functions. Failure: kOpAttrNotMatch naming the attribute
// (wrong length, values < 1, negative pads, unknown auto_pad), kOpInputNotMatch when the
// window does not fit in the padded input.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

struct PoolGeometry {
  int rank = 0;  // spatial dims of the op
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1}, kernel{1, 1, 1}, stride{1, 1, 1}, dilation{1, 1, 1};
  std::array<int64_t, 3> pad_begin{0, 0, 0}, pad_end{0, 0, 0};

  int64_t InSize() const { return in[0] * in[1] * in[2]; }
  int64_t OutSize() const { return out[0] * out[1] * out[2]; }
  int64_t KernelSize() const { return kernel[0] * kernel[1] * kernel[2]; }
  // Output spatial dims in the op's rank.
  std::vector<int64_t> OutDims() const;

  // Taps [lo, hi) of dim `a` for output coordinate `o` whose positions lie in [0, in).
  void Taps(int a, int64_t o, int64_t* lo, int64_t* hi) const;
  // Taps of the same window whose positions lie in the padded range [-pad_begin, in + pad_end).
  int64_t PaddedTaps(int a, int64_t o) const;
  // Input coordinate of tap `t` of output coordinate `o` along dim `a`.
  int64_t Position(int a, int64_t o, int64_t t) const { return o * stride[a] - pad_begin[a] + t * dilation[a]; }
};

// Geometry of a windowed pool over `spatial` input dims (1 to 3).
Status MakePoolGeometry(const std::vector<int64_t>& spatial, const AttrMap& attrs, PoolGeometry* g);
// Geometry of a global pool: one window covering every spatial position.
Status GlobalPoolGeometry(const std::vector<int64_t>& spatial, PoolGeometry* g);

}  // namespace asim::kernels
