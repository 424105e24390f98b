// ImportTfModel: a TensorFlow frozen graph (.pb) -> the converter's ir::Graph, ready for the
// same passes and compiler as an ONNX or Caffe model (BatchNorm folding, fusion, precision,
// dump names: every op is named after its TensorFlow node).
//
// Owns the graph-level translation: loading (tf_loader.h); the graph outputs (--out_nodes
// "node:k", else the output 0 of every node nobody reads that computes something — not Const,
// NoOp, Placeholder, Assert or the like — all of a multi-output op's outputs but FusedBatchNorm's
// statistics); only the nodes those outputs depend on are translated, so training and summary
// subgraphs left in a frozen graph do not matter; the graph inputs (the Placeholders those
// nodes read, in file order; dims from the Placeholder's shape attr or --input_shape, -1 only
// with a dynamic option, resolved by the graph compiler's gear rules; 4-D inputs NHWC unless
// --input_format says otherwise; a PlaceholderWithDefault is its default unless --input_shape
// names it); Const nodes as constants; every other node through the translation table (ops.h)
// in dependency order, with the layout rules of node_context.h.
// Thread safety: pure apart from reading the file. Failure: the loader's codes; E16001
// (kInvalidParam) for --input_shape / --out_nodes names the graph lacks; E10001 for input shapes
// that cannot be resolved; E19010 (kOpNotFound) for an op without a translation, naming the
// node and listing the supported ops; E19011 (kParseModel) for a node reading an output its
// input node does not have; the translations' E16007 / E16008 / EZ3003.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "tools/atc/passes/import_options.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::tf_import {

using ImportOptions = FrontEndOptions;

struct ImportInfo {
  size_t nodes = 0;        // nodes translated (Const and Placeholder included)
  size_t graph_nodes = 0;  // nodes in the GraphDef
  // Per graph output: the node and output index that produce it.
  std::vector<std::pair<std::string, int>> output_origins;
};

Status ImportTfModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info = nullptr);
// The same from the bytes of a GraphDef (tests, the fuzzer); options.model_path names it.
Status ImportTfGraphBytes(const std::string& bytes, const ImportOptions& options, ir::Graph* graph,
                          ImportInfo* info = nullptr);

// Ops with a translation, sorted (for docs/atc.md and messages).
std::vector<std::string> SupportedOps();

}  // namespace asim::atc::tf_import
