// ConvertModel: the whole model -> om::Model conversion atc runs (and the conformance
// runner and tests call in-process): import (tools/atc/onnx, tools/atc/caffe for
// --framework=0, tools/atc/tensorflow for --framework=3), passes (tools/atc/passes: constant folding, BatchNorm
// folding, precision assignment and output dtypes), then the graph compiler (compiler: engine choice, format
// conversions, memory plan).
//
// Owns the pass order and the mapping of every failure to an ATC error code: import and
// option errors keep theirs (E10xxx, E16xxx, E19xxx); a compile-time refusal of a node
// becomes EZ3003 naming the node, its op and the kernels' reasons; anything else E19999.
// Also renders the AI CPU report (every node the registry put on the AI CPU, with why).
// Pass order: import (with folding as nodes arrive), constant folding, BatchNorm folding,
// precision assignment, Conv epilogue fusion (passes/fuse_conv.h: Conv + Relu, Conv + Add
// (+ Relu), only when every Conv kernel of the registry declares the epilogue), dead-node
// removal, compilation. Constants no node reads any more are freed after each pass
// (ir::Graph::ReleaseUnreadConstants), so a conversion holds about one copy of the weights.
// Thread safety: pure apart from reading the model file; concurrent calls are fine.
// Failure: as above; *model and *result are unspecified on failure.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "compiler/compile_report.h"
#include "om/model.h"
#include "om/prepared_spill.h"
#include "tools/atc/driver/option_parse.h"
#include "tools/atc/onnx/onnx_importer.h"
#include "tools/atc/passes/fuse_conv.h"
#include "tools/atc/passes/precision.h"

namespace asim::atc {

// --framework values atc converts.
enum class Framework { kCaffe = 0, kTensorFlow = 3, kOnnx = 5 };

struct ConvertOptions {
  Framework framework = Framework::kOnnx;
  std::string model_path;
  std::string weight_path;     // --weight: Caffe's .caffemodel
  std::string insert_op_conf;  // --insert_op_conf: the static AIPP configuration (tools/atc/aipp)
  std::string soc_version = "Ascend310";
  std::string model_name = "model";
  NamedDims input_shapes;                    // --input_shape
  Format input_format = Format::kUndefined;  // --input_format
  std::vector<std::string> input_fp16_nodes;
  OutputTypes output_types;
  std::vector<std::pair<std::string, int>> out_nodes;
  std::optional<ir::PrecisionMode> precision_mode;  // unset: the SoC's default (DefaultPrecisionMode)
  om::DynamicKind dynamic = om::DynamicKind::kNone;
  Gears gears;
  std::string dynamic_option;  // the option that set them, for messages
  FusionSwitches fusion;       // ConstantFoldingPass, ConvBatchnormFusionPass
  bool run_checker = true;
  bool enable_small_channel = false;  // --enable_small_channel=1 (CompileOptions::small_channel)
  std::map<std::string, onnx_import::TensorData> constant_inputs;  // see ImportOptions
  std::map<std::string, std::string> metadata;                     // stored in the model (command line ...)
  om::PreparedSpill* prepared_spill = nullptr;                     // CompileOptions::prepared_spill (not owned)
};

struct ConvertResult {
  onnx_import::ImportInfo import;  // for a Caffe model: producer "Caffe", onnx_nodes = layers
  ir::PrecisionMode precision_mode = ir::PrecisionMode::kForceFp16;
  ir::PrecisionSummary precision;
  size_t folded_constants = 0;
  size_t folded_batchnorms = 0;
  size_t fused_convs = 0;  // Conv nodes that absorbed an Add and / or a Relu
  size_t graph_nodes = 0;  // after the passes
  CompileReport report;
  double import_seconds = 0, pass_seconds = 0, compile_seconds = 0;
};

// force_fp16 on every SoC, as the real ATC's default (docs/atc.md).
ir::PrecisionMode DefaultPrecisionMode(const std::string& soc_version);

// Pass names --fusion_switch_file understands.
inline constexpr const char* kConstantFoldingPass = "ConstantFoldingPass";
inline constexpr const char* kBatchNormFoldingPass = "ConvBatchnormFusionPass";
inline constexpr const char* kConvReluFusionPass = "ConvReluFusionPass";
inline constexpr const char* kConvAddFusionPass = "ConvAddReluFusionPass";

Status ConvertModel(const ConvertOptions& options, om::Model* model, ConvertResult* result);

// The AI CPU report: a header, one line per AI CPU node ("<node>  <op type>  <reason>",
// per gear for dynamic models) and a count; "no op runs on the AI CPU" when none does.
std::string AiCpuReport(const CompileReport& report, const std::string& model_name);

}  // namespace asim::atc
