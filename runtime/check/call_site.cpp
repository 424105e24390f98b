// Call sites (see call_site.h). Owner: runtime/check.
// Thread safety: thread_local current call; glibc's backtrace/dladdr are thread-safe.
// Failure: none.
#include "runtime/check/call_site.h"

#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace asim::check {
namespace {

thread_local ApiCall t_call;

constexpr int kMaxCapture = 48;
constexpr size_t kMaxFrames = 8;  // up to main()

// The base address of this library (or executable) in memory, to drop its own frames.
const void* OwnBase() {
  static const void* base = [] {
    Dl_info info{};
    return dladdr(reinterpret_cast<const void*>(&OwnBase), &info) != 0 ? info.dli_fbase : nullptr;
  }();
  return base;
}

std::string Hex(uintptr_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string Demangle(const char* name) {
  int status = 0;
  char* out = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  if (status != 0 || out == nullptr) return name;
  std::string s(out);
  std::free(out);
  return s;
}

}  // namespace

ApiCallScope::ApiCallScope(const char* api, void* return_address) noexcept : saved_(t_call) {
  t_call = ApiCall{api, return_address};
}

ApiCallScope::~ApiCallScope() noexcept {
  t_call = saved_;
}

ApiCall CurrentApiCall() {
  return t_call;
}

std::shared_ptr<const CallSite> CaptureCallSite(bool with_backtrace) {
  auto site = std::make_shared<CallSite>();
  site->api = t_call.api;
  site->return_address = t_call.return_address;
  if (with_backtrace) {
    void* raw[kMaxCapture];
    const int n = backtrace(raw, kMaxCapture);
    int first = -1;
    // The application's frames start at the frame the API returns to.
    for (int i = 0; i < n && site->return_address != nullptr; ++i) {
      if (raw[i] == site->return_address) {
        first = i;
        break;
      }
    }
    if (first < 0) {  // no API scope (or a tail call): drop this library's leading frames
      first = 0;
      Dl_info info{};
      while (first < n && dladdr(raw[first], &info) != 0 && info.dli_fbase == OwnBase()) ++first;
    }
    for (int i = first; i < n && site->frames.size() < kMaxFrames; ++i) {
      site->frames.push_back(raw[i]);
      Dl_info info{};
      if (dladdr(raw[i], &info) != 0 && info.dli_sname != nullptr && std::strcmp(info.dli_sname, "main") == 0) break;
    }
  }
  return site;
}

std::string SymbolizeAddress(const void* address) {
  if (address == nullptr) return "(unknown)";
  Dl_info info{};
  if (dladdr(address, &info) == 0 || info.dli_fname == nullptr) return Hex(reinterpret_cast<uintptr_t>(address));
  const uintptr_t a = reinterpret_cast<uintptr_t>(address);
  std::string file = std::string(info.dli_fname) + "+" + Hex(a - reinterpret_cast<uintptr_t>(info.dli_fbase));
  if (info.dli_sname == nullptr) return file;
  return Demangle(info.dli_sname) + "+" + Hex(a - reinterpret_cast<uintptr_t>(info.dli_saddr)) + " (" + file + ")";
}

std::string DescribeCallSite(const CallSite* site, const std::string& indent) {
  if (site == nullptr) return "(call site not recorded)";
  std::string s = std::string(site->api != nullptr ? site->api : "(internal)");
  if (site->return_address != nullptr) s += " called at " + SymbolizeAddress(site->return_address);
  const size_t first = !site->frames.empty() && site->frames[0] == site->return_address ? 1 : 0;
  for (size_t i = first; i < site->frames.size(); ++i) {
    s += "\n" + indent + "#" + std::to_string(i) + " " + SymbolizeAddress(site->frames[i]);
  }
  return s;
}

}  // namespace asim::check
