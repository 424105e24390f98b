// Buffers by worker slot (see worker_scratch.h).
#include "kernels/common/host/worker_scratch.h"

#include <tbb/task_arena.h>

#include <thread>

#include "kernels/common/host/spin_pool.h"

namespace asim::kernels {

int CurrentWorkerSlot() {
  if (const int pool_slot = SpinPoolSlot(); pool_slot >= 0) return pool_slot;
  const int slot = tbb::this_task_arena::current_thread_index();
  return slot >= 0 ? slot : -1;
}

WorkerScratch::WorkerScratch(float* const* buffers, int64_t count)
    : buffers_(buffers), count_(count), busy_(std::make_unique<std::atomic<bool>[]>(static_cast<size_t>(count))) {
  for (int64_t i = 0; i < count_; ++i) busy_[i].store(false, std::memory_order_relaxed);
}

WorkerScratch::Claim WorkerScratch::Take() const {
  const int64_t slot = CurrentWorkerSlot();
  if (slot >= 0 && slot < count_ && !busy_[slot].exchange(true, std::memory_order_acquire)) return Claim(this, slot);
  // Another thread has this slot's buffer (a slot count above the buffers, or a thread outside
  // any arena): the first free one. One exists while claims are no more than buffers; a
  // claim ending on another thread frees one otherwise.
  for (;;) {
    for (int64_t i = 0; i < count_; ++i) {
      if (!busy_[i].load(std::memory_order_relaxed) && !busy_[i].exchange(true, std::memory_order_acquire)) {
        return Claim(this, i);
      }
    }
    std::this_thread::yield();
  }
}

WorkerScratch::Claim::~Claim() {
  if (owner_ != nullptr) owner_->busy_[index_].store(false, std::memory_order_release);
}

float* WorkerScratch::Claim::data() const {
  return owner_->buffers_[index_];
}

}  // namespace asim::kernels
