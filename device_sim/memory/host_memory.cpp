// HostMemory implementation (see host_memory.h). Owner: device_sim/memory.
// Thread safety: mu_ guards live_, freed_ and the counters. Failure: Status values.
#include "device_sim/memory/host_memory.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <utility>

#include "base/log.h"

namespace asim::sim {
namespace {
uint64_t AddrOf(const void* p) {
  return reinterpret_cast<uint64_t>(p);
}
}  // namespace

HostMemory::~HostMemory() {
  std::lock_guard<std::mutex> lock(holds_->mu);
  for (auto& [addr, info] : live_) {
    if (holds_->count.count(addr) != 0) {
      holds_->retired.insert(addr);  // a task still holds it: its last hold releases it
    } else {
      std::free(reinterpret_cast<void*>(addr));
    }
  }
}

std::shared_ptr<void> HostMemory::Hold(const void* p) {
  std::shared_lock lock(mu_);
  auto it = FindBlock(AddrOf(p));
  if (it == live_.end()) return nullptr;
  const uint64_t base = it->first;
  std::shared_ptr<Holds> holds = holds_;
  {
    std::lock_guard<std::mutex> hold_lock(holds->mu);
    ++holds->count[base];
  }
  return std::shared_ptr<void>(reinterpret_cast<void*>(base), [holds](void* block) {
    std::lock_guard<std::mutex> hold_lock(holds->mu);
    const uint64_t addr = AddrOf(block);
    auto count = holds->count.find(addr);
    if (count == holds->count.end() || --count->second > 0) return;
    holds->count.erase(count);
    if (holds->retired.erase(addr) != 0) std::free(block);
  });
}

HostMemory::BlockMap::const_iterator HostMemory::FindBlock(uint64_t addr) const {
  auto it = live_.upper_bound(addr);
  if (it == live_.begin()) return live_.end();
  --it;
  return addr - it->first < it->second.reserved ? it : live_.end();
}

Status HostMemory::Allocate(size_t size, std::string origin, void** out) {
  if (out == nullptr) return Status(err::kInvalidParam, "host memory: Allocate: output pointer is null");
  if (size == 0) return Status(err::kInvalidParam, "host memory: cannot allocate 0 bytes");
  if (size > SIZE_MAX - kAlignment) {
    return Status(err::kRtMemoryAllocation, "host memory: cannot allocate " + std::to_string(size) + " bytes");
  }
  const size_t reserved = (size + kAlignment - 1) & ~(kAlignment - 1);
  void* p = std::aligned_alloc(kAlignment, reserved);
  if (p == nullptr) {
    return Status(err::kRtMemoryAllocation, "host memory: cannot allocate " + std::to_string(size) + " bytes for '" +
                                                origin + "': the host allocator refused");
  }
  std::unique_lock lock(mu_);
  BlockMap::iterator it;
  try {
    // The bookkeeping allocates (the map node): should the host run out right here, the block
    // goes back instead of leaking, and the caller gets the exception (ACL_ERROR_BAD_ALLOC).
    it = live_
             .emplace(AddrOf(p),
                      AllocationInfo{AddrOf(p), size, reserved, PageKind::kNormal, next_serial_, std::move(origin)})
             .first;
  } catch (...) {
    std::free(p);
    throw;
  }
  ++next_serial_;
  used_ += reserved;
  peak_used_ = std::max(peak_used_, used_);
  ASIM_LOG_DEBUG("[SIM] host memory: allocated {}", DescribeAllocation(it->second));
  *out = p;
  return Status::Ok();
}

Status HostMemory::Free(const void* ptr) {
  const uint64_t addr = AddrOf(ptr);
  const std::string call = "FreeHost(" + HexAddress(addr) + ")";
  std::unique_lock lock(mu_);
  auto it = live_.find(addr);
  if (it == live_.end()) {
    auto holder = FindBlock(addr);
    if (holder != live_.end()) {
      const AllocationInfo& info = holder->second;
      return Status(err::kInvalidParam, call + ": not the start of an allocation (inside allocation #" +
                                            std::to_string(info.serial) + " at " + BasePlusOffset(info, addr) +
                                            "; it is " + RangeSizeAndOrigin(info) + ")");
    }
    if (auto freed = freed_.Lookup(addr); freed && freed->addr == addr) {
      return Status(err::kInvalidParam, call + ": already freed (" + DescribeAllocation(*freed) + ")");
    }
    // Interiors of freed host blocks are not reported: the host heap reuses that space
    // for unrelated memory, so the history would mislead.
    return Status(err::kInvalidParam, call + ": not pinned host memory (no live host allocation holds this address)");
  }
  AllocationInfo info = std::move(it->second);
  live_.erase(it);
  used_ -= info.reserved;
  {
    std::lock_guard<std::mutex> hold_lock(holds_->mu);
    if (holds_->count.count(addr) != 0) {
      holds_->retired.insert(addr);  // a pending task still uses it: released by its last hold
    } else {
      std::free(reinterpret_cast<void*>(addr));
    }
  }
  ASIM_LOG_DEBUG("[SIM] host memory: freed {}", DescribeAllocation(info));
  freed_.Record(info);
  return Status::Ok();
}

std::optional<AllocationInfo> HostMemory::Find(const void* p) const {
  std::shared_lock lock(mu_);
  auto it = FindBlock(AddrOf(p));
  if (it == live_.end()) return std::nullopt;
  return it->second;
}

std::optional<AllocationInfo> HostMemory::FindRetired(const void* p) const {
  std::shared_lock lock(mu_);
  std::optional<AllocationInfo> freed = freed_.Lookup(AddrOf(p));
  if (!freed) return std::nullopt;
  std::lock_guard<std::mutex> hold_lock(holds_->mu);
  if (holds_->retired.count(freed->addr) == 0) return std::nullopt;
  return freed;
}

std::vector<AllocationInfo> HostMemory::LiveAllocations() const {
  std::vector<AllocationInfo> all;
  {
    std::shared_lock lock(mu_);
    all.reserve(live_.size());
    for (const auto& [addr, info] : live_) all.push_back(info);
  }
  std::sort(all.begin(), all.end(),
            [](const AllocationInfo& a, const AllocationInfo& b) { return a.serial < b.serial; });
  return all;
}

HostMemory::Stats HostMemory::GetStats() const {
  std::shared_lock lock(mu_);
  return Stats{used_, peak_used_, live_.size()};
}

}  // namespace asim::sim
