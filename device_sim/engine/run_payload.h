// RunPayload: runs a task's functional payload so that nothing it throws leaves the task.
//
// Owns: nothing. Used by the stream workers (hw_stream.cpp) and the synchronous path
// (scheduler.cpp): a payload runs on a worker thread, where an escaping exception would end the
// process with std::terminate. Host memory running out inside a kernel (std::bad_alloc) fails
// that task with ACL_ERROR_BAD_ALLOC, like any task failure (the stream reports it at its next
// synchronisation); any other exception fails it with ACL_ERROR_INTERNAL_ERROR and its what().
// Thread safety: as the payload's. Failure: returned, never thrown.
#pragma once

#include <exception>
#include <new>
#include <string>

#include "base/status.h"
#include "device_sim/engine/task.h"

namespace asim::sim {

// Runs `f` (returning a Status) as task `name`'s payload: nothing it throws escapes.
template <typename F>
Status RunGuarded(const std::string& name, F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    try {
      return Status(err::kBadAlloc, "task '" + name + "': out of host memory");
    } catch (...) {
      return Status(err::kBadAlloc, std::string());
    }
  } catch (const std::exception& e) {
    try {
      return Status(err::kInternalError, "task '" + name + "': " + e.what());
    } catch (...) {
      return Status(err::kInternalError, std::string());
    }
  } catch (...) {
    return Status(err::kInternalError, std::string());
  }
}

inline Status RunPayload(const TaskDesc& desc) noexcept {
  if (!desc.run) return Status::Ok();
  return RunGuarded(desc.name, [&] { return desc.run(); });
}

// A clocked payload (TaskDesc::clocked_run): *end_ps is left alone unless the payload sets it.
inline Status RunClockedPayload(const TaskDesc& desc, SimPs start_ps, SimPs* end_ps) noexcept {
  if (!desc.clocked_run) return Status::Ok();
  return RunGuarded(desc.name, [&] { return desc.clocked_run(start_ps, end_ps); });
}

}  // namespace asim::sim
