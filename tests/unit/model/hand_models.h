// Small om::Models written by hand for the executor's tests (no graph compiler involved):
// y = Relu(x0 + x1) (fp32 ND, AI Core vector kernels) and its dynamic-batch variant.
// Thread safety: pure functions. Failure: none (the models are valid by construction;
// tests check Validate()).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "om/model.h"

namespace asim::testing {

inline om::Graph AddReluGraph(int64_t batch, int64_t cols, int64_t in_size_bytes_bound) {
  (void)in_size_bytes_bound;
  const std::vector<int64_t> dims = {batch, cols};
  const uint64_t bytes = static_cast<uint64_t>(batch * cols) * sizeof(float);
  om::TensorDesc desc{DataType::kFloat, Format::kNd, dims, Format::kUndefined, {}};
  om::Graph g;
  g.tensors.push_back({"x0", desc, om::TensorPlace::kInput, 0, 0, bytes});
  g.tensors.push_back({"x1", desc, om::TensorPlace::kInput, 1, 0, bytes});
  g.tensors.push_back({"sum", desc, om::TensorPlace::kWork, 0, 0, (bytes + 511) / 512 * 512});
  g.tensors.push_back({"y", desc, om::TensorPlace::kOutput, 0, 0, bytes});
  om::Node add;
  add.name = "add";
  add.type = "Add";
  add.inputs = {0, 1};
  add.outputs = {2};
  om::Node relu;
  relu.name = "relu";
  relu.type = "Relu";
  relu.inputs = {2};
  relu.outputs = {3};
  g.nodes = {add, relu};
  g.work_size = g.tensors[2].size;
  return g;
}

// Static: x0, x1, y all fp32 [rows, cols].
inline om::Model AddReluModel(const std::string& soc = "Ascend310", int64_t rows = 4, int64_t cols = 8,
                              const std::string& name = "add_relu") {
  om::Model m;
  m.name = name;
  m.soc_version = soc;
  m.producer = "tests/unit/model";
  const uint64_t bytes = static_cast<uint64_t>(rows * cols) * sizeof(float);
  m.inputs = {{"x0", DataType::kFloat, Format::kNd, {rows, cols}, bytes},
              {"x1", DataType::kFloat, Format::kNd, {rows, cols}, bytes}};
  m.outputs = {{"y", DataType::kFloat, Format::kNd, {rows, cols}, bytes}};
  m.graphs = {AddReluGraph(rows, cols, 0)};
  return m;
}

// Dynamic batch: x0, x1, y fp32 [-1, cols], gears {1}, {2}, {4}.
inline om::Model DynamicAddReluModel(const std::string& soc = "Ascend310", int64_t cols = 8) {
  om::Model m;
  m.name = "dyn_add_relu";
  m.soc_version = soc;
  m.producer = "tests/unit/model";
  const std::vector<int64_t> gears = {1, 2, 4};
  const uint64_t max_bytes = static_cast<uint64_t>(4 * cols) * sizeof(float);
  m.inputs = {{"x0", DataType::kFloat, Format::kNd, {-1, cols}, max_bytes},
              {"x1", DataType::kFloat, Format::kNd, {-1, cols}, max_bytes},
              {om::kDynamicTensorName, DataType::kInt64, Format::kNd, {1}, sizeof(int64_t)}};
  m.outputs = {{"y", DataType::kFloat, Format::kNd, {-1, cols}, max_bytes}};
  m.dynamic = om::DynamicKind::kBatch;
  for (int64_t b : gears) {
    m.gears.push_back({b});
    om::Graph g = AddReluGraph(b, cols, 0);
    om::TensorDesc dyn{DataType::kInt64, Format::kNd, {1}, Format::kUndefined, {}};
    g.tensors.push_back({om::kDynamicTensorName, dyn, om::TensorPlace::kInput, 2, 0, sizeof(int64_t)});
    m.graphs.push_back(std::move(g));
  }
  return m;
}

}  // namespace asim::testing
