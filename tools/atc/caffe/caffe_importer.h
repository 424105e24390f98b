// ImportCaffeModel: a Caffe .prototxt + .caffemodel -> the converter's ir::Graph, ready for
// the same passes and compiler as an ONNX model (BatchNorm folding, fusion, precision, dump
// names: every op is named after its Caffe layer).
//
// Owns the network-level translation: loading (caffe_loader.h), the graph inputs (the
// prototxt's `input` + `input_shape` / `input_dim`, or Input layers; dims from --input_shape
// when given, -1 only with a dynamic option, resolved by the graph compiler's gear rules),
// every layer through the translation table (layers.h) in prototxt order, blobs by name with
// in-place layers (top == bottom) rebinding the name, and the graph outputs: --out_nodes
// ("layer:top index"), else every top no later layer reads, in layer order.
// Thread safety: pure apart from reading files. Failure: the loader's codes; E16001
// (kInvalidParam) for --input_shape / --out_nodes names the network lacks; E10001 for input
// shapes that cannot be resolved; E19010 (kOpNotFound) for a layer type without a translation,
// naming the layer and listing the supported types; E19011 (kParseModel) for a bottom nothing
// produces, a layer with the wrong number of bottoms / tops or weights that do not match;
// the translations' E16007 / EZ3003.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/format.h"
#include "base/status.h"
#include "kernels/framework/chip.h"
#include "om/model.h"
#include "tools/atc/passes/import_options.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::caffe_import {

struct ImportOptions : FrontEndOptions {
  std::string weight_path;  // --weight: the .caffemodel ("" only for weightless networks)
};

struct ImportInfo {
  size_t layers = 0;          // inference layers translated
  size_t skipped_layers = 0;  // excluded from the TEST phase
  // Per graph output: the layer and top index that produce it ("" / -1 for a graph input).
  std::vector<std::pair<std::string, int>> output_origins;
};

Status ImportCaffeModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info = nullptr);

// Layer types with a translation, sorted (for docs/atc.md and messages).
std::vector<std::string> SupportedLayerTypes();

}  // namespace asim::atc::caffe_import
