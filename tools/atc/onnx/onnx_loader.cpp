// Loading an ONNX model file (see onnx_loader.h). Thread safety and failure: as the
// header says.
#include "tools/atc/onnx/onnx_loader.h"

#include <onnx/checker.h>
#include <onnx/shape_inference/implementation.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <climits>
#include <fstream>

#include "tools/atc/onnx/onnx_inference_guards.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::onnx_import {
namespace {

constexpr int64_t kOnnxKnownIr = 8;

bool IsDefaultDomain(const std::string& d) {
  return d.empty() || d == "ai.onnx";
}

std::string FirstLine(const std::string& text) {
  const size_t nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl);
}

}  // namespace

Status LoadModelFile(const std::string& path, LoadedModel* out) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return AtcError(ecode::kOpenFile, err::kInvalidFile, "Failed to open file [" + path + "] (--model).");
  }
  LoadedModel m;
  {
    google::protobuf::io::IstreamInputStream raw(&file);
    google::protobuf::io::CodedInputStream coded(&raw);
    coded.SetTotalBytesLimit(INT_MAX);
    if (!m.proto.ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage()) {
      return AtcError(ecode::kParseFile, err::kParseFile,
                      "Failed to parse file [" + path + "]: it is not an ONNX model (ModelProto).");
    }
  }
  m.path = path;
  const size_t slash = path.find_last_of('/');
  m.model_dir = slash == std::string::npos ? "" : path.substr(0, slash);
  if (m.model_dir.empty() && slash == 0) m.model_dir = "/";
  if (!m.proto.has_graph()) return AtcError(ecode::kNoGraph, err::kParseModel, "ONNX model has no graph.");
  int defaults = 0;
  for (const auto& op : m.proto.opset_import()) {
    m.domains[op.domain()] = op.version();
    if (IsDefaultDomain(op.domain())) {
      ++defaults;
      m.opset = op.version();
    }
  }
  if (defaults > 1) {
    return AtcError(ecode::kDomainVersion, err::kParseModel,
                    "The model has [" + std::to_string(defaults) +
                        "] [--domain_version] fields, but only one is "
                        "allowed (opset_import lists the default domain 'ai.onnx' " +
                        std::to_string(defaults) + " times).");
  }
  if (defaults == 0) {
    // No default-domain op may appear then (the importer refuses other domains' nodes);
    // IR version < 3 without opset_import means opset 1.
    m.opset = m.proto.opset_import_size() == 0 ? 1 : kMaxOpset;
  }
  if (m.opset < kMinOpset || m.opset > kMaxOpset) {
    return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                    "The model's opset " + std::to_string(m.opset) +
                        " is not supported; the converter translates "
                        "opsets " +
                        std::to_string(kMinOpset) + " to " + std::to_string(kMaxOpset) + ".");
  }
  if (m.proto.ir_version() > kMaxIrVersion) {
    return AtcError(ecode::kUnsupportedOnnx, err::kParseModel,
                    "The model's IR version " + std::to_string(m.proto.ir_version()) +
                        " is not supported; the converter reads IR versions up to " + std::to_string(kMaxIrVersion) +
                        ".");
  }
  *out = std::move(m);
  return Status::Ok();
}

Status CheckModel(LoadedModel* model) {
  model->checked = false;
  if (model->opset > kOnnxKnownOpset || model->proto.ir_version() > kOnnxKnownIr) return Status::Ok();
  try {
    onnx::checker::CheckerContext ctx;
    ctx.set_ir_version(static_cast<int>(model->proto.ir_version()));
    std::unordered_map<std::string, int> imports;
    for (const auto& [domain, version] : model->domains) imports[domain] = static_cast<int>(version);
    ctx.set_opset_imports(imports);
    ctx.set_model_dir(model->model_dir.empty() ? "." : model->model_dir);
    onnx::checker::LexicalScopeContext lex;
    onnx::checker::check_graph(model->proto.graph(), ctx, lex);
    if (model->proto.ir_version() >= 8) onnx::checker::check_model_local_functions(model->proto, ctx, lex);
  } catch (const std::exception& e) {
    return AtcError(ecode::kInvalidOnnx, err::kParseModel,
                    "The ONNX checker rejects the model [" + model->path + "]: " + FirstLine(e.what()));
  }
  model->checked = true;
  return Status::Ok();
}

Status InferOnnxShapes(LoadedModel* model, const std::map<std::string, std::vector<int64_t>>& input_dims) {
  if (model->opset > kOnnxKnownOpset || model->proto.ir_version() > kOnnxKnownIr) return Status::Ok();
  onnx::GraphProto* graph = model->proto.mutable_graph();
  for (auto& input : *graph->mutable_input()) {
    auto it = input_dims.find(input.name());
    if (it == input_dims.end() || !input.type().has_tensor_type()) continue;
    auto* shape = input.mutable_type()->mutable_tensor_type()->mutable_shape();
    shape->clear_dim();
    for (int64_t d : it->second) {
      auto* dim = shape->add_dim();
      if (d >= 0) dim->set_dim_value(d);
    }
  }
  InstallOnnxInferenceGuards();
  try {
    onnx::ShapeInferenceOptions options{/*check_type=*/false, /*error_mode=*/0, /*enable_data_propagation=*/true};
    onnx::shape_inference::InferShapes(model->proto, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception& e) {
    return AtcError(ecode::kShapeInference, err::kParseModel,
                    "ONNX shape inference failed for [" + model->path + "]: " + FirstLine(e.what()));
  }
  return Status::Ok();
}

}  // namespace asim::atc::onnx_import
