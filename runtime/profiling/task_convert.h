// From the simulator's and the executor's records to the profiling data model.
//
// Owns: the mapping of a sim::TaskRecord (and, for model kernels, its KernelTaskInfo with
// the cost estimate) to a profdata::DeviceTask; of a SocSpec to a profdata::ChipInfo; and
// the explanation of why an op runs on AI CPU (asked of the kernel registry: the AI Core
// candidates of the op type and their refusals for the task's inputs on this chip).
// Thread safety: ConvertTask and ChipInfoOf are pure; AiCpuReason caches per op signature
// under a mutex. Failure: none (unknown infos leave the op fields empty).
#pragma once

#include <cstdint>
#include <string>

#include "device_sim/engine/task.h"
#include "device_sim/soc/soc_spec.h"
#include "profdata/records.h"

namespace asim::prof {

profdata::ChipInfo ChipInfoOf(const sim::SocSpec& spec, uint64_t sim_zero_wall_ns);

// `spec` gives the chip for the AI CPU reason (may be nullptr: no reason).
profdata::DeviceTask ConvertTask(const sim::TaskRecord& record, bool ok, const sim::SocSpec* spec);

// "DT_FLOAT16" -> "FLOAT16".
std::string DtypeText(const char* dt_name);

}  // namespace asim::prof
