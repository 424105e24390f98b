// The Caffe front end at the network level: inputs (input_shape, input_dim, Input layers,
// --input_shape), the old V1 `layers` form, TEST-phase rules, in-place layers, outputs and
// --out_nodes, weights matched by layer name, dump names, and every failure's code and message.
#include <gtest/gtest.h>

#include <fstream>

#include "tests/unit/atc_caffe/caffe_test_util.h"
#include "tools/atc/passes/atc_error.h"

namespace asim::atc::testing {
namespace {

const char* kConvNet = R"(name: "small"
input: "data"
input_shape { dim: 1 dim: 2 dim: 4 dim: 4 }
layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1"
  param { lr_mult: 1 decay_mult: 1 }
  convolution_param { num_output: 3 kernel_size: 3 pad: 1 weight_filler { type: "xavier" } bias_filler { type: "constant" } } }
layer { name: "relu1" type: "ReLU" bottom: "conv1" top: "conv1" }
layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1" pooling_param { pool: MAX kernel_size: 2 stride: 2 } }
layer { name: "fc" type: "InnerProduct" bottom: "pool1" top: "fc" inner_product_param { num_output: 4 } }
layer { name: "prob" type: "Softmax" bottom: "fc" top: "prob" }
)";

CaffeFiles ConvNet() {
  CaffeFiles f(kConvNet);
  f.Blobs("conv1", {{{3, 2, 3, 3}, Random(54, 1)}, {{3}, Random(3, 2)}});
  f.Blobs("fc", {{{4, 12}, Random(48, 3)}, {{4}, Random(4, 4)}});
  return f;
}

std::vector<std::string> NodeNames(const om::Model& m) {
  std::vector<std::string> names;
  for (const auto& n : m.graphs.at(0).nodes) names.push_back(n.name);
  return names;
}

TEST(CaffeImport, ConvertsAndNamesOpsAfterTheLayers) {
  auto f = ConvNet();
  om::Model m;
  ConvertResult r;
  Status st = ConvertCaffe(f, &m, &r);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(r.import.producer, "Caffe");
  EXPECT_EQ(r.import.onnx_nodes, 5u);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.outputs[0].dims, (std::vector<int64_t>{1, 4}));
  EXPECT_EQ(m.metadata["framework"], "0");
  const auto names = NodeNames(m);
  for (const char* layer : {"conv1", "pool1", "fc", "prob"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), layer), names.end()) << layer;
  }
  const auto probs = RunCaffe(f, {Random(32, 5)}).values;
  ASSERT_EQ(probs.size(), 4u);
  float sum = 0;
  for (float p : probs) sum += p;
  EXPECT_NEAR(sum, 1.0f, 1e-5f);
}

TEST(CaffeImport, InputDimAndInputLayerAndOldLayersFormGiveTheSameResult) {
  auto base = ConvNet();
  const auto x = Random(32, 6);
  const auto want = RunCaffe(base, {x}).values;

  std::string dims_form = kConvNet;
  dims_form.replace(dims_form.find("input_shape"), std::string("input_shape { dim: 1 dim: 2 dim: 4 dim: 4 }").size(),
                    "input_dim: 1 input_dim: 2 input_dim: 4 input_dim: 4");
  CaffeFiles f1(dims_form);
  f1.weights() = base.weights();
  EXPECT_EQ(RunCaffe(f1, {x}).values, want);

  CaffeFiles f2(R"(layer { name: "in" type: "Input" top: "data" input_param { shape { dim: 1 dim: 2 dim: 4 dim: 4 } } }
layer { name: "conv1" type: "Convolution" bottom: "data" top: "conv1" convolution_param { num_output: 3 kernel_size: 3 pad: 1 } }
layer { name: "relu1" type: "ReLU" bottom: "conv1" top: "conv1" }
layer { name: "pool1" type: "Pooling" bottom: "conv1" top: "pool1" pooling_param { pool: MAX kernel_size: 2 stride: 2 } }
layer { name: "fc" type: "InnerProduct" bottom: "pool1" top: "fc" inner_product_param { num_output: 4 } }
layer { name: "prob" type: "Softmax" bottom: "fc" top: "prob" })");
  f2.weights() = base.weights();
  EXPECT_EQ(RunCaffe(f2, {x}).values, want);

  CaffeFiles f3(R"(name: "v1"
input: "data" input_dim: 1 input_dim: 2 input_dim: 4 input_dim: 4
layers { name: "conv1" type: CONVOLUTION bottom: "data" top: "conv1" blobs_lr: 1 convolution_param { num_output: 3 kernel_size: 3 pad: 1 } }
layers { name: "relu1" type: RELU bottom: "conv1" top: "conv1" }
layers { name: "pool1" type: POOLING bottom: "conv1" top: "pool1" pooling_param { pool: MAX kernel_size: 2 stride: 2 } }
layers { name: "fc" type: INNER_PRODUCT bottom: "pool1" top: "fc" inner_product_param { num_output: 4 } }
layers { name: "prob" type: SOFTMAX bottom: "fc" top: "prob" })");
  // The weights in the old form too.
  for (const auto& l : base.weights().layer()) {
    auto* v1 = f3.weights().add_layers();
    v1->set_name(l.name());
    *v1->mutable_blobs() = l.blobs();
  }
  EXPECT_EQ(RunCaffe(f3, {x}).values, want);
}

