// The translation table (see translate.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/translate.h"

#include <algorithm>
#include <map>

namespace asim::atc::onnx_import {
namespace {

const std::map<std::string, TranslateFn>& Table() {
  static const std::map<std::string, TranslateFn> table = [] {
    std::vector<std::pair<std::string, TranslateFn>> entries;
    AddDirectOps(&entries);
    AddSpecialOps(&entries);  // after the direct ops: a special rule replaces a direct one
    AddQuantOps(&entries);
    AddSequenceOps(&entries);
    AddLegacyOps(&entries);
    std::map<std::string, TranslateFn> m;
    for (auto& [type, fn] : entries) m[type] = fn;
    return m;
  }();
  return table;
}

}  // namespace

TranslateFn FindTranslator(const std::string& op_type) {
  auto it = Table().find(op_type);
  return it == Table().end() ? nullptr : it->second;
}

std::vector<std::string> TranslatedOpTypes() {
  std::vector<std::string> types;
  for (const auto& [type, fn] : Table()) types.push_back(type);
  return types;
}

Status TranslateDirect(NodeContext& c, const std::string& type) {
  std::vector<int> inputs = c.inputs();
  while (!inputs.empty() && inputs.back() < 0) inputs.pop_back();
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(c.Emit(type, inputs, c.PlainAttrs(), std::max(1, c.output_count()), &outs));
  c.SetOutputs(outs);
  return Status::Ok();
}

}  // namespace asim::atc::onnx_import
