// Index tensors of the gather/scatter kernels: read int32/int64 indices, wrap negative
// ones (ONNX counts them from the end of the axis), and reject out-of-range ones with the
// position and value in the message (a real AI Core would read out of bounds; the
// simulator reports it instead).
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: kInvalidParam naming the op, the index position, value and the valid range.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

// Index `i` of an int32/int64 tensor.
inline int64_t IndexAt(const TensorView& t, int64_t i) {
  return t.dtype() == DataType::kInt32 ? t.as<const int32_t>()[i] : t.as<const int64_t>()[i];
}

// Wraps a possibly negative index into [0, dim); false when it lies outside [-dim, dim).
inline bool WrapIndex(int64_t* index, int64_t dim) {
  if (*index < 0) *index += dim;
  return *index >= 0 && *index < dim;
}

inline Status IndexOutOfRange(const std::string& op, int64_t position, int64_t value, int64_t dim) {
  return Status(err::kInvalidParam, op + ": index " + std::to_string(value) + " at position " +
                                        std::to_string(position) + " is out of range [" + std::to_string(-dim) + ", " +
                                        std::to_string(dim - 1) + "]");
}

// The lowest position of a bad index seen by parallel workers (lock-free).
class BadIndexPosition {
 public:
  void Report(int64_t position) {
    int64_t cur = pos_.load(std::memory_order_relaxed);
    while (position < cur && !pos_.compare_exchange_weak(cur, position, std::memory_order_relaxed)) {
    }
  }
  bool any() const { return pos_.load(std::memory_order_relaxed) != kNone; }
  int64_t position() const { return pos_.load(std::memory_order_relaxed); }

 private:
  static constexpr int64_t kNone = INT64_MAX;
  std::atomic<int64_t> pos_{kNone};
};

// All indices of `t`, each wrapped into [0, dim).
inline Status ReadWrappedIndices(const TensorView& t, int64_t dim, const std::string& op, std::vector<int64_t>* out) {
  const int64_t n = t.ElementCount();
  out->resize(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = IndexAt(t, i);
    if (!WrapIndex(&v, dim)) return IndexOutOfRange(op, i, IndexAt(t, i), dim);
    (*out)[static_cast<size_t>(i)] = v;
  }
  return Status::Ok();
}

}  // namespace asim::kernels
