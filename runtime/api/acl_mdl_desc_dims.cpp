// acl_mdl.h: the dims queries of a model description — input / output dims, input dims
// ranges, the current output dims of a loaded model, the dynamic gears (batch sizes, image
// sizes, dims), and aclmdlGetTensorRealName, which maps the names in aclmdlIODims back.
//
// Dims are the description's: -1 marks a dimension that depends on the gear. aclmdlIODims.name
// is the tensor name, or AscendCL's conversion name when the name does not fit (see
// acl_mdl_desc_internal.h). As in AscendCL:
//  - a static-AIPP input (atc --insert_op_conf) reports the image as CANN does, [N, H, W, C]
//    (NHWC; C 3 for the YUV and RGB formats, 4 for the 4-channel ones, 1 for YUV400), from both
//    aclmdlGetInputDims and aclmdlGetInputDimsV2, while its size stays the image's bytes (the
//    public vpc samples take the resize target from dims[1] and dims[2]); other inputs report
//    the dims they are stored with;
//  - aclmdlGetInputDimsRange reports rangeCount 0 for a model with gears (the real one does
//    not support gear models) and [d, d] per dimension for a static model;
//  - aclmdlGetCurOutputDims reports the output dims of the gear the loaded model last ran (or
//    was set to run); for a description filled from a file or a buffer, the largest gear's;
//    for a data-dependent output (NonZero ..., -1 dims in the description) of a loaded model,
//    the dims its latest execution produced (the bound before the first);
//  - aclmdlGetDynamicHW ignores `index`; aclmdlGetInputDynamicGearCount / GetInputDynamicDims
//    require index == (size_t)-1 and report 0 gears for a model that is not dynamic-dims;
//    gearCount must be at least the number of gears;
//  - more gears or dims than the fixed arrays hold is ACL_ERROR_STORAGE_OVER_LIMIT.
#include <cstdint>
#include <cstdlib>
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
using asim::api::mdl::CheckIndex;
using asim::api::mdl::DimsName;
using asim::api::mdl::FillDims;
using asim::api::mdl::FindDesc;
using asim::api::mdl::Inputs;
using asim::api::mdl::Outputs;
using asim::om::DynamicKind;

const size_t kReservedIndex = static_cast<size_t>(-1);

Status NotNull(const void* p, const char* name) {
  if (p != nullptr) return Status::Ok();
  return Status(asim::err::kInvalidParam, std::string(name) + " must not be NULL");
}

// The gears of `kind` (empty when the description is unfilled or of another kind).
const std::vector<std::vector<int64_t>>& GearsOf(const aclmdlDesc& desc, DynamicKind kind) {
  static const std::vector<std::vector<int64_t>> kNone;
  return desc.info && desc.info->dynamic == kind ? desc.info->gears : kNone;
}

Status TooMany(const char* what, size_t count, size_t max) {
  return Status(ACL_ERROR_STORAGE_OVER_LIMIT, "the model has " + std::to_string(count) + " " + what +
                                                  ", more than the " + std::to_string(max) + " the structure holds");
}

// The number after `key` ("format=", "src=") in an AIPP metadata record, and the one after the
// following 'x' when `second` is set; -1 when absent.
int64_t RecordNumber(const std::string& record, const std::string& key, bool second) {
  const size_t at = record.rfind(key, 0) == 0 ? 0 : record.find(";" + key);
  if (at == std::string::npos) return -1;
  const char* p = record.c_str() + at + (at == 0 ? 0 : 1) + key.size();
  char* end = nullptr;
  const int64_t first = std::strtoll(p, &end, 10);
  if (!second) return first;
  return end != nullptr && *end == 'x' ? std::strtoll(end + 1, nullptr, 10) : -1;
}

// The image dims CANN reports for a static-AIPP input, or empty for other inputs.
std::vector<int64_t> AippImageDims(const aclmdlDesc& desc, size_t index, const std::vector<int64_t>& stored) {
  if (desc.info == nullptr || stored.empty()) return {};
  const auto it = desc.info->metadata.find("aipp." + std::to_string(index));
  if (it == desc.info->metadata.end() || it->second.find("dynamic") != std::string::npos) return {};
  const int64_t format = RecordNumber(it->second, "format=", false);
  const int64_t w = RecordNumber(it->second, "src=", false), h = RecordNumber(it->second, "src=", true);
  if (format <= 0 || w <= 0 || h <= 0) return {};
  const int64_t c = format == ACL_YUV400_U8                                                                ? 1
                    : (format == ACL_XRGB8888_U8 || format == ACL_ARGB8888_U8 || format == ACL_AYUV444_U8) ? 4
                                                                                                           : 3;
  return {stored[0], h, w, c};
}

