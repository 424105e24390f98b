#include "device_sim/engine/timeline.h"

#include <algorithm>

namespace asim::sim {

Timeline::Timeline(const TimingParams& params) : params_(params) {
  auto instances = [&](EngineKind e) -> size_t {
    switch (e) {
      case EngineKind::kAiCore: return std::max<uint32_t>(1, params_.ai_core_count);
      case EngineKind::kAiCpu: return std::max<uint32_t>(1, params_.ai_cpu_count);
      case EngineKind::kDmaH2D:
      case EngineKind::kDmaD2H:
      case EngineKind::kDmaD2D: return std::max<uint32_t>(1, params_.dma_channels);
      case EngineKind::kDvpp: return 1;  // one queue: the published rates are the chip's totals
      case EngineKind::kHost:
      case EngineKind::kSync: return 0;  // no contention
    }
    return 0;
  };
  for (int i = 0; i < kEngineKindCount; ++i) {
    busy_until_[i].assign(instances(static_cast<EngineKind>(i)), 0);
  }
}

Timeline::Slot Timeline::Place(EngineKind engine, uint32_t block_dim, SimPs ready, SimPs duration) {
  std::vector<SimPs>& units = busy_until_[static_cast<int>(engine)];
  Slot slot;
  if (units.empty()) {
    slot.start = ready;
  } else {
    // Use the `need` units that free up first; the task starts when the last of them is free.
    size_t need = std::clamp<size_t>(block_dim == 0 ? 1 : block_dim, 1, units.size());
    std::vector<size_t> order(units.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    // Stable by index so that equal busy times always pick the same units.
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return units[a] < units[b]; });
    slot.start = std::max(ready, units[order[need - 1]]);
    slot.end = slot.start + duration;
    for (size_t i = 0; i < need; ++i) units[order[i]] = slot.end;
  }
  slot.end = slot.start + duration;
  horizon_ = std::max(horizon_, slot.end);
  return slot;
}

SimPs Timeline::CopyDuration(EngineKind engine, uint64_t bytes) const {
  double gbps = params_.d2d_gbps;
  if (engine == EngineKind::kDmaH2D) gbps = params_.h2d_gbps;
  if (engine == EngineKind::kDmaD2H) gbps = params_.d2h_gbps;
  if (engine == EngineKind::kHost) gbps = params_.d2d_gbps * 2;  // host memcpy: not on the device
  return UsToPs(params_.copy_latency_us) + TransferPs(bytes, gbps);
}

SimPs Timeline::MemsetDuration(uint64_t bytes) const {
  return UsToPs(params_.copy_latency_us) + TransferPs(bytes, params_.memset_gbps);
}

}  // namespace asim::sim
