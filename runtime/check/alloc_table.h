// AllocTable: memcheck's record of every device and pinned host allocation, live or recently
// freed, with the application call sites that made and freed them.
//
// Owns: a record per live allocation (device: fed by DeviceMemory's AllocationListener, so
// model and channel memory is included; pinned host memory: fed by the aclrtMallocHost /
// aclrtFreeHost shims), a bounded history of freed ones (the last 4096 per table) and the
// reserved address range of each open device. "size" is what the application asked for
// (aclrtMalloc's size, not the padded block) once the shim tells it (SetUserSize); checks
// use it as the allocation's end. Call sites are captured with a backtrace only while
// memcheck is on; records exist either way (they are cheap), so turning memcheck on later
// still knows every allocation.
// Owner: a CheckState (check_state.h), shared with the DeviceMemory listeners it is installed
// on. Thread safety: thread-safe (one mutex); the listener callbacks run under the
// DeviceMemory's lock and take only this table's lock (and the SegvReport's).
// Failure: lookups return nullopt; nothing fails.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "device_sim/memory/allocation_listener.h"
#include "runtime/check/call_site.h"

namespace asim::check {

struct AllocRecord {
  bool device = true;
  int32_t device_id = -1;  // -1 for host memory
  uint64_t addr = 0;
  uint64_t size = 0;      // bytes the application asked for
  uint64_t reserved = 0;  // bytes the block occupies
  uint64_t serial = 0;    // the DeviceMemory's allocation number; per-table number for host memory
  std::string origin;     // "aclrtMalloc(size=1000, policy=0)", "aclmdlLoad work memory of model 'm'"
  std::shared_ptr<const CallSite> alloc_site;
  std::shared_ptr<const CallSite> free_site;  // freed records only
};

// "device 0 allocation #3 [0x12c000000000, +1000) of 1000 bytes from 'aclrtMalloc(...)'"
// followed by its allocation (and free) call sites on indented lines.
std::string DescribeRecord(const AllocRecord& record, const std::string& indent);

class Memcheck;
class SegvReport;

class AllocTable : public sim::AllocationListener {
 public:
  // Reads whether `memcheck` is on (call sites, SIGSEGV lines) and keeps `segv`'s lines of
  // live device allocations current; both must outlive the table.
  AllocTable(const Memcheck& memcheck, SegvReport& segv) : memcheck_(memcheck), segv_(segv) {}
  AllocTable(const AllocTable&) = delete;
  AllocTable& operator=(const AllocTable&) = delete;

  void OnAllocated(uint32_t device_id, const sim::AllocationInfo& info) override;
  void OnFreed(uint32_t device_id, const sim::AllocationInfo& info) override;
  void SetUserSize(const void* ptr, uint64_t size);

  void NoteHostAlloc(const void* ptr, uint64_t size, std::string origin);
  void NoteHostFree(const void* ptr);

  void AddDeviceRange(int32_t device_id, uint64_t base, uint64_t size);
  // Forgets the device's range, its live records and its freed history (its memory is gone;
  // a reopened device reuses the same addresses).
  void ForgetDevice(int32_t device_id);
  std::optional<int32_t> DeviceOf(uint64_t addr) const;

  std::optional<AllocRecord> FindLive(uint64_t addr) const;       // live block whose reserved range holds addr
  std::optional<AllocRecord> FindFreed(uint64_t addr) const;      // freed device block holding addr
  std::optional<AllocRecord> FindFreedHost(uint64_t addr) const;  // freed host block starting at addr
  // The live block of the same device (or host) with the highest start <= addr.
  std::optional<AllocRecord> LiveBelow(uint64_t addr) const;
  std::vector<AllocRecord> LiveOn(int32_t device_id) const;  // -1: host; sorted by serial
  void Clear();                                              // aclFinalize

 private:
  void RememberFreedLocked(AllocRecord record);
  const AllocRecord* FindLiveLocked(uint64_t addr) const;

  const Memcheck& memcheck_;
  SegvReport& segv_;
  mutable std::mutex mutex_;
  std::map<uint64_t, AllocRecord> live_;
  std::map<uint64_t, AllocRecord> freed_;                    // start -> latest free there
  std::deque<std::pair<uint64_t, uint64_t>> order_;          // (start, serial) of freed_, oldest first
  std::map<uint64_t, std::pair<uint64_t, int32_t>> ranges_;  // base -> (size, device)
  uint64_t next_host_serial_ = 1;
};

}  // namespace asim::check
