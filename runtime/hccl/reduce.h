// Element types and reductions of the simulated HCCL: sizes of the HcclDataType values and the
// element-wise reduction a collective applies on the ranks' buffers.
//
// Rule (docs/hccl.md): a reduction folds the ranks' buffers in rank order, acc = acc op x,
// rounding to the element type after every step (fp16 and bf16 go through float; integers
// wrap modulo 2^bits). Every rank computes the same bits, and a host reference that folds in
// rank order gets them too.
// Owns: nothing. Thread safety: pure functions. Failure: none (callers validate the type).
#pragma once

#include <cstddef>
#include <cstdint>

namespace asim::hccl {

// Numeric values of HcclDataType / HcclReduceOp (hccl_types.h; the API static_asserts them).
enum class DataType : int32_t {
  kInt8 = 0,
  kInt16 = 1,
  kInt32 = 2,
  kFp16 = 3,
  kFp32 = 4,
  kInt64 = 5,
  kUint64 = 6,
  kUint8 = 7,
  kUint16 = 8,
  kUint32 = 9,
  kFp64 = 10,
  kBf16 = 11,
  kInt128 = 12,
};
enum class ReduceOp : int32_t { kSum = 0, kProd = 1, kMax = 2, kMin = 3 };

bool ValidDataType(int32_t type);
bool ValidReduceOp(int32_t op);
size_t ElementSize(DataType type);  // bytes
const char* DataTypeName(DataType type);
// The element type as profiling's op_summary spells it: "FLOAT16", "FLOAT", "BF16", "INT8" ...
const char* ProfDataTypeName(DataType type);
const char* ReduceOpName(ReduceOp op);

// acc[i] = acc[i] op in[i] for i < count.
void ReduceInto(DataType type, ReduceOp op, void* acc, const void* in, size_t count);

}  // namespace asim::hccl
