// Dynamic AIPP: the parameter set an application builds with aclmdlCreateAIPP and the
// aclmdlSetAIPP* setters, and writing it into a model's dynamic AIPP parameter input
// (aclmdlSetInputAIPP / aclmdlSetAIPPByInputIndex), which the model's Aipp stage reads when
// it executes (kernels/image/aipp_dynamic_params.h has the block's layout).
// Owns: AippParams is a plain value (the registry of live sets is in model_objects.h).
// Thread safety: none per set (AscendCL does not synchronise one either).
// Failure: WriteDynamicAipp returns kInvalidParam naming what is missing or too large, or the
// copy's error; nothing is written on failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/status.h"
#include "runtime/core/runtime.h"
#include "runtime/model/dataset.h"
#include "runtime/model/model_info.h"

namespace asim::model {

struct AippParams {
  uint64_t batch_size = 0;
  int32_t input_format = 0;  // aclAippInputFormat; 0 = not set
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

// Writes `aipp` into the dataset's buffer at `params_index`, the parameter input of the
// model's dynamic-AIPP image input `image_index` (device or host memory: copied with
// ACL_MEMCPY_DEFAULT's rules through `runtime`). Checks the set's batch size against the
// model's, that the input format and source size were set, that the image fits the model's
// max_src_image_size and that the buffer is present and large enough.
Status WriteDynamicAipp(rt::Runtime& runtime, const ModelInfo& info, size_t image_index, size_t params_index,
                        const Dataset& set, const AippParams& aipp);

}  // namespace asim::model
