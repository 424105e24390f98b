// The converter's passes through ConvertModel: constant folding, BatchNorm folding,
// precision modes (weights, casts, engines), --input_fp16_nodes, --output_type, the AI CPU
// report, and Conv epilogue fusion.
#include <cstring>

#include "tests/onnx_conformance/om_interpreter.h"
#include "tests/unit/atc_onnx/onnx_test_util.h"

namespace asim::atc::testing {
namespace {

using onnx::TensorProto;
constexpr int32_t kF = TensorProto::FLOAT;

// x [1,2,4,4] -> Conv(2->4, 3x3, pad 1) -> BatchNormalization -> Relu -> y.
OnnxModel ConvNet() {
  OnnxModel m(13);
  m.Input("x", kF, {1, 2, 4, 4}).Output("y");
  std::vector<float> w(4 * 2 * 9);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.01f * static_cast<float>(i % 7) - 0.02f;
  m.Floats("w", {4, 2, 3, 3}, w).Floats("b", {4}, {0.1f, -0.1f, 0.2f, 0});
  m.Floats("sc", {4}, {1, 2, 0.5f, 1}).Floats("bb", {4}, {0, 1, 0, -1});
  m.Floats("mm", {4}, {0.1f, 0, 0.2f, 0}).Floats("vv", {4}, {1, 4, 1, 0.25f});
  SetInts(m.Node("Conv", {"x", "w", "b"}, {"c"}, "conv"), "pads", {1, 1, 1, 1});
  m.Node("BatchNormalization", {"c", "sc", "bb", "mm", "vv"}, {"n"}, "bn");
  m.Node("Relu", {"n"}, {"y"}, "relu");
  return m;
}

std::vector<float> Input() {
  std::vector<float> x(32);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 5) - 2.0f;
  return x;
}

bool HasNodeOfType(const om::Model& m, const std::string& type) {
  for (const auto& n : m.graphs[0].nodes) {
    if (n.type == type) return true;
  }
  return false;
}

TEST(AtcOnnxPasses, BatchNormFoldsIntoConvWithTheSameResult) {
  OnnxModel m = ConvNet();
  const std::string path = m.Save();
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(path, &model, &r).ok());
  EXPECT_EQ(r.folded_batchnorms, 1u);
  EXPECT_FALSE(HasNodeOfType(model, "BatchNormalization"));
  // The fusion record names the conv, the folded BatchNormalization and the fused Relu, in
  // that order: the dump's compare matches the conv's output with the last one's ground truth.
  std::vector<std::string> record;
  for (const auto& n : model.graphs[0].nodes) {
    if (const auto* v = n.attrs.Find("_datadump_original_op_names")) record = std::get<std::vector<std::string>>(*v);
  }
  EXPECT_EQ(record, (std::vector<std::string>{"conv", "bn", "relu"}));
  ConvertOptions off = TestOptions();
  off.fusion.passes["ConvBatchnormFusionPass"] = false;
  const auto folded = RunFloat(path, {Input()});
  const auto unfolded = RunFloat(path, {Input()}, off);
  ASSERT_EQ(folded.size(), unfolded.size());
  for (size_t i = 0; i < folded.size(); ++i) EXPECT_NEAR(folded[i], unfolded[i], 1e-5f) << i;
}

TEST(AtcOnnxPasses, ForceFp16ConvertsWeightsAndCastsTheIo) {
  OnnxModel m = ConvNet();
  ConvertOptions o = TestOptions();
  o.soc_version = "Ascend310";
  o.precision_mode = ir::PrecisionMode::kForceFp16;
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r, o).ok());
  EXPECT_EQ(model.inputs[0].dtype, DataType::kFloat);  // the user's dtypes stay
  EXPECT_EQ(model.outputs[0].dtype, DataType::kFloat);
  EXPECT_GE(r.precision.casts, 2u);
  EXPECT_EQ(r.report.CountOn(kernels::Engine::kAiCpu), 0u);
  const auto got = RunFloat(m.Save(), {Input()}, o);
  const auto want = RunFloat(m.Save(), {Input()});
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], 2e-2f) << i;
}

