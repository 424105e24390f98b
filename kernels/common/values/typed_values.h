// Typed element access for the movement and AI CPU kernels that do arithmetic (CumSum,
// Range, scatter reductions, Resize, TopK, Unique, Einsum, ...): a dispatch from DataType to
// a C++ storage type, and the conversions between storage and the type arithmetic runs in
// (fp16/bf16 widen to float, as the AI Core vector unit and the AI CPU do; integers stay
// integers; bool is a 0/1 byte).
//
// Owner: the movement / shape kernel family. Thread safety: pure functions.
// Failure: DispatchNumeric returns kUnsupportedDataType naming the op for other dtypes.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "base/dtype.h"
#include "base/fp16.h"
#include "base/status.h"

namespace asim::kernels {

struct Fp16Bits {
  uint16_t bits;
};
struct Bf16Bits {
  uint16_t bits;
};

// The type arithmetic on storage type T runs in.
template <typename T>
struct ArithOf {
  using type = T;
};
template <>
struct ArithOf<Fp16Bits> {
  using type = float;
};
template <>
struct ArithOf<Bf16Bits> {
  using type = float;
};
template <typename T>
using Arith = typename ArithOf<T>::type;

template <typename T>
inline Arith<T> ToArith(T v) {
  if constexpr (std::is_same_v<T, Fp16Bits>) {
    return HalfToFloat(v.bits);
  } else if constexpr (std::is_same_v<T, Bf16Bits>) {
    return Bf16ToFloat(v.bits);
  } else {
    return v;
  }
}

template <typename T>
inline T FromArith(Arith<T> v) {
  if constexpr (std::is_same_v<T, Fp16Bits>) {
    return Fp16Bits{FloatToHalf(v)};
  } else if constexpr (std::is_same_v<T, Bf16Bits>) {
    return Bf16Bits{FloatToBf16(v)};
  } else {
    return static_cast<T>(v);
  }
}

template <typename T>
inline constexpr bool kIsFloatStorage =
    std::is_floating_point_v<T> || std::is_same_v<T, Fp16Bits> || std::is_same_v<T, Bf16Bits>;

// From double: floats convert (fp16/bf16 round to nearest even); integers round to nearest
// (ties to even) and saturate at the type's range; NaN becomes 0.
template <typename T>
inline T FromDouble(double v) {
  if constexpr (kIsFloatStorage<T>) {
    return FromArith<T>(static_cast<Arith<T>>(v));
  } else {
    if (std::isnan(v)) return T{0};
    const double r = std::nearbyint(v);
    if (r <= static_cast<double>(std::numeric_limits<T>::lowest())) return std::numeric_limits<T>::lowest();
    if (r >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    return static_cast<T>(r);
  }
}

template <typename T>
inline double ToDouble(T v) {
  return static_cast<double>(ToArith(v));
}

// True for a NaN (floating-point arithmetic types only).
template <typename A>
inline bool IsNanValue(A v) {
  if constexpr (std::is_floating_point_v<A>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// Calls fn(T{}) with T the storage type of `dtype`: float, double, Fp16Bits, Bf16Bits, the
// integer types, and uint8_t for bool.
template <typename Fn>
Status DispatchNumeric(DataType dtype, const char* op, Fn&& fn) {
  switch (dtype) {
    case DataType::kFloat: return fn(float{});
    case DataType::kDouble: return fn(double{});
    case DataType::kFloat16: return fn(Fp16Bits{});
    case DataType::kBf16: return fn(Bf16Bits{});
    case DataType::kInt8: return fn(int8_t{});
    case DataType::kUint8: return fn(uint8_t{});
    case DataType::kBool: return fn(uint8_t{});
    case DataType::kInt16: return fn(int16_t{});
    case DataType::kUint16: return fn(uint16_t{});
    case DataType::kInt32: return fn(int32_t{});
    case DataType::kUint32: return fn(uint32_t{});
    case DataType::kInt64: return fn(int64_t{});
    case DataType::kUint64: return fn(uint64_t{});
    default:
      return Status(err::kUnsupportedDataType, std::string(op) + " has no " + DataTypeName(dtype) + " implementation");
  }
}

// Element `i` of a tensor of `dtype`, widened to double (0 for non-numeric dtypes).
double LoadAsDouble(DataType dtype, const void* data, int64_t i);

}  // namespace asim::kernels
