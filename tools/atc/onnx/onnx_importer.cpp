// ImportOnnxModel (see onnx_importer.h). Thread safety and failure: as the header says.
#include "tools/atc/onnx/onnx_importer.h"

#include <onnx/defs/schema.h>

#include <algorithm>
#include <map>
#include <set>

#include "base/log.h"
#include "compiler/gears.h"
#include "kernels/framework/registry.h"
#include "kernels/framework/subgraph.h"
#include "kernels/framework/tensor.h"
#include "tools/atc/onnx/control_flow.h"
#include "tools/atc/onnx/node_context.h"
#include "tools/atc/onnx/onnx_function.h"
#include "tools/atc/onnx/onnx_loader.h"
#include "tools/atc/onnx/onnx_tensor.h"
#include "tools/atc/onnx/translate.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::onnx_import {
namespace {

using kernels::DimsToString;

bool IsDefaultDomain(const std::string& d) {
  return d.empty() || d == "ai.onnx";
}

std::string Join(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

class Importer {
 public:
  Importer(const ImportOptions& o, ir::Graph* g, ImportInfo* info) : o_(o), g_(*g), info_(*info) {}

  Status Run() {
    ASIM_RETURN_IF_ERROR(LoadModelFile(o_.model_path, &model_));
    if (o_.run_checker) ASIM_RETURN_IF_ERROR(CheckModel(&model_));
    const onnx::GraphProto& graph = model_.proto.graph();
    info_.opset = model_.opset;
    info_.ir_version = model_.proto.ir_version();
    info_.checked = model_.checked;
    info_.producer = model_.proto.producer_name() + " " + model_.proto.producer_version();
    info_.onnx_nodes = static_cast<size_t>(graph.node_size());
    state_.graph = &g_;
    state_.chip = o_.chip;
    state_.fold = o_.fold_constants;
    state_.model_dir = model_.model_dir;
    state_.opset = model_.opset;
    ASIM_RETURN_IF_ERROR(Inputs(graph));
    if (model_.checked) {
      // ONNX's inference is advisory: the kernels' inference decides (a model whose declared
      // output shapes disagree with it still converts).
      Status st = InferOnnxShapes(&model_, declared_);
      if (!st.ok()) ASIM_LOG_WARN("[ATC] {}", st.message());
    }
    ASIM_RETURN_IF_ERROR(Initializers(model_.proto.graph()));
    ASIM_RETURN_IF_ERROR(TranslateNodes(model_.proto.graph()));
    ASIM_RETURN_IF_ERROR(Outputs(model_.proto.graph()));
    g_.RemoveDeadNodes();
    g_.Compact();
    return Status::Ok();
  }

 private:
  Status Inputs(const onnx::GraphProto& graph) {
    std::set<std::string> initializers;
    for (const auto& t : graph.initializer()) initializers.insert(t.name());
    std::vector<std::string> names;
    std::vector<const onnx::ValueInfoProto*> inputs;
    for (const auto& in : graph.input()) {
      if (initializers.count(in.name()) != 0) continue;  // a weight listed as an input (IR < 4) or a default
      if (auto it = o_.constant_inputs.find(in.name()); it != o_.constant_inputs.end()) {
        state_.values[in.name()] = g_.AddConstant(in.name(), it->second.dtype, it->second.dims, it->second.bytes);
        continue;
      }
      names.push_back(in.name());
      inputs.push_back(&in);
    }
    for (const auto& [name, dims] : o_.input_shapes) {
      if (std::find(names.begin(), names.end(), name) == names.end() && o_.constant_inputs.count(name) == 0) {
        return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                        "Model has no [" + name +
                            "] node (--input_shape names a graph input; the model's inputs "
                            "are: " +
                            Join(names) + ").");
      }
    }
    std::vector<PlainInput> plain;
    for (const auto* in : inputs) {
      if (!in->type().has_tensor_type()) {
        return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                        "Graph input [" + in->name() +
                            "] is not a tensor (sequence, map and optional inputs are "
                            "not supported).");
      }
      const auto& tt = in->type().tensor_type();
      auto dtype = DataTypeFromOnnx(tt.elem_type());
      if (tt.elem_type() == onnx::TensorProto::STRING) {
        ASIM_RETURN_IF_ERROR(StringReaders(graph, "Graph input", in->name()));
        dtype = DataType::kString;
      }
      if (!dtype) {
        return AtcError(ecode::kUnsupportedOnnx, err::kUnsupportedDataType,
                        "Graph input [" + in->name() + "] has element type " + OnnxTypeName(tt.elem_type()) +
                            ", which is not supported.");
      }
      std::vector<int64_t> model_dims;
      bool has_shape = tt.has_shape();
      for (const auto& d : tt.shape().dim()) model_dims.push_back(d.has_dim_value() ? d.dim_value() : -1);
      std::vector<int64_t> dims = model_dims;
      bool given = false;
      for (const auto& [name, option_dims] : o_.input_shapes) {
        if (name != in->name()) continue;
        given = true;
        if (has_shape && option_dims.size() != model_dims.size()) {
          return InvalidArgument("--input_shape", name + ":" + DimsText(option_dims),
                                 "input '" + name + "' has rank " + std::to_string(model_dims.size()) +
                                     " in the model " + DimsToString(model_dims) + ", the value gives " +
                                     std::to_string(option_dims.size()) + " dims");
        }
        dims = option_dims;
      }
      if (!has_shape && !given) {
        return InvalidArgument(
            in->name(), "?",
            "the model does not give the shape of input '" + in->name() + "': set --input_shape to specify its shape");
      }
      if (!given) {
        for (int64_t d : dims) {
          if (d < 0) {
            return InvalidArgument(in->name(), "-1",
                                   "maybe you should set input_shape to specify its shape "
                                   "(the model gives input '" +
                                       in->name() + "' the dims " + DimsToString(model_dims) +
                                       ", some symbolic or unknown)");
          }
        }
      }
      for (int64_t d : dims) {
        if (d < -1) return InvalidArgument("--input_shape", in->name() + ":" + DimsText(dims), "dims must be >= -1");
      }
      Format format = dims.size() == 4 ? Format::kNchw : Format::kNd;
      if (o_.input_format != Format::kUndefined) {
        const size_t rank = o_.input_format == Format::kNcdhw || o_.input_format == Format::kNdhwc ? 5 : 4;
        if (o_.input_format == Format::kNd || dims.size() == rank) format = o_.input_format;
      }
      plain.push_back(PlainInput{in->name(), *dtype, dims, format});
      declared_[in->name()] = dims;
    }
    std::vector<GearShapes> gears;
    Status st = ResolveGears(plain, o_.dynamic, o_.gears, &gears);
    if (!st.ok()) {
      const std::string param = o_.dynamic == om::DynamicKind::kNone ? "--input_shape" : o_.dynamic_option;
      return InvalidArgument(param, o_.dynamic == om::DynamicKind::kNone ? InputShapesText(plain) : GearsText(),
                             st.message());
    }
    for (size_t i = 0; i < plain.size(); ++i) {
      const int v = g_.AddInput(plain[i].name, plain[i].dtype, gears[0][i], plain[i].format);
      g_.value(v).declared_dims = plain[i].dims;
      for (int64_t d : plain[i].dims) g_.value(v).dynamic = g_.value(v).dynamic || d < 0;
      state_.values[plain[i].name] = v;
    }
    return Status::Ok();
  }

