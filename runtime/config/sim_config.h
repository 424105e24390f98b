// SimConfig: our own "sim" section of acl.json and the ASCEND_SIM_* environment overrides.
//
// Owns: the simulator settings chosen at aclInit (which SoC, how many devices, host or
// device run mode; the test-support settings: memcheck, injected faults, timing and inline
// task execution, see docs/testing-your-app.md) and the single list of SoC versions the simulator accepts (add new
// chips there, together with their device_sim/socs/*.json spec). Owner: runtime/config.
// Thread safety: plain data and pure functions. Failure: the Parse* helpers return false
// and leave their output untouched.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/config/fault_spec.h"

namespace asim::cfg {

// "host": device memory is not host-accessible (a PCIe card, the default);
// "device": device memory is host-accessible (the app runs on the board).
enum class RunMode { kHost, kDevice };

// What memcheck does with a finding besides reporting it: fail the offending call, or abort().
enum class MemcheckAction { kError, kAbort };

struct SimConfig {
  bool present = false;  // the file had a "sim" object
  std::string soc_version = "Ascend310";
  int32_t device_count = 1;
  RunMode run_mode = RunMode::kHost;
  bool memcheck = false;                                    // "memcheck": "on" | "off"
  MemcheckAction memcheck_action = MemcheckAction::kError;  // "memcheck_action": "error" | "abort"
  std::vector<FaultSpec> faults;                            // "faults": text or array of objects
  bool timing = true;                                       // "timing": "on" | "off" (functional-only)
  bool inline_tasks = false;                                // "inline_tasks": "on" | "off"
  // "isa": the kernels' vector target, "auto" (the best this CPU runs) or a lower one to test
  // with ("avx512", "avx2", "neon", "scalar"); validated against the CPU when applied
  // (kernels/framework/isa.h), since the host is only known there.
  std::string isa = "auto";
  // "compute": "on" | "off": off = timing only, kernels are not computed
  // (runtime/model/compute_mode.h).
  bool compute = true;
  // "host_threads": how many host threads the kernels compute with, 0 = every core oneTBB
  // sees, 1 = serially on the calling thread (kernels/common/host/host_threads.h).
  int32_t host_threads = 0;
};

inline constexpr int32_t kMinDeviceCount = 1;
inline constexpr int32_t kMaxDeviceCount = 64;
inline constexpr int32_t kMaxHostThreads = 1024;

// Decimal text in [0, kMaxHostThreads].
bool ParseHostThreads(std::string_view text, int32_t* threads);

// The accepted soc_version values (the SoC catalog's, sorted); aliases such as
// "Ascend910A" are accepted by IsSupportedSocVersion too.
std::vector<std::string> SupportedSocVersions();
bool IsSupportedSocVersion(std::string_view soc_version);
// "Ascend310, Ascend310P3, ..." for error messages.
std::string SupportedSocVersionList();

const char* RunModeName(RunMode mode);  // "host", "device"
bool ParseRunMode(std::string_view text, RunMode* mode);

// "on" / "off" (also "true" / "false", "1" / "0").
bool ParseOnOff(std::string_view text, bool* on);
const char* MemcheckActionName(MemcheckAction action);  // "error", "abort"
bool ParseMemcheckAction(std::string_view text, MemcheckAction* action);

// Decimal text in [kMinDeviceCount, kMaxDeviceCount].
bool ParseDeviceCount(std::string_view text, int32_t* count);

}  // namespace asim::cfg
