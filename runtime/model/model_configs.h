// The option sets of aclmdlLoadWithConfig (aclmdlConfigHandle) and aclmdlExecuteV2 /
// ExecuteAsyncV2 (aclmdlExecConfigHandle), as aclmdlSetConfigOpt / SetExecConfigOpt store them.
// Owns: plain values; the pointers are the application's (a path, a model buffer, weight and
// work memory, queue id arrays) and are only read during the call they are passed to.
// Who owns them: the ModelObjects registries (model_objects.h); the handle is the address.
// Thread safety: none per set. Failure: none here (the setters validate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace asim::model {

struct LoadConfig {
  int32_t priority = 0;
  bool priority_set = false;
  size_t load_type = 0;            // ACL_MDL_LOAD_FROM_FILE ... ; 0 = not set
  std::string path;                // ACL_MDL_PATH_PTR
  const void* mem_addr = nullptr;  // ACL_MDL_MEM_ADDR_PTR
  size_t mem_size = 0;             // ACL_MDL_MEM_SIZET
  void* weight_addr = nullptr;     // ACL_MDL_WEIGHT_ADDR_PTR
  size_t weight_size = 0;
  void* work_addr = nullptr;  // ACL_MDL_WORKSPACE_ADDR_PTR
  size_t work_size = 0;
  size_t input_q_num = 0;
  const uint32_t* input_q = nullptr;
  size_t output_q_num = 0;
  const uint32_t* output_q = nullptr;
  size_t workspace_mem_optimize = 0;
  std::string weight_path;  // ACL_MDL_WEIGHT_PATH_PTR
};

struct ExecConfig {
  int32_t stream_sync_timeout_ms = -1;  // ACL_MDL_STREAM_SYNC_TIMEOUT
  int32_t event_sync_timeout_ms = -1;   // ACL_MDL_EVENT_SYNC_TIMEOUT
  void* work_addr = nullptr;            // ACL_MDL_WORK_ADDR_PTR
  size_t work_size = 0;                 // ACL_MDL_WORK_SIZET
  size_t mpaim_id = 0, aic_qos = 0, aic_ost = 0, mec_time_thr = 0;
};

}  // namespace asim::model
