// The graph-level TensorFlow import (tools/atc/tensorflow/tf_importer.cpp, tf_loader.cpp):
// inputs, outputs, pruning, names, layout at the model's edges, and the error codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "tests/unit/atc_tensorflow/tf_test_util.h"
#include "tools/atc/tensorflow/tf_importer.h"
#include "tools/atc/tensorflow/tf_loader.h"

namespace asim::atc::testing {
namespace {

using asim::tf::DT_FLOAT;
using asim::tf::DT_INT32;

// input [1, 4, 4, 2] -> conv (3x3 SAME, 3 filters) -> relu; plus a training-only branch that
// nobody reads into the outputs' inputs and that holds an op atc does not translate.
TfGraph SmallNet() {
  TfGraph g;
  g.Placeholder("input", {1, 4, 4, 2});
  g.Const("w", {3, 3, 2, 3}, Rand(54, 1));
  g.Op("Identity", "w/read", {"w"});
  g.Op("Conv2D", "conv", {"input", "w/read"}, {{"strides", AttrInts({1, 1, 1, 1})}, {"padding", AttrS("SAME")}});
  g.Op("Relu", "relu", {"conv"});
  return g;
}

std::vector<std::string> NodeNames(const om::Model& m) {
  std::vector<std::string> names;
  for (const auto& n : m.graphs.at(0).nodes) names.push_back(n.name);
  return names;
}

TEST(TfImport, ConvertsWithNhwcInputAndOutputAndNodeNames) {
  auto g = SmallNet();
  om::Model m;
  ConvertResult r;
  Status st = ConvertTf(g, &m, &r);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(r.import.producer, "TensorFlow");
  EXPECT_EQ(m.metadata.at("framework"), "3");
  ASSERT_EQ(m.inputs.size(), 1u);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.inputs[0].name, "input");
  EXPECT_EQ(m.inputs[0].format, Format::kNhwc);
  EXPECT_EQ(m.inputs[0].dims, (std::vector<int64_t>{1, 4, 4, 2}));
  EXPECT_EQ(m.outputs[0].name, "relu:0");
  const auto names = NodeNames(m);
  EXPECT_NE(std::find(names.begin(), names.end(), "conv"), names.end());
  // The model's edges stay NHWC: input [1, 4, 4, 2], output [1, 4, 4, 3].
  const auto x = Rand(32, 2);
  const auto out = RunTf(g, {x});
  EXPECT_EQ(out.dims, (std::vector<int64_t>{1, 4, 4, 3}));
}

TEST(TfImport, UnreadTrainingNodesAreNotTranslated) {
  auto g = SmallNet();
  g.Op("SaveV2", "save/SaveV2", {"w"});
  g.Op("SomeTrainingOp", "train/step", {"relu"});  // unknown op, but --out_nodes excludes it
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"relu", 0}};
  om::Model m;
  Status st = ConvertTf(g, &m, nullptr, o);
  EXPECT_TRUE(st.ok()) << st.message();
}

