// ir::Graph: the converter's mutable graph between a framework importer (tools/atc/onnx)
// and the graph compiler (compiler/graph_builder.h).
//
// Owns: values (graph inputs, constants with their bytes, node outputs) with the dtype and
// dims inferred for them, nodes in the kernel registry's vocabulary (op type, AttrMap) in
// topological order, and the graph outputs. Passes (passes.h) mutate it in place: a removed
// node is marked dead and dropped by Compact(); a value is replaced everywhere with
// ReplaceUses(). Constant bytes are shared (never copied) between values and passes.
// Dims of a dynamic model are those of its first gear (gear-dependent values are marked
// `dynamic`, so no pass folds them).
// Thread safety: a value type; not synchronised. Failure: none here (accessors assume
// valid ids; passes validate what they read).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "base/dtype.h"
#include "base/format.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/tensor.h"

namespace asim::atc::ir {

// The fusion record a node carries when passes merged other nodes into it: the original op
// names, the one whose output the node now computes last (ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES).
inline constexpr const char* kOriginalOpNamesAttr = "_datadump_original_op_names";

using Bytes = std::shared_ptr<const std::vector<uint8_t>>;

struct Value {
  std::string name;
  DataType dtype = DataType::kUndefined;
  std::vector<int64_t> dims;
  Format format = Format::kNd;  // graph inputs: the user's --input_format; else ND / NCHW
  Bytes data;                   // constant contents (nullptr for computed values)
  int producer = -1;            // node index, -1 for graph inputs and constants
  int producer_output = 0;
  int input_index = -1;                // graph input number, -1 otherwise
  std::vector<int64_t> declared_dims;  // graph inputs: dims as compiled (-1 = set per gear)
  bool dynamic = false;                // dims depend on the gear (dynamic batch / image size / dims) or the data
  // dims are a bound decided by the data at execution (a NonZero / Unique ... output, or
  // computed from one); implies `dynamic`
  bool data_dependent = false;

  bool is_constant() const { return data != nullptr; }
  int64_t ElementCount() const;
  kernels::TensorSpec Spec() const;  // host_data set for constants
};

struct Node {
  std::string name;
  std::string type;         // the kernel registry's op type
  std::vector<int> inputs;  // value ids, -1 = absent optional input
  std::vector<int> outputs;
  kernels::AttrMap attrs;
  std::string origin;  // the framework node it came from ("Conv 'conv1'"), for messages
  bool dead = false;
  // Precision assignment leaves its dtypes as they are, whatever --precision_mode says: float
  // ops standing for integer arithmetic the chip does exactly (MatMulInteger's int32 sums).
  bool keep_dtype = false;
};

struct Output {
  int value = -1;
  std::string name;
};

class Graph {
 public:
  std::vector<Value> values;
  std::vector<Node> nodes;      // topological order
  std::vector<int> inputs;      // value ids of the graph inputs, in order
  std::vector<Output> outputs;  // graph outputs, in order

  Value& value(int id) { return values[static_cast<size_t>(id)]; }
  const Value& value(int id) const { return values[static_cast<size_t>(id)]; }
  Node& node(int id) { return nodes[static_cast<size_t>(id)]; }
  const Node& node(int id) const { return nodes[static_cast<size_t>(id)]; }

  int AddInput(const std::string& name, DataType dtype, std::vector<int64_t> dims, Format format);
  int AddConstant(const std::string& name, DataType dtype, std::vector<int64_t> dims, Bytes data);
  // Appends a node with `num_outputs` fresh output values named "<name>:<k>" (dtype and
  // dims undefined until inference). Returns the node index.
  int AddNode(const std::string& type, const std::string& name, std::vector<int> inputs, kernels::AttrMap attrs,
              int num_outputs, const std::string& origin = "");

  // A node name not used yet ("base", "base_1", ...).
  std::string UniqueNodeName(const std::string& base);
  // A value name not used yet.
  std::string UniqueValueName(const std::string& base);

  // Every live use of `from` (node inputs and graph outputs) now reads `to`.
  void ReplaceUses(int from, int to);
  // Live nodes reading `value`, once per reading node; graph outputs count as -1 entries.
  std::vector<int> Consumers(int value) const;
  bool IsGraphOutput(int value) const;

  // Marks nodes whose outputs nobody reads (transitively) dead; returns how many.
  size_t RemoveDeadNodes();
  // Drops dead nodes and renumbers producers (value ids stay valid).
  void Compact();
  // Frees the bytes of constants that no live node reads and that are not graph outputs (the
  // originals a pass replaced: conv weights before BatchNorm folding, fp32 weights after the
  // precision pass), so a conversion holds each weight about once. Returns the bytes freed.
  size_t ReleaseUnreadConstants();
  // Puts the nodes in `order` (node indices, each live node exactly once; dead ones are
  // dropped) and renumbers producers.
  void Reorder(const std::vector<int>& order);
  size_t LiveNodeCount() const;

 private:
  std::map<std::string, int> node_names_;
  std::map<std::string, int> value_names_;
};

// Bytes of `dtype` x dims (0 for sub-byte or unknown types).
size_t ByteSize(DataType dtype, const std::vector<int64_t>& dims);

}  // namespace asim::atc::ir
