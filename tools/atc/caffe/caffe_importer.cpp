// ImportCaffeModel (see caffe_importer.h). Thread safety and failure: as the header says.
#include "tools/atc/caffe/caffe_importer.h"

#include <map>
#include <set>

#include "compiler/gears.h"
#include "tools/atc/caffe/caffe_loader.h"
#include "tools/atc/caffe/layer_context.h"
#include "tools/atc/caffe/layers.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::caffe_import {
namespace {

struct NamedShape {
  std::string name;
  std::vector<int64_t> dims;  // empty: not given by the network
  bool known = false;
};

// A version of a blob: the value one top of one layer (or a graph input) gave it.
struct Version {
  int value = -1;
  std::string blob;
  std::string layer;  // "" for a graph input
  int top = -1;
  bool read = false;
};

class Importer {
 public:
  Importer(const ImportOptions& o, ir::Graph* g, ImportInfo* info) : o_(o), g_(*g), info_(*info) {}

  Status Run() {
    ASIM_RETURN_IF_ERROR(LoadCaffeNet(o_.model_path, o_.weight_path, &net_));
    state_.graph = &g_;
    state_.chip = o_.chip;
    state_.fold = o_.fold_constants;
    state_.layers = &net_.layers;
    for (const auto& [layer, top] : o_.out_nodes) state_.requested_outputs.emplace(layer, top);
    info_.skipped_layers = net_.skipped_layers;
    ASIM_RETURN_IF_ERROR(Inputs());
    for (size_t i = 0; i < net_.layers.size(); ++i) {
      state_.layer_index = i;
      ASIM_RETURN_IF_ERROR(Layer(net_.layers[i]));
    }
    ASIM_RETURN_IF_ERROR(Outputs());
    g_.RemoveDeadNodes();
    return Status::Ok();
  }

 private:
  Status Inputs() {
    std::vector<NamedShape> shapes;
    const auto& net = net_.net;
    if (net.input_shape_size() > 0 && net.input_shape_size() != net.input_size()) {
      return AtcError(ecode::kMalformedModel, err::kParseModel,
                      "The network declares " + std::to_string(net.input_size()) + " input(s) and " +
                          std::to_string(net.input_shape_size()) + " input_shape(s); give one input_shape per input.");
    }
    if (net.input_dim_size() > 0 && net.input_dim_size() != 4 * net.input_size()) {
      return AtcError(ecode::kMalformedModel, err::kParseModel,
                      "The network declares " + std::to_string(net.input_size()) + " input(s) and " +
                          std::to_string(net.input_dim_size()) +
                          " input_dim values; give four (N, C, H, W) per input.");
    }
    for (int i = 0; i < net.input_size(); ++i) {
      NamedShape s{net.input(i), {}, false};
      if (net.input_shape_size() > 0) {
        s.dims.assign(net.input_shape(i).dim().begin(), net.input_shape(i).dim().end());
        s.known = true;
      } else if (net.input_dim_size() > 0) {
        s.dims.assign(net.input_dim().begin() + 4 * i, net.input_dim().begin() + 4 * i + 4);
        s.known = true;
      }
      shapes.push_back(s);
    }
    for (const auto& layer : net_.layers) {
      const auto& l = *layer.param;
      if (l.type() != "Input") continue;
      const auto& p = l.input_param();
      if (p.shape_size() > 1 && p.shape_size() != l.top_size()) {
        return AtcError(ecode::kMalformedModel, err::kParseModel,
                        "Layer [" + l.name() + "] (type [Input]) has " + std::to_string(l.top_size()) + " top(s) and " +
                            std::to_string(p.shape_size()) + " shape(s); give one shape, or one per top.");
      }
      for (int k = 0; k < l.top_size(); ++k) {
        NamedShape s{l.top(k), {}, false};
        if (p.shape_size() > 0) {
          const auto& bs = p.shape(p.shape_size() == 1 ? 0 : k);
          s.dims.assign(bs.dim().begin(), bs.dim().end());
          s.known = true;
        }
        shapes.push_back(s);
      }
    }
    for (const auto& [name, dims] : o_.input_shapes) {
      bool found = false;
      for (auto& s : shapes) {
        if (s.name != name) continue;
        found = true;
        if (s.known && s.dims.size() != dims.size()) {
          return InvalidArgument("--input_shape", name,
                                 "input '" + name + "' has rank " + std::to_string(s.dims.size()) + " in the network " +
                                     DimsText(s.dims) + ", the value gives " + std::to_string(dims.size()) + " dims");
        }
        s.dims = dims;
        s.known = true;
      }
      if (!found) {
        return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                        "Model has no [" + name +
                            "] node (--input_shape names the network's inputs: `input:` blobs "
                            "and the tops of Input layers).");
      }
    }
    std::vector<PlainInput> plain;
    for (const auto& s : shapes) {
      if (!s.known) {
        return InvalidArgument(
            s.name, "?",
            "the network does not give the shape of input '" + s.name + "': set --input_shape to specify its shape");
      }
      for (int64_t d : s.dims) {
        if (d < -1 || (d == -1 && o_.dynamic == om::DynamicKind::kNone) || d == 0) {
          return InvalidArgument("--input_shape", s.name + ":" + DimsText(s.dims),
                                 "dims must be positive (-1 only where a dynamic option sets them)");
        }
      }
      Format format = s.dims.size() == 4 ? Format::kNchw : Format::kNd;
      if (o_.input_format != Format::kUndefined && (o_.input_format == Format::kNd || s.dims.size() == 4)) {
        format = o_.input_format;
      }
      plain.push_back(PlainInput{s.name, DataType::kFloat, s.dims, format});
    }
    if (plain.empty()) {
      return AtcError(ecode::kMalformedModel, err::kParseModel,
                      "The network [" + o_.model_path +
                          "] has no input: declare `input:` with `input_shape` or an "
                          "Input layer.");
    }
    std::vector<GearShapes> gears;
    Status st = ResolveGears(plain, o_.dynamic, o_.gears, &gears);
    if (!st.ok()) {
      const std::string param = o_.dynamic == om::DynamicKind::kNone ? "--input_shape" : o_.dynamic_option;
      return InvalidArgument(param, o_.dynamic == om::DynamicKind::kNone ? InputShapesText(plain) : "", st.message());
    }
    for (size_t i = 0; i < plain.size(); ++i) {
      const int v = g_.AddInput(plain[i].name, plain[i].dtype, gears[0][i], plain[i].format);
      g_.value(v).declared_dims = plain[i].dims;
      for (int64_t d : plain[i].dims) g_.value(v).dynamic = g_.value(v).dynamic || d < 0;
      Bind(plain[i].name, v, "", -1);
    }
    return Status::Ok();
  }

