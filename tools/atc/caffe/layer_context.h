// LayerContext: what one Caffe layer's translation sees and does — its bottoms as converter
// values, its parameters and weight blobs, and Emit(), which adds a kernel-registry op to the
// graph, infers its outputs through the kernels and folds it when every input is constant.
//
// Owns: nothing beyond the layer; ImportState (the blob-name -> value map, the graph, the
// options) belongs to the importer. The main op of a layer is named after the layer (so the
// dump's op names are the Caffe layer names); helper ops are "<layer>_<suffix>".
// Thread safety: not synchronised (one importer thread). Failure: Emit returns EZ3003 naming
// the layer, the op and the kernels' reasons when no kernel accepts the inputs; Blob and
// Unsupported return E19011 / E16007 naming the layer.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "kernels/framework/attr.h"
#include "kernels/framework/chip.h"
#include "tools/atc/caffe/caffe_loader.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::caffe_import {

struct ImportState {
  ir::Graph* graph = nullptr;
  kernels::ChipTraits chip;
  bool fold = true;
  std::map<std::string, int> blobs;  // blob (top) name -> its current value id
  // Layers whose work another layer's translation already did (a Scale folded into the
  // BatchNorm before it): layer name -> the value its top stands for.
  std::map<std::string, int> absorbed;
  const std::vector<CaffeLayer>* layers = nullptr;
  size_t layer_index = 0;
  // (layer, top) pairs --out_nodes asks for: each is read by the user too, so no later
  // layer may be folded into the layer that produces it.
  std::set<std::pair<std::string, int>> requested_outputs;
};

class LayerContext {
 public:
  LayerContext(ImportState& state, const CaffeLayer& layer);

  const asim::caffe::LayerParameter& param() const { return *layer_.param; }
  const std::string& name() const { return layer_.param->name(); }
  const std::string& type() const { return layer_.param->type(); }
  ImportState& state() { return state_; }
  ir::Graph& graph() { return *state_.graph; }

  int bottom_count() const { return layer_.param->bottom_size(); }
  int bottom(int i) const;  // value id (the importer checked every bottom exists)
  const ir::Value& value(int i) const { return state_.graph->value(bottom(i)); }
  const std::vector<int64_t>& dims(int i) const { return value(i).dims; }
  int top_count() const { return layer_.param->top_size(); }
  void SetTop(int k, int value);
  void SetTops(const std::vector<int>& values);
  bool top_set(int k) const { return k < static_cast<int>(tops_set_.size()) && tops_set_[static_cast<size_t>(k)]; }

  // Weight blobs: count, dims (BlobShape, else the legacy num/channels/height/width) and
  // values as floats (data or double_data).
  int blob_count() const { return static_cast<int>(layer_.blobs.size()); }
  std::vector<int64_t> BlobDims(int k) const;
  // Blob k as floats; E19011 when it is missing or its element count is not `count`
  // (naming the layer, the blob and both shapes; `expected` describes the shape wanted).
  Status BlobValues(int k, int64_t count, const std::vector<int64_t>& expected, std::vector<float>* out) const;
  // Blob k as a float constant of `dims` (checked as BlobValues does).
  Status BlobConstant(int k, const std::vector<int64_t>& dims, const std::string& suffix, int* value);
  // E19011 unless the layer has exactly `count` bottoms and `tops` tops (-1: any number >= 1).
  Status ExpectIo(int bottoms, int tops) const;

  // Adds an op. An empty `suffix` names it after the layer (the first time; later ones get
  // the op type as suffix); *outs gets its outputs, inferred (and folded).
  Status Emit(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int num_outputs,
              std::vector<int>* outs, const std::string& suffix = "");
  Status EmitOne(const std::string& type, std::vector<int> inputs, kernels::AttrMap attrs, int* out,
                 const std::string& suffix = "");
  int ConstFloat(const std::string& suffix, const std::vector<float>& values, std::vector<int64_t> dims);
  int ConstInt64(const std::string& suffix, const std::vector<int64_t>& values);
  // x * c (a scalar constant), skipped when c == 1.
  Status Scale(int x, float c, const std::string& suffix, int* out);

  // E16007 naming the layer: "Layer [name] (type [T]): <why>".
  Status Unsupported(const std::string& why) const;
  // E19011 naming the layer.
  Status Malformed(const std::string& why) const;
  std::string Where() const;

 private:
  ImportState& state_;
  const CaffeLayer& layer_;
  bool named_ = false;
  std::vector<bool> tops_set_;
};

std::string DimsText(const std::vector<int64_t>& dims);

}  // namespace asim::atc::caffe_import
