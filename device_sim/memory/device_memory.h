// DeviceMemory: one simulated device's memory (HBM or DDR): address space, allocator,
// live-allocation table, statistics and memcheck diagnostics.
//
// Owns: the device's AddressSpace (see address_space.h: device pointers fault on host
// dereference unless host_accessible), a best-fit RangeAllocator over it, the table of live
// allocations, a FreedHistory for double-free / use-after-free messages, and an optional
// AllocationListener told of every allocation and free (memcheck's call-site records).
// Granularity: normal-page blocks reserve `size` rounded up to 64 bytes; huge-page blocks
// reserve `size` rounded up to 2 MiB and start on a 2 MiB boundary. Stats count reserved
// bytes, so free + used_huge + used_normal == total always (what aclrtGetMemInfo reports).
// Which PageKind to use is the caller's policy (CANN's HUGE_FIRST serves requests of at
// most 1 MiB with normal pages). Every block starts 64-byte aligned at least, and at the
// requested power-of-two alignment. Memory is not zeroed on allocation, and a freed range
// has its whole pages returned to the OS (they read as zero when reused).
// Owner: device_sim/memory. Thread safety: every member is thread-safe (a shared_mutex:
// Translate/Find/Contains/GetStats read concurrently; Allocate/Free are exclusive).
// Failure: Status with err::kInvalidParam (bad argument or capacity, not device memory, not
// an allocation start, already freed, range outside an allocation) or
// err::kRtMemoryAllocation (no room: the message gives the request, free bytes and the
// largest free block; or Create could not map the address space); a failed call changes
// nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

#include "base/status.h"
#include "device_sim/memory/address_space.h"
#include "device_sim/memory/allocation_info.h"
#include "device_sim/memory/allocation_listener.h"
#include "device_sim/memory/freed_history.h"
#include "device_sim/memory/mem_kind.h"
#include "device_sim/memory/range_allocator.h"

namespace asim::sim {

class DeviceMemory {
 public:
  static constexpr uint64_t kMinAlignment = RangeAllocator::kGranule;  // 64
  static constexpr uint64_t kHugePageSize = uint64_t{2} << 20;         // 2 MiB

  struct Stats {
    uint64_t total;        // capacity
    uint64_t free;         // total - used_huge - used_normal
    uint64_t used_huge;    // reserved bytes of live huge-page blocks
    uint64_t used_normal;  // reserved bytes of live normal-page blocks
    uint64_t peak_used;    // highest used_huge + used_normal so far
    size_t live_count;
  };

  // Reserves `capacity` bytes (a positive multiple of the page size) of device address space
  // and the simulator's view of it; commits nothing.
  static Status Create(uint32_t device_id, MemKind kind, uint64_t capacity, bool host_accessible,
                       std::unique_ptr<DeviceMemory>* out);
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // size > 0; alignment 0 (meaning 64) or a power of two.
  Status Allocate(size_t size, size_t alignment, PageKind page, std::string origin, void** out);
  // `ptr` must be the start of a live allocation.
  Status Free(const void* ptr);

  bool Contains(const void* p) const;
  // [p, p + len) must lie inside one live allocation; *sim_ptr gets the simulator's pointer
  // to the same bytes. len may be 0 (p must still be inside a live allocation).
  Status Translate(const void* p, size_t len, void** sim_ptr) const;
  // Commits the pages behind [p, p + len) of a live allocation ahead of writing all of it
  // (AddressSpace::Populate); same checks as Translate.
  Status Populate(const void* p, size_t len);
  // Asks for transparent huge pages behind the whole 2 MiB pages inside [p, p + len) of a
  // live allocation of normal pages (AddressSpace::AdviseHugePages), leaving its pages
  // outside them as they are: for a range about to be written whole in an allocation parts
  // of which stay untouched. A hint; same checks as Translate.
  Status AdviseHugePagesWithin(const void* p, size_t len);
  std::optional<AllocationInfo> Find(const void* p) const;  // live allocation holding p
  // The most recently freed allocation (still remembered) whose range holds p.
  std::optional<AllocationInfo> FindFreed(const void* p) const;
  // Told of every later Allocate and Free (see allocation_listener.h); nullptr detaches.
  void SetListener(std::shared_ptr<AllocationListener> listener);
  Stats GetStats() const;
  std::vector<AllocationInfo> LiveAllocations() const;  // sorted by serial
  // Bytes of the device range that hold physical pages right now (diagnostics; cheap with
  // the memfd backing, a page-table walk of the whole range otherwise).
  uint64_t ResidentBytes() const;

  uint32_t device_id() const { return device_id_; }
  MemKind kind() const { return kind_; }
  bool host_accessible() const { return space_->host_accessible(); }
  uint64_t base() const { return space_->device_base(); }
  uint64_t capacity() const { return space_->capacity(); }

 private:
  struct Block {
    size_t requested;
    uint64_t reserved;
    PageKind page;
    uint64_t serial;
    std::string origin;
  };
  using BlockMap = std::map<uint64_t, Block>;

  DeviceMemory(uint32_t device_id, MemKind kind, std::unique_ptr<AddressSpace> space);

  // The live block holding addr (caller holds the lock), or end().
  BlockMap::const_iterator FindBlock(uint64_t addr) const;
  static AllocationInfo Info(BlockMap::const_iterator it);
  std::string Where() const;  // "device 0 HBM [0x.., 0x..)"
  void ReturnPages(uint64_t addr, uint64_t size, RangeAllocator::Range free_block);

  const uint32_t device_id_;
  const MemKind kind_;
  const std::unique_ptr<AddressSpace> space_;

  mutable std::shared_mutex mu_;
  RangeAllocator allocator_;
  BlockMap live_;
  FreedHistory freed_;
  std::shared_ptr<AllocationListener> listener_;
  uint64_t next_serial_ = 1;
  uint64_t used_huge_ = 0;
  uint64_t used_normal_ = 0;
  uint64_t peak_used_ = 0;
};

}  // namespace asim::sim
