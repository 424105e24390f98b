// Timing-only execution switch (see compute_mode.h).
#include "runtime/model/compute_mode.h"

#include <atomic>

namespace asim::model {
namespace {
std::atomic<bool> g_compute{true};
}  // namespace

bool ComputeEnabled() {
  return g_compute.load(std::memory_order_relaxed);
}

void SetComputeEnabled(bool enabled) {
  g_compute.store(enabled, std::memory_order_relaxed);
}

}  // namespace asim::model
