// Application memory as runtime/tdt sees it: is a pointer host memory or memory of a
// simulated device, where the simulator reaches those bytes, and how a copy is timed.
//
// Device pointers are never dereferenced directly (in host run mode they fault): they are
// translated through the owning device's memory map, with a bounds check against the live
// allocation. Copies run as synchronous tasks on the device's scheduler, so they take
// simulated time on its DMA engines and move that device's host clock.
// Owns: nothing. Owner: runtime/tdt. Thread safety: thread-safe (Runtime and the device
// are). Failure: Status kInvalidParam for device pointers outside a live allocation; the
// copy task's status otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "base/status.h"
#include "device_sim/engine/task.h"
#include "runtime/core/objects.h"
#include "runtime/core/runtime.h"
#include "runtime/tdt/dataset.h"

namespace asim::tdt {

struct AppMemory {
  std::shared_ptr<rt::DeviceContext> device;  // nullptr: host memory
  uint8_t* sim = nullptr;                     // the bytes as the simulator reaches them
};

// Locates [ptr, ptr + size) among the devices `core` has open. Host pointers are returned
// unchanged.
Status LocateAppMemory(rt::Runtime& core, const void* ptr, size_t size, AppMemory* out);

// kDevice when ptr lies in the address range of a device `core` has open, kHost otherwise,
// kUnknown for NULL.
MemSide SideOf(rt::Runtime& core, const void* ptr);

// Runs `copy` on the calling thread as a synchronous copy task of `bytes` bytes on `engine`
// of `device`, timed on its simulated clock.
Status TimedCopy(rt::DeviceContext& device, sim::EngineKind engine, const char* name, uint64_t bytes,
                 std::function<void()> copy);

}  // namespace asim::tdt
