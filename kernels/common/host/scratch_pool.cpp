// The scratch cache behind ScratchLease (see scratch_pool.h).
// Owner: kernels/common. Thread safety: one mutex around the idle list.
#include "kernels/common/host/scratch_pool.h"

#include <algorithm>
#include <mutex>
#include <utility>
#include <vector>

namespace asim::kernels {
namespace {

constexpr size_t kWorkerBufferBytes = size_t{2} << 20;

struct IdleBuffer {
  LargeBuffer<char> buffer;
  int affinity = kAnyAffinity;
  size_t bytes() const { return buffer.get_deleter().bytes; }
};

struct Pool {
  std::mutex mutex;
  std::vector<IdleBuffer> idle;  // at most kCachedBuffers per affinity
};

// The smallest idle buffer of at least `bytes` that `accept` takes, or idle.end().
template <typename Accept>
std::vector<IdleBuffer>::iterator SmallestFitting(std::vector<IdleBuffer>& idle, size_t bytes, const Accept& accept) {
  auto best = idle.end();
  for (auto it = idle.begin(); it != idle.end(); ++it) {
    if (it->bytes() >= bytes && accept(*it) && (best == idle.end() || it->bytes() < best->bytes())) best = it;
  }
  return best;
}

Pool& ThePool() {
  static Pool* pool = new Pool;  // never destroyed: leases may end during static destruction
  return *pool;
}

}  // namespace

ScratchLease::ScratchLease(size_t bytes, int affinity) : affinity_(affinity) {
  Pool& pool = ThePool();
  {
    std::lock_guard<std::mutex> lock(pool.mutex);
    auto best = SmallestFitting(pool.idle, bytes, [&](const IdleBuffer& b) { return b.affinity == affinity; });
    if (best == pool.idle.end()) best = SmallestFitting(pool.idle, bytes, [](const IdleBuffer&) { return true; });
    if (best != pool.idle.end()) {
      buffer_ = std::move(best->buffer);
      pool.idle.erase(best);
      return;
    }
  }
  // A worker's buffer (an affinity) is a 2 MiB-aligned mapping of its own, however small, so
  // that its place does not depend on the heap's layout: two row-part buffers of ~250 KB
  // side by side in the heap left the Winograd input transform at 2 threads 1.6x the CPU
  // time of the same buffers 256 KB- or 2 MiB-aligned (ResNet-50 batch 8, Zen 5 VM: 48-50 ms
  // against 29-30 ms per run; the mechanism not pinned down). At most kCachedBuffers idle
  // ones per affinity, so a few MB per worker.
  buffer_ = AllocateLarge<char>(affinity == kAnyAffinity ? bytes : std::max(bytes, kWorkerBufferBytes));
}

ScratchLease::~ScratchLease() {
  if (buffer_ == nullptr) return;
  Pool& pool = ThePool();
  LargeBuffer<char> evicted;  // freed outside the lock (declared before it)
  std::lock_guard<std::mutex> lock(pool.mutex);
  pool.idle.push_back(IdleBuffer{std::move(buffer_), affinity_});
  const auto same = [&](const IdleBuffer& b) { return b.affinity == affinity_; };
  if (static_cast<size_t>(std::count_if(pool.idle.begin(), pool.idle.end(), same)) > kCachedBuffers) {
    const auto smallest = SmallestFitting(pool.idle, 0, same);
    evicted = std::move(smallest->buffer);
    pool.idle.erase(smallest);
  }
}

size_t ScratchPoolIdleBytes() {
  Pool& pool = ThePool();
  std::lock_guard<std::mutex> lock(pool.mutex);
  size_t bytes = 0;
  for (const auto& b : pool.idle) bytes += b.bytes();
  return bytes;
}

void TrimScratchPool() {
  std::vector<IdleBuffer> idle;
  {
    Pool& pool = ThePool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    idle.swap(pool.idle);
  }
}

}  // namespace asim::kernels