// The float ops an integer op becomes keep fp32 under force_fp16: MatMulInteger's sums (here
// 64 x 127 x 127 = 1032256) are exact, where fp16 would saturate them (65504) and round
// everything above 2048.
TEST(AtcOnnxPasses, ForceFp16LeavesTheArithmeticOfIntegerOpsExact) {
  OnnxModel m(13);
  m.Input("a", TensorProto::INT8, {1, 64}).Output("y", TensorProto::INT32);
  m.Node("MatMulInteger", {"a", "b"}, {"y"});
  auto* b = m.graph().add_initializer();
  b->set_name("b");
  b->set_data_type(TensorProto::INT8);
  b->add_dims(64);
  b->add_dims(2);
  for (int i = 0; i < 128; ++i) b->add_int32_data(i % 2 == 0 ? 127 : 3);
  ConvertOptions o = TestOptions();
  o.soc_version = "Ascend310";
  o.precision_mode = ir::PrecisionMode::kForceFp16;
  om::Model model;
  ASSERT_TRUE(Convert(m.Save(), &model, nullptr, o).ok());
  std::vector<uint8_t> a(64);
  for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<uint8_t>(i % 2 == 0 ? 127 : 125);
  std::vector<std::vector<uint8_t>> out;
  const Status st = RunModelOnHost(model, {a}, &out);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].size(), 2 * sizeof(int32_t));
  int32_t y[2] = {};
  std::memcpy(y, out[0].data(), sizeof y);
  EXPECT_EQ(y[0], 32 * 127 * 127 + 32 * 125 * 127);  // 1024128
  EXPECT_EQ(y[1], 32 * 127 * 3 + 32 * 125 * 3);      // 24192
}

TEST(AtcOnnxPasses, MustKeepOriginDtypeOn310PutsFp32ConvOnAiCpuWithAReason) {
  OnnxModel m = ConvNet();
  ConvertOptions o = TestOptions();
  o.soc_version = "Ascend310";
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r, o).ok());
  const std::string report = AiCpuReport(r.report, "convnet");
  EXPECT_NE(report.find("conv  Conv"), std::string::npos) << report;
  EXPECT_NE(report.find("fp32"), std::string::npos) << report;
}

TEST(AtcOnnxPasses, AllowFp32ToFp16KeepsFp32WhereTheAiCoreTakesIt) {
  OnnxModel m = ConvNet();
  ConvertOptions o = TestOptions();
  o.precision_mode = ir::PrecisionMode::kAllowFp32ToFp16;
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r, o).ok());  // Ascend910B2: fp32 cube
  EXPECT_EQ(r.precision.low_nodes, 0u);
  o.soc_version = "Ascend310";
  ASSERT_TRUE(Convert(m.Save(), &model, &r, o).ok());  // no fp32 cube: the conv goes fp16
  EXPECT_GE(r.precision.low_nodes, 1u);
  EXPECT_EQ(r.report.CountOn(kernels::Engine::kAiCpu), 0u);
}

TEST(AtcOnnxPasses, AllowMixPrecisionLowersCubeOpsOnly) {
  OnnxModel m(13);
  m.Input("x", kF, {2, 4}).Output("y").Floats("w", {4, 3}, std::vector<float>(12, 0.5f));
  m.Node("MatMul", {"x", "w"}, {"z"}, "mm");
  m.Node("Softmax", {"z"}, {"y"}, "sm");
  ConvertOptions o = TestOptions();
  o.precision_mode = ir::PrecisionMode::kAllowMixPrecision;
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r, o).ok());
  EXPECT_EQ(r.precision.low_nodes, 1u);   // MatMul
  EXPECT_EQ(r.precision.high_nodes, 1u);  // Softmax stays fp32
}

TEST(AtcOnnxPasses, InputFp16NodesAndOutputType) {
  OnnxModel m(13);
  m.Input("x", kF, {3}).Output("y");
  m.Node("Relu", {"x"}, {"y"}, "relu");
  ConvertOptions o = TestOptions();
  o.input_fp16_nodes = {"x"};
  o.output_types.all = DataType::kFloat16;
  om::Model model;
  ASSERT_TRUE(Convert(m.Save(), &model, nullptr, o).ok());
  EXPECT_EQ(model.inputs[0].dtype, DataType::kFloat16);
  EXPECT_EQ(model.outputs[0].dtype, DataType::kFloat16);
  o.output_types = {};
  o.output_types.per_output.push_back({"relu", 0, DataType::kUint8});
  ASSERT_TRUE(Convert(m.Save(), &model, nullptr, o).ok());
  EXPECT_EQ(model.outputs[0].dtype, DataType::kUint8);
  o.output_types.per_output[0].node = "nope";
  EXPECT_EQ(CodeOf(Convert(m.Save(), &model, nullptr, o)), "E16001");
  o.output_types = {};
  o.input_fp16_nodes = {"nope"};
  EXPECT_EQ(CodeOf(Convert(m.Save(), &model, nullptr, o)), "E16001");
}

