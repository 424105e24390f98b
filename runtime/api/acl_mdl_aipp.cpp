// acl_mdl.h: dynamic AIPP parameter sets (aclmdlAIPP) and the AIPP queries of a loaded model.
//
// The parameter set is stored as given; every setter validates its arguments first and
// changes nothing on failure (ACL_ERROR_INVALID_PARAM naming the argument, its value and the
// range). The ranges are AscendCL's: switches 0/1; input format one of ACL_YUV420SP_U8 ..
// ACL_RAW24; source image width [2, 4096] and height [1, 4096]; CSC matrix [-32677, 32676];
// scaling input [16, 4096], output width [16, 1920], output height [16, 4096]; crop start
// [0, 4095] and size [1, 4096]; padding [0, 32]; pixel mean [0, 255], pixel min [0.0, 255.0],
// variance reciprocal [-65504.0, 65504.0] (NaN is refused); batchIndex < the set's batch size.
// With a switch off, the other arguments of that setter are not checked (as in AscendCL).
// aclmdlCreateAIPP takes a batch size in [1, ACL_MAX_BATCH_NUM] (AscendCL only refuses 0; the
// device structure counts batches in an int8).
// aclmdlGetAippDataSize is the size of the device-side dynamic AIPP structure:
// 64 bytes of common parameters + 96 bytes per batch (sizeof(kAippDynamicPara) -
// sizeof(kAippDynamicBatchPara) + batchSize * sizeof(kAippDynamicBatchPara) in GE).
//
// Models converted with atc --insert_op_conf record each AIPP input in the model's metadata
// ("aipp.<input index>", tools/atc/aipp/insert_aipp.h). After the model id (the model manager's
// error) and the index (ACL_ERROR_INVALID_PARAM) are checked, aclmdlGetAippType reports
// ACL_DATA_WITH_STATIC_AIPP, ACL_DATA_WITH_DYNAMIC_AIPP (with the index of its
// ACL_DYNAMIC_AIPP_NAME input as the attached index), ACL_DYNAMIC_AIPP_NODE (for that input,
// attached: the image input) or ACL_DATA_WITHOUT_AIPP (ACL_INVALID_NODE_INDEX);
// aclmdlGetFirstAippInfo gives a static input's parameters (the image format and size, crop,
// padding, CSC, swaps, normalisation; srcFormat / srcDatatype / srcDimNum and outDims[0]
// describe the model input AIPP feeds and the image input) and fails with
// ACL_ERROR_GE_AIPP_NOT_EXIST for any other input (a dynamic input's parameters come per
// execution).
// Dynamic AIPP: aclmdlSetInputAIPP(model, dataset, index of the ACL_DYNAMIC_AIPP_NAME input,
// set) and aclmdlSetAIPPByInputIndex(model, dataset, index of the image input, set) write the
// set into the dataset's buffer of the parameter input (device or host memory; the layout is
// kernels/image/aipp_dynamic_params.h), which the model's Aipp stage reads when
// aclmdlExecute runs. Checked here: the input kinds (ACL_ERROR_INVALID_PARAM, or
// ACL_ERROR_FAILURE for an image input without dynamic AIPP, as GE), the dataset's buffer
// (present, large enough), the set's batch size (at most the model's batch), that the input
// format and source size were set and the image fits the model's max_src_image_size. What
// depends on the crop and padding is checked by the Aipp stage at execution.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl_mdl.h"
#include "kernels/image/aipp_dynamic_params.h"
#include "runtime/api/acl_mdl_objects.h"
#include "runtime/api/api_guard.h"
#include "runtime/api/runtime_context.h"
#include "runtime/core/pointer_text.h"
#include "runtime/model/model_manager.h"

namespace asim::api {

rt::HandleRegistry<aclmdlAIPP>& AippSets() {
  static auto* registry = new rt::HandleRegistry<aclmdlAIPP>();  // outlives static destructors
  return *registry;
}

}  // namespace asim::api

