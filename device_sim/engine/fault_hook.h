// TaskFaultHook: lets a client make chosen stream tasks fail instead of running (fault
// injection for testing applications' error paths).
//
// Owns: the interface only. The Scheduler asks the hook about every task submitted to a
// stream (not synchronous work), in submission order, under its timing lock. A non-OK
// answer is the task's result: its payload does not run, the Status becomes the stream's
// sticky error and observers see the task end with it, exactly like a payload failure.
// Owner: device_sim/engine. Thread safety: implementations must be thread-safe and must not
// call back into the Scheduler. Failure: a hook cannot fail; it must not throw.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "device_sim/engine/task.h"

namespace asim::sim {

class HwStream;

class TaskFaultHook {
 public:
  virtual ~TaskFaultHook() = default;
  // `stream` is the stream the task goes to; Ok leaves the task alone.
  virtual Status OnSubmit(const HwStream& stream, const TaskDesc& desc) = 0;
};

}  // namespace asim::sim
