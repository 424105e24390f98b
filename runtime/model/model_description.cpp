// ModelDescription: dims, gears and names as aclmdlDesc reports them.
#include "runtime/model/model_description.h"

#include <utility>

#include "runtime/model/aipp_record.h"
#include "runtime/model/gears.h"

namespace asim::model {

namespace {

using om::DynamicKind;

int64_t Elements(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d < 0 ? 0 : d;
  return n;
}

}  // namespace

void ModelDescription::Fill(std::shared_ptr<const ModelInfo> info, uint32_t model_id, bool from_loaded_model) {
  info_ = std::move(info);
  model_id_ = model_id;
  from_loaded_model_ = from_loaded_model;
}

void ModelDescription::Clear() {
  info_.reset();
  model_id_ = 0;
  from_loaded_model_ = false;
}

const std::vector<om::IoDesc>& ModelDescription::inputs() const {
  static const std::vector<om::IoDesc> kNone;
  return info_ ? info_->inputs : kNone;
}

const std::vector<om::IoDesc>& ModelDescription::outputs() const {
  static const std::vector<om::IoDesc> kNone;
  return info_ ? info_->outputs : kNone;
}

Status ModelDescription::CheckIndex(const char* what, size_t index, size_t count) {
  if (index < count) return Status::Ok();
  return Status(err::kInvalidParam, "index " + std::to_string(index) + " is out of range: the model description has " +
                                        std::to_string(count) + " " + what + "(s)");
}

bool ModelDescription::IsTensorName(const std::string& name) const {
  for (const auto* list : {&inputs(), &outputs()}) {
    for (const auto& io : *list) {
      if (io.name == name) return true;
    }
  }
  return false;
}

std::string ModelDescription::DimsName(bool input, size_t index) const {
  const std::string& real = (input ? inputs() : outputs())[index].name;
  if (real.size() + 1 <= kMaxTensorNameLen) return real;
  const std::string base =
      "acl_modelId_" + std::to_string(model_id_) + (input ? "_input_" : "_output_") + std::to_string(index);
  if (!IsTensorName(base)) return base;
  for (char c = 'a'; c <= 'z'; ++c) {
    std::string candidate = base + "_" + c;
    if (!IsTensorName(candidate)) return candidate;
  }
  return base;
}

Status ModelDescription::InputDims(size_t index, NamedDims* out) const {
  ASIM_RETURN_IF_ERROR(CheckIndex("input", index, inputs().size()));
  out->name = DimsName(true, index);
  out->dims = StaticAippImageDims(*info_, index);
  if (out->dims.empty()) out->dims = inputs()[index].dims;
  return Status::Ok();
}

Status ModelDescription::InputDimsV2(size_t index, NamedDims* out) const {
  ASIM_RETURN_IF_ERROR(CheckIndex("input", index, inputs().size()));
  out->name = DimsName(true, index);
  out->dims = StaticAippImageDimsV2(*info_, index);
  if (out->dims.empty()) out->dims = inputs()[index].dims;
  return Status::Ok();
}

Status ModelDescription::OutputDims(size_t index, NamedDims* out) const {
  ASIM_RETURN_IF_ERROR(CheckIndex("output", index, outputs().size()));
  out->name = DimsName(false, index);
  // A gear model's output: the largest gear's dims (CANN: "the maximum shape profile").
  const bool gears = info_->dynamic != DynamicKind::kNone && !info_->gears.empty();
  out->dims = gears ? GearOutputDims(LargestGear(index), index) : outputs()[index].dims;
  return Status::Ok();
}

size_t ModelDescription::LargestGear(size_t index) const {
  size_t gear = 0;
  for (size_t g = 1; g < info_->gear_outputs.size(); ++g) {
    if (Elements(GearOutputDims(g, index)) > Elements(GearOutputDims(gear, index))) gear = g;
  }
  return gear;
}

// The output dims of gear `gear` (the description's dims when the model has no such gear).
const std::vector<int64_t>& ModelDescription::GearOutputDims(size_t gear, size_t index) const {
  const auto& per_gear = info_->gear_outputs;
  if (gear < per_gear.size() && index < per_gear[gear].size() && !per_gear[gear][index].empty()) {
    return per_gear[gear][index];
  }
  return info_->outputs[index].dims;
}

Status ModelDescription::CurOutputDims(const ModelManager& models, size_t index, NamedDims* out) const {
  ASIM_RETURN_IF_ERROR(CheckIndex("output", index, outputs().size()));
  out->name = DimsName(false, index);
  size_t gear = 0;
  if (from_loaded_model_) {
    // A data-dependent output (-1 dims in the description): the dims its latest execution
    // computed. Before any execution, the bound, like a gear's dims.
    bool known = false;
    ASIM_RETURN_IF_ERROR(models.LastOutputDims(model_id_, index, &out->dims, &known));
    if (known) return Status::Ok();
    // The gear chosen (aclmdlSetDynamic*) or run last; before either, the largest.
    int current = -1;
    ASIM_RETURN_IF_ERROR(models.CurrentGear(model_id_, &current));
    gear = current < 0 ? LargestGear(index) : static_cast<size_t>(current);
  } else {  // no model runs: the largest gear
    gear = LargestGear(index);
  }
  out->dims = GearOutputDims(gear, index);
  return Status::Ok();
}

Status ModelDescription::InputDimsRange(size_t index, std::vector<std::array<int64_t, 2>>* ranges) const {
  ranges->clear();
  if (info_ && info_->dynamic != DynamicKind::kNone && !info_->gears.empty()) return Status::Ok();
  ASIM_RETURN_IF_ERROR(CheckIndex("input", index, inputs().size()));
  for (int64_t d : inputs()[index].dims) ranges->push_back({d < 0 ? 1 : d, d});  // -1: unbounded
  return Status::Ok();
}

const std::vector<std::vector<int64_t>>& ModelDescription::Gears(DynamicKind kind) const {
  static const std::vector<std::vector<int64_t>> kNone;
  return info_ && info_->dynamic == kind ? info_->gears : kNone;
}

Status ModelDescription::DimsGearInputs(std::vector<std::vector<int64_t>>* per_gear) const {
  per_gear->clear();
  const auto& gears = Gears(DynamicKind::kDims);
  if (gears.empty()) return Status::Ok();
  const std::vector<int64_t> all = DataInputDims(*info_);
  for (size_t g = 0; g < gears.size(); ++g) {
    std::vector<int64_t> values = all;
    size_t next = 0;
    for (int64_t& d : values) {
      if (d >= 0) continue;
      if (next >= gears[g].size()) {
        return Status(err::kInternalError, "gear " + std::to_string(g) + " has " + std::to_string(gears[g].size()) +
                                               " values, fewer than the dynamic dims of the inputs");
      }
      d = gears[g][next++];
    }
    per_gear->push_back(std::move(values));
  }
  return Status::Ok();
}

const char* ModelDescription::RealName(const std::string& name) const {
  for (const auto* list : {&inputs(), &outputs()}) {
    for (const auto& io : *list) {
      if (io.name == name) return io.name.c_str();
    }
  }
  // A conversion name: "acl_modelId_<id>_input_<i>[_<x>]" of this model id.
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
      !digits(parts[4]) || std::stoul(parts[2]) != model_id_) {
    return nullptr;
  }
  if (parts[3] != "input" && parts[3] != "output") return nullptr;
  const size_t index = std::stoul(parts[4]);
  const auto& list = parts[3] == "input" ? inputs() : outputs();
  return index < list.size() ? list[index].name.c_str() : nullptr;
}

}  // namespace asim::model
