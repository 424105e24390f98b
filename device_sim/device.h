// sim::Device: one simulated Ascend chip — its SoC spec, its memory and its scheduler.
//
// Owns: the DeviceMemory (device address space) and the Scheduler (streams, events,
// simulated clock, observers), both built from the SocSpec. Created when the runtime opens
// a device, destroyed when it is reset; destruction stops every stream first.
// Thread safety: the accessors are thread-safe; see DeviceMemory and Scheduler.
// Failure: Create fails when the address space cannot be reserved (kRtMemoryAllocation).
#pragma once

#include <memory>

#include "device_sim/engine/scheduler.h"
#include "device_sim/memory/device_memory.h"
#include "device_sim/soc/soc_spec.h"

namespace asim::sim {

class Device {
 public:
  // host_accessible: device run mode (the host may dereference device pointers).
  static Status Create(uint32_t device_id, const SocSpec& spec, bool host_accessible, std::unique_ptr<Device>* out);
  ~Device();

  uint32_t id() const { return id_; }
  const SocSpec& spec() const { return spec_; }
  DeviceMemory& memory() { return *memory_; }
  Scheduler& scheduler() { return *scheduler_; }

  // The timing numbers the scheduler uses, derived from a spec.
  static TimingParams TimingFromSpec(const SocSpec& spec);

 private:
  Device(uint32_t id, SocSpec spec) : id_(id), spec_(std::move(spec)) {}

  const uint32_t id_;
  const SocSpec spec_;
  std::unique_ptr<DeviceMemory> memory_;
  std::unique_ptr<Scheduler> scheduler_;  // destroyed before memory_ (declared after)
};

}  // namespace asim::sim
