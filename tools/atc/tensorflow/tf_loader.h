// LoadTfGraph: a TensorFlow frozen graph (.pb: one binary-serialized GraphDef whose variables
// are Const nodes) -> its nodes by name and in an order where every node follows its inputs.
//
// Owns: parsing the file through tf_graph.proto (fields the schema does not carry are kept as
// unknown fields), the node-input grammar ("node", "node:k", control inputs "^node"), and the
// topological order (TensorFlow writes nodes in any order). A frozen inference graph is a DAG;
// a cycle (a tf.while_loop's NextIteration edge) is refused here.
// Thread safety: pure apart from reading the file. Failure: E19001 (kInvalidFile) for a file
// that cannot be read; E19005 (kParseFile) for bytes that are not a GraphDef or a GraphDef
// without nodes; E19011 (kParseModel) for an input naming no node, a duplicate node name or a
// cycle, each naming the node.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "tools/atc/tensorflow/tf_proto.h"

namespace asim::atc::tf_import {

// One entry of NodeDef.input.
struct TfInput {
  std::string node;
  int index = 0;         // output index ("node:k"); 0 for "node"
  bool control = false;  // "^node": an ordering edge, no data
};
// Parses "node", "node:k" or "^node"; false for an empty name or a bad index.
bool ParseTfInput(const std::string& text, TfInput* out);

// The maps point into `def`: a TfGraph is filled in place and not copied or moved afterwards.
struct TfGraph {
  asim::tf::GraphDef def;
  std::map<std::string, asim::tf::NodeDef*> by_name;
  std::vector<asim::tf::NodeDef*> order;  // inputs before consumers (the importer frees Const values it has read)
  std::string path;
};

Status LoadTfGraph(const std::string& path, TfGraph* out);
// The same from bytes in memory (tests, the fuzzer); `path` only names it in messages.
Status ParseTfGraph(const std::string& bytes, const std::string& path, TfGraph* out);

}  // namespace asim::atc::tf_import
