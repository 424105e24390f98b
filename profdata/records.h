// The profiling data model: what one collection session recorded, before any export.
//
// Owns: plain records of host API calls (host wall time), msproftx markers, device tasks
// (simulated time) with the cost model's counters, each device's chip numbers and the
// session's settings; the names of task kinds, engines and task types. The runtime's
// collector fills a Profile; raw_io.h writes and reads it as the PROF_* raw data; the
// exporters (summaries.h, timeline.h) turn it into the msprof deliverables.
// Times: host events are wall-clock nanoseconds since the Unix epoch; device tasks are
// simulated picoseconds on the device's simulated clock (deterministic for a program).
// Thread safety: plain values. Failure: the name lookups return nullopt / "UNKNOWN".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace asim::profdata {

// The msprof deliverables follow one CANN version's column sets (docs/profiling.md).
inline constexpr const char* kCannVersion = "8.0.0";

// Mirrors sim::TaskKind / sim::EngineKind (profdata does not know the simulator).
enum class TaskKind : uint8_t {
  kKernel,
  kMemcpy,
  kMemset,
  kEventRecord,
  kEventWait,
  kEventReset,
  kHostFunc,
  kDvpp,
  kCollective
};
enum class Engine : uint8_t { kAiCore, kAiCpu, kDmaH2D, kDmaD2H, kDmaD2D, kHost, kSync, kDvpp };

const char* TaskKindName(TaskKind kind);  // "Kernel", "Memcpy", ...
const char* EngineName(Engine engine);    // "AI_CORE", "AI_CPU", "DMA_H2D", ...
std::optional<TaskKind> TaskKindFromName(std::string_view name);
std::optional<Engine> EngineFromName(std::string_view name);

struct TensorInfo {
  std::vector<int64_t> dims;
  std::string dtype;   // "FLOAT16" (the DT_ prefix dropped, as op_summary shows it)
  std::string format;  // "NC1HWC0"
};

// What the cost model decided for one kernel launch: the simulator's stand-in for the AI
// Core PMU counters. Cycles are those of the busiest core over the whole task (per-block
// work times waves), in AI Core cycles; see docs/cost_model.md.
struct KernelCounters {
  bool valid = false;  // false: the task had no cost estimate
  uint32_t block_dim = 1;
  uint32_t cores_used = 1;
  uint32_t waves = 1;
  uint64_t cube_cycles = 0;
  uint64_t vector_cycles = 0;
  uint64_t scalar_cycles = 0;
  uint64_t mte1_cycles = 0;
  uint64_t mte2_cycles = 0;
  uint64_t mte3_cycles = 0;
  uint64_t non_overlap_cycles = 0;
  uint64_t startup_cycles = 0;
  uint64_t total_cycles = 0;
  std::string critical_pipe;  // "cube", "vector", "scalar", "mte1", "gm", "aicpu", "none"
  uint64_t overhead_ps = 0;
  // AI CPU tasks (AI CPU cycles).
  uint64_t aicpu_compute_cycles = 0;
  uint64_t aicpu_memory_cycles = 0;
  uint32_t aicpu_cores_used = 0;
  // The work the kernel described (WorkDesc) and the executor's L2 hints, when known.
  bool has_work = false;
  uint64_t cube_macs = 0;
  std::string cube_dtype;  // "FLOAT16", "INT8", ...
  uint64_t vector_ops = 0;
  uint32_t vector_elem_bytes = 2;
  uint64_t scalar_ops = 0;
  uint64_t mte1_bytes = 0;
  uint64_t mte2_bytes = 0;
  uint64_t mte3_bytes = 0;
  uint64_t l2_hit_bytes = 0;       // part of mte2_bytes served by the L2
  uint64_t l2_resident_bytes = 0;  // part of mte3_bytes that stayed in the L2
  uint64_t aicpu_ops = 0;
  uint64_t aicpu_bytes = 0;
};

// The model id CANN's profiles give a task that belongs to no model (UINT32_MAX).
inline constexpr uint32_t kNoModelId = 4294967295u;

struct DeviceTask {
  uint32_t device_id = 0;
  uint32_t stream_id = 0;
  uint64_t task_id = 0;
  TaskKind kind = TaskKind::kKernel;
  Engine engine = Engine::kAiCore;
  std::string name;  // op name for kernels, "MemcpyAsync" ... otherwise
  std::string op_type;
  bool has_op_info = false;  // a model (or single-op) kernel: the fields below are set
  uint32_t model_id = 0;
  std::string model_name;
  uint64_t execution = 0;  // which execution of the model (from 0)
  uint32_t block_dim = 1;
  uint64_t bytes = 0;  // copies and memsets
  uint64_t start_ps = 0;
  uint64_t end_ps = 0;
  uint64_t wait_ps = 0;  // ready on its stream but waiting for its engine or an event
  bool ok = true;        // the payload succeeded
  std::vector<TensorInfo> inputs;
  std::vector<TensorInfo> outputs;
  KernelCounters counters;
  std::string aicpu_reason;  // AI CPU kernels: why the op is not on AI Core

