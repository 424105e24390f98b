// Helpers of the runtime/check unit tests: a fake device whose allocations go through an
// AllocTable (a test's own CheckState's) the way DeviceMemory's listener feeds it, and a
// memcheck switch that turns it off again. Owner: runtime/check tests. Thread safety: single-threaded tests.
#pragma once

#include <cstdint>
#include <string>

#include "device_sim/memory/allocation_info.h"
#include "runtime/check/check_state.h"

namespace asim::check::testing_util {

inline constexpr uint64_t kBase = 0x12c000000000ull;
inline constexpr uint64_t kCapacity = uint64_t{1} << 30;

// Device 0 at kBase in `table`; Allocate hands out blocks the way the listener reports them.
class FakeDevice {
 public:
  explicit FakeDevice(AllocTable& table) : table_(table) {
    table_.Clear();
    table_.AddDeviceRange(0, kBase, kCapacity);
  }
  ~FakeDevice() { table_.Clear(); }
  void* Allocate(uint64_t size, const std::string& origin = "aclrtMalloc(size=?)") {
    sim::AllocationInfo info;
    info.addr = next_;
    info.requested = size;
    info.reserved = (size + 63) / 64 * 64;
    info.serial = serial_++;
    info.origin = origin;
    next_ += info.reserved + 64;
    table_.OnAllocated(0, info);
    return reinterpret_cast<void*>(info.addr);
  }
  void Free(void* p) {
    auto r = table_.FindLive(reinterpret_cast<uint64_t>(p));
    if (!r) return;
    sim::AllocationInfo info;
    info.addr = r->addr;
    info.requested = r->size;
    info.reserved = r->reserved;
    info.serial = r->serial;
    info.origin = r->origin;
    table_.OnFreed(0, info);
  }

 private:
  AllocTable& table_;
  uint64_t next_ = kBase;
  uint64_t serial_ = 1;
};

// Turns memcheck on (error mode) for a test and resets the findings.
class MemcheckOn {
 public:
  explicit MemcheckOn(Memcheck& memcheck, cfg::MemcheckAction action = cfg::MemcheckAction::kError)
      : memcheck_(memcheck) {
    memcheck_.Configure(true, action);
    memcheck_.ResetFindings();
  }
  ~MemcheckOn() { memcheck_.Configure(false, cfg::MemcheckAction::kError); }

 private:
  Memcheck& memcheck_;
};

}  // namespace asim::check::testing_util
