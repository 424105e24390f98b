// acl_mdl.h: choosing the gear of a dynamic batch / image size / dims model for the next
// execution (aclmdlSetDynamicBatchSize, aclmdlSetDynamicHWSize, aclmdlSetInputDynamicDims).
//
// Each setter records the gear's values in the input dataset (aclmdlDataset::dynamic_gear,
// which the executor uses) and writes them into the dataset's buffer at `index`, the model's
// ACL_DYNAMIC_TENSOR_NAME input, as the real one does (host-to-device copy; int32 elements
// when that input is a 4-byte integer tensor, else int64).
//
// Checks and codes, in order (AscendCL's / GE's where it has one):
//  - dataset NULL or not live, a zero batch / height / width, dims NULL or dimCount 0 or
//    > ACL_MAX_DIM_CNT, no buffer at `index`, a buffer with a NULL address: ACL_ERROR_INVALID_PARAM;
//  - the model id: whatever the model manager says (not loaded / unknown id);
//  - a static model, or a dynamic model of another kind (e.g. the batch setter on an
//    image-size model): ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID (145013), as GE reports for a
//    model whose gear list does not contain the value;
//  - `index` not the ACL_DYNAMIC_TENSOR_NAME input: ACL_ERROR_INVALID_PARAM (GE does not check
//    this and would overwrite that input; we refuse);
//  - aclmdlSetInputDynamicDims: dimCount not the total rank of the data inputs, or a static
//    dimension with another value: ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID (145012), as GE;
//  - a value that is not one of the model's gears: ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID
//    (145013) for all three setters (GE uses this code for image sizes and dims too);
//  - a buffer smaller than the values it must hold: ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID;
//  - the copy: the runtime's error (e.g. the buffer is host memory).
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_mdl_desc_internal.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/core/pointer_text.h"
#include "runtime/model/model_manager.h"

namespace {

using asim::Status;
using asim::om::DynamicKind;

const char* KindText(DynamicKind kind) {
  switch (kind) {
    case DynamicKind::kBatch: return "dynamic-batch";
    case DynamicKind::kImageSize: return "dynamic-image-size";
    case DynamicKind::kDims: return "dynamic-dims";
    default: return "static";
  }
}

std::string Join(const std::vector<int64_t>& values, const char* sep) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) text += (i ? sep : "") + std::to_string(values[i]);
  return text;
}

std::string GearsText(const asim::model::ModelInfo& info) {
  std::string text;
  for (size_t i = 0; i < info.gears.size(); ++i) text += (i ? "; " : "") + Join(info.gears[i], ",");
  return text;
}

// The dataset and its buffer at `index`, checked as AscendCL checks them.
Status FindBuffer(const aclmdlDataset* dataset, size_t index, std::shared_ptr<aclmdlDataset>* set,
                  aclDataBuffer** buffer) {
  if (dataset == nullptr) return Status(asim::err::kInvalidParam, "dataset must not be NULL");
  *set = asim::api::Datasets().Find(dataset);
  if (!*set) {
    return Status(asim::err::kInvalidParam, "dataset " + asim::rt::PointerText(dataset) +
                                                " is not live (destroyed, or never created by aclmdlCreateDataset)");
  }
  if (index >= (*set)->buffers.size()) {
    return Status(asim::err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the dataset has " +
                                                std::to_string((*set)->buffers.size()) + " buffer(s)");
  }
  *buffer = (*set)->buffers[index];
  if (!asim::api::DataBuffers().Find(*buffer)) {
    return Status(asim::err::kInvalidParam,
                  "the data buffer at index " + std::to_string(index) + " has been destroyed");
  }
  if ((*buffer)->data == nullptr) {
    return Status(asim::err::kInvalidParam,
                  "the data buffer at index " + std::to_string(index) + " has a NULL address");
  }
  return Status::Ok();
}

// Gear values from the model (they may depend on its inputs, for dims).
using ValuesFn = std::function<Status(const asim::model::ModelInfo&, std::vector<int64_t>*)>;

