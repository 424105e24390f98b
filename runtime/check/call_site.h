// Call sites: which application call into AscendCL is running on this thread, and where in
// the application it came from.
//
// Owns: the per-thread "current API call" (set by the runtime/api shims with ApiCallScope:
// the function's name and __builtin_return_address(0), i.e. the instruction after the
// application's call), the capture of a CallSite (that, plus the application's backtrace with
// the library's own frames removed) and its rendering for memcheck reports. Symbols come from
// dladdr / backtrace_symbols: functions of an executable are named only when it was linked
// with -rdynamic; otherwise the report gives "file+0xoffset" for addr2line.
// Owner: runtime/check. Thread safety: ApiCallScope is per thread; the functions are
// reentrant. Failure: none; an unknown address prints as its hex value.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace asim::check {

struct ApiCall {
  const char* api = nullptr;  // a string literal ("aclrtMalloc"); nullptr outside any call
  void* return_address = nullptr;
};

// Marks the calling thread as inside `api`, called from `return_address`, until destroyed.
// Nested scopes (an API called from a callback inside an API) restore the outer one.
class ApiCallScope {
 public:
  ApiCallScope(const char* api, void* return_address) noexcept;
  ~ApiCallScope() noexcept;
  ApiCallScope(const ApiCallScope&) = delete;
  ApiCallScope& operator=(const ApiCallScope&) = delete;

 private:
  ApiCall saved_;
};

ApiCall CurrentApiCall();

struct CallSite {
  const char* api = nullptr;
  void* return_address = nullptr;
  std::vector<void*> frames;  // application frames, innermost first, up to main (empty: not captured)
};

// The current API call, with the application's backtrace when `with_backtrace`.
std::shared_ptr<const CallSite> CaptureCallSite(bool with_backtrace);

// "aclrtMalloc at main+0x42 (/path/app+0x1234)" and, when captured, one line per frame
// ("#1 run_test+0x18 (/path/app+0x1400)"), each line but the first prefixed with `indent`.
// nullptr gives "(call site not recorded)".
std::string DescribeCallSite(const CallSite* site, const std::string& indent);

// "main+0x42 (/path/app+0x1234)", "/path/lib.so+0x99" or "0x7f...".
std::string SymbolizeAddress(const void* address);

}  // namespace asim::check
