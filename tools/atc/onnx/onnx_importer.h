// ImportOnnxModel: an ONNX file -> the converter's ir::Graph, ready for the passes.
//
// Owns the model-level translation: loading and checking (onnx_loader.h), graph inputs
// (dtype from the model — STRING only when every reader is an op with a string kernel,
// and no STRING initializers; dims from --input_shape, else the model's — a symbolic or
// unknown dim without --input_shape is an error; -1 only with a dynamic option, checked
// with the graph compiler's gear rules, and the first gear's values stand in for them
// while importing), initializers and Constant nodes as constants, every node through the
// translation table (translate.h) in topological order with constant folding as it goes,
// If nodes whose condition is constant inlined (their branch reads outer-scope values),
// other If, Loop and Scan nodes translated into AI CPU control nodes that carry their
// bodies (control_flow.h; the bodies' nodes go through the same translation table),
// the graph outputs (or --out_nodes), and dead-node removal.
// Thread safety: pure apart from reading files. Failure: the loader's codes; E16001
// (kInvalidParam) for --input_shape / --out_nodes / --input_fp16_nodes names the model
// lacks; E10001 (kInvalidParam) for input shapes that cannot be resolved; E16002
// (kOpNotFound) for an op type (or domain) without a translation, naming the node;
// E16006 (kParseModel) for a node reading a value nothing produces; the translations'
// E16007 / EZ3003 codes; a failure inside a control-flow body keeps its code and ends with
// where the body is ("; inside the then_branch of node [a], the body of node [b]").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/format.h"
#include "base/status.h"
#include "kernels/framework/chip.h"
#include "om/model.h"
#include "tools/atc/onnx/onnx_tensor.h"
#include "tools/atc/passes/import_options.h"
#include "tools/atc/passes/ir.h"

namespace asim::atc::onnx_import {

struct ImportOptions : FrontEndOptions {
  bool run_checker = true;
  // Graph inputs whose values are fixed at conversion: they become constants (a library
  // option, not an atc flag: the ONNX conformance runner uses it for tests whose shape
  // inputs are graph inputs).
  std::map<std::string, TensorData> constant_inputs;
};

struct ImportInfo {
  int64_t opset = 0;
  int64_t ir_version = 0;
  bool checked = false;  // ONNX's checker and shape inference ran
  std::string producer;  // producer_name producer_version
  size_t onnx_nodes = 0;
  // Per graph output: the ONNX node and output index that produce it ("" / -1 for a graph
  // input or an initializer), for --output_type's "node:index:type" form.
  std::vector<std::pair<std::string, int>> output_origins;
};

Status ImportOnnxModel(const ImportOptions& options, ir::Graph* graph, ImportInfo* info = nullptr);

}  // namespace asim::atc::onnx_import
