// EmitGraph (see emit.h). Thread safety and failure: as the header says.
#include "compiler/emit.h"

#include <algorithm>

#include "compiler/memory_plan.h"

namespace asim::atc {

om::TensorDesc DescOf(const kernels::TensorSpec& spec) {
  om::TensorDesc d;
  d.dtype = spec.dtype;
  d.format = spec.format;
  d.dims = spec.dims;
  d.origin_format = spec.origin_format;
  d.origin_dims = spec.origin_dims;
  return d;
}

void EmitGraph(const LoweredGraph& graph, const WeightTable& weights, size_t data_inputs, om::Graph* out) {
  using Source = LoweredValue::Source;
  *out = om::Graph{};
  const size_t count = graph.values.size();
  std::vector<bool> referenced(count, false);
  std::vector<int> first(count, -1), last(count, -1);  // node steps writing / last reading a value
  for (int v : graph.inputs) referenced[static_cast<size_t>(v)] = true;
  if (graph.dynamic_value >= 0) referenced[static_cast<size_t>(graph.dynamic_value)] = true;
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    for (int v : graph.nodes[n].inputs) {
      if (v < 0) continue;
      referenced[static_cast<size_t>(v)] = true;
      last[static_cast<size_t>(v)] = static_cast<int>(n);
    }
    for (int v : graph.nodes[n].outputs) {
      referenced[static_cast<size_t>(v)] = true;
      first[static_cast<size_t>(v)] = static_cast<int>(n);
    }
  }
  std::vector<int> output_index(count, -1);
  for (size_t k = 0; k < graph.outputs.size(); ++k)
    output_index[static_cast<size_t>(graph.outputs[k])] = static_cast<int>(k);

  // Tensors in value order; work blocks collected for the plan.
  std::vector<int> tensor_of(count, -1);
  std::vector<MemoryBlock> blocks;
  std::vector<int> block_tensor;  // tensor per block, or -(node + 1) for a workspace
  for (size_t v = 0; v < count; ++v) {
    if (!referenced[v]) continue;
    const LoweredValue& value = graph.values[v];
    om::Tensor t;
    t.name = value.name;
    t.desc = DescOf(value.spec);
    t.size = om::DescBytes(t.desc);
    t.dynamic = value.dynamic;  // planned at its bound (desc.dims)
    switch (value.source) {
      case Source::kInput:
        t.place = om::TensorPlace::kInput;
        t.io_index = static_cast<uint32_t>(value.index);
        break;
      case Source::kDynamic:
        t.place = om::TensorPlace::kInput;
        t.io_index = static_cast<uint32_t>(data_inputs);
        break;
      case Source::kWeight:
        t.place = om::TensorPlace::kWeight;
        t.offset = weights.at(value.index).offset;
        t.size = weights.at(value.index).size;
        break;
      case Source::kNode:
        if (output_index[v] >= 0) {
          t.place = om::TensorPlace::kOutput;
          t.io_index = static_cast<uint32_t>(output_index[v]);
        } else {
          t.place = om::TensorPlace::kWork;
          blocks.push_back(MemoryBlock{t.size, first[v], std::max(first[v], last[v])});
          block_tensor.push_back(static_cast<int>(out->tensors.size()));
        }
        break;
    }
    tensor_of[v] = static_cast<int>(out->tensors.size());
    out->tensors.push_back(std::move(t));
  }
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    const LoweredNode& ln = graph.nodes[n];
    om::Node node;
    node.name = ln.name;
    node.type = ln.type;
    node.engine = ln.def->engine;
    node.attrs = ln.attrs;
    if (ln.def->engine == kernels::Engine::kAiCpu && !ln.reason.empty()) {
      node.attrs.Set(om::kAiCpuReasonAttr, ln.reason);
    }
    for (int v : ln.inputs) node.inputs.push_back(v < 0 ? -1 : tensor_of[static_cast<size_t>(v)]);
    for (int v : ln.outputs) node.outputs.push_back(tensor_of[static_cast<size_t>(v)]);
    node.workspace_size = ln.workspace_bytes;
    if (ln.workspace_bytes != 0) {
      blocks.push_back(MemoryBlock{ln.workspace_bytes, static_cast<int>(n), static_cast<int>(n)});
      block_tensor.push_back(-static_cast<int>(n) - 1);
    }
    out->nodes.push_back(std::move(node));
  }
  const MemoryPlan plan = PlanMemory(blocks, om::kWorkAlignment);
  for (size_t b = 0; b < blocks.size(); ++b) {
    if (block_tensor[b] >= 0) {
      om::Tensor& t = out->tensors[static_cast<size_t>(block_tensor[b])];
      t.offset = plan.offsets[b];
      t.size = plan.reserved[b];
    } else {
      out->nodes[static_cast<size_t>(-block_tensor[b] - 1)].workspace_offset = plan.offsets[b];
    }
  }
  out->work_size = plan.total;
}

}  // namespace asim::atc
