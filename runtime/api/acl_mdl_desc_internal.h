// Helpers shared by the aclmdlDesc shims (acl_mdl_desc.cpp, acl_mdl_desc_dims.cpp): the
// handle translation and the aclmdlIODims structure. What a description answers is
// model::ModelDescription's (runtime/model/model_description.h).
//
// Owns: nothing. Thread safety: stateless. Failure: Status kInvalidParam with a message naming
// the argument; ACL_ERROR_STORAGE_OVER_LIMIT when dims do not fit the structure.
#pragma once

#include <memory>

#include "acl/acl_mdl.h"
#include "base/status.h"
#include "runtime/api/acl_objects.h"
#include "runtime/model/model_description.h"

namespace asim::api::mdl {

static_assert(model::kMaxTensorNameLen == ACL_MAX_TENSOR_NAME_LEN);

// The live description behind `handle` ("modelDesc" in messages).
Status FindDesc(const aclmdlDesc* handle, std::shared_ptr<model::ModelDescription>* out);

// Fills `out` with the name (truncated to fit) and the dims; ACL_ERROR_STORAGE_OVER_LIMIT when
// there are more than ACL_MAX_DIM_CNT dims.
Status FillDims(const model::NamedDims& dims, aclmdlIODims* out);

}  // namespace asim::api::mdl