namespace {

using asim::Status;
using asim::api::AippSets;
using Batch = aclmdlAIPP::PerBatch;

constexpr size_t kAippParamHeadSize = 64;   // kAippDynamicPara without its first batch
constexpr size_t kAippParamBatchSize = 96;  // kAippDynamicBatchPara

Status Invalid(const std::string& message) {
  return Status(asim::err::kInvalidParam, message);
}

Status Range(const char* name, int64_t value, int64_t lo, int64_t hi) {
  if (value >= lo && value <= hi) return Status::Ok();
  return Invalid(std::string(name) + " is " + std::to_string(value) + ", outside [" + std::to_string(lo) + ", " +
                 std::to_string(hi) + "]");
}

Status RangeF(const char* name, float value, float lo, float hi) {
  if (value >= lo && value <= hi) return Status::Ok();  // false for NaN
  return Invalid(std::string(name) + " is " + std::to_string(value) + ", outside [" + std::to_string(lo) + ", " +
                 std::to_string(hi) + "]");
}

Status Switch(const char* name, int8_t value) {
  return Range(name, value, 0, 1);
}

Status FindAipp(const aclmdlAIPP* handle, std::shared_ptr<aclmdlAIPP>* out) {
  if (handle == nullptr) return Invalid("aippParmsSet must not be NULL");
  *out = AippSets().Find(handle);
  if (!*out) {
    return Invalid("aippParmsSet " + asim::rt::PointerText(handle) +
                   " is not live (destroyed, or never created by aclmdlCreateAIPP)");
  }
  return Status::Ok();
}

// Runs `set` on the live parameter set; `set` validates before it changes anything.
Status Apply(const aclmdlAIPP* handle, const std::function<Status(aclmdlAIPP&)>& set) {
  std::shared_ptr<aclmdlAIPP> aipp;
  ASIM_RETURN_IF_ERROR(FindAipp(handle, &aipp));
  return set(*aipp);
}

Status ApplyBatch(const aclmdlAIPP* handle, uint64_t batch_index, const std::function<Status(Batch&)>& set) {
  return Apply(handle, [&](aclmdlAIPP& aipp) {
    if (batch_index >= aipp.batches.size()) {
      return Invalid("batchIndex " + std::to_string(batch_index) + " is out of range: the parameter set has " +
                     std::to_string(aipp.batches.size()) + " batch(es)");
    }
    return set(aipp.batches[batch_index]);
  });
}

// The model's info and the input `index` checked against it.
Status ModelInput(uint32_t model_id, size_t index, std::shared_ptr<const asim::model::ModelInfo>* info) {
  ASIM_RETURN_IF_ERROR(asim::api::Ctx().models().GetInfo(model_id, info));
  if (index >= (*info)->inputs.size()) {
    return Invalid("index " + std::to_string(index) + " is out of range: model " + std::to_string(model_id) + " has " +
                   std::to_string((*info)->inputs.size()) + " input(s)");
  }
  return Status::Ok();
}

bool IsAippData(const asim::model::ModelInfo& info, size_t index) {
  return info.inputs[index].name == ACL_DYNAMIC_AIPP_NAME;
}

// The static AIPP record of input `index`, or nullptr.
const std::string* StaticAipp(const asim::model::ModelInfo& info, size_t index) {
  auto it = info.metadata.find("aipp." + std::to_string(index));
  return it == info.metadata.end() ? nullptr : &it->second;
}

// "key=v1,v2,...;key=..." -> key -> numbers ("224x224" counts as two).
std::map<std::string, std::vector<double>> ParseRecord(const std::string& text) {
  std::map<std::string, std::vector<double>> out;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(';', pos);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(pos, end - pos);
    const size_t eq = item.find('=');
    if (eq != std::string::npos) {
      std::vector<double>& values = out[item.substr(0, eq)];
      std::string number;
      for (char ch : item.substr(eq + 1) + ",") {
        if (ch == ',' || ch == 'x') {
          if (!number.empty()) values.push_back(std::strtod(number.c_str(), nullptr));
          number.clear();
        } else {
          number += ch;
        }
      }
    }
    pos = end + 1;
  }
  return out;
}

