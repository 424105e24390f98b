// The shape every extern "C" function in runtime/api follows.
//
//   aclError aclrtFoo(args) {
//     ACL_API_BEGIN("aclrtFoo");
//     ACL_API_REQUIRE_INIT();                 // -> ACL_ERROR_UNINITIALIZE
//     ACL_API_CHECK_NOT_NULL(out);            // -> ACL_ERROR_INVALID_PARAM, names the argument
//     ACL_API_RETURN(core call returning asim::Status);
//     ACL_API_END();                          // exceptions -> BAD_ALLOC / INTERNAL_ERROR
//   }
//
// Owns: nothing; turns Status into aclError and records the message for
// aclGetRecentErrMsg. No exception crosses the C ABI, except the forced unwind of a thread
// that is ending (pthread_exit, pthread_cancel, or the Python interpreter ending a thread that
// takes the GIL in a callback while it finalizes): swallowing that one aborts the process
// ("FATAL: exception not rethrown"), so every catch-all lets it through (ASIM_RETHROW_THREAD_EXIT).
// Thread safety: stateless. Failure: see above.
#pragma once

#include <cstdint>
#include <cstring>
#if defined(__GLIBCXX__)
#include <cxxabi.h>
#endif
#include <exception>
#include <new>
#include <string>

#include "base/status.h"
#include "runtime/api/error_state.h"
#include "runtime/api/runtime_context.h"
#include "runtime/core/runtime.h"
#include "runtime/profiling/api_recorder.h"

// A catch clause, placed before catch (...), that passes a thread's forced unwind on (see above).
#if defined(__GLIBCXX__)
#define ASIM_RETHROW_THREAD_EXIT  \
  catch (abi::__forced_unwind&) { \
    throw;                        \
  }
#else
#define ASIM_RETHROW_THREAD_EXIT
#endif

namespace asim::api {

// Records a failed status for the calling thread; returns its code as an aclError.
inline int ToAclError(const char* func, const Status& status) {
  if (!status.ok()) SetRecentError(func, status.code(), status.message());
  return status.code();
}

// The value of an enum argument as the application passed it. A C caller may pass any int;
// reading the object representation (not loading it as the enum type) keeps out-of-range
// values well defined, so they reach the range checks.
template <typename E>
int32_t RawEnum(const E& value) {
  static_assert(sizeof(E) == sizeof(int32_t), "AscendCL enums are int-sized");
  int32_t raw = 0;
  std::memcpy(&raw, &value, sizeof(raw));
  return raw;
}

// Runs `body` for a function that does not return aclError: an exception becomes a recorded
// error and `fallback`.
template <typename T, typename Body>
T Guarded(const char* api, T fallback, Body&& body) {
  const prof::ApiScope prof_scope(api);  // records the call while profiling collects AscendCL API data
  try {
    return body();
  } catch (const std::bad_alloc&) {
    SetRecentError(api, err::kBadAlloc, "out of host memory");
  } catch (const std::exception& e) {
    SetRecentError(api, err::kInternalError, e.what());
  }
  ASIM_RETHROW_THREAD_EXIT
  catch (...) {
    SetRecentError(api, err::kInternalError, "unknown exception");
  }
  return fallback;
}

// Runs `body` (returning an aclError) for a function that returns aclError: an exception
// becomes ACL_ERROR_BAD_ALLOC / ACL_ERROR_INTERNAL_ERROR with the message recorded. For
// helpers shared by several exported functions (the name is the exported function's).
template <typename Body>
int GuardedError(const char* api, Body&& body) {
  const prof::ApiScope prof_scope(api);
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return ToAclError(api, Status(err::kBadAlloc, "out of host memory"));
  } catch (const std::exception& e) {
    return ToAclError(api, Status(err::kInternalError, e.what()));
  }
  ASIM_RETHROW_THREAD_EXIT
  catch (...) {
    return ToAclError(api, Status(err::kInternalError, "unknown exception"));
  }
}

// Guarded for a function that returns nothing.
template <typename Body>
void GuardedVoid(const char* api, Body&& body) {
  (void)Guarded<int>(api, 0, [&]() {
    body();
    return 0;
  });
}

}  // namespace asim::api

#define ACL_API_BEGIN(name)                            \
  const char* const kApi = (name);                     \
  const ::asim::prof::ApiScope asim_prof_scope_(kApi); \
  try {
#define ACL_API_END()                                                                                       \
  }                                                                                                         \
  catch (const std::bad_alloc&) {                                                                           \
    return ::asim::api::ToAclError(kApi, ::asim::Status(::asim::err::kBadAlloc, "out of host memory"));     \
  }                                                                                                         \
  catch (const std::exception& e) {                                                                         \
    return ::asim::api::ToAclError(kApi, ::asim::Status(::asim::err::kInternalError, e.what()));            \
  }                                                                                                         \
  ASIM_RETHROW_THREAD_EXIT                                                                                  \
  catch (...) {                                                                                             \
    return ::asim::api::ToAclError(kApi, ::asim::Status(::asim::err::kInternalError, "unknown exception")); \
  }

#define ACL_API_RETURN(expr) return ::asim::api::ToAclError(kApi, (expr))

#define ACL_API_REQUIRE_INIT()                                    \
  do {                                                            \
    ::asim::Status st_ = ::asim::api::Ctx().core().RequireInit(); \
    if (!st_.ok()) return ::asim::api::ToAclError(kApi, st_);     \
  } while (0)

#define ACL_API_CHECK_NOT_NULL(arg)                                                                   \
  do {                                                                                                \
    if ((arg) == nullptr) {                                                                           \
      return ::asim::api::ToAclError(                                                                 \
          kApi, ::asim::Status(::asim::err::kInvalidParam, std::string(#arg) + " must not be NULL")); \
    }                                                                                                 \
  } while (0)

#define ACL_API_FAIL(code, message) return ::asim::api::ToAclError(kApi, ::asim::Status((code), (message)))

// Inside ACL_API_BEGIN/END: returns the aclError of a failed Status (recording its message).
#define ACL_API_RETURN_IF_ERROR(expr)                                         \
  do {                                                                        \
    ::asim::Status acl_api_st_ = (expr);                                      \
    if (!acl_api_st_.ok()) return ::asim::api::ToAclError(kApi, acl_api_st_); \
  } while (0)
