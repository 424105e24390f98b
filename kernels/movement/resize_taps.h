// Resize along one axis as taps: for every output coordinate, the input coordinates it
// reads and their weights (ONNX Resize opset 10-19: nearest with nearest_mode, linear and
// cubic with cubic_coeff_a, exclude_outside, antialias; every
// coordinate_transformation_mode). N-D resize is the tensor product of the per-axis taps,
// which is exactly what the ONNX reference's axis-by-axis interpolation computes.
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: ParseResizeOptions returns kOpAttrNotMatch naming a bad attribute value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/framework/attr.h"

namespace asim::kernels {

enum class ResizeMode { kNearest, kLinear, kCubic };
enum class ResizeCoord {
  kHalfPixel,
  kHalfPixelSymmetric,
  kPytorchHalfPixel,
  kAlignCorners,
  kAsymmetric,
  kTfHalfPixelForNn,
  kTfCropAndResize
};
enum class NearestMode { kRoundPreferFloor, kRoundPreferCeil, kFloor, kCeil };

struct ResizeOptions {
  ResizeMode mode = ResizeMode::kNearest;
  ResizeCoord coord = ResizeCoord::kHalfPixel;
  NearestMode nearest = NearestMode::kRoundPreferFloor;
  double cubic_a = -0.75;
  bool exclude_outside = false;
  bool antialias = false;
  double extrapolation_value = 0.0;
};

Status ParseResizeOptions(const AttrMap& attrs, ResizeOptions* out);

struct AxisTaps {
  int64_t taps = 1;              // per output coordinate
  std::vector<int64_t> index;    // [out_len * taps] input coordinates (clamped into range)
  std::vector<double> weight;    // [out_len * taps]
  std::vector<uint8_t> outside;  // [out_len] 1 when tf_crop_and_resize extrapolates
};

// Taps of one axis of length `in_len` resized to `out_len` with `scale` (output/input);
// roi_start/roi_end are used by tf_crop_and_resize only.
AxisTaps ResizeAxisTaps(const ResizeOptions& opt, int64_t in_len, int64_t out_len, double scale, double roi_start,
                        double roi_end);

}  // namespace asim::kernels
