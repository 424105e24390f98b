// Timing-only execution: whether the model executor computes kernels (the default) or only
// places their tasks on the simulated timeline ("sim": {"compute": "off"} in acl.json,
// ASCEND_SIM_COMPUTE=off). Off answers "how fast would this model run on that chip?" in a
// fraction of the host time: every task still goes through the cost model, events,
// profiling and op_summary as usual, but kernel outputs are left as they are. Kernels whose
// output dims come from their values (NonZero, Unique, If, Loop, a Reshape to a computed
// shape ...) still compute, so that the executor knows the dims, and so do the nodes that
// compute the values deciding them (a Shape -> Gather -> Concat chain, TopK's k):
// LoadedModel::PlanComputeWhenOff. A data-dependent kernel's data input (NonZero's) is not
// traced back: it computes on whatever values that input holds.
// Dump needs computed tensors and refuses to start while compute is off.
//
// Owns: the process-wide switch. Owner: runtime/model (set by aclInit through the model
// extension). Thread safety: an atomic; changes apply to nodes started after them.
// Failure: none.
#pragma once

namespace asim::model {

bool ComputeEnabled();
void SetComputeEnabled(bool enabled);

}  // namespace asim::model