TEST(AtcOnnxPasses, ConstantSubgraphsFold) {
  OnnxModel m(13);
  m.Input("x", kF, {3}).Output("y").Floats("a", {3}, {1, 2, 3}).Floats("b", {3}, {1, 1, 1});
  m.Node("Add", {"a", "b"}, {"k"}, "const_add");  // folds: both inputs are constants
  m.Node("Mul", {"x", "k"}, {"y"}, "mul");
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r).ok());
  EXPECT_FALSE(HasNodeOfType(model, "Add"));
  EXPECT_EQ(RunFloat(m.Save(), {{1, 1, 2}}), (std::vector<float>{2, 3, 8}));
}

TEST(AtcOnnxPasses, ConvReluAndConvAddReluFuseWhenTheKernelsTakeTheEpilogue) {
  OnnxModel m(13);
  m.Input("x", kF, {1, 2, 4, 4}).Output("y");
  m.Floats("w", {2, 2, 1, 1}, {1, 0, 0, 1});
  m.Node("Conv", {"x", "w"}, {"c"}, "conv");
  m.Node("Add", {"c", "x"}, {"s"}, "add");
  m.Node("Relu", {"s"}, {"y"}, "relu");
  om::Model model;
  ConvertResult r;
  ASSERT_TRUE(Convert(m.Save(), &model, &r).ok());
  std::vector<float> x(32);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 3) - 1.0f;
  std::vector<float> want;
  for (float v : x) want.push_back(std::max(0.0f, 2 * v));
  EXPECT_EQ(RunFloat(m.Save(), {x}), want);
  EXPECT_EQ(r.fused_convs, 1u) << "every Conv kernel of the registry takes a fused epilogue";
  EXPECT_FALSE(HasNodeOfType(model, "Relu"));
  EXPECT_FALSE(HasNodeOfType(model, "Add"));
}

}  // namespace
}  // namespace asim::atc::testing

namespace asim::atc::testing {
namespace {

TEST(AtcIrGraph, ReleaseUnreadConstantsFreesOnlyWhatNoLiveNodeReads) {
  ir::Graph g;
  const auto bytes = [](size_t n) { return std::make_shared<const std::vector<uint8_t>>(n, uint8_t{1}); };
  const int x = g.AddInput("x", DataType::kFloat, {4}, Format::kNd);
  const int read = g.AddConstant("read", DataType::kFloat, {4}, bytes(16));
  const int unread = g.AddConstant("unread", DataType::kFloat, {4}, bytes(16));
  const int by_dead = g.AddConstant("by_dead", DataType::kFloat, {4}, bytes(16));
  const int output = g.AddConstant("output", DataType::kFloat, {4}, bytes(16));
  const int shared = g.AddConstant("shared", DataType::kFloat, {4}, bytes(16));
  const ir::Bytes keep = g.value(shared).data;  // someone else holds these bytes
  const int add = g.AddNode("Add", "add", {x, read}, {}, 1);
  g.AddNode("Mul", "dead", {x, by_dead}, {}, 1);
  g.node(1).dead = true;
  g.outputs.push_back(ir::Output{g.node(add).outputs[0], "y"});
  g.outputs.push_back(ir::Output{output, "c"});
  EXPECT_EQ(g.ReleaseUnreadConstants(), 32u);  // unread and by_dead; shared's bytes live on elsewhere
  EXPECT_TRUE(g.value(read).is_constant());
  EXPECT_TRUE(g.value(output).is_constant());
  EXPECT_FALSE(g.value(unread).is_constant());
  EXPECT_FALSE(g.value(by_dead).is_constant());
  EXPECT_FALSE(g.value(shared).is_constant());
  EXPECT_EQ(keep.use_count(), 1);
}

}  // namespace
}  // namespace asim::atc::testing
