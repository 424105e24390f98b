// Profiling error codes (acl_base.h values) that base does not carry.
//
// Owns: the numbers only; runtime/api/acl_prof.cpp static_asserts they equal the public
// header's constants. Thread safety: constants. Failure: none.
#pragma once

#include <cstdint>

namespace asim::prof::err {

inline constexpr int32_t kProfAlreadyRun = 100042;          // ACL_ERROR_PROF_ALREADY_RUN
inline constexpr int32_t kProfNotRun = 100043;              // ACL_ERROR_PROF_NOT_RUN
inline constexpr int32_t kProfRepeatSubscribe = 148046;     // ACL_ERROR_PROF_REPEAT_SUBSCRIBE
inline constexpr int32_t kProfApiConflict = 148047;         // ACL_ERROR_PROF_API_CONFLICT
inline constexpr int32_t kProfModulesUnsupported = 200007;  // ACL_ERROR_PROF_MODULES_UNSUPPORTED
inline constexpr int32_t kProfilingFailure = 500005;        // ACL_ERROR_PROFILING_FAILURE

}  // namespace asim::prof::err
