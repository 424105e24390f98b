// FreedHistory implementation (see freed_history.h). Owner: device_sim/memory.
// Thread safety: none (caller locks). Failure: none.
#include "device_sim/memory/freed_history.h"

namespace asim::sim {
namespace {
// Freed ranges may overlap (a block freed, its space reused by smaller blocks, freed
// again); looking back this many start addresses finds an older, larger range around addr.
constexpr int kLookBack = 16;
}  // namespace

void FreedHistory::Record(const AllocationInfo& info) {
  if (capacity_ == 0) return;
  by_addr_[info.addr] = info;
  order_.emplace_back(info.addr, info.serial);
  while (order_.size() > capacity_) {
    auto [addr, serial] = order_.front();
    order_.pop_front();
    auto it = by_addr_.find(addr);
    // A later free at the same address replaced the record: keep that one.
    if (it != by_addr_.end() && it->second.serial == serial) by_addr_.erase(it);
  }
}

std::optional<AllocationInfo> FreedHistory::Lookup(uint64_t addr) const {
  auto it = by_addr_.upper_bound(addr);
  for (int i = 0; i < kLookBack && it != by_addr_.begin(); ++i) {
    --it;
    const AllocationInfo& info = it->second;
    if (addr - info.addr < info.reserved) return info;
  }
  return std::nullopt;
}

}  // namespace asim::sim
