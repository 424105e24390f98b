// Subgraph text form (see subgraph.h). Thread safety and failure: as the header says.
//
// Layout: {"version": 1, "chip": {...}, "captured": C, "inputs": [ids], "outputs": [ids],
//          "values": [{"name", "dtype", "format", "dims", "data"?}],
//          "nodes": [{"name", "type", "inputs", "outputs", "attrs": {name: attr_json}}]}
#include "kernels/framework/subgraph.h"

#include <nlohmann/json.hpp>

#include "kernels/framework/attr_json.h"

namespace asim::kernels {
namespace {

using Json = nlohmann::json;

constexpr int kVersion = 1;
constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string Base64(const std::vector<uint8_t>& bytes) {
  std::string s;
  s.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const uint32_t b0 = bytes[i];
    const uint32_t b1 = i + 1 < bytes.size() ? bytes[i + 1] : 0;
    const uint32_t b2 = i + 2 < bytes.size() ? bytes[i + 2] : 0;
    const uint32_t n = (b0 << 16) | (b1 << 8) | b2;
    s += kBase64[(n >> 18) & 63];
    s += kBase64[(n >> 12) & 63];
    s += i + 1 < bytes.size() ? kBase64[(n >> 6) & 63] : '=';
    s += i + 2 < bytes.size() ? kBase64[n & 63] : '=';
  }
  return s;
}

bool FromBase64(const std::string& s, std::vector<uint8_t>* out) {
  if (s.size() % 4 != 0) return false;
  out->clear();
  out->reserve(s.size() / 4 * 3);
  const auto digit = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  for (size_t i = 0; i < s.size(); i += 4) {
    const bool last = i + 4 == s.size();
    const int pad = (s[i + 3] == '=' ? 1 : 0) + (s[i + 2] == '=' ? 1 : 0);
    if (pad > 0 && !last) return false;
    if (s[i + 2] == '=' && s[i + 3] != '=') return false;
    uint32_t n = 0;
    for (size_t k = 0; k < 4; ++k) {
      const int d = s[i + k] == '=' && k >= 2 ? 0 : digit(s[i + k]);
      if (d < 0) return false;
      n = (n << 6) | static_cast<uint32_t>(d);
    }
    out->push_back(static_cast<uint8_t>(n >> 16));
    if (pad < 2) out->push_back(static_cast<uint8_t>(n >> 8));
    if (pad < 1) out->push_back(static_cast<uint8_t>(n));
  }
  return true;
}

// Reads the JSON with every check a corrupt or hostile file needs.
class Decoder {
 public:
  Decoder(const std::string& what, Subgraph* g) : what_(what), g_(*g) {}

  Status Run(std::string_view text) {
    Json j = Json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return Bad("is not valid JSON");
    if (!j.is_object()) return Bad("is not a JSON object");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int64_t>() != kVersion) {
      return Bad("has no \"version\": " + std::to_string(kVersion));
    }
    ASIM_RETURN_IF_ERROR(Chip(j));
    ASIM_RETURN_IF_ERROR(Values(j));
    ASIM_RETURN_IF_ERROR(Ids(j, "inputs", &g_.inputs));
    ASIM_RETURN_IF_ERROR(Ids(j, "outputs", &g_.outputs));
    int64_t captured = 0;
    ASIM_RETURN_IF_ERROR(Int(j, "captured", &captured));
    if (captured < 0 || static_cast<size_t>(captured) > g_.inputs.size()) {
      return Bad("\"captured\" " + std::to_string(captured) + " is not in 0.." + std::to_string(g_.inputs.size()));
    }
    g_.captured = static_cast<size_t>(captured);
    ASIM_RETURN_IF_ERROR(Nodes(j));
    return Order();
  }

 private:
  Status Bad(const std::string& why) const { return Status(err::kInvalidParam, "subgraph '" + what_ + "' " + why); }

  Status Int(const Json& j, const char* key, int64_t* out) const {
    if (!j.contains(key) || !j[key].is_number_integer()) return Bad(std::string("has no integer \"") + key + "\"");
    *out = j[key].get<int64_t>();
    return Status::Ok();
  }

  Status Str(const Json& j, const char* key, const std::string& where, std::string* out) const {
    if (!j.contains(key) || !j[key].is_string()) return Bad(where + " has no string \"" + key + "\"");
    *out = j[key].get<std::string>();
    return Status::Ok();
  }

