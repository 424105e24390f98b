#include "device_sim/engine/task.h"

namespace asim::sim {

const char* TaskKindName(TaskKind kind) {
  switch (kind) {
    case TaskKind::kKernel: return "Kernel";
    case TaskKind::kMemcpy: return "Memcpy";
    case TaskKind::kMemset: return "Memset";
    case TaskKind::kEventRecord: return "EventRecord";
    case TaskKind::kEventWait: return "EventWait";
    case TaskKind::kEventReset: return "EventReset";
    case TaskKind::kHostFunc: return "HostFunc";
    case TaskKind::kDvpp: return "Dvpp";
    case TaskKind::kCollective: return "Collective";
  }
  return "Unknown";
}

const char* EngineKindName(EngineKind kind) {
  switch (kind) {
    case EngineKind::kAiCore: return "AI_CORE";
    case EngineKind::kAiCpu: return "AI_CPU";
    case EngineKind::kDmaH2D: return "DMA_H2D";
    case EngineKind::kDmaD2H: return "DMA_D2H";
    case EngineKind::kDmaD2D: return "DMA_D2D";
    case EngineKind::kHost: return "HOST";
    case EngineKind::kSync: return "SYNC";
    case EngineKind::kDvpp: return "DVPP";
  }
  return "UNKNOWN";
}

}  // namespace asim::sim
