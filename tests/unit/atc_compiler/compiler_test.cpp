// The graph compiler: conversions, engines, memory plan, I/O descriptions, gears, names.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "base/fp16.h"
#include "compiler/graph_builder.h"
#include "tests/unit/atc_compiler/om_interpreter.h"

namespace asim::atc {
namespace {

using kernels::Engine;

std::vector<uint8_t> Halves(size_t n, float value) {
  std::vector<uint8_t> bytes(2 * n);
  const uint16_t h = FloatToHalf(value);
  for (size_t i = 0; i < n; ++i) std::memcpy(bytes.data() + 2 * i, &h, 2);
  return bytes;
}

kernels::AttrMap Conv3x3() {
  kernels::AttrMap a;
  a.Set("kernel_shape", std::vector<int64_t>{3, 3});
  a.Set("pads", std::vector<int64_t>{1, 1, 1, 1});
  return a;
}

// x [1,3,16,16] -> Conv(8, 3x3) -> Relu -> out, in `dtype`.
GraphBuilder ConvRelu(DataType dtype) {
  GraphBuilder b;
  const size_t size = DataTypeSize(dtype);
  std::vector<uint8_t> w(8 * 3 * 9 * size, 0), bias(8 * size, 0);
  const int x = b.Input("x", dtype, {1, 3, 16, 16});
  const int wc = b.Constant("w", dtype, {8, 3, 3, 3}, w.data());
  const int bc = b.Constant("b", dtype, {8}, bias.data());
  const int conv = b.Op("Conv", "conv1", {x, wc, bc}, Conv3x3())[0];
  b.Output(b.Op("Relu", "relu1", {conv}, {})[0], "out");
  return b;
}

const om::Node* FindNode(const om::Graph& g, const std::string& name) {
  for (const auto& n : g.nodes) {
    if (n.name == name) return &n;
  }
  return nullptr;
}

std::vector<std::string> NodeNames(const om::Graph& g) {
  std::vector<std::string> names;
  for (const auto& n : g.nodes) names.push_back(n.name);
  return names;
}

TEST(Compiler, Fp16ConvOn310GetsTransDataAroundTheAiCoreKernel) {
  om::Model model;
  CompileReport report;
  ASSERT_TRUE(ConvRelu(DataType::kFloat16).Compile({}, &model, &report).ok());
  ASSERT_EQ(model.graphs.size(), 1u);
  const om::Graph& g = model.graphs[0];
  EXPECT_EQ(NodeNames(g), (std::vector<std::string>{"conv1_input0_TransData", "conv1", "relu1", "out_TransData"}));
  const om::Node* conv = FindNode(g, "conv1");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->engine, Engine::kAiCore);
  const om::Tensor& x = g.tensors[static_cast<size_t>(conv->inputs[0])];
  const om::Tensor& w = g.tensors[static_cast<size_t>(conv->inputs[1])];
  EXPECT_EQ(x.desc.format, Format::kNc1hwc0);
  EXPECT_EQ(x.desc.origin_format, Format::kNchw);
  EXPECT_EQ(x.desc.origin_dims, (std::vector<int64_t>{1, 3, 16, 16}));
  EXPECT_EQ(x.place, om::TensorPlace::kWork);
  EXPECT_EQ(w.desc.format, Format::kFractalZ);  // converted at compile time
  EXPECT_EQ(w.place, om::TensorPlace::kWeight);
  // Relu stays on NC1HWC0; the way back to NCHW writes the output buffer.
  const om::Node* relu = FindNode(g, "relu1");
  EXPECT_EQ(g.tensors[static_cast<size_t>(relu->inputs[0])].desc.format, Format::kNc1hwc0);
  const om::Node* back = FindNode(g, "out_TransData");
  const om::Tensor& out = g.tensors[static_cast<size_t>(back->outputs[0])];
  EXPECT_EQ(out.place, om::TensorPlace::kOutput);
  EXPECT_EQ(out.desc.format, Format::kNchw);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{1, 8, 16, 16}));
  EXPECT_EQ(model.outputs[0].size, 8u * 16 * 16 * 2);
  EXPECT_EQ(model.soc_version, "Ascend310");
  EXPECT_EQ(model.producer, "asim graph compiler");
  EXPECT_EQ(testing::CheckWorkPlan(g), "");
  ASSERT_NE(report.Find("conv1_input0_TransData"), nullptr);
  EXPECT_TRUE(report.Find("conv1_input0_TransData")->inserted);
  EXPECT_EQ(report.Find("conv1")->engine, Engine::kAiCore);
  EXPECT_EQ(report.CountOn(Engine::kAiCpu), 0u);
}