TEST(CaffeImport, TrainingOnlyLayersAreSkipped) {
  std::string net = kConvNet;
  net +=
      R"(layer { name: "loss" type: "SoftmaxWithLoss" bottom: "fc" bottom: "label" top: "loss" include { phase: TRAIN } }
layer { name: "acc" type: "Accuracy" bottom: "fc" bottom: "label" top: "acc" exclude { phase: TEST } })";
  CaffeFiles f(net);
  f.weights() = ConvNet().weights();
  om::Model m;
  ASSERT_TRUE(ConvertCaffe(f, &m).ok());
  EXPECT_EQ(m.outputs.size(), 1u);
}

TEST(CaffeImport, OutNodesNameALayerAndTopIndex) {
  auto f = ConvNet();
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"pool1", 0}, {"prob", 0}};
  om::Model m;
  ASSERT_TRUE(ConvertCaffe(f, &m, nullptr, o).ok());
  ASSERT_EQ(m.outputs.size(), 2u);
  EXPECT_EQ(m.outputs[0].dims, (std::vector<int64_t>{1, 3, 2, 2}));
  o.out_nodes = {{"prob", 1}};
  Status st = ConvertCaffe(f, &m, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16001");
  EXPECT_NE(st.message().find("[prob:1]"), std::string::npos) << st.message();
}

TEST(CaffeImport, InputShapeOverridesTheNetworksAndDynamicBatchWorks) {
  auto f = ConvNet();
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"data", {-1, 2, 4, 4}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {4}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model m;
  Status st = ConvertCaffe(f, &m, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  o = TestOptions();
  o.input_shapes = {{"image", {1, 2, 4, 4}}};
  st = ConvertCaffe(f, &m, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16001");
}

TEST(CaffeImport, TheFoldedBatchNormKeepsBothLayerNamesForTheDump) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 2 dim: 3 dim: 3 }
layer { name: "conv" type: "Convolution" bottom: "data" top: "conv" convolution_param { num_output: 2 kernel_size: 1 bias_term: false } }
layer { name: "bn" type: "BatchNorm" bottom: "conv" top: "conv" }
layer { name: "scale" type: "Scale" bottom: "conv" top: "conv" scale_param { bias_term: true } })");
  f.Blobs("conv", {{{2, 2, 1, 1}, {1, 0, 0, 1}}});
  f.Blobs("bn", {{{2}, {0, 1}}, {{2}, {1, 1}}, {{1}, {1}}}).Blobs("scale", {{{2}, {2, 3}}, {{2}, {0, 1}}});
  om::Model m;
  ConvertResult r;
  ASSERT_TRUE(ConvertCaffe(f, &m, &r).ok());
  EXPECT_EQ(r.folded_batchnorms, 1u);
  ASSERT_EQ(r.graph_nodes, 1u);
  bool found = false;
  for (const auto& n : m.graphs.at(0).nodes) {
    const auto* v = n.attrs.Find(ir::kOriginalOpNamesAttr);
    if (v == nullptr) continue;
    found = true;
    EXPECT_EQ(std::get<std::vector<std::string>>(*v), (std::vector<std::string>{"conv", "bn", "scale"}));
  }
  EXPECT_TRUE(found);
}

