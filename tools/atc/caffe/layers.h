// The Caffe translation table: layer type -> the function that maps one layer onto
// kernel-registry ops (docs/atc.md, "Caffe layers").
//
// Owns the layer-by-layer rules, split by family: layers_cube.cpp (Convolution,
// Deconvolution, InnerProduct), layers_elementwise.cpp (activations, Power / Exp / Log,
// Eltwise, Scale, Bias, BatchNorm — with the Scale that follows it folded in — Dropout,
// Threshold), layers_spatial.cpp (Pooling with Caffe's ceil rounding, LRN, Normalize, Interp,
// Upsample, Softmax) and layers_shape.cpp (Concat, Slice, Split, Flatten, Reshape, Permute,
// ArgMax, Crop, Silence). Input layers are the importer's.
// Thread safety: the table is immutable. Failure: each function returns LayerContext's
// statuses (E19011 malformed layer or weights, E16007 unsupported parameter, EZ3003 no kernel).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/atc/caffe/layer_context.h"

namespace asim::atc::caffe_import {

using TranslateFn = Status (*)(LayerContext& c);

// nullptr when the layer type has no translation.
TranslateFn FindLayerTranslator(const std::string& type);
// Sorted, for docs and messages (Input included).
std::vector<std::string> TranslatedLayerTypes();

using Table = std::vector<std::pair<std::string, TranslateFn>>;
void AddCubeLayers(Table* table);
void AddElementwiseLayers(Table* table);
void AddSpatialLayers(Table* table);
void AddShapeLayers(Table* table);

// Negative axes count from the end; E19011 when out of range.
Status NormalizeAxis(const LayerContext& c, int64_t axis, size_t rank, const char* what, size_t* out);
// The emitted ops of a chain (t = op(t, constant) ...): the last one is named after the layer
// unless `name_last` is false (the layer's own op comes later).
struct ChainStep {
  std::string type;
  float operand;       // a scalar constant operand
  bool unary = false;  // no operand
  std::string suffix;
};
Status EmitChain(LayerContext& c, int x, const std::vector<ChainStep>& steps, int* out, bool name_last = true);

}  // namespace asim::atc::caffe_import