TEST(Compiler, WithoutFoldingTheWeightGetsATransDataNode) {
  CompileOptions options;
  options.fold_constant_conversions = false;
  om::Model model;
  ASSERT_TRUE(ConvRelu(DataType::kFloat16).Compile(options, &model).ok());
  const om::Graph& g = model.graphs[0];
  const om::Node* convert = FindNode(g, "conv1_input1_TransData");
  ASSERT_NE(convert, nullptr);
  EXPECT_EQ(g.tensors[static_cast<size_t>(convert->inputs[0])].place, om::TensorPlace::kWeight);
  EXPECT_EQ(g.tensors[static_cast<size_t>(convert->inputs[0])].desc.format, Format::kNchw);
  EXPECT_EQ(g.tensors[static_cast<size_t>(convert->outputs[0])].desc.format, Format::kFractalZ);
}

TEST(Compiler, Fp32ConvOn310LandsOnAiCpuWithTheReason) {
  om::Model model;
  CompileReport report;
  ASSERT_TRUE(ConvRelu(DataType::kFloat).Compile({}, &model, &report).ok());
  const NodeReport* conv = report.Find("conv1");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->engine, Engine::kAiCpu);
  EXPECT_NE(conv->reason.find("cube"), std::string::npos) << conv->reason;
  EXPECT_EQ(NodeNames(model.graphs[0]), (std::vector<std::string>{"conv1", "relu1"}));  // plain NCHW throughout
  EXPECT_NE(report.ToString().find("AI_CPU"), std::string::npos);

  CompileOptions b2;
  b2.soc_version = "Ascend910B2";  // fp32 cube
  ASSERT_TRUE(ConvRelu(DataType::kFloat).Compile(b2, &model, &report).ok());
  EXPECT_EQ(report.Find("conv1")->engine, Engine::kAiCore);
  EXPECT_EQ(model.soc_version, "Ascend910B2");
}

TEST(Compiler, DynamicBatchGivesOneGraphPerGearAndTheDynamicTensor) {
  GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {-1, 3, 4, 5}, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, {-1, 3, 4, 5}, Format::kNd);
  b.Output(b.Op("Add", "add", {x, y}, {})[0], "out");
  CompileOptions options;
  options.dynamic = om::DynamicKind::kBatch;
  options.gears = {{1}, {2}, {4}};
  om::Model model;
  Status st = b.Compile(options, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.graphs.size(), 3u);
  ASSERT_EQ(model.inputs.size(), 3u);
  EXPECT_EQ(model.inputs[0].dims, (std::vector<int64_t>{-1, 3, 4, 5}));
  EXPECT_EQ(model.inputs[0].size, 4u * 60 * 4);
  EXPECT_EQ(model.inputs[2].name, om::kDynamicTensorName);
  EXPECT_EQ(model.inputs[2].dtype, DataType::kInt64);
  EXPECT_EQ(model.inputs[2].dims, (std::vector<int64_t>{1}));
  EXPECT_EQ(model.inputs[2].size, 8u);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1, 3, 4, 5}));
  EXPECT_EQ(model.outputs[0].size, 4u * 60 * 4);
  for (size_t g = 0; g < 3; ++g) {
    const om::Graph& graph = model.graphs[g];
    int dynamic = -1;
    for (size_t t = 0; t < graph.tensors.size(); ++t) {
      if (graph.tensors[t].name == om::kDynamicTensorName) dynamic = static_cast<int>(t);
      if (graph.tensors[t].place == om::TensorPlace::kInput && graph.tensors[t].io_index == 0) {
        EXPECT_EQ(graph.tensors[t].desc.dims[0], model.gears[g][0]);
      }
    }
    ASSERT_GE(dynamic, 0);
    EXPECT_EQ(graph.tensors[static_cast<size_t>(dynamic)].place, om::TensorPlace::kInput);
    EXPECT_EQ(graph.tensors[static_cast<size_t>(dynamic)].io_index, 2u);
    for (const auto& n : graph.nodes) {
      EXPECT_EQ(std::count(n.inputs.begin(), n.inputs.end(), dynamic), 0);
    }
  }
}

