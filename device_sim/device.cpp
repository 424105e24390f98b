#include "device_sim/device.h"

namespace asim::sim {

TimingParams Device::TimingFromSpec(const SocSpec& spec) {
  TimingParams p;
  p.ai_core_count = spec.cores.ai_core_count;
  p.ai_cpu_count = spec.cores.ai_cpu_count;
  p.dma_channels = 1;
  p.h2d_gbps = spec.host_link.h2d_gbps;
  p.d2h_gbps = spec.host_link.d2h_gbps;
  // A device-to-device copy reads and writes device memory: half the bandwidth each way.
  p.d2d_gbps = spec.memory.bandwidth_gbps / 2.0;
  p.memset_gbps = spec.memory.bandwidth_gbps;
  p.copy_latency_us = spec.overheads.memcpy_latency_us;
  p.task_launch_us = spec.overheads.task_launch_us;
  return p;
}

Status Device::Create(uint32_t device_id, const SocSpec& spec, bool host_accessible, std::unique_ptr<Device>* out) {
  std::unique_ptr<Device> device(new Device(device_id, spec));
  ASIM_RETURN_IF_ERROR(
      DeviceMemory::Create(device_id, spec.memory.kind, spec.memory.capacity_bytes, host_accessible, &device->memory_));
  device->scheduler_ = std::make_unique<Scheduler>(device_id, TimingFromSpec(spec));
  *out = std::move(device);
  return Status::Ok();
}

Device::~Device() {
  scheduler_.reset();
}

}  // namespace asim::sim
