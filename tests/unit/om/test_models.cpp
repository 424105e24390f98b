// The reference models and byte helpers of test_models.h.
#include "tests/unit/om/test_models.h"

#include <cmath>
#include <cstdlib>
#include <limits>

#include "om/byte_io.h"
#include "om/om_writer.h"

namespace asim::om::testing {
namespace {

Tensor MakeTensor(std::string name, DataType dtype, Format format, std::vector<int64_t> dims, TensorPlace place,
                  uint64_t offset, uint64_t size, uint32_t io_index = 0) {
  Tensor t;
  t.name = std::move(name);
  t.desc.dtype = dtype;
  t.desc.format = format;
  t.desc.dims = std::move(dims);
  t.place = place;
  t.io_index = io_index;
  t.offset = offset;
  t.size = size;
  return t;
}

IoDesc MakeIo(std::string name, DataType dtype, Format format, std::vector<int64_t> dims, uint64_t size) {
  IoDesc io;
  io.name = std::move(name);
  io.dtype = dtype;
  io.format = format;
  io.dims = std::move(dims);
  io.size = size;
  return io;
}

}  // namespace

Model MakeConvReluModel() {
  Model m;
  m.name = "conv_relu";
  m.soc_version = "Ascend310";
  m.producer = "om unit test";
  m.metadata["framework"] = "onnx";
  m.metadata["precision_mode"] = "allow_fp32_to_fp16";
  m.inputs.push_back(MakeIo("x", DataType::kFloat, Format::kNchw, {1, 3, 8, 8}, 768));
  m.outputs.push_back(MakeIo("y", DataType::kFloat, Format::kNchw, {1, 4, 8, 8}, 1024));

  // Weights: w [4,3,3,3] fp32 (432 bytes) at 0, b [4] fp32 (16 bytes) at 448.
  m.weights.resize(464);
  for (size_t i = 0; i < m.weights.size(); ++i) m.weights[i] = static_cast<uint8_t>(i * 7 + 3);

  Graph g;
  g.work_size = 1536;
  g.tensors.push_back(MakeTensor("x", DataType::kFloat, Format::kNchw, {1, 3, 8, 8}, TensorPlace::kInput, 0, 768));
  g.tensors.push_back(
      MakeTensor("conv1.weight", DataType::kFloat, Format::kNchw, {4, 3, 3, 3}, TensorPlace::kWeight, 0, 432));
  g.tensors.push_back(MakeTensor("conv1.bias", DataType::kFloat, Format::kNd, {4}, TensorPlace::kWeight, 448, 16));
  g.tensors.push_back(
      MakeTensor("conv1_out", DataType::kFloat, Format::kNchw, {1, 4, 8, 8}, TensorPlace::kWork, 0, 1024));
  g.tensors.push_back(MakeTensor("y", DataType::kFloat, Format::kNchw, {1, 4, 8, 8}, TensorPlace::kOutput, 0, 1024));

  Node conv;
  conv.name = "conv1";
  conv.type = "Conv2D";
  conv.engine = kernels::Engine::kAiCore;
  conv.inputs = {0, 1, 2};
  conv.outputs = {3};
  conv.attrs.Set("strides", std::vector<int64_t>{1, 1, 1, 1});
  conv.attrs.Set("pads", std::vector<int64_t>{1, 1, 1, 1});
  conv.attrs.Set("dilations", std::vector<int64_t>{1, 1, 1, 1});
  conv.attrs.Set("groups", int64_t{1});
  conv.attrs.Set("data_format", std::string("NCHW"));
  conv.workspace_offset = 1024;
  conv.workspace_size = 512;
  g.nodes.push_back(conv);

  Node relu;
  relu.name = "relu1";
  relu.type = "Relu";
  relu.engine = kernels::Engine::kAiCore;
  relu.inputs = {3};
  relu.outputs = {4};
  g.nodes.push_back(relu);
  m.graphs.push_back(g);
  return m;
}

Model MakeDynamicBatchModel() {
  Model m;
  m.name = "dyn_batch";
  m.soc_version = "Ascend310P3";
  m.producer = "om unit test";
  m.dynamic = DynamicKind::kBatch;
  m.gears = {{1}, {4}};
  m.inputs.push_back(MakeIo("x", DataType::kFloat16, Format::kNchw, {-1, 3, 4, 4}, 4 * 3 * 4 * 4 * 2));
  m.inputs.push_back(MakeIo(kDynamicTensorName, DataType::kInt64, Format::kNd, {1}, 8));
  m.outputs.push_back(MakeIo("y", DataType::kFloat16, Format::kNchw, {-1, 3, 4, 4}, 4 * 3 * 4 * 4 * 2));
  m.weights.assign(64, 0x11);  // one fp16 [3] scale at 0 (6 bytes)
  for (int64_t batch : {1, 4}) {
    const uint64_t bytes = static_cast<uint64_t>(batch) * 3 * 4 * 4 * 2;
    Graph g;
    g.work_size = 1024 * static_cast<uint64_t>(batch);
    g.tensors.push_back(
        MakeTensor("x", DataType::kFloat16, Format::kNchw, {batch, 3, 4, 4}, TensorPlace::kInput, 0, bytes));
    g.tensors.push_back(MakeTensor("scale", DataType::kFloat16, Format::kNd, {3}, TensorPlace::kWeight, 0, 6));
    g.tensors.push_back(
        MakeTensor("mul_out", DataType::kFloat16, Format::kNchw, {batch, 3, 4, 4}, TensorPlace::kWork, 0, 512));
    g.tensors.push_back(
        MakeTensor("y", DataType::kFloat16, Format::kNchw, {batch, 3, 4, 4}, TensorPlace::kOutput, 0, bytes));
    Node mul;
    mul.name = "mul";
    mul.type = "Mul";
    mul.inputs = {0, 1};
    mul.outputs = {2};
    g.nodes.push_back(mul);
    Node clip;  // Clip(x, min, max) with an absent `min`
    clip.name = "clip";
    clip.type = "Clip";
    clip.engine = kernels::Engine::kAiCpu;
    clip.inputs = {2, -1, 1};
    clip.outputs = {3};
    g.nodes.push_back(clip);
    m.graphs.push_back(g);
  }
  return m;
}

Model MakeDataDependentModel() {
  Model m;
  m.name = "nonzero_cast";
  m.soc_version = "Ascend310";
  m.producer = "om unit test";
  m.inputs.push_back(MakeIo("x", DataType::kInt32, Format::kNd, {2, 3}, 24));
  m.outputs.push_back(MakeIo("y", DataType::kFloat, Format::kNd, {-1, -1}, 48));
  Graph g;
  g.work_size = 512;
  g.tensors.push_back(MakeTensor("x", DataType::kInt32, Format::kNd, {2, 3}, TensorPlace::kInput, 0, 24));
  g.tensors.push_back(MakeTensor("nz", DataType::kInt64, Format::kNd, {2, 6}, TensorPlace::kWork, 0, 512));
  g.tensors.back().dynamic = true;
  g.tensors.push_back(MakeTensor("y", DataType::kFloat, Format::kNd, {2, 6}, TensorPlace::kOutput, 0, 48));
  g.tensors.back().dynamic = true;
  Node nonzero;
  nonzero.name = "nonzero";
  nonzero.type = "NonZero";
  nonzero.engine = kernels::Engine::kAiCpu;
  nonzero.inputs = {0};
  nonzero.outputs = {1};
  g.nodes.push_back(nonzero);
  Node cast;
  cast.name = "cast";
  cast.type = "Cast";
  cast.engine = kernels::Engine::kAiCpu;
  cast.inputs = {1};
  cast.outputs = {2};
  cast.attrs.Set("to", DataType::kFloat);
  g.nodes.push_back(cast);
  m.graphs.push_back(g);
  return m;
}

Model MakeAllAttrsModel() {
  Model m;
  m.name = "all_attrs";
  m.soc_version = "Ascend910B2";
  m.producer = "om unit test";
  m.metadata["command"] = "atc --model=x.onnx --framework=5 --output=all_attrs --soc_version=Ascend910B2";
  m.metadata["empty"] = "";
  m.inputs.push_back(MakeIo("x", DataType::kFloat16, Format::kNchw, {1, 16, 2, 2}, 128));
  m.outputs.push_back(MakeIo("y", DataType::kFloat16, Format::kNc1hwc0, {1, 1, 2, 2, 16}, 128));
  Graph g;
  g.work_size = 0;
  g.tensors.push_back(MakeTensor("x", DataType::kFloat16, Format::kNchw, {1, 16, 2, 2}, TensorPlace::kInput, 0, 128));
  Tensor y = MakeTensor("y", DataType::kFloat16, Format::kNc1hwc0, {1, 1, 2, 2, 16}, TensorPlace::kOutput, 0, 128);
  y.desc.origin_format = Format::kNchw;
  y.desc.origin_dims = {1, 16, 2, 2};
  g.tensors.push_back(y);
  Node n;
  n.name = "everything";
  n.type = "TransData";
  n.engine = kernels::Engine::kAiCpu;
  n.inputs = {0};
  n.outputs = {1};
  n.attrs.Set("b_false", false);
  n.attrs.Set("b_true", true);
  n.attrs.Set("i_neg", int64_t{-42});
  n.attrs.Set("i_max", std::numeric_limits<int64_t>::max());
  n.attrs.Set("f", 0.5f);
  n.attrs.Set("f_neg_zero", -0.0f);
  n.attrs.Set("f_inf", std::numeric_limits<float>::infinity());
  n.attrs.Set("s", std::string("NC1HWC0"));
  n.attrs.Set("s_binary", std::string("a\0b\xff", 4));
  n.attrs.Set("s_empty", std::string());
  n.attrs.Set("dt", DataType::kBf16);
  n.attrs.Set("lb", std::vector<bool>{true, false, true});
  n.attrs.Set("li", std::vector<int64_t>{1, -2, 3});
  n.attrs.Set("li_empty", std::vector<int64_t>{});
  n.attrs.Set("lf", std::vector<float>{1.5f, -2.25f});
  n.attrs.Set("ls", std::vector<std::string>{"a", "", "ccc"});
  n.attrs.Set("ldt", std::vector<DataType>{DataType::kFloat, DataType::kInt4, DataType::kUndefined});
  n.attrs.Set("lli", std::vector<std::vector<int64_t>>{{1, 2}, {}, {3}});
  g.nodes.push_back(n);
  m.graphs.push_back(g);
  return m;
}

Model MakePreparedModel() {
  Model m = MakeConvReluModel();
  m.name = "conv_relu_prepared";
  m.prepared_blob.resize(400);
  for (size_t i = 0; i < m.prepared_blob.size(); ++i) m.prepared_blob[i] = static_cast<uint8_t>(i * 13 + 5);
  PreparedData conv;
  conv.graph = 0;
  conv.node = 0;
  conv.kind = "test.conv_filter";
  conv.params = {4, 3, 3, 3, 16, -1};
  conv.offset = 0;
  conv.size = 200;
  PreparedData relu;
  relu.graph = 0;
  relu.node = 1;
  relu.kind = "test.relu_table";
  relu.offset = 256;
  relu.size = 100;
  m.prepared = {conv, relu};
  return m;
}

Model MakePreparedGearsModel() {
  Model m = MakeDynamicBatchModel();
  m.name = "dyn_batch_prepared";
  m.prepared_blob.assign(3 * 64 + 10, 0);
  for (size_t i = 0; i < m.prepared_blob.size(); ++i) m.prepared_blob[i] = static_cast<uint8_t>(255 - i);
  const struct {
    uint32_t graph, node;
    const char* kind;
    uint64_t offset, size;
  } entries[] = {{0, 0, "test.mul_scale", 0, 6}, {1, 0, "test.mul_scale", 64, 64}, {1, 1, "k", 192, 10}};
  for (const auto& e : entries) {
    PreparedData p;
    p.graph = e.graph;
    p.node = e.node;
    p.kind = e.kind;
    p.params = {e.graph, e.node};
    p.offset = e.offset;
    p.size = e.size;
    m.prepared.push_back(p);
  }
  return m;
}

std::vector<uint8_t> Encode(const Model& model) {
  std::vector<uint8_t> bytes;
  Status s = WriteModel(model, &bytes);
  if (!s.ok()) std::abort();  // the reference models are valid; a test failing here is a bug
  return bytes;
}

uint32_t GetU32(const std::vector<uint8_t>& bytes, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{bytes.at(at + i)} << (8 * i);
  return v;
}

void PutU32(std::vector<uint8_t>* bytes, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) bytes->at(at + i) = static_cast<uint8_t>(v >> (8 * i));
}