  Status Ids(const Json& j, const char* key, std::vector<int>* out, const std::string& where = "",
             bool absent_ok = false) const {
    const std::string at = where.empty() ? std::string("\"") + key + "\"" : where + " \"" + key + "\"";
    if (!j.contains(key) || !j[key].is_array()) return Bad(at + " is not a list");
    for (const auto& e : j[key]) {
      if (!e.is_number_integer()) return Bad(at + " holds a non-integer");
      const int64_t id = e.get<int64_t>();
      if ((id < 0 && !(absent_ok && id == -1)) || id >= static_cast<int64_t>(g_.values.size())) {
        return Bad(at + ": value " + std::to_string(id) + " is not in 0.." + std::to_string(g_.values.size()) +
                   (absent_ok ? " (or -1)" : ""));
      }
      out->push_back(static_cast<int>(id));
    }
    return Status::Ok();
  }

  Status Chip(const Json& j) {
    if (!j.contains("chip") || !j["chip"].is_object()) return Bad("has no \"chip\" object");
    const Json& c = j["chip"];
    ASIM_RETURN_IF_ERROR(Str(c, "soc_version", "\"chip\"", &g_.chip.soc_version));
    int64_t cores = 0;
    ASIM_RETURN_IF_ERROR(Int(c, "ai_core_count", &cores));
    if (cores < 1 || cores > 1024) return Bad("\"chip\" ai_core_count " + std::to_string(cores) + " is not in 1..1024");
    g_.chip.ai_core_count = static_cast<uint32_t>(cores);
    for (auto [key, field] :
         {std::pair{"cube_fp32", &g_.chip.cube_fp32}, std::pair{"cube_bf16", &g_.chip.cube_bf16},
          std::pair{"cube_int8", &g_.chip.cube_int8}, std::pair{"vector_fp32", &g_.chip.vector_fp32}}) {
      if (!c.contains(key) || !c[key].is_boolean()) return Bad(std::string("\"chip\" has no boolean \"") + key + "\"");
      *field = c[key].get<bool>();
    }
    return Status::Ok();
  }

  Status Values(const Json& j) {
    if (!j.contains("values") || !j["values"].is_array()) return Bad("has no \"values\" list");
    for (const auto& v : j["values"]) {
      const std::string where = "value " + std::to_string(g_.values.size());
      if (!v.is_object()) return Bad(where + " is not an object");
      SubgraphValue value;
      ASIM_RETURN_IF_ERROR(Str(v, "name", where, &value.name));
      std::string text;
      ASIM_RETURN_IF_ERROR(Str(v, "dtype", where, &text));
      auto dtype = DataTypeFromName(text);
      if (!dtype) return Bad(where + " has an unknown dtype '" + text + "'");
      value.dtype = *dtype;
      ASIM_RETURN_IF_ERROR(Str(v, "format", where, &text));
      auto format = FormatFromName(text);
      if (!format) return Bad(where + " has an unknown format '" + text + "'");
      value.format = *format;
      if (!v.contains("dims") || !v["dims"].is_array()) return Bad(where + " has no \"dims\" list");
      if (v["dims"].size() > 8) return Bad(where + " has rank " + std::to_string(v["dims"].size()) + " > 8");
      for (const auto& d : v["dims"]) {
        if (!d.is_number_integer() || d.get<int64_t>() < -1 || d.get<int64_t>() > (int64_t{1} << 40)) {
          return Bad(where + " has a dim that is not an integer in -1..2^40");
        }
        value.dims.push_back(d.get<int64_t>());
      }
      if (v.contains("data")) {
        if (!v["data"].is_string()) return Bad(where + " \"data\" is not a string");
        auto bytes = std::make_shared<std::vector<uint8_t>>();
        if (!FromBase64(v["data"].get<std::string>(), bytes.get())) return Bad(where + " \"data\" is not base64");
        const TensorSpec spec = MakeSpec(value.dtype, value.dims, value.format);
        if (!spec.IsStatic() || bytes->size() != spec.Bytes()) {
          return Bad(where + " '" + value.name + "' holds " + std::to_string(bytes->size()) + " bytes, its dims " +
                     DimsToString(value.dims) + " x " + DataTypeName(value.dtype) + " take " +
                     std::to_string(spec.Bytes()));
        }
        value.data = std::move(bytes);
      }
      g_.values.push_back(std::move(value));
    }
    return Status::Ok();
  }