  static std::string DimsText(const std::vector<int64_t>& dims) {
    std::string s;
    for (int64_t d : dims) s += (s.empty() ? "" : ",") + std::to_string(d);
    return s;
  }

  std::string GearsText() const {
    std::string s;
    // As the option was written: batch sizes "1,2,4", other gears "a,b;c,d".
    const char* sep = o_.dynamic == om::DynamicKind::kBatch ? "," : ";";
    for (const auto& gear : o_.gears) s += (s.empty() ? "" : sep) + DimsText(gear);
    return s;
  }

  // STRING values are read only by ops with a string kernel (an explicit DT_STRING input in
  // the registry): E16007 naming the first other reader of `name` in `graph`.
  static Status StringReaders(const onnx::GraphProto& graph, const std::string& what, const std::string& name) {
    for (const auto& n : graph.node()) {
      for (const auto& in : n.input()) {
        if (in != name || ReadsStrings(n)) continue;
        return AtcError(ecode::kUnsupportedOnnx, err::kUnsupportedDataType,
                        what + " [" + name + "] has element type STRING, which only ops with a string kernel " +
                            "read (StringNormalizer); node [" + (n.name().empty() ? n.op_type() : n.name()) +
                            "] (optype [" + n.op_type() + "]) reads it.");
      }
    }
    return Status::Ok();
  }

