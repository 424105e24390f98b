// log.cpp: see log.h.
#include "tools/msame/log.h"

#include <cstdarg>
#include <cstdio>

namespace asim::msame {
namespace {

void Line(const char* level, const char* fmt, va_list args) {
  std::fputs(level, stdout);
  std::vfprintf(stdout, fmt, args);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

}  // namespace

#define ASIM_MSAME_LOG(name, level) \
  void name(const char* fmt, ...) { \
    va_list args;                   \
    va_start(args, fmt);            \
    Line(level, fmt, args);         \
    va_end(args);                   \
  }

ASIM_MSAME_LOG(Info, "[INFO] ")
ASIM_MSAME_LOG(Debug, "[DEBUG] ")
ASIM_MSAME_LOG(Warn, "[WARN] ")
ASIM_MSAME_LOG(Error, "[ERROR] ")

#undef ASIM_MSAME_LOG

std::string AclFailure(aclError ret) {
  std::string text = "error " + std::to_string(static_cast<int>(ret));
  const char* message = aclGetRecentErrMsg();
  if (message != nullptr && message[0] != '\0') text += std::string(": ") + message;
  return text;
}

}  // namespace asim::msame
