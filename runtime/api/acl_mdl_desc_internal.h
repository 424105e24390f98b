// Helpers shared by the aclmdlDesc shims (acl_mdl_desc.cpp, acl_mdl_desc_dims.cpp) and the
// model-id based shims (acl_mdl_dynamic.cpp, acl_mdl_aipp.cpp).
//
// Owns: nothing. A description that was created but never filled (no aclmdlGetDesc /
// GetDescFromFile / GetDescFromMem yet) reads as a model without inputs or outputs, as in
// AscendCL.
// Thread safety: stateless; a description is not synchronised (AscendCL does not either).
// Failure: Status kInvalidParam with a message naming the argument.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "base/status.h"
#include "om/model.h"
#include "runtime/api/acl_mdl_objects.h"

namespace asim::api::mdl {

// The live description behind `handle` ("modelDesc" in messages).
Status FindDesc(const aclmdlDesc* handle, std::shared_ptr<aclmdlDesc>* out);

// The inputs / outputs of a description (empty when it was never filled).
const std::vector<om::IoDesc>& Inputs(const aclmdlDesc& desc);
const std::vector<om::IoDesc>& Outputs(const aclmdlDesc& desc);

// kInvalidParam naming `index` and the count when index >= count ("input" / "output").
Status CheckIndex(const char* what, size_t index, size_t count);

// The name aclmdlIODims carries for input/output `index`: the tensor's name, or, when it does
// not fit ACL_MAX_TENSOR_NAME_LEN with its NUL, the conversion name AscendCL uses
// ("acl_modelId_<id>_input_<index>", "_output_"), which aclmdlGetTensorRealName maps back.
std::string DimsName(const aclmdlDesc& desc, bool input, size_t index);

// Fills `out` with `name` (truncated to fit) and `dims`; ACL_ERROR_STORAGE_OVER_LIMIT when
// there are more than ACL_MAX_DIM_CNT dims.
Status FillDims(const std::string& name, const std::vector<int64_t>& dims, aclmdlIODims* out);

// The index of the input named ACL_DYNAMIC_TENSOR_NAME, or -1.
int64_t DynamicTensorIndex(const model::ModelInfo& info);

}  // namespace asim::api::mdl
