// CheckState: the whole state of the testing support — memcheck's switch, findings and
// tables, the armed faults, the SIGSEGV diagnostics' tables and the CI modes — as one object.
//
// Owns: the Memcheck, the Faults, the AllocTable (shared with the DeviceMemory listeners it
// is installed on), the ObjectTable, the PendingWrites, the SegvReport and the mode switches
// (timing, inline tasks, whether the application runs on the host). Nothing in runtime/check
// keeps state of its own elsewhere: the functions of api_hooks.h and check_extension.h are
// handed a CheckState (and the core, when they need devices or the current context).
// Owner: api::RuntimeContext (one per process, Ctx().checks()); unit tests make their own.
// The one process-level exception is the SIGSEGV handler, which reads the RuntimeContext's
// SegvReport through SegvReport::SetProcessReport (segv_report.h).
// Thread safety: every member is thread-safe. Failure: none.
#pragma once

#include <atomic>
#include <memory>

#include "runtime/check/alloc_table.h"
#include "runtime/check/faults.h"
#include "runtime/check/memcheck.h"
#include "runtime/check/object_table.h"
#include "runtime/check/pending_writes.h"
#include "runtime/check/segv_report.h"

namespace asim::check {

class CheckState {
 public:
  // The CI modes, applied to every device when it opens (check_extension.h).
  struct Modes {
    std::atomic<bool> timing{true};
    std::atomic<bool> inline_tasks{false};
    std::atomic<bool> host_run_mode{true};  // memcheck's SIGSEGV diagnostics: host run mode only
  };

  CheckState() : objects_(memcheck_), allocs_(std::make_shared<AllocTable>(memcheck_, segv_)) {}
  CheckState(const CheckState&) = delete;
  CheckState& operator=(const CheckState&) = delete;

  Memcheck& memcheck() { return memcheck_; }
  const Memcheck& memcheck() const { return memcheck_; }
  Faults& faults() { return faults_; }
  AllocTable& allocs() { return *allocs_; }
  std::shared_ptr<AllocTable> alloc_listener() { return allocs_; }  // for DeviceMemory::SetListener
  ObjectTable& objects() { return objects_; }
  PendingWrites& pending() { return pending_; }
  SegvReport& segv() { return segv_; }
  Modes& modes() { return modes_; }
  const Modes& modes() const { return modes_; }

 private:
  Memcheck memcheck_;
  SegvReport segv_;
  Faults faults_;
  ObjectTable objects_;
  PendingWrites pending_;
  Modes modes_;
  std::shared_ptr<AllocTable> allocs_;  // after memcheck_ and segv_, which it reads (as objects_ memcheck_)
};

}  // namespace asim::check
