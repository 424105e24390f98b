// ImportTfModel (see tf_importer.h). Thread safety and failure: as the header says.
#include "tools/atc/tensorflow/tf_importer.h"

#include <deque>
#include <map>
#include <set>

#include "compiler/gears.h"
#include "tools/atc/passes/atc_error.h"
#include "tools/atc/tensorflow/node_context.h"
#include "tools/atc/tensorflow/ops.h"
#include "tools/atc/tensorflow/tf_loader.h"
#include "tools/atc/tensorflow/tf_tensor.h"

namespace asim::atc::tf_import {
namespace {

using asim::tf::NodeDef;

// Nodes that never compute a graph output, even when nothing reads them.
bool NeverAnOutput(const std::string& op) {
  static const std::set<std::string> kOps{"Const",
                                          "NoOp",
                                          "Placeholder",
                                          "PlaceholderWithDefault",
                                          "Assert",
                                          "SaveV2",
                                          "RestoreV2",
                                          "VariableV2",
                                          "VarHandleOp",
                                          "Assign",
                                          "AssignVariableOp",
                                          "ScalarSummary",
                                          "HistogramSummary",
                                          "MergeSummary"};
  return kOps.count(op) > 0;
}

bool IsBatchNorm(const std::string& op) {
  return op.rfind("FusedBatchNorm", 0) == 0;
}

class Importer {
 public:
  Importer(const ImportOptions& o, TfGraph& tf, ir::Graph* g, ImportInfo* info)
      : o_(o), tf_(tf), g_(*g), info_(*info) {}

  Status Run() {
    state_.graph = &g_;
    state_.chip = o_.chip;
    state_.fold = o_.fold_constants;
    info_.graph_nodes = tf_.order.size();
    for (const NodeDef* n : tf_.order) {
      for (const auto& text : n->input()) {
        TfInput in;
        if (ParseTfInput(text, &in) && !in.control) {
          ++state_.readers[in.node + ":" + std::to_string(in.index)];
          read_nodes_.insert(in.node);
        }
      }
    }
    ASIM_RETURN_IF_ERROR(ChooseOutputs());
    for (const auto& [name, k] : outputs_) {
      output_nodes_.insert(name);
      // The user reads an output --out_nodes names: no later node may fold into its producer
      // as if it were the only reader (a BiasAdd into the convolution it reads).
      if (k >= 0) ++state_.readers[name + ":" + std::to_string(k)];
    }
    Needed();
    ASIM_RETURN_IF_ERROR(Inputs());
    // Const nodes are translated when first read, and a constant's bytes go as soon as every
    // reader has been translated and no live op reads it (a folded filter transpose replaced
    // it), so a conversion holds about one copy of the weights at a time.
    for (NodeDef* n : tf_.order) {
      if (needed_.count(n->name()) == 0 || state_.outputs.count(n->name()) > 0 || n->op() == "Const") continue;
      ASIM_RETURN_IF_ERROR(Translate(*n));
    }
    ASIM_RETURN_IF_ERROR(Outputs());
    g_.RemoveDeadNodes();
    return Status::Ok();
  }

 private:
  Status ChooseOutputs() {
    if (!o_.out_nodes.empty()) {
      for (const auto& [name, k] : o_.out_nodes) {
        if (tf_.by_name.count(name) == 0) {
          return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                          "Model has no [" + name + "] node (--out_nodes names TensorFlow nodes: node:output_index).");
        }
        outputs_.emplace_back(name, k);
      }
      return Status::Ok();
    }
    for (const auto& n : tf_.def.node()) {
      if (read_nodes_.count(n.name()) == 0 && !NeverAnOutput(n.op())) outputs_.emplace_back(n.name(), -1);
    }
    if (outputs_.empty()) {
      return AtcError(ecode::kMalformedModel, err::kParseModel,
                      "The graph [" + o_.model_path +
                          "] has no output: every node is read by another or computes nothing; name the outputs "
                          "with --out_nodes.");
    }
    return Status::Ok();
  }

