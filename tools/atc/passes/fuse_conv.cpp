// Conv fusion (see fuse_conv.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/fuse_conv.h"

#include <string>
#include <vector>

namespace asim::atc::ir {
namespace {

// The single live node reading `value`, or -1 (several readers, none, or a graph output).
int SoleReader(const Graph& g, int value) {
  const std::vector<int> readers = g.Consumers(value);
  if (readers.size() != 1 || readers[0] < 0) return -1;
  return readers[0];
}

bool SameTensor(const Value& a, const Value& b) {
  return a.dtype == b.dtype && a.dims == b.dims && !a.dims.empty() && !a.dynamic && !b.dynamic;
}

}  // namespace

size_t FuseConvEpilogues(Graph& g) {
  size_t fused = 0;
  for (size_t ci = 0; ci < g.nodes.size(); ++ci) {
    Node& conv = g.nodes[ci];
    if (conv.dead || conv.type != "Conv" || conv.outputs.size() != 1) continue;
    if (conv.attrs.Has("fused_activation")) continue;
    const int conv_out = conv.outputs[0];
    const DataType dt = g.value(conv_out).dtype;
    if (dt != DataType::kFloat && dt != DataType::kFloat16) continue;

    int last = -1;  // the node the fused conv replaces
    int residual = -1;
    bool relu = false;
    int cur = conv_out;
    std::vector<std::string> absorbed = {conv.name};  // or what BatchNorm folding recorded
    if (const auto* v = conv.attrs.Find(kOriginalOpNamesAttr);
        v && std::holds_alternative<std::vector<std::string>>(*v)) {
      absorbed = std::get<std::vector<std::string>>(*v);
    }
    int reader = SoleReader(g, cur);
    if (reader >= 0 && g.node(reader).type == "Add" && g.node(reader).inputs.size() == 2 &&
        g.node(reader).outputs.size() == 1) {
      const Node& add = g.node(reader);
      const int other = add.inputs[0] == cur ? add.inputs[1] : add.inputs[0];
      if (other >= 0 && other != cur && SameTensor(g.value(other), g.value(cur)) &&
          SameTensor(g.value(add.outputs[0]), g.value(cur))) {
        residual = other;
        last = reader;
        cur = add.outputs[0];
        absorbed.push_back(add.name);
        reader = SoleReader(g, cur);
      }
    }
    if (reader >= 0 && g.node(reader).type == "Relu" && g.node(reader).inputs.size() == 1 &&
        g.node(reader).outputs.size() == 1 && SameTensor(g.value(g.node(reader).outputs[0]), g.value(cur))) {
      relu = true;
      last = reader;
      absorbed.push_back(g.node(reader).name);
    }
    if (last < 0) continue;

    Node fusedNode = g.nodes[ci];  // copy: g.nodes may be referenced below
    Node& target = g.node(last);
    std::vector<int> inputs = fusedNode.inputs;
    inputs.resize(3, -1);
    if (residual >= 0) inputs.push_back(residual);
    kernels::AttrMap attrs = fusedNode.attrs;
    if (relu) attrs.Set("fused_activation", std::string("Relu"));
    attrs.Set(kOriginalOpNamesAttr, absorbed);
    const std::vector<int> outputs = target.outputs;
    // The absorbed nodes between the conv and `last` die with the conv.
    for (size_t k = ci; k < g.nodes.size(); ++k) {
      if (static_cast<int>(k) == last) break;
      const std::string& n = g.nodes[k].name;
      for (const auto& a : absorbed) {
        if (n == a) g.nodes[k].dead = true;
      }
    }
    target.type = "Conv";
    target.name = fusedNode.name;
    target.inputs = std::move(inputs);
    target.attrs = std::move(attrs);
    target.origin = fusedNode.origin;
    for (int o : outputs) g.value(o).producer = last;
    ++fused;
  }
  return fused;
}

}  // namespace asim::atc::ir
