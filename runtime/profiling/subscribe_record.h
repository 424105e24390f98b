// The op record a model subscription (aclprofModelSubscribe) writes to the subscriber's
// pipe, and its decoding for aclprofGetOp*.
//
// Owns: the record layout (ours; opaque to applications, which decode it only through
// aclprofGetOpDescSize / GetOpNum / GetOpType / ...): fixed size, one per executed op,
// written with one write(2) (smaller than PIPE_BUF, so records of several streams never
// interleave). Times are simulated nanoseconds.
// Thread safety: plain data and pure functions. Failure: Decode returns kInvalidParam with
// what is wrong (NULL buffer, length not a multiple of the record size, index out of
// range, not a record).
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"

namespace asim::prof {

inline constexpr uint32_t kOpRecordMagic = 0x5250534f;  // "OSPR"
inline constexpr size_t kOpTypeLen = 65;                // ACL_PROF_MAX_OP_TYPE_LEN
inline constexpr size_t kOpNameLen = 257;               // ACL_PROF_MAX_OP_NAME_LEN
inline constexpr uint32_t kSubscribeOpFlag = 0;         // ACL_SUBSCRIBE_OP

struct OpRecord {
  uint32_t magic = kOpRecordMagic;
  uint32_t model_id = 0;
  uint32_t flag = kSubscribeOpFlag;
  uint32_t device_id = 0;
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint64_t duration_ns = 0;
  char thread_id[24] = {};  // the host thread that ran the op's kernel, as text
  char op_type[kOpTypeLen] = {};
  char op_name[kOpNameLen] = {};
  char reserved[6] = {};
};
static_assert(sizeof(OpRecord) == 392, "the op record has a fixed size");

// The number of records in a buffer the application read (`length` bytes).
Status CountOpRecords(const void* info, size_t length, uint32_t* count);
// A copy of record `index` of the buffer (which need not be aligned), validated; `where`
// (optional) receives the record's address in the buffer.
Status OpRecordAt(const void* info, size_t length, uint32_t index, OpRecord* record, const char** where);

}  // namespace asim::prof
