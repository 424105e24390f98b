// Element storage types for kernels and the arithmetic rules they share.
//
// Owns: the storage tags for the element types that have no C++ arithmetic type of their
// own (Fp16, Bf16, BoolByte), the Storage<S> traits that say how a stored element widens
// to the type arithmetic runs in (fp16/bf16 -> float: fp16 storage, fp32 arithmetic, as
// the AI Core vector unit does; bool -> bool; everything else is its own compute type),
// DtypeOf<S> (storage type -> DataType), and the integer helpers that give wrapping
// (two's complement) results where plain C++ would be undefined: add, sub, mul, negate,
// abs of the most negative value, division by zero and INT_MIN / -1.
// Owner: the elementwise/activation/reduction kernels (kernels/common, shared).
// Thread safety: pure functions and type traits. Failure: none; every function is total.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "base/dtype.h"
#include "base/fp16.h"

namespace asim::kernels {

// 16-bit floating-point storage (bit patterns).
struct Fp16 {
  uint16_t bits;
};
struct Bf16 {
  uint16_t bits;
};
// Booleans are stored as one byte; any non-zero byte reads as true, true is written as 1.
struct BoolByte {
  uint8_t v;
};

// How a stored element is read and written. kDirect: the storage type is the compute type
// (loops can work in place without widening).
template <class S>
struct Storage {
  using Compute = S;
  static constexpr bool kDirect = true;
  static Compute Load(S s) { return s; }
  static S Store(Compute c) { return c; }
};
template <>
struct Storage<Fp16> {
  using Compute = float;
  static constexpr bool kDirect = false;
  static float Load(Fp16 s) { return HalfToFloat(s.bits); }
  static Fp16 Store(float c) { return Fp16{FloatToHalf(c)}; }
  static void LoadBlock(const Fp16* s, float* d, int64_t n) {
    HalfToFloat(reinterpret_cast<const uint16_t*>(s), d, static_cast<size_t>(n));
  }
  static void StoreBlock(const float* s, Fp16* d, int64_t n) {
    FloatToHalf(s, reinterpret_cast<uint16_t*>(d), static_cast<size_t>(n));
  }
};
template <>
struct Storage<Bf16> {
  using Compute = float;
  static constexpr bool kDirect = false;
  static float Load(Bf16 s) { return Bf16ToFloat(s.bits); }
  static Bf16 Store(float c) { return Bf16{FloatToBf16(c)}; }
  static void LoadBlock(const Bf16* s, float* d, int64_t n) {
    Bf16ToFloat(reinterpret_cast<const uint16_t*>(s), d, static_cast<size_t>(n));
  }
  static void StoreBlock(const float* s, Bf16* d, int64_t n) {
    FloatToBf16(s, reinterpret_cast<uint16_t*>(d), static_cast<size_t>(n));
  }
};
template <>
struct Storage<BoolByte> {
  using Compute = bool;
  static constexpr bool kDirect = false;
  static bool Load(BoolByte s) { return s.v != 0; }
  static BoolByte Store(bool c) { return BoolByte{static_cast<uint8_t>(c ? 1 : 0)}; }
  static void LoadBlock(const BoolByte* s, bool* d, int64_t n) {
    for (int64_t i = 0; i < n; ++i) d[i] = s[i].v != 0;
  }
  static void StoreBlock(const bool* s, BoolByte* d, int64_t n) {
    for (int64_t i = 0; i < n; ++i) d[i].v = static_cast<uint8_t>(s[i] ? 1 : 0);
  }
};

template <class S>
using ComputeOf = typename Storage<S>::Compute;

// Storage type -> DataType.
template <class S>
struct DtypeOf;
#define ASIM_DTYPE_OF(T, DT)                        \
  template <>                                       \
  struct DtypeOf<T> {                               \
    static constexpr DataType value = DataType::DT; \
  };
ASIM_DTYPE_OF(float, kFloat)
ASIM_DTYPE_OF(Fp16, kFloat16)
ASIM_DTYPE_OF(Bf16, kBf16)
ASIM_DTYPE_OF(double, kDouble)
ASIM_DTYPE_OF(int8_t, kInt8)
ASIM_DTYPE_OF(int16_t, kInt16)
ASIM_DTYPE_OF(int32_t, kInt32)
ASIM_DTYPE_OF(int64_t, kInt64)
ASIM_DTYPE_OF(uint8_t, kUint8)
ASIM_DTYPE_OF(uint16_t, kUint16)
ASIM_DTYPE_OF(uint32_t, kUint32)
ASIM_DTYPE_OF(uint64_t, kUint64)
ASIM_DTYPE_OF(BoolByte, kBool)
#undef ASIM_DTYPE_OF

// ---- Integer arithmetic with defined (wrapping) results ----------------------------------

// The unsigned type integer arithmetic on T is carried out in: never narrower than
// `unsigned`, so that uint16 * uint16 cannot overflow a promoted `int`.
template <class T>
using WrapUnsigned = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <class T>
constexpr T WrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) + static_cast<WrapUnsigned<T>>(b));
  } else {
    return a + b;
  }
}
template <class T>
constexpr T WrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) - static_cast<WrapUnsigned<T>>(b));
  } else {
    return a - b;
  }
}
template <class T>
constexpr T WrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) * static_cast<WrapUnsigned<T>>(b));
  } else {
    return a * b;
  }
}
template <class T>
constexpr T WrapNeg(T a) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(WrapUnsigned<T>{0} - static_cast<WrapUnsigned<T>>(a));
  } else {
    return -a;
  }
}
// |a|; the most negative integer stays itself (two's complement wrap).
template <class T>
constexpr T WrapAbs(T a) {
  if constexpr (std::is_unsigned_v<T>) {
    return a;
  } else if constexpr (std::is_integral_v<T>) {
    return a < 0 ? WrapNeg(a) : a;
  } else {
    return std::fabs(a);
  }
}
// Integer division truncating toward zero (ONNX Div); x / 0 gives 0 and MIN / -1 gives MIN.
template <class T>
constexpr T IntDiv(T a, T b) {
  if (b == 0) return T{0};
  if constexpr (std::is_signed_v<T>) {
    if (b == T{-1}) return WrapNeg(a);
  }
  return static_cast<T>(a / b);
}
// Remainder with the sign of the dividend (C fmod, ONNX Mod fmod=1); x % 0 gives 0.
template <class T>
constexpr T IntRem(T a, T b) {
  if (b == 0) return T{0};
  if constexpr (std::is_signed_v<T>) {
    if (b == T{-1}) return T{0};
  }
  return static_cast<T>(a % b);
}
// Remainder with the sign of the divisor (Python / numpy mod, ONNX Mod fmod=0).
template <class T>
constexpr T IntMod(T a, T b) {
  T r = IntRem(a, b);
  if constexpr (std::is_signed_v<T>) {
    if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
  }
  return r;
}

// ---- Conversions with defined results ---------------------------------------------------

// Floating value -> integer type: NaN gives 0, values beyond the range saturate to the
// type's limits, the rest truncate toward zero (C++ leaves out-of-range conversions
// undefined; ONNX leaves them unspecified; this is our definition).
template <class I, class F>
constexpr I SaturateToInt(F v) {
  static_assert(std::is_integral_v<I> && std::is_floating_point_v<F>);
  if (v != v) return I{0};
  // 2^bits as F is exact for every integer width; compare against it rather than max().
  constexpr F kHi = static_cast<F>(std::numeric_limits<I>::max() / 2 + 1) * F{2};
  constexpr F kLo = static_cast<F>(std::numeric_limits<I>::min());
  if (v >= kHi) return std::numeric_limits<I>::max();
  if (v <= kLo) return std::numeric_limits<I>::min();  // for unsigned I: every v <= 0
  return static_cast<I>(v);
}

}  // namespace asim::kernels
