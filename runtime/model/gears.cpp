// Gears of dynamic models: validating and recording the chosen one.
#include "runtime/model/gears.h"

#include <cstring>
#include <string>

#include "base/dtype.h"

namespace asim::model {

namespace {

using om::DynamicKind;

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

std::string GearsText(const ModelInfo& info) {
  std::string text;
  for (size_t i = 0; i < info.gears.size(); ++i) text += (i ? "; " : "") + Join(info.gears[i], ",");
  return text;
}

// The dataset's buffer at `index`, checked as AscendCL checks it.
Status FindBuffer(const Dataset& set, size_t index, std::shared_ptr<rt::DataBuffer>* buffer) {
  if (index >= set.size()) {
    return Status(err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the dataset has " +
                                          std::to_string(set.size()) + " buffer(s)");
  }
  *buffer = set.Buffer(index);
  if (!*buffer) {
    return Status(err::kInvalidParam, "the data buffer at index " + std::to_string(index) + " has been destroyed");
  }
  if ((*buffer)->data == nullptr) {
    return Status(err::kInvalidParam, "the data buffer at index " + std::to_string(index) + " has a NULL address");
  }
  return Status::Ok();
}

}  // namespace

int64_t DynamicTensorIndex(const ModelInfo& info) {
  for (size_t i = 0; i < info.inputs.size(); ++i) {
    if (info.inputs[i].name == om::kDynamicTensorName) return static_cast<int64_t>(i);
  }
  return -1;
}

std::vector<int64_t> DataInputDims(const ModelInfo& info) {
  std::vector<int64_t> all;
  for (const auto& io : info.inputs) {
    if (io.name != om::kDynamicTensorName) all.insert(all.end(), io.dims.begin(), io.dims.end());
  }
  return all;
}

Status DimsGearValues(const ModelInfo& info, const std::vector<int64_t>& given, std::vector<int64_t>* values) {
  const std::vector<int64_t> all = DataInputDims(info);
  if (given.size() != all.size()) {
    return Status(err::kGeDynamicInputLengthInvalid, "dims.dimCount is " + std::to_string(given.size()) +
                                                         " but the data inputs have " + std::to_string(all.size()) +
                                                         " dims in all (" + Join(all, ",") + ")");
  }
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] < 0) {
      values->push_back(given[i]);
    } else if (given[i] != all[i]) {
      return Status(err::kGeDynamicInputLengthInvalid, "dims.dims[" + std::to_string(i) + "] is " +
                                                           std::to_string(given[i]) +
                                                           " but that dimension is static: " + std::to_string(all[i]));
    }
  }
  return Status::Ok();
}

Status ChooseGear(rt::Runtime& runtime, const ModelManager& models, uint32_t model_id, Dataset& set, size_t index,
                  DynamicKind kind, const char* what, const GearValuesFn& values_of) {
  std::shared_ptr<rt::DataBuffer> buffer;
  ASIM_RETURN_IF_ERROR(FindBuffer(set, index, &buffer));
  std::shared_ptr<const ModelInfo> info;
  ASIM_RETURN_IF_ERROR(models.GetInfo(model_id, &info));
  const std::string model = "model " + std::to_string(model_id);
  if (info->dynamic != kind || info->gears.empty()) {
    return Status(err::kGeDynamicBatchSizeInvalid,
                  model + " is a " + KindText(info->gears.empty() ? DynamicKind::kNone : info->dynamic) +
                      " model, not a " + KindText(kind) + " one: it has no " + what + " gears");
  }
  const int64_t dyn = DynamicTensorIndex(*info);
  if (dyn < 0 || static_cast<uint64_t>(dyn) != index) {
    const std::string where = dyn < 0 ? " (it has none)" : " (that is input " + std::to_string(dyn) + ")";
    return Status(err::kInvalidParam, "index " + std::to_string(index) + " is not the " + om::kDynamicTensorName +
                                          " input of " + model + where);
  }
  std::vector<int64_t> values;
  ASIM_RETURN_IF_ERROR(values_of(*info, &values));
  if (info->FindGear(values) < 0) {
    return Status(err::kGeDynamicBatchSizeInvalid,
                  std::string(what) + " " + Join(values, kind == DynamicKind::kDims ? "," : "x") +
                      " is not a gear of " + model + " (gears: " + GearsText(*info) + ")");
  }
  const om::IoDesc& tensor = info->inputs[static_cast<size_t>(dyn)];
  const bool narrow = DataTypeSize(tensor.dtype) == 4;
  const size_t need = values.size() * (narrow ? 4 : 8);
  if (buffer->size < need) {
    return Status(err::kGeDynamicInputLengthInvalid,
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
  ASIM_RETURN_IF_ERROR(runtime.Memcpy(buffer->data, buffer->size, bytes.data(), need, rt::mem::kHostToDevice));
  // aclmdlGetCurOutputDims gives this gear's dims from now on (CANN: "if aclmdlSetDynamicBatchSize
  // ... has been called, the runtime shape").
  ASIM_RETURN_IF_ERROR(models.SetCurrentGear(model_id, info->FindGear(values)));
  set.set_gear(std::move(values));
  return Status::Ok();
}

}  // namespace asim::model
