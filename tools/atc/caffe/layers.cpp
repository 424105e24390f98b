// The Caffe translation table and its shared helpers (see layers.h).
#include "tools/atc/caffe/layers.h"

#include <algorithm>
#include <map>

namespace asim::atc::caffe_import {
namespace {

const std::map<std::string, TranslateFn>& TheTable() {
  static const std::map<std::string, TranslateFn> table = [] {
    Table t;
    AddCubeLayers(&t);
    AddElementwiseLayers(&t);
    AddSpatialLayers(&t);
    AddShapeLayers(&t);
    return std::map<std::string, TranslateFn>(t.begin(), t.end());
  }();
  return table;
}

}  // namespace

TranslateFn FindLayerTranslator(const std::string& type) {
  auto it = TheTable().find(type);
  return it == TheTable().end() ? nullptr : it->second;
}

std::vector<std::string> TranslatedLayerTypes() {
  std::vector<std::string> names{"Input"};
  for (const auto& [name, fn] : TheTable()) names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

Status NormalizeAxis(const LayerContext& c, int64_t axis, size_t rank, const char* what, size_t* out) {
  const int64_t r = static_cast<int64_t>(rank);
  if (axis < -r || axis >= r) {
    return c.Malformed(std::string("has ") + what + " " + std::to_string(axis) + ", out of range for its " +
                       std::to_string(rank) + "-D bottom");
  }
  *out = static_cast<size_t>(axis < 0 ? axis + r : axis);
  return Status::Ok();
}

Status EmitChain(LayerContext& c, int x, const std::vector<ChainStep>& steps, int* out, bool name_last) {
  int t = x;
  for (size_t i = 0; i < steps.size(); ++i) {
    const ChainStep& s = steps[i];
    const std::string suffix = name_last && i + 1 == steps.size() ? "" : s.suffix;
    std::vector<int> in{t};
    if (!s.unary) in.push_back(c.ConstFloat(s.suffix + "_operand", {s.operand}, {}));
    ASIM_RETURN_IF_ERROR(c.EmitOne(s.type, in, {}, &t, suffix));
  }
  *out = t;
  return Status::Ok();
}

}  // namespace asim::atc::caffe_import
