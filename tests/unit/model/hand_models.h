// Small om::Models written by hand for the executor's tests (no graph compiler involved):
// y = Relu(x0 + x1) (fp32 ND, AI Core vector kernels) and its dynamic-batch variant;
// NonZero -> Cast -> Add and Unique, whose output dims are decided by the data.
// Thread safety: pure functions. Failure: none (the models are valid by construction;
// tests check Validate()).
#pragma once

#include <cstdint>
#include <cstring>
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

inline om::Tensor MakeTensor(const std::string& name, DataType dtype, std::vector<int64_t> dims, om::TensorPlace place,
                             uint32_t io_index, uint64_t offset, uint64_t size, bool dynamic) {
  om::Tensor t;
  t.name = name;
  t.desc = om::TensorDesc{dtype, Format::kNd, std::move(dims), Format::kUndefined, {}};
  t.place = place;
  t.io_index = io_index;
  t.offset = offset;
  t.size = size;
  t.dynamic = dynamic;
  return t;
}

// x fp32 [rows, cols] -> NonZero (AI CPU) -> nz int64 [2, rows*cols] (dynamic)
//   -> Cast to fp32 (AI CPU) -> c [2, n] (dynamic) -> Add(c, 1.0 weight) (AI Core) -> y.
inline om::Model NonZeroModel(int64_t rows, int64_t cols, bool mark_dynamic = true) {
  const int64_t n = rows * cols;
  om::Model m;
  m.name = "nonzero_cast_add";
  m.soc_version = "Ascend310";
  m.producer = "tests/unit/model";
  const uint64_t x_bytes = static_cast<uint64_t>(n) * 4, y_bytes = static_cast<uint64_t>(2 * n) * 4;
  m.inputs = {{"x", DataType::kFloat, Format::kNd, {rows, cols}, x_bytes}};
  m.outputs = {{"y", DataType::kFloat, Format::kNd, {-1, -1}, y_bytes}};
  if (!mark_dynamic) m.outputs[0].dims = {2, n};
  m.weights.assign(64, 0);
  const float one = 1.0f;
  std::memcpy(m.weights.data(), &one, sizeof one);
  om::Graph g;
  const uint64_t nz_reserved = (static_cast<uint64_t>(2 * n) * 8 + 511) / 512 * 512;
  const uint64_t c_reserved = (y_bytes + 511) / 512 * 512;
  g.tensors.push_back(MakeTensor("x", DataType::kFloat, {rows, cols}, om::TensorPlace::kInput, 0, 0, x_bytes, false));
  g.tensors.push_back(
      MakeTensor("nz", DataType::kInt64, {2, n}, om::TensorPlace::kWork, 0, 0, nz_reserved, mark_dynamic));
  g.tensors.push_back(
      MakeTensor("c", DataType::kFloat, {2, n}, om::TensorPlace::kWork, 0, nz_reserved, c_reserved, mark_dynamic));
  g.tensors.push_back(MakeTensor("one", DataType::kFloat, {1}, om::TensorPlace::kWeight, 0, 0, 4, false));
  g.tensors.push_back(MakeTensor("y", DataType::kFloat, {2, n}, om::TensorPlace::kOutput, 0, 0, y_bytes, mark_dynamic));
  g.work_size = nz_reserved + c_reserved;
  om::Node nonzero;
  nonzero.name = "nonzero";
  nonzero.type = "NonZero";
  nonzero.engine = kernels::Engine::kAiCpu;
  nonzero.inputs = {0};
  nonzero.outputs = {1};
  om::Node cast;
  cast.name = "cast";
  cast.type = "Cast";
  cast.engine = kernels::Engine::kAiCpu;
  cast.inputs = {1};
  cast.outputs = {2};
  cast.attrs.Set("to", DataType::kFloat);
  om::Node add;
  add.name = "add";
  add.type = "Add";
  add.engine = kernels::Engine::kAiCore;
  add.inputs = {2, 3};
  add.outputs = {4};
  g.nodes = {nonzero, cast, add};
  m.graphs = {g};
  return m;
}

// x fp32 [n] -> Unique (sorted) -> Y [n], indices [n], counts [n] (dynamic), inverse [n] (exact).
inline om::Model UniqueModel(int64_t n) {
  om::Model m;
  m.name = "unique";
  m.soc_version = "Ascend310";
  m.producer = "tests/unit/model";
  const uint64_t f = static_cast<uint64_t>(n) * 4, l = static_cast<uint64_t>(n) * 8;
  m.inputs = {{"x", DataType::kFloat, Format::kNd, {n}, f}};
  m.outputs = {{"y", DataType::kFloat, Format::kNd, {-1}, f},
               {"indices", DataType::kInt64, Format::kNd, {-1}, l},
               {"inverse", DataType::kInt64, Format::kNd, {n}, l},
               {"counts", DataType::kInt64, Format::kNd, {-1}, l}};
  om::Graph g;
  g.tensors.push_back(MakeTensor("x", DataType::kFloat, {n}, om::TensorPlace::kInput, 0, 0, f, false));
  g.tensors.push_back(MakeTensor("y", DataType::kFloat, {n}, om::TensorPlace::kOutput, 0, 0, f, true));
  g.tensors.push_back(MakeTensor("indices", DataType::kInt64, {n}, om::TensorPlace::kOutput, 1, 0, l, true));
  g.tensors.push_back(MakeTensor("inverse", DataType::kInt64, {n}, om::TensorPlace::kOutput, 2, 0, l, false));
  g.tensors.push_back(MakeTensor("counts", DataType::kInt64, {n}, om::TensorPlace::kOutput, 3, 0, l, true));
  om::Node unique;
  unique.name = "unique";
  unique.type = "Unique";
  unique.engine = kernels::Engine::kAiCpu;
  unique.inputs = {0};
  unique.outputs = {1, 2, 3, 4};
  g.nodes = {unique};
  m.graphs = {g};
  return m;
}

// NonZero -> Add(nz, w int64 [2,12] zeros) -> Cast to fp32, x fp32 [3,4]: with all 12
// elements non-zero the dims fit; with fewer, [2,nnz] does not broadcast with [2,12] and the
// Add fails at execution (how the tests make a node fail on the actual dims).
inline om::Model NonZeroAddCastModel() {
  om::Model m = NonZeroModel(3, 4);
  om::Graph& g = m.graphs[0];
  m.weights.assign(256, 0);
  g.tensors[3] = MakeTensor("w", DataType::kInt64, {2, 12}, om::TensorPlace::kWeight, 0, 0, 192, false);
  g.tensors[2] = MakeTensor("sum", DataType::kInt64, {2, 12}, om::TensorPlace::kWork, 0, g.tensors[2].offset,
                            g.tensors[2].size, true);
  g.nodes[1].name = "add";
  g.nodes[1].type = "Add";
  g.nodes[1].attrs = {};
  g.nodes[1].inputs = {1, 3};
  g.nodes[2].name = "cast";
  g.nodes[2].type = "Cast";
  g.nodes[2].engine = kernels::Engine::kAiCpu;
  g.nodes[2].attrs.Set("to", DataType::kFloat);
  g.nodes[2].inputs = {2};
  return m;
}

}  // namespace asim::testing
