// NodeContext: what one ONNX node's translation sees and does — its inputs as converter
// values (dtype, dims, constant bytes when known), its attributes, the model's opset, and
// Emit(), which adds a kernel-registry op to the graph, infers its outputs through the
// kernels and folds it at once when every input is constant (so the next translation can
// read a shape computed by a Shape -> Gather -> Concat chain).
//
// Owns: nothing beyond the node; ImportState (the value map, graph and options) belongs
// to the importer. Emitted nodes are named after the ONNX node ("<name>", then
// "<name>_<suffix>"); nameless ONNX nodes are called "<OpType>_<index>".
// Thread safety: not synchronised (one importer thread). Failure: Emit returns EZ3003
// (the registry's status code) naming the node, the op and the kernels' reasons when no
// kernel accepts the inputs; the attribute and constant readers return E16007 naming the
// node when an input that must be constant is not, or an attribute has the wrong type.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "tools/atc/onnx/onnx_proto.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::onnx_import {

struct ImportState {
  ir::Graph* graph = nullptr;
  // ONNX sequences exist only during conversion: a sequence value is the list of the tensor
  // values it holds (ops_sequence.cpp); positions must be constants.
  std::map<std::string, std::vector<int>> sequences;
  kernels::ChipTraits chip;
  bool fold = true;
  std::string model_dir;
  std::map<std::string, int> values;  // ONNX value name -> value id
  int64_t opset = 0;
  int node_index = 0;  // for names of nameless nodes
};

class NodeContext {
 public:
  NodeContext(ImportState& state, const onnx::NodeProto& node);

  const onnx::NodeProto& proto() const { return node_; }
  const std::string& op_type() const { return node_.op_type(); }
  const std::string& name() const { return name_; }
  int64_t opset() const { return state_.opset; }
  ImportState& state() { return state_; }
  ir::Graph& graph() { return *state_.graph; }

  int input_count() const { return node_.input_size(); }
  bool has_input(int i) const;             // declared and not "" (an absent optional input)
  int input(int i) const;                  // value id, -1 when absent
  const ir::Value& value(int i) const;     // an empty value (undefined dtype) for an absent input
  const ir::Value& ValueOf(int id) const;  // by value id; the empty value for -1
  std::vector<int> inputs() const;         // every declared input, -1 for absent ones
  int output_count() const { return node_.output_size(); }
  bool output_used(int k) const { return k < node_.output_size() && !node_.output(k).empty(); }

  bool is_const(int i) const { return has_input(i) && value(i).is_constant(); }
  // Integer (int8..int64, uint8..uint64) or float constant input as int64 / double.
  Status ConstInts(int i, std::vector<int64_t>* out) const;
  Status ConstFloats(int i, std::vector<double>* out) const;
  // E16007: input i must be constant ("... known only at execution", naming it).
  Status NotConstant(int i) const;

  const onnx::AttributeProto* attr(const std::string& name) const;
  bool has_attr(const std::string& name) const { return attr(name) != nullptr; }
  int64_t Int(const std::string& name, int64_t fallback) const;
  float Float(const std::string& name, float fallback) const;
  std::string Str(const std::string& name, const std::string& fallback) const;
  std::vector<int64_t> Ints(const std::string& name) const;
  std::vector<float> Floats(const std::string& name) const;
  // Every int / float / string (and list) attribute as the kernels' AttrMap (ONNX and the
  // kernels share attribute names); tensor and graph attributes are skipped, as are `skip`.
  kernels::AttrMap PlainAttrs(const std::vector<std::string>& skip = {}) const;

  // Adds an op; *outs gets its `num_outputs` output values, inferred (and folded).
  Status Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
              std::vector<int>* outs, const std::string& suffix = "");
  Status EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                 const std::string& suffix = "");
  int Constant(const std::string& suffix, DataType dtype, std::vector<int64_t> dims, ir::Bytes bytes);
  int ConstInt64(const std::string& suffix, const std::vector<int64_t>& values, bool scalar = false);
  int ConstFloat(const std::string& suffix, const std::vector<float>& values, bool scalar = false);

  // Input i as a conversion-time sequence (nullptr when it is not one).
  const std::vector<int>* sequence(int i) const;
  void SetSequence(int k, std::vector<int> values);

  // Output k of the ONNX node is `value` (ignored for an unused output).
  void SetOutput(int k, int value);
  void SetOutputs(const std::vector<int>& values);

  // E16007 naming the node: "Node [name] (optype [type], opset N): <why>".
  Status Unsupported(const std::string& why) const;
  std::string Where() const;

 private:
  // E16007 when an output's dims depend on input values known only at execution (not on
  // gears) and the op has no AI CPU kernel to infer them there.
  Status CheckStaticOutputs(int index) const;

  ImportState& state_;
  const onnx::NodeProto& node_;
  std::string name_;
  int emitted_ = 0;
};

}  // namespace asim::atc::onnx_import
