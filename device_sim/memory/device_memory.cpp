// DeviceMemory implementation (see device_memory.h). Owner: device_sim/memory.
// Thread safety: mu_ guards allocator_, live_, freed_ and the counters; the AddressSpace
// is immutable. Failure: Status values; a failed call leaves every structure unchanged.
#include "device_sim/memory/device_memory.h"

#include <algorithm>
#include <mutex>
#include <utility>

#include "base/log.h"

namespace asim::sim {
namespace {

uint64_t AlignUp(uint64_t v, uint64_t a) {
  return (v + a - 1) & ~(a - 1);
}
uint64_t AlignDown(uint64_t v, uint64_t a) {
  return v & ~(a - 1);
}
uint64_t AddrOf(const void* p) {
  return reinterpret_cast<uint64_t>(p);
}

}  // namespace

Status DeviceMemory::Create(uint32_t device_id, MemKind kind, uint64_t capacity, bool host_accessible,
                            std::unique_ptr<DeviceMemory>* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "DeviceMemory::Create: out is null");
  // Anonymous memory first: it can have transparent huge pages (one fault per 2 MiB of a
  // model's weights, which matters most on virtual machines); where the kernel refuses a
  // MAP_NORESERVE mapping of the whole capacity (vm.overcommit_memory=2), the memfd backing,
  // whose pages are charged only when written.
  std::unique_ptr<AddressSpace> space;
  Status anonymous =
      AddressSpace::Create(device_id, capacity, host_accessible, AddressSpace::Backing::kAnonymous, &space);
  if (!anonymous.ok()) {
    ASIM_LOG_DEBUG("[SIM] device {}: {}; using the memfd backing", device_id, anonymous.message());
    ASIM_RETURN_IF_ERROR(
        AddressSpace::Create(device_id, capacity, host_accessible, AddressSpace::Backing::kSharedFile, &space));
  }
  out->reset(new DeviceMemory(device_id, kind, std::move(space)));
  return Status::Ok();
}

DeviceMemory::DeviceMemory(uint32_t device_id, MemKind kind, std::unique_ptr<AddressSpace> space)
    : device_id_(device_id),
      kind_(kind),
      space_(std::move(space)),
      allocator_(space_->device_base(), AlignDown(space_->capacity(), RangeAllocator::kGranule)) {}

DeviceMemory::~DeviceMemory() {
  if (!live_.empty()) {
    ASIM_LOG_DEBUG("[SIM] {}: released with {} live allocations", Where(), live_.size());
  }
}

std::string DeviceMemory::Where() const {
  return "device " + std::to_string(device_id_) + " " + std::string(MemKindName(kind_)) + " [" + HexAddress(base()) +
         ", " + HexAddress(base() + capacity()) + ")";
}

bool DeviceMemory::Contains(const void* p) const {
  const uint64_t a = AddrOf(p);
  return a >= base() && a - base() < capacity();
}

DeviceMemory::BlockMap::const_iterator DeviceMemory::FindBlock(uint64_t addr) const {
  auto it = live_.upper_bound(addr);
  if (it == live_.begin()) return live_.end();
  --it;
  return addr - it->first < it->second.reserved ? it : live_.end();
}

AllocationInfo DeviceMemory::Info(BlockMap::const_iterator it) {
  const Block& b = it->second;
  return AllocationInfo{it->first, b.requested, b.reserved, b.page, b.serial, b.origin};
}

