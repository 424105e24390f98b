// Helpers of the runtime/check unit tests: a fake device whose allocations go through the
// AllocTable the way DeviceMemory's listener feeds it, and a memcheck switch that restores
// the previous state. Owner: runtime/check tests. Thread safety: single-threaded tests.
#pragma once

#include <cstdint>
#include <string>

#include "device_sim/memory/allocation_info.h"
#include "runtime/check/alloc_table.h"
#include "runtime/check/memcheck.h"

namespace asim::check::testing_util {

inline constexpr uint64_t kBase = 0x12c000000000ull;
inline constexpr uint64_t kCapacity = uint64_t{1} << 30;

// Device 0 at kBase; Allocate hands out blocks the way the listener reports them.
class FakeDevice {
 public:
  FakeDevice() {
    AllocTable::Get().Clear();
    AllocTable::Get().AddDeviceRange(0, kBase, kCapacity);
  }
  ~FakeDevice() { AllocTable::Get().Clear(); }
  void* Allocate(uint64_t size, const std::string& origin = "aclrtMalloc(size=?)") {
    sim::AllocationInfo info;
    info.addr = next_;
    info.requested = size;
    info.reserved = (size + 63) / 64 * 64;
    info.serial = serial_++;
    info.origin = origin;
    next_ += info.reserved + 64;
    AllocTable::Get().OnAllocated(0, info);
    return reinterpret_cast<void*>(info.addr);
  }
  void Free(void* p) {
    auto r = AllocTable::Get().FindLive(reinterpret_cast<uint64_t>(p));
    if (!r) return;
    sim::AllocationInfo info;
    info.addr = r->addr;
    info.requested = r->size;
    info.reserved = r->reserved;
    info.serial = r->serial;
    info.origin = r->origin;
    AllocTable::Get().OnFreed(0, info);
  }

 private:
  uint64_t next_ = kBase;
  uint64_t serial_ = 1;
};

// Turns memcheck on (error mode) for a test and resets the findings.
class MemcheckOn {
 public:
  explicit MemcheckOn(cfg::MemcheckAction action = cfg::MemcheckAction::kError) {
    Memcheck::Get().Configure(true, action);
    Memcheck::Get().ResetFindings();
  }
  ~MemcheckOn() { Memcheck::Get().Configure(false, cfg::MemcheckAction::kError); }
};

}  // namespace asim::check::testing_util