  // The Model ID a profile shows: kNoModelId outside a model (no op info, or a single op,
  // which runs with model id 0), else model_id.
  uint32_t DisplayModelId() const { return has_op_info && model_id != 0 ? model_id : kNoModelId; }
};

// "acl" (AscendCL), "runtime", "model", "node" as api_statistic's Level column.
struct ApiEvent {
  std::string name;
  std::string level = "acl";
  uint64_t start_ns = 0;  // host wall clock
  uint64_t end_ns = 0;
  uint32_t pid = 0;
  uint32_t tid = 0;
};

// msproftx markers (aclprofMark / Push-Pop / RangeStart-Stop) and step stamps.
struct TxEvent {
  std::string kind;  // "mark", "push_pop", "range", "step_start", "step_end"
  std::string message;
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;  // == start_ns for instant events
  uint32_t tid = 0;
};

struct ChipInfo {
  std::string soc_version;  // "Ascend310"
  std::string soc_name;     // "Ascend310"
  bool split_cube_vector = false;
  uint32_t aicore_freq_mhz = 0;
  uint32_t ai_core_count = 0;
  uint32_t vector_core_count = 0;
  uint32_t ai_cpu_count = 0;
  uint32_t ai_cpu_freq_mhz = 0;
  uint32_t cube_fp16_macs_per_cycle = 0;
  uint32_t cube_int8_macs_per_cycle = 0;
  uint32_t vector_bytes_per_cycle = 0;
  uint32_t l1_to_l0a_bytes_per_cycle = 0;
  uint32_t l1_to_l0b_bytes_per_cycle = 0;
  double memory_gbps = 0;
  uint64_t l2_bytes = 0;
  // Wall-clock nanoseconds that simulated time 0 of this device corresponds to, for
  // placing device tasks next to host calls on the timeline (an approximation: the two
  // clocks are different).
  uint64_t sim_zero_wall_ns = 0;
  // The vector target the simulating host's kernels ran on ("avx512", "avx2", "neon",
  // "scalar"; kernels/framework/isa.h): host wall times depend on it, device times do not.
  std::string host_vector_isa;
};

struct DeviceData {
  uint32_t device_id = 0;
  ChipInfo chip;
  std::vector<DeviceTask> tasks;
  uint64_t dropped_tasks = 0;  // beyond the record limit
};

// The switches of the session (acl.json "profiler" section, aclprofCreateConfig, or
// msprof's options), in acl.json's vocabulary.
struct SessionConfig {
  std::string source;                           // "acl.json", "aclprof", "msprof"
  std::string aic_metrics = "PipeUtilization";  // "None": no metric columns
  uint64_t data_type_mask = 0;                  // ACL_PROF_* bits
  bool ascendcl = true;
  bool runtime_api = true;
  std::string task_time = "l1";  // "off", "l0", "l1", "l2"
  bool aicpu = false;
  bool msproftx = false;
  bool training_trace = false;
  uint64_t storage_limit_bytes = 0;  // 0: the default record limits
  std::vector<uint32_t> devices;     // empty: every device
};

struct Profile {
  SessionConfig config;
  std::string dir_name;  // "PROF_000001_20240101120000123_ABCDEFGHIJKLMNOP"
  std::string app_name;  // the profiled executable's name
  uint32_t pid = 0;
  std::string hostname;
  uint64_t start_wall_ns = 0;
  uint64_t end_wall_ns = 0;
  std::vector<ApiEvent> api;
  uint64_t dropped_api = 0;
  std::vector<TxEvent> tx;
  std::vector<DeviceData> devices;  // sorted by device id
};

// op_summary's "Task Type" and task_time's "kernel_type": "AI_CORE", "AI_VECTOR_CORE" (a
// vector-only kernel on a split chip), "AI_CPU", "MEMCPY_ASYNC", "MEMSET", "EVENT_RECORD",
// "EVENT_WAIT", "EVENT_RESET", "HOSTFUNC_CALLBACK".
std::string TaskTypeOf(const DeviceTask& task, const ChipInfo& chip);

// Whether a kernel on a split chip runs on the vector (AIV) cores: no cube work.
bool RunsOnVectorCores(const DeviceTask& task, const ChipInfo& chip);

}  // namespace asim::profdata