Status DeviceMemory::Allocate(size_t size, size_t alignment, PageKind page, std::string origin, void** out) {
  if (out == nullptr) return Status(err::kInvalidParam, Where() + ": Allocate: output pointer is null");
  if (size == 0) return Status(err::kInvalidParam, Where() + ": cannot allocate 0 bytes");
  if ((alignment & (alignment - 1)) != 0) {
    return Status(err::kInvalidParam, Where() + ": alignment " + std::to_string(alignment) + " is not a power of two");
  }
  const bool huge = page == PageKind::kHuge;
  const uint64_t granule = huge ? kHugePageSize : kMinAlignment;
  const uint64_t align = std::max<uint64_t>({alignment, kMinAlignment, huge ? kHugePageSize : 0});
  const uint64_t reserved = size > capacity() ? 0 : AlignUp(size, granule);

  std::unique_lock lock(mu_);
  std::optional<uint64_t> placed;
  if (reserved != 0) placed = allocator_.Allocate(reserved, align);
  if (!placed) {
    return Status(err::kRtMemoryAllocation,
                  Where() + ": cannot allocate " + std::to_string(size) + " bytes (" + std::string(PageKindName(page)) +
                      " pages, alignment " + std::to_string(align) + ") for '" + origin +
                      "': " + std::to_string(allocator_.free_bytes()) + " bytes free of " + std::to_string(capacity()) +
                      " in " + std::to_string(allocator_.free_blocks()) + " blocks, the largest " +
                      std::to_string(allocator_.largest_free_block()) + " bytes");
  }
  const uint64_t serial = next_serial_++;
  BlockMap::iterator it;
  try {
    // The bookkeeping allocates (the map node): if the host runs out here, the range goes back
    // to the allocator instead of staying taken, and the caller gets the exception.
    it = live_.emplace(*placed, Block{size, reserved, page, serial, std::move(origin)}).first;
  } catch (...) {
    (void)allocator_.Release(*placed, reserved);
    throw;
  }
  (huge ? used_huge_ : used_normal_) += reserved;
  peak_used_ = std::max(peak_used_, used_huge_ + used_normal_);
  if (huge) space_->AdviseHugePages(*placed - base(), reserved);
  ASIM_LOG_DEBUG("[SIM] device {}: allocated {}", device_id_, DescribeAllocation(Info(it)));
  if (listener_) listener_->OnAllocated(device_id_, Info(it));
  *out = reinterpret_cast<void*>(*placed);
  return Status::Ok();
}

Status DeviceMemory::Free(const void* ptr) {
  const uint64_t addr = AddrOf(ptr);
  const std::string call = "Free(" + HexAddress(addr) + ") on device " + std::to_string(device_id_);
  if (!Contains(ptr)) return Status(err::kInvalidParam, call + ": not device memory (" + Where() + ")");

  std::unique_lock lock(mu_);
  auto it = live_.find(addr);
  if (it == live_.end()) {
    auto holder = FindBlock(addr);
    if (holder != live_.end()) {
      const AllocationInfo info = Info(holder);
      return Status(err::kInvalidParam, call + ": not the start of an allocation (inside allocation #" +
                                            std::to_string(info.serial) + " at " + BasePlusOffset(info, addr) +
                                            "; it is " + RangeSizeAndOrigin(info) + ")");
    }
    if (auto freed = freed_.Lookup(addr)) {
      if (freed->addr == addr) {
        return Status(err::kInvalidParam, call + ": already freed (" + DescribeAllocation(*freed) + ")");
      }
      return Status(err::kInvalidParam, call + ": not the start of an allocation (inside allocation #" +
                                            std::to_string(freed->serial) + " at " + BasePlusOffset(*freed, addr) +
                                            ", which was already freed; it was " + RangeSizeAndOrigin(*freed) + ")");
    }
    return Status(err::kInvalidParam,
                  call + ": not the start of an allocation (no live or recently freed allocation holds this address)");
  }

  const AllocationInfo info = Info(it);
  auto merged = allocator_.Release(addr, info.reserved);
  if (!merged) {
    return Status(err::kInternalError, call + ": allocator state is inconsistent for " + DescribeAllocation(info));
  }
  live_.erase(it);
  (info.page == PageKind::kHuge ? used_huge_ : used_normal_) -= info.reserved;
  ReturnPages(addr, info.reserved, *merged);
  ASIM_LOG_DEBUG("[SIM] device {}: freed {}", device_id_, DescribeAllocation(info));
  freed_.Record(info);
  if (listener_) listener_->OnFreed(device_id_, info);
  return Status::Ok();
}

void DeviceMemory::ReturnPages(uint64_t addr, uint64_t size, RangeAllocator::Range free_block) {
  // Every page that touches the freed block and now lies wholly in free space goes back to
  // the OS, so the invariant "no whole free page holds physical memory" is kept.
  const uint64_t page = AddressSpace::PageSize();
  const uint64_t lo = AlignUp(std::max(free_block.begin, AlignDown(addr, page)), page);
  const uint64_t hi = AlignDown(std::min(free_block.end, AlignUp(addr + size, page)), page);
  if (hi > lo) space_->Release(lo - base(), hi - lo);
}

