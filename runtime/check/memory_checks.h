// Memory checks: memcheck's detectors for one API call's pointers, run by the runtime/api
// shims before the call does anything (only while memcheck is on).
//
// Owns: the decision and the wording of the call-level findings:
//   out-of-bounds       a range that leaves its allocation (the size the application asked
//                       for, stricter than the padded block the runtime reserves), or a
//                       device address no allocation holds (named relative to the nearest
//                       allocation below it); pinned host ranges are checked the same way;
//   use-after-free      a device address inside a freed allocation;
//   double free         aclrtFree / aclrtFreeHost of an allocation already freed;
//   invalid free        a pointer that is not the start of a live allocation;
//   mismatched free     aclrtFree of aclrtMallocHost memory, aclrtFreeHost of device memory;
//   copy kind mismatch  an aclrtMemcpyKind that contradicts where dst / src are;
//   unsynchronized read a synchronous read (aclrtMemcpy / Memcpy2d source, aclmdlExecute
//                       input) of memory an asynchronous task may still be writing, or an
//                       asynchronous read on one stream of memory another stream writes
//                       without an event wait in between (see pending_writes.h).
// Each report names the call with its arguments, the range, the allocation (number, range,
// size, origin, the call that allocated it and, when freed, the call that freed it) and the
// offending call's location. Owner: runtime/check. Thread safety: thread-safe.
// Failure: a finding is reported through the CheckState's Memcheck::Report and its Status returned
// (ACL_ERROR_INVALID_PARAM); Ok when the call is clean (it may still fail its own checks).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/status.h"

namespace asim::check {

struct CopyCall {
  const char* api = "";
  const void* dst = nullptr;
  const void* src = nullptr;
  size_t dst_span = 0;     // bytes written at dst (count, or the 2D span)
  size_t src_span = 0;     // bytes read at src
  int32_t kind = 0;        // aclrtMemcpyKind value
  std::string args;        // the call as printed: "aclrtMemcpy(dst=0x.., destMax=.., ...)"
  bool args_valid = true;  // false (count > destMax ...): the call's own checks report it
};

const char* MemcpyKindName(int32_t kind);

class CheckState;

// Each check reads `checks`' tables and reports through its Memcheck.
// `stream`: the runtime stream an asynchronous call goes to (nullptr: synchronous call).
Status CheckCopy(CheckState& checks, const CopyCall& call, const void* stream);
Status CheckMemset(CheckState& checks, const std::string& call, const void* ptr, size_t count);
// host_api: aclrtFreeHost (true) or aclrtFree (false).
Status CheckFree(CheckState& checks, const std::string& call, const void* ptr, bool host_api);
// A model dataset buffer: `what` "input 0 of model 3"; `read` for inputs; `stream` as above.
Status CheckModelBuffer(CheckState& checks, const std::string& call, const std::string& what, const void* data,
                        size_t size, bool read, const void* stream);

// "0x12c000000000" / "NULL".
std::string PtrText(const void* p);

}  // namespace asim::check