  void Bind(const std::string& blob, int value, const std::string& layer, int top) {
    state_.blobs[blob] = value;
    current_[blob] = versions_.size();
    versions_.push_back(Version{value, blob, layer, top, false});
  }

  Status Layer(const CaffeLayer& layer) {
    const auto& l = *layer.param;
    if (l.type() == "Input") return Status::Ok();
    for (const auto& b : l.bottom()) {
      if (current_.count(b) == 0) {
        return AtcError(ecode::kMalformedModel, err::kParseModel,
                        "Layer [" + l.name() + "] (type [" + l.type() + "]) reads bottom [" + b +
                            "], which no earlier layer or input produces.");
      }
    }
    const TranslateFn fn = FindLayerTranslator(l.type());
    if (fn == nullptr) {
      std::string list;
      for (const auto& t : SupportedLayerTypes()) list += (list.empty() ? "" : ", ") + t;
      return AtcError(ecode::kNoLayerParser, err::kOpNotFound,
                      "No parser is registered for op [" + l.name() + ", optype " + l.type() +
                          "]. The Caffe layer types atc converts (docs/atc.md, \"Caffe layers\"): " + list + ".");
    }
    for (const auto& b : l.bottom()) versions_[current_.at(b)].read = true;
    LayerContext c(state_, layer);
    ASIM_RETURN_IF_ERROR(fn(c));
    ++info_.layers;
    for (int k = 0; k < l.top_size(); ++k) {
      auto it = state_.blobs.find(l.top(k));
      if (!c.top_set(k) || it == state_.blobs.end()) {
        return AtcError(ecode::kInternal, err::kParseModel,
                        "Inner Error! Layer [" + l.name() + "] (type [" + l.type() + "]) produced no value for top [" +
                            l.top(k) + "].");
      }
      Bind(l.top(k), it->second, l.name(), k);
    }
    return Status::Ok();
  }

  Status AddOutput(const Version& v) {
    g_.outputs.push_back(ir::Output{v.value, v.blob});
    info_.output_origins.emplace_back(v.layer, v.top);
    return Status::Ok();
  }

  Status Outputs() {
    if (!o_.out_nodes.empty()) {
      for (const auto& [layer, top] : o_.out_nodes) {
        const Version* found = nullptr;
        for (const auto& v : versions_) {
          if (v.layer == layer && v.top == top) found = &v;
        }
        if (found == nullptr) {
          return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                          "Model has no [" + layer + ":" + std::to_string(top) +
                              "] node (--out_nodes names a layer and one of its tops, counted from 0).");
        }
        ASIM_RETURN_IF_ERROR(AddOutput(*found));
      }
      return Status::Ok();
    }
    for (const auto& v : versions_) {
      if (!v.read && !v.layer.empty()) ASIM_RETURN_IF_ERROR(AddOutput(v));
    }
    if (g_.outputs.empty()) {
      return AtcError(ecode::kMalformedModel, err::kParseModel,
                      "The network [" + o_.model_path + "] has no output: every top is read by a later layer.");
    }
    return Status::Ok();
  }

  const ImportOptions& o_;
  ir::Graph& g_;
  ImportInfo& info_;
  CaffeNet net_;
  ImportState state_;
  std::vector<Version> versions_;
  std::map<std::string, size_t> current_;  // blob name -> its current version
};

}  // namespace

std::vector<std::string> SupportedLayerTypes() {
  return TranslatedLayerTypes();
}

Status ImportCaffeModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info) {
  ImportInfo local;
  *graph = ir::Graph{};
  ImportInfo* out = info != nullptr ? info : &local;
  *out = ImportInfo{};
  return Importer(options, graph, out).Run();
}

}  // namespace asim::atc::caffe_import
