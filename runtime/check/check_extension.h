// The test-support extension: how memcheck, fault injection and the CI modes join the
// runtime's lifecycle (see runtime/core/extension.h), and the switches the aclsim* functions
// flip at run time.
//
// Owns: the process-wide mode settings (timing, inline tasks) and their application to every
// opened device. At aclInit it configures Memcheck, loads the configured faults and resets
// the tables and finding counts; when a device opens it attaches the allocation listener,
// the task fault hook, the modes and (memcheck, host run mode) the SIGSEGV diagnostics;
// when a device is released it reports, while memcheck is on, the application's objects
// still alive on it (streams, events, contexts, models, device memory) as leaks with the
// call that created each; at aclFinalize, the rest (model and tdt datasets, channels,
// pinned host memory), then clears every armed fault.
// Owner: runtime/check. Thread safety: thread-safe. Failure: OnInit never fails.
#pragma once

#include <memory>

#include "runtime/config/sim_config.h"
#include "runtime/core/extension.h"

namespace asim::check {

std::shared_ptr<rt::RuntimeExtension> CheckExtension();

// aclsimSetMemcheck: turns memcheck on or off for the rest of the process (until aclInit).
void SetMemcheck(bool enabled, cfg::MemcheckAction action);
// aclsimSetTimingEnabled / aclsimSetInlineExecution: every opened device and later ones.
void SetTimingEnabled(bool enabled);
void SetInlineExecution(bool enabled);
bool timing_enabled();
bool inline_execution();

}  // namespace asim::check
