// The definitions behind acl_mdl.h's opaque handles: aclmdlDataset, aclmdlDesc, aclmdlAIPP,
// aclmdlConfigHandle and aclmdlExecConfigHandle, and the registries that tell live handles
// from stale ones.
//
// Owns: the object layouts. A dataset refers to the application's aclDataBuffers (it does
// not own them: aclmdlDestroyDataset leaves them alone, as AscendCL does) and owns copies of
// the tensor descriptors set on it (aclmdlSetDatasetTensorDesc copies; the copies are
// registered in TensorDescs() so the aclGetTensorDesc* getters accept them, and are
// destroyed with the dataset). A model description is a snapshot of a model's I/O facts.
// Thread safety: the registries are thread-safe; one object is not synchronized (as in
// AscendCL, an application must not mutate a dataset from two threads at once).
// Failure: lookups return nullptr for handles that are not live.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/api/acl_objects.h"
#include "runtime/core/handle_registry.h"
#include "runtime/model/model_info.h"

struct aclmdlDataset {
  std::vector<aclDataBuffer*> buffers;
  std::vector<aclTensorDesc*> descs;  // parallel to buffers; nullptr = none set (owned, registered)

  // The gear chosen by aclmdlSetDynamicBatchSize / SetDynamicHWSize / SetInputDynamicDims
  // (values of the dynamic dimensions, as om::Model::gears); empty = none chosen.
  std::vector<int64_t> dynamic_gear;
};

struct aclmdlDesc {
  bool filled = false;    // set by aclmdlGetDesc / GetDescFromFile / GetDescFromMem
  uint32_t model_id = 0;  // 0 when filled from a file or memory (no loaded model)
  bool from_loaded_model = false;
  std::shared_ptr<const asim::model::ModelInfo> info;
};

// AIPP parameter set (aclmdlCreateAIPP): stored as given, validated by the setters.
struct aclmdlAIPP {
  uint64_t batch_size = 0;
  int32_t input_format = 0;
  int32_t src_image_w = 0, src_image_h = 0;
  int8_t csc_switch = 0, rbuv_swap = 0, ax_swap = 0;
  int16_t csc_matrix[3][3] = {};
  uint8_t csc_output_bias[3] = {}, csc_input_bias[3] = {};
  struct PerBatch {
    int8_t scf_switch = 0;
    int32_t scf_input_w = 0, scf_input_h = 0, scf_output_w = 0, scf_output_h = 0;
    int8_t crop_switch = 0;
    int32_t crop_x = 0, crop_y = 0, crop_w = 0, crop_h = 0;
    int8_t padding_switch = 0;
    int32_t pad_top = 0, pad_bottom = 0, pad_left = 0, pad_right = 0;
    int16_t mean[4] = {};
    float min[4] = {};
    float var_reci[4] = {1.f, 1.f, 1.f, 1.f};
  };
  std::vector<PerBatch> batches;
};

// aclmdlSetConfigOpt values (aclmdlLoadWithConfig).
struct aclmdlConfigHandle {
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

// aclmdlSetExecConfigOpt values (aclmdlExecuteV2 / ExecuteAsyncV2).
struct aclmdlExecConfigHandle {
  int32_t stream_sync_timeout_ms = -1;  // ACL_MDL_STREAM_SYNC_TIMEOUT
  int32_t event_sync_timeout_ms = -1;   // ACL_MDL_EVENT_SYNC_TIMEOUT
  void* work_addr = nullptr;            // ACL_MDL_WORK_ADDR_PTR
  size_t work_size = 0;                 // ACL_MDL_WORK_SIZET
  size_t mpaim_id = 0, aic_qos = 0, aic_ost = 0, mec_time_thr = 0;
};

namespace asim::api {

rt::HandleRegistry<aclmdlDataset>& Datasets();
rt::HandleRegistry<aclmdlDesc>& ModelDescs();
rt::HandleRegistry<aclmdlAIPP>& AippSets();
rt::HandleRegistry<aclmdlConfigHandle>& ModelConfigs();
rt::HandleRegistry<aclmdlExecConfigHandle>& ExecConfigs();

}  // namespace asim::api