Status FillStaticAippInfo(const asim::model::ModelInfo& info, size_t index, const std::string& record, aclAippInfo* a) {
  auto r = ParseRecord(record);
  const auto get = [&](const char* key, size_t k) -> double {
    auto it = r.find(key);
    return it != r.end() && k < it->second.size() ? it->second[k] : 0.0;
  };
  *a = aclAippInfo{};
  a->inputFormat = static_cast<aclAippInputFormat>(static_cast<int>(get("format", 0)));
  a->srcImageSizeW = static_cast<int32_t>(get("src", 0));
  a->srcImageSizeH = static_cast<int32_t>(get("src", 1));
  a->cropSwitch = static_cast<int8_t>(get("crop", 0));
  a->loadStartPosW = static_cast<int32_t>(get("crop", 1));
  a->loadStartPosH = static_cast<int32_t>(get("crop", 2));
  a->cropSizeW = static_cast<int32_t>(get("crop", 3));
  a->cropSizeH = static_cast<int32_t>(get("crop", 4));
  a->topPaddingSize = static_cast<int32_t>(get("pad", 0));
  a->bottomPaddingSize = static_cast<int32_t>(get("pad", 1));
  a->leftPaddingSize = static_cast<int32_t>(get("pad", 2));
  a->rightPaddingSize = static_cast<int32_t>(get("pad", 3));
  a->paddingSwitch =
      static_cast<int8_t>(a->topPaddingSize + a->bottomPaddingSize + a->leftPaddingSize + a->rightPaddingSize > 0);
  a->cscSwitch = static_cast<int8_t>(get("csc", 0));
  a->rbuvSwapSwitch = static_cast<int8_t>(get("swap", 0));
  a->axSwapSwitch = static_cast<int8_t>(get("swap", 1));
  int32_t* matrix[9] = {&a->matrixR0C0, &a->matrixR0C1, &a->matrixR0C2, &a->matrixR1C0, &a->matrixR1C1,
                        &a->matrixR1C2, &a->matrixR2C0, &a->matrixR2C1, &a->matrixR2C2};
  for (size_t i = 0; i < 9; ++i) *matrix[i] = static_cast<int32_t>(get("matrix", i));
  a->inputBias0 = static_cast<int32_t>(get("input_bias", 0));
  a->inputBias1 = static_cast<int32_t>(get("input_bias", 1));
  a->inputBias2 = static_cast<int32_t>(get("input_bias", 2));
  a->outputBias0 = static_cast<int32_t>(get("output_bias", 0));
  a->outputBias1 = static_cast<int32_t>(get("output_bias", 1));
  a->outputBias2 = static_cast<int32_t>(get("output_bias", 2));
  a->meanChn0 = static_cast<int32_t>(get("mean", 0));
  a->meanChn1 = static_cast<int32_t>(get("mean", 1));
  a->meanChn2 = static_cast<int32_t>(get("mean", 2));
  a->meanChn3 = static_cast<int32_t>(get("mean", 3));
  a->minChn0 = static_cast<float>(get("min", 0));
  a->minChn1 = static_cast<float>(get("min", 1));
  a->minChn2 = static_cast<float>(get("min", 2));
  a->minChn3 = static_cast<float>(get("min", 3));
  a->varReciChn0 = static_cast<float>(get("var_reci", 0));
  a->varReciChn1 = static_cast<float>(get("var_reci", 1));
  a->varReciChn2 = static_cast<float>(get("var_reci", 2));
  a->varReciChn3 = static_cast<float>(get("var_reci", 3));
  a->srcFormat = static_cast<aclFormat>(static_cast<int>(get("out_format", 0)));
  a->srcDatatype = static_cast<aclDataType>(static_cast<int>(get("out_dtype", 0)));
  const std::vector<double> out_dims = r["out_dims"];
  a->srcDimNum = out_dims.size();
  const asim::om::IoDesc& io = info.inputs[index];
  if (io.dims.size() > ACL_MAX_DIM_CNT || out_dims.size() > ACL_MAX_DIM_CNT) {
    return Status(asim::err::kModelMissingAttr,
                  "the AIPP record of input " + std::to_string(index) + " has too many dims");
  }
  a->shapeCount = 1;
  aclAippDims& d = a->outDims[0];
  std::snprintf(d.srcDims.name, sizeof(d.srcDims.name), "%s", io.name.c_str());
  d.srcDims.dimCount = io.dims.size();
  for (size_t i = 0; i < io.dims.size(); ++i) d.srcDims.dims[i] = io.dims[i];
  d.srcSize = io.size;
  std::snprintf(d.aippOutdims.name, sizeof(d.aippOutdims.name), "%s", io.name.c_str());
  d.aippOutdims.dimCount = out_dims.size();
  size_t elements = 1;
  for (size_t i = 0; i < out_dims.size(); ++i) {
    d.aippOutdims.dims[i] = static_cast<int64_t>(out_dims[i]);
    elements *= static_cast<size_t>(out_dims[i]);
  }
  d.aippOutSize = elements * (a->srcDatatype == ACL_FLOAT16 ? 2 : 4);
  return Status::Ok();
}

