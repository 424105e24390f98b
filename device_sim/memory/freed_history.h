// FreedHistory: a bounded memory of recently freed allocations.
//
// Owns: copies of the AllocationInfo of the last `capacity` frees, so that a double free
// or a use after free can be reported as "already freed: allocation #7 ..." instead of
// "unknown pointer". Lookups prefer the most recently freed allocation at an address.
// Owner: device_sim/memory. Thread safety: none; the owning registry locks around it.
// Failure: none; the oldest records are forgotten silently when the history is full
// (a diagnostic aid, never a correctness mechanism).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <utility>

#include "device_sim/memory/allocation_info.h"

namespace asim::sim {

class FreedHistory {
 public:
  explicit FreedHistory(size_t capacity = 4096) : capacity_(capacity) {}

  void Record(const AllocationInfo& info);
  // The freed allocation whose range holds `addr`, most recent first; nullopt when none
  // is remembered.
  std::optional<AllocationInfo> Lookup(uint64_t addr) const;
  size_t size() const { return by_addr_.size(); }

 private:
  size_t capacity_;
  std::map<uint64_t, AllocationInfo> by_addr_;       // start address -> latest free there
  std::deque<std::pair<uint64_t, uint64_t>> order_;  // (start, serial), oldest first
};

}  // namespace asim::sim
