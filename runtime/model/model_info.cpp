// ModelInfo::Build: the description snapshot of an om::Model (see model_info.h).
#include "runtime/model/model_info.h"

#include <sstream>
#include <variant>

namespace asim::model {
namespace {

std::string Join(const std::vector<int64_t>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

// Attribute text as aclmdlGetOpAttr returns it: scalars plainly, lists comma-separated.
std::string AttrText(const kernels::AttrValue& value) {
  struct Visitor {
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(float f) const {
      std::ostringstream os;
      os << f;
      return os.str();
    }
    std::string operator()(const std::string& s) const { return s; }
    std::string operator()(DataType t) const { return DataTypeName(t); }
    std::string operator()(const std::vector<bool>& v) const {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += std::string(i ? "," : "") + (v[i] ? "true" : "false");
      return s;
    }
    std::string operator()(const std::vector<int64_t>& v) const { return Join(v); }
    std::string operator()(const std::vector<float>& v) const {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + (*this)(v[i]);
      return s;
    }
    std::string operator()(const std::vector<std::string>& v) const {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + v[i];
      return s;
    }
    std::string operator()(const std::vector<DataType>& v) const {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += std::string(i ? "," : "") + DataTypeName(v[i]);
      return s;
    }
    std::string operator()(const std::vector<std::vector<int64_t>>& v) const {
      std::string s;
      for (size_t i = 0; i < v.size(); ++i) s += (i ? ";" : "") + Join(v[i]);
      return s;
    }
  };
  return std::visit(Visitor{}, value);
}

}  // namespace

std::shared_ptr<const ModelInfo> ModelInfo::Build(const om::Model& model) {
  auto info = std::make_shared<ModelInfo>();
  info->name = model.name;
  info->soc_version = model.soc_version;
  info->inputs = model.inputs;
  info->outputs = model.outputs;
  info->dynamic = model.dynamic;
  info->gears = model.gears;
  info->metadata = model.metadata;
  info->work_size = model.work_size();
  info->weight_size = model.weight_size();
  for (const om::Graph& g : model.graphs) {
    std::vector<std::vector<int64_t>> ins(model.data_input_count()), outs(model.outputs.size());
    for (const om::Tensor& t : g.tensors) {
      if (t.place == om::TensorPlace::kInput && t.io_index < ins.size()) ins[t.io_index] = t.desc.dims;
      if (t.place == om::TensorPlace::kOutput && t.io_index < outs.size()) outs[t.io_index] = t.desc.dims;
    }
    info->gear_inputs.push_back(std::move(ins));
    info->gear_outputs.push_back(std::move(outs));
  }
  if (!model.graphs.empty()) {
    for (const om::Node& n : model.graphs.front().nodes) {
      auto& attrs = info->op_attrs[n.name];
      for (const auto& [key, value] : n.attrs.values()) attrs[key] = AttrText(value);
    }
  }
  return info;
}

int ModelInfo::FindGear(const std::vector<int64_t>& values) const {
  for (size_t i = 0; i < gears.size(); ++i) {
    if (gears[i] == values) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace asim::model