  Status Nodes(const Json& j) {
    if (!j.contains("nodes") || !j["nodes"].is_array()) return Bad("has no \"nodes\" list");
    for (const auto& n : j["nodes"]) {
      const std::string where = "node " + std::to_string(g_.nodes.size());
      if (!n.is_object()) return Bad(where + " is not an object");
      SubgraphNode node;
      ASIM_RETURN_IF_ERROR(Str(n, "name", where, &node.name));
      ASIM_RETURN_IF_ERROR(Str(n, "type", where, &node.type));
      const std::string at = where + " '" + node.name + "'";
      ASIM_RETURN_IF_ERROR(Ids(n, "inputs", &node.inputs, at, /*absent_ok=*/true));
      ASIM_RETURN_IF_ERROR(Ids(n, "outputs", &node.outputs, at));
      if (!n.contains("attrs") || !n["attrs"].is_object()) return Bad(at + " has no \"attrs\" object");
      for (const auto& [name, value] : n["attrs"].items()) {
        AttrValue v;
        Status st = AttrFromJson(value, name, &v);
        if (!st.ok()) return Bad(at + ": " + st.message());
        node.attrs.Set(name, std::move(v));
      }
      g_.nodes.push_back(std::move(node));
    }
    return Status::Ok();
  }

  // Every value is defined once (input, constant or one node output) before it is read.
  Status Order() const {
    std::vector<char> defined(g_.values.size(), 0);
    for (size_t v = 0; v < g_.values.size(); ++v) defined[v] = g_.values[v].data != nullptr;
    for (int id : g_.inputs) {
      if (defined[static_cast<size_t>(id)]) return Bad("input value " + std::to_string(id) + " is defined twice");
      defined[static_cast<size_t>(id)] = 1;
    }
    for (size_t i = 0; i < g_.nodes.size(); ++i) {
      const SubgraphNode& n = g_.nodes[i];
      for (size_t k = 0; k < n.inputs.size(); ++k) {
        if (n.inputs[k] >= 0 && !defined[static_cast<size_t>(n.inputs[k])]) {
          return Bad("node " + std::to_string(i) + " '" + n.name + "' input " + std::to_string(k) + " reads value " +
                     std::to_string(n.inputs[k]) + ", which nothing before it defines");
        }
      }
      for (int id : n.outputs) {
        if (defined[static_cast<size_t>(id)]) {
          return Bad("node " + std::to_string(i) + " '" + n.name + "' output value " + std::to_string(id) +
                     " is defined twice");
        }
        defined[static_cast<size_t>(id)] = 1;
      }
    }
    for (int id : g_.outputs) {
      if (!defined[static_cast<size_t>(id)]) return Bad("output value " + std::to_string(id) + " is never defined");
    }
    return Status::Ok();
  }

  const std::string& what_;
  Subgraph& g_;
};

}  // namespace

TensorSpec SubgraphValue::Spec() const {
  TensorSpec s = MakeSpec(dtype, dims, format);
  if (data != nullptr) s.host_data = data->data();
  return s;
}

std::string EncodeSubgraph(const Subgraph& graph) {
  Json j;
  j["version"] = kVersion;
  j["chip"] = {{"soc_version", graph.chip.soc_version}, {"ai_core_count", graph.chip.ai_core_count},
               {"cube_fp32", graph.chip.cube_fp32},     {"cube_bf16", graph.chip.cube_bf16},
               {"cube_int8", graph.chip.cube_int8},     {"vector_fp32", graph.chip.vector_fp32}};
  j["captured"] = graph.captured;
  j["inputs"] = graph.inputs;
  j["outputs"] = graph.outputs;
  Json values = Json::array();
  for (const auto& v : graph.values) {
    Json e = {{"name", v.name}, {"dtype", DataTypeName(v.dtype)}, {"format", FormatName(v.format)}, {"dims", v.dims}};
    if (v.data != nullptr) e["data"] = Base64(*v.data);
    values.push_back(std::move(e));
  }
  j["values"] = std::move(values);
  Json nodes = Json::array();
  for (const auto& n : graph.nodes) {
    Json attrs = Json::object();
    for (const auto& [name, value] : n.attrs.values()) attrs[name] = AttrToJson<Json>(value);
    nodes.push_back(
        {{"name", n.name}, {"type", n.type}, {"inputs", n.inputs}, {"outputs", n.outputs}, {"attrs", attrs}});
  }
  j["nodes"] = std::move(nodes);
  // Invalid UTF-8 in a name must not throw (names come from the user's model).
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Status DecodeSubgraph(std::string_view text, const std::string& what, Subgraph* graph) {
  *graph = Subgraph{};
  return Decoder(what, graph).Run(text);
}

}  // namespace asim::kernels
