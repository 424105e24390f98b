// acl_mdl.h: the dims queries of a model description — input / output dims, input dims
// ranges, the current output dims of a loaded model, the dynamic gears (batch sizes, image
// sizes, dims), and aclmdlGetTensorRealName, which maps the names in aclmdlIODims back.
//
// What the dims are (AIPP images, gears, data-dependent outputs, conversion names) is
// model::ModelDescription's (runtime/model/model_description.h); these shims check the
// arguments and fill AscendCL's structures. As in AscendCL:
//  - aclmdlGetDynamicHW ignores `index`; aclmdlGetInputDynamicGearCount / GetInputDynamicDims
//    require index == (size_t)-1 and report 0 gears for a model that is not dynamic-dims;
//    gearCount must be at least the number of gears;
//  - more gears or dims than the fixed arrays hold is ACL_ERROR_STORAGE_OVER_LIMIT.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "runtime/api/acl_mdl_desc_internal.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/model/model_manager.h"

namespace {

using asim::Status;
using asim::api::mdl::FillDims;
using asim::api::mdl::FindDesc;
using asim::model::ModelDescription;
using asim::model::NamedDims;
using asim::om::DynamicKind;

const size_t kReservedIndex = static_cast<size_t>(-1);

Status NotNull(const void* p, const char* name) {
  if (p != nullptr) return Status::Ok();
  return Status(asim::err::kInvalidParam, std::string(name) + " must not be NULL");
}

Status TooMany(const char* what, size_t count, size_t max) {
  return Status(ACL_ERROR_STORAGE_OVER_LIMIT, "the model has " + std::to_string(count) + " " + what +
                                                  ", more than the " + std::to_string(max) + " the structure holds");
}

enum class Which { kInput, kInputV2, kOutput, kCurrentOutput };

Status Dims(const aclmdlDesc* handle, size_t index, aclmdlIODims* dims, Which which) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(dims, "dims"));
  NamedDims named;
  switch (which) {
    case Which::kInput: ASIM_RETURN_IF_ERROR(desc->InputDims(index, &named)); break;
    case Which::kInputV2: ASIM_RETURN_IF_ERROR(desc->InputDimsV2(index, &named)); break;
    case Which::kOutput: ASIM_RETURN_IF_ERROR(desc->OutputDims(index, &named)); break;
    case Which::kCurrentOutput:
      ASIM_RETURN_IF_ERROR(desc->CurOutputDims(asim::api::Ctx().models(), index, &named));
      break;
  }
  return FillDims(named, dims);
}

Status DimsRange(const aclmdlDesc* handle, size_t index, aclmdlIODimsRange* range) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(range, "dimsRange"));
  std::vector<std::array<int64_t, 2>> ranges;
  ASIM_RETURN_IF_ERROR(desc->InputDimsRange(index, &ranges));
  if (ranges.size() > ACL_MAX_DIM_CNT) return TooMany("dims", ranges.size(), ACL_MAX_DIM_CNT);
  range->rangeCount = ranges.size();  // 0 for gear models: not supported, as in AscendCL
  for (size_t i = 0; i < ranges.size(); ++i) {
    range->range[i][0] = ranges[i][0];
    range->range[i][1] = ranges[i][1];
  }
  return Status::Ok();
}

Status DynamicBatch(const aclmdlDesc* handle, aclmdlBatch* batch) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(batch, "batch"));
  const auto& gears = desc->Gears(DynamicKind::kBatch);
  if (gears.size() > ACL_MAX_BATCH_NUM) return TooMany("batch gears", gears.size(), ACL_MAX_BATCH_NUM);
  batch->batchCount = gears.size();
  for (size_t i = 0; i < gears.size(); ++i) batch->batch[i] = gears[i].empty() ? 0 : gears[i][0];
  return Status::Ok();
}

Status DynamicHW(const aclmdlDesc* handle, aclmdlHW* hw) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(hw, "hw"));
  const auto& gears = desc->Gears(DynamicKind::kImageSize);
  if (gears.size() > ACL_MAX_HW_NUM) return TooMany("image-size gears", gears.size(), ACL_MAX_HW_NUM);
  hw->hwCount = gears.size();
  for (size_t i = 0; i < gears.size(); ++i) {
    hw->hw[i][0] = gears[i].size() > 0 ? gears[i][0] : 0;
    hw->hw[i][1] = gears[i].size() > 1 ? gears[i][1] : 0;
  }
  return Status::Ok();
}

Status CheckReserved(size_t index) {
  if (index == kReservedIndex) return Status::Ok();
  return Status(asim::err::kInvalidParam, "index must be -1 (reserved), not " + std::to_string(index));
}

