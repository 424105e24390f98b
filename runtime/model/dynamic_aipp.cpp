// Dynamic AIPP: the parameter set -> the device-side parameter block.
#include "runtime/model/dynamic_aipp.h"

#include <algorithm>
#include <string>

#include "kernels/image/aipp_dynamic_params.h"
#include "om/model.h"
#include "runtime/model/aipp_record.h"

namespace asim::model {

namespace {

Status Invalid(const std::string& message) {
  return Status(err::kInvalidParam, message);
}

kernels::aipp::DynamicCommon CommonOf(const AippParams& aipp) {
  kernels::aipp::DynamicCommon common;
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
  return common;
}

kernels::aipp::DynamicBatch BatchOf(const AippParams::PerBatch& src) {
  kernels::aipp::DynamicBatch d;
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
  return d;
}

}  // namespace

Status WriteDynamicAipp(rt::Runtime& runtime, const ModelInfo& info, size_t image_index, size_t params_index,
                        const Dataset& set, const AippParams& aipp) {
  const AippRecord record = AippRecordOf(info, image_index);
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
  // Chroma subsampling: YUV420SP_U8 (1) halves both axes, YUYV_U8 (8) and YUV422SP_U8 (9) the
  // width; the source size and each crop start must fall on whole chroma samples (AscendCL's
  // AIPP parameter check, as atc's for static AIPP).
  const bool rows = aipp.input_format == 1;
  if (rows || aipp.input_format == 8 || aipp.input_format == 9) {
    const std::string format = rows ? "YUV420SP_U8" : aipp.input_format == 8 ? "YUYV_U8" : "YUV422SP_U8";
    if (aipp.src_image_w % 2 != 0 || (rows && aipp.src_image_h % 2 != 0)) {
      return Invalid("the AIPP source image size " + std::to_string(aipp.src_image_w) + "x" +
                     std::to_string(aipp.src_image_h) + " is not even" + (rows ? "" : " in width") + ", as " + format +
                     " needs (aclmdlSetAIPPSrcImageSize)");
    }
    for (size_t b = 0; b < aipp.batches.size(); ++b) {
      const AippParams::PerBatch& p = aipp.batches[b];
      if (p.crop_switch && (p.crop_x % 2 != 0 || (rows && p.crop_y % 2 != 0))) {
        return Invalid("batch " + std::to_string(b) + "'s AIPP crop starts at (" + std::to_string(p.crop_x) + ", " +
                       std::to_string(p.crop_y) + "), not at even coordinates" + (rows ? "" : " in width") + ", as " +
                       format + " needs (aclmdlSetAIPPCropParams)");
      }
    }
  }
  const int64_t bytes = kernels::aipp::AippImageBytes(aipp.input_format, aipp.src_image_w, aipp.src_image_h);
  const double max = AippRecordValue(record, "max", 0, 0);
  if (bytes > max) {
    return Invalid("a " + std::to_string(aipp.src_image_w) + "x" + std::to_string(aipp.src_image_h) +
                   " image of the set's input format has " + std::to_string(bytes) +
                   " bytes, more than the model's max_src_image_size " + std::to_string(static_cast<int64_t>(max)));
  }
  std::shared_ptr<rt::DataBuffer> buffer = params_index < set.size() ? set.Buffer(params_index) : nullptr;
  if (!buffer) {
    return Invalid("the dataset has no buffer for input " + std::to_string(params_index) + " (" + om::kDynamicAippName +
                   "): add one of aclmdlGetInputSizeByIndex bytes before setting AIPP");
  }
  const size_t need = kernels::aipp::DynamicAippBytes(static_cast<size_t>(model_batch));
  if (buffer->data == nullptr || buffer->size < need) {
    return Invalid("the dataset's buffer for input " + std::to_string(params_index) + " has " +
                   std::to_string(buffer->size) + " bytes; the dynamic AIPP parameters take " + std::to_string(need));
  }
  // Batches beyond the set's use its last batch's parameters.
  std::vector<kernels::aipp::DynamicBatch> batches(static_cast<size_t>(model_batch));
  for (size_t b = 0; b < batches.size(); ++b) batches[b] = BatchOf(aipp.batches[std::min(b, aipp.batches.size() - 1)]);
  std::vector<uint8_t> block(need);
  kernels::aipp::WriteDynamicAipp(CommonOf(aipp), batches, block.data());
  // ACL_MEMCPY_DEFAULT: the buffer may be device memory (the usual case) or host memory.
  return runtime.Memcpy(buffer->data, buffer->size, block.data(), block.size(), rt::mem::kDefault);
}

}  // namespace asim::model
