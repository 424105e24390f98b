// ConvertModel (see convert.h). Thread safety and failure: as the header says.
#include "tools/atc/driver/convert.h"

#include <chrono>

#include "base/log.h"
#include "compiler/chip_traits.h"
#include "compiler/graph_builder.h"
#include "kernels/framework/registry.h"
#include "tools/atc/aipp/insert_aipp.h"
#include "tools/atc/caffe/caffe_importer.h"
#include "tools/atc/passes/atc_error.h"
#include "tools/atc/passes/fold_batchnorm.h"
#include "tools/atc/passes/fold_constants.h"
#include "tools/atc/passes/to_builder.h"
#include "tools/atc/tensorflow/tf_importer.h"

namespace asim::atc {
namespace {

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The gears as the dynamic option wrote them: "1,2,4" (batch), "224,224;448,448" (image
// size), "1,1;2,3" (dims).
std::string GearsText(om::DynamicKind kind, const Gears& gears) {
  std::string text;
  for (const auto& gear : gears) {
    if (!text.empty()) text += kind == om::DynamicKind::kBatch ? "," : ";";
    for (size_t i = 0; i < gear.size(); ++i) text += (i == 0 ? "" : ",") + std::to_string(gear[i]);
  }
  return text;
}

// CompileGraph's "node 'x' (T): reason" -> EZ3003; a failure of one gear of a dynamic model
// ("gear 1 [2,3]: ...", or a gear's tensor too large to exist) -> E10001 on the dynamic
// option, a user error; other failures -> E19999.
Status CompileError(const Status& st, const ConvertOptions& o) {
  const std::string& m = st.message();
  const bool gear_failed = m.rfind("gear ", 0) == 0 || m.find("no tensor is that large") != std::string::npos;
  if (o.dynamic != om::DynamicKind::kNone && gear_failed) {
    return InvalidArgument(o.dynamic_option.empty() ? "--dynamic_dims" : o.dynamic_option,
                           GearsText(o.dynamic, o.gears), m);
  }
  if (m.rfind("node '", 0) == 0) {
    const size_t name_end = m.find("' (");
    const size_t type_end = name_end == std::string::npos ? std::string::npos : m.find("): ", name_end);
    if (type_end != std::string::npos) {
      const std::string name = m.substr(6, name_end - 6);
      const std::string type = m.substr(name_end + 3, type_end - name_end - 3);
      return AtcError(ecode::kNoKernel, st.code(),
                      "No supported Ops kernel and engine are found for [" + name + "], optype [" + type +
                          "]. Reason: " + m.substr(type_end + 3));
    }
  }
  return AtcError(ecode::kInternal, st.code(), "Inner Error! Compiling the graph failed: " + m);
}

Status OutputDtypes(const ConvertOptions& o, const onnx_import::ImportInfo& info, const ir::Graph& g,
                    std::map<int, DataType>* out) {
  if (o.output_types.all != DataType::kUndefined) {
    for (size_t k = 0; k < g.outputs.size(); ++k) (*out)[static_cast<int>(k)] = o.output_types.all;
  }
  for (const auto& p : o.output_types.per_output) {
    bool found = false;
    for (size_t k = 0; k < info.output_origins.size(); ++k) {
      if (info.output_origins[k].first == p.node && info.output_origins[k].second == p.index) {
        (*out)[static_cast<int>(k)] = p.dtype;
        found = true;
      }
    }
    if (!found) {
      return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                      "Model has no [" + p.node + ":" + std::to_string(p.index) +
                          "] node among the graph outputs "
                          "(--output_type \"node:index:type\" names a node output that is a model output).");
    }
  }
  return Status::Ok();
}

// Every Conv kernel takes the fused epilogue (kernels/cube/conv_epilogue.h).
bool ConvEpilogueSupported() {
  const auto defs = kernels::KernelRegistry::Get().Find("Conv");
  for (const auto* d : defs) {
    bool declared = false;
    for (const auto& a : d->attrs) declared = declared || a.name == "fused_activation";
    if (!declared) return false;
  }
  return !defs.empty();
}

}  // namespace

ir::PrecisionMode DefaultPrecisionMode(const std::string&) {
  return ir::PrecisionMode::kForceFp16;
}

Status ConvertModel(const ConvertOptions& o, om::Model* model, ConvertResult* result) {
  *result = ConvertResult{};
  kernels::ChipTraits chip;
  Status st = ChipTraitsForSoc(o.soc_version, &chip);
  if (!st.ok()) return InvalidArgument("--soc_version", o.soc_version, st.message());
  // As GE's option check: dynamic dims are for ND inputs (set --input_format=ND).
  if (o.dynamic == om::DynamicKind::kDims && o.input_format != Format::kNd) {
    return InvalidArgument("--input_format", o.input_format == Format::kUndefined ? "" : FormatName(o.input_format),
                           "input_format must be ND when set dynamic_dims");
  }

  auto t0 = std::chrono::steady_clock::now();
  ir::Graph graph;
  FrontEndOptions front;
  front.model_path = o.model_path;
  front.input_shapes = o.input_shapes;
  front.input_format = o.input_format;
  front.dynamic = o.dynamic;
  front.gears = o.gears;
  front.dynamic_option = o.dynamic_option;
  front.out_nodes = o.out_nodes;
  front.chip = chip;
  front.fold_constants = o.fusion.Enabled(kConstantFoldingPass);
  const bool caffe = o.framework == Framework::kCaffe;
  if (caffe) {
    caffe_import::ImportOptions co;
    static_cast<FrontEndOptions&>(co) = front;
    co.weight_path = o.weight_path;
    caffe_import::ImportInfo ci;
    ASIM_RETURN_IF_ERROR(caffe_import::ImportCaffeModel(co, &graph, &ci));
    result->import.producer = "Caffe";
    result->import.onnx_nodes = ci.layers;
    result->import.output_origins = ci.output_origins;
  } else if (o.framework == Framework::kTensorFlow) {
    tf_import::ImportInfo ti;
    ASIM_RETURN_IF_ERROR(tf_import::ImportTfModel(front, &graph, &ti));
    result->import.producer = "TensorFlow";
    result->import.onnx_nodes = ti.nodes;
    result->import.output_origins = ti.output_origins;
  } else {
    onnx_import::ImportOptions io;
    static_cast<FrontEndOptions&>(io) = front;
    io.run_checker = o.run_checker;
    io.constant_inputs = o.constant_inputs;
    ASIM_RETURN_IF_ERROR(onnx_import::ImportOnnxModel(io, &graph, &result->import));
  }
  std::vector<aipp::AippSpec> aipp_applied;
  if (!o.insert_op_conf.empty()) {
    std::vector<aipp::AippSpec> specs;
    ASIM_RETURN_IF_ERROR(aipp::LoadAippConfig(o.insert_op_conf, &specs));
    ASIM_RETURN_IF_ERROR(aipp::InsertAipp(specs, o.insert_op_conf, chip, &graph, &aipp_applied));
  }
  result->import_seconds = Since(t0);

  t0 = std::chrono::steady_clock::now();
  if (front.fold_constants) result->folded_constants = ir::FoldConstants(graph, chip);
  if (o.fusion.Enabled(kBatchNormFoldingPass)) result->folded_batchnorms = ir::FoldBatchNormIntoConv(graph);
  graph.ReleaseUnreadConstants();  // the weights BatchNorm folding replaced
  ir::PrecisionOptions po;
  po.mode = o.precision_mode.value_or(DefaultPrecisionMode(o.soc_version));
  po.chip = chip;
  for (const auto& name : o.input_fp16_nodes) {
    bool found = false;
    for (size_t i = 0; i < graph.inputs.size(); ++i) {
      if (graph.value(graph.inputs[i]).name == name) {
        for (const auto& a : aipp_applied) {
          if (a.input_rank == i) {
            return InvalidArgument("--input_fp16_nodes", name,
                                   "input '" + name + "' has AIPP (--insert_op_conf): it is fed as the uint8 image");
          }
        }
        po.fp16_inputs.insert(static_cast<int>(i));
        found = true;
      }
    }
    if (!found) {
      return AtcError(ecode::kNoSuchNode, err::kInvalidParam,
                      "Model has no [" + name + "] node (--input_fp16_nodes names graph inputs).");
    }
  }
  ASIM_RETURN_IF_ERROR(OutputDtypes(o, result->import, graph, &po.output_dtypes));
  st = ir::AssignPrecision(graph, po, &result->precision);
  if (!st.ok()) {
    std::string nodes;
    for (const std::string& n : o.input_fp16_nodes) nodes += (nodes.empty() ? "" : ";") + n;
    return InvalidArgument("--input_fp16_nodes", nodes, st.message());
  }
  result->precision_mode = po.mode;
  if (ConvEpilogueSupported() && o.fusion.Enabled(kConvReluFusionPass) && o.fusion.Enabled(kConvAddFusionPass)) {
    result->fused_convs = ir::FuseConvEpilogues(graph);
  }
  graph.RemoveDeadNodes();
  graph.Compact();
  graph.ReleaseUnreadConstants();  // the fp32 originals of weights the precision pass cast
  result->graph_nodes = graph.nodes.size();
  result->pass_seconds = Since(t0);

  t0 = std::chrono::steady_clock::now();
  GraphBuilder builder;
  st = ir::ToBuilder(graph, &builder);
  if (!st.ok()) return AtcError(ecode::kInternal, st.code(), "Inner Error! " + st.message());
  graph = ir::Graph{};  // the builder has its own copy of every constant
  CompileOptions co;
  co.soc_version = o.soc_version;
  co.model_name = o.model_name;
  co.producer = "atc 1.10.0 (asim)";
  co.dynamic = o.dynamic;
  co.gears = o.dynamic == om::DynamicKind::kNone ? Gears{} : o.gears;
  co.small_channel = o.enable_small_channel;
  co.prepared_spill = o.prepared_spill;
  st = builder.Compile(co, model, &result->report);
  if (!st.ok()) return CompileError(st, o);
  model->metadata = o.metadata;
  model->metadata["precision_mode"] = ir::PrecisionModeName(po.mode);
  for (const auto& a : aipp_applied) {
    model->metadata[aipp::AippMetadataKey(a.input_rank)] = aipp::AippMetadataValue(a);
    if (a.dynamic) model->metadata[aipp::AippMetadataKey(a.params_input_rank)] = aipp::AippParamsMetadataValue(a);
  }
  const bool onnx = o.framework == Framework::kOnnx;
  model->metadata["framework"] = std::to_string(static_cast<int>(o.framework));
  if (onnx) model->metadata["onnx_opset"] = std::to_string(result->import.opset);
  result->compile_seconds = Since(t0);
  ASIM_LOG_INFO(
      "[ATC] {}: imported {} {}{} in {:.3f} s; passes in {:.3f} s ({} constants folded, "
      "{} BatchNorm folded, {} fp16 / {} fp32 nodes, {} casts, {} Conv fused); compiled {} nodes in {:.3f} s",
      o.model_path, result->import.onnx_nodes,
      caffe  ? "Caffe layers"
      : onnx ? "ONNX nodes"
             : "TensorFlow nodes",
      onnx ? " (opset " + std::to_string(result->import.opset) + ")" : std::string(), result->import_seconds,
      result->pass_seconds, result->folded_constants, result->folded_batchnorms, result->precision.low_nodes,
      result->precision.high_nodes, result->precision.casts, result->fused_convs, result->report.nodes.size(),
      result->compile_seconds);
  return Status::Ok();
}

std::string AiCpuReport(const CompileReport& report, const std::string& model_name) {
  std::string text = "# AI CPU report of model '" + model_name + "' for " + report.soc_version +
                     ": every op the kernel registry placed on the AI CPU, and why no AI Core kernel took it.\n";
  size_t count = 0, total = 0;
  size_t gears = 0;
  for (const auto& n : report.nodes) gears = std::max(gears, n.gear + 1);
  for (const auto& n : report.nodes) {
    ++total;
    if (n.engine != kernels::Engine::kAiCpu) continue;
    ++count;
    if (gears > 1) text += "gear " + std::to_string(n.gear) + "  ";
    text += n.name + "  " + n.type + "  " + (n.reason.empty() ? "(AI CPU only)" : n.reason) + "\n";
  }
  if (count == 0) {
    text += "no op runs on the AI CPU (" + std::to_string(total) + " ops on the AI Core)\n";
  } else {
    text += std::to_string(count) + " of " + std::to_string(total) + " ops run on the AI CPU\n";
  }
  return text;
}

}  // namespace asim::atc
