// The scratch cache behind ScratchLease (see scratch_pool.h).
// Owner: kernels/common. Thread safety: one mutex around the idle list.
#include "kernels/common/host/scratch_pool.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

namespace asim::kernels {
namespace {

struct Pool {
  std::mutex mutex;
  std::vector<LargeBuffer<char>> idle;  // at most kCachedBuffers
};

Pool& ThePool() {
  static Pool* pool = new Pool;  // never destroyed: leases may end during static destruction
  return *pool;
}

}  // namespace

ScratchLease::ScratchLease(size_t bytes) {
  Pool& pool = ThePool();
  {
    std::lock_guard<std::mutex> lock(pool.mutex);
    // The smallest idle buffer that is large enough.
    auto best = pool.idle.end();
    for (auto it = pool.idle.begin(); it != pool.idle.end(); ++it) {
      if (it->get_deleter().bytes >= bytes &&
          (best == pool.idle.end() || it->get_deleter().bytes < best->get_deleter().bytes)) {
        best = it;
      }
    }
    if (best != pool.idle.end()) {
      buffer_ = std::move(*best);
      pool.idle.erase(best);
      return;
    }
  }
  buffer_ = AllocateLarge<char>(bytes);
}

ScratchLease::~ScratchLease() {
  if (buffer_ == nullptr) return;
  Pool& pool = ThePool();
  LargeBuffer<char> evicted;  // freed outside the lock
  std::lock_guard<std::mutex> lock(pool.mutex);
  pool.idle.push_back(std::move(buffer_));
  if (pool.idle.size() > kCachedBuffers) {
    auto smallest = std::min_element(pool.idle.begin(), pool.idle.end(), [](const auto& a, const auto& b) {
      return a.get_deleter().bytes < b.get_deleter().bytes;
    });
    evicted = std::move(*smallest);
    pool.idle.erase(smallest);
  }
}

size_t ScratchPoolIdleBytes() {
  Pool& pool = ThePool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  size_t bytes = 0;
  for (const auto& b : pool.idle) bytes += b.get_deleter().bytes;
  return bytes;
}

void TrimScratchPool() {
  std::vector<LargeBuffer<char>> idle;
  {
    Pool& pool = ThePool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    idle.swap(pool.idle);
  }
}

}  // namespace asim::kernels