  // The nodes the outputs depend on through data edges.
  void Needed() {
    std::deque<std::string> work;
    for (const auto& [name, k] : outputs_) work.push_back(name);
    // Placeholders named by --input_shape stay inputs even when nothing reads them.
    for (const auto& [name, dims] : o_.input_shapes) {
      if (tf_.by_name.count(name) > 0) work.push_back(name);
    }
    while (!work.empty()) {
      const std::string name = work.front();
      work.pop_front();
      if (!needed_.insert(name).second) continue;
      const NodeDef& n = *tf_.by_name.at(name);
      if (n.op() == "PlaceholderWithDefault" && IsFedDefault(name)) continue;
      for (const auto& text : n.input()) {
        TfInput in;
        if (ParseTfInput(text, &in) && !in.control) work.push_back(in.node);
      }
    }
  }

  bool IsFedDefault(const std::string& name) const {
    for (const auto& [n, dims] : o_.input_shapes) {
      if (n == name) return true;
    }
    return false;
  }

  Status Inputs() {
    std::vector<PlainInput> plain;
    std::vector<const NodeDef*> nodes;
    for (const auto& [name, dims] : o_.input_shapes) {
      auto it = tf_.by_name.find(name);
      if (it == tf_.by_name.end() ||
          (it->second->op() != "Placeholder" && it->second->op() != "PlaceholderWithDefault")) {
        return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                        "Model has no [" + name + "] node (--input_shape names the graph's Placeholder nodes).");
      }
    }
    for (const auto& n : tf_.def.node()) {
      const bool input = n.op() == "Placeholder" || (n.op() == "PlaceholderWithDefault" && IsFedDefault(n.name()));
      if (!input || needed_.count(n.name()) == 0) continue;
      NodeContext c(state_, n, {});
      DataType dtype = c.AttrType("dtype", DataType::kUndefined);
      if (dtype == DataType::kUndefined) {
        return c.Unsupported("its dtype is not a type atc converts (float, half, double, bool, integers)");
      }
      std::vector<int64_t> dims;
      bool known = false;
      if (const auto* s = c.Attr("shape"); s != nullptr && s->value_case() == asim::tf::AttrValue::kShape) {
        dims = ShapeDims(s->shape(), &known);
      }
      for (const auto& [name, given] : o_.input_shapes) {
        if (name != n.name()) continue;
        if (known && given.size() != dims.size()) {
          return InvalidArgument("--input_shape", name,
                                 "input '" + name + "' has rank " + std::to_string(dims.size()) + " in the graph " +
                                     DimsText(dims) + ", the value gives " + std::to_string(given.size()) + " dims");
        }
        dims = given;
        known = true;
      }
      if (!known) {
        return InvalidArgument(
            n.name(), "?",
            "the graph does not give the shape of input '" + n.name() + "': set --input_shape to specify its shape");
      }
      for (int64_t d : dims) {
        if (d < -1 || (d == -1 && o_.dynamic == om::DynamicKind::kNone)) {
          return InvalidArgument("--input_shape", n.name() + ":" + DimsText(dims),
                                 "dims must be known (-1 only where a dynamic option sets them; set "
                                 "--input_shape for the Placeholder's unknown dims)");
        }
      }
      Format format = dims.size() == 4 ? Format::kNhwc : Format::kNd;
      if (o_.input_format != Format::kUndefined && (o_.input_format == Format::kNd || dims.size() == 4)) {
        format = o_.input_format;
      }
      plain.push_back(PlainInput{n.name(), dtype, dims, format});
      nodes.push_back(&n);
    }
    if (plain.empty()) return Status::Ok();  // a graph of constants
    std::vector<GearShapes> gears;
    Status st = ResolveGears(plain, o_.dynamic, o_.gears, &gears);
    if (!st.ok()) {
      const std::string param = o_.dynamic == om::DynamicKind::kNone ? "--input_shape" : o_.dynamic_option;
      return InvalidArgument(param, "", st.message());
    }
    for (size_t i = 0; i < plain.size(); ++i) {
      const int v = g_.AddInput(plain[i].name, plain[i].dtype, gears[0][i], plain[i].format);
      g_.value(v).declared_dims = plain[i].dims;
      for (int64_t d : plain[i].dims) g_.value(v).dynamic = g_.value(v).dynamic || d < 0;
      SetOutputs(plain[i].name, {TfValue{v, false}});
    }
    return Status::Ok();
  }