TEST(TfImport, AnUnknownOpNamesTheNodeTheOpAndTheSupportedList) {
  auto g = SmallNet();
  g.Op("FancyOp", "head/fancy", {"relu"});
  om::Model m;
  Status st = ConvertTf(g, &m);
  EXPECT_EQ(CodeOf(st), "E19010");
  EXPECT_NE(st.message().find("[head/fancy, optype FancyOp]"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("Conv2D"), std::string::npos);
  EXPECT_NE(st.message().find("docs/atc.md"), std::string::npos);
}

TEST(TfImport, AGraphWithVariablesIsRefusedAsNotFrozen) {
  TfGraph g;
  g.Placeholder("x", {1, 2});
  g.Op("VariableV2", "w", {}, {{"dtype", AttrType(DT_FLOAT)}});
  g.Op("Identity", "w/read", {"w"});
  g.Op("MatMul", "mm", {"x", "w/read"});
  om::Model m;
  Status st = ConvertTf(g, &m);
  EXPECT_EQ(CodeOf(st), "E19010");
  EXPECT_NE(st.message().find("not frozen"), std::string::npos) << st.message();
}

TEST(TfImport, NotAGraphDefIsE19005) {
  const auto dir = std::filesystem::temp_directory_path() / ("asim_tf_bad_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  RemoveAtExit(dir);
  const std::string path = (dir / "model.pb").string();
  std::ofstream(path) << "this is not a protobuf \xff\xff\xff";
  om::Model m;
  ConvertResult r;
  Status st = ConvertModel(TfOptions(path), &m, &r);
  EXPECT_EQ(CodeOf(st), "E19005");
  EXPECT_NE(st.message().find(path), std::string::npos) << st.message();
  // An empty file parses as an empty GraphDef: no nodes.
  std::ofstream(path, std::ios::trunc).close();
  st = ConvertModel(TfOptions(path), &m, &r);
  EXPECT_EQ(CodeOf(st), "E19005");
  EXPECT_NE(st.message().find("holds no nodes"), std::string::npos) << st.message();
}

TEST(TfImport, BrokenEdgesAndCyclesNameTheNode) {
  {
    auto g = SmallNet();
    g.Op("Relu", "dangling", {"nowhere:0"});
    tf_import::TfGraph tf;
    Status st = tf_import::ParseTfGraph(g.Bytes(), "g.pb", &tf);
    EXPECT_EQ(CodeOf(st), "E19011");
    EXPECT_NE(st.message().find("Node [dangling]"), std::string::npos) << st.message();
  }
  {
    TfGraph g;
    g.Placeholder("x", {1});
    g.Op("AddV2", "a", {"x", "b"});
    g.Op("Relu", "b", {"a"});
    tf_import::TfGraph tf;
    Status st = tf_import::ParseTfGraph(g.Bytes(), "g.pb", &tf);
    EXPECT_EQ(CodeOf(st), "E19011");
    EXPECT_NE(st.message().find("cycle"), std::string::npos) << st.message();
  }
  {
    auto g = SmallNet();
    g.Op("Relu", "bad_index", {"relu:3"});
    om::Model m;
    Status st = ConvertTf(g, &m);
    EXPECT_EQ(CodeOf(st), "E19011");
    EXPECT_NE(st.message().find("reads output 3 of node [relu]"), std::string::npos) << st.message();
  }
}

TEST(TfImport, InputShapesFromThePlaceholderOrInputShape) {
  TfGraph g;
  g.Placeholder("x", {}, /*rank_known=*/false);
  g.Op("Relu", "y", {"x"});
  om::Model m;
  Status st = ConvertTf(g, &m);
  EXPECT_EQ(CodeOf(st), "E10001");
  EXPECT_NE(st.message().find("--input_shape"), std::string::npos) << st.message();
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"x", {2, 3}}};
  const auto r = RunTf(g, {{-1, 2, -3, 4, -5, 6}}, 0, o);
  EXPECT_EQ(r.values, (std::vector<float>{0, 2, 0, 4, 0, 6}));
  o.input_shapes = {{"nope", {2, 3}}};
  st = ConvertTf(g, &m, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16001");

  TfGraph d;
  d.Placeholder("x", {-1, 3});
  d.Op("Relu", "y", {"x"});
  st = ConvertTf(d, &m);
  EXPECT_EQ(CodeOf(st), "E10001") << st.message();
}

TEST(TfImport, OutNodesByNameAndIndex) {
  auto g = SmallNet();
  ConvertOptions o = TestOptions();
  o.out_nodes = {{"relu", 0}, {"conv", 0}};
  om::Model m;
  ConvertResult r;
  ASSERT_TRUE(ConvertTf(g, &m, &r, o).ok());
  EXPECT_EQ(m.outputs.size(), 2u);
  ASSERT_EQ(r.import.output_origins.size(), 2u);
  EXPECT_EQ(r.import.output_origins[1], (std::pair<std::string, int>{"conv", 0}));
  o.out_nodes = {{"relu", 1}};
  Status st = ConvertTf(g, &m, nullptr, o);
  EXPECT_EQ(CodeOf(st), "E16001");
  EXPECT_NE(st.message().find("[relu:1]"), std::string::npos) << st.message();
  o.out_nodes = {{"missing", 0}};
  EXPECT_EQ(CodeOf(ConvertTf(g, &m, nullptr, o)), "E16001");
}

TEST(TfImport, PlaceholderWithDefaultIsItsDefaultUnlessFed) {
  TfGraph g;
  g.Placeholder("x", {2});
  g.Const("def", {2}, {1.0f, 1.0f});
  g.Op("PlaceholderWithDefault", "scale", {"def"}, {{"dtype", AttrType(DT_FLOAT)}, {"shape", AttrInts({})}});
  g.Op("Mul", "y", {"x", "scale"});
  auto r = RunTf(g, {{3, 4}});
  EXPECT_EQ(r.values, (std::vector<float>{3, 4}));
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"scale", {2}}};
  r = RunTf(g, {{3, 4}, {2, 0.5f}}, 0, o);
  EXPECT_EQ(r.values, (std::vector<float>{6, 2}));
}