TEST(Compiler, DynamicImageSizeSharesOneConvertedWeight) {
  GraphBuilder b;
  std::vector<uint8_t> w = Halves(4 * 3 * 9, 0.25f);
  const int x = b.Input("x", DataType::kFloat16, {1, 3, -1, -1});
  const int wc = b.Constant("w", DataType::kFloat16, {4, 3, 3, 3}, w.data());
  b.Output(b.Op("Conv", "conv1", {x, wc, -1}, Conv3x3())[0], "out");
  CompileOptions options;
  options.dynamic = om::DynamicKind::kImageSize;
  options.gears = {{8, 8}, {16, 24}};
  om::Model model;
  Status st = b.Compile(options, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(model.graphs.size(), 2u);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{1, 4, -1, -1}));
  EXPECT_EQ(model.outputs[0].size, 4u * 16 * 24 * 2);
  EXPECT_EQ(model.inputs[1].dims, (std::vector<int64_t>{2}));
  const om::Node* c0 = FindNode(model.graphs[0], "conv1");
  const om::Node* c1 = FindNode(model.graphs[1], "conv1");
  const om::Tensor& w0 = model.graphs[0].tensors[static_cast<size_t>(c0->inputs[1])];
  const om::Tensor& w1 = model.graphs[1].tensors[static_cast<size_t>(c1->inputs[1])];
  EXPECT_EQ(w0.place, om::TensorPlace::kWeight);
  EXPECT_EQ(w0.offset, w1.offset);
  EXPECT_EQ(model.weights.size(), (w0.size + om::kWeightAlignment - 1) / om::kWeightAlignment * om::kWeightAlignment);
}

TEST(Compiler, DynamicDimsFillsEveryMinusOneInInputOrder) {
  GraphBuilder b;
  const int x = b.Input("x", DataType::kFloat, {-1, 4}, Format::kNd);
  const int y = b.Input("y", DataType::kFloat, {2, -1}, Format::kNd);
  b.Output(b.Op("MatMul", "mm", {x, y}, {})[0], "out");
  CompileOptions options;
  options.dynamic = om::DynamicKind::kDims;
  options.gears = {{3, 5}, {1, 7}};
  om::Model model;
  ASSERT_FALSE(b.Compile(options, &model).ok());  // [3,4] x [2,5] does not multiply
  GraphBuilder ok;
  const int a = ok.Input("a", DataType::kFloat, {-1, 4}, Format::kNd);
  const int c = ok.Input("c", DataType::kFloat, {4, -1}, Format::kNd);
  ok.Output(ok.Op("MatMul", "mm", {a, c}, {})[0], "out");
  Status st = ok.Compile(options, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{-1, -1}));
  EXPECT_EQ(model.outputs[0].size, 15u * 4);  // [3,5] is the largest output
  EXPECT_EQ(model.inputs[2].dims, (std::vector<int64_t>{2}));
}

TEST(Compiler, WorkMemoryIsReusedAlongAChain) {
  GraphBuilder b;
  int v = b.Input("x", DataType::kFloat, {1, 4096}, Format::kNd);
  for (int i = 0; i < 8; ++i) v = b.Op(i % 2 ? "Abs" : "Neg", "op" + std::to_string(i), {v}, {})[0];
  b.Output(v, "out");
  om::Model model;
  ASSERT_TRUE(b.Compile({}, &model).ok());
  const om::Graph& g = model.graphs[0];
  EXPECT_EQ(testing::CheckWorkPlan(g), "");
  size_t work_tensors = 0;
  for (const auto& t : g.tensors) work_tensors += t.place == om::TensorPlace::kWork ? 1 : 0;
  EXPECT_EQ(work_tensors, 7u);
  EXPECT_EQ(g.work_size, 2u * 16384);  // two slots alternate
}

TEST(Compiler, OutputsThatNoNodeWouldProduceGetIdentityNodes) {
  GraphBuilder b;
  const float one = 1.0f;
  const int x = b.Input("x", DataType::kFloat, {1}, Format::kNd);
  const int c = b.Constant("c", DataType::kFloat, {1}, &one);
  const int r = b.Op("Relu", "relu", {x}, {})[0];
  b.Output(x, "x_out");
  b.Output(c, "c_out");
  b.Output(r, "r1");
  b.Output(r, "r2");
  om::Model model;
  Status st = b.Compile({}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(NodeNames(model.graphs[0]),
            (std::vector<std::string>{"relu", "x_out_Identity", "c_out_Identity", "r2_Identity"}));
  std::vector<int> producers(4, 0);
  for (const auto& n : model.graphs[0].nodes) {
    for (int32_t t : n.outputs) {
      const om::Tensor& tensor = model.graphs[0].tensors[static_cast<size_t>(t)];
      if (tensor.place == om::TensorPlace::kOutput) ++producers[tensor.io_index];
    }
  }
  EXPECT_EQ(producers, (std::vector<int>{1, 1, 1, 1}));
}

TEST(Compiler, ReshapeReadsItsConstantShape) {
  GraphBuilder b;
  const int64_t shape[] = {4, -1};
  const int x = b.Input("x", DataType::kFloat, {2, 3, 4}, Format::kNd);
  const int s = b.Constant("shape", DataType::kInt64, {2}, shape);
  b.Output(b.Op("Reshape", "reshape", {x, s}, {})[0], "out");
  om::Model model;
  Status st = b.Compile({}, &model);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{4, 6}));
}

