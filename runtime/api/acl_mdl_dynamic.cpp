// acl_mdl.h: choosing the gear of a dynamic batch / image size / dims model for the next
// execution (aclmdlSetDynamicBatchSize, aclmdlSetDynamicHWSize, aclmdlSetInputDynamicDims).
//
// The checks and codes after the arguments' are model::ChooseGear's (runtime/model/gears.h).
// Here: dataset NULL or not live, a zero batch / height / width, dims NULL or dimCount 0 or
// > ACL_MAX_DIM_CNT: ACL_ERROR_INVALID_PARAM.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/core/pointer_text.h"
#include "runtime/model/gears.h"

namespace {

using asim::Status;
using asim::om::DynamicKind;

Status SetGear(uint32_t model_id, const aclmdlDataset* dataset, size_t index, DynamicKind kind, const char* what,
               const asim::model::GearValuesFn& values_of) {
  std::shared_ptr<asim::model::Dataset> set = asim::api::Datasets().Find(dataset);
  if (!set) {
    return Status(asim::err::kInvalidParam, "dataset " + asim::rt::PointerText(dataset) +
                                                " is not live (destroyed, or never created by aclmdlCreateDataset)");
  }
  asim::api::RuntimeContext& ctx = asim::api::Ctx();
  return asim::model::ChooseGear(ctx.core(), ctx.models(), model_id, *set, index, kind, what, values_of);
}

}  // namespace

extern "C" {

aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset* dataset, size_t index, uint64_t batchSize) {
  ACL_API_BEGIN("aclmdlSetDynamicBatchSize");
  ACL_API_CHECK_NOT_NULL(dataset);
  if (batchSize == 0) ACL_API_FAIL(asim::err::kInvalidParam, "batchSize must not be 0");
  ACL_API_RETURN(SetGear(modelId, dataset, index, DynamicKind::kBatch, "batch size",
                         [&](const asim::model::ModelInfo&, std::vector<int64_t>* v) {
                           v->push_back(static_cast<int64_t>(batchSize));
                           return Status::Ok();
                         }));
  ACL_API_END();
}

aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset* dataset, size_t index, uint64_t height,
                                uint64_t width) {
  ACL_API_BEGIN("aclmdlSetDynamicHWSize");
  ACL_API_CHECK_NOT_NULL(dataset);
  if (height == 0 || width == 0) {
    ACL_API_FAIL(asim::err::kInvalidParam, "height and width must not be 0 (height " + std::to_string(height) +
                                               ", width " + std::to_string(width) + ")");
  }
  ACL_API_RETURN(SetGear(modelId, dataset, index, DynamicKind::kImageSize, "image size",
                         [&](const asim::model::ModelInfo&, std::vector<int64_t>* v) {
                           *v = {static_cast<int64_t>(height), static_cast<int64_t>(width)};
                           return Status::Ok();
                         }));
  ACL_API_END();
}

aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset* dataset, size_t index, const aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlSetInputDynamicDims");
  ACL_API_CHECK_NOT_NULL(dataset);
  ACL_API_CHECK_NOT_NULL(dims);
  if (dims->dimCount == 0 || dims->dimCount > ACL_MAX_DIM_CNT) {
    ACL_API_FAIL(asim::err::kInvalidParam, "dims->dimCount must be in [1, " + std::to_string(ACL_MAX_DIM_CNT) +
                                               "], not " + std::to_string(dims->dimCount));
  }
  ACL_API_RETURN(SetGear(modelId, dataset, index, DynamicKind::kDims, "dims",
                         [&](const asim::model::ModelInfo& info, std::vector<int64_t>* v) {
                           return asim::model::DimsGearValues(
                               info, std::vector<int64_t>(dims->dims, dims->dims + dims->dimCount), v);
                         }));
  ACL_API_END();
}

}  // extern "C"
