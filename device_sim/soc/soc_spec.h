// SocSpec: one simulated chip's numbers, and the catalog that loads them.
//
// Owns: the typed form of device_sim/socs/<soc_version>.json (see that directory for the
// data and each file's "_notes" for sources and estimates) and the lookup by name. The
// shipped JSON files are compiled into the library (embedded_socs.h), so no data file is
// needed at run time; a directory named by the environment variable ASCEND_SIM_SOC_DIR
// adds specs or overrides shipped ones with the same soc_version (read on every call).
// Nothing about a chip is hard-coded elsewhere: the cost model, engines and memory take
// their numbers from here.
// Owner: device_sim/soc. Thread safety: all functions are thread-safe (no shared state
// besides the read-only embedded text). Failure: Status with err::kInvalidParam (unknown
// SoC: the message lists the known ones; bad ASCEND_SIM_SOC_DIR), err::kParseFile (not
// JSON), err::kFileMissingAttr (a field is missing) or err::kFileAttrInvalid (wrong type,
// out of range, unknown field); messages name the source and the field path
// ("cube.fp16_macs_per_cycle").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "device_sim/memory/mem_kind.h"

namespace asim::sim {

struct SocSpec {
  std::string soc_version;           // ATC --soc_version and catalog key: "Ascend910"
  std::string soc_name;              // what aclrtGetSocName returns: "Ascend910A"
  std::vector<std::string> aliases;  // other names LoadSocSpec accepts: {"Ascend910A"}
  std::string short_soc_version;     // platform family: "Ascend910", "Ascend310P", "Ascend910B"
  std::string arch;                  // AI Core architecture: "dav-m100", "dav-c220", ...
  bool split_cube_vector = false;    // A2-style separate cube (AIC) and vector (AIV) cores

  struct Cores {
    uint32_t ai_core_count = 0;      // AI Cores (cube cores on split chips)
    uint32_t vector_core_count = 0;  // vector-only cores (AIV); 0 on coupled chips without them
    uint32_t ai_cpu_count = 0;
    uint32_t aicore_freq_mhz = 0;
    uint32_t ai_cpu_freq_mhz = 0;  // AI CPU (Arm) core clock
  } cores;

  struct Cube {
    uint32_t fractal_m = 0, fractal_k = 0, fractal_n = 0;  // fp16 MMAD fractal (16x16x16)
    uint32_t fp16_macs_per_cycle = 0;                      // per core
    uint32_t int8_macs_per_cycle = 0;                      // per core
    uint32_t fp32_macs_per_cycle = 0;                      // per core; 0 exactly when !supports_fp32
    bool supports_fp32 = false;
    bool supports_bf16 = false;
    bool supports_int8 = false;
    bool supports_int4 = false;
  } cube;

  struct Vector {
    uint32_t bytes_per_cycle = 0;  // per core
  } vector;

  struct Buffers {  // per core, except L2 (per chip)
    uint64_t l0a_bytes = 0, l0b_bytes = 0, l0c_bytes = 0, l1_bytes = 0, ub_bytes = 0, l2_bytes = 0;
  } buffers;

  struct Memory {
    MemKind kind = MemKind::kDdr;
    uint64_t capacity_bytes = 0;
    double bandwidth_gbps = 0;  // GB/s, 1 GB = 1e9 bytes
  } memory;

  struct HostLink {
    uint32_t pcie_gen = 0;
    uint32_t pcie_lanes = 0;
    double h2d_gbps = 0;  // achievable host-to-device copy rate, GB/s
    double d2h_gbps = 0;
  } host_link;

  // The links collective communication (HCCL, runtime/hccl) uses: HCCS (or PCIe) between the
  // devices of one server, RoCE between servers. Bandwidths are what one device achieves in one
  // direction across all its links of that class (GB/s, 1e9 B); latencies are per algorithm
  // step (docs/cost_model.md, docs/hccl.md).
  struct Links {
    uint32_t devices_per_server = 0;
    double hccs_gbps = 0;
    double hccs_latency_us = 0;
    double roce_gbps = 0;
    double roce_latency_us = 0;
  } links;

