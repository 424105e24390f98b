// Large kernel buffers with transparent huge pages. See large_buffer.h.
#include "kernels/common/host/large_buffer.h"

#include <sys/mman.h>

#include <new>

namespace asim::kernels {
namespace {

// Below this a buffer is not worth a mapping of its own (and a huge page could not fill).
constexpr size_t kMappedFrom = size_t{2} << 20;

}  // namespace

void* AllocateLargeBytes(size_t bytes) {
  if (bytes < kMappedFrom) return ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(64), std::nothrow);
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) return nullptr;
#ifdef MADV_HUGEPAGE
  (void)::madvise(p, bytes, MADV_HUGEPAGE);  // a hint: without THP the mapping works as is
#endif
  return p;
}

void LargeBufferFree::operator()(void* p) const {
  if (p == nullptr) return;
  if (bytes < kMappedFrom) {
    ::operator delete(p, std::align_val_t(64));
  } else {
    ::munmap(p, bytes);
  }
}

}  // namespace asim::kernels