Status Dims(const aclmdlDesc* handle, size_t index, aclmdlIODims* dims, bool input) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(dims, "dims"));
  const auto& list = input ? Inputs(*desc) : Outputs(*desc);
  ASIM_RETURN_IF_ERROR(CheckIndex(input ? "input" : "output", index, list.size()));
  if (input) {
    const std::vector<int64_t> image = AippImageDims(*desc, index, list[index].dims);
    if (!image.empty()) return FillDims(DimsName(*desc, input, index), image, dims);
  }
  return FillDims(DimsName(*desc, input, index), list[index].dims, dims);
}

int64_t Elements(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d < 0 ? 0 : d;
  return n;
}

// The output dims of gear `gear` (the description's dims when the model has no such gear).
const std::vector<int64_t>& GearOutputDims(const aclmdlDesc& desc, size_t gear, size_t index) {
  const auto& per_gear = desc.info->gear_outputs;
  if (gear < per_gear.size() && index < per_gear[gear].size() && !per_gear[gear][index].empty()) {
    return per_gear[gear][index];
  }
  return desc.info->outputs[index].dims;
}

Status CurOutputDims(const aclmdlDesc* handle, size_t index, aclmdlIODims* dims) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(dims, "dims"));
  ASIM_RETURN_IF_ERROR(CheckIndex("output", index, Outputs(*desc).size()));
  size_t gear = 0;
  if (desc->from_loaded_model) {
    // A data-dependent output (-1 dims in the description): the dims its latest execution
    // computed. Before any execution, the bound, like a gear's dims.
    std::vector<int64_t> actual;
    bool known = false;
    ASIM_RETURN_IF_ERROR(asim::api::Ctx().models().LastOutputDims(desc->model_id, index, &actual, &known));
    if (known) return FillDims(DimsName(*desc, false, index), actual, dims);
    int current = 0;
    ASIM_RETURN_IF_ERROR(asim::api::Ctx().models().CurrentGear(desc->model_id, &current));
    gear = current < 0 ? 0 : static_cast<size_t>(current);
  } else {  // no model runs: the largest gear
    const size_t gears = desc->info->gear_outputs.size();
    for (size_t g = 1; g < gears; ++g) {
      if (Elements(GearOutputDims(*desc, g, index)) > Elements(GearOutputDims(*desc, gear, index))) gear = g;
    }
  }
  return FillDims(DimsName(*desc, false, index), GearOutputDims(*desc, gear, index), dims);
}

Status DimsRange(const aclmdlDesc* handle, size_t index, aclmdlIODimsRange* range) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(range, "dimsRange"));
  if (desc->info && desc->info->dynamic != DynamicKind::kNone && !desc->info->gears.empty()) {
    range->rangeCount = 0;  // gear models: not supported, as in AscendCL
    return Status::Ok();
  }
  ASIM_RETURN_IF_ERROR(CheckIndex("input", index, Inputs(*desc).size()));
  const auto& dims = Inputs(*desc)[index].dims;
  if (dims.size() > ACL_MAX_DIM_CNT) return TooMany("dims", dims.size(), ACL_MAX_DIM_CNT);
  range->rangeCount = dims.size();
  for (size_t i = 0; i < dims.size(); ++i) {
    range->range[i][0] = dims[i] < 0 ? 1 : dims[i];
    range->range[i][1] = dims[i];  // -1: unbounded
  }
  return Status::Ok();
}

Status DynamicBatch(const aclmdlDesc* handle, aclmdlBatch* batch) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(batch, "batch"));
  const auto& gears = GearsOf(*desc, DynamicKind::kBatch);
  if (gears.size() > ACL_MAX_BATCH_NUM) return TooMany("batch gears", gears.size(), ACL_MAX_BATCH_NUM);
  batch->batchCount = gears.size();
  for (size_t i = 0; i < gears.size(); ++i) batch->batch[i] = gears[i].empty() ? 0 : gears[i][0];
  return Status::Ok();
}

Status DynamicHW(const aclmdlDesc* handle, aclmdlHW* hw) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(hw, "hw"));
  const auto& gears = GearsOf(*desc, DynamicKind::kImageSize);
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
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(count, "gearCount"));
  ASIM_RETURN_IF_ERROR(CheckReserved(index));
  const auto& gears = GearsOf(*desc, DynamicKind::kDims);
  if (gears.size() > ACL_MAX_DIM_CNT) return TooMany("dims gears", gears.size(), ACL_MAX_DIM_CNT);
  *count = gears.size();
  return Status::Ok();
}