TEST(Compiler, AConstantUsedTwiceIsStoredOnce) {
  GraphBuilder b;
  std::vector<float> values(100, 2.0f);
  const int x = b.Input("x", DataType::kFloat, {100}, Format::kNd);
  const int c = b.Constant("c", DataType::kFloat, {100}, values.data());
  const int a = b.Op("Add", "add", {x, c}, {})[0];
  b.Output(b.Op("Mul", "mul", {a, c}, {})[0], "out");
  om::Model model;
  ASSERT_TRUE(b.Compile({}, &model).ok());
  EXPECT_EQ(model.weights.size(), 448u);  // 400 bytes, padded to 64
}

TEST(Compiler, NamesAreStableAndInsertedOnesUnique) {
  GraphBuilder b = ConvRelu(DataType::kFloat16);
  om::Model m1, m2;
  ASSERT_TRUE(b.Compile({}, &m1).ok());
  ASSERT_TRUE(b.Compile({}, &m2).ok());
  EXPECT_TRUE(m1 == m2);

  GraphBuilder clash;
  std::vector<uint8_t> w = Halves(8 * 3 * 9, 0.5f);
  const int x = clash.Input("x", DataType::kFloat16, {1, 3, 8, 8});
  const int wc = clash.Constant("w", DataType::kFloat16, {8, 3, 3, 3}, w.data());
  const int conv = clash.Op("Conv", "conv1", {x, wc, -1}, Conv3x3())[0];
  clash.Output(clash.Op("Relu", "conv1_input0_TransData", {conv}, {})[0], "out");
  om::Model model;
  ASSERT_TRUE(clash.Compile({}, &model).ok());
  EXPECT_EQ(NodeNames(model.graphs[0]),
            (std::vector<std::string>{"conv1_input0_TransData_1", "conv1", "conv1_input0_TransData", "out_TransData"}));
}

TEST(Compiler, InternalLayoutGoesBackForOpsThatNeedThePlainOne) {
  // Conv -> Softmax over channels: Softmax accepts only plain layouts.
  GraphBuilder b;
  std::vector<uint8_t> w = Halves(8 * 3 * 9, 0.1f);
  const int x = b.Input("x", DataType::kFloat16, {1, 3, 8, 8});
  const int wc = b.Constant("w", DataType::kFloat16, {8, 3, 3, 3}, w.data());
  const int conv = b.Op("Conv", "conv1", {x, wc, -1}, Conv3x3())[0];
  kernels::AttrMap axis;
  axis.Set("axis", int64_t{1});
  b.Output(b.Op("Softmax", "softmax", {conv}, axis)[0], "out");
  om::Model model;
  ASSERT_TRUE(b.Compile({}, &model).ok());
  EXPECT_EQ(NodeNames(model.graphs[0]),
            (std::vector<std::string>{"conv1_input0_TransData", "conv1", "softmax_input0_TransData", "softmax"}));
}

TEST(Compiler, AiCpuOnlyOpsSayWhyAndMetadataIsKept) {
  GraphBuilder b;
  b.Output(b.Op("Shape", "shape", {b.Input("x", DataType::kFloat, {2, 3}, Format::kNd)}, {})[0], "out");
  CompileOptions options;
  options.metadata = {{"command", "atc --framework=5"}};
  om::Model model;
  CompileReport report;
  Status st = b.Compile(options, &model, &report);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(model.outputs[0].dtype, DataType::kInt64);
  EXPECT_EQ(model.outputs[0].dims, (std::vector<int64_t>{2}));
  ASSERT_NE(report.Find("shape"), nullptr);
  EXPECT_EQ(report.Find("shape")->engine, Engine::kAiCpu);
  EXPECT_EQ(report.Find("shape")->reason, "no AI Core kernel for op type Shape");
  EXPECT_EQ(model.metadata.at("command"), "atc --framework=5");
}

}  // namespace
}  // namespace asim::atc
