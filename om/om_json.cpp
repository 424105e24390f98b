// ModelToJson. See om_json.h for the contract.
//
// Owns: the JSON layout of a model (keys in a fixed, readable order: nlohmann::ordered_json).
// Thread safety: pure. Failure: none; invalid UTF-8 in names is replaced (U+FFFD), never thrown.
#include "om/om_json.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <variant>

#include "kernels/framework/attr_json.h"
#include "om/om_format.h"

namespace asim::om {
namespace {

using Json = nlohmann::ordered_json;

Json TensorJson(const Model& model, const Graph& graph, int32_t index) {
  Json j;
  j["index"] = index;
  if (index == -1) {
    j["absent"] = true;
    return j;
  }
  if (index < 0 || static_cast<size_t>(index) >= graph.tensors.size()) {
    j["invalid"] = true;
    return j;
  }
  const Tensor& t = graph.tensors[index];
  j["name"] = t.name;
  j["dtype"] = DataTypeName(t.desc.dtype);
  j["format"] = FormatName(t.desc.format);
  j["dims"] = t.desc.dims;
  if (t.desc.origin_format != Format::kUndefined || !t.desc.origin_dims.empty()) {
    j["origin_format"] = FormatName(t.desc.origin_format);
    j["origin_dims"] = t.desc.origin_dims;
  }
  j["place"] = TensorPlaceName(t.place);
  if (t.place == TensorPlace::kInput || t.place == TensorPlace::kOutput) {
    j["io_index"] = t.io_index;
    const std::vector<IoDesc>& list = t.place == TensorPlace::kInput ? model.inputs : model.outputs;
    if (t.io_index < list.size()) j["io_name"] = list[t.io_index].name;
  }
  j["offset"] = t.offset;
  j["size"] = t.size;
  if (t.dynamic) j["dynamic"] = true;  // dims are the bound; the actual ones are known at execution
  return j;
}

Json IoJson(const std::vector<IoDesc>& list) {
  Json out = Json::array();
  for (size_t i = 0; i < list.size(); ++i) {
    const IoDesc& io = list[i];
    out.push_back(Json{{"index", i},
                       {"name", io.name},
                       {"dtype", DataTypeName(io.dtype)},
                       {"format", FormatName(io.format)},
                       {"dims", io.dims},
                       {"size", io.size}});
  }
  return out;
}

std::string Hex32(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

}  // namespace

std::string ModelToJson(const Model& model, const ModelHeader* header, int indent) {
  Json j;
  j["format_version"] = header != nullptr ? header->format_version : FormatVersionOf(model);
  j["name"] = model.name;
  j["soc_version"] = model.soc_version;
  j["producer"] = model.producer;
  j["metadata"] = model.metadata;
  if (header != nullptr) {
    Json sections = Json::array();
    for (const SectionInfo& s : header->sections) {
      sections.push_back(Json{
          {"kind", SectionKindName(s.kind)}, {"offset", s.offset}, {"length", s.length}, {"crc32", Hex32(s.crc32)}});
    }
    j["file"] = Json{{"size", header->file_size}, {"weight_offset", header->weight_offset}, {"sections", sections}};
  }
  j["work_size"] = model.work_size();
  j["weight_size"] = model.weight_size();
  j["inputs"] = IoJson(model.inputs);
  j["outputs"] = IoJson(model.outputs);
  j["dynamic"] = DynamicKindName(model.dynamic);
  j["gears"] = model.gears;

  Json graphs = Json::array();
  for (size_t g = 0; g < model.graphs.size(); ++g) {
    const Graph& graph = model.graphs[g];
    Json gj;
    gj["index"] = g;
    gj["gear"] = g < model.gears.size() ? Json(model.gears[g]) : Json(nullptr);
    gj["work_size"] = graph.work_size;
    gj["tensor_count"] = graph.tensors.size();
    gj["node_count"] = graph.nodes.size();
    size_t weight_tensors = 0;
    for (const Tensor& t : graph.tensors) weight_tensors += t.place == TensorPlace::kWeight ? 1 : 0;
    gj["weight_tensor_count"] = weight_tensors;
    Json nodes = Json::array();
    for (size_t n = 0; n < graph.nodes.size(); ++n) {
      const Node& node = graph.nodes[n];
      Json nj;
      nj["index"] = n;
      nj["name"] = node.name;
      nj["type"] = node.type;
      nj["engine"] = node.engine == kernels::Engine::kAiCore  ? "AI_CORE"
                     : node.engine == kernels::Engine::kAiCpu ? "AI_CPU"
                                                              : "INVALID";
      Json attrs = Json::object();
      for (const auto& [name, value] : node.attrs.values()) attrs[name] = kernels::AttrToJson<Json>(value);
      nj["attrs"] = std::move(attrs);
      Json inputs = Json::array();
      for (int32_t i : node.inputs) inputs.push_back(TensorJson(model, graph, i));
      nj["inputs"] = std::move(inputs);
      Json outputs = Json::array();
      for (int32_t i : node.outputs) outputs.push_back(TensorJson(model, graph, i));
      nj["outputs"] = std::move(outputs);
      nj["workspace"] = Json{{"offset", node.workspace_offset}, {"size", node.workspace_size}};
      nodes.push_back(std::move(nj));
    }
    gj["nodes"] = std::move(nodes);
    graphs.push_back(std::move(gj));
  }
  j["graphs"] = std::move(graphs);
  j["weights"] = Json{{"size", model.weights.size()}};
  // Prepared data (format version 3): the entries, never the blob's bytes. Absent for a model
  // without it, so such a model renders as before.
  if (!model.prepared.empty()) {
    Json prepared = Json::array();
    for (const PreparedData& p : model.prepared) {
      prepared.push_back(Json{{"graph", p.graph},
                              {"node", p.node},
                              {"kind", p.kind},
                              {"params", p.params},
                              {"offset", p.offset},
                              {"size", p.size}});
    }
    j["prepared"] = std::move(prepared);
  }
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace asim::om
