// msame's console lines, in the real tool's format: "[INFO] ...", "[DEBUG] ...", "[WARN] ..."
// and "[ERROR] ...", one line each, all on stdout (as the real msame prints them, so the
// order of info and error lines is the order of events), flushed at once.
// AclFailure(ret) renders a failed AscendCL call's code and aclGetRecentErrMsg for an
// "[ERROR]" line.
// Owner: tools/msame. Thread safety: stdio's (each line is one fprintf). No failure modes.
#pragma once

#include <string>

#include "acl/acl.h"

namespace asim::msame {

[[gnu::format(printf, 1, 2)]] void Info(const char* fmt, ...);
[[gnu::format(printf, 1, 2)]] void Debug(const char* fmt, ...);
[[gnu::format(printf, 1, 2)]] void Warn(const char* fmt, ...);
[[gnu::format(printf, 1, 2)]] void Error(const char* fmt, ...);

// "error <code>: <aclGetRecentErrMsg()>" ("error <code>" when there is no message).
std::string AclFailure(aclError ret);

}  // namespace asim::msame
