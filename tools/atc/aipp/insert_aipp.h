// InsertAipp: puts the static AIPP stage of each --insert_op_conf block before its model input.
//
// For the input `related_input_rank` (a float 4-D input of fixed dims, NCHW or, for TensorFlow
// graphs, NHWC): the input becomes the uint8 image of the configured format and size
// (AippSpec::InputDims, so aclmdlGetInputSizeByIndex gives the image's bytes: w * h * 3 / 2 for
// YUV420SP ...), keeping its name, and an Aipp op (kernels/image/aipp.cpp) named
// "<input>_aipp" runs first and gives the model's float input. Sizes left 0 in the file take the
// model input's: the source image (its H and W less the padding) and the crop; the crop plus the
// padding must give the model input's H and W, and the format must have the input's channels
// (YUV400: 1; the others 3, or 4 for the 4-channel formats).
// Dynamic blocks (aipp_mode: dynamic): the input becomes [N, max_src_image_size] uint8 bytes
// (each image at the start of its row), a last model input named "ascend_dynamic_aipp_data"
// (ACL_DYNAMIC_AIPP_NAME) of 64 + 96 x N bytes is added for the parameter block the application
// writes with aclmdlSetInputAIPP, and the Aipp op runs in dynamic mode reading both.
// Thread safety: none (mutates the graph). Failure: E10001 on --insert_op_conf naming the block
// and why (no such input, dynamic or non-float input, sizes that do not add up, channels);
// EZ3003 when the Aipp kernel refuses (the conversion fails; the graph is left half-changed).
#pragma once

#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/chip.h"
#include "tools/atc/aipp/aipp_config.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::aipp {

// `specs` as loaded; *applied gets them with every size resolved, in block order.
Status InsertAipp(const std::vector<AippSpec>& specs, const std::string& path, const kernels::ChipTraits& chip,
                  ir::Graph* graph, std::vector<AippSpec>* applied);

// The model metadata entry recording the applied AIPP (read back by the runtime's
// aclmdlGetAippType / aclmdlGetFirstAippInfo): key "aipp.<input index>", value
// "format=1;src=224x224;crop=0,0,0,224x224;pad=0,0,0,0;csc=1;matrix=...;...;out_dims=1,3,224,224"
// (runtime/api/acl_mdl_aipp.cpp parses it).
// Dynamic blocks: "dynamic=1;max=<bytes>;attached=<parameter input index>;out_format=..;
// out_dtype=..;out_dims=.." for the image input, and AippParamsMetadataValue
// ("dynamic_node=1;attached=<image input index>") under the parameter input's key.
std::string AippMetadataKey(uint32_t input_index);
std::string AippMetadataValue(const AippSpec& spec);
std::string AippParamsMetadataValue(const AippSpec& spec);

// The name of the dynamic AIPP parameter input (acl_mdl.h's ACL_DYNAMIC_AIPP_NAME).
inline constexpr char kDynamicAippInputName[] = "ascend_dynamic_aipp_data";

}  // namespace asim::atc::aipp
