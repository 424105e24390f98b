// Per-thread (or per-process, acl.json err_msg_mode "1") record of the most recent error,
// read back by aclGetRecentErrMsg.
//
// Owns: the message store. Every extern "C" shim that fails calls SetRecentError.
// Thread safety: thread-safe. Failure: never fails (drops the message on allocation failure).
#pragma once

#include <cstdint>
#include <string>

namespace asim::api {

// Records `message` for aclGetRecentErrMsg and logs it at error level, tagged with `func`.
void SetRecentError(const char* func, int32_t code, const std::string& message);

// For functions declared but not implemented: records "<func> is not supported by the
// simulated device" and logs it. Callers return ACL_ERROR_API_NOT_SUPPORT (or NULL/0).
void ReportNotSupported(const char* func);

// Returns the stored message for the calling thread (or process) and clears it (a second
// call returns nullptr until the next error), or nullptr when none. The text stays valid
// until the calling thread's next call.
const char* RecentError();

// err_msg_mode: false = per thread (default), true = per process.
void SetProcessWideErrors(bool process_wide);

}  // namespace asim::api
