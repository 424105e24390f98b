// NodeContext (see node_context.h). Thread safety and failure: as the header says.
#include "tools/atc/tensorflow/node_context.h"

#include <cstring>

#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/emit_node.h"
#include "tools/atc/tensorflow/tf_tensor.h"

namespace asim::atc::tf_import {

std::string DimsText(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "," : "") + std::to_string(dims[i]);
  return s + "]";
}

int64_t NchwAxis(int64_t axis) {
  static const int64_t kWhere[4] = {0, 2, 3, 1};
  return kWhere[axis];
}

NodeContext::NodeContext(ImportState& state, const asim::tf::NodeDef& node, std::vector<TfValue> inputs)
    : state_(state), node_(node), inputs_(std::move(inputs)) {}

int NodeContext::PlainOf(TfValue v) {
  if (!v.nchw) return v.id;
  auto it = state_.to_nhwc.find(v.id);
  if (it != state_.to_nhwc.end()) return it->second;
  int out = -1;
  if (!Transpose(v.id, kToNhwc, "to_nhwc", &out).ok()) return v.id;  // cannot fail for a 4-D value
  state_.to_nhwc[v.id] = out;
  state_.to_nchw[out] = v.id;
  return out;
}

int NodeContext::NchwOf(TfValue v) {
  if (v.nchw) return v.id;
  auto it = state_.to_nchw.find(v.id);
  if (it != state_.to_nchw.end()) return it->second;
  int out = -1;
  if (!Transpose(v.id, kToNchw, "to_nchw", &out).ok()) return v.id;
  state_.to_nchw[v.id] = out;
  state_.to_nhwc[out] = v.id;
  return out;
}

std::vector<int64_t> NodeContext::DimsOf(TfValue v) const {
  const auto& d = graph().value(v.id).dims;
  if (!v.nchw || d.size() != 4) return d;
  return {d[0], d[2], d[3], d[1]};
}

bool NodeContext::ChannelsLast() const {
  const std::string f = AttrString("data_format", "NHWC");
  return f == "NHWC" || f == "NDHWC" || f == "NWC";
}

Status NodeContext::Spatial(int i, int* id) {
  if (!ChannelsLast()) {
    *id = Plain(i);
    return Status::Ok();
  }
  if (rank(i) != 4) {
    return Malformed("reads a " + std::to_string(rank(i)) + "-D input " + DimsText(dims(i)) +
                     " in data_format NHWC; atc takes 4-D NHWC tensors here");
  }
  *id = NchwOf(in(i));
  return Status::Ok();
}

const asim::tf::AttrValue* NodeContext::Attr(const std::string& key) const {
  auto it = node_.attr().find(key);
  return it == node_.attr().end() ? nullptr : &it->second;
}

int64_t NodeContext::AttrInt(const std::string& key, int64_t def) const {
  const auto* a = Attr(key);
  return a != nullptr && a->value_case() == asim::tf::AttrValue::kI ? a->i() : def;
}

float NodeContext::AttrFloat(const std::string& key, float def) const {
  const auto* a = Attr(key);
  return a != nullptr && a->value_case() == asim::tf::AttrValue::kF ? a->f() : def;
}

bool NodeContext::AttrBool(const std::string& key, bool def) const {
  const auto* a = Attr(key);
  return a != nullptr && a->value_case() == asim::tf::AttrValue::kB ? a->b() : def;
}

std::string NodeContext::AttrString(const std::string& key, const std::string& def) const {
  const auto* a = Attr(key);
  return a != nullptr && a->value_case() == asim::tf::AttrValue::kS ? a->s() : def;
}

std::vector<int64_t> NodeContext::AttrInts(const std::string& key) const {
  const auto* a = Attr(key);
  if (a == nullptr || a->value_case() != asim::tf::AttrValue::kList) return {};
  return std::vector<int64_t>(a->list().i().begin(), a->list().i().end());
}

DataType NodeContext::AttrType(const std::string& key, DataType def) const {
  const auto* a = Attr(key);
  if (a == nullptr || a->value_case() != asim::tf::AttrValue::kType) return def;
  return FromTfType(a->type());
}

Status NodeContext::ConstInts(int i, const std::string& what, std::vector<int64_t>* out) const {
  const ir::Value& v = graph().value(in(i).id);
  if (!v.is_constant()) {
    return Unsupported("its " + what + " (input " + std::to_string(i) +
                       ") is computed at run time; atc needs it constant (freeze the graph, or give the inputs it "
                       "depends on a fixed shape with --input_shape)");
  }
  if (!IntegerValues(v.dtype, *v.data, out)) {
    return Malformed("has a " + what + " (input " + std::to_string(i) + ") that is not an integer tensor");
  }
  return Status::Ok();
}

