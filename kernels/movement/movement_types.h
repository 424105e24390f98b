// Dtype and format sets of the data-movement kernels, and the element-size dispatch they
// share: movement ops only move bytes, so they are written once per element size (1, 2, 4
// or 8 bytes) instead of once per type.
//
// Owner: the movement / shape kernel family. Thread safety: constants and pure functions.
// Failure: DispatchByElemSize returns kUnsupportedDataType for any other element size.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "base/status.h"

namespace asim::kernels {

// What an AI Core moves with MTE2/MTE3 and its vector unit: every 1/2/4/8-byte integer,
// fp16, fp32 and bool (bf16, double and complex stay on the AI CPU, as on Ascend 310/310P).
inline std::vector<DataType> AiCoreMoveTypes() {
  return {DataType::kFloat16, DataType::kFloat,  DataType::kInt8,  DataType::kUint8,
          DataType::kInt16,   DataType::kUint16, DataType::kInt32, DataType::kUint32,
          DataType::kInt64,   DataType::kUint64, DataType::kBool};
}

// Every fixed-size type a byte-moving AI CPU kernel accepts.
inline std::vector<DataType> AllMoveTypes() {
  std::vector<DataType> t = AiCoreMoveTypes();
  t.push_back(DataType::kBf16);
  t.push_back(DataType::kDouble);
  t.push_back(DataType::kComplex64);
  return t;
}

// Every numeric type (arithmetic kernels on the AI CPU: CumSum, TopK, scatter reductions).
inline std::vector<DataType> AllNumericTypes() {
  return {DataType::kFloat16, DataType::kFloat,  DataType::kBf16,  DataType::kDouble,
          DataType::kInt8,    DataType::kUint8,  DataType::kInt16, DataType::kUint16,
          DataType::kInt32,   DataType::kUint32, DataType::kInt64, DataType::kUint64};
}

inline std::vector<DataType> IndexTypes() {
  return {DataType::kInt32, DataType::kInt64};
}

// Layouts whose axes mean what ONNX says: an input in an internal format (NC1HWC0 ...) is
// converted back by the selection first (TransData), to NCHW, the plain format it produces.
inline std::vector<Format> MovementFormats() {
  return {Format::kNchw, Format::kNd,    Format::kNhwc,  Format::kNc,
          Format::kNcl,  Format::kNcdhw, Format::kNdhwc, Format::kHwcn};
}

// Calls fn(T{}) with T an unsigned integer of `elem_bytes` bytes.
template <typename Fn>
Status DispatchByElemSize(size_t elem_bytes, Fn&& fn) {
  switch (elem_bytes) {
    case 1: return fn(uint8_t{});
    case 2: return fn(uint16_t{});
    case 4: return fn(uint32_t{});
    case 8: return fn(uint64_t{});
    default:
      return Status(err::kUnsupportedDataType,
                    "no movement kernel for elements of " + std::to_string(elem_bytes) + " bytes");
  }
}

}  // namespace asim::kernels