// --out_nodes asking for the BatchNorm's own output: the Scale after it is not folded in, since
// the user reads the normalised values too.
TEST(CaffeImport, ABatchNormNamedByOutNodesKeepsItsOwnOutput) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 2 dim: 1 dim: 2 }
layer { name: "bn" type: "BatchNorm" bottom: "data" top: "b" }
layer { name: "scale" type: "Scale" bottom: "b" top: "s" scale_param { bias_term: true } })");
  f.Blobs("bn", {{{2}, {1, 2}}, {{2}, {4, 16}}, {{1}, {1}}}).Blobs("scale", {{{2}, {2, 3}}, {{2}, {10, 20}}});
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"bn", 0}, {"scale", 0}};
  const std::vector<float> x = {3, 5, 6, 10};  // channel 0: 3, 5; channel 1: 6, 10
  const auto bn = RunCaffe(f, {x}, 0, o).values;
  const auto scaled = RunCaffe(f, {x}, 1, o).values;
  const std::vector<float> normalised = {1, 2, 1, 2};  // (x - mean) / sqrt(var + 1e-5)
  ASSERT_EQ(bn.size(), 4u);
  ASSERT_EQ(scaled.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_NEAR(bn[i], normalised[i], 1e-4f) << i;
    EXPECT_NEAR(scaled[i], normalised[i] * (i < 2 ? 2 : 3) + (i < 2 ? 10 : 20), 1e-3f) << i;
  }
}

// Under --dynamic_batch_size every gear keeps its own batch through Upsample, Interp and an
// InnerProduct over the last axes (their sizes and the closing reshape do not fix it).
TEST(CaffeImport, ResizesAndAnInnerProductOverTheLastAxesKeepEachGearsBatch) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 2 dim: 3 dim: 4 }
layer { name: "up" type: "Upsample" bottom: "data" top: "up" upsample_param { scale: 2 } }
layer { name: "interp" type: "Interp" bottom: "up" top: "interp" interp_param { height: 5 width: 7 } }
layer { name: "ip" type: "InnerProduct" bottom: "interp" top: "ip" inner_product_param { num_output: 3 axis: 2 } })");
  f.Blobs("ip", {{{3, 35}, Random(105, 1)}, {{3}, Random(3, 2)}});
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"data", {-1, 2, 3, 4}}};
  o.dynamic = om::DynamicKind::kBatch;
  o.gears = {{1}, {3}};
  o.dynamic_option = "--dynamic_batch_size";
  om::Model m;
  const Status st = ConvertCaffe(f, &m, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(m.graphs.size(), 2u);
  const int64_t batch[2] = {1, 3};
  for (size_t gear = 0; gear < 2; ++gear) {
    size_t checked = 0;
    for (const om::Node& n : m.graphs[gear].nodes) {
      if (n.type != "Resize" && n.type != "Reshape") continue;
      const om::Tensor& out = m.graphs[gear].tensors[static_cast<size_t>(n.outputs[0])];
      ASSERT_FALSE(out.desc.dims.empty());
      EXPECT_EQ(out.desc.dims[0], batch[gear]) << "gear " << gear << ": " << n.name;
      ++checked;
    }
    EXPECT_EQ(checked, 3u) << "gear " << gear;
  }
  EXPECT_EQ(m.outputs.at(0).dims, (std::vector<int64_t>{-1, 2, 3}));
}

TEST(CaffeImport, ASyntaxErrorNamesTheFileLineAndColumn) {
  CaffeFiles f(
      "input: \"data\"\ninput_shape { dim: 1 }\nlayer { name: \"a\" type: \"ReLU\" bottom: \"data\" top \"a\" }\n");
  om::Model m;
  Status st = ConvertCaffe(f, &m);
  EXPECT_EQ(CodeOf(st), "E19005");
  EXPECT_NE(st.message().find("net.prototxt:3:"), std::string::npos) << st.message();
}