Status NodeContext::ConstInt(int i, const std::string& what, int64_t* out) const {
  std::vector<int64_t> v;
  ASIM_RETURN_IF_ERROR(ConstInts(i, what, &v));
  if (v.size() != 1) return Malformed("has a " + what + " of " + std::to_string(v.size()) + " values; it takes one");
  *out = v[0];
  return Status::Ok();
}

Status NodeContext::ConstFloats(int i, const std::string& what, std::vector<float>* out) const {
  const ir::Value& v = graph().value(in(i).id);
  if (!v.is_constant() || v.dtype != DataType::kFloat) {
    return Unsupported("its " + what + " (input " + std::to_string(i) + ") must be a float constant");
  }
  out->resize(v.data->size() / sizeof(float));
  if (!out->empty()) std::memcpy(out->data(), v.data->data(), out->size() * sizeof(float));
  return Status::Ok();
}

Status NodeContext::Int64Input(int i, int* id) {
  const int v = Plain(i);
  if (graph().value(v).dtype == DataType::kInt64) {
    *id = v;
    return Status::Ok();
  }
  return CastTo(v, DataType::kInt64, "int64_" + std::to_string(i), id);
}

Status NodeContext::Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
                         std::vector<int>* outs, const std::string& suffix) {
  ir::Graph& g = *state_.graph;
  std::string node_name;
  if (suffix.empty() && !named_) {
    node_name = name();
    named_ = true;
  } else {
    node_name = name() + "_" + (suffix.empty() ? type : suffix);
  }
  return ir::EmitNode(g,
                      ir::EmitRequest{type, node_name, std::move(inputs), std::move(attrs), num_outputs,
                                      "TensorFlow " + op() + " '" + name() + "'",
                                      type == op() ? type : type + ", from TensorFlow " + op()},
                      state_.chip, state_.fold, outs);
}

Status NodeContext::EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                            const std::string& suffix) {
  std::vector<int> outs;
  ASIM_RETURN_IF_ERROR(Emit(type, std::move(inputs), std::move(attrs), 1, &outs, suffix));
  *out = outs.at(0);
  return Status::Ok();
}

int NodeContext::ConstFloat(const std::string& suffix, const std::vector<float>& values, std::vector<int64_t> dims) {
  return ir::AddFloatConstant(*state_.graph, name() + "_" + suffix, values, std::move(dims));
}

int NodeContext::ConstInt64(const std::string& suffix, const std::vector<int64_t>& values) {
  return ir::AddInt64Constant(*state_.graph, name() + "_" + suffix, values, {static_cast<int64_t>(values.size())});
}

int NodeContext::ConstInt64Scalar(const std::string& suffix, int64_t value) {
  return ir::AddInt64Constant(*state_.graph, name() + "_" + suffix, {value}, {});
}

Status NodeContext::Transpose(int id, const std::vector<int64_t>& perm, const std::string& suffix, int* out) {
  kernels::AttrMap a;
  a.Set("perm", perm);
  return EmitOne("Transpose", {id}, a, out, suffix);
}

Status NodeContext::CastTo(int id, DataType to, const std::string& suffix, int* out) {
  if (graph().value(id).dtype == to) {
    *out = id;
    return Status::Ok();
  }
  kernels::AttrMap a;
  a.Set("to", to);
  return EmitOne("Cast", {id}, a, out, suffix);
}

void NodeContext::SetOutput(size_t k, TfValue v) {
  if (outputs_.size() <= k) outputs_.resize(k + 1);
  outputs_[k] = v;
}

int NodeContext::Readers(int k) const {
  auto it = state_.readers.find(name() + ":" + std::to_string(k));
  return it == state_.readers.end() ? 0 : it->second;
}

std::string NodeContext::Where() const {
  return "Node [" + name() + "] (op [" + op() + "])";
}

Status NodeContext::Unsupported(const std::string& why) const {
  return AtcError(ecode::kUnsupportedOnnx, err::kParseModel, Where() + ": " + why + ".");
}

Status NodeContext::Malformed(const std::string& why) const {
  return AtcError(ecode::kMalformedModel, err::kParseModel, Where() + " " + why + ".");
}

Status NodeContext::ExpectInputs(int count) const {
  if (count < 0 ? input_count() >= 1 : input_count() == count) return Status::Ok();
  return Malformed("has " + std::to_string(input_count()) + " data input(s); " + op() + " takes " +
                   (count < 0 ? std::string("at least 1") : std::to_string(count)));
}

}  // namespace asim::atc::tf_import
