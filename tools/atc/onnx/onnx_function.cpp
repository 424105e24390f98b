// Function expansion (see onnx_function.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/onnx_function.h"

#include <onnx/defs/schema.h>

#include <map>

#include "tools/atc/passes/atc_error.h"

namespace asim::atc::onnx_import {

Status ExpandFunction(const onnx::NodeProto& node, int64_t opset, const std::vector<onnx::TypeProto>& input_types,
                      const std::string& prefix, bool* expandable, FunctionBody* body) {
  *expandable = false;
  const onnx::OpSchema* schema = onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(opset), node.domain());
  if (schema == nullptr || (!schema->HasFunction() && !schema->HasContextDependentFunction())) return Status::Ok();
  onnx::FunctionProto function;
  try {
    if (schema->HasFunction()) {
      function = *schema->GetFunction();
    } else {
      onnx::FunctionBodyBuildContextImpl ctx(node, input_types);
      if (!schema->BuildContextDependentFunction(ctx, function)) return Status::Ok();
    }
  } catch (const std::exception& e) {
    return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                    "Node [" + node.name() + "] (optype [" + node.op_type() + "]): its ONNX function body cannot be " +
                        "built: " + e.what());
  }
  std::map<std::string, std::string> rename;
  for (int i = 0; i < function.input_size(); ++i) {
    rename[function.input(i)] = i < node.input_size() ? node.input(i) : "";
  }
  for (int i = 0; i < function.output_size() && i < node.output_size(); ++i) {
    if (!node.output(i).empty()) rename[function.output(i)] = node.output(i);
  }
  auto name_of = [&](const std::string& n) {
    if (n.empty()) return n;
    auto it = rename.find(n);
    return it != rename.end() ? it->second : prefix + n;
  };
  std::map<std::string, const onnx::AttributeProto*> given;
  for (const auto& a : node.attribute()) given[a.name()] = &a;
  body->nodes.clear();
  for (const auto& inner : function.node()) {
    onnx::NodeProto n = inner;
    n.clear_input();
    n.clear_output();
    n.clear_attribute();
    n.set_name(prefix +
               (inner.name().empty() ? inner.op_type() + "_" + std::to_string(body->nodes.size()) : inner.name()));
    for (const auto& in : inner.input()) n.add_input(name_of(in));
    for (const auto& out : inner.output()) n.add_output(name_of(out));
    for (const auto& a : inner.attribute()) {
      if (a.ref_attr_name().empty()) {
        *n.add_attribute() = a;
        continue;
      }
      const onnx::AttributeProto* value = nullptr;
      if (auto it = given.find(a.ref_attr_name()); it != given.end()) {
        value = it->second;
      } else if (auto d = schema->attributes().find(a.ref_attr_name());
                 d != schema->attributes().end() && d->second.default_value.type() != onnx::AttributeProto::UNDEFINED) {
        value = &d->second.default_value;
      }
      if (value == nullptr) continue;
      onnx::AttributeProto copy = *value;
      copy.set_name(a.name());
      *n.add_attribute() = copy;
    }
    body->nodes.push_back(std::move(n));
  }
  body->opset = 0;
  for (const auto& op : function.opset_import()) {
    if (op.domain().empty() || op.domain() == "ai.onnx") body->opset = op.version();
  }
  *expandable = true;
  return Status::Ok();
}

}  // namespace asim::atc::onnx_import
