// Reads single elements of small floating-point parameter tensors (per-channel scale,
// bias, mean, variance) as double, whatever their storage type, for kernels whose
// parameters may be typed differently from the data (ONNX BatchNormalization T1 / T2).
// Per-channel work only: not for inner loops.
// Owner: normalisation family (shared). Thread safety: pure. Failure: none; a dtype other
// than fp32 / fp16 / bf16 / double reads as 0 (selection refuses such inputs first).
#pragma once

#include <cstdint>

#include "base/fp16.h"
#include "kernels/framework/tensor.h"

namespace asim::kernels {

inline double ParamAt(const TensorView& t, int64_t i) {
  switch (t.dtype()) {
    case DataType::kFloat: return t.as<const float>()[i];
    case DataType::kFloat16: return HalfToFloat(t.as<const uint16_t>()[i]);
    case DataType::kBf16: return Bf16ToFloat(t.as<const uint16_t>()[i]);
    case DataType::kDouble: return t.as<const double>()[i];
    default: return 0.0;
  }
}

}  // namespace asim::kernels
