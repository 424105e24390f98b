// Large kernel buffers with transparent huge pages. See large_buffer.h.
#include "kernels/common/host/large_buffer.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mutex>
#include <new>
#include <vector>

namespace asim::kernels {
namespace {

// Below this a buffer is not worth a mapping of its own (and a huge page could not fill).
constexpr size_t kMappedFrom = size_t{2} << 20;
constexpr size_t kHuge = size_t{2} << 20;

// `bytes` of fresh memory starting on a 2 MiB boundary (mapped 2 MiB longer, the slack on
// either side unmapped), huge pages asked for: only whole aligned 2 MiB pages can be huge,
// and an unaligned 9 MB buffer had up to 4 MB of 4 KiB pages at its ends. Freed by munmap.
void* MapHugeAligned(size_t bytes) {
  if (bytes > std::numeric_limits<size_t>::max() / 2) return nullptr;  // no such memory; no wrap below
  void* map = ::mmap(nullptr, bytes + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(map);
  const uintptr_t aligned = (start + kHuge - 1) / kHuge * kHuge;
  if (aligned > start) ::munmap(map, aligned - start);
  const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  const uintptr_t end = aligned + (bytes + page - 1) / page * page;  // what stays mapped
  if (start + bytes + kHuge > end) ::munmap(reinterpret_cast<void*>(end), start + bytes + kHuge - end);
  void* p = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE
  (void)::madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without THP the mapping works as is
#endif
  return p;
}

}  // namespace

void* AllocateLargeBytes(size_t bytes) {
  if (bytes < kMappedFrom) return ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(64), std::nothrow);
  return MapHugeAligned(bytes);
}

// Blocks of kArenaBlock bytes (more for a larger buffer), 2 MiB-aligned, huge pages asked
// for; buffers bumped from the newest block, 64-byte aligned. A block's untouched tail costs
// no memory (anonymous pages are made when first written).
class LargeArena {
 public:
  static constexpr size_t kArenaBlock = size_t{32} << 20;
  ~LargeArena() {
    for (const Block& b : blocks_) ::munmap(b.base, b.size);
  }
  void* Allocate(size_t bytes) {
    if (bytes > std::numeric_limits<size_t>::max() / 2) return nullptr;  // no such memory; no wrap below
    bytes = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
    std::lock_guard<std::mutex> lock(mu_);
    if (bytes > kArenaBlock) {  // a block of its own, the current one staying the one to bump
      const size_t size = (bytes + kHuge - 1) / kHuge * kHuge;
      if (!AddBlock(size)) return nullptr;
      blocks_.back().used = size;  // full: never bumped
      char* p = blocks_.back().base;
      if (blocks_.size() > 1) std::swap(blocks_.back(), blocks_[blocks_.size() - 2]);
      return p;
    }
    if (blocks_.empty() || blocks_.back().size - blocks_.back().used < bytes) {
      if (!AddBlock(kArenaBlock)) return nullptr;
    }
    Block& b = blocks_.back();
    void* p = b.base + b.used;
    b.used += bytes;
    return p;
  }

 private:
  struct Block {
    char* base;  // 2 MiB-aligned (MapHugeAligned)
    size_t size;
    size_t used;
  };
  bool AddBlock(size_t size) {
    char* base = static_cast<char*>(MapHugeAligned(size));
    if (base == nullptr) return false;
    try {
      blocks_.push_back(Block{base, size, 0});
    } catch (...) {
      ::munmap(base, size);
      return false;
    }
    return true;
  }
  std::mutex mu_;
  std::vector<Block> blocks_;
};

namespace {
thread_local std::shared_ptr<LargeArena> t_arena;
}  // namespace

LargeArenaScope::LargeArenaScope() {
  t_arena = std::make_shared<LargeArena>();
}

LargeArenaScope::~LargeArenaScope() {
  t_arena.reset();  // the blocks stay while buffers from them do
}

void* AllocatePrepackedBytes(size_t bytes, std::shared_ptr<LargeArena>* arena) {
  arena->reset();
  if (t_arena) {
    void* p = t_arena->Allocate(bytes);
    if (p != nullptr) *arena = t_arena;
    return p;
  }
  return AllocateLargeBytes(bytes);
}

void LargeBufferFree::operator()(void* p) const {
  if (p == nullptr || arena) return;
  if (bytes < kMappedFrom) {
    ::operator delete(p, std::align_val_t(64));
  } else {
    ::munmap(p, bytes);
  }
}

}  // namespace asim::kernels
