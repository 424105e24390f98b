// NodeContext (see node_context.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/node_context.h"

#include <algorithm>
#include <cstring>

#include "kernels/common/values/cast_util.h"
#include "kernels/framework/registry.h"
#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/fold_constants.h"
#include "tools/atc/passes/infer.h"

namespace asim::atc::onnx_import {

using onnx::AttributeProto;

NodeContext::NodeContext(ImportState& state, const onnx::NodeProto& node) : state_(state), node_(node) {
  name_ = node.name().empty() ? node.op_type() + "_" + std::to_string(state.node_index) : node.name();
}

std::string NodeContext::Where() const {
  return "Node [" + name_ + "] (optype [" + node_.op_type() + "], opset " + std::to_string(state_.opset) + ")";
}

Status NodeContext::Unsupported(const std::string& why) const {
  return AtcError(ecode::kUnsupportedOnnx, err::kParseModel, Where() + ": " + why);
}

bool NodeContext::has_input(int i) const {
  return i >= 0 && i < node_.input_size() && !node_.input(i).empty();
}

int NodeContext::input(int i) const {
  if (!has_input(i)) return -1;
  auto it = state_.values.find(node_.input(i));
  return it == state_.values.end() ? -1 : it->second;
}

const ir::Value& NodeContext::ValueOf(int id) const {
  static const ir::Value kAbsent;
  return id < 0 ? kAbsent : state_.graph->value(id);
}

const ir::Value& NodeContext::value(int i) const {
  return ValueOf(input(i));
}

std::vector<int> NodeContext::inputs() const {
  std::vector<int> ids;
  for (int i = 0; i < node_.input_size(); ++i) ids.push_back(input(i));
  return ids;
}

Status NodeContext::ConstInts(int i, std::vector<int64_t>* out) const {
  if (!is_const(i)) return NotConstant(i);
  const ir::Value& v = value(i);
  out->assign(static_cast<size_t>(v.ElementCount()), 0);
  if (out->empty()) return Status::Ok();
  Status st = kernels::ConvertElements(v.data->data(), v.dtype, out->data(), DataType::kInt64, v.ElementCount());
  if (!st.ok()) return Unsupported("input " + std::to_string(i) + " (" + DataTypeName(v.dtype) + "): " + st.message());
  return Status::Ok();
}

Status NodeContext::ConstFloats(int i, std::vector<double>* out) const {
  if (!is_const(i)) return NotConstant(i);
  const ir::Value& v = value(i);
  out->assign(static_cast<size_t>(v.ElementCount()), 0.0);
  if (out->empty()) return Status::Ok();
  Status st = kernels::ConvertElements(v.data->data(), v.dtype, out->data(), DataType::kDouble, v.ElementCount());
  if (!st.ok()) return Unsupported("input " + std::to_string(i) + " (" + DataTypeName(v.dtype) + "): " + st.message());
  return Status::Ok();
}

Status NodeContext::NotConstant(int i) const {
  const std::string name = has_input(i) ? node_.input(i) : std::string("(absent)");
  return Unsupported("input " + std::to_string(i) + " '" + name + "' must be a constant (an initializer, or computed " +
                     "from constants): its value is needed at conversion but known only at execution");
}

const AttributeProto* NodeContext::attr(const std::string& name) const {
  for (const auto& a : node_.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

int64_t NodeContext::Int(const std::string& name, int64_t fallback) const {
  const AttributeProto* a = attr(name);
  if (a == nullptr) return fallback;
  if (a->type() == AttributeProto::FLOAT) return static_cast<int64_t>(a->f());
  return a->i();
}

float NodeContext::Float(const std::string& name, float fallback) const {
  const AttributeProto* a = attr(name);
  if (a == nullptr) return fallback;
  if (a->type() == AttributeProto::INT) return static_cast<float>(a->i());
  return a->f();
}

std::string NodeContext::Str(const std::string& name, const std::string& fallback) const {
  const AttributeProto* a = attr(name);
  return a == nullptr ? fallback : a->s();
}

std::vector<int64_t> NodeContext::Ints(const std::string& name) const {
  const AttributeProto* a = attr(name);
  if (a == nullptr) return {};
  return std::vector<int64_t>(a->ints().begin(), a->ints().end());
}

std::vector<float> NodeContext::Floats(const std::string& name) const {
  const AttributeProto* a = attr(name);
  if (a == nullptr) return {};
  return std::vector<float>(a->floats().begin(), a->floats().end());
}

kernels::AttrMap NodeContext::PlainAttrs(const std::vector<std::string>& skip) const {
  kernels::AttrMap m;
  for (const auto& a : node_.attribute()) {
    if (std::find(skip.begin(), skip.end(), a.name()) != skip.end()) continue;
    switch (a.type()) {
      case AttributeProto::INT: m.Set(a.name(), int64_t{a.i()}); break;
      case AttributeProto::FLOAT: m.Set(a.name(), a.f()); break;
      case AttributeProto::STRING: m.Set(a.name(), a.s()); break;
      case AttributeProto::INTS: m.Set(a.name(), std::vector<int64_t>(a.ints().begin(), a.ints().end())); break;
      case AttributeProto::FLOATS: m.Set(a.name(), std::vector<float>(a.floats().begin(), a.floats().end())); break;
      case AttributeProto::STRINGS:
        m.Set(a.name(), std::vector<std::string>(a.strings().begin(), a.strings().end()));
        break;
      default: break;
    }
  }
  return m;
}

Status NodeContext::Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
                         std::vector<int>* outs, const std::string& suffix) {
  ir::Graph& g = *state_.graph;
  std::string name = name_;
  if (emitted_ > 0 || !suffix.empty()) name += "_" + (suffix.empty() ? type : suffix);
  ++emitted_;
  const int index =
      g.AddNode(type, name, std::move(inputs), std::move(attrs), num_outputs, node_.op_type() + " '" + name_ + "'");
  Status st = ir::InferNode(g, index, state_.chip);
  if (!st.ok()) {
    std::string op = type == node_.op_type() ? type : type + ", from ONNX " + node_.op_type();
    return AtcError(ecode::kNoKernel, st.code(),
                    "No supported Ops kernel and engine are found for [" + g.node(index).name + "], optype [" + op +
                        "]. Reason: " + st.message());
  }
  ASIM_RETURN_IF_ERROR(CheckStaticOutputs(index));
  if (state_.fold) (void)ir::TryFoldNode(g, index, state_.chip);
  *outs = g.node(index).outputs;
  return Status::Ok();
}

Status NodeContext::CheckStaticOutputs(int index) const {
  const ir::Graph& g = *state_.graph;
  const ir::Node& n = g.node(index);
  bool by_values = false;
  for (int v : n.outputs) by_values = by_values || (g.value(v).data_dependent && !g.value(v).Spec().IsStatic());
  if (!by_values) return Status::Ok();
  // Dims decided by values at execution: the AI CPU kernel infers them again before it runs
  // (docs/models.md, "Shapes decided by values"), so the op needs one.
  for (const kernels::KernelDef* def : kernels::KernelRegistry::Get().Find(n.type)) {
    if (def->engine == kernels::Engine::kAiCpu) return Status::Ok();
  }
  std::string names;
  for (int v : n.inputs) {
    if (v < 0 || g.value(v).is_constant()) continue;
    names += std::string(names.empty() ? "" : ", ") + "'" + g.value(v).name + "'";
  }
  return Unsupported("the output shape of [" + n.name + "] (" + n.type + ") depends on the values of input(s) " +
                     names + ", known only at execution, and " + n.type +
                     " has no AI CPU kernel to infer it there; make them constants (initializers)");
}

Status NodeContext::EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                            const std::string& suffix) {
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(Emit(type, std::move(inputs), std::move(attrs), 1, &outs, suffix));
  *out = outs.at(0);
  return Status::Ok();
}

int NodeContext::Constant(const std::string& suffix, DataType dtype, std::vector<int64_t> dims, ir::Bytes bytes) {
  return state_.graph->AddConstant(name_ + "_" + suffix, dtype, std::move(dims), std::move(bytes));
}

int NodeContext::ConstInt64(const std::string& suffix, const std::vector<int64_t>& values, bool scalar) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(int64_t));
  if (!values.empty()) std::memcpy(bytes->data(), values.data(), bytes->size());
  std::vector<int64_t> dims;
  if (!scalar) dims.push_back(static_cast<int64_t>(values.size()));
  return Constant(suffix, DataType::kInt64, dims, std::move(bytes));
}

int NodeContext::ConstFloat(const std::string& suffix, const std::vector<float>& values, bool scalar) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(float));
  if (!values.empty()) std::memcpy(bytes->data(), values.data(), bytes->size());
  std::vector<int64_t> dims;
  if (!scalar) dims.push_back(static_cast<int64_t>(values.size()));
  return Constant(suffix, DataType::kFloat, dims, std::move(bytes));
}

void NodeContext::SetOutput(int k, int value) {
  if (!output_used(k) || value < 0) return;
  state_.values[node_.output(k)] = value;
}

const std::vector<int>* NodeContext::sequence(int i) const {
  if (!has_input(i)) return nullptr;
  auto it = state_.sequences.find(node_.input(i));
  return it == state_.sequences.end() ? nullptr : &it->second;
}

void NodeContext::SetSequence(int k, std::vector<int> values) {
  if (output_used(k)) state_.sequences[node_.output(k)] = std::move(values);
}

void NodeContext::SetOutputs(const std::vector<int>& values) {
  for (size_t k = 0; k < values.size(); ++k) SetOutput(static_cast<int>(k), values[k]);
}

}  // namespace asim::atc::onnx_import
