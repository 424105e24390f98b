// Elementwise loops over the floating-point storage types (fp32, fp16, bf16, double):
// values are widened to float (double for double), the functor computes, the result is
// narrowed back with round-to-nearest-even — fp16 storage, fp32 arithmetic, as the AI
// Core's vector unit does for most ops.
//
// Thread safety: re-entrant. Failure: kUnsupportedDataType for other dtypes.
#pragma once

#include <cstdint>

#include "base/fp16.h"
#include "kernels/common/host/parallel.h"
#include "kernels/framework/kernel_def.h"

namespace asim::kernels {

inline constexpr int64_t kElementwiseGrain = 16384;

template <typename F>
Status UnaryFloat(const TensorView& x, TensorView& y, const F& f) {
  const int64_t n = y.ElementCount();
  switch (x.dtype()) {
    case DataType::kFloat: {
      const float* in = x.as<const float>();
      float* out = y.as<float>();
      ParallelFor(n, kElementwiseGrain, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) out[i] = f(in[i]);
      });
      return Status::Ok();
    }
    case DataType::kFloat16: {
      const uint16_t* in = x.as<const uint16_t>();
      uint16_t* out = y.as<uint16_t>();
      ParallelFor(n, kElementwiseGrain, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) out[i] = FloatToHalf(f(HalfToFloat(in[i])));
      });
      return Status::Ok();
    }
    case DataType::kBf16: {
      const uint16_t* in = x.as<const uint16_t>();
      uint16_t* out = y.as<uint16_t>();
      ParallelFor(n, kElementwiseGrain, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) out[i] = FloatToBf16(f(Bf16ToFloat(in[i])));
      });
      return Status::Ok();
    }
    case DataType::kDouble: {
      const double* in = x.as<const double>();
      double* out = y.as<double>();
      ParallelFor(n, kElementwiseGrain, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) out[i] = static_cast<double>(f(static_cast<float>(in[i])));
      });
      return Status::Ok();
    }
    default:
      return Status(err::kUnsupportedDataType,
                    std::string("elementwise kernel has no ") + DataTypeName(x.dtype()) + " implementation");
  }
}

}  // namespace asim::kernels
