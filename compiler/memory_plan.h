// Memory planning: offsets in one work arena for blocks with known lifetimes.
//
// Owns: the allocation rule. Steps are the nodes in execution order. A block is live from
// the start of step `first` to the end of step `last`; two blocks whose lifetimes
// intersect never overlap in memory, and a block freed at the end of a step is reused by
// blocks allocated at later steps (best fit among the free holes, lowest offset on ties;
// else at the end of the arena, growing the last hole when it touches the end). Every
// offset is a multiple of `alignment` and every reserved size a multiple of it (at least
// one alignment unit). Blocks starting at the same step are placed in the given order.
// Thread safety: pure. Failure: none (sizes are not checked against any capacity).
#pragma once

#include <cstdint>
#include <vector>

namespace asim::atc {

struct MemoryBlock {
  uint64_t bytes = 0;
  int first = 0;  // step that writes it
  int last = 0;   // last step that reads it (>= first)
};

struct MemoryPlan {
  std::vector<uint64_t> offsets;   // per block
  std::vector<uint64_t> reserved;  // per block: bytes rounded up to the alignment
  uint64_t total = 0;              // arena size (a multiple of the alignment)
};

MemoryPlan PlanMemory(const std::vector<MemoryBlock>& blocks, uint64_t alignment);

}  // namespace asim::atc
