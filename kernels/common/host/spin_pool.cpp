// The kernels' spinning worker pool. See spin_pool.h.
//
// One loop at a time: the caller publishes the loop (fields, then the gate opened, then the
// generation bumped), takes chunks itself, closes the gate and waits until the workers that
// passed the gate have left it. A worker passes the gate only while it is open, so one that
// wakes late finds it closed and goes back to waiting; the loop's fields are read only inside.
#include "kernels/common/host/spin_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include <tbb/info.h>

namespace asim::kernels {
namespace {

// How long a worker spins after a loop before it sleeps: long enough to cover the gap
// between two kernels of a model and between two executions of a benchmark loop, short
// enough that an idle process stops burning a core at once.
constexpr auto kSpinBudget = std::chrono::microseconds(500);
// The smallest chunk is 1/kSmallestChunksPerThread of a thread's share (or the grain, when
// larger): how long a thread may wait at the end of a loop for another's last chunk.
constexpr int64_t kSmallestChunksPerThread = 32;

thread_local int t_slot = -1;         // SpinPoolSlot()
thread_local bool t_in_loop = false;  // inside a pool loop (caller or worker)

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield" ::: "memory");
#endif
}

// One step of a wait for another thread: a pause, and every kYieldEvery steps a yield of the
// core, so that a thread the scheduler has placed on this core beside us (the one we wait
// for, for instance) gets to run; alone on its core, the yield returns at once.
constexpr uint32_t kYieldEvery = 256;
inline void WaitStep(uint32_t step) {
  CpuRelax();
  if (step % kYieldEvery == kYieldEvery - 1) std::this_thread::yield();
}

class SpinPool {
 public:
  // Throws std::system_error when a thread cannot be started (none is left running then).
  explicit SpinPool(int threads) : threads_(threads) {
    workers_.reserve(static_cast<size_t>(threads - 1));
    try {
      for (int slot = 1; slot < threads; ++slot) workers_.emplace_back([this, slot] { WorkerMain(slot); });
    } catch (...) {
      StopWorkers();
      throw;
    }
  }

  ~SpinPool() { StopWorkers(); }

  SpinPool(const SpinPool&) = delete;
  SpinPool& operator=(const SpinPool&) = delete;

  int threads() const { return threads_; }

  bool TryRun(int64_t n, int64_t grain, ChunkFunction chunk, const void* body) {
    std::unique_lock lock(run_mutex_, std::try_to_lock);
    if (!lock.owns_lock()) return false;
    // Thread k's share is the k-th contiguous slice of [0, n) (neighbouring items often share
    // input rows or weights), taken from its front in halves of what is left (guided), down to
    // the smallest chunk; a thread done with its own share takes from the others' the same way.
    // A late or descheduled worker thus loses its share to the caller, and at the end no thread
    // waits for more than one smallest chunk of another's.
    // Shares start at multiples of the grain and chunks are multiples of it (but a share's
    // last), so that every chunk has at least `grain` items.
    grain_ = std::max<int64_t>(grain, 1);
    min_chunk_ = std::max(grain_, CeilDiv(n, threads_ * kSmallestChunksPerThread));
    for (int k = 0; k < threads_; ++k) {
      Share& share = shares_[static_cast<size_t>(k)];
      share.end = k + 1 == threads_ ? n : n * (k + 1) / threads_ / grain_ * grain_;
      share.next.store(n * k / threads_ / grain_ * grain_, std::memory_order_relaxed);
    }
    chunk_ = chunk;
    body_ = body;
    error_ = nullptr;
    gate_.store(kOpen, std::memory_order_release);
    Publish();

    t_slot = 0;
    t_in_loop = true;
    TakeChunks(0);
    t_in_loop = false;
    t_slot = -1;

    // Close the gate, then wait for the workers inside to finish their chunks.
    gate_.fetch_and(~kOpen, std::memory_order_acq_rel);
    for (uint32_t step = 0; (gate_.load(std::memory_order_acquire) & ~kOpen) != 0; ++step) WaitStep(step);
    if (error_ != nullptr) std::rethrow_exception(error_);
    return true;
  }

 private:
  static constexpr uint32_t kOpen = 1u << 31;

  static int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

  void StopWorkers() {
    stop_.store(true, std::memory_order_relaxed);
    Publish();
    for (std::thread& worker : workers_) worker.join();
  }

  // A new generation for the workers; wakes the sleeping ones (no system call while every
  // worker still spins). With NextGeneration's sleep: either the sleeper sees the new
  // generation or we see the sleeper (both sequentially consistent), and the notification
  // comes after the sleeper waits on the condition (we take its mutex first).
  void Publish() {
    generation_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) {
      { std::lock_guard sleep_lock(sleep_mutex_); }
      wake_.notify_all();
    }
  }

