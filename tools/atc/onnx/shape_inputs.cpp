// CheckShapeInputs (see shape_inputs.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/shape_inputs.h"

#include <string>
#include <utility>
#include <vector>

namespace asim::atc::onnx_import {
namespace {

// (op type, index of the input whose value is an output dim).
const std::vector<std::pair<std::string, int>>& ShapeInputs() {
  static const std::vector<std::pair<std::string, int>> table = {
  };
  return table;
}

}  // namespace

Status CheckShapeInputs(NodeContext& c) {
  for (const auto& [type, index] : ShapeInputs()) {
    if (type != c.op_type() || !c.has_input(index) || c.input(index) < 0) continue;
    const ir::Value& v = c.value(index);
    if (v.is_constant()) continue;
    if (v.dynamic && !v.data_dependent) continue;  // gear-dependent: inferred per gear
    return c.NotConstant(index);
  }
  return Status::Ok();
}

}  // namespace asim::atc::onnx_import
