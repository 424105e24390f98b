// SegvReport: names the allocation when host code dereferences device memory.
//
// Owns: a SIGSEGV / SIGBUS handler (installed once, while memcheck is on, in host run mode)
// and the tables it reads: the reserved range of each open device and one preformatted
// line per live device allocation (plus a ring of the last 256 freed ones). When a fault's
// address lies in a device range, the handler writes
//   [MEMCHECK] memcheck: host access to device memory: the host read or wrote 0x... ...
// naming the allocation (address, size, origin, allocating call), then hands the signal on:
// to the handler that was installed before (if any), else the default action, which ends
// the process with SIGSEGV as on real hardware. Faults elsewhere are handed on untouched.
// The handler only reads the tables with atomic loads and write(2): async-signal-safe. A
// slot reused while the handler reads it may print a torn line (a diagnostic aid).
// Owner: runtime/check. Thread safety: Add/Remove/AddDevice are thread-safe (a mutex on the
// writer side); the handler takes no lock. Failure: a full table drops new lines (the
// report then says no recorded allocation holds the address).
#pragma once

#include <cstdint>

namespace asim::check {

struct AllocRecord;

class SegvReport {
 public:
  static SegvReport& Get();

  void Install();  // idempotent
  void SetActive(bool active);
  void AddDevice(int32_t device_id, uint64_t base, uint64_t size);
  void RemoveDevice(int32_t device_id);
  void Add(const AllocRecord& record);  // or re-describes a block already added
  void Remove(uint64_t addr);
  void Clear();
};

}  // namespace asim::check
