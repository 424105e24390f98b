// acl_base.h: application log and SoC name.
#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "acl/acl_base.h"
#include "base/log.h"
#include "runtime/api/api_guard.h"

extern "C" {

void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
  // The variadic arguments can only be read in this frame: va_start before the guard, which
  // formats inside it.
  va_list args;
  va_start(args, fmt);
  asim::api::GuardedVoid("aclAppLog", [&]() {
    if (fmt == nullptr) return;
    char buffer[1024];
    std::vsnprintf(buffer, sizeof(buffer), fmt, args);
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
  });
  va_end(args);
}

const char* aclrtGetSocName() {
  return asim::api::Guarded<const char*>("aclrtGetSocName", nullptr, [&]() -> const char* {
    // Answered before aclInit too (the SoC the simulated driver reports: the defaults and the
    // ASCEND_SIM_* environment). Each distinct name is kept for the life of the process, so a
    // pointer returned earlier stays valid when a later aclInit picks another SoC.
    static std::mutex mutex;
    static auto* names = new std::set<std::string>();
    asim::rt::Runtime::Platform platform;
    asim::Status st = asim::api::Ctx().core().GetPlatform(&platform);
    if (!st.ok()) {
      asim::api::SetRecentError("aclrtGetSocName", st.code(), st.message());
      return nullptr;
    }
    std::lock_guard<std::mutex> lock(mutex);
    return names->insert(platform.soc_name).first->c_str();
  });
}

}  // extern "C"
