// Element type conversion between every numeric storage type (see cast_util.h for the
// rules): bulk fp32 <-> fp16 / bf16 paths, and one typed loop per (source, target) pair.
// Owner: elementwise family (kernels/common, shared). Thread safety: re-entrant.
// Failure: kUnsupportedDataType naming the pair.
#include "kernels/common/values/cast_util.h"

#include <cstring>
#include <type_traits>

#include "kernels/common/values/type_dispatch.h"

namespace asim::kernels {
namespace {

// Compute-type value -> the destination's compute type, with the defined edge cases.
template <class CD, class CS>
inline CD ConvertValue(CS v) {
  if constexpr (std::is_same_v<CD, bool>) {
    return v != CS(0);
  } else if constexpr (std::is_same_v<CS, bool>) {
    return static_cast<CD>(v ? 1 : 0);
  } else if constexpr (std::is_integral_v<CD> && std::is_floating_point_v<CS>) {
    return SaturateToInt<CD>(v);
  } else {
    return static_cast<CD>(v);  // int -> int wraps (C++20); to floating rounds to nearest
  }
}

template <class S, class D>
void ConvertTyped(const S* src, D* dst, int64_t n) {
  using CD = ComputeOf<D>;
  for (int64_t i = 0; i < n; ++i) dst[i] = Storage<D>::Store(ConvertValue<CD>(Storage<S>::Load(src[i])));
}

}  // namespace

bool IsConvertible(DataType type) {
  for (DataType t : DtypesOf(AllTypes{})) {
    if (t == type) return true;
  }
  return false;
}

Status ConvertElements(const void* src, DataType src_type, void* dst, DataType dst_type, int64_t n) {
  if (n <= 0) return Status::Ok();
  if (src_type == dst_type && IsConvertible(src_type)) {
    std::memcpy(dst, src, static_cast<size_t>(n) * DataTypeSize(src_type));
    return Status::Ok();
  }
  const size_t count = static_cast<size_t>(n);
  // Bulk paths (F16C where the CPU has it).
  if (src_type == DataType::kFloat && dst_type == DataType::kFloat16) {
    FloatToHalf(static_cast<const float*>(src), static_cast<uint16_t*>(dst), count);
    return Status::Ok();
  }
  if (src_type == DataType::kFloat16 && dst_type == DataType::kFloat) {
    HalfToFloat(static_cast<const uint16_t*>(src), static_cast<float*>(dst), count);
    return Status::Ok();
  }
  if (src_type == DataType::kFloat && dst_type == DataType::kBf16) {
    FloatToBf16(static_cast<const float*>(src), static_cast<uint16_t*>(dst), count);
    return Status::Ok();
  }
  if (src_type == DataType::kBf16 && dst_type == DataType::kFloat) {
    Bf16ToFloat(static_cast<const uint16_t*>(src), static_cast<float*>(dst), count);
    return Status::Ok();
  }
  Status st = Dispatch(AllTypes{}, src_type, [&](auto stag) {
    using S = typename decltype(stag)::type;
    return Dispatch(AllTypes{}, dst_type, [&](auto dtag) {
      using D = typename decltype(dtag)::type;
      ConvertTyped(static_cast<const S*>(src), static_cast<D*>(dst), n);
      return Status::Ok();
    });
  });
  if (!st.ok()) {
    return Status(err::kUnsupportedDataType,
                  std::string("no conversion from ") + DataTypeName(src_type) + " to " + DataTypeName(dst_type));
  }
  return st;
}

}  // namespace asim::kernels
