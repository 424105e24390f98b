// Control flow in the converter (see control_flow.h). Thread safety and failure: as the
// header says.
#include "tools/atc/onnx/control_flow.h"

#include <algorithm>
#include <set>

#include "tools/atc/passes/atc_error.h"

namespace asim::atc::onnx_import {
namespace {

void CollectFree(const onnx::GraphProto& graph, std::vector<std::string>* free, std::set<std::string>* seen) {
  std::set<std::string> defined;
  for (const auto& in : graph.input()) defined.insert(in.name());
  for (const auto& t : graph.initializer()) defined.insert(t.name());
  for (const auto& n : graph.node()) {
    for (const auto& o : n.output()) defined.insert(o);
  }
  const auto use = [&](const std::string& name) {
    if (name.empty() || defined.count(name) != 0 || seen->count(name) != 0) return;
    seen->insert(name);
    free->push_back(name);
  };
  for (const auto& n : graph.node()) {
    for (const auto& in : n.input()) use(in);
    for (const auto& a : n.attribute()) {
      std::vector<const onnx::GraphProto*> nested;
      if (a.has_g()) nested.push_back(&a.g());
      for (const auto& g : a.graphs()) nested.push_back(&g);
      for (const auto* g : nested) {
        std::vector<std::string> inner;
        std::set<std::string> inner_seen;
        CollectFree(*g, &inner, &inner_seen);
        for (const auto& name : inner) use(name);
      }
    }
  }
  for (const auto& out : graph.output()) use(out.name());
}

}  // namespace

std::vector<std::string> FreeNames(const onnx::GraphProto& graph) {
  std::vector<std::string> free;
  std::set<std::string> seen;
  CollectFree(graph, &free, &seen);
  return free;
}

Status MakeSubgraph(const ir::Graph& body, size_t captured, const std::vector<int>& outer_of_captured,
                    const kernels::ChipTraits& chip, const std::string& what, ir::Graph* outer, kernels::Subgraph* out,
                    std::vector<int>* captured_outer) {
  *out = kernels::Subgraph{};
  out->chip = chip;
  *captured_outer = outer_of_captured;
  std::vector<int> id(body.values.size(), -1);  // ir value -> subgraph value
  const auto add = [&](int v) {
    if (id[static_cast<size_t>(v)] >= 0) return id[static_cast<size_t>(v)];
    const ir::Value& value = body.value(v);
    kernels::SubgraphValue sv;
    sv.name = value.name;
    sv.dtype = value.dtype;
    sv.format = value.format;
    sv.dims = value.dims;
    id[static_cast<size_t>(v)] = static_cast<int>(out->values.size());
    out->values.push_back(std::move(sv));
    return id[static_cast<size_t>(v)];
  };
  for (int v : body.inputs) out->inputs.push_back(add(v));
  std::vector<int> hoist;  // ir constants that become captured inputs
  const auto use = [&](int v) -> int {
    if (v < 0) return -1;
    const bool fresh = id[static_cast<size_t>(v)] < 0;
    const int s = add(v);
    const ir::Value& value = body.value(v);
    if (fresh && value.is_constant()) {
      if (value.data->size() <= kMaxEmbeddedConstantBytes) {
        out->values[static_cast<size_t>(s)].data = value.data;
      } else {
        hoist.push_back(v);
      }
    }
    return s;
  };
  for (const ir::Node& n : body.nodes) {
    if (n.dead) continue;
    kernels::SubgraphNode sn;
    sn.name = n.name;
    sn.type = n.type;
    sn.attrs = n.attrs;
    for (int v : n.inputs) sn.inputs.push_back(use(v));
    for (int v : n.outputs) sn.outputs.push_back(add(v));
    out->nodes.push_back(std::move(sn));
  }
  for (const ir::Output& o : body.outputs) out->outputs.push_back(use(o.value));
  for (const kernels::SubgraphValue& v : out->values) {
    if (v.dtype == DataType::kString) {
      return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                      "The " + what + " has the string tensor [" + v.name +
                          "]: string tensors inside control-flow bodies are not supported.");
    }
  }
  for (int v : hoist) {
    const ir::Value& value = body.value(v);
    const int weight = outer->AddConstant(outer->UniqueValueName(value.name), value.dtype, value.dims, value.data);
    out->inputs.push_back(id[static_cast<size_t>(v)]);
    captured_outer->push_back(weight);
  }
  out->captured = captured + hoist.size();
  return Status::Ok();
}

void InsertUnusedInput(kernels::Subgraph* graph, size_t position, const ir::Value& spec) {
  kernels::SubgraphValue v;
  v.name = spec.name + "_unused";
  v.dtype = spec.dtype;
  v.format = spec.format;
  v.dims = spec.dims;
  graph->values.push_back(std::move(v));
  const int id = static_cast<int>(graph->values.size()) - 1;
  graph->inputs.insert(graph->inputs.begin() + static_cast<std::ptrdiff_t>(position), id);
  ++graph->captured;
}

}  // namespace asim::atc::onnx_import
