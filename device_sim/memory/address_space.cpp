// AddressSpace implementation (see address_space.h): mmap/memfd plumbing, Linux only.
// Owner: device_sim/memory. Thread safety: see the header.
// Failure: Status from Create; Release logs and carries on.
#include "device_sim/memory/address_space.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "base/log.h"
#include "device_sim/memory/allocation_info.h"

namespace asim::sim {
namespace {

constexpr uint64_t kHintBase = 0x12c000000000ULL;
constexpr uint64_t kHintStride = uint64_t{1} << 40;  // 1 TiB per device id
constexpr uint32_t kHintedDevices = 64;

std::string Errno() {
  return std::strerror(errno);
}

Status MapFailure(uint32_t device_id, const char* what, uint64_t bytes) {
  return Status(err::kRtMemoryAllocation, "device " + std::to_string(device_id) + ": cannot " + what + " of " +
                                              std::to_string(bytes) + " bytes: " + Errno());
}

// Reserves `capacity` bytes of PROT_NONE address space whose start is kBaseAlignment aligned.
void* ReserveAligned(uint32_t device_id, uint64_t capacity) {
  const uint64_t span = capacity + AddressSpace::kBaseAlignment;
  void* hint = device_id < kHintedDevices ? reinterpret_cast<void*>(kHintBase + device_id * kHintStride) : nullptr;
  void* raw = mmap(hint, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const uint64_t start = reinterpret_cast<uint64_t>(raw);
  const uint64_t aligned = (start + AddressSpace::kBaseAlignment - 1) & ~(AddressSpace::kBaseAlignment - 1);
  if (aligned > start) munmap(raw, aligned - start);
  const uint64_t tail = start + span - (aligned + capacity);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + capacity), tail);
  return reinterpret_cast<void*>(aligned);
}

// A memfd of `capacity` bytes, or -1 when the kernel does not offer one.
int OpenBackingFile(uint32_t device_id, uint64_t capacity) {
  const std::string name = "asim-device-" + std::to_string(device_id);
  int fd = memfd_create(name.c_str(), MFD_CLOEXEC);
  if (fd < 0) {
    ASIM_LOG_WARN("[SIM] device {}: memfd_create failed ({}), using anonymous memory", device_id, Errno());
    return -1;
  }
  if (ftruncate(fd, static_cast<off_t>(capacity)) != 0) {
    ASIM_LOG_WARN("[SIM] device {}: sizing the memfd to {} bytes failed ({}), using anonymous memory", device_id,
                  capacity, Errno());
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

uint64_t AddressSpace::PageSize() {
  static const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  return page;
}

Status AddressSpace::Create(uint32_t device_id, uint64_t capacity, bool host_accessible, Backing backing,
                            std::unique_ptr<AddressSpace>* out) {
  if (out == nullptr) return Status(err::kInvalidParam, "AddressSpace::Create: out is null");
  if (capacity == 0 || capacity % PageSize() != 0 || capacity > (uint64_t{1} << 46)) {
    return Status(err::kInvalidParam, "device " + std::to_string(device_id) + ": memory capacity " +
                                          std::to_string(capacity) +
                                          " bytes must be a positive multiple of the page size (" +
                                          std::to_string(PageSize()) + ") and at most 64 TiB");
  }
  std::unique_ptr<AddressSpace> space(new AddressSpace());
  space->device_id_ = device_id;
  space->capacity_ = capacity;
  space->host_accessible_ = host_accessible;

  void* device = ReserveAligned(device_id, capacity);
  if (device == nullptr) return MapFailure(device_id, "reserve the device address range", capacity);
  space->device_base_ = reinterpret_cast<uint64_t>(device);

  if (backing == Backing::kSharedFile) space->fd_ = OpenBackingFile(device_id, capacity);
  if (space->fd_ >= 0) {
    void* shadow = mmap(nullptr, capacity, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, space->fd_, 0);
    if (shadow == MAP_FAILED) return MapFailure(device_id, "map the simulator view", capacity);
    space->shadow_base_ = static_cast<char*>(shadow);
    if (host_accessible && mmap(device, capacity, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED | MAP_NORESERVE,
                                space->fd_, 0) == MAP_FAILED) {
      return MapFailure(device_id, "map the device range host-accessible", capacity);
    }
  } else if (host_accessible) {
    // One private mapping serves as both views.
    if (mprotect(device, capacity, PROT_READ | PROT_WRITE) != 0) {
      return MapFailure(device_id, "make the device range host-accessible", capacity);
    }
    space->shadow_base_ = static_cast<char*>(device);
  } else {
    void* shadow = mmap(nullptr, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (shadow == MAP_FAILED) return MapFailure(device_id, "map the simulator view", capacity);
    space->shadow_base_ = static_cast<char*>(shadow);
  }
  ASIM_LOG_INFO("[SIM] device {}: {} bytes of device address space at {} ({}, {} backing), simulator view at {}",
                device_id, capacity, HexAddress(space->device_base_),
                host_accessible ? "host-accessible" : "not host-accessible", space->fd_ >= 0 ? "memfd" : "anonymous",
                HexAddress(reinterpret_cast<uint64_t>(space->shadow_base_)));
  *out = std::move(space);
  return Status::Ok();
}

AddressSpace::~AddressSpace() {
  if (device_base_ != 0) munmap(reinterpret_cast<void*>(device_base_), capacity_);
  if (shadow_base_ != nullptr && reinterpret_cast<uint64_t>(shadow_base_) != device_base_) {
    munmap(shadow_base_, capacity_);
  }
  if (fd_ >= 0) close(fd_);
}

void AddressSpace::Populate(uint64_t offset, uint64_t len) {
#ifdef MADV_POPULATE_WRITE
  if (len == 0 || offset >= capacity_) return;
  const uint64_t page = PageSize();
  const uint64_t begin = offset / page * page;
  const uint64_t end = std::min(capacity_, (offset + len + page - 1) / page * page);
  (void)madvise(shadow_base_ + begin, end - begin, MADV_POPULATE_WRITE);
#else
  (void)offset;
  (void)len;
#endif
}

void AddressSpace::AdviseHugePages(uint64_t offset, uint64_t len) {
#ifdef MADV_HUGEPAGE
  if (fd_ >= 0 || len == 0 || offset >= capacity_) return;
  const uint64_t page = PageSize();
  const uint64_t begin = (offset + page - 1) / page * page;
  const uint64_t end = std::min(capacity_, (offset + len) / page * page);
  if (begin < end) (void)madvise(shadow_base_ + begin, end - begin, MADV_HUGEPAGE);
#else
  (void)offset;
  (void)len;
#endif
}

void AddressSpace::Release(uint64_t offset, uint64_t len) {
  if (len == 0) return;
  int rc = 0;
  if (fd_ >= 0) {
    rc =
        fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(offset), static_cast<off_t>(len));
  } else {
    rc = madvise(shadow_base_ + offset, len, MADV_DONTNEED);
  }
  if (rc != 0) {
    ASIM_LOG_WARN("[SIM] device {}: returning {} bytes at offset {} to the OS failed: {}", device_id_, len, offset,
                  Errno());
  }
}

uint64_t AddressSpace::ResidentBytes(uint64_t offset, uint64_t len) const {
  if (offset >= capacity_) return 0;
  if (len > capacity_ - offset) len = capacity_ - offset;
  struct stat st;
  if (fd_ >= 0 && offset == 0 && len == capacity_ && fstat(fd_, &st) == 0) {
    return static_cast<uint64_t>(st.st_blocks) * 512;  // pages the memfd holds: O(1)
  }
  const uint64_t page = PageSize();
  constexpr uint64_t kChunkPages = uint64_t{1} << 16;
  std::vector<unsigned char> vec(kChunkPages);
  uint64_t pages = 0;
  for (uint64_t done = 0; done < len; done += kChunkPages * page) {
    const uint64_t chunk = std::min(len - done, kChunkPages * page);
    if (mincore(shadow_base_ + offset + done, chunk, vec.data()) != 0) return 0;
    for (uint64_t i = 0; i < (chunk + page - 1) / page; ++i) pages += vec[i] & 1;
  }
  return pages * page;
}

}  // namespace asim::sim