// Per gear: the dims of every data input, concatenated in input order, with the gear's
// values in place of the -1s.
Status DynamicDims(const aclmdlDesc* handle, size_t index, aclmdlIODims* dims, size_t gear_count) {
  std::shared_ptr<aclmdlDesc> desc;
  ASIM_RETURN_IF_ERROR(FindDesc(handle, &desc));
  ASIM_RETURN_IF_ERROR(NotNull(dims, "dims"));
  ASIM_RETURN_IF_ERROR(CheckReserved(index));
  const auto& gears = GearsOf(*desc, DynamicKind::kDims);
  if (gear_count < gears.size()) {
    return Status(asim::err::kInvalidParam, "gearCount " + std::to_string(gear_count) + " is less than the " +
                                                std::to_string(gears.size()) + " gears of the model");
  }
  std::vector<int64_t> all;
  for (const auto& io : Inputs(*desc)) {
    if (io.name != asim::om::kDynamicTensorName) all.insert(all.end(), io.dims.begin(), io.dims.end());
  }
  if (!gears.empty() && all.size() > ACL_MAX_DIM_CNT) return TooMany("input dims", all.size(), ACL_MAX_DIM_CNT);
  for (size_t g = 0; g < gears.size(); ++g) {
    std::vector<int64_t> values = all;
    size_t next = 0;
    for (int64_t& d : values) {
      if (d >= 0) continue;
      if (next >= gears[g].size()) {
        return Status(asim::err::kInternalError, "gear " + std::to_string(g) + " has " +
                                                     std::to_string(gears[g].size()) +
                                                     " values, fewer than the dynamic dims of the inputs");
      }
      d = gears[g][next++];
    }
    ASIM_RETURN_IF_ERROR(FillDims("", values, &dims[g]));
  }
  return Status::Ok();
}

// Maps a conversion name ("acl_modelId_<id>_input_<i>[_<x>]") back to the real name.
const char* ConversionToReal(const aclmdlDesc& desc, const std::string& name) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t pos; (pos = name.find('_', start)) != std::string::npos; start = pos + 1) {
    parts.push_back(name.substr(start, pos - start));
  }
  parts.push_back(name.substr(start));
  auto digits = [](const std::string& s) {
    return !s.empty() && s.size() < 10 && s.find_first_not_of("0123456789") == std::string::npos;
  };
  if ((parts.size() != 5 && parts.size() != 6) || parts[0] != "acl" || parts[1] != "modelId" || !digits(parts[2]) ||
      !digits(parts[4]) || std::stoul(parts[2]) != desc.model_id) {
    return nullptr;
  }
  const size_t index = std::stoul(parts[4]);
  if (parts[3] != "input" && parts[3] != "output") return nullptr;
  const bool input = parts[3] == "input";
  const auto& list = input ? Inputs(desc) : Outputs(desc);
  if (index >= list.size()) return nullptr;
  return list[index].name.c_str();
}

}  // namespace

extern "C" {

aclError aclmdlGetInputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetInputDims");
  ACL_API_RETURN(Dims(modelDesc, index, dims, /*input=*/true));
  ACL_API_END();
}

aclError aclmdlGetInputDimsV2(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetInputDimsV2");
  ACL_API_RETURN(Dims(modelDesc, index, dims, /*input=*/true));
  ACL_API_END();
}

aclError aclmdlGetOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetOutputDims");
  ACL_API_RETURN(Dims(modelDesc, index, dims, /*input=*/false));
  ACL_API_END();
}

aclError aclmdlGetInputDimsRange(const aclmdlDesc* modelDesc, size_t index, aclmdlIODimsRange* dimsRange) {
  ACL_API_BEGIN("aclmdlGetInputDimsRange");
  ACL_API_RETURN(DimsRange(modelDesc, index, dimsRange));
  ACL_API_END();
}

aclError aclmdlGetCurOutputDims(const aclmdlDesc* modelDesc, size_t index, aclmdlIODims* dims) {
  ACL_API_BEGIN("aclmdlGetCurOutputDims");
  ACL_API_RETURN(CurOutputDims(modelDesc, index, dims));
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
    std::shared_ptr<aclmdlDesc> desc;
    Status st = FindDesc(modelDesc, &desc);
    if (st.ok()) st = NotNull(name, "name");
    if (st.ok()) {
      for (const auto* list : {&Inputs(*desc), &Outputs(*desc)}) {
        for (const auto& io : *list) {
          if (io.name == name) return io.name.c_str();
        }
      }
      if (const char* real = ConversionToReal(*desc, name)) return real;
      st = Status(asim::err::kInvalidParam, std::string("\"") + name +
                                                "\" is neither a tensor name of the model nor a conversion name "
                                                "from aclmdlGet*Dims");
    }
    asim::api::SetRecentError(kApi, st.code(), st.message());
    return nullptr;
  });
}

}  // extern "C"
