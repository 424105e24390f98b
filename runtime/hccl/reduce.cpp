// The element-wise reductions of the simulated HCCL (reduce.h).
#include "runtime/hccl/reduce.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "base/fp16.h"

namespace asim::hccl {
namespace {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 Uint128;

template <typename T>
struct Unsigned {
  using type = std::make_unsigned_t<T>;
};
template <>
struct Unsigned<Int128> {
  using type = Uint128;
};
// Integer arithmetic in an unsigned type at least as wide as unsigned int (wraps, no promotion
// to int).
template <typename T>
using Wide =
    std::conditional_t<(sizeof(typename Unsigned<T>::type) < sizeof(unsigned)), unsigned, typename Unsigned<T>::type>;
template <typename T>
inline constexpr bool kInteger = std::is_integral_v<T> || std::is_same_v<T, Int128>;

template <typename T>
T Apply(ReduceOp op, T a, T b) {
  switch (op) {
    case ReduceOp::kSum:
      if constexpr (kInteger<T>) {
        using U = typename Unsigned<T>::type;
        return static_cast<T>(
            static_cast<U>(static_cast<Wide<T>>(static_cast<U>(a)) + static_cast<Wide<T>>(static_cast<U>(b))));
      } else {
        return a + b;
      }
    case ReduceOp::kProd:
      if constexpr (kInteger<T>) {
        using U = typename Unsigned<T>::type;
        return static_cast<T>(
            static_cast<U>(static_cast<Wide<T>>(static_cast<U>(a)) * static_cast<Wide<T>>(static_cast<U>(b))));
      } else {
        return a * b;
      }
    case ReduceOp::kMax: return std::max(a, b);
    case ReduceOp::kMin: return std::min(a, b);
  }
  return a;
}

template <typename T>
void Fold(ReduceOp op, void* acc, const void* in, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    T a, b;
    std::memcpy(&a, static_cast<const char*>(acc) + i * sizeof(T), sizeof(T));
    std::memcpy(&b, static_cast<const char*>(in) + i * sizeof(T), sizeof(T));
    const T r = Apply(op, a, b);
    std::memcpy(static_cast<char*>(acc) + i * sizeof(T), &r, sizeof(T));
  }
}

template <float (*ToFloat)(uint16_t), uint16_t (*FromFloat)(float)>
void FoldHalf(ReduceOp op, void* acc, const void* in, size_t count) {
  auto* a = static_cast<uint16_t*>(acc);
  const auto* b = static_cast<const uint16_t*>(in);
  for (size_t i = 0; i < count; ++i) {
    uint16_t x, y;
    std::memcpy(&x, a + i, 2);
    std::memcpy(&y, b + i, 2);
    const uint16_t r = FromFloat(Apply(op, ToFloat(x), ToFloat(y)));
    std::memcpy(a + i, &r, 2);
  }
}

float HalfToF(uint16_t h) {
  return HalfToFloat(h);
}
uint16_t FToHalf(float f) {
  return FloatToHalf(f);
}
float Bf16ToF(uint16_t h) {
  return Bf16ToFloat(h);
}
uint16_t FToBf16(float f) {
  return FloatToBf16(f);
}

}  // namespace

bool ValidDataType(int32_t type) {
  return type >= static_cast<int32_t>(DataType::kInt8) && type <= static_cast<int32_t>(DataType::kInt128);
}

bool ValidReduceOp(int32_t op) {
  return op >= static_cast<int32_t>(ReduceOp::kSum) && op <= static_cast<int32_t>(ReduceOp::kMin);
}

size_t ElementSize(DataType type) {
  switch (type) {
    case DataType::kInt8:
    case DataType::kUint8: return 1;
    case DataType::kInt16:
    case DataType::kUint16:
    case DataType::kFp16:
    case DataType::kBf16: return 2;
    case DataType::kInt32:
    case DataType::kUint32:
    case DataType::kFp32: return 4;
    case DataType::kInt64:
    case DataType::kUint64:
    case DataType::kFp64: return 8;
    case DataType::kInt128: return 16;
  }
  return 0;
}

const char* DataTypeName(DataType type) {
  switch (type) {
    case DataType::kInt8: return "int8";
    case DataType::kInt16: return "int16";
    case DataType::kInt32: return "int32";
    case DataType::kFp16: return "fp16";
    case DataType::kFp32: return "fp32";
    case DataType::kInt64: return "int64";
    case DataType::kUint64: return "uint64";
    case DataType::kUint8: return "uint8";
    case DataType::kUint16: return "uint16";
    case DataType::kUint32: return "uint32";
    case DataType::kFp64: return "fp64";
    case DataType::kBf16: return "bfp16";
    case DataType::kInt128: return "int128";
  }
  return "unknown";
}

const char* ProfDataTypeName(DataType type) {
  switch (type) {
    case DataType::kInt8: return "INT8";
    case DataType::kInt16: return "INT16";
    case DataType::kInt32: return "INT32";
    case DataType::kFp16: return "FLOAT16";
    case DataType::kFp32: return "FLOAT";
    case DataType::kInt64: return "INT64";
    case DataType::kUint64: return "UINT64";
    case DataType::kUint8: return "UINT8";
    case DataType::kUint16: return "UINT16";
    case DataType::kUint32: return "UINT32";
    case DataType::kFp64: return "DOUBLE";
    case DataType::kBf16: return "BF16";
    case DataType::kInt128: return "INT128";
  }
  return "UNKNOWN";
}

const char* ReduceOpName(ReduceOp op) {
  switch (op) {
    case ReduceOp::kSum: return "sum";
    case ReduceOp::kProd: return "prod";
    case ReduceOp::kMax: return "max";
    case ReduceOp::kMin: return "min";
  }
  return "unknown";
}

void ReduceInto(DataType type, ReduceOp op, void* acc, const void* in, size_t count) {
  switch (type) {
    case DataType::kInt8: return Fold<int8_t>(op, acc, in, count);
    case DataType::kInt16: return Fold<int16_t>(op, acc, in, count);
    case DataType::kInt32: return Fold<int32_t>(op, acc, in, count);
    case DataType::kFp16: return FoldHalf<HalfToF, FToHalf>(op, acc, in, count);
    case DataType::kFp32: return Fold<float>(op, acc, in, count);
    case DataType::kInt64: return Fold<int64_t>(op, acc, in, count);
    case DataType::kUint64: return Fold<uint64_t>(op, acc, in, count);
    case DataType::kUint8: return Fold<uint8_t>(op, acc, in, count);
    case DataType::kUint16: return Fold<uint16_t>(op, acc, in, count);
    case DataType::kUint32: return Fold<uint32_t>(op, acc, in, count);
    case DataType::kFp64: return Fold<double>(op, acc, in, count);
    case DataType::kBf16: return FoldHalf<Bf16ToF, FToBf16>(op, acc, in, count);
    case DataType::kInt128: return Fold<Int128>(op, acc, in, count);
  }
}

}  // namespace asim::hccl