Status SetGear(uint32_t model_id, const aclmdlDataset* dataset, size_t index, DynamicKind kind, const char* what,
               const ValuesFn& values_of) {
  std::shared_ptr<aclmdlDataset> set;
  aclDataBuffer* buffer = nullptr;
  ASIM_RETURN_IF_ERROR(FindBuffer(dataset, index, &set, &buffer));
  std::shared_ptr<const asim::model::ModelInfo> info;
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().models().GetInfo(model_id, &info));
  const std::string model = "model " + std::to_string(model_id);
  if (info->dynamic != kind || info->gears.empty()) {
    return Status(asim::err::kGeDynamicBatchSizeInvalid,
                  model + " is a " + KindText(info->gears.empty() ? DynamicKind::kNone : info->dynamic) +
                      " model, not a " + KindText(kind) + " one: it has no " + what + " gears");
  }
  const int64_t dyn = asim::api::mdl::DynamicTensorIndex(*info);
  if (dyn < 0 || static_cast<uint64_t>(dyn) != index) {
    const std::string where = dyn < 0 ? " (it has none)" : " (that is input " + std::to_string(dyn) + ")";
    return Status(asim::err::kInvalidParam, "index " + std::to_string(index) + " is not the " +
                                                asim::om::kDynamicTensorName + " input of " + model + where);
  }
  std::vector<int64_t> values;
  ASIM_RETURN_IF_ERROR(values_of(*info, &values));
  if (info->FindGear(values) < 0) {
    return Status(asim::err::kGeDynamicBatchSizeInvalid,
                  std::string(what) + " " + Join(values, kind == DynamicKind::kDims ? "," : "x") +
                      " is not a gear of " + model + " (gears: " + GearsText(*info) + ")");
  }
  const asim::om::IoDesc& tensor = info->inputs[static_cast<size_t>(dyn)];
  const bool narrow = asim::DataTypeSize(tensor.dtype) == 4;
  const size_t need = values.size() * (narrow ? 4 : 8);
  if (buffer->size < need) {
    return Status(asim::err::kGeDynamicInputLengthInvalid,
                  "the data buffer at index " + std::to_string(index) + " has " + std::to_string(buffer->size) +
                      " bytes; the " + std::to_string(values.size()) + " gear value(s) need " + std::to_string(need));
  }
  std::vector<uint8_t> bytes(need);
  for (size_t i = 0; i < values.size(); ++i) {
    if (narrow) {
      const int32_t v = static_cast<int32_t>(values[i]);
      std::memcpy(bytes.data() + i * 4, &v, 4);
    } else {
      std::memcpy(bytes.data() + i * 8, &values[i], 8);
    }
  }
  ASIM_RETURN_IF_ERROR(
      asim::api::Ctx().core().Memcpy(buffer->data, buffer->size, bytes.data(), need, asim::rt::mem::kHostToDevice));
  set->dynamic_gear = std::move(values);
  return Status::Ok();
}

// The values at the -1 positions of the data inputs' dims, from `dims` (all data inputs'
// dims concatenated in input order, as aclmdlGetInputDynamicDims reports them).
Status DimsValues(const aclmdlIODims& dims, const asim::model::ModelInfo& info, std::vector<int64_t>* values) {
  std::vector<int64_t> all;
  for (const auto& io : info.inputs) {
    if (io.name != asim::om::kDynamicTensorName) all.insert(all.end(), io.dims.begin(), io.dims.end());
  }
  if (dims.dimCount != all.size()) {
    return Status(asim::err::kGeDynamicInputLengthInvalid,
                  "dims.dimCount is " + std::to_string(dims.dimCount) + " but the data inputs have " +
                      std::to_string(all.size()) + " dims in all (" + Join(all, ",") + ")");
  }
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] < 0) {
      values->push_back(dims.dims[i]);
    } else if (dims.dims[i] != all[i]) {
      return Status(asim::err::kGeDynamicInputLengthInvalid,
                    "dims.dims[" + std::to_string(i) + "] is " + std::to_string(dims.dims[i]) +
                        " but that dimension is static: " + std::to_string(all[i]));
    }
  }
  return Status::Ok();
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
  ACL_API_RETURN(
      SetGear(modelId, dataset, index, DynamicKind::kDims, "dims",
              [&](const asim::model::ModelInfo& info, std::vector<int64_t>* v) { return DimsValues(*dims, info, v); }));
  ACL_API_END();
}

}  // extern "C"
