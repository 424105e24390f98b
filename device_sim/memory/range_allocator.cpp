// RangeAllocator implementation (see range_allocator.h). Owner: device_sim/memory.
// Thread safety: none (caller locks). Failure: nullopt results, state unchanged.
#include "device_sim/memory/range_allocator.h"

#include <iterator>
#include <limits>

namespace asim::sim {
namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

// Where an aligned block of `size` bytes starts inside free block (start, len), if it fits.
std::optional<uint64_t> FitIn(uint64_t start, uint64_t len, uint64_t size, uint64_t alignment) {
  const uint64_t mask = alignment - 1;
  if (start > kMax - mask) return std::nullopt;
  const uint64_t aligned = (start + mask) & ~mask;
  const uint64_t pad = aligned - start;
  if (pad > len || len - pad < size) return std::nullopt;
  return aligned;
}

}  // namespace

RangeAllocator::RangeAllocator(uint64_t begin, uint64_t size) : begin_(begin), end_(begin + size) {
  if (size > 0) Insert(begin, size);
}

void RangeAllocator::Insert(uint64_t addr, uint64_t size) {
  by_addr_.emplace(addr, size);
  by_size_.emplace(size, addr);
  free_bytes_ += size;
}

void RangeAllocator::Erase(std::map<uint64_t, uint64_t>::iterator it) {
  by_size_.erase({it->second, it->first});
  free_bytes_ -= it->second;
  by_addr_.erase(it);
}

std::optional<uint64_t> RangeAllocator::Allocate(uint64_t size, uint64_t alignment) {
  if (size == 0 || size > free_bytes_ || alignment == 0 || (alignment & (alignment - 1)) != 0) {
    return std::nullopt;
  }
  // Every free block starts on a kGranule boundary, so a block of at least
  // size + alignment - kGranule bytes always fits: the scan stops there at the latest.
  const uint64_t slack = alignment > kGranule ? alignment - kGranule : 0;
  const uint64_t sure = size > kMax - slack ? kMax : size + slack;
  const auto stop = by_size_.lower_bound({sure, 0});
  std::optional<uint64_t> placed;
  auto it = by_size_.lower_bound({size, 0});
  for (; it != by_size_.end(); ++it) {
    placed = FitIn(it->second, it->first, size, alignment);
    if (placed || it == stop) break;
  }
  if (!placed) return std::nullopt;

  const uint64_t block = it->second;
  const uint64_t block_end = block + it->first;
  Erase(by_addr_.find(block));
  if (*placed > block) Insert(block, *placed - block);
  if (*placed + size < block_end) Insert(*placed + size, block_end - (*placed + size));
  return placed;
}

std::optional<RangeAllocator::Range> RangeAllocator::Release(uint64_t addr, uint64_t size) {
  if (size == 0 || addr < begin_ || addr > end_ || size > end_ - addr) return std::nullopt;
  auto next = by_addr_.lower_bound(addr);
  if (next != by_addr_.end() && next->first < addr + size) return std::nullopt;  // overlaps free
  auto prev = next == by_addr_.begin() ? by_addr_.end() : std::prev(next);
  if (prev != by_addr_.end() && prev->first + prev->second > addr) return std::nullopt;

  Range merged{addr, addr + size};
  if (prev != by_addr_.end() && prev->first + prev->second == addr) {
    merged.begin = prev->first;
    Erase(prev);
  }
  if (next != by_addr_.end() && next->first == merged.end) {
    merged.end = next->first + next->second;
    Erase(next);
  }
  Insert(merged.begin, merged.end - merged.begin);
  return merged;
}

bool RangeAllocator::CheckInvariants() const {
  if (by_addr_.size() != by_size_.size()) return false;
  uint64_t total = 0;
  uint64_t last_end = 0;
  bool first = true;
  for (const auto& [addr, size] : by_addr_) {
    if (size == 0 || addr < begin_ || addr + size > end_) return false;
    if (!first && addr <= last_end) return false;  // overlapping or not coalesced
    if (by_size_.count({size, addr}) == 0) return false;
    total += size;
    last_end = addr + size;
    first = false;
  }
  return total == free_bytes_;
}

}  // namespace asim::sim