Status DeviceMemory::Populate(const void* p, size_t len) {
  void* sim = nullptr;
  ASIM_RETURN_IF_ERROR(Translate(p, len, &sim));
  space_->Populate(AddrOf(p) - space_->device_base(), len);
  return Status::Ok();
}

Status DeviceMemory::AdviseHugePagesWithin(const void* p, size_t len) {
  void* sim = nullptr;
  ASIM_RETURN_IF_ERROR(Translate(p, len, &sim));
  // Whole huge pages of the simulator's view (where the memory is), not of device addresses.
  const uint64_t at = reinterpret_cast<uint64_t>(sim);
  const uint64_t begin = AlignUp(at, kHugePageSize), end = (at + len) / kHugePageSize * kHugePageSize;
  if (begin < end) space_->AdviseHugePages(AddrOf(p) - space_->device_base() + (begin - at), end - begin);
  return Status::Ok();
}

Status DeviceMemory::Translate(const void* p, size_t len, void** sim_ptr) const {
  const uint64_t addr = AddrOf(p);
  if (sim_ptr == nullptr) return Status(err::kInvalidParam, Where() + ": Translate: output pointer is null");
  if (!Contains(p)) {
    return Status(err::kInvalidParam, "address " + HexAddress(addr) + " is not device memory (" + Where() + ")");
  }
  std::shared_lock lock(mu_);
  auto it = FindBlock(addr);
  if (it == live_.end()) {
    std::string msg =
        "address " + HexAddress(addr) + " on device " + std::to_string(device_id_) + " is in no live allocation";
    if (auto freed = freed_.Lookup(addr)) {
      msg += " (it is at " + BasePlusOffset(*freed, addr) + " in allocation #" + std::to_string(freed->serial) +
             ", which was already freed; it was " + RangeSizeAndOrigin(*freed) + ")";
    }
    return Status(err::kInvalidParam, msg);
  }
  const uint64_t room = it->first + it->second.reserved - addr;
  if (len > room) {
    const AllocationInfo info = Info(it);
    return Status(err::kInvalidParam, "range [" + HexAddress(addr) + ", " + HexAddress(addr + len) +
                                          ") leaves allocation #" + std::to_string(info.serial) + " [" +
                                          HexAddress(info.addr) + ", " + HexAddress(info.addr + info.reserved) +
                                          ") by " + std::to_string(len - room) + " bytes (the allocation holds " +
                                          SizeAndOrigin(info) + ")");
  }
  *sim_ptr = space_->shadow_base() + (addr - base());
  return Status::Ok();
}

std::optional<AllocationInfo> DeviceMemory::Find(const void* p) const {
  if (!Contains(p)) return std::nullopt;
  std::shared_lock lock(mu_);
  auto it = FindBlock(AddrOf(p));
  if (it == live_.end()) return std::nullopt;
  return Info(it);
}

std::optional<AllocationInfo> DeviceMemory::FindFreed(const void* p) const {
  if (!Contains(p)) return std::nullopt;
  std::shared_lock lock(mu_);
  return freed_.Lookup(AddrOf(p));
}

void DeviceMemory::SetListener(std::shared_ptr<AllocationListener> listener) {
  std::unique_lock lock(mu_);
  listener_ = std::move(listener);
}

DeviceMemory::Stats DeviceMemory::GetStats() const {
  std::shared_lock lock(mu_);
  const uint64_t used = used_huge_ + used_normal_;
  return Stats{capacity(), capacity() - used, used_huge_, used_normal_, peak_used_, live_.size()};
}

std::vector<AllocationInfo> DeviceMemory::LiveAllocations() const {
  std::vector<AllocationInfo> all;
  {
    std::shared_lock lock(mu_);
    all.reserve(live_.size());
    for (auto it = live_.begin(); it != live_.end(); ++it) all.push_back(Info(it));
  }
  std::sort(all.begin(), all.end(),
            [](const AllocationInfo& a, const AllocationInfo& b) { return a.serial < b.serial; });
  return all;
}

uint64_t DeviceMemory::ResidentBytes() const {
  return space_->ResidentBytes(0, capacity());
}

}  // namespace asim::sim
