// Names of the profiling data model's enums and the task type rule. See records.h.
//
// Thread safety: pure functions over constant tables. Failure: unknown names give nullopt.
#include "profdata/records.h"

#include <array>

namespace asim::profdata {
namespace {

constexpr std::array<std::string_view, 9> kKindNames = {"Kernel",     "Memcpy",   "Memset", "EventRecord", "EventWait",
                                                        "EventReset", "HostFunc", "Dvpp",   "Collective"};
constexpr std::array<std::string_view, 8> kEngineNames = {"AI_CORE", "AI_CPU", "DMA_H2D", "DMA_D2H",
                                                          "DMA_D2D", "HOST",   "SYNC",    "DVPP"};

}  // namespace

const char* TaskKindName(TaskKind kind) {
  const size_t i = static_cast<size_t>(kind);
  return i < kKindNames.size() ? kKindNames[i].data() : "Unknown";
}

const char* EngineName(Engine engine) {
  const size_t i = static_cast<size_t>(engine);
  return i < kEngineNames.size() ? kEngineNames[i].data() : "UNKNOWN";
}

std::optional<TaskKind> TaskKindFromName(std::string_view name) {
  for (size_t i = 0; i < kKindNames.size(); ++i) {
    if (kKindNames[i] == name) return static_cast<TaskKind>(i);
  }
  return std::nullopt;
}

std::optional<Engine> EngineFromName(std::string_view name) {
  for (size_t i = 0; i < kEngineNames.size(); ++i) {
    if (kEngineNames[i] == name) return static_cast<Engine>(i);
  }
  return std::nullopt;
}

bool RunsOnVectorCores(const DeviceTask& task, const ChipInfo& chip) {
  if (!chip.split_cube_vector || task.kind != TaskKind::kKernel || task.engine != Engine::kAiCore) return false;
  if (task.counters.has_work) return task.counters.cube_macs == 0;
  return task.counters.valid && task.counters.cube_cycles == 0;
}

std::string TaskTypeOf(const DeviceTask& task, const ChipInfo& chip) {
  switch (task.kind) {
    case TaskKind::kKernel:
      if (task.engine == Engine::kAiCpu) return "AI_CPU";
      return RunsOnVectorCores(task, chip) ? "AI_VECTOR_CORE" : "AI_CORE";
    case TaskKind::kMemcpy: return "MEMCPY_ASYNC";
    case TaskKind::kMemset: return "MEMSET";
    case TaskKind::kEventRecord: return "EVENT_RECORD";
    case TaskKind::kEventWait: return "EVENT_WAIT";
    case TaskKind::kEventReset: return "EVENT_RESET";
    case TaskKind::kHostFunc: return "HOSTFUNC_CALLBACK";
    case TaskKind::kDvpp: return "DVPP";
    case TaskKind::kCollective: return "HCCL";
  }
  return "UNKNOWN";
}

}  // namespace asim::profdata
