// The AscendCL numbers runtime/tdt needs beyond base/status.h: the acltdt tensor
// types, the queue error codes and the queue limits.
//
// Owns: these mirrors only. They are declared here independently (nothing below
// runtime/api includes acl/); runtime/api/acl_tdt*.cpp static_assert that they equal the
// public header values. Owner: runtime/tdt.
// Thread safety: constants. Failure: none.
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"

namespace asim::tdt {

// acltdtTensorType (acl_tdt.h).
enum class TensorType : int32_t {
  kUndefined = -1,
  kTensor = 0,
  kEndOfSequence = 1,
  kAbnormal = 2,
  kSliceTensor = 3,
  kEndTensor = 4,
};

// True for the five types an item may have (kUndefined is not one of them).
constexpr bool IsItemType(int32_t value) {
  return value >= 0 && value <= 4;
}

// "ACL_TENSOR_DATA_TENSOR" ...; "unknown" for other values.
const char* TensorTypeName(int32_t value);

// asim::tdt::err adds to asim::err (so err::kInvalidParam still resolves inside tdt).
namespace err {
using namespace ::asim::err;                        // NOLINT(google-build-using-namespace)
inline constexpr int32_t kInvalidQueueId = 100032;  // ACL_ERROR_INVALID_QUEUE_ID
inline constexpr int32_t kRtQueueEmpty = 207013;    // ACL_ERROR_RT_QUEUE_EMPTY
inline constexpr int32_t kRtQueueFull = 207014;     // ACL_ERROR_RT_QUEUE_FULL
}  // namespace err

// Limits of the real runtime (rt_mem_queue.h, acltdtCreateChannelWithCapacity docs).
inline constexpr size_t kMaxNameLength = 127;               // RT_MQ_MAX_NAME_LEN 128 including the NUL
inline constexpr size_t kMinDepth = 2;                      // RT_MQ_DEPTH_MIN
inline constexpr size_t kMaxDepth = 8192;                   // documented capacity range [2, 8192]
inline constexpr size_t kDefaultChannelCapacity = 128;      // acltdtCreateChannel (our choice)
inline constexpr uint32_t kDefaultQueueDepth = 8;           // RT_MQ_DEPTH_DEFAULT
inline constexpr size_t kMaxDims = 128;                     // ACL_MAX_DIM_CNT
inline constexpr size_t kUserDataSize = 96;                 // private data area of a queue buffer
inline constexpr size_t kMaxChain = 128;                    // buffers in one chain
inline constexpr uint64_t kMaxBufSize = uint64_t{4} << 30;  // acltdtAllocBuf: at most 4 GiB

}  // namespace asim::tdt
