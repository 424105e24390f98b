// Loading an ONNX model file: protobuf parsing, the model-level checks, ONNX's checker
// and ONNX's shape inference.
//
// Owns: reading the file (any size protobuf allows, 2 GiB), the opset rules — one version
// for the default domain (ai.onnx), 1 to 18 (ONNX 1.12 knows 17: the checker and the shape
// inference are skipped above 17 and for IR versions above 8, and the importer handles
// opset 18's changes itself), IR versions up to 10, other domains tolerated when no node
// uses them — and the checker with the model's directory (so external data is found).
// Shape inference runs with --input_shape's dims written into the graph inputs first; its
// per-node errors are not fatal (the importer's own inference, through the kernels, is
// authoritative); a thrown error is returned as E16009 and the importer logs it. ONNX
// 1.12's functions that crash on disagreeing ranks run behind onnx_inference_guards.h.
// Thread safety: pure functions (read files; the ONNX schema registry is thread-safe).
// Failure: E19001 (kInvalidFile) the file cannot be opened, E19005 (kParseFile) it is not
// an ONNX ModelProto, E16004 (kParseModel) no graph, E16005 (kParseModel) several default
// opset versions, E16007 (kParseModel) opset / IR version out of range, E16006
// (kParseModel) the checker's message, E16009 (kParseModel) shape inference's message.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "tools/atc/onnx/onnx_proto.h"

namespace asim::atc::onnx_import {

inline constexpr int64_t kMinOpset = 1;
inline constexpr int64_t kMaxOpset = 18;
inline constexpr int64_t kMaxIrVersion = 10;
// The highest default-domain opset Debian's ONNX (1.12) has schemas for: its checker and shape
// inference run up to it.
inline constexpr int64_t kOnnxKnownOpset = 17;

struct LoadedModel {
  onnx::ModelProto proto;
  std::string path;
  std::string model_dir;                   // directory of the file ("" for the current one)
  int64_t opset = 0;                       // version of the default domain
  std::map<std::string, int64_t> domains;  // every opset_import
  bool checked = false;                    // ONNX's checker ran (opset and IR version known to ONNX 1.12)
};

// Reads and parses the file, checks graph presence and opsets.
Status LoadModelFile(const std::string& path, LoadedModel* out);

// ONNX's checker (when the opset and IR version allow; sets out->checked).
Status CheckModel(LoadedModel* model);

// ONNX's shape inference, in place, with `input_dims` (graph input name -> dims, -1 for
// unknown) written into the graph inputs first. No-op above opset 17 / IR version 8. The
// importer logs a failure as a warning and goes on (the kernels' inference decides).
Status InferOnnxShapes(LoadedModel* model, const std::map<std::string, std::vector<int64_t>>& input_dims);

}  // namespace asim::atc::onnx_import
