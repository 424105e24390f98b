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
// Owner: a CheckState (check_state.h). The signal handler is process-level by nature: it
// reaches the tables through one atomic pointer, SetProcessReport, which api::RuntimeContext
// sets to its CheckState's report when it is created (and which nothing else sets); before
// that, or for any other SegvReport, the handler hands every signal on.
// Thread safety: Add/Remove/AddDevice are thread-safe (a mutex on the writer side); the
// handler takes no lock. Failure: a full table drops new lines (the report then says no
// recorded allocation holds the address).
#pragma once

#include <cstdint>
#include <memory>

namespace asim::check {

struct AllocRecord;

class SegvReport {
 public:
  SegvReport();
  ~SegvReport();
  SegvReport(const SegvReport&) = delete;
  SegvReport& operator=(const SegvReport&) = delete;

  // The report the process's SIGSEGV / SIGBUS handler reads (nullptr: none). Called by
  // api::RuntimeContext once, for its own CheckState's report, which is never destroyed.
  static void SetProcessReport(SegvReport* report);

  void Install();  // installs the process's handler; idempotent
  void SetActive(bool active);
  void AddDevice(int32_t device_id, uint64_t base, uint64_t size);
  void RemoveDevice(int32_t device_id);
  void Add(const AllocRecord& record);  // or re-describes a block already added
  void Remove(uint64_t addr);
  void Clear();

  struct Tables;  // segv_report.cpp: the slots the handler reads

 private:
  std::unique_ptr<Tables> tables_;
};

}  // namespace asim::check
