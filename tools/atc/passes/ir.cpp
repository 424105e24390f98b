// ir::Graph (see ir.h). Thread safety and failure: as the header says.
#include "tools/atc/passes/ir.h"

#include <algorithm>

namespace asim::atc::ir {

int64_t Value::ElementCount() const {
  int64_t n = 1;
  for (int64_t d : dims) n *= d < 0 ? 0 : d;
  return n;
}

kernels::TensorSpec Value::Spec() const {
  kernels::TensorSpec s;
  s.dtype = dtype;
  s.format = format;
  s.dims = dims;
  if (data) s.host_data = data->empty() ? static_cast<const void*>(data.get()) : data->data();
  return s;
}

size_t ByteSize(DataType dtype, const std::vector<int64_t>& dims) {
  size_t n = DataTypeSize(dtype);
  for (int64_t d : dims) n *= d < 0 ? 0 : static_cast<size_t>(d);
  return n;
}

std::string Graph::UniqueNodeName(const std::string& base) {
  const std::string root = base.empty() ? std::string("node") : base;
  std::string name = root;
  for (int n = 1; node_names_.count(name) != 0; ++n) name = root + "_" + std::to_string(n);
  node_names_[name] = 1;
  return name;
}

std::string Graph::UniqueValueName(const std::string& base) {
  const std::string root = base.empty() ? std::string("value") : base;
  std::string name = root;
  for (int n = 1; value_names_.count(name) != 0; ++n) name = root + "_" + std::to_string(n);
  value_names_[name] = 1;
  return name;
}

int Graph::AddInput(const std::string& name, DataType dtype, std::vector<int64_t> dims, Format format) {
  Value v;
  v.name = UniqueValueName(name);
  v.dtype = dtype;
  v.dims = std::move(dims);
  v.format = format;
  v.input_index = static_cast<int>(inputs.size());
  v.declared_dims = v.dims;
  values.push_back(std::move(v));
  inputs.push_back(static_cast<int>(values.size()) - 1);
  return inputs.back();
}

int Graph::AddConstant(const std::string& name, DataType dtype, std::vector<int64_t> dims, Bytes data) {
  Value v;
  v.name = UniqueValueName(name);
  v.dtype = dtype;
  v.format = dims.size() == 4 ? Format::kNchw : Format::kNd;
  v.dims = std::move(dims);
  v.data = data ? std::move(data) : std::make_shared<const std::vector<uint8_t>>();
  values.push_back(std::move(v));
  return static_cast<int>(values.size()) - 1;
}

int Graph::AddNode(const std::string& type, const std::string& name, std::vector<int> node_inputs,
                   kernels::AttrMap attrs, int num_outputs, const std::string& origin) {
  Node n;
  n.type = type;
  n.name = UniqueNodeName(name.empty() ? type : name);
  n.inputs = std::move(node_inputs);
  n.attrs = std::move(attrs);
  n.origin = origin;
  const int index = static_cast<int>(nodes.size());
  for (int k = 0; k < num_outputs; ++k) {
    Value v;
    v.name = UniqueValueName(n.name + ":" + std::to_string(k));
    v.producer = index;
    v.producer_output = k;
    values.push_back(std::move(v));
    n.outputs.push_back(static_cast<int>(values.size()) - 1);
  }
  nodes.push_back(std::move(n));
  return index;
}

void Graph::ReplaceUses(int from, int to) {
  for (auto& n : nodes) {
    if (n.dead) continue;
    for (int& in : n.inputs) {
      if (in == from) in = to;
    }
  }
  for (auto& o : outputs) {
    if (o.value == from) o.value = to;
  }
}

std::vector<int> Graph::Consumers(int value_id) const {
  std::vector<int> out;
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (nodes[i].dead) continue;
    if (std::find(nodes[i].inputs.begin(), nodes[i].inputs.end(), value_id) != nodes[i].inputs.end()) {
      out.push_back(static_cast<int>(i));
    }
  }
  for (const auto& o : outputs) {
    if (o.value == value_id) out.push_back(-1);
  }
  return out;
}

bool Graph::IsGraphOutput(int value_id) const {
  return std::any_of(outputs.begin(), outputs.end(), [&](const Output& o) { return o.value == value_id; });
}

size_t Graph::RemoveDeadNodes() {
  std::vector<bool> needed(values.size(), false);
  for (const auto& o : outputs) {
    if (o.value >= 0) needed[static_cast<size_t>(o.value)] = true;
  }
  size_t removed = 0;
  for (size_t i = nodes.size(); i-- > 0;) {
    Node& n = nodes[i];
    if (n.dead) continue;
    const bool used =
        std::any_of(n.outputs.begin(), n.outputs.end(), [&](int v) { return needed[static_cast<size_t>(v)]; });
    if (!used) {
      n.dead = true;
      ++removed;
      continue;
    }
    for (int in : n.inputs) {
      if (in >= 0) needed[static_cast<size_t>(in)] = true;
    }
  }
  return removed;
}

void Graph::Compact() {
  std::vector<Node> kept;
  kept.reserve(nodes.size());
  for (auto& n : nodes) {
    if (n.dead) continue;
    const int index = static_cast<int>(kept.size());
    for (int v : n.outputs) values[static_cast<size_t>(v)].producer = index;
    kept.push_back(std::move(n));
  }
  // Outputs of removed nodes no longer have a producer (passes replaced their uses).
  std::vector<bool> live(values.size(), false);
  for (const auto& n : kept) {
    for (int v : n.outputs) live[static_cast<size_t>(v)] = true;
  }
  for (size_t v = 0; v < values.size(); ++v) {
    if (!live[v] && values[v].producer >= 0) values[v].producer = -1;
  }
  nodes = std::move(kept);
}

size_t Graph::ReleaseUnreadConstants() {
  std::vector<bool> read(values.size(), false);
  for (const auto& n : nodes) {
    if (n.dead) continue;
    for (int v : n.inputs) {
      if (v >= 0) read[static_cast<size_t>(v)] = true;
    }
  }
  for (const auto& o : outputs) {
    if (o.value >= 0) read[static_cast<size_t>(o.value)] = true;
  }
  size_t freed = 0;
  for (size_t v = 0; v < values.size(); ++v) {
    Value& value = values[v];
    if (read[v] || value.data == nullptr || value.input_index >= 0) continue;
    freed += value.data.use_count() == 1 ? value.data->size() : 0;
    value.data.reset();
  }
  return freed;
}

void Graph::Reorder(const std::vector<int>& order) {
  for (const auto& n : nodes) {
    for (int v : n.outputs) values[static_cast<size_t>(v)].producer = -1;
  }
  std::vector<Node> reordered;
  reordered.reserve(order.size());
  for (int i : order) {
    Node& n = nodes[static_cast<size_t>(i)];
    if (n.dead) continue;
    const int index = static_cast<int>(reordered.size());
    for (int v : n.outputs) values[static_cast<size_t>(v)].producer = index;
    reordered.push_back(std::move(n));
  }
  nodes = std::move(reordered);
}

size_t Graph::LiveNodeCount() const {
  return static_cast<size_t>(std::count_if(nodes.begin(), nodes.end(), [](const Node& n) { return !n.dead; }));
}

}  // namespace asim::atc::ir