// The "aipp.<index>" record's numbers, or an empty map.
std::map<std::string, std::vector<double>> AippRecord(const asim::model::ModelInfo& info, size_t index) {
  const std::string* record = StaticAipp(info, index);
  return record == nullptr ? std::map<std::string, std::vector<double>>{} : ParseRecord(*record);
}

double RecordValue(const std::map<std::string, std::vector<double>>& r, const char* key, double fallback = -1) {
  auto it = r.find(key);
  return it != r.end() && !it->second.empty() ? it->second[0] : fallback;
}

// Writes `aipp` into the dataset's buffer `params_index`, the parameter input of the model's
// dynamic AIPP image input `image_index`.
Status WriteDynamicAipp(const asim::model::ModelInfo& info, size_t image_index, size_t params_index,
                        const aclmdlDataset& set, const aclmdlAIPP& aipp) {
  const auto record = AippRecord(info, image_index);
  const std::vector<int64_t>& image_dims = info.inputs[image_index].dims;
  const int64_t model_batch = image_dims.empty() ? 1 : image_dims[0];
  if (static_cast<int64_t>(aipp.batch_size) > model_batch) {
    return Invalid("the AIPP parameter set has batchSize " + std::to_string(aipp.batch_size) + " but input " +
                   std::to_string(image_index) + " of the model holds " + std::to_string(model_batch) + " image(s)");
  }
  if (aipp.input_format == 0) return Invalid("the AIPP parameter set has no input format (aclmdlSetAIPPInputFormat)");
  if (aipp.src_image_w <= 0 || aipp.src_image_h <= 0) {
    return Invalid("the AIPP parameter set has no source image size (aclmdlSetAIPPSrcImageSize)");
  }
  const int64_t bytes = asim::kernels::aipp::AippImageBytes(aipp.input_format, aipp.src_image_w, aipp.src_image_h);
  const double max = RecordValue(record, "max", 0);
  if (bytes > max) {
    return Invalid("a " + std::to_string(aipp.src_image_w) + "x" + std::to_string(aipp.src_image_h) +
                   " image of the set's input format has " + std::to_string(bytes) +
                   " bytes, more than the model's max_src_image_size " + std::to_string(static_cast<int64_t>(max)));
  }
  if (params_index >= set.buffers.size() || set.buffers[params_index] == nullptr) {
    return Invalid("the dataset has no buffer for input " + std::to_string(params_index) + " (" +
                   ACL_DYNAMIC_AIPP_NAME + "): add one of aclmdlGetInputSizeByIndex bytes before setting AIPP");
  }
  const aclDataBuffer* buffer = set.buffers[params_index];
  const size_t need = asim::kernels::aipp::DynamicAippBytes(static_cast<size_t>(model_batch));
  if (buffer->data == nullptr || buffer->size < need) {
    return Invalid("the dataset's buffer for input " + std::to_string(params_index) + " has " +
                   std::to_string(buffer->size) + " bytes; the dynamic AIPP parameters take " + std::to_string(need));
  }
  asim::kernels::aipp::DynamicCommon common;
  common.input_format = static_cast<uint8_t>(aipp.input_format);
  common.csc = aipp.csc_switch;
  common.rbuv_swap = aipp.rbuv_swap;
  common.ax_swap = aipp.ax_swap;
  common.batch_num = static_cast<int8_t>(aipp.batch_size);
  common.src_w = aipp.src_image_w;
  common.src_h = aipp.src_image_h;
  for (size_t i = 0; i < 9; ++i) common.matrix[i] = aipp.csc_matrix[i / 3][i % 3];
  for (size_t i = 0; i < 3; ++i) {
    common.output_bias[i] = aipp.csc_output_bias[i];
    common.input_bias[i] = aipp.csc_input_bias[i];
  }
  // Batches beyond the set's use its last batch's parameters.
  std::vector<asim::kernels::aipp::DynamicBatch> batches(static_cast<size_t>(model_batch));
  for (size_t b = 0; b < batches.size(); ++b) {
    const Batch& src = aipp.batches[std::min(b, aipp.batches.size() - 1)];
    auto& d = batches[b];
    d.crop = src.crop_switch;
    d.scf = src.scf_switch;
    d.padding = src.padding_switch;
    d.crop_x = src.crop_x;
    d.crop_y = src.crop_y;
    d.crop_w = src.crop_w;
    d.crop_h = src.crop_h;
    d.scf_in_w = src.scf_input_w;
    d.scf_in_h = src.scf_input_h;
    d.scf_out_w = src.scf_output_w;
    d.scf_out_h = src.scf_output_h;
    d.pad_top = src.pad_top;
    d.pad_bottom = src.pad_bottom;
    d.pad_left = src.pad_left;
    d.pad_right = src.pad_right;
    for (size_t i = 0; i < 4; ++i) {
      d.mean[i] = src.mean[i];
      d.min[i] = src.min[i];
      d.var_reci[i] = src.var_reci[i];
    }
  }
  std::vector<uint8_t> block(need);
  asim::kernels::aipp::WriteDynamicAipp(common, batches, block.data());
  // ACL_MEMCPY_DEFAULT: the buffer may be device memory (the usual case) or host memory.
  return asim::api::Ctx().core().Memcpy(buffer->data, buffer->size, block.data(), block.size(),
                                        asim::rt::mem::kDefault);
}
}  // namespace

