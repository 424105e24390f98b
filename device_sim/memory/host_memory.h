// HostMemory: the registry of pinned host allocations (what aclrtMallocHost returns).
//
// Owns: every block it allocated (64-byte aligned, size rounded up to 64) until Free or
// destruction, the table of live blocks and a FreedHistory for double-free messages. The
// simulator treats these blocks as host memory the DMA engines may read and write directly.
// Owner: device_sim/memory. Thread safety: every member is thread-safe (shared_mutex).
// Failure: Status with err::kInvalidParam (size 0, null output, a pointer that is not the
// start of a live block: the message says "not the start of an allocation (inside
// allocation #n at base+off)", "already freed" or "not pinned host memory") or
// err::kRtMemoryAllocation (the host allocator refused); a failed call changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/memory/allocation_info.h"
#include "device_sim/memory/freed_history.h"

namespace asim::sim {

class HostMemory {
 public:
  static constexpr size_t kAlignment = 64;

  struct Stats {
    uint64_t used;  // reserved bytes of live blocks
    uint64_t peak_used;
    size_t live_count;
  };

  HostMemory() = default;
  ~HostMemory();  // frees the blocks still live
  HostMemory(const HostMemory&) = delete;
  HostMemory& operator=(const HostMemory&) = delete;

  Status Allocate(size_t size, std::string origin, void** out);
  // Free of a block with holds (below) retires it at once (later calls see it freed) but
  // releases its memory only when the last hold ends.
  Status Free(const void* ptr);
  // A hold on the live block holding p, for a task that still has to read or write it (an
  // asynchronous copy): an application that frees the block before the task ran must not
  // have the task touch released memory. Empty when no live block holds p. The hold may
  // outlive this object (the memory is then released by the last hold).
  std::shared_ptr<void> Hold(const void* p);
  std::optional<AllocationInfo> Find(const void* p) const;  // live block holding p
  // The retired block holding p (freed while a task held it, its memory not yet released):
  // a use of the pointer after its aclrtFreeHost. Released blocks are not reported (the host
  // heap may have given their space to unrelated memory since).
  std::optional<AllocationInfo> FindRetired(const void* p) const;
  std::vector<AllocationInfo> LiveAllocations() const;  // sorted by serial
  Stats GetStats() const;

 private:
  using BlockMap = std::map<uint64_t, AllocationInfo>;
  BlockMap::const_iterator FindBlock(uint64_t addr) const;  // caller holds mu_

  // Holds, shared with the holds' deleters. Lock order: mu_, then holds_->mu.
  struct Holds {
    std::mutex mu;
    std::map<uint64_t, uint32_t> count;  // block base -> holds
    std::set<uint64_t> retired;          // freed while held: released by the last hold
  };
  std::shared_ptr<Holds> holds_ = std::make_shared<Holds>();

  mutable std::shared_mutex mu_;
  BlockMap live_;
  FreedHistory freed_;
  uint64_t next_serial_ = 1;
  uint64_t used_ = 0;
  uint64_t peak_used_ = 0;
};

}  // namespace asim::sim
