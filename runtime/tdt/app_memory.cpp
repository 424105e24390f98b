// Locating and copying application memory (see app_memory.h).
#include "runtime/tdt/app_memory.h"

#include <sstream>

namespace asim::tdt {
namespace {

std::shared_ptr<rt::DeviceContext> DeviceHolding(rt::Runtime& runtime, const void* ptr) {
  uint32_t count = 0;
  if (!runtime.initialized() || !runtime.GetDeviceCount(&count).ok()) return nullptr;
  for (uint32_t id = 0; id < count; ++id) {
    auto device = runtime.OpenedDevice(static_cast<int32_t>(id));
    if (device && device->memory().Contains(ptr)) return device;
  }
  return nullptr;
}

}  // namespace

Status LocateAppMemory(rt::Runtime& core, const void* ptr, size_t size, AppMemory* out) {
  out->device = ptr == nullptr ? nullptr : DeviceHolding(core, ptr);
  if (!out->device) {
    out->sim = static_cast<uint8_t*>(const_cast<void*>(ptr));
    return Status::Ok();
  }
  void* sim = nullptr;
  Status st = out->device->memory().Translate(ptr, size, &sim);
  if (!st.ok()) return Status(err::kInvalidParam, st.message());
  out->sim = static_cast<uint8_t*>(sim);
  return Status::Ok();
}

MemSide SideOf(rt::Runtime& core, const void* ptr) {
  if (ptr == nullptr) return MemSide::kUnknown;
  return DeviceHolding(core, ptr) ? MemSide::kDevice : MemSide::kHost;
}

Status TimedCopy(rt::DeviceContext& device, sim::EngineKind engine, const char* name, uint64_t bytes,
                 std::function<void()> copy) {
  sim::Scheduler& scheduler = device.scheduler();
  sim::TaskDesc desc;
  desc.kind = sim::TaskKind::kMemcpy;
  desc.engine = engine;
  desc.name = name;
  desc.bytes = bytes;
  desc.duration_ps = scheduler.CopyDuration(engine, bytes);
  desc.run = [copy = std::move(copy)]() {
    copy();
    return Status::Ok();
  };
  return scheduler.RunSync(std::move(desc));
}

}  // namespace asim::tdt
