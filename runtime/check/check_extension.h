// The test-support extension: how memcheck, fault injection and the CI modes join the
// runtime's lifecycle (see runtime/core/extension.h), and the switches the aclsim* functions
// flip at run time.
//
// Owns: nothing; it applies a CheckState's mode settings (timing, inline tasks) to every
// opened device. At aclInit it configures Memcheck, loads the configured faults and resets
// the tables and finding counts; when a device opens it attaches the allocation listener,
// the task fault hook, the modes and (memcheck, host run mode) the SIGSEGV diagnostics;
// when a device is released it reports, while memcheck is on, the application's objects
// still alive on it (streams, events, contexts, models, device memory) as leaks with the
// call that created each; at aclFinalize, the rest (model and tdt datasets, channels,
// pinned host memory), then clears every armed fault.
// The extension and the switches are handed the CheckState they read and update (and, to reach
// the opened devices, the core). Owner: runtime/check; the extension is registered by
// api::RuntimeContext. Thread safety: thread-safe. Failure: OnInit never fails.
#pragma once

#include <memory>

#include "runtime/config/sim_config.h"
#include "runtime/core/extension.h"

namespace asim::rt {
class Runtime;
}

namespace asim::check {

class CheckState;

// The extension of `checks`, which must outlive it (and the devices it configures).
std::shared_ptr<rt::RuntimeExtension> CheckExtension(CheckState& checks);

// aclsimSetMemcheck: turns memcheck on or off for the rest of the process (until aclInit);
// `rt`'s open devices enter the SIGSEGV diagnostics.
void SetMemcheck(CheckState& checks, const rt::Runtime& rt, bool enabled, cfg::MemcheckAction action);
// aclsimSetTimingEnabled / aclsimSetInlineExecution: every device `rt` has open, and later ones.
void SetTimingEnabled(CheckState& checks, const rt::Runtime& rt, bool enabled);
void SetInlineExecution(CheckState& checks, const rt::Runtime& rt, bool enabled);
bool timing_enabled(const CheckState& checks);
bool inline_execution(const CheckState& checks);

}  // namespace asim::check
