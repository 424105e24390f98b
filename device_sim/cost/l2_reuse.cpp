// L2ReuseModel: an LRU stack of whole tensors (see l2_reuse.h for the model).
// Owner: device_sim/cost. Thread safety: thread-compatible. Failure: none.
#include "device_sim/cost/l2_reuse.h"

#include <algorithm>

namespace asim::sim {

L2ReuseModel::L2ReuseModel(uint64_t l2_bytes) : l2_bytes_(l2_bytes) {}

uint64_t L2ReuseModel::Read(uint64_t id, uint64_t bytes) {
  uint64_t above = 0;  // bytes touched since `id` was last used
  uint64_t hit = 0;
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
    if (!it->stream && it->id == id) {
      hit = above >= l2_bytes_ ? 0 : std::min(bytes, l2_bytes_ - above);
      break;
    }
    above += it->bytes;
  }
  Touch(id, bytes, false);
  return hit;
}

uint64_t L2ReuseModel::Write(uint64_t id, uint64_t bytes) {
  Touch(id, bytes, false);
  return std::min(bytes, l2_bytes_ / 2);
}

void L2ReuseModel::Stream(uint64_t bytes) {
  if (bytes > 0) Touch(0, bytes, true);
}

void L2ReuseModel::Touch(uint64_t id, uint64_t bytes, bool stream) {
  if (!stream) {
    stack_.erase(std::remove_if(stack_.begin(), stack_.end(), [id](const Entry& e) { return !e.stream && e.id == id; }),
                 stack_.end());
  }
  stack_.push_back(Entry{id, bytes, stream});
  // Drop entries buried under more than the whole L2: they can no longer hit.
  uint64_t above = 0;
  size_t keep_from = 0;
  for (size_t i = stack_.size(); i-- > 0;) {
    if (above >= l2_bytes_) {
      keep_from = i + 1;
      break;
    }
    above += stack_[i].bytes;
  }
  if (keep_from > 0) stack_.erase(stack_.begin(), stack_.begin() + static_cast<std::ptrdiff_t>(keep_from));
}

}  // namespace asim::sim