  struct Overheads {
    double memcpy_latency_us = 0;  // fixed cost of one copy on the device timeline
    double task_launch_us = 0;     // fixed cost of launching one task on an engine
    double aicore_task_us = 0;     // fixed part of every AI Core task's duration (cost model)
    double aicpu_task_us = 0;      // fixed part of every AI CPU task's duration (cost model)
  } overheads;

  // Parameters of the cost model (device_sim/cost, docs/cost_model.md) that are not plain
  // chip facts: pipe rates the fact sheet does not give, efficiencies and overlap.
  struct Cost {
    uint32_t l1_to_l0a_bytes_per_cycle = 0;  // MTE1 L1 -> L0A, per core
    uint32_t l1_to_l0b_bytes_per_cycle = 0;  // MTE1 L1 -> L0B, per core
    uint32_t gm_port_bytes_per_cycle = 0;    // one core's MTE2/MTE3 port to L2/GM
    double memory_efficiency = 0;            // achievable fraction of memory.bandwidth_gbps, (0, 1]
    double cube_efficiency = 0;              // sustained fraction of the cube's peak MAC rate, (0, 1]
    double scalar_ops_per_cycle = 0;         // scalar instructions per cycle, per core
    double pipe_overlap = 0;                 // largest fraction of non-critical pipe time hidden, (0, 1]
    uint32_t pipeline_stage_bytes = 0;       // MTE2 bytes per double-buffered stage (fill/drain term)
    uint32_t block_start_cycles = 0;         // per block wave: kernel start, icache fill, tiling load
    double aicpu_ops_per_cycle = 0;          // AI CPU element ops per cycle, per core
    double aicpu_gbps = 0;                   // memory rate one AI CPU task achieves, GB/s
  } cost;

  // The media engines (DVPP V1): published throughputs (frames per second at 1920x1080, the
  // chip's total over its engine instances) and the JPEGD output alignment, which differs
  // between chips (the public samples choose 64 or 128 by aclrtGetSocName).
  struct Dvpp {
    // Which DVPP V1 implementation the chip has: "v100" (310, 910) or "v200" (310P, 910B);
    // they differ in formats, interpolation modes and the calls they support (docs/dvpp.md).
    std::string generation;
    double jpegd_fps_1080p = 0;
    double jpege_fps_1080p = 0;
    double pngd_fps_1080p = 0;
    double vpc_fps_1080p = 0;
    uint32_t jpegd_width_stride_align = 0;   // bytes
    uint32_t jpegd_height_stride_align = 0;  // rows
  } dvpp;
  // Runtime resource limits the chip's driver enforces (aclrtCreateStream's documented
  // maximum per device, default and internal streams included).
  struct Limits {
    uint32_t max_streams = 0;
  } limits;
  struct Peak {  // published figures, for cross-checking the per-core numbers
    double fp16_tflops = 0;
    double int8_tops = 0;
  } peak;

  std::map<std::string, std::string> notes;  // "_notes": sources, estimates
  std::string source;                        // "embedded:Ascend910.json" or a file path
};

// Loads the spec whose soc_version, soc_name or alias equals `soc_version` (exact match;
// soc_version first). Shipped specs plus ASCEND_SIM_SOC_DIR.
Status LoadSocSpec(std::string_view soc_version, SocSpec* out);

// soc_version of every loadable spec, sorted. Specs in ASCEND_SIM_SOC_DIR that fail to
// parse are left out (with a warning in the log).
std::vector<std::string> KnownSocVersions();

// Parses and validates one spec: every field present, of the right type and in range
// (counts and sizes positive; vector_core_count may be 0 unless split_cube_vector), no
// unknown fields (keys starting with '_' are comments). `source` names the text in errors.
Status ParseSocSpec(std::string_view json_text, std::string_view source, SocSpec* out);

// Peak throughput implied by the per-core numbers: cores x MACs/cycle x 2 x frequency.
double ComputedFp16Tflops(const SocSpec& spec);
double ComputedInt8Tops(const SocSpec& spec);

}  // namespace asim::sim
