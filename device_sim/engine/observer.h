// TaskObserver: how dump and profiling learn what the simulated device did.
//
// Owns: the interface only. Observers are registered on a Device and called on the thread
// that executes the task (a stream worker, or the caller for synchronous copies):
// OnTaskBegin before the payload runs, OnTaskEnd after it, before the stream moves on, so
// an observer may read the task's buffers while they are still valid. The two records carry
// the same times, except for a clocked collective (TaskDesc::clocked_run), whose end is known
// only in OnTaskEnd's record.
// ReadsTensors says whether the observer may read a task's tensors (the dump does while it
// is configured): while none does, the runtime may leave an intermediate tensor that no task
// reads unwritten (runtime/model/loaded_model.h, plain sources). The default is the safe
// answer, yes.
// Thread safety: implementations must be thread-safe (several streams run concurrently).
// Failure: observers must not throw and cannot fail a task; they log their own errors.
#pragma once

#include "device_sim/engine/task.h"

namespace asim::sim {

class TaskObserver {
 public:
  virtual ~TaskObserver() = default;
  virtual void OnTaskBegin(const TaskRecord& /*record*/) {}
  virtual void OnTaskEnd(const TaskRecord& /*record*/, const Status& /*result*/) {}
  virtual bool ReadsTensors() const { return true; }
};

}  // namespace asim::sim
