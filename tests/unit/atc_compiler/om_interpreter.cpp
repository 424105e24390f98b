// The test interpreter and the plan check (see om_interpreter.h).
#include "tests/unit/atc_compiler/om_interpreter.h"

#include <algorithm>
#include <cstring>

#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"

namespace asim::atc::testing {
namespace {

kernels::TensorSpec SpecOf(const om::TensorDesc& d) {
  kernels::TensorSpec s;
  s.dtype = d.dtype;
  s.format = d.format;
  s.dims = d.dims;
  s.origin_format = d.origin_format;
  s.origin_dims = d.origin_dims;
  return s;
}

const kernels::KernelDef* FindDef(const om::Graph& g, const om::Node& node) {
  std::vector<kernels::TensorSpec> layouts;
  for (int32_t t : node.inputs) {
    layouts.push_back(t < 0 ? kernels::TensorSpec{} : SpecOf(g.tensors[static_cast<size_t>(t)].desc));
  }
  return kernels::KernelRegistry::Get().FindForLayouts(node.type, node.engine, layouts);
}

struct Buffers {
  std::vector<uint8_t> work;
  std::vector<std::vector<uint8_t>> inputs, outputs;
  std::vector<uint8_t>* weights = nullptr;

  std::vector<uint8_t>* Of(const om::Tensor& t) {
    switch (t.place) {
      case om::TensorPlace::kWork: return &work;
      case om::TensorPlace::kWeight: return weights;
      case om::TensorPlace::kInput: return t.io_index < inputs.size() ? &inputs[t.io_index] : nullptr;
      case om::TensorPlace::kOutput: return t.io_index < outputs.size() ? &outputs[t.io_index] : nullptr;
    }
    return nullptr;
  }
};

Status ViewOf(const om::Tensor& t, Buffers& buffers, kernels::TensorView* view) {
  std::vector<uint8_t>* buffer = buffers.Of(t);
  const uint64_t bytes = om::DescBytes(t.desc);
  if (buffer == nullptr || t.offset > buffer->size() || bytes > buffer->size() - t.offset) {
    return Status(err::kInvalidParam, "tensor '" + t.name + "' [" + std::to_string(t.offset) + ", +" +
                                          std::to_string(bytes) + ") is outside its " + om::TensorPlaceName(t.place) +
                                          " buffer");
  }
  static uint8_t empty[8];
  view->spec = SpecOf(t.desc);
  view->data = buffer->empty() ? empty : buffer->data() + t.offset;
  return Status::Ok();
}

}  // namespace

Status InterpretGraph(const om::Model& model, size_t graph_index, const std::vector<std::vector<uint8_t>>& inputs,
                      std::vector<std::vector<uint8_t>>* outputs) {
  const om::Graph& graph = model.graphs.at(graph_index);
  std::vector<uint8_t> weights = model.weights;
  Buffers buffers;
  buffers.weights = &weights;
  buffers.work.assign(graph.work_size, 0xFF);
  for (const auto& io : model.inputs) buffers.inputs.emplace_back(io.size, 0xFF);
  for (const auto& io : model.outputs) buffers.outputs.emplace_back(io.size, 0xFF);
  if (inputs.size() != model.data_input_count()) {
    return Status(err::kInvalidParam,
                  std::to_string(inputs.size()) + " inputs for " + std::to_string(model.data_input_count()));
  }
  for (const auto& t : graph.tensors) {
    if (t.place != om::TensorPlace::kInput) continue;
    std::vector<uint8_t>& buffer = buffers.inputs.at(t.io_index);
    if (t.io_index >= inputs.size()) {  // the dynamic tensor
      const std::vector<int64_t>& gear = model.gears.at(graph_index);
      std::memcpy(buffer.data(), gear.data(), std::min(buffer.size(), gear.size() * 8));
      continue;
    }
    const std::vector<uint8_t>& data = inputs[t.io_index];
    if (data.size() != om::DescBytes(t.desc) || data.size() > buffer.size()) {
      return Status(err::kInvalidParam, "input " + std::to_string(t.io_index) + ": " + std::to_string(data.size()) +
                                            " bytes for " + std::to_string(om::DescBytes(t.desc)));
    }
    if (!data.empty()) std::memcpy(buffer.data(), data.data(), data.size());
  }
  for (const om::Node& node : graph.nodes) {
    const kernels::KernelDef* def = FindDef(graph, node);
    if (def == nullptr || !def->compute) {
      return Status(err::kOpNotFound, "node '" + node.name + "': no " + kernels::EngineName(node.engine) +
                                          " kernel of type " + node.type);
    }
    kernels::KernelContext ctx;
    for (int32_t t : node.inputs) {
      kernels::TensorView v;
      if (t >= 0) ASIM_RETURN_IF_ERROR(ViewOf(graph.tensors.at(static_cast<size_t>(t)), buffers, &v));
      ctx.inputs.push_back(v);
    }
    for (int32_t t : node.outputs) {
      kernels::TensorView v;
      ASIM_RETURN_IF_ERROR(ViewOf(graph.tensors.at(static_cast<size_t>(t)), buffers, &v));
      ctx.outputs.push_back(v);
    }
    ctx.attrs = &node.attrs;
    ctx.workspace = node.workspace_size == 0 ? nullptr : buffers.work.data() + node.workspace_offset;
    ctx.workspace_bytes = node.workspace_size;
    Status st = kernels::InvokeKernel(*def, ctx);
    if (!st.ok()) return Status(st.code(), "node '" + node.name + "' (" + node.type + "): " + st.message());
  }
  outputs->assign(model.outputs.size(), {});
  for (const auto& t : graph.tensors) {
    if (t.place != om::TensorPlace::kOutput) continue;
    const std::vector<uint8_t>& buffer = buffers.outputs.at(t.io_index);
    (*outputs)[t.io_index].assign(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(om::DescBytes(t.desc)));
  }
  return Status::Ok();
}

std::string CheckWorkPlan(const om::Graph& graph) {
  struct Range {
    std::string what;
    uint64_t offset, size;
    int first, last;
  };
  std::vector<Range> ranges;
  std::vector<int> first(graph.tensors.size(), -1), last(graph.tensors.size(), -1);
  for (size_t n = 0; n < graph.nodes.size(); ++n) {
    for (int32_t t : graph.nodes[n].inputs) {
      if (t < 0) continue;
      if (graph.tensors[static_cast<size_t>(t)].place == om::TensorPlace::kWork && first[static_cast<size_t>(t)] < 0) {
        return "work tensor '" + graph.tensors[static_cast<size_t>(t)].name + "' is read by node '" +
               graph.nodes[n].name + "' before any node writes it";
      }
      last[static_cast<size_t>(t)] = static_cast<int>(n);
    }
    for (int32_t t : graph.nodes[n].outputs) {
      if (first[static_cast<size_t>(t)] >= 0)
        return "tensor '" + graph.tensors[static_cast<size_t>(t)].name + "' is written twice";
      first[static_cast<size_t>(t)] = static_cast<int>(n);
    }
    const om::Node& node = graph.nodes[n];
    if (node.workspace_size != 0) {
      ranges.push_back({"workspace of '" + node.name + "'", node.workspace_offset, node.workspace_size,
                        static_cast<int>(n), static_cast<int>(n)});
    }
  }
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    const om::Tensor& tensor = graph.tensors[t];
    if (tensor.place != om::TensorPlace::kWork) continue;
    if (first[t] < 0) return "work tensor '" + tensor.name + "' is never written";
    ranges.push_back({"tensor '" + tensor.name + "'", tensor.offset, std::max(tensor.size, om::DescBytes(tensor.desc)),
                      first[t], std::max(first[t], last[t])});
  }
  for (size_t i = 0; i < ranges.size(); ++i) {
    const Range& a = ranges[i];
    if (a.offset % om::kWorkAlignment != 0) return a.what + " offset " + std::to_string(a.offset) + " is not aligned";
    if (a.offset + a.size > graph.work_size) return a.what + " exceeds work_size";
    for (size_t j = i + 1; j < ranges.size(); ++j) {
      const Range& b = ranges[j];
      const bool live_together = a.first <= b.last && b.first <= a.last;
      const bool overlap = a.offset < b.offset + b.size && b.offset < a.offset + a.size;
      if (live_together && overlap) {
        return a.what + " [" + std::to_string(a.offset) + ", +" + std::to_string(a.size) + ") steps " +
               std::to_string(a.first) + ".." + std::to_string(a.last) + " overlaps " + b.what + " [" +
               std::to_string(b.offset) + ", +" + std::to_string(b.size) + ") steps " + std::to_string(b.first) + ".." +
               std::to_string(b.last);
      }
    }
  }
  return "";
}

}  // namespace asim::atc::testing