Status GearCount(const aclmdlDesc* handle, size_t index, size_t* count) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(count, "gearCount"));
  ASIM_RETURN_IF_ERROR(CheckReserved(index));
  const auto& gears = desc->Gears(DynamicKind::kDims);
  if (gears.size() > ACL_MAX_DIM_CNT) return TooMany("dims gears", gears.size(), ACL_MAX_DIM_CNT);
  *count = gears.size();
  return Status::Ok();
}

Status DynamicDims(const aclmdlDesc* handle, size_t index, aclmdlIODims* dims, size_t gear_count) {
  std::shared_ptr<ModelDescription> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(dims, "dims"));
  ASIM_RETURN_IF_ERROR(CheckReserved(index));
  const size_t gears = desc->Gears(DynamicKind::kDims).size();
  if (gear_count < gears) {
    return Status(asim::err::kInvalidParam, "gearCount " + std::to_string(gear_count) + " is less than the " +
                                                std::to_string(gears) + " gears of the model");
  }
  std::vector<std::vector<int64_t>> per_gear;
  ASIM_RETURN_IF_ERROR(desc->DimsGearInputs(&per_gear));
  for (size_t g = 0; g < per_gear.size(); ++g) {
    if (per_gear[g].size() > ACL_MAX_DIM_CNT) return TooMany("input dims", per_gear[g].size(), ACL_MAX_DIM_CNT);
    ASIM_RETURN_IF_ERROR(FillDims(NamedDims{"", per_gear[g]}, &dims[g]));
  }
  return Status::Ok();
}

}  // namespace

extern "C" {

aclError aclmdlGetInputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetInputDims");
  ACL_API_RETURN(Dims(modelDesc, index, dims, Which::kInput));
  ACL_API_END();
}

aclError aclmdlGetInputDimsV2(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetInputDimsV2");
  ACL_API_RETURN(Dims(modelDesc, index, dims, Which::kInputV2));
  ACL_API_END();
}

aclError aclmdlGetOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetOutputDims");
  ACL_API_RETURN(Dims(modelDesc, index, dims, Which::kOutput));
  ACL_API_END();
}

aclError aclmdlGetInputDimsRange(const aclmdlDesc* modelDesc, size_t index, aclmdlIODimsRange* dimsRange) {
  ACL_API_BEGIN("aclmdlGetInputDimsRange");
  ACL_API_RETURN(DimsRange(modelDesc, index, dimsRange));
  ACL_API_END();
}

aclError aclmdlGetCurOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetCurOutputDims");
  ACL_API_RETURN(Dims(modelDesc, index, dims, Which::kCurrentOutput));
  ACL_API_END();
}

aclError aclmdlGetDynamicBatch(const aclmdlDesc* modelDesc, aclmdlBatch* batch) {
  ACL_API_BEGIN("aclmdlGetDynamicBatch");
  ACL_API_RETURN(DynamicBatch(modelDesc, batch));
  ACL_API_END();
}

aclError aclmdlGetDynamicHW(const aclmdlDesc* modelDesc, size_t index, aclmdlHW* hw) {
  ACL_API_BEGIN("aclmdlGetDynamicHW");
  (void)index;  // ignored, as in AscendCL (samples pass -1)
  ACL_API_RETURN(DynamicHW(modelDesc, hw));
  ACL_API_END();
}

aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc* modelDesc, size_t index, size_t* gearCount) {
  ACL_API_BEGIN("aclmdlGetInputDynamicGearCount");
  ACL_API_RETURN(GearCount(modelDesc, index, gearCount));
  ACL_API_END();
}

aclError aclmdlGetInputDynamicDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims, size_t gearCount) {
  ACL_API_BEGIN("aclmdlGetInputDynamicDims");
  ACL_API_RETURN(DynamicDims(modelDesc, index, dims, gearCount));
  ACL_API_END();
}

// The name itself when it is an input or output name; the real name when it is a conversion
// name (of this model id); NULL otherwise.
const char* aclmdlGetTensorRealName(const aclmdlDesc* modelDesc, const char* name) {
  constexpr const char* kApi = "aclmdlGetTensorRealName";
  return asim::api::Guarded<const char*>(kApi, nullptr, [&]() -> const char* {
    std::shared_ptr<ModelDescription> desc;
    Status st = FindDesc(modelDesc, &desc);
    if (st.ok()) st = NotNull(name, "name");
    if (st.ok()) {
      if (const char* real = desc->RealName(name)) return real;
      st = Status(asim::err::kInvalidParam, std::string("\"") + name +
                                                "\" is neither a tensor name of the model nor a conversion name "
                                                "from aclmdlGet*Dims");
    }
    asim::api::SetRecentError(kApi, st.code(), st.message());
    return nullptr;
  });
}

}  // extern "C"
