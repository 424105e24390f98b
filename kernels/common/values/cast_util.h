// Element type conversion between every numeric storage type (fp32, fp16, bf16, double,
// int8..int64, uint8..uint64, bool), shared by Cast / CastLike and by kernels that need an
// input in another type (Pow's exponent).
//
// Rules (ONNX Cast, with the cases ONNX leaves open defined here):
//   float -> integer: truncate toward zero; NaN -> 0; beyond the range -> saturate to the
//     integer type's min / max (C++ would be undefined; ONNX says "undefined").
//   integer -> narrower integer: two's complement wrap (C-style).
//   anything -> bool: non-zero (NaN included) -> true. bool -> number: 0 / 1.
//   -> fp16 / bf16: round to nearest even, overflow -> inf (from double via float).
// Owns: nothing. Thread safety: re-entrant. Failure: kUnsupportedDataType naming the pair
// when either type is not one of the above.
#pragma once

#include <cstdint>

#include "base/dtype.h"
#include "base/status.h"

namespace asim::kernels {

// Converts `n` elements from `src` (of `src_type`) into `dst` (of `dst_type`).
// `src` and `dst` must not overlap. Single-threaded; callers split large buffers.
Status ConvertElements(const void* src, DataType src_type, void* dst, DataType dst_type, int64_t n);

// True when ConvertElements supports `type`.
bool IsConvertible(DataType type);

}  // namespace asim::kernels
