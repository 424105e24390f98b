// How a runtime/api shim takes part in the testing support (runtime/check): memcheck's call
// sites, fault injection and call checks.
//
//   aclError aclrtFoo(args) {
//     ACL_API_BEGIN("aclrtFoo");
//     ACLSIM_SCOPE();                          // this call, from the application's return address
//     ACL_API_REQUIRE_INIT();
//     ACL_API_RETURN_IF_ERROR(::asim::check::BeforeX(...));  // an injected fault or a memcheck finding
//     ...
//   }
//
// Owns: nothing. Thread safety: the scope is per thread. Failure: a hook's failed Status becomes the
// shim's aclError through ACL_API_RETURN_IF_ERROR (recorded for aclGetRecentErrMsg).
#pragma once

#include "runtime/api/api_guard.h"
#include "runtime/check/api_hooks.h"
#include "runtime/check/call_site.h"

// The instruction the exported function returns to: the application's call site.
#define ACLSIM_SCOPE_NAMED(name) \
  const ::asim::check::ApiCallScope aclsim_scope_((name), __builtin_extract_return_addr(__builtin_return_address(0)))
#define ACLSIM_SCOPE() ACLSIM_SCOPE_NAMED(kApi)
