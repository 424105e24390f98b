// RangeAllocator: best-fit placement of blocks in one contiguous address range.
//
// Owns: the free space of [begin, begin + size): free blocks indexed by address (for
// coalescing on release) and by (size, address) (for best fit). It knows nothing of
// mappings, pages or owners: DeviceMemory wraps it with those. Allocation is exact best
// fit honouring the alignment: the smallest free block that can hold the aligned block
// wins, lowest address on ties. Cost O(log n + k), k = number of free blocks whose size lies
// in [size, size + alignment - kGranule) (zero for alignments up to kGranule).
// Owner: device_sim/memory. Thread safety: none; the owner locks.
// Failure: Allocate returns nullopt when no block fits (state unchanged); Release returns
// nullopt when the range is not wholly allocated (state unchanged).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace asim::sim {

class RangeAllocator {
 public:
  // Every address and size handled is a multiple of this.
  static constexpr uint64_t kGranule = 64;

  struct Range {
    uint64_t begin;
    uint64_t end;
  };

  // `begin` and `size` must be multiples of kGranule; the whole range starts free.
  RangeAllocator(uint64_t begin, uint64_t size);

  // `size`: a positive multiple of kGranule; `alignment`: a power of two >= kGranule.
  std::optional<uint64_t> Allocate(uint64_t size, uint64_t alignment);

  // Returns [addr, addr + size) to the free space and coalesces it with free neighbours;
  // the result is the free block that now holds it.
  std::optional<Range> Release(uint64_t addr, uint64_t size);

  uint64_t begin() const { return begin_; }
  uint64_t end() const { return end_; }
  uint64_t free_bytes() const { return free_bytes_; }
  size_t free_blocks() const { return by_addr_.size(); }
  uint64_t largest_free_block() const { return by_size_.empty() ? 0 : by_size_.rbegin()->first; }
  // For tests: both indexes agree, blocks are disjoint, non-adjacent, inside the range.
  bool CheckInvariants() const;

 private:
  void Insert(uint64_t addr, uint64_t size);
  void Erase(std::map<uint64_t, uint64_t>::iterator it);

  uint64_t begin_;
  uint64_t end_;
  uint64_t free_bytes_ = 0;
  std::map<uint64_t, uint64_t> by_addr_;             // start -> size
  std::set<std::pair<uint64_t, uint64_t>> by_size_;  // (size, start)
};

}  // namespace asim::sim
