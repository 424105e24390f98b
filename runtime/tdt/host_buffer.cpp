// HostBuffer: aligned host allocations (see host_buffer.h).
#include "runtime/tdt/host_buffer.h"

#include <new>

namespace asim::tdt {

void AlignedFree::operator()(uint8_t* p) const {
  ::operator delete(p, std::align_val_t(HostBuffer::kAlignment));
}

HostBuffer::HostBuffer(size_t size) : size_(size) {
  if (size == 0) return;
  bytes_.reset(static_cast<uint8_t*>(::operator new(size, std::align_val_t(kAlignment))));
}

}  // namespace asim::tdt
