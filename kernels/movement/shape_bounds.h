// Shape's `start` / `end` attributes (ONNX opset 15) resolved over a rank: negative values
// count from the end, both are clamped to [0, rank], and the op's values are dims[start, end).
// Shared by the Shape kernel and the converter's folding of Shape (atc's import-time folding,
// the compiler's per-gear folding), so that a folded Shape gives what the kernel computes.
// Owner: the movement / shape kernel family. Thread safety: pure functions. Failure: none.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <vector>

#include "kernels/framework/attr.h"

namespace asim::kernels {

inline void ShapeBounds(size_t rank, const AttrMap& attrs, int64_t* start, int64_t* end) {
  const int64_t r = static_cast<int64_t>(rank);
  int64_t s = attrs.GetInt("start", 0), e = attrs.GetInt("end", LLONG_MAX);
  if (s < 0) s += r;
  if (e < 0) e += r;
  *start = std::clamp<int64_t>(s, 0, r);
  *end = std::clamp<int64_t>(e, 0, r);
}

// The values of Shape(x) for x of these dims.
inline std::vector<int64_t> ShapeValues(const std::vector<int64_t>& dims, const AttrMap& attrs) {
  int64_t start = 0, end = 0;
  ShapeBounds(dims.size(), attrs, &start, &end);
  std::vector<int64_t> values;
  for (int64_t i = start; i < end; ++i) values.push_back(dims[static_cast<size_t>(i)]);
  return values;
}

}  // namespace asim::kernels