  // Records a translated node's outputs and the reads still to come of each.
  void SetOutputs(const std::string& name, std::vector<TfValue> outs) {
    for (size_t k = 0; k < outs.size(); ++k) {
      auto it = state_.readers.find(name + ":" + std::to_string(k));
      if (outs[k].id >= 0 && it != state_.readers.end()) pending_[outs[k].id] += it->second;
      if (outs[k].id >= 0 && output_nodes_.count(name) > 0) pending_[outs[k].id] += 1 << 20;  // kept for Outputs()
    }
    state_.outputs[name] = std::move(outs);
    ++info_.nodes;
  }

  Status TranslateConst(NodeDef& n) {
    NodeContext c(state_, n, {});
    const auto* value = c.Attr("value");
    if (value == nullptr || value->value_case() != asim::tf::AttrValue::kTensor) {
      return c.Malformed("has no tensor in its value attr");
    }
    TensorValue t;
    ASIM_RETURN_IF_ERROR(DecodeTensor(value->tensor(), c.Where(), &t));
    n.mutable_attr()->erase("value");  // the bytes live on in the constant
    SetOutputs(n.name(), {TfValue{g_.AddConstant(n.name(), t.dtype, t.dims, std::move(t.bytes)), false}});
    return Status::Ok();
  }

  // Frees the bytes of constants among `values` that nothing will read any more.
  void ReleaseRead(const std::vector<TfValue>& values) {
    for (const TfValue& v : values) {
      ir::Value& value = g_.value(v.id);
      if (value.data == nullptr || value.input_index >= 0 || --pending_[v.id] > 0) continue;
      if (g_.Consumers(v.id).empty()) value.data.reset();
    }
  }

  Status Translate(NodeDef& n) {
    if (n.op() == "Const") return TranslateConst(n);
    const TranslateFn fn = FindOpTranslator(n.op());
    if (fn == nullptr) {
      std::string list;
      for (const auto& t : SupportedOps()) list += (list.empty() ? "" : ", ") + t;
      const bool variable = n.op() == "VariableV2" || n.op() == "VarHandleOp" || n.op() == "ReadVariableOp";
      return AtcError(ecode::kNoLayerParser, err::kOpNotFound,
                      "No parser is registered for op [" + n.name() + ", optype " + n.op() + "]." +
                          (variable ? " The graph is not frozen: its variables must be constants "
                                      "(tf.compat.v1.graph_util.convert_variables_to_constants)."
                                    : "") +
                          " The TensorFlow ops atc converts (docs/atc.md, \"TensorFlow ops\"): " + list + ".");
    }
    std::vector<TfValue> inputs;
    for (const auto& text : n.input()) {
      TfInput in;
      if (!ParseTfInput(text, &in) || in.control) continue;
      auto it = state_.outputs.find(in.node);
      if (it == state_.outputs.end() && tf_.by_name.at(in.node)->op() == "Const") {
        ASIM_RETURN_IF_ERROR(TranslateConst(*tf_.by_name.at(in.node)));
        it = state_.outputs.find(in.node);
      }
      if (it == state_.outputs.end()) {
        return AtcError(ecode::kMalformedModel, err::kParseModel,
                        "Node [" + n.name() + "] (op [" + n.op() + "]) reads [" + text +
                            "], which is not a Placeholder given a shape or a node atc translated.");
      }
      if (in.index >= static_cast<int>(it->second.size()) || it->second[static_cast<size_t>(in.index)].id < 0) {
        return AtcError(ecode::kMalformedModel, err::kParseModel,
                        "Node [" + n.name() + "] (op [" + n.op() + "]) reads output " + std::to_string(in.index) +
                            " of node [" + in.node + "], which has " + std::to_string(it->second.size()) + ".");
      }
      inputs.push_back(it->second[static_cast<size_t>(in.index)]);
    }
    NodeContext c(state_, n, inputs);
    ASIM_RETURN_IF_ERROR(fn(c));
    if (c.output_count() == 0) {
      return AtcError(ecode::kInternal, err::kParseModel, "Inner Error! " + c.Where() + " produced no output.");
    }
    SetOutputs(n.name(), c.outputs());
    ReleaseRead(inputs);
    return Status::Ok();
  }

