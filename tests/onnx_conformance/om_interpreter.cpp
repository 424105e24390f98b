// RunModelOnHost (see om_interpreter.h). Thread safety and failure: as the header says.
#include "tests/onnx_conformance/om_interpreter.h"

#include <cstring>
#include <map>
#include <string>

#include "kernels/common/values/string_tensor.h"
#include "kernels/framework/invoke.h"
#include "kernels/framework/registry.h"
#include "om/tensor_spec.h"

namespace asim::atc::testing {
namespace {

using om::SpecOf;

}  // namespace

Status RunModelOnHost(const om::Model& model, const std::vector<std::vector<uint8_t>>& inputs,
                      std::vector<std::vector<uint8_t>>* outputs, std::vector<std::vector<int64_t>>* output_dims,
                      size_t gear) {
  if (gear >= model.graphs.size()) return Status(err::kInvalidParam, "no graph " + std::to_string(gear));
  const om::Graph& g = model.graphs[gear];
  if (inputs.size() != model.inputs.size()) {
    return Status(err::kInvalidParam, std::to_string(inputs.size()) + " inputs given, the model has " +
                                          std::to_string(model.inputs.size()));
  }
  std::vector<uint8_t> work(g.work_size + 64, 0);
  std::vector<std::vector<uint8_t>> in = inputs;
  outputs->assign(model.outputs.size(), {});
  for (const auto& t : g.tensors) {
    if (t.place == om::TensorPlace::kOutput && t.io_index < outputs->size()) {
      auto& buf = (*outputs)[t.io_index];
      buf.resize(std::max<size_t>(buf.size(), t.offset + t.size));
    }
    if (t.place == om::TensorPlace::kInput && t.io_index < in.size() && in[t.io_index].size() < t.offset + t.size) {
      return Status(err::kInvalidParam, "input " + std::to_string(t.io_index) + " has " +
                                            std::to_string(in[t.io_index].size()) + " bytes, tensor '" + t.name +
                                            "' needs " + std::to_string(t.offset + t.size));
    }
  }
  static uint8_t empty[8];
  auto address = [&](const om::Tensor& t) -> void* {
    uint8_t* base = nullptr;
    switch (t.place) {
      case om::TensorPlace::kWork: base = work.data(); break;
      case om::TensorPlace::kWeight: base = const_cast<uint8_t*>(model.weights.data()); break;
      case om::TensorPlace::kInput: base = in[t.io_index].data(); break;
      case om::TensorPlace::kOutput: base = (*outputs)[t.io_index].data(); break;
    }
    return base == nullptr ? empty : base + t.offset;
  };
  for (size_t i = 0; i < g.tensors.size(); ++i) {
    const om::Tensor& t = g.tensors[i];
    if (t.desc.dtype != DataType::kString || t.place != om::TensorPlace::kInput || t.io_index >= in.size()) continue;
    std::vector<std::string> strings;
    const auto& buf = in[t.io_index];
    Status st =
        kernels::ReadStrings(buf.data() + std::min<size_t>(t.offset, buf.size()),
                             buf.size() - std::min<size_t>(t.offset, buf.size()), SpecOf(t).ElementCount(), &strings);
    if (!st.ok()) return Status(st.code(), "input " + std::to_string(t.io_index) + ": " + st.message());
  }
  // String tensors other than inputs: their bytes depend on their contents, so the plan
  // gives them none; each lives here, sized when its producer runs.
  std::map<int32_t, std::vector<uint8_t>> strings;
  std::map<int32_t, std::vector<int64_t>> actual;  // tensors whose dims the computation decided
  // Tensors whose dims input values decide (-1 in the plan, 0 bytes planned): sized here
  // when their producer's shapes are inferred with those values, as the runtime does.
  std::map<int32_t, std::vector<uint8_t>> sized;
  for (const om::Node& node : g.nodes) {
    std::vector<kernels::TensorSpec> layouts;
    for (int32_t t : node.inputs) {
      layouts.push_back(t < 0 ? kernels::TensorSpec{} : SpecOf(g.tensors[static_cast<size_t>(t)]));
    }
    const kernels::KernelDef* def = kernels::KernelRegistry::Get().FindForLayouts(node.type, node.engine, layouts);
    const std::string where = "node '" + node.name + "' (" + node.type + ")";
    if (def == nullptr) return Status(err::kOpNotFound, where + ": no kernel on " + kernels::EngineName(node.engine));
    kernels::AttrMap attrs;
    Status st = def->ResolveAttrs(node.attrs, &attrs);
    if (!st.ok()) return Status(st.code(), where + ": " + st.message());
    kernels::KernelContext ctx;
    bool resized = false;  // an input's dims were decided by an earlier computation
    for (int32_t t : node.inputs) {
      if (t < 0) {
        ctx.inputs.push_back(kernels::TensorView{});
        continue;
      }
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
      kernels::TensorView v{SpecOf(tensor), address(tensor)};
      if (auto it = sized.find(t); it != sized.end()) v.data = it->second.data();
      if (auto it = actual.find(t); it != actual.end()) {
        v.spec.dims = it->second;
        resized = true;
      }
      if (tensor.place == om::TensorPlace::kWeight) v.spec.host_data = v.data;
      ctx.inputs.push_back(v);
    }
    for (int32_t t : node.outputs) {
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
      ctx.outputs.push_back(kernels::TensorView{SpecOf(tensor), address(tensor)});
    }
    auto string_data = [&](int32_t t) -> void* {
      auto it = strings.find(t);
      return it == strings.end() ? nullptr : it->second.data();
    };
    for (size_t k = 0; k < node.inputs.size(); ++k) {
      if (node.inputs[k] >= 0 && ctx.inputs[k].dtype() == DataType::kString && string_data(node.inputs[k])) {
        ctx.inputs[k].data = string_data(node.inputs[k]);
      }
    }
    bool by_values = false;  // an output's dims are decided by input values
    for (const auto& v : ctx.outputs) by_values = by_values || !v.spec.IsStatic();
    std::vector<kernels::TensorSpec> in_specs;
    if ((resized || by_values) && def->infer_shape) {
      // Shapes flow on from the computed dims, as the runtime re-infers them; values that
      // decide dims are read from the inputs.
      std::vector<kernels::TensorSpec> out_specs;
      for (const auto& v : ctx.inputs) {
        in_specs.push_back(v.spec);
        if (by_values) in_specs.back().host_data = v.data;
      }
      st = def->infer_shape(in_specs, attrs, &out_specs);
      if (!st.ok()) return Status(st.code(), where + ": " + st.message());
      for (size_t k = 0; k < ctx.outputs.size() && k < out_specs.size(); ++k) {
        if (out_specs[k].IsStatic()) ctx.outputs[k].spec.dims = out_specs[k].dims;
      }
    }
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(node.outputs[k])];
      if (kernels::MakeSpec(tensor.desc.dtype, tensor.desc.dims).IsStatic()) continue;
      if (!ctx.outputs[k].spec.IsStatic()) {
        return Status(err::kInternalError, where + ": output " + std::to_string(k) + " is still " +
                                               kernels::DimsToString(ctx.outputs[k].spec.dims) +
                                               " with the input values");
      }
      if (ctx.outputs[k].dtype() == DataType::kString) continue;
      auto& buf = sized[node.outputs[k]];
      buf.assign(std::max<size_t>(ctx.outputs[k].spec.Bytes(), 1), 0);
      ctx.outputs[k].data = buf.data();
    }
    std::vector<uint8_t> workspace;  // beyond the plan's, for dims known only now
    if (by_values && def->workspace) {
      std::vector<kernels::TensorSpec> out_specs;
      for (const auto& v : ctx.outputs) out_specs.push_back(v.spec);
      workspace.resize(def->workspace(in_specs, out_specs, attrs));
    }
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      if (ctx.outputs[k].dtype() != DataType::kString) continue;
      auto& buf = strings[node.outputs[k]];
      buf.assign(kernels::StringOutputCapacity(ctx, k), 0);
      ctx.outputs[k].data = buf.data();
    }
    ctx.attrs = &attrs;
    ctx.workspace = node.workspace_size != 0 ? work.data() + node.workspace_offset : nullptr;
    ctx.workspace_bytes = node.workspace_size;
    if (workspace.size() > ctx.workspace_bytes) {
      ctx.workspace = workspace.data();
      ctx.workspace_bytes = workspace.size();
    }
    st = kernels::InvokeKernel(*def, ctx);
    if (!st.ok()) return Status(st.code(), where + ": " + st.message());
    for (size_t k = 0; k < node.outputs.size(); ++k) {
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(node.outputs[k])];
      if (ctx.outputs[k].spec.dims != tensor.desc.dims) actual[node.outputs[k]] = ctx.outputs[k].spec.dims;
    }
  }
  for (auto* held : {&strings, &sized}) {
    for (const auto& [t, buf] : *held) {
      const om::Tensor& tensor = g.tensors[static_cast<size_t>(t)];
      if (tensor.place == om::TensorPlace::kOutput && tensor.io_index < outputs->size()) {
        (*outputs)[tensor.io_index] = buf;
      }
    }
  }
  if (output_dims != nullptr) {
    output_dims->assign(model.outputs.size(), {});
    for (size_t i = 0; i < g.tensors.size(); ++i) {
      const om::Tensor& t = g.tensors[i];
      if (t.place != om::TensorPlace::kOutput || t.io_index >= output_dims->size()) continue;
      auto it = actual.find(static_cast<int32_t>(i));
      (*output_dims)[t.io_index] = it != actual.end() ? it->second : t.desc.dims;
    }
  }
  return Status::Ok();
}

}  // namespace asim::atc::testing