TEST(TfImport, NonConstantShapeInputsAreRefusedWithAHint) {
  TfGraph g;
  g.Placeholder("x", {2, 2});
  g.Placeholder("k", {1}, true, DT_INT32);
  g.Op("TopKV2", "top", {"x", "k"});
  om::Model m;
  Status st = ConvertTf(g, &m);
  EXPECT_EQ(CodeOf(st), "E16007");
  EXPECT_NE(st.message().find("Node [top] (op [TopKV2])"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("constant"), std::string::npos) << st.message();
}

TEST(TfImport, DynamicDimsAsInThePublicSample) {
  // --input_shape="input:-1,-1,-1,2" --dynamic_dims="1,4,4;2,6,6": a fully convolutional net.
  auto g = SmallNet();
  ConvertOptions o = TestOptions();
  o.input_shapes = {{"input", {-1, -1, -1, 2}}};
  o.dynamic = om::DynamicKind::kDims;
  o.dynamic_option = "--dynamic_dims";
  o.input_format = Format::kNd;  // as --dynamic_dims requires
  o.gears = {{1, 4, 4}, {2, 6, 6}};
  om::Model m;
  Status st = ConvertTf(g, &m, nullptr, o);
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(m.graphs.size(), 2u);
}

TEST(TfImport, LoaderParsesInputNames) {
  tf_import::TfInput in;
  ASSERT_TRUE(tf_import::ParseTfInput("scope/node:2", &in));
  EXPECT_EQ(in.node, "scope/node");
  EXPECT_EQ(in.index, 2);
  ASSERT_TRUE(tf_import::ParseTfInput("^dep", &in));
  EXPECT_TRUE(in.control);
  EXPECT_EQ(in.node, "dep");
  ASSERT_TRUE(tf_import::ParseTfInput("plain", &in));
  EXPECT_EQ(in.index, 0);
  EXPECT_FALSE(tf_import::ParseTfInput("x:", &in));
  EXPECT_FALSE(tf_import::ParseTfInput("x:-1", &in));
  EXPECT_FALSE(tf_import::ParseTfInput("", &in));
}

TEST(TfImport, SupportedOpsCoverTheIssueList) {
  const auto ops = tf_import::SupportedOps();
  for (const char* op : {"Placeholder",
                         "PlaceholderWithDefault",
                         "Const",
                         "Identity",
                         "Conv2D",
                         "DepthwiseConv2dNative",
                         "Conv2DBackpropInput",
                         "BiasAdd",
                         "FusedBatchNorm",
                         "FusedBatchNormV2",
                         "FusedBatchNormV3",
                         "Relu",
                         "Relu6",
                         "Elu",
                         "Selu",
                         "Sigmoid",
                         "Tanh",
                         "Softmax",
                         "LogSoftmax",
                         "MaxPool",
                         "AvgPool",
                         "Mean",
                         "Sum",
                         "Max",
                         "Min",
                         "Prod",
                         "MatMul",
                         "BatchMatMul",
                         "BatchMatMulV2",
                         "Add",
                         "AddV2",
                         "Sub",
                         "Mul",
                         "RealDiv",
                         "Maximum",
                         "Minimum",
                         "Rsqrt",
                         "Sqrt",
                         "Square",
                         "Exp",
                         "Log",
                         "Pad",
                         "PadV2",
                         "MirrorPad",
                         "ConcatV2",
                         "Pack",
                         "Unpack",
                         "Reshape",
                         "Squeeze",
                         "ExpandDims",
                         "Transpose",
                         "Shape",
                         "StridedSlice",
                         "Slice",
                         "Gather",
                         "GatherV2",
                         "Cast",
                         "Fill",
                         "Tile",
                         "ResizeBilinear",
                         "ResizeNearestNeighbor",
                         "ArgMax",
                         "TopKV2"}) {
    EXPECT_NE(std::find(ops.begin(), ops.end(), op), ops.end()) << op;
  }
}

}  // namespace
}  // namespace asim::atc::testing