void PutU64(std::vector<uint8_t>* bytes, size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) bytes->at(at + i) = static_cast<uint8_t>(v >> (8 * i));
}

static uint64_t GetU64(const std::vector<uint8_t>& bytes, size_t at) {
  return uint64_t{GetU32(bytes, at)} | uint64_t{GetU32(bytes, at + 4)} << 32;
}

Span FindSection(const std::vector<uint8_t>& bytes, SectionKind kind) {
  const uint32_t soc = GetU32(bytes, kOffSocLength);
  const uint32_t count = GetU32(bytes, kOffSectionCount);
  const size_t table = kFixedHeaderBytes + (soc + 7) / 8 * 8;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t e = table + i * kSectionEntryBytes;
    if (GetU32(bytes, e) == static_cast<uint32_t>(kind)) return Span{GetU64(bytes, e + 8), GetU64(bytes, e + 16), e};
  }
  std::abort();
}

PreparedEntryAt FindPreparedEntry(const std::vector<uint8_t>& bytes, const Model& model, size_t i) {
  uint64_t at = FindSection(bytes, SectionKind::kPrepared).offset + kPreparedTableHeaderBytes;
  for (size_t e = 0;; ++e) {
    const PreparedData& p = model.prepared.at(e);
    PreparedEntryAt where;
    where.graph = at;
    where.node = at + 4;
    where.kind = at + 8;
    where.param_count = where.kind + 4 + p.kind.size();
    where.offset = where.param_count + 4 + 8 * p.params.size();
    where.size = where.offset + 8;
    if (e == i) return where;
    at = where.size + 8;
  }
}

