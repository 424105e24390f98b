// AllocationListener: how a client learns of every allocation and free of a DeviceMemory.
//
// Owns: the interface only. The runtime's memcheck (runtime/check) attaches one per device to
// remember who allocated each block (call sites) and which blocks were freed, whatever made
// the allocation (aclrtMalloc, a model load, a tdt channel). Owner: device_sim/memory.
// Thread safety: DeviceMemory calls the listener with its own lock held, in the order the
// allocations and frees happened; implementations must be thread-safe, quick, and must not
// call back into the DeviceMemory. Failure: listeners cannot fail an allocation; they must
// not throw.
#pragma once

#include <cstdint>

#include "device_sim/memory/allocation_info.h"

namespace asim::sim {

class AllocationListener {
 public:
  virtual ~AllocationListener() = default;
  virtual void OnAllocated(uint32_t device_id, const AllocationInfo& info) = 0;
  virtual void OnFreed(uint32_t device_id, const AllocationInfo& info) = 0;
};

}  // namespace asim::sim