TEST(CaffeImport, AnUnknownLayerTypeIsNamedWithTheSupportedList) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 3 }
layer { name: "mystery" type: "PriorBox" bottom: "data" top: "p" })");
  om::Model m;
  Status st = ConvertCaffe(f, &m);
  EXPECT_EQ(CodeOf(st), "E19010");
  EXPECT_NE(st.message().find("[mystery, optype PriorBox]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("Convolution"), std::string::npos);
  EXPECT_NE(st.message().find("docs/atc.md"), std::string::npos);
}

TEST(CaffeImport, WeightsThatDoNotMatchNameTheLayerAndBothShapes) {
  CaffeFiles f(kConvNet);
  f.Blobs("conv1", {{{3, 2, 5, 5}, Random(150, 1)}, {{3}, Random(3, 2)}});
  f.Blobs("fc", {{{4, 12}, Random(48, 3)}, {{4}, Random(4, 4)}});
  om::Model m;
  Status st = ConvertCaffe(f, &m);
  EXPECT_EQ(CodeOf(st), "E19011");
  EXPECT_NE(st.message().find("Layer [conv1]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("[3,2,5,5]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("[3,2,3,3]"), std::string::npos) << st.message();

  CaffeFiles g(kConvNet);
  g.Blobs("fc", {{{4, 12}, Random(48, 3)}, {{4}, Random(4, 4)}});
  st = ConvertCaffe(g, &m);
  EXPECT_EQ(CodeOf(st), "E19011");
  EXPECT_NE(st.message().find("is missing"), std::string::npos) << st.message();
}

TEST(CaffeImport, AWeightFileThatIsNotACaffemodel) {
  auto f = ConvNet();
  f.Save();
  std::ofstream(f.weight_path(), std::ios::binary | std::ios::trunc) << "name: \"this is text\"\n";
  om::Model m;
  ConvertResult r;
  Status st = ConvertModel(CaffeOptions(f), &m, &r);
  EXPECT_EQ(CodeOf(st), "E19005");
  EXPECT_NE(st.message().find("--weight"), std::string::npos) << st.message();
}

TEST(CaffeImport, ABottomNothingProducesAndWrongBottomCounts) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 3 }
layer { name: "r" type: "ReLU" bottom: "nothing" top: "r" })");
  om::Model m;
  Status st = ConvertCaffe(f, &m);
  EXPECT_EQ(CodeOf(st), "E19011");
  EXPECT_NE(st.message().find("[nothing]"), std::string::npos) << st.message();
  CaffeFiles g(R"(input: "data" input_shape { dim: 1 dim: 3 }
layer { name: "r" type: "ReLU" bottom: "data" bottom: "data" top: "r" })");
  st = ConvertCaffe(g, &m);
  EXPECT_EQ(CodeOf(st), "E19011");
  EXPECT_NE(st.message().find("takes 1 bottom"), std::string::npos) << st.message();
}

TEST(CaffeImport, TrainingModeBatchNormAndStochasticPoolingAreRefused) {
  CaffeFiles f(R"(input: "data" input_shape { dim: 1 dim: 1 dim: 2 dim: 2 }
layer { name: "bn" type: "BatchNorm" bottom: "data" top: "bn" batch_norm_param { use_global_stats: false } })");
  f.Blobs("bn", {{{1}, {0}}, {{1}, {1}}, {{1}, {1}}});
  om::Model m;
  EXPECT_EQ(CodeOf(ConvertCaffe(f, &m)), "E16007");
  CaffeFiles g(R"(input: "data" input_shape { dim: 1 dim: 1 dim: 2 dim: 2 }
layer { name: "p" type: "Pooling" bottom: "data" top: "p" pooling_param { pool: STOCHASTIC kernel_size: 2 } })");
  EXPECT_EQ(CodeOf(ConvertCaffe(g, &m)), "E16007");
}

TEST(CaffeImport, NoInputShapeAsksForInputShape) {
  CaffeFiles f(R"(input: "data"
layer { name: "r" type: "ReLU" bottom: "data" top: "r" })");
  om::Model m;
  Status st = ConvertCaffe(f, &m);
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("--input_shape"), std::string::npos) << st.message();
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"data", {2, 3}}};
  EXPECT_TRUE(ConvertCaffe(f, &m, nullptr, o).ok());
}

}  // namespace
}  // namespace asim::atc::testing
