// GraphBuilder: the graph compiler's front door (namespace asim::atc). A caller (the atc
// ONNX converter, or a test) describes a plain ONNX-like graph — inputs, constants, ops,
// outputs — and Compile turns it into an om::Model for one SoC: per gear, shape inference
// and engine choice through the kernel registry, TransData nodes around kernels that need
// the AI Core's internal layouts (constant weights are converted at compile time), the
// memory plan (work memory reused by liveness, weights packed and deduplicated) and the
// I/O descriptions. See compiler.h for the steps and their rules.
//
// Example:
//   GraphBuilder b;
//   int x = b.Input("x", DataType::kFloat16, {1, 3, 16, 16});
//   int w = b.Constant("w", DataType::kFloat16, {8, 3, 3, 3}, w_bytes);
//   int y = b.Op("Conv", "conv1", {x, w, -1}, attrs)[0];
//   b.Output(b.Op("Relu", "relu1", {y}, {})[0], "out");
//   om::Model model;
//   Status st = b.Compile(CompileOptions{}, &model);
//
// Thread safety: a builder is not synchronised (build from one thread); Compile is const
// and may run concurrently on one builder. Failure: builder calls never fail on the spot;
// the first misuse (unknown value id, duplicate name, bad dims ...) is remembered and
// Compile returns it as kInvalidParam. Compile's own failures are listed in compiler.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "base/status.h"
#include "compiler/compile_report.h"
#include "compiler/plain_graph.h"
#include "kernels/framework/attr.h"
#include "om/model.h"
#include "om/prepared_spill.h"

namespace asim::atc {

struct CompileOptions {
  std::string soc_version = "Ascend310";
  std::string model_name = "model";
  std::string producer = "asim graph compiler";
  std::map<std::string, std::string> metadata;  // copied into om::Model::metadata
  // Dynamic models: the kind and, per gear, the values of the dynamic dimensions (batch:
  // {n}; image size: {h, w}; dims: the values of every -1 of the inputs, in input order).
  om::DynamicKind dynamic = om::DynamicKind::kNone;
  std::vector<std::vector<int64_t>> gears;
  // Convert constant inputs (conv weights -> FRACTAL_Z ...) at compile time instead of
  // inserting TransData nodes that convert them on every execution.
  bool fold_constant_conversions = true;
  // atc --enable_small_channel: convolutions with at most 4 fp16 input channels read them in
  // NC1HWC0_C04 (filter FRACTAL_Z_C04), and the AIPP stage writes that layout.
  bool small_channel = false;
  // Store what the kernels derive from the weights (repacked convolution filters) in the
  // model, for the loader to map instead of deriving it (prepared_data.h).
  bool prepare_weights = true;
  // Where that data goes: null = the model's memory (Model::prepared_blob); else appended to
  // this file, the model's blob then "in the source" (prepared_data.h): atc, which writes the
  // model with om::WriteModelFile(model, path, spill), does not hold it in memory. Not owned.
  om::PreparedSpill* prepared_spill = nullptr;
};

class GraphBuilder {
 public:
  // A graph input (its index is the order of the Input calls). -1 dims are allowed in
  // dynamic models (see CompileOptions::gears).
  int Input(std::string name, DataType dtype, std::vector<int64_t> dims, Format format = Format::kNchw);
  // A constant: `data` holds the elements (dims' product x dtype size bytes, copied); it
  // becomes a weight. Reshape's shape and similar inputs are read at compile time.
  int Constant(std::string name, DataType dtype, std::vector<int64_t> dims, const void* data);
  // An op of the kernel registry (docs/ops.md). `inputs` are value ids, -1 for an absent
  // optional input. Returns the ids of its first `num_outputs` outputs.
  std::vector<int> Op(std::string type, std::string name, std::vector<int> inputs, kernels::AttrMap attrs,
                      int num_outputs = 1);
  // Makes `value` graph output number <call order> named `name`, in its plain format, or
  // in `format` when that is an internal format (NC1HWC0 ...: a single op's output).
  void Output(int value, std::string name, Format format = Format::kUndefined);

  Status Compile(const CompileOptions& options, om::Model* out, CompileReport* report = nullptr) const;

  const PlainGraph& graph() const { return graph_; }

 private:
  bool CheckName(const std::string& what, const std::string& name);
  void Fail(const std::string& message);
  int NewValue(PlainValue::Kind kind, int index, int output);

  PlainGraph graph_;
  std::vector<std::string> names_;         // input, constant and op names (one namespace)
  std::vector<std::string> output_names_;  // output names (their own namespace)
};

}  // namespace asim::atc
