// Accuracy metrics of one tensor against its ground truth, as msaccucmp computes them
// (ascend_tools_hw.md section 2.7; x = my output (NPU), y = ground truth, both flattened to
// float64, eps = DBL_EPSILON):
//   CosineSimilarity           sum(xy) / (|x||y|), at most 1; both norms ~0 -> 1; one ~0 -> NaN
//   MaxAbsoluteError           max |x - y|
//   AccumulatedRelativeError   sum |x/y - 1| over |y| > eps
//   RelativeEuclideanDistance  sqrt(sum (x-y)^2) / sqrt(sum y^2); 0 when |y| <= eps
//   KullbackLeiblerDivergence  each side min-max scaled to [0,1], clamped >= FLT_EPSILON and
//                              normalised to sum 1 (p from y, q from x); sum p ln(p/q)
//   StandardDeviation          "(mean_x;std_x),(mean_y;std_y)" with %.3f, |v| < 0.001 -> 0
//   MeanAbsoluteError          mean |x - y|
//   RootMeanSquareError        sqrt(mean (x - y)^2)
//   MaxRelativeError           max |x/y - 1| over |y| > eps (0 if none)
//   MeanRelativeError          sum |x/y - 1| over |y| > eps, divided by the element count
//                              (msaccucmp's np.where(..., 0).mean())
// Owner: tools/dump. Thread safety: pure functions. Failure: none; a metric that cannot be
// computed is NaN and `reasons` says why.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/status.h"

namespace asim::dumptool {

inline constexpr const char* kMetricNames[] = {
    "CosineSimilarity",          "MaxAbsoluteError",  "AccumulatedRelativeError", "RelativeEuclideanDistance",
    "KullbackLeiblerDivergence", "StandardDeviation", "MeanAbsoluteError",        "RootMeanSquareError",
    "MaxRelativeError",          "MeanRelativeError"};

struct Metrics {
  double cosine = 0;
  double max_abs = 0;
  double accumulated_relative = 0;
  double relative_euclidean = 0;
  double kl = 0;
  std::string standard_deviation;
  double mean_abs = 0;
  double rmse = 0;
  double max_relative = 0;
  double mean_relative = 0;
  std::vector<std::string> reasons;  // why a metric is NaN (CompareFailReason)

  // The ten CSV cells in kMetricNames order ("%.6f", "NaN").
  std::vector<std::string> Cells() const;
};

// x and y must have the same size (> 0).
Metrics ComputeMetrics(std::span<const double> x, std::span<const double> y);

// "%.6f"; NaN -> "NaN"; infinities -> "inf" / "-inf".
std::string FormatMetric(double value);

// The elements of raw tensor bytes as float64 (DumpData data type; fp16 and bf16 widened).
Status ToDoubles(int32_t dump_type, std::span<const uint8_t> data, std::vector<double>* out);

}  // namespace asim::dumptool