  static bool ReadsStrings(const onnx::NodeProto& n) {
    if (!IsDefaultDomain(n.domain())) return false;
    for (const kernels::KernelDef* def : kernels::KernelRegistry::Get().Find(n.op_type())) {
      for (const auto& io : def->inputs) {
        if (std::find(io.dtypes.begin(), io.dtypes.end(), DataType::kString) != io.dtypes.end()) return true;
      }
    }
    return false;
  }

  Status Initializers(const onnx::GraphProto& graph) {
    for (const auto& t : graph.initializer()) {
      TensorData data;
      if (t.data_type() == onnx::TensorProto::STRING) {
        ASIM_RETURN_IF_ERROR(StringReaders(graph, "Initializer", t.name()));
        return AtcError(ecode::kUnsupportedOnnx, err::kUnsupportedDataType,
                        "Initializer [" + t.name() +
                            "] has element type STRING: string constants are not supported (the .om weights "
                            "hold fixed-size elements only; give the strings as a graph input).");
      }
      ASIM_RETURN_IF_ERROR(ReadTensor(t, model_.model_dir, "initializer '" + t.name() + "'", &data));
      state_.values[t.name()] = state_.graph->AddConstant(t.name(), data.dtype, data.dims, data.bytes);
    }
    if (graph.sparse_initializer_size() != 0) {
      return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                      "The graph has sparse initializers ('" + graph.sparse_initializer(0).values().name() +
                          "' ...), which are not supported.");
    }
    return Status::Ok();
  }

  // Nodes of `graph` in an order where every input exists before its reader (ONNX
  // requires topological order; this tolerates models that break it).
  Status Ordered(const onnx::GraphProto& graph, std::vector<const onnx::NodeProto*>* order) {
    std::set<std::string> known;
    for (const auto& [name, v] : state_.values) known.insert(name);
    for (const auto& [name, v] : state_.sequences) known.insert(name);
    std::vector<const onnx::NodeProto*> pending;
    for (const auto& n : graph.node()) pending.push_back(&n);
    while (!pending.empty()) {
      std::vector<const onnx::NodeProto*> rest;
      for (const auto* n : pending) {
        bool ready = true;
        for (const auto& in : n->input()) ready = ready && (in.empty() || known.count(in) != 0);
        if (!ready) {
          rest.push_back(n);
          continue;
        }
        order->push_back(n);
        for (const auto& out : n->output()) known.insert(out);
      }
      if (rest.size() == pending.size()) {
        const onnx::NodeProto* n = rest.front();
        std::string missing;
        for (const auto& in : n->input()) {
          if (!in.empty() && known.count(in) == 0) missing = in;
        }
        return AtcError(ecode::kInvalidOnnx, err::kParseModel,
                        "Node [" + (n->name().empty() ? n->op_type() : n->name()) + "] (optype [" + n->op_type() +
                            "]) reads [" + missing +
                            "], which is neither a graph input, an initializer nor the "
                            "output of a node (or the nodes form a cycle).");
      }
      pending = std::move(rest);
    }
    return Status::Ok();
  }

  Status TranslateNodes(const onnx::GraphProto& graph) {
    std::vector<const onnx::NodeProto*> order;
    ASIM_RETURN_IF_ERROR(Ordered(graph, &order));
    for (const auto* n : order) {
      ASIM_RETURN_IF_ERROR(TranslateNode(*n));
      ++state_.node_index;
    }
    return Status::Ok();
  }

  Status TranslateNode(const onnx::NodeProto& node) {
    NodeContext c(state_, node);
    if (!IsDefaultDomain(node.domain())) {
      return AtcError(ecode::kNoParser, err::kOpNotFound,
                      "No ONNX parser is registered for optype [" + node.domain() + "::" + node.op_type() +
                          "] (node [" + c.name() + "]; only the default domain 'ai.onnx' is translated).");
    }
    ASIM_RETURN_IF_ERROR(RequiredInputs(c));
    std::vector<int64_t> cond;
    if (node.op_type() == "If" && c.ConstInts(0, &cond).ok() && cond.size() == 1) {
      ASIM_RETURN_IF_ERROR(InlineIf(c, cond[0] != 0));
    } else if (node.op_type() == "If") {
      ASIM_RETURN_IF_ERROR(TranslateIf(c));
    } else if (node.op_type() == "Loop") {
      ASIM_RETURN_IF_ERROR(TranslateLoop(c));
    } else if (node.op_type() == "Scan") {
      ASIM_RETURN_IF_ERROR(TranslateScan(c));
    } else {
      TranslateFn fn = FindTranslator(node.op_type());
      if (fn != nullptr) {
        ASIM_RETURN_IF_ERROR(fn(c));
      } else {
        bool expanded = false;
        ASIM_RETURN_IF_ERROR(ExpandAsFunction(c, &expanded));
        if (!expanded) {
          return AtcError(ecode::kNoParser, err::kOpNotFound,
                          "No ONNX parser is registered for optype [" + node.op_type() + "] (node [" + c.name() +
                              "], opset " + std::to_string(state_.opset) + ").");
        }
      }
    }
    for (int k = 0; k < node.output_size(); ++k) {
      if (!node.output(k).empty() && state_.values.count(node.output(k)) == 0 &&
          state_.sequences.count(node.output(k)) == 0) {
        return c.Unsupported("output " + std::to_string(k) + " ('" + node.output(k) + "') is not supported");
      }
    }
    return Status::Ok();
  }

  // The inputs ONNX's schema requires are present (the checker may not have run).
  Status RequiredInputs(NodeContext& c) {
    const onnx::OpSchema* schema =
        onnx::OpSchemaRegistry::Schema(c.op_type(), static_cast<int>(state_.opset), c.proto().domain());
    if (schema == nullptr) return Status::Ok();
    for (int i = 0; i < schema->min_input(); ++i) {
      const auto& inputs = schema->inputs();
      const bool optional = static_cast<size_t>(i) < inputs.size() &&
                            inputs[static_cast<size_t>(i)].GetOption() == onnx::OpSchema::Optional;
      if (!optional && !c.has_input(i)) {
        return AtcError(ecode::kInvalidOnnx, err::kParseModel,
                        c.Where() + ": required input " + std::to_string(i) + " is missing.");
      }
    }
    return Status::Ok();
  }

  // An op ONNX defines as a function: its body's nodes are translated instead.
  Status ExpandAsFunction(NodeContext& c, bool* expanded) {
    *expanded = false;
    if (depth_ > 8) return Status::Ok();
    std::vector<onnx::TypeProto> types;
    for (int i = 0; i < c.input_count(); ++i) {
      onnx::TypeProto t;
      if (c.input(i) >= 0) {
        const ir::Value& v = c.value(i);
        auto* tt = t.mutable_tensor_type();
        tt->set_elem_type(OnnxTypeFromDataType(v.dtype));
        for (int64_t d : v.dims) tt->mutable_shape()->add_dim()->set_dim_value(d);
      }
      types.push_back(std::move(t));
    }
    FunctionBody body;
    const std::string prefix = c.name() + "/";
    ASIM_RETURN_IF_ERROR(ExpandFunction(c.proto(), state_.opset, types, prefix, expanded, &body));
    if (!*expanded) return Status::Ok();
    const int64_t saved = state_.opset;
    if (body.opset > 0) state_.opset = body.opset;
    ++depth_;
    Status st;
    for (const auto& n : body.nodes) {
      st = TranslateNode(n);
      if (!st.ok()) break;
    }
    --depth_;
    state_.opset = saved;
    return st;
  }

  // If with a constant condition: the chosen branch's nodes join the graph.
  Status InlineIf(NodeContext& c, bool taken) {
    const auto* branch = c.attr(taken ? "then_branch" : "else_branch");
    if (branch == nullptr || !branch->has_g()) return c.Unsupported("the If node has no branch graph");
    const onnx::GraphProto& g = branch->g();
    if (g.output_size() != c.output_count()) {
      return c.Unsupported("the branch has " + std::to_string(g.output_size()) + " outputs, the node " +
                           std::to_string(c.output_count()));
    }
    ASIM_RETURN_IF_ERROR(Initializers(g));
    ASIM_RETURN_IF_ERROR(TranslateNodes(g));
    for (int k = 0; k < g.output_size(); ++k) {
      const std::string& name = g.output(k).name();
      if (auto seq = state_.sequences.find(name); seq != state_.sequences.end()) {
        c.SetSequence(k, seq->second);
        continue;
      }
      auto it = state_.values.find(name);
      if (it == state_.values.end()) return c.Unsupported("branch output '" + name + "' is undefined");
      c.SetOutput(k, it->second);
    }
    return Status::Ok();
  }

  // ---- Control flow whose path is decided at execution: an AI CPU node carrying its body
  // (or branches) as a kernels::Subgraph (control_flow.h).

  struct FormalInput {
    std::string name;
    DataType dtype = DataType::kUndefined;
    std::vector<int64_t> dims;
  };

  // Translates `body` with `formal` inputs into *sub. `names` are the enclosing-scope names
  // it may read: constants become the body's own constants, other values captured inputs
  // (in `names` order; *shared gets their count). *captured_outer: the enclosing graph's
  // value for every captured input (large constants of the body included, control_flow.h).
  Status ImportBody(NodeContext& c, const onnx::GraphProto& body, const std::vector<FormalInput>& formal,
                    const std::vector<std::string>& names, const std::string& what, kernels::Subgraph* sub,
                    std::vector<int>* captured_outer, size_t* shared) {
    if (depth_ > 16) return c.Unsupported("control flow is nested more than 16 levels deep");
    if (static_cast<size_t>(body.input_size()) != formal.size()) {
      return c.Unsupported("the " + what + " has " + std::to_string(body.input_size()) + " inputs, it should have " +
                           std::to_string(formal.size()));
    }
    ir::Graph graph;
    ImportState inner;
    inner.graph = &graph;
    inner.chip = state_.chip;
    inner.fold = state_.fold;
    inner.model_dir = state_.model_dir;
    inner.opset = state_.opset;
    for (const FormalInput& in : formal) {
      inner.values[in.name] =
          graph.AddInput(in.name, in.dtype, in.dims, in.dims.size() == 4 ? Format::kNchw : Format::kNd);
    }
    std::vector<int> outer_ids;
    for (const std::string& name : names) {
      if (inner.values.count(name) != 0) continue;  // a formal input shadows it
      if (state_.sequences.count(name) != 0) {
        return c.Unsupported("the " + what + " reads the sequence '" + name +
                             "' of the enclosing graph; sequences do not cross into bodies");
      }
      auto it = state_.values.find(name);
      if (it == state_.values.end()) continue;  // translating the body reports it
      const ir::Value& v = state_.graph->value(it->second);
      if (v.is_constant() && !v.dynamic) {
        inner.values[name] = graph.AddConstant(name, v.dtype, v.dims, v.data);
        continue;
      }
      const int in = graph.AddInput(name, v.dtype, v.dims, v.format);
      graph.value(in).dynamic = v.dynamic;
      graph.value(in).data_dependent = v.data_dependent;
      inner.values[name] = in;
      outer_ids.push_back(it->second);
    }
    *shared = outer_ids.size();
    ImportState outer = std::move(state_);
    state_ = std::move(inner);
    ++depth_;
    Status st = Initializers(body);
    if (st.ok()) st = TranslateNodes(body);
    if (!st.ok()) st = InBody(st, what);  // the output check below names the body itself
    for (int k = 0; st.ok() && k < body.output_size(); ++k) {
      auto it = state_.values.find(body.output(k).name());
      if (it == state_.values.end()) {
        st = c.Unsupported("the " + what + " output '" + body.output(k).name() +
                           "' is not a tensor the body computes (sequences and optionals are not supported)");
        break;
      }
      graph.outputs.push_back(ir::Output{it->second, body.output(k).name()});
    }
    --depth_;
    state_ = std::move(outer);
    ASIM_RETURN_IF_ERROR(st);
    graph.RemoveDeadNodes();
    graph.Compact();
    return MakeSubgraph(graph, outer_ids.size(), outer_ids, state_.chip, what, state_.graph, sub, captured_outer);
  }

  // A failure inside a body says where the body is: "...; inside the then_branch of node [a],
  // the body of node [b]" (innermost first, one entry per level of nesting). The code stays.
  static Status InBody(const Status& st, const std::string& what) {
    const std::string kMarker = "; inside ";
    std::string message = st.message();
    const bool period = !message.empty() && message.back() == '.';
    if (period) message.pop_back();
    message += (message.find(kMarker) == std::string::npos ? kMarker : std::string(", ")) + "the " + what;
    return Status(st.code(), period ? message + "." : message);
  }

  const onnx::GraphProto* GraphAttr(NodeContext& c, const char* name) {
    const auto* a = c.attr(name);
    return a != nullptr && a->has_g() ? &a->g() : nullptr;
  }

  // If whose condition is known only at execution: both branches, sharing one list of
  // captured values (a branch's own hoisted constants are unused inputs of the other).
  Status TranslateIf(NodeContext& c) {
    const onnx::GraphProto* then_g = GraphAttr(c, "then_branch");
    const onnx::GraphProto* else_g = GraphAttr(c, "else_branch");
    if (then_g == nullptr || else_g == nullptr) return c.Unsupported("the If node lacks a branch graph");
    std::vector<std::string> names = FreeNames(*then_g);
    for (const auto& n : FreeNames(*else_g)) {
      if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    }
    kernels::Subgraph then_sub, else_sub;
    std::vector<int> then_outer, else_outer;
    size_t shared = 0;
    ASIM_RETURN_IF_ERROR(
        ImportBody(c, *then_g, {}, names, "then_branch of node [" + c.name() + "]", &then_sub, &then_outer, &shared));
    ASIM_RETURN_IF_ERROR(
        ImportBody(c, *else_g, {}, names, "else_branch of node [" + c.name() + "]", &else_sub, &else_outer, &shared));
    for (size_t j = shared; j < else_outer.size(); ++j) {
      InsertUnusedInput(&then_sub, then_sub.inputs.size(), state_.graph->value(else_outer[j]));
    }
    for (size_t j = shared; j < then_outer.size(); ++j) {
      InsertUnusedInput(&else_sub, j, state_.graph->value(then_outer[j]));
    }
    std::vector<int> inputs = {c.input(0)};
    inputs.insert(inputs.end(), then_outer.begin(), then_outer.end());
    inputs.insert(inputs.end(), else_outer.begin() + static_cast<std::ptrdiff_t>(shared), else_outer.end());
    kernels::AttrMap attrs;
    attrs.Set("then_branch", kernels::EncodeSubgraph(then_sub));
    attrs.Set("else_branch", kernels::EncodeSubgraph(else_sub));
    return EmitControl(c, "If", std::move(inputs), std::move(attrs));
  }

  // Loop: body inputs (iteration_num, cond, carried...), outputs (cond, carried..., scans...).
  Status TranslateLoop(NodeContext& c) {
    const onnx::GraphProto* body = GraphAttr(c, "body");
    if (body == nullptr) return c.Unsupported("the Loop node has no body graph");
    if (c.input_count() < 2) return c.Unsupported("Loop needs the M and cond inputs (either may be empty)");
    std::vector<FormalInput> formal;
    for (int i = 0; i < body->input_size() && i < c.input_count(); ++i) {
      FormalInput in{body->input(i).name(), DataType::kUndefined, {}};
      if (i == 0) {
        in.dtype = DataType::kInt64;
      } else if (i == 1) {
        in.dtype = DataType::kBool;
      } else {
        if (!c.has_input(i)) return c.Unsupported("loop-carried input " + std::to_string(i) + " is empty");
        in.dtype = c.value(i).dtype;
        in.dims = c.value(i).dims;
      }
      formal.push_back(std::move(in));
    }
    if (body->input_size() != c.input_count()) {
      return c.Unsupported("the body has " + std::to_string(body->input_size()) + " inputs, the node " +
                           std::to_string(c.input_count()) + " (they must match: iteration_num, cond, carried)");
    }
    return EmitWithBody(c, "Loop", *body, formal, kernels::AttrMap{});
  }

  // Scan (opset 9+): body inputs (states..., one slice per scan input), outputs (states...,
  // scan output pieces...).
  Status TranslateScan(NodeContext& c) {
    if (c.opset() < 9) {
      return c.Unsupported("Scan before opset 9 (with sequence_lens and a batch axis) is not supported");
    }
    const onnx::GraphProto* body = GraphAttr(c, "body");
    if (body == nullptr) return c.Unsupported("the Scan node has no body graph");
    const int64_t m = c.Int("num_scan_inputs", 0);
    if (m < 1 || m > c.input_count() || body->input_size() != c.input_count()) {
      return c.Unsupported("num_scan_inputs " + std::to_string(m) + " does not fit " + std::to_string(c.input_count()) +
                           " inputs and a body of " + std::to_string(body->input_size()) + " inputs");
    }
    const int states = c.input_count() - static_cast<int>(m);
    std::vector<int64_t> axes = c.Ints("scan_input_axes");
    std::vector<FormalInput> formal;
    for (int i = 0; i < c.input_count(); ++i) {
      if (!c.has_input(i)) return c.Unsupported("input " + std::to_string(i) + " is empty");
      FormalInput in{body->input(i).name(), c.value(i).dtype, c.value(i).dims};
      if (i >= states) {
        const size_t j = static_cast<size_t>(i - states);
        int64_t axis = j < axes.size() ? axes[j] : 0;
        const auto rank = static_cast<int64_t>(in.dims.size());
        if (axis < 0) axis += rank;
        if (axis < 0 || axis >= rank) {
          return c.Unsupported("scan_input_axes[" + std::to_string(j) + "] does not fit scan input " +
                               std::to_string(j) + " of rank " + std::to_string(rank));
        }
        in.dims.erase(in.dims.begin() + axis);
      }
      formal.push_back(std::move(in));
    }
    return EmitWithBody(c, "Scan", *body, formal, c.PlainAttrs());
  }

  // A Loop / Scan node: the node's inputs, then the body's captured values.
  Status EmitWithBody(NodeContext& c, const std::string& type, const onnx::GraphProto& body,
                      const std::vector<FormalInput>& formal, kernels::AttrMap attrs) {
    kernels::Subgraph sub;
    std::vector<int> captured;
    size_t shared = 0;
    ASIM_RETURN_IF_ERROR(
        ImportBody(c, body, formal, FreeNames(body), "body of node [" + c.name() + "]", &sub, &captured, &shared));
    std::vector<int> inputs = c.inputs();
    inputs.insert(inputs.end(), captured.begin(), captured.end());
    attrs.Set("body", kernels::EncodeSubgraph(sub));
    return EmitControl(c, type, std::move(inputs), std::move(attrs));
  }

  Status EmitControl(NodeContext& c, const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs) {
    std::vector<int> outs;
    ASIM_RETURN_IF_ERROR(c.Emit(type, std::move(inputs), std::move(attrs), c.output_count(), &outs));
    c.SetOutputs(outs);
    return Status::Ok();
  }

  Status Outputs(const onnx::GraphProto& graph) {
    if (!o_.out_nodes.empty()) {
      for (const auto& [node_name, index] : o_.out_nodes) {
        const onnx::NodeProto* found = nullptr;
        for (const auto& n : graph.node()) {
          if (n.name() == node_name) found = &n;
        }
        if (found == nullptr || index < 0 || index >= found->output_size() || found->output(index).empty()) {
          return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                          "Model has no [" + node_name + ":" + std::to_string(index) +
                              "] node (--out_nodes names "
                              "a node and one of its outputs).");
        }
        ASIM_RETURN_IF_ERROR(AddOutput(found->output(index)));
      }
      return Status::Ok();
    }
    for (const auto& out : graph.output()) {
      if (out.type().has_sequence_type() || out.type().has_map_type() || out.type().has_optional_type()) {
        return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                        "Graph output [" + out.name() +
                            "] is not a tensor (sequence, map and optional outputs are "
                            "not supported).");
      }
      ASIM_RETURN_IF_ERROR(AddOutput(out.name()));
    }
    return Status::Ok();
  }

  Status AddOutput(const std::string& name) {
    auto it = state_.values.find(name);
    if (it == state_.values.end()) {
      return AtcError(ecode::kInvalidOnnx, err::kParseModel,
                      "Graph output [" + name + "] is neither a graph input, an initializer nor a node's output.");
    }
    g_.outputs.push_back(ir::Output{it->second, name});
    std::pair<std::string, int> origin{"", -1};
    for (const auto& n : model_.proto.graph().node()) {
      for (int k = 0; k < n.output_size(); ++k) {
        if (n.output(k) == name) origin = {n.name(), k};
      }
    }
    info_.output_origins.push_back(origin);
    return Status::Ok();
  }

  const ImportOptions& o_;
  ir::Graph& g_;
  ImportInfo& info_;
  LoadedModel model_;
  ImportState state_;
  std::map<std::string, std::vector<int64_t>> declared_;
  int depth_ = 0;
};

}  // namespace

Status ImportOnnxModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info) {
  ImportInfo local;
  *graph = ir::Graph{};
  return Importer(options, graph, info != nullptr ? info : &local).Run();
}

}  // namespace asim::atc::onnx_import