extern "C" {

aclmdlAIPP* aclmdlCreateAIPP(uint64_t batchSize) {
  constexpr const char* kApi = "aclmdlCreateAIPP";
  return asim::api::Guarded<aclmdlAIPP*>(kApi, nullptr, [&]() -> aclmdlAIPP* {
    Status st =
        Range("batchSize", static_cast<int64_t>(std::min<uint64_t>(batchSize, INT64_MAX)), 1, ACL_MAX_BATCH_NUM);
    if (!st.ok()) {
      asim::api::SetRecentError(kApi, st.code(), st.message());
      return nullptr;
    }
    auto aipp = std::make_shared<aclmdlAIPP>();
    aipp->batch_size = batchSize;
    aipp->batches.resize(batchSize);
    return static_cast<aclmdlAIPP*>(AippSets().Add(std::move(aipp)));
  });
}

aclError aclmdlDestroyAIPP(const aclmdlAIPP* aippParmsSet) {
  ACL_API_BEGIN("aclmdlDestroyAIPP");
  std::shared_ptr<aclmdlAIPP> aipp;
  Status st = FindAipp(aippParmsSet, &aipp);
  if (st.ok()) AippSets().Remove(aippParmsSet);
  ACL_API_RETURN(st);
  ACL_API_END();
}

aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t* size) {
  ACL_API_BEGIN("aclmdlGetAippDataSize");
  ACL_API_CHECK_NOT_NULL(size);
  if (batchSize == 0) ACL_API_FAIL(asim::err::kInvalidParam, "batchSize must not be 0");
  if (batchSize > (SIZE_MAX - kAippParamHeadSize) / kAippParamBatchSize) {
    ACL_API_FAIL(asim::err::kInvalidParam, "batchSize " + std::to_string(batchSize) + " overflows the data size");
  }
  *size = kAippParamHeadSize + static_cast<size_t>(batchSize) * kAippParamBatchSize;
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlSetAIPPInputFormat(aclmdlAIPP* aippParmsSet, aclAippInputFormat inputFormat) {
  ACL_API_BEGIN("aclmdlSetAIPPInputFormat");
  const int32_t format = asim::api::RawEnum(inputFormat);
  ACL_API_RETURN(Apply(aippParmsSet, [&](aclmdlAIPP& a) {
    ASIM_RETURN_IF_ERROR(Range("inputFormat", format, ACL_YUV420SP_U8, ACL_RAW24));
    a.input_format = format;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPCscParams(aclmdlAIPP* aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0,
                                int16_t cscMatrixR0C1, int16_t cscMatrixR0C2, int16_t cscMatrixR1C0,
                                int16_t cscMatrixR1C1, int16_t cscMatrixR1C2, int16_t cscMatrixR2C0,
                                int16_t cscMatrixR2C1, int16_t cscMatrixR2C2, uint8_t cscOutputBiasR0,
                                uint8_t cscOutputBiasR1, uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0,
                                uint8_t cscInputBiasR1, uint8_t cscInputBiasR2) {
  ACL_API_BEGIN("aclmdlSetAIPPCscParams");
  const int16_t matrix[3][3] = {{cscMatrixR0C0, cscMatrixR0C1, cscMatrixR0C2},
                                {cscMatrixR1C0, cscMatrixR1C1, cscMatrixR1C2},
                                {cscMatrixR2C0, cscMatrixR2C1, cscMatrixR2C2}};
  ACL_API_RETURN(Apply(aippParmsSet, [&](aclmdlAIPP& a) {
    ASIM_RETURN_IF_ERROR(Switch("cscSwitch", cscSwitch));
    if (cscSwitch == 1) {
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
          const std::string name = "cscMatrixR" + std::to_string(r) + "C" + std::to_string(c);
          ASIM_RETURN_IF_ERROR(Range(name.c_str(), matrix[r][c], -32677, 32676));
        }
      }
      std::copy(&matrix[0][0], &matrix[0][0] + 9, &a.csc_matrix[0][0]);
      a.csc_output_bias[0] = cscOutputBiasR0, a.csc_output_bias[1] = cscOutputBiasR1;
      a.csc_output_bias[2] = cscOutputBiasR2;
      a.csc_input_bias[0] = cscInputBiasR0, a.csc_input_bias[1] = cscInputBiasR1, a.csc_input_bias[2] = cscInputBiasR2;
    }
    a.csc_switch = cscSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP* aippParmsSet, int8_t rbuvSwapSwitch) {
  ACL_API_BEGIN("aclmdlSetAIPPRbuvSwapSwitch");
  ACL_API_RETURN(Apply(aippParmsSet, [&](aclmdlAIPP& a) {
    ASIM_RETURN_IF_ERROR(Switch("rbuvSwapSwitch", rbuvSwapSwitch));
    a.rbuv_swap = rbuvSwapSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP* aippParmsSet, int8_t axSwapSwitch) {
  ACL_API_BEGIN("aclmdlSetAIPPAxSwapSwitch");
  ACL_API_RETURN(Apply(aippParmsSet, [&](aclmdlAIPP& a) {
    ASIM_RETURN_IF_ERROR(Switch("axSwapSwitch", axSwapSwitch));
    a.ax_swap = axSwapSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP* aippParmsSet, int32_t srcImageSizeW, int32_t srcImageSizeH) {
  ACL_API_BEGIN("aclmdlSetAIPPSrcImageSize");
  ACL_API_RETURN(Apply(aippParmsSet, [&](aclmdlAIPP& a) {
    ASIM_RETURN_IF_ERROR(Range("srcImageSizeW", srcImageSizeW, 2, 4096));
    ASIM_RETURN_IF_ERROR(Range("srcImageSizeH", srcImageSizeH, 1, 4096));
    a.src_image_w = srcImageSizeW;
    a.src_image_h = srcImageSizeH;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPScfParams(aclmdlAIPP* aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW,
                                int32_t scfInputSizeH, int32_t scfOutputSizeW, int32_t scfOutputSizeH,
                                uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPScfParams");
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    ASIM_RETURN_IF_ERROR(Switch("scfSwitch", scfSwitch));
    if (scfSwitch == 1) {
      ASIM_RETURN_IF_ERROR(Range("scfInputSizeW", scfInputSizeW, 16, 4096));
      ASIM_RETURN_IF_ERROR(Range("scfInputSizeH", scfInputSizeH, 16, 4096));
      ASIM_RETURN_IF_ERROR(Range("scfOutputSizeW", scfOutputSizeW, 16, 1920));
      ASIM_RETURN_IF_ERROR(Range("scfOutputSizeH", scfOutputSizeH, 16, 4096));
      b.scf_input_w = scfInputSizeW, b.scf_input_h = scfInputSizeH;
      b.scf_output_w = scfOutputSizeW, b.scf_output_h = scfOutputSizeH;
    }
    b.scf_switch = scfSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPCropParams(aclmdlAIPP* aippParmsSet, int8_t cropSwitch, int32_t cropStartPosW,
                                 int32_t cropStartPosH, int32_t cropSizeW, int32_t cropSizeH, uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPCropParams");
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    ASIM_RETURN_IF_ERROR(Switch("cropSwitch", cropSwitch));
    if (cropSwitch == 1) {
      ASIM_RETURN_IF_ERROR(Range("cropStartPosW", cropStartPosW, 0, 4095));
      ASIM_RETURN_IF_ERROR(Range("cropStartPosH", cropStartPosH, 0, 4095));
      ASIM_RETURN_IF_ERROR(Range("cropSizeW", cropSizeW, 1, 4096));
      ASIM_RETURN_IF_ERROR(Range("cropSizeH", cropSizeH, 1, 4096));
      b.crop_x = cropStartPosW, b.crop_y = cropStartPosH, b.crop_w = cropSizeW, b.crop_h = cropSizeH;
    }
    b.crop_switch = cropSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP* aippParmsSet, int8_t paddingSwitch, int32_t paddingSizeTop,
                                    int32_t paddingSizeBottom, int32_t paddingSizeLeft, int32_t paddingSizeRight,
                                    uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPPaddingParams");
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    ASIM_RETURN_IF_ERROR(Switch("paddingSwitch", paddingSwitch));
    if (paddingSwitch == 1) {
      ASIM_RETURN_IF_ERROR(Range("paddingSizeTop", paddingSizeTop, 0, 32));
      ASIM_RETURN_IF_ERROR(Range("paddingSizeBottom", paddingSizeBottom, 0, 32));
      ASIM_RETURN_IF_ERROR(Range("paddingSizeLeft", paddingSizeLeft, 0, 32));
      ASIM_RETURN_IF_ERROR(Range("paddingSizeRight", paddingSizeRight, 0, 32));
      b.pad_top = paddingSizeTop, b.pad_bottom = paddingSizeBottom;
      b.pad_left = paddingSizeLeft, b.pad_right = paddingSizeRight;
    }
    b.padding_switch = paddingSwitch;
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP* aippParmsSet, int16_t dtcPixelMeanChn0, int16_t dtcPixelMeanChn1,
                                   int16_t dtcPixelMeanChn2, int16_t dtcPixelMeanChn3, uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPDtcPixelMean");
  const int16_t mean[4] = {dtcPixelMeanChn0, dtcPixelMeanChn1, dtcPixelMeanChn2, dtcPixelMeanChn3};
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    for (int i = 0; i < 4; ++i) {
      ASIM_RETURN_IF_ERROR(Range(("dtcPixelMeanChn" + std::to_string(i)).c_str(), mean[i], 0, 255));
    }
    std::copy(mean, mean + 4, b.mean);
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP* aippParmsSet, float dtcPixelMinChn0, float dtcPixelMinChn1,
                                  float dtcPixelMinChn2, float dtcPixelMinChn3, uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPDtcPixelMin");
  const float min[4] = {dtcPixelMinChn0, dtcPixelMinChn1, dtcPixelMinChn2, dtcPixelMinChn3};
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    for (int i = 0; i < 4; ++i) {
      ASIM_RETURN_IF_ERROR(RangeF(("dtcPixelMinChn" + std::to_string(i)).c_str(), min[i], 0.0f, 255.0f));
    }
    std::copy(min, min + 4, b.min);
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP* aippParmsSet, float dtcPixelVarReciChn0, float dtcPixelVarReciChn1,
                                   float dtcPixelVarReciChn2, float dtcPixelVarReciChn3, uint64_t batchIndex) {
  ACL_API_BEGIN("aclmdlSetAIPPPixelVarReci");
  const float reci[4] = {dtcPixelVarReciChn0, dtcPixelVarReciChn1, dtcPixelVarReciChn2, dtcPixelVarReciChn3};
  ACL_API_RETURN(ApplyBatch(aippParmsSet, batchIndex, [&](Batch& b) {
    for (int i = 0; i < 4; ++i) {
      ASIM_RETURN_IF_ERROR(RangeF(("dtcPixelVarReciChn" + std::to_string(i)).c_str(), reci[i], -65504.0f, 65504.0f));
    }
    std::copy(reci, reci + 4, b.var_reci);
    return Status::Ok();
  }));
  ACL_API_END();
}

aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType* type,
                           size_t* dynamicAttachedDataIndex) {
  ACL_API_BEGIN("aclmdlGetAippType");
  ACL_API_CHECK_NOT_NULL(type);
  ACL_API_CHECK_NOT_NULL(dynamicAttachedDataIndex);
  *dynamicAttachedDataIndex = ACL_INVALID_NODE_INDEX;
  std::shared_ptr<const asim::model::ModelInfo> info;
  ACL_API_RETURN_IF_ERROR(ModelInput(modelId, index, &info));
  const auto record = AippRecord(*info, index);
  if (IsAippData(*info, index) || RecordValue(record, "dynamic_node", 0) != 0) {
    *type = ACL_DYNAMIC_AIPP_NODE;
    const double attached = RecordValue(record, "attached");
    if (attached >= 0) *dynamicAttachedDataIndex = static_cast<size_t>(attached);
  } else if (RecordValue(record, "dynamic", 0) != 0) {
    *type = ACL_DATA_WITH_DYNAMIC_AIPP;
    *dynamicAttachedDataIndex = static_cast<size_t>(RecordValue(record, "attached", 0));
  } else {
    *type = StaticAipp(*info, index) != nullptr ? ACL_DATA_WITH_STATIC_AIPP : ACL_DATA_WITHOUT_AIPP;
  }
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo* aippInfo) {
  ACL_API_BEGIN("aclmdlGetFirstAippInfo");
  ACL_API_CHECK_NOT_NULL(aippInfo);
  std::shared_ptr<const asim::model::ModelInfo> info;
  ACL_API_RETURN_IF_ERROR(ModelInput(modelId, index, &info));
  const auto parsed = AippRecord(*info, index);
  const std::string* record = StaticAipp(*info, index);
  if (record != nullptr && RecordValue(parsed, "dynamic", 0) == 0 && RecordValue(parsed, "dynamic_node", 0) == 0) {
    ACL_API_RETURN_IF_ERROR(FillStaticAippInfo(*info, index, *record, aippInfo));
    return ACL_SUCCESS;
  }
  ACL_API_FAIL(asim::err::kGeAippNotExist, "input " + std::to_string(index) + " of model " + std::to_string(modelId) +
                                               (record != nullptr ? " has dynamic AIPP: its parameters come per "
                                                                    "execution (aclmdlSetInputAIPP)"
                                                                  : " is not configured with AIPP"));
  ACL_API_END();
}

aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset* dataset, size_t index, const aclmdlAIPP* aippParmsSet) {
  ACL_API_BEGIN("aclmdlSetInputAIPP");
  ACL_API_CHECK_NOT_NULL(dataset);
  std::shared_ptr<aclmdlAIPP> aipp;
  ACL_API_RETURN_IF_ERROR(FindAipp(aippParmsSet, &aipp));
  if (!asim::api::Datasets().Find(dataset)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "dataset " + asim::rt::PointerText(dataset) + " is not live");
  }
  std::shared_ptr<const asim::model::ModelInfo> info;
  ACL_API_RETURN_IF_ERROR(ModelInput(modelId, index, &info));
  if (!IsAippData(*info, index)) {
    ACL_API_FAIL(asim::err::kInvalidParam, "input " + std::to_string(index) + " of model " + std::to_string(modelId) +
                                               " is not a dynamic AIPP input (" + ACL_DYNAMIC_AIPP_NAME +
                                               "); the model has no dynamic AIPP");
  }
  const double image_index = RecordValue(AippRecord(*info, index), "attached");
  if (image_index < 0 || image_index >= static_cast<double>(info->inputs.size())) {
    ACL_API_FAIL(asim::err::kInvalidParam,
                 "the model records no image input for its dynamic AIPP input " + std::to_string(index));
  }
  ACL_API_RETURN_IF_ERROR(
      WriteDynamicAipp(*info, static_cast<size_t>(image_index), index, *asim::api::Datasets().Find(dataset), *aipp));
  return ACL_SUCCESS;
  ACL_API_END();
}

aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset* dataset, size_t index,
                                   const aclmdlAIPP* aippParmsSet) {
  ACL_API_BEGIN("aclmdlSetAIPPByInputIndex");
  std::shared_ptr<aclmdlAIPP> aipp;
  ACL_API_RETURN_IF_ERROR(FindAipp(aippParmsSet, &aipp));
  ACL_API_CHECK_NOT_NULL(dataset);
  auto set = asim::api::Datasets().Find(dataset);
  if (!set) ACL_API_FAIL(asim::err::kInvalidParam, "dataset " + asim::rt::PointerText(dataset) + " is not live");
  if (index >= set->buffers.size()) {
    ACL_API_FAIL(asim::err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the dataset has " +
                                               std::to_string(set->buffers.size()) + " buffer(s)");
  }
  std::shared_ptr<const asim::model::ModelInfo> info;
  ACL_API_RETURN_IF_ERROR(ModelInput(modelId, index, &info));
  const auto record = AippRecord(*info, index);
  if (RecordValue(record, "dynamic", 0) == 0) {
    ACL_API_FAIL(ACL_ERROR_FAILURE, "input " + std::to_string(index) + " of model " + std::to_string(modelId) +
                                        " has no dynamic AIPP attached (aclmdlGetAippType: not "
                                        "ACL_DATA_WITH_DYNAMIC_AIPP)");
  }
  ACL_API_RETURN_IF_ERROR(
      WriteDynamicAipp(*info, index, static_cast<size_t>(RecordValue(record, "attached", 0)), *set, *aipp));
  return ACL_SUCCESS;
  ACL_API_END();
}

}  // extern "C"
