// Buffers for the workers of one parallel loop, handed out by worker slot: the worker in
// slot k (spin_pool.h, or oneTBB's arena) gets buffer k while it is free, so that across
// calls (each leasing buffer k with affinity k, scratch_pool.h) a core writes the buffer it
// wrote last time, whose lines its cache still owns, instead of one another core wrote
// (every line then crosses between cores first). Which buffer a work item gets never changes
// its results.
//
// Owns: the claim flags, not the buffers (the caller's leases). Owner: kernels/common.
// Thread safety: Claim may be called from any number of threads at once, each getting a
// buffer no other live claim holds, provided no more claims live at once than there are
// buffers (a loop over at most `count` work items, one claim per body call, ensures it).
// Failure: none.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace asim::kernels {

// The calling thread's slot: in the spinning pool (spin_pool.h) when it is taking part in a
// pool loop, else in the oneTBB arena it works in, or -1 outside both.
int CurrentWorkerSlot();

class WorkerScratch {
 public:
  // `buffers`: `count` (>= 1) buffers, buffer k meant for worker slot k.
  WorkerScratch(float* const* buffers, int64_t count);
  WorkerScratch(const WorkerScratch&) = delete;
  WorkerScratch& operator=(const WorkerScratch&) = delete;

  // A buffer held until the claim ends: the caller's slot's when free, else the first free.
  class Claim {
   public:
    Claim(Claim&& other) noexcept : owner_(other.owner_), index_(other.index_) { other.owner_ = nullptr; }
    Claim(const Claim&) = delete;
    Claim& operator=(const Claim&) = delete;
    Claim& operator=(Claim&&) = delete;
    ~Claim();
    float* data() const;
    int64_t index() const { return index_; }

   private:
    friend class WorkerScratch;
    Claim(const WorkerScratch* owner, int64_t index) : owner_(owner), index_(index) {}
    const WorkerScratch* owner_;
    int64_t index_;
  };
  Claim Take() const;

 private:
  float* const* buffers_;
  int64_t count_;
  std::unique_ptr<std::atomic<bool>[]> busy_;
};

}  // namespace asim::kernels
