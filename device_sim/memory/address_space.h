// AddressSpace: one device's reserved address range and the simulator's view of its bytes.
//
// Owns: two virtual mappings of `capacity` bytes and the memory behind them.
//  - The device range: what device pointers point into. In host run mode it is PROT_NONE,
//    so host code that dereferences a device pointer faults, as on a PCIe card; in
//    host-accessible (device run) mode it maps the same bytes as the shadow, read/write.
//  - The shadow range: read/write, where the simulator (copies, kernels) reaches the bytes,
//    at shadow_base() + (device address - device_base()).
// Backing: a memfd of `capacity` bytes mapped MAP_SHARED (shmem pages are charged only
// when written, whatever vm.overcommit_memory says), or, if memfd is unavailable or
// Backing::kAnonymous is asked for, a private anonymous MAP_NORESERVE mapping (then the
// host-accessible mode uses one mapping for both views). Nothing is committed up front, so
// 64 GiB ranges work on a 24 GiB machine. Release() hands pages back to the OS.
// The device base is 2 MiB aligned and, when that part of the address space is free,
// placed at 0x12c000000000 + device_id TiB so device pointers are recognisable in logs.
// Owner: device_sim/memory. Thread safety: immutable after Create except for the bytes and
// Release(), which the owner must not race with users of the released range.
// Failure: Create returns err::kInvalidParam for a bad capacity, err::kRtMemoryAllocation
// when the kernel refuses the mappings (the message has the size and errno text); Release only logs a warning on
// failure (the pages then stay committed and keep their contents; callers treat freed memory as undefined anyway).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/status.h"

namespace asim::sim {

class AddressSpace {
 public:
  enum class Backing { kSharedFile, kAnonymous };
  // Alignment of device_base(): the huge page size, so huge-page blocks are truly aligned.
  static constexpr uint64_t kBaseAlignment = uint64_t{2} << 20;

  static Status Create(uint32_t device_id, uint64_t capacity, bool host_accessible, Backing backing,
                       std::unique_ptr<AddressSpace>* out);
  ~AddressSpace();
  AddressSpace(const AddressSpace&) = delete;
  AddressSpace& operator=(const AddressSpace&) = delete;

  uint64_t device_base() const { return device_base_; }
  char* shadow_base() const { return shadow_base_; }
  uint64_t capacity() const { return capacity_; }
  bool host_accessible() const { return host_accessible_; }
  Backing backing() const { return fd_ >= 0 ? Backing::kSharedFile : Backing::kAnonymous; }

  // Returns the physical pages of [offset, offset + len) to the OS; the bytes read as zero
  // afterwards. offset and len must be multiples of PageSize().
  void Release(uint64_t offset, uint64_t len);
  // Commits the pages of [offset, offset + len) (rounded out to pages) in one call instead of
  // one page fault each: for a range about to be written whole, e.g. a model's weights
  // (25,000 faults for ResNet-50, each expensive on a virtual machine). A hint: a kernel
  // without MADV_POPULATE_WRITE (before Linux 5.14) leaves the faults to the writes.
  void Populate(uint64_t offset, uint64_t len);
  // Asks for transparent huge pages behind [offset, offset + len) (the anonymous backing
  // only: shmem huge pages are a system setting): for huge-page allocations, whose pages
  // then cost one fault per 2 MiB, not per 4 KiB. A hint; offset and len are rounded in to
  // whole pages.
  void AdviseHugePages(uint64_t offset, uint64_t len);
  // Bytes of [offset, offset + len) that currently hold physical memory; for tests and
  // diagnostics. O(1) for the whole range with the memfd backing, else a mincore walk
  // (about 10 ms per GiB). offset must be a multiple of PageSize().
  uint64_t ResidentBytes(uint64_t offset, uint64_t len) const;

  static uint64_t PageSize();

 private:
  AddressSpace() = default;

  uint32_t device_id_ = 0;
  uint64_t capacity_ = 0;
  bool host_accessible_ = false;
  uint64_t device_base_ = 0;
  char* shadow_base_ = nullptr;
  int fd_ = -1;
};

}  // namespace asim::sim
