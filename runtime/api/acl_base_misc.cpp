// acl_base.h: application log and SoC name.
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>

#include "acl/acl_base.h"
#include "runtime/api/api_guard.h"
#include "runtime/base/log.h"

extern "C" {

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
  if (fmt == nullptr) return;
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  const char* base = file == nullptr ? "" : file;
  for (const char* p = base; *p != '\0'; ++p) {
    if (*p == '/') base = p + 1;
  }
  auto& logger = asim::log::Logger();
  const char* fn = func == nullptr ? "" : func;
  switch (logLevel) {
    case ACL_DEBUG: logger.debug("[APP] {}:{} {}: {}", base, line, fn, buffer); break;
    case ACL_INFO: logger.info("[APP] {}:{} {}: {}", base, line, fn, buffer); break;
    case ACL_WARNING: logger.warn("[APP] {}:{} {}: {}", base, line, fn, buffer); break;
    default: logger.error("[APP] {}:{} {}: {}", base, line, fn, buffer); break;
  }
}

const char* aclrtGetSocName() {
  return asim::api::Guarded<const char*>("aclrtGetSocName", nullptr, [&]() -> const char* {
    // Stable storage for the returned pointer; the name only changes across aclInit calls.
    static std::mutex mutex;
    static std::string name;
    if (!asim::rt::Runtime::Get().initialized()) {
      asim::api::SetRecentError("aclrtGetSocName", asim::err::kUninitialize,
                                "AscendCL is not initialized: call aclInit first");
      return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex);
    name = asim::rt::Runtime::Get().soc_name();
    return name.c_str();
  });
}

}  // extern "C"