  Status Outputs() {
    for (const auto& [name, k] : outputs_) {
      if (state_.outputs.count(name) == 0 && tf_.by_name.at(name)->op() == "Const") {
        ASIM_RETURN_IF_ERROR(TranslateConst(*tf_.by_name.at(name)));
      }
      const auto it = state_.outputs.find(name);
      if (it == state_.outputs.end()) {
        return AtcError(ecode::kMalformedModel, err::kParseModel,
                        "Output node [" + name + "] computes nothing atc keeps (a Placeholder without a shape?).");
      }
      const auto& outs = it->second;
      const NodeDef& n = *tf_.by_name.at(name);
      std::vector<int> which;
      if (k >= 0) {
        if (k >= static_cast<int>(outs.size()) || outs[static_cast<size_t>(k)].id < 0) {
          return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                          "Model has no [" + name + ":" + std::to_string(k) + "] node (node [" + name + "] has " +
                              std::to_string(outs.size()) + " output(s), counted from 0).");
        }
        which.push_back(k);
      } else {
        const size_t count = IsBatchNorm(n.op()) ? 1 : outs.size();
        for (size_t i = 0; i < count; ++i) which.push_back(static_cast<int>(i));
      }
      NodeContext c(state_, n, {});
      for (int i : which) {
        const int v = c.PlainOf(outs[static_cast<size_t>(i)]);
        g_.outputs.push_back(ir::Output{v, name + ":" + std::to_string(i)});
        info_.output_origins.emplace_back(name, i);
      }
    }
    return Status::Ok();
  }

  const ImportOptions& o_;
  TfGraph& tf_;
  ir::Graph& g_;
  ImportInfo& info_;
  ImportState state_;
  std::set<std::string> read_nodes_;
  std::vector<std::pair<std::string, int>> outputs_;  // node, output index (-1: all)
  std::set<std::string> needed_;
  std::map<int, int> pending_;  // value id -> data edges still to read it
  std::set<std::string> output_nodes_;
};

Status Import(TfGraph& tf, const ImportOptions& options, ir::Graph* graph, ImportInfo* info) {
  ImportInfo local;
  ImportInfo* out = info != nullptr ? info : &local;
  *out = ImportInfo{};
  return Importer(options, tf, graph, out).Run();
}

}  // namespace

std::vector<std::string> SupportedOps() {
  return TranslatedOps();
}

Status ImportTfModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info) {
  *graph = ir::Graph{};
  TfGraph tf;
  ASIM_RETURN_IF_ERROR(LoadTfGraph(options.model_path, &tf));
  return Import(tf, options, graph, info);
}

Status ImportTfGraphBytes(const std::string& bytes, const ImportOptions& options, ir::Graph* graph, ImportInfo* info) {
  *graph = ir::Graph{};
  TfGraph tf;
  ASIM_RETURN_IF_ERROR(ParseTfGraph(bytes, options.model_path, &tf));
  return Import(tf, options, graph, info);
}

}  // namespace asim::atc::tf_import
