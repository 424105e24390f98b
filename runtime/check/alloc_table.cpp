// AllocTable (see alloc_table.h). Owner: runtime/check.
// Thread safety: mutex_ guards every member. Failure: none.
#include "runtime/check/alloc_table.h"

#include <algorithm>

#include "runtime/check/memcheck.h"
#include "runtime/check/segv_report.h"

namespace asim::check {
namespace {

constexpr size_t kFreedCapacity = 4096;
constexpr int kFreedLookBack = 16;

std::string Hex(uint64_t v) {
  return sim::HexAddress(v);
}

}  // namespace

std::string DescribeRecord(const AllocRecord& r, const std::string& indent) {
  std::string s = r.device ? "device " + std::to_string(r.device_id) + " allocation #" + std::to_string(r.serial)
                           : "pinned host allocation #" + std::to_string(r.serial);
  s += " [" + Hex(r.addr) + ", " + Hex(r.addr + r.size) + ") of " + std::to_string(r.size) + " bytes";
  if (!r.origin.empty()) s += " from '" + r.origin + "'";
  s += "\n" + indent + "allocated by " + DescribeCallSite(r.alloc_site.get(), indent + "  ");
  if (r.free_site) s += "\n" + indent + "freed by " + DescribeCallSite(r.free_site.get(), indent + "  ");
  return s;
}

void AllocTable::OnAllocated(uint32_t device_id, const sim::AllocationInfo& info) {
  AllocRecord r;
  r.device = true;
  r.device_id = static_cast<int32_t>(device_id);
  r.addr = info.addr;
  r.size = info.requested;
  r.reserved = info.reserved;
  r.serial = info.serial;
  r.origin = info.origin;
  r.alloc_site = CaptureCallSite(memcheck_.enabled());
  if (memcheck_.enabled()) segv_.Add(r);
  std::lock_guard<std::mutex> lock(mutex_);
  live_[r.addr] = std::move(r);
}

void AllocTable::OnFreed(uint32_t /*device_id*/, const sim::AllocationInfo& info) {
  std::shared_ptr<const CallSite> site = CaptureCallSite(memcheck_.enabled());
  segv_.Remove(info.addr);
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(info.addr);
  if (it == live_.end()) return;
  AllocRecord r = std::move(it->second);
  live_.erase(it);
  r.free_site = std::move(site);
  RememberFreedLocked(std::move(r));
}

void AllocTable::SetUserSize(const void* ptr, uint64_t size) {
  std::optional<AllocRecord> updated;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = live_.find(reinterpret_cast<uint64_t>(ptr));
    if (it == live_.end() || size > it->second.reserved) return;
    it->second.size = size;
    updated = it->second;
  }
  if (memcheck_.enabled()) segv_.Add(*updated);
}

void AllocTable::NoteHostAlloc(const void* ptr, uint64_t size, std::string origin) {
  AllocRecord r;
  r.device = false;
  r.addr = reinterpret_cast<uint64_t>(ptr);
  r.size = size;
  r.reserved = size;
  r.origin = std::move(origin);
  r.alloc_site = CaptureCallSite(memcheck_.enabled());
  std::lock_guard<std::mutex> lock(mutex_);
  r.serial = next_host_serial_++;
  // The host heap may hand out an address a freed record still describes: forget that one.
  freed_.erase(r.addr);
  live_[r.addr] = std::move(r);
}

void AllocTable::NoteHostFree(const void* ptr) {
  std::shared_ptr<const CallSite> site = CaptureCallSite(memcheck_.enabled());
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(reinterpret_cast<uint64_t>(ptr));
  if (it == live_.end() || it->second.device) return;
  AllocRecord r = std::move(it->second);
  live_.erase(it);
  r.free_site = std::move(site);
  RememberFreedLocked(std::move(r));
}

void AllocTable::RememberFreedLocked(AllocRecord r) {
  const uint64_t addr = r.addr;
  const uint64_t serial = r.serial;
  freed_[addr] = std::move(r);
  order_.emplace_back(addr, serial);
  while (order_.size() > kFreedCapacity) {
    auto [a, s] = order_.front();
    order_.pop_front();
    auto it = freed_.find(a);
    if (it != freed_.end() && it->second.serial == s) freed_.erase(it);
  }
}

void AllocTable::AddDeviceRange(int32_t device_id, uint64_t base, uint64_t size) {
  std::lock_guard<std::mutex> lock(mutex_);
  ranges_[base] = {size, device_id};
}

void AllocTable::ForgetDevice(int32_t device_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = ranges_.begin(); it != ranges_.end();) {
    it = it->second.second == device_id ? ranges_.erase(it) : std::next(it);
  }
  for (auto it = live_.begin(); it != live_.end();) {
    it = it->second.device && it->second.device_id == device_id ? live_.erase(it) : std::next(it);
  }
  for (auto it = freed_.begin(); it != freed_.end();) {
    it = it->second.device && it->second.device_id == device_id ? freed_.erase(it) : std::next(it);
  }
}

std::optional<int32_t> AllocTable::DeviceOf(uint64_t addr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = ranges_.upper_bound(addr);
  if (it == ranges_.begin()) return std::nullopt;
  --it;
  if (addr - it->first >= it->second.first) return std::nullopt;
  return it->second.second;
}

const AllocRecord* AllocTable::FindLiveLocked(uint64_t addr) const {
  auto it = live_.upper_bound(addr);
  if (it == live_.begin()) return nullptr;
  --it;
  return addr - it->first < std::max<uint64_t>(it->second.reserved, 1) ? &it->second : nullptr;
}

std::optional<AllocRecord> AllocTable::FindLive(uint64_t addr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const AllocRecord* r = FindLiveLocked(addr);
  if (r == nullptr) return std::nullopt;
  return *r;
}

std::optional<AllocRecord> AllocTable::FindFreed(uint64_t addr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = freed_.upper_bound(addr);
  for (int i = 0; i < kFreedLookBack && it != freed_.begin(); ++i) {
    --it;
    if (it->second.device && addr - it->first < it->second.reserved) return it->second;
  }
  return std::nullopt;
}

std::optional<AllocRecord> AllocTable::FindFreedHost(uint64_t addr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = freed_.find(addr);
  if (it == freed_.end() || it->second.device) return std::nullopt;
  return it->second;
}

std::optional<AllocRecord> AllocTable::LiveBelow(uint64_t addr) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.upper_bound(addr);
  if (it == live_.begin()) return std::nullopt;
  return std::prev(it)->second;
}

std::vector<AllocRecord> AllocTable::LiveOn(int32_t device_id) const {
  std::vector<AllocRecord> out;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [addr, r] : live_) {
      if (device_id < 0 ? !r.device : (r.device && r.device_id == device_id)) out.push_back(r);
    }
  }
  std::sort(out.begin(), out.end(), [](const AllocRecord& a, const AllocRecord& b) { return a.serial < b.serial; });
  return out;
}

void AllocTable::Clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  live_.clear();
  freed_.clear();
  order_.clear();
  ranges_.clear();
  next_host_serial_ = 1;
}

}  // namespace asim::check
