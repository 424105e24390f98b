// LoadTfGraph (see tf_loader.h). Thread safety and failure: as the header says.
#include "tools/atc/tensorflow/tf_loader.h"

#include <fcntl.h>
#include <unistd.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <set>

#include "tools/atc/passes/atc_error.h"

namespace asim::atc::tf_import {
namespace {

namespace pb = google::protobuf;
using asim::tf::NodeDef;

Status NotAGraph(const std::string& path, const std::string& why) {
  return AtcError(ecode::kParseFile, err::kParseFile,
                  "Failed to parse file [" + path + "]: " + why +
                      ". A --framework=3 --model is a frozen TensorFlow graph: one binary GraphDef (.pb) whose "
                      "variables are constants (tf.compat.v1.graph_util.convert_variables_to_constants or "
                      "freeze_graph).");
}

Status Malformed(const NodeDef& n, const std::string& why) {
  return AtcError(ecode::kMalformedModel, err::kParseModel,
                  "Node [" + n.name() + "] (op [" + n.op() + "]) " + why + ".");
}

// Orders the nodes so that each follows its data and control inputs (Kahn's algorithm, stable:
// among ready nodes, file order).
Status Order(TfGraph* g) {
  auto& nodes = *g->def.mutable_node();
  std::map<const NodeDef*, size_t> index;
  for (int i = 0; i < nodes.size(); ++i) index[&nodes[i]] = static_cast<size_t>(i);
  std::vector<size_t> pending(static_cast<size_t>(nodes.size()), 0);
  std::vector<std::vector<size_t>> readers(static_cast<size_t>(nodes.size()));
  for (int i = 0; i < nodes.size(); ++i) {
    const NodeDef& n = nodes[i];
    std::set<size_t> sources;
    for (const auto& text : n.input()) {
      TfInput in;
      if (!ParseTfInput(text, &in)) return Malformed(n, "has the input \"" + text + "\", which names no node output");
      auto it = g->by_name.find(in.node);
      if (it == g->by_name.end()) {
        return Malformed(n, "reads \"" + text + "\", but the graph has no node [" + in.node + "]");
      }
      sources.insert(index.at(it->second));
    }
    pending[static_cast<size_t>(i)] = sources.size();
    for (size_t s : sources) readers[s].push_back(static_cast<size_t>(i));
  }
  std::set<size_t> ready;
  for (size_t i = 0; i < pending.size(); ++i) {
    if (pending[i] == 0) ready.insert(i);
  }
  while (!ready.empty()) {
    const size_t i = *ready.begin();
    ready.erase(ready.begin());
    g->order.push_back(nodes.Mutable(static_cast<int>(i)));
    for (size_t r : readers[i]) {
      if (--pending[r] == 0) ready.insert(r);
    }
  }
  if (g->order.size() != static_cast<size_t>(nodes.size())) {
    for (size_t i = 0; i < pending.size(); ++i) {
      if (pending[i] > 0) {
        return Malformed(nodes[static_cast<int>(i)],
                         "is on a cycle of the graph (a tf.while_loop?); atc converts frozen graphs without "
                         "control-flow loops");
      }
    }
  }
  return Status::Ok();
}

Status Index(const std::string& path, TfGraph* out) {
  out->path = path;
  if (out->def.node_size() == 0) return NotAGraph(path, "it holds no nodes");
  for (auto& n : *out->def.mutable_node()) {
    if (n.name().empty() || n.op().empty()) {
      return NotAGraph(path, "a node has no " + std::string(n.name().empty() ? "name" : "op") +
                                 (n.name().empty() ? "" : " (node [" + n.name() + "])"));
    }
    if (!out->by_name.emplace(n.name(), &n).second) return Malformed(n, "is defined twice");
  }
  return Order(out);
}

}  // namespace

bool ParseTfInput(const std::string& text, TfInput* out) {
  *out = TfInput{};
  std::string s = text;
  if (!s.empty() && s[0] == '^') {
    out->control = true;
    s = s.substr(1);
  }
  const size_t colon = s.rfind(':');
  if (colon != std::string::npos && !out->control) {
    const std::string k = s.substr(colon + 1);
    if (k.empty() || k.size() > 6 || k.find_first_not_of("0123456789") != std::string::npos) return false;
    out->index = std::stoi(k);
    s = s.substr(0, colon);
  }
  out->node = s;
  return !s.empty();
}

Status ParseTfGraph(const std::string& bytes, const std::string& path, TfGraph* out) {
  *out = TfGraph{};
  pb::io::CodedInputStream coded(reinterpret_cast<const uint8_t*>(bytes.data()), static_cast<int>(bytes.size()));
  coded.SetTotalBytesLimit(INT_MAX);
  if (bytes.size() > static_cast<size_t>(INT_MAX) || !out->def.ParseFromCodedStream(&coded) ||
      !coded.ConsumedEntireMessage()) {
    return NotAGraph(path, "it is not a binary GraphDef");
  }
  return Index(path, out);
}

Status LoadTfGraph(const std::string& path, TfGraph* out) {
  *out = TfGraph{};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return AtcError(ecode::kOpenFile, err::kInvalidFile,
                    "Failed to open file [" + path + "] for parameter [--model]: " + std::strerror(errno) + ".");
  }
  bool parsed = false;
  {
    pb::io::FileInputStream stream(fd);
    pb::io::CodedInputStream coded(&stream);
    coded.SetTotalBytesLimit(INT_MAX);
    parsed = out->def.ParseFromCodedStream(&coded) && coded.ConsumedEntireMessage();
  }
  ::close(fd);
  if (!parsed) return NotAGraph(path, "it is not a binary GraphDef");
  return Index(path, out);
}

}  // namespace asim::atc::tf_import
