// NodeContext: what one TensorFlow node's translation sees and does — its data inputs as
// converter values, its attrs and constant inputs, and Emit(), which adds a kernel-registry op
// to the graph, infers its outputs through the kernels and folds it when every input is constant.
//
// Layout. TensorFlow's default data_format is NHWC, the kernels' convolutions, pools and
// normalisations are NCHW. A value therefore carries a tag: `nchw` means "a logical NHWC 4-D
// tensor, stored NCHW". Ops whose data_format is NHWC read their input stored NCHW (Spatial(),
// one Transpose where the input is stored NHWC) and give NCHW-stored outputs; layout-agnostic
// ops (elementwise, BiasAdd, reductions, Pad, ConcatV2, Squeeze ...) keep the tag and remap
// their axes; every other op reads the logical layout (Plain(), one Transpose back). The
// transposes are cached per value, so a value read by many ops is transposed once; a chain of
// NHWC convolutions runs with no transposes but the first and the last.
//
// Owns: nothing beyond the node; ImportState (the node-output -> value map, the graph, the
// options) belongs to the importer. The main op of a node is named after the node (the dump's
// op names are the TensorFlow node names); helper ops are "<node>_<suffix>".
// Thread safety: not synchronised (one importer thread). Failure: Emit returns EZ3003 naming
// the node, the op and the kernels' reasons when no kernel accepts the inputs; ConstInts
// returns E16007 when an input that decides a shape is not a constant; Malformed E19011.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "tools/atc/passes/ir.h"
#include "tools/atc/tensorflow/tf_loader.h"

namespace asim::atc::tf_import {

struct TfValue {
  int id = -1;
  bool nchw = false;  // a logical NHWC tensor stored NCHW
};

struct ImportState {
  ir::Graph* graph = nullptr;
  kernels::ChipTraits chip;
  bool fold = true;
  std::map<std::string, std::vector<TfValue>> outputs;  // node name -> its outputs
  std::map<std::string, int> readers;                   // "node:k" -> data edges reading it
  std::map<int, int> to_nhwc, to_nchw;                  // cached layout transposes
};

// The permutations between the two 4-D layouts.
inline const std::vector<int64_t> kToNchw{0, 3, 1, 2};
inline const std::vector<int64_t> kToNhwc{0, 2, 3, 1};

class NodeContext {
 public:
  // `inputs`: the node's data inputs, resolved by the importer.
  NodeContext(ImportState& state, const asim::tf::NodeDef& node, std::vector<TfValue> inputs);

  const std::string& name() const { return node_.name(); }
  const std::string& op() const { return node_.op(); }
  const asim::tf::NodeDef& node() const { return node_; }
  ImportState& state() { return state_; }
  ir::Graph& graph() { return *state_.graph; }

  int input_count() const { return static_cast<int>(inputs_.size()); }
  TfValue in(int i) const { return inputs_.at(static_cast<size_t>(i)); }
  // Input i in its logical layout / stored NCHW (a logical NHWC 4-D input).
  int Plain(int i) { return PlainOf(in(i)); }
  int PlainOf(TfValue v);
  int NchwOf(TfValue v);
  // The logical dims of a value and of input i.
  std::vector<int64_t> DimsOf(TfValue v) const;
  std::vector<int64_t> dims(int i) const { return DimsOf(in(i)); }
  size_t rank(int i) const { return dims(i).size(); }
  DataType dtype(int i) const { return graph().value(in(i).id).dtype; }
  bool dynamic(int i) const { return graph().value(in(i).id).dynamic; }
  const ir::Graph& graph() const { return *state_.graph; }

  // The node's data_format is channels-last (NHWC / NDHWC, TensorFlow's default).
  bool ChannelsLast() const;
  // Input i as a spatial op of this node's data_format reads it: stored NCHW when channels
  // last (E19011 unless 4-D), as given otherwise.
  Status Spatial(int i, int* id);
  // The value a spatial op of this node's data_format gives.
  TfValue SpatialOut(int id) const { return TfValue{id, ChannelsLast()}; }

  // Attrs (defaults when absent).
  const asim::tf::AttrValue* Attr(const std::string& key) const;
  int64_t AttrInt(const std::string& key, int64_t def) const;
  float AttrFloat(const std::string& key, float def) const;
  bool AttrBool(const std::string& key, bool def) const;
  std::string AttrString(const std::string& key, const std::string& def) const;
  std::vector<int64_t> AttrInts(const std::string& key) const;
  DataType AttrType(const std::string& key, DataType def) const;

  // Input i is a constant (after folding).
  bool IsConst(int i) const { return graph().value(in(i).id).is_constant(); }
  // Input i's values (an integer constant): E16007 naming `what` when it is not constant.
  Status ConstInts(int i, const std::string& what, std::vector<int64_t>* out) const;
  // Input i's single value (a scalar or one-element constant).
  Status ConstInt(int i, const std::string& what, int64_t* out) const;
  // Input i (a float constant) as floats.
  Status ConstFloats(int i, const std::string& what, std::vector<float>* out) const;
  // Input i as int64 (a Cast when it is another integer type), for kernels' shape inputs.
  Status Int64Input(int i, int* id);

  // Adds an op. An empty `suffix` names it after the node (the first time; later ones get the
  // op type as suffix); *outs gets its outputs, inferred (and folded).
  Status Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
              std::vector<int>* outs, const std::string& suffix = "");
  Status EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                 const std::string& suffix = "");
  int ConstFloat(const std::string& suffix, const std::vector<float>& values, std::vector<int64_t> dims);
  int ConstInt64(const std::string& suffix, const std::vector<int64_t>& values);
  int ConstInt64Scalar(const std::string& suffix, int64_t value);
  Status Transpose(int id, const std::vector<int64_t>& perm, const std::string& suffix, int* out);
  Status CastTo(int id, DataType to, const std::string& suffix, int* out);

  void SetOutput(size_t k, TfValue v);
  void SetOutput(size_t k, int id) { SetOutput(k, TfValue{id, false}); }
  size_t output_count() const { return outputs_.size(); }
  const std::vector<TfValue>& outputs() const { return outputs_; }
  // Data edges reading output k of this node.
  int Readers(int k) const;

  // E16007: "Node [name] (op [T]): <why>."
  Status Unsupported(const std::string& why) const;
  // E19011: "Node [name] (op [T]) <why>."
  Status Malformed(const std::string& why) const;
  // E19011 unless the node has `count` data inputs (-1: at least one).
  Status ExpectInputs(int count) const;
  std::string Where() const;

 private:
  ImportState& state_;
  const asim::tf::NodeDef& node_;
  std::vector<TfValue> inputs_;
  std::vector<TfValue> outputs_;
  bool named_ = false;
};

std::string DimsText(const std::vector<int64_t>& dims);
// Where logical NHWC axis `axis` (0..3) is stored in NCHW.
int64_t NchwAxis(int64_t axis);

}  // namespace asim::atc::tf_import
