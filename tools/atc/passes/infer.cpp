// Inference and host evaluation through the kernel registry (see infer.h).
// Thread safety and failure: as the header says.
#include "tools/atc/passes/infer.h"

#include <cstring>

#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"

namespace asim::atc::ir {

using kernels::KernelDef;
using kernels::KernelRegistry;
using kernels::TensorSpec;

std::vector<TensorSpec> InputSpecs(const Graph& graph, const Node& node) {
  std::vector<TensorSpec> specs;
  specs.reserve(node.inputs.size());
  for (int v : node.inputs) specs.push_back(v >= 0 ? graph.value(v).Spec() : TensorSpec{});
  return specs;
}

Status ChooseKernel(const std::string& type, const std::vector<TensorSpec>& inputs, const kernels::AttrMap& attrs,
                    const kernels::ChipTraits& chip, const KernelDef** def, kernels::AttrMap* resolved) {
  return KernelRegistry::Get().SelectAsGiven(type, inputs, attrs, chip, def, resolved);
}

Status InferNode(Graph& graph, int index, const kernels::ChipTraits& chip) {
  Node& node = graph.node(index);
  const std::vector<TensorSpec> inputs = InputSpecs(graph, node);
  const KernelDef* def = nullptr;
  kernels::AttrMap resolved;
  ASIM_RETURN_IF_ERROR(ChooseKernel(node.type, inputs, node.attrs, chip, &def, &resolved));
  std::vector<TensorSpec> outputs;
  ASIM_RETURN_IF_ERROR(def->infer_shape(inputs, resolved, &outputs));
  if (outputs.size() < node.outputs.size()) {
    return Status(err::kInvalidParam, "the kernel produces " + std::to_string(outputs.size()) +
                                          " outputs, the node has " + std::to_string(node.outputs.size()));
  }
  bool dynamic = false;
  bool data_dependent = false;
  bool gear_dependent = false;
  for (int v : node.inputs) {
    dynamic = dynamic || (v >= 0 && graph.value(v).dynamic);
    // A folded constant's value is known, whatever computed it.
    data_dependent = data_dependent || (v >= 0 && graph.value(v).data_dependent && !graph.value(v).is_constant());
    gear_dependent = gear_dependent || (v >= 0 && graph.value(v).dynamic && !graph.value(v).data_dependent);
  }
  for (size_t k = 0; k < node.outputs.size(); ++k) {
    Value& out = graph.value(node.outputs[k]);
    out.dtype = outputs[k].dtype;
    out.dims = outputs[k].dims;
    out.format = outputs[k].format;
    // A computed output (NonZero ...): its dims are a bound, so nothing may fold them. Unknown
    // dims that no gear resolves come from an input's values (a Reshape's shape known only
    // at execution): data-dependent as well, without a bound.
    const bool by_values = !outputs[k].IsStatic() && !gear_dependent;
    const bool computed = def->OutputShapeComputed(k, inputs);
    // Computed only because a value input is unknown (Slice's ends from the Shape of a
    // dynamic input: PyTorch's x[:, :x.size(1)]), and that input depends on the gear, not on
    // data: each gear's dims are decided when the compiler folds the gear's shape
    // computation. Here they are unknown (-1), as a Range's are, rather than the bound,
    // which need not broadcast with the first gear's other tensors.
    const bool by_gear = computed && gear_dependent && !data_dependent && k < def->outputs.size() &&
                         !def->outputs[k].computed_unless_known.empty();
    if (by_gear) {
      out.dims.assign(out.dims.size(), -1);
      out.dynamic = true;
      out.data_dependent = false;
      continue;
    }
    out.dynamic = dynamic || computed || by_values;
    out.data_dependent = data_dependent || computed || by_values;
  }
  return Status::Ok();
}

Status InferGraph(Graph& graph, const kernels::ChipTraits& chip) {
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    if (graph.nodes[i].dead) continue;
    Status st = InferNode(graph, static_cast<int>(i), chip);
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

Status EvaluateNode(const Graph& graph, const Node& node, const kernels::ChipTraits& chip, std::vector<Bytes>* out,
                    std::vector<TensorSpec>* specs) {
  std::vector<TensorSpec> inputs = InputSpecs(graph, node);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (node.inputs[i] < 0) continue;
    if (inputs[i].host_data == nullptr || !inputs[i].IsStatic()) {
      return Status(err::kInvalidParam, "input " + std::to_string(i) + " is not a static constant");
    }
  }
  const KernelDef* def = nullptr;
  kernels::AttrMap resolved;
  ASIM_RETURN_IF_ERROR(ChooseKernel(node.type, inputs, node.attrs, chip, &def, &resolved));
  std::vector<TensorSpec> outputs;
  ASIM_RETURN_IF_ERROR(def->infer_shape(inputs, resolved, &outputs));
  if (outputs.size() < node.outputs.size()) return Status(err::kInvalidParam, "too few outputs");
  static uint8_t empty[8];
  std::vector<kernels::TensorView> views;
  for (size_t i = 0; i < inputs.size(); ++i) {
    kernels::TensorView view{inputs[i], nullptr};
    if (node.inputs[i] >= 0) view.data = const_cast<void*>(inputs[i].host_data ? inputs[i].host_data : empty);
    if (view.data != nullptr && graph.value(node.inputs[i]).data->empty()) view.data = empty;
    views.push_back(view);
  }
  const size_t workspace = def->workspace ? def->workspace(inputs, outputs, resolved) : 0;
  kernels::HostRun run;
  ASIM_RETURN_IF_ERROR(kernels::RunOnHost(*def, resolved, views, outputs, workspace, &run));
  out->clear();
  specs->clear();
  for (size_t k = 0; k < node.outputs.size(); ++k) {
    specs->push_back(std::move(run.specs[k]));
    out->push_back(std::make_shared<const std::vector<uint8_t>>(std::move(run.bytes[k])));
  }
  return Status::Ok();
}

}  // namespace asim::atc::ir
