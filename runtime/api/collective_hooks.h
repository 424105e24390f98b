// CollectiveHooks: the narrow interface libhccl.so (runtime/hccl) uses to reach libascendcl's
// runtime: put a collective's task on an aclrtStream, translate device addresses to the
// simulator's memory, and read the chip's link parameters.
//
// libhccl gets the table from the one exported extension aclsimGetCollectiveHooks (acl/ext/
// aclsim_ext.h); both libraries come from this tree and one toolchain, so the table may carry
// C++ types. kCollectiveHooksVersion changes with any change to the table.
// Owns: nothing (the functions act on the RuntimeContext). Thread safety: every hook is
// thread-safe. Failure: a Status with the AscendCL error code (a bad stream, memory that is not
// the stream's device's, no aclInit); nothing is submitted on failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "base/status.h"

namespace asim::hooks {

inline constexpr uint32_t kCollectiveHooksVersion = 2;

// One rank's part of a collective, as a task on its stream. `run` executes on the stream's
// worker thread (never inline on the submitting thread: it waits for the other ranks); a
// failed Status becomes the stream's error (aclrtSynchronizeStream returns its code). It gets
// the task's simulated start on this rank's device and may set *end_ps, the simulated end
// (left alone: start + duration_ps; with timing off duration_ps is 0): libhccl ends every rank
// at the latest rank's start plus the algorithm's time.
struct CollectiveTask {
  std::string name;          // "HcclAllReduce" ...: the task's name in profiling
  std::string op_type;       // "hcom_allReduce_" ...: its OP Type in profiling
  std::string dtype;         // "FLOAT16" ... (profiling's spelling); empty: no tensors (barrier)
  uint64_t input_count = 0;  // elements of this rank's input, output
  uint64_t output_count = 0;
  uint64_t bytes = 0;        // bytes this rank sends
  uint64_t duration_ps = 0;  // simulated duration (the link cost model)
  std::function<Status(uint64_t start_ps, uint64_t* end_ps)> run;
};

// The chip's collective links (SocSpec "links"; docs/cost_model.md).
struct LinkParams {
  std::string soc_name;
  uint32_t devices_per_server = 8;  // devices one HCCS fabric joins
  double hccs_gbps = 0;             // per device, one direction, GB/s (1e9 B)
  double hccs_latency_us = 0;       // per step
  double roce_gbps = 0;             // per device, between servers
  double roce_latency_us = 0;
  double memory_gbps = 0;  // HBM: the local reduction's bound
};

}  // namespace asim::hooks

// The table (its C name is the opaque type acl/ext/aclsim_ext.h declares).
struct aclsimCollectiveHooks {
  uint32_t version = 0;
  // stream: an aclrtStream (nullptr: the current context's default stream).
  asim::Status (*submit)(void* stream, asim::hooks::CollectiveTask task) = nullptr;
  // The device of `stream` (its device id).
  asim::Status (*stream_device)(void* stream, int32_t* device_id) = nullptr;
  // [ptr, ptr + size) must be live memory of `stream`'s device; *sim is where the simulator
  // holds it (readable and writable by this process).
  asim::Status (*translate)(void* stream, const void* ptr, size_t size, void** sim) = nullptr;
  asim::Status (*link_params)(void* stream, asim::hooks::LinkParams* params) = nullptr;
};

namespace asim::hooks {
using CollectiveHooks = ::aclsimCollectiveHooks;
}  // namespace asim::hooks
