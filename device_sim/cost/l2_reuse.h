// L2ReuseModel: which bytes a task finds in the on-chip L2, for a caller that runs a sequence
// of tasks and knows which tensor each one reads and writes (the model executor, the
// ResNet-50 bench). It produces the CostHints that EstimateCost takes.
//
// Model (docs/cost_model.md, "L2 reuse"): the L2 is an LRU stack of whole tensors. A read of
// a tensor finds resident the part of it that is still within the L2 capacity after the
// bytes touched since its last use (LRU stack distance, clamped to [0, size]). A write puts
// the tensor on top; ATC's default buffer_optimize=l2_optimize and its buffer re-use keep
// up to half the L2 of each output on chip (read by its consumers, then overwritten in
// place), the rest is written back. Streamed data (weights read once) only pushes tensors
// down the stack. Data-free: only ids and byte counts.
// Owner: device_sim/cost. Thread safety: thread-compatible (one instance per task sequence).
// Failure: none; unknown ids read as misses.
#pragma once

#include <cstdint>
#include <vector>

namespace asim::sim {

class L2ReuseModel {
 public:
  explicit L2ReuseModel(uint64_t l2_bytes);

  // Reads tensor `id` of `bytes`: returns the bytes found in L2, then marks it most recent.
  uint64_t Read(uint64_t id, uint64_t bytes);
  // Writes tensor `id` of `bytes`: returns the bytes that stay in L2 (not written back),
  // and marks it most recent.
  uint64_t Write(uint64_t id, uint64_t bytes);
  // Data passing through once (weights): pushes everything else down by `bytes`.
  void Stream(uint64_t bytes);

  uint64_t l2_bytes() const { return l2_bytes_; }

 private:
  struct Entry {
    uint64_t id;
    uint64_t bytes;
    bool stream;
  };
  void Touch(uint64_t id, uint64_t bytes, bool stream);

  uint64_t l2_bytes_;
  std::vector<Entry> stack_;  // least recent first
};

}  // namespace asim::sim