  // Chunks from the slot's own share, then from the others'.
  void TakeChunks(int slot) {
    for (int i = 0; i < threads_; ++i) {
      Share& share = shares_[static_cast<size_t>((slot + i) % threads_)];
      int64_t begin = share.next.load(std::memory_order_relaxed);
      for (;;) {
        if (begin >= share.end) break;
        const int64_t left = share.end - begin;
        const int64_t size = CeilDiv(std::max(min_chunk_, left / 2), grain_) * grain_;
        const int64_t end = left - size < grain_ ? share.end : begin + size;
        if (!share.next.compare_exchange_weak(begin, end, std::memory_order_relaxed)) continue;
        try {
          chunk_(body_, begin, end);
        } catch (...) {
          std::lock_guard error_lock(error_mutex_);
          if (error_ == nullptr) error_ = std::current_exception();
        }
        begin = share.next.load(std::memory_order_relaxed);
      }
    }
  }

  // Enters the gate when it is open; false when closed.
  bool Enter() {
    uint32_t state = gate_.load(std::memory_order_relaxed);
    do {
      if ((state & kOpen) == 0) return false;
    } while (!gate_.compare_exchange_weak(state, state + 1, std::memory_order_acquire, std::memory_order_relaxed));
    return true;
  }

  // Waits for a generation other than `seen`: spins for kSpinBudget, then sleeps.
  uint32_t NextGeneration(uint32_t seen) {
    const auto spin_until = std::chrono::steady_clock::now() + kSpinBudget;
    for (uint32_t round = 0;; ++round) {
      const uint32_t now = generation_.load(std::memory_order_acquire);
      if (now != seen) return now;
      WaitStep(round);
      if ((round & 255) == 255 && std::chrono::steady_clock::now() >= spin_until) break;
    }
    std::unique_lock sleep_lock(sleep_mutex_);
    sleepers_.fetch_add(1, std::memory_order_seq_cst);
    uint32_t now = generation_.load(std::memory_order_seq_cst);
    while (now == seen) {
      wake_.wait(sleep_lock);
      now = generation_.load(std::memory_order_acquire);
    }
    sleepers_.fetch_sub(1, std::memory_order_relaxed);
    return now;
  }

  void WorkerMain(int slot) {
    t_slot = slot;
    // The generation at construction, not the one now: a loop published before this thread
    // got to run is one it must still see.
    uint32_t seen = 0;
    for (;;) {
      seen = NextGeneration(seen);
      if (stop_.load(std::memory_order_relaxed)) return;
      if (!Enter()) continue;
      t_in_loop = true;
      TakeChunks(slot);
      t_in_loop = false;
      gate_.fetch_sub(1, std::memory_order_release);
    }
  }

  const int threads_;
  std::vector<std::thread> workers_;
  std::mutex run_mutex_;  // one loop at a time
  alignas(64) std::atomic<uint32_t> generation_{0};
  std::atomic<bool> stop_{false};
  std::atomic<int> sleepers_{0};  // workers asleep or about to sleep on wake_
  std::mutex sleep_mutex_;
  std::condition_variable wake_;
  alignas(64) std::atomic<uint32_t> gate_{0};  // kOpen | workers inside
  // Each thread's share of the loop: the next chunk's first item and the share's end.
  struct alignas(64) Share {
    std::atomic<int64_t> next{0};
    int64_t end = 0;
  };
  std::vector<Share> shares_ = std::vector<Share>(static_cast<size_t>(threads_));
  // The loop: written by the caller before the gate opens, read by workers inside it.
  int64_t grain_ = 1;
  int64_t min_chunk_ = 1;
  ChunkFunction chunk_ = nullptr;
  const void* body_ = nullptr;
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

struct Registry {
  std::mutex mutex;  // guards pool and unstartable
  std::shared_ptr<SpinPool> pool;
  int unstartable = 0;  // a thread count whose threads could not be started
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();  // process lifetime, like the cap (host_threads.cpp)
  return *registry;
}

// The pool of `threads` threads, or null when its threads cannot be started (oneTBB, which
// starts its own, gets the loops then).
std::shared_ptr<SpinPool> PoolFor(int threads) {
  Registry& registry = TheRegistry();
  std::lock_guard lock(registry.mutex);
  if (registry.pool == nullptr || registry.pool->threads() != threads) {
    registry.pool.reset();  // joins the old threads unless a loop still holds the pool
    if (registry.unstartable == threads) return nullptr;
    try {
      registry.pool = std::make_shared<SpinPool>(threads);
    } catch (const std::system_error&) {
      registry.unstartable = threads;
      return nullptr;
    }
  }
  return registry.pool;
}

}  // namespace

bool RunOnSpinPool(int threads, int64_t n, int64_t grain, ChunkFunction chunk, const void* body) {
  if (t_in_loop) {
    chunk(body, 0, n);
    return true;
  }
  // More threads than the process has cores: spinning workers would take turns with the
  // threads doing the work; oneTBB's sleeping workers do better there.
  static const int cores = tbb::info::default_concurrency();  // the process's affinity mask
  if (threads < 2 || threads > cores) return false;
  const std::shared_ptr<SpinPool> pool = PoolFor(threads);
  return pool != nullptr && pool->TryRun(n, grain, chunk, body);
}

int SpinPoolSlot() {
  return t_slot;
}

}  // namespace asim::kernels
