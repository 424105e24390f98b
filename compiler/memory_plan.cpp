// PlanMemory (see memory_plan.h). Thread safety and failure: as the header says.
#include "compiler/memory_plan.h"

#include <algorithm>
#include <iterator>
#include <map>

namespace asim::atc {
namespace {

// Free holes of the arena, offset -> size, coalesced.
class FreeList {
 public:
  uint64_t Allocate(uint64_t size, uint64_t* total) {
    auto best = holes_.end();
    for (auto it = holes_.begin(); it != holes_.end(); ++it) {
      if (it->second >= size && (best == holes_.end() || it->second < best->second)) best = it;
    }
    if (best != holes_.end()) {
      const uint64_t offset = best->first;
      const uint64_t rest = best->second - size;
      holes_.erase(best);
      if (rest != 0) holes_[offset + size] = rest;
      return offset;
    }
    // Grow the arena; a hole touching its end becomes the start of the block.
    uint64_t offset = *total;
    if (!holes_.empty()) {
      auto last = std::prev(holes_.end());
      if (last->first + last->second == *total) {
        offset = last->first;
        holes_.erase(last);
      }
    }
    *total = offset + size;
    return offset;
  }

  void Free(uint64_t offset, uint64_t size) {
    auto next = holes_.lower_bound(offset);
    if (next != holes_.end() && offset + size == next->first) {
      size += next->second;
      next = holes_.erase(next);
    }
    if (next != holes_.begin()) {
      auto prev = std::prev(next);
      if (prev->first + prev->second == offset) {
        prev->second += size;
        return;
      }
    }
    holes_[offset] = size;
  }

 private:
  std::map<uint64_t, uint64_t> holes_;
};

}  // namespace

MemoryPlan PlanMemory(const std::vector<MemoryBlock>& blocks, uint64_t alignment) {
  MemoryPlan plan;
  plan.offsets.assign(blocks.size(), 0);
  plan.reserved.assign(blocks.size(), 0);
  int steps = 0;
  for (const auto& b : blocks) steps = std::max({steps, b.first + 1, b.last + 1});
  std::vector<std::vector<size_t>> starting(static_cast<size_t>(steps)), ending(static_cast<size_t>(steps));
  for (size_t i = 0; i < blocks.size(); ++i) {
    const uint64_t units = std::max<uint64_t>(1, (blocks[i].bytes + alignment - 1) / alignment);
    plan.reserved[i] = units * alignment;
    starting[static_cast<size_t>(blocks[i].first)].push_back(i);
    ending[static_cast<size_t>(std::max(blocks[i].first, blocks[i].last))].push_back(i);
  }
  FreeList free_list;
  for (size_t s = 0; s < static_cast<size_t>(steps); ++s) {
    for (size_t i : starting[s]) plan.offsets[i] = free_list.Allocate(plan.reserved[i], &plan.total);
    for (size_t i : ending[s]) free_list.Free(plan.offsets[i], plan.reserved[i]);
  }
  return plan;
}

}  // namespace asim::atc