uint64_t PreparedBlobAt(const std::vector<uint8_t>& bytes, const Model& model) {
  const Span s = FindSection(bytes, SectionKind::kPrepared);
  return s.offset + s.length - model.prepared_blob.size();
}

void FixCrcs(std::vector<uint8_t>* bytes) {
  if (bytes->size() < kFixedHeaderBytes) return;
  const uint64_t soc = GetU32(*bytes, kOffSocLength);
  const uint64_t count = GetU32(*bytes, kOffSectionCount);
  const uint64_t table = kFixedHeaderBytes + (soc + 7) / 8 * 8;
  if (count <= kMaxSections && table + count * kSectionEntryBytes <= bytes->size()) {
    for (uint64_t i = 0; i < count; ++i) {
      const size_t e = table + i * kSectionEntryBytes;
      const uint64_t offset = GetU64(*bytes, e + 8);
      const uint64_t length = GetU64(*bytes, e + 16);
      if (offset <= bytes->size() && length <= bytes->size() - offset) {
        PutU32(bytes, e + 24, Crc32(bytes->data() + offset, length));
      }
    }
  }
  const uint32_t header_size = GetU32(*bytes, kOffHeaderSize);
  PutU32(bytes, kOffHeaderCrc, 0);
  if (header_size <= bytes->size()) PutU32(bytes, kOffHeaderCrc, Crc32(bytes->data(), header_size));
}

}  // namespace asim::om::testing
